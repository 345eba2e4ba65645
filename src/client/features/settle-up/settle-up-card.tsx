import { ArrowRightIcon, CheckCircle2Icon, HandshakeIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MemberAvatar } from "#client/components/layout/member-avatar.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { HouseholdMemberRow } from "#client/features/households/households.queries.ts";
import { useSettleUp } from "#client/features/income-spending/money.queries.ts";
import { useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { cn } from "#client/lib/cn.ts";
import { preloadSettlementDialog, SettlementDialog } from "./settlement-dialog.tsx";

type Payment = { fromMemberId: string; toMemberId: string; amountCents: number };

/**
 * Who owes whom: each member's balance from splits and who paid, the fewest payments that
 * settle everyone, and "Record settlement", which opens the settlement's dialog: what is owed,
 * or less, on a day (undo from the toast).
 */
export function SettleUpCard({ people }: { people: readonly HouseholdMemberRow[] }) {
  const { t } = useTranslation("money");
  const format = useMoneyFormat();
  const settleUp = useSettleUp();
  const [confirming, setConfirming] = useState<Payment | null>(null);

  const index = new Map(people.map((person, position) => [person.id, position]));
  const nameOf = (id: string) =>
    people.find((person) => person.id === id)?.name ?? t("settle.formerMember");
  const person = (id: string) => people.find((candidate) => candidate.id === id);

  const balances = (settleUp.data?.balances ?? []).filter(
    (balance) => balance.balanceCents !== 0 || index.has(balance.memberId),
  );
  const payments = settleUp.data?.payments ?? [];
  const settled = payments.length === 0;

  return (
    <Card data-testid="settle-up">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <HandshakeIcon className="size-4 text-primary" aria-hidden="true" />
          {t("settle.title")}
        </CardTitle>
        <CardDescription>{t("settle.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {settleUp.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2" aria-hidden="true">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : settleUp.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {t("loadFailed")}
          </p>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label={t("settle.balances")}>
              {balances.map((balance) => {
                const member = person(balance.memberId);
                const owed = balance.balanceCents > 0;
                const owes = balance.balanceCents < 0;
                return (
                  <li
                    key={balance.memberId}
                    className="flex items-center gap-3 rounded-lg border bg-background/60 px-3 py-2"
                    data-testid="settle-balance"
                  >
                    <MemberAvatar
                      name={nameOf(balance.memberId)}
                      index={index.get(balance.memberId) ?? 0}
                      avatarUrl={member?.avatarUrl}
                    />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium">{nameOf(balance.memberId)}</p>
                      <p
                        className={cn(
                          "text-xs",
                          owed && "text-emerald-700 dark:text-emerald-400",
                          owes && "text-red-700 dark:text-red-400",
                          !owed && !owes && "text-muted-foreground",
                        )}
                      >
                        {owed
                          ? t("settle.isOwed", { amount: format.money(balance.balanceCents) })
                          : owes
                            ? t("settle.owes", { amount: format.money(-balance.balanceCents) })
                            : t("settle.even")}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>

            {settled ? (
              <p
                className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm font-medium text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300"
                data-testid="settled"
              >
                <CheckCircle2Icon className="size-4" aria-hidden="true" />
                {t("settle.allSettled")}
              </p>
            ) : (
              <ul className="grid gap-2" aria-label={t("settle.proposed")}>
                {payments.map((payment) => (
                  <li
                    key={`${payment.fromMemberId}-${payment.toMemberId}`}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/60 px-3 py-2.5"
                    data-testid="settle-payment"
                  >
                    <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                      <span className="font-medium">{nameOf(payment.fromMemberId)}</span>
                      <ArrowRightIcon
                        className="size-4 shrink-0 text-muted-foreground"
                        aria-hidden="true"
                      />
                      <span className="font-medium">{nameOf(payment.toMemberId)}</span>
                      <span className="sr-only">
                        {t("settle.pays", {
                          from: nameOf(payment.fromMemberId),
                          to: nameOf(payment.toMemberId),
                          amount: format.money(payment.amountCents),
                        })}
                      </span>
                      <span className="font-semibold tabular-nums" aria-hidden="true">
                        {format.money(payment.amountCents)}
                      </span>
                    </p>
                    <Button
                      size="sm"
                      variant="outline"
                      className="w-full sm:w-auto"
                      onPointerEnter={preloadSettlementDialog}
                      onFocus={preloadSettlementDialog}
                      onClick={() => setConfirming(payment)}
                    >
                      {t("settle.record")}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>

      {confirming ? (
        <SettlementDialog
          target={{
            mode: "record",
            fromMemberId: confirming.fromMemberId,
            toMemberId: confirming.toMemberId,
            owedCents: confirming.amountCents,
          }}
          nameOf={nameOf}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </Card>
  );
}
