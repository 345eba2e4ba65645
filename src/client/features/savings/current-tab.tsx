import {
  ArrowDownLeftIcon,
  ArrowUpRightIcon,
  ChevronRightIcon,
  LandmarkIcon,
  PlusIcon,
  SparklesIcon,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "#client/components/empty-state.tsx";
import { FigureCard } from "#client/components/figure-card.tsx";
import { PerMemberCard } from "#client/components/per-member-card.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { seriesFill } from "#client/features/dashboard/month-chart.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { cn } from "#client/lib/cn.ts";
import type { AccountList, AccountSummary } from "#shared/schemas/savings.schema.ts";
import { AccountDialog } from "./account-dialog.tsx";
import { usePeople } from "./use-people.ts";
import { HistoryCard } from "./history-chart.tsx";
import { MovementDialog, type MovementInputKind } from "./movement-dialog.tsx";
import { ownerLabel, useSavingsFormat, type NameOf } from "./savings-format.ts";
import { useSavingsAccounts, useSavingsHistory } from "./savings.queries.ts";
import { StatementCheck, useBookDifference } from "./statement-dialog.tsx";

/** The path of an account's own page. */
export const accountPath = (id: string) => `/dashboard/saving/accounts/${id}`;

/**
 * The Current tab: what the scope has saved and earned this year, every account with its
 * balance, rate and statement check, and the month-end balances of the last two years.
 */
export function CurrentTab({ account, memberId }: { account: Account; memberId: string | null }) {
  const { t } = useTranslation("savings");
  const accounts = useSavingsAccounts(memberId);
  const { nameOf } = usePeople(account);
  const [creating, setCreating] = useState(false);
  const [moving, setMoving] = useState<{ target: AccountSummary; kind: MovementInputKind } | null>(
    null,
  );
  const list = accounts.data?.accounts ?? [];
  const order = new Map(list.map((item, index) => [item.id, index]));
  const fillOf = (id: string) => seriesFill(order.get(id) ?? 0);

  return (
    <div className="grid grid-cols-1 gap-6">
      <Totals
        list={accounts.data}
        loading={accounts.isPending}
        memberId={memberId}
        nameOf={nameOf}
      />

      <Card className="gap-4" data-testid="savings-accounts">
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 max-sm:px-4">
          <div className="space-y-1">
            <CardTitle className="text-base">{t("accounts.title")}</CardTitle>
            <CardDescription>{t("accounts.description")}</CardDescription>
          </div>
          <Button size="sm" onClick={() => setCreating(true)} data-testid="new-account">
            <PlusIcon aria-hidden="true" />
            {t("accounts.new")}
          </Button>
        </CardHeader>
        <CardContent className="max-sm:px-4">
          {accounts.isPending ? (
            <div className="grid gap-3" aria-busy="true">
              {[0, 1].map((index) => (
                <Skeleton key={index} className="h-32 w-full" />
              ))}
            </div>
          ) : accounts.isError ? (
            <p className="text-sm text-destructive" role="alert">
              {t("loadFailed")} {errorText(t, accounts.error)}
            </p>
          ) : list.length === 0 ? (
            <EmptyState
              icon={LandmarkIcon}
              title={t("accounts.emptyTitle")}
              body={t("accounts.emptyBody")}
              testId="savings-empty"
              action={
                <Button size="sm" onClick={() => setCreating(true)}>
                  <PlusIcon aria-hidden="true" />
                  {t("accounts.addFirst")}
                </Button>
              }
            />
          ) : (
            <ul className="grid grid-cols-1 gap-3" aria-label={t("accounts.listLabel")}>
              {list.map((item) => (
                <AccountRow
                  key={item.id}
                  item={item}
                  fill={fillOf(item.id)}
                  memberId={memberId}
                  nameOf={nameOf}
                  onMove={(kind) => setMoving({ target: item, kind })}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {list.length > 0 ? <History memberId={memberId} fillOf={fillOf} /> : null}

      {creating ? (
        <AccountDialog
          account={account}
          editing={null}
          scopeMemberId={memberId}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {moving ? (
        <MovementDialog
          key={`${moving.target.id}-${moving.kind}`}
          account={account}
          target={moving.target}
          initialKind={moving.kind}
          onClose={() => setMoving(null)}
        />
      ) : null}
    </div>
  );
}

function History({
  memberId,
  fillOf,
}: {
  memberId: string | null;
  fillOf: (id: string) => string;
}) {
  const { t } = useTranslation("savings");
  const history = useSavingsHistory(memberId);
  if (history.isPending) return <Skeleton className="h-80 w-full" />;
  if (history.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        {t("history.failed")} {errorText(t, history.error)}
      </p>
    );
  return <HistoryCard history={history.data} fillOf={fillOf} />;
}

function Totals({
  list,
  loading,
  memberId,
  nameOf,
}: {
  list: AccountList | undefined;
  loading: boolean;
  memberId: string | null;
  nameOf: NameOf;
}) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const open = list?.accounts.filter((item) => !item.closed).length ?? 0;
  const perMember = list?.perMember ?? [];
  return (
    <section
      aria-label={t("totals.label")}
      className={cn("grid grid-cols-1 gap-4 sm:grid-cols-2", memberId === null && "lg:grid-cols-3")}
    >
      <FigureCard
        label={memberId ? t("totals.savedMember") : t("totals.saved")}
        value={format.money(list?.totalCents ?? 0)}
        hint={t("totals.accounts", { count: open })}
        loading={loading}
        testId="savings-total"
        icon={<LandmarkIcon className="size-4 text-primary" aria-hidden="true" />}
      />
      <FigureCard
        label={t("totals.interest")}
        value={format.money(list?.interestThisYearCents ?? 0)}
        hint={t("totals.interestHint")}
        loading={loading}
        testId="savings-interest"
        icon={<SparklesIcon className="size-4 text-primary" aria-hidden="true" />}
      />
      {memberId === null ? (
        <PerMemberCard
          title={t("totals.perMember")}
          rows={perMember.map((row) => ({
            key: row.memberId,
            name: nameOf(row.memberId),
            value: format.money(row.balanceCents),
          }))}
          household={{
            label: t("totals.householdOwned"),
            value: format.money(list?.householdOwnedCents ?? 0),
          }}
          loading={loading}
          testId="savings-per-member"
          className="sm:col-span-2 lg:col-span-1"
        />
      ) : null}
    </section>
  );
}

function AccountRow({
  item,
  fill,
  memberId,
  nameOf,
  onMove,
}: {
  item: AccountSummary;
  fill: string;
  memberId: string | null;
  nameOf: NameOf;
  onMove: (kind: MovementInputKind) => void;
}) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const { book, pendingId } = useBookDifference();
  const statement = item.lastStatement;
  const partial = memberId !== null && item.owner.kind === "shared";
  const details = [
    item.institution,
    t(`kinds.${item.kind}`),
    ownerLabel(item.owner, nameOf, t, format.language),
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <li
      className={cn("grid gap-3 rounded-lg border p-3 sm:p-4", item.closed && "bg-muted/40")}
      data-testid="savings-account"
      data-account-id={item.id}
    >
      <div className="grid gap-1">
        <div className="flex items-start justify-between gap-3">
          <h3 className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
            <span
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: fill }}
              aria-hidden="true"
            />
            <Link
              to={accountPath(item.id)}
              className="min-w-0 rounded-sm break-words hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              {item.name}
            </Link>
            {item.closed ? <Badge variant="muted">{t("accounts.closed")}</Badge> : null}
          </h3>
          <p
            className="shrink-0 text-lg font-semibold tracking-tight tabular-nums sm:text-xl"
            data-testid="account-balance"
          >
            {format.money(item.scopeBalanceCents)}
          </p>
        </div>
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <div className="min-w-0 space-y-1">
            <p>{details}</p>
            <p>
              {t("accounts.rateAndInterest", {
                rate: format.rate(item.rateBp),
                interest: format.money(item.interestThisYearCents),
              })}
            </p>
          </div>
          {partial ? (
            <p className="text-xs sm:text-right" data-testid="account-share">
              {t("accounts.yourShare", {
                share: format.money(item.scopeBalanceCents),
                whole: format.money(item.balanceCents),
              })}
            </p>
          ) : null}
        </div>
      </div>

      {statement && statement.differenceCents !== 0 ? (
        <StatementCheck
          statement={statement}
          booking={pendingId === statement.id}
          onBook={() => book(statement)}
        />
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        {item.closed ? null : (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => onMove("deposit")}
              aria-label={t("accounts.depositTo", { name: item.name })}
            >
              <ArrowDownLeftIcon aria-hidden="true" />
              {t("accounts.deposit")}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => onMove("withdrawal")}
              aria-label={t("accounts.withdrawFrom", { name: item.name })}
            >
              <ArrowUpRightIcon aria-hidden="true" />
              {t("accounts.withdraw")}
            </Button>
          </>
        )}
        {/* On phones only the arrow, so the three buttons keep to one line. */}
        <Button asChild size="sm" variant="ghost" className="ml-auto max-sm:px-2">
          <Link to={accountPath(item.id)} aria-label={t("accounts.openNamed", { name: item.name })}>
            <span className="max-sm:sr-only">{t("accounts.open")}</span>
            <ChevronRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </li>
  );
}
