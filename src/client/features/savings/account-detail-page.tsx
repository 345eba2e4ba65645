import { FileCheck2Icon, PencilIcon, PercentIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "#client/lib/toast.ts";
import { ConfirmDelete } from "#client/components/confirm-delete.tsx";
import {
  BackLink as AreaBackLink,
  DashboardPage,
  DetailPageLoading,
  DetailPageMissing,
  PageHeader,
} from "#client/components/layout/dashboard-page.tsx";
import { pageIcons } from "#client/components/layout/nav-items.ts";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { useScope } from "#client/features/households/scope-picker.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { ApiError } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import type { AccountDetail, movementSchema, rateSchema } from "#shared/schemas/savings.schema.ts";
import type { z } from "zod";
import { AccountDialog } from "./account-dialog.tsx";
import { usePeople } from "./use-people.ts";
import { MovementDialog } from "./movement-dialog.tsx";
import { RateDialog } from "./rate-dialog.tsx";
import { ownerLabel, useSavingsFormat, type NameOf } from "./savings-format.ts";
import {
  useAddMovement,
  useAddRate,
  useDeleteAccount,
  useDeleteMovement,
  useDeleteRate,
  useDeleteStatement,
  useSavingsAccount,
} from "./savings.queries.ts";
import { StatementCheck, StatementDialog, useBookDifference } from "./statement-dialog.tsx";

type Movement = z.infer<typeof movementSchema>;
type Rate = z.infer<typeof rateSchema>;

const savingsPath = "/dashboard/saving";

/**
 * One savings account's own page (/dashboard/saving/accounts/:id): its figures, movements
 * newest first with the balance after each, its rates and statements, and the ways to change
 * them.
 */
export function AccountDetailPage({ account, accountId }: { account: Account; accountId: string }) {
  const { t } = useTranslation("savings");
  const { member } = useScope(account);
  const detail = useSavingsAccount(accountId, member?.id ?? null);

  if (detail.isPending) return <DetailPageLoading back={<BackLink />} />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.code === "NOT_FOUND";
    return (
      <DetailPageMissing
        back={<BackLink />}
        title={missing ? t("detail.notFound") : t("loadFailed")}
        detail={missing ? null : errorText(t, detail.error)}
      />
    );
  }
  return (
    <AccountDetailView
      account={account}
      detail={detail.data}
      partial={member !== null && detail.data.owner.kind === "shared"}
    />
  );
}

function BackLink() {
  const { t } = useTranslation("savings");
  return <AreaBackLink to={savingsPath}>{t("detail.back")}</AreaBackLink>;
}

type Dialog = "movement" | "rate" | "statement" | "edit" | null;

function AccountDetailView({
  account,
  detail,
  partial,
}: {
  account: Account;
  detail: AccountDetail;
  partial: boolean;
}) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const navigate = useNavigate();
  const { nameOf, isJoint } = usePeople(account);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const removeAccount = useDeleteAccount();
  const { book, pendingId } = useBookDifference();
  const statement = detail.lastStatement;

  const details = [
    detail.institution,
    t(`kinds.${detail.kind}`),
    ownerLabel(detail.owner, nameOf, t, format.language),
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <DashboardPage data-testid="savings-account-detail">
      <BackLink />
      <PageHeader icon={pageIcons.saving} title={detail.name} description={details} />

      <div className="flex flex-wrap gap-2" role="group" aria-label={t("detail.actions")}>
        <Button size="sm" disabled={detail.closed} onClick={() => setDialog("movement")}>
          <PlusIcon aria-hidden="true" />
          {t("detail.addMovement")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog("statement")}>
          <FileCheck2Icon aria-hidden="true" />
          {t("detail.enterStatement")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog("rate")}>
          <PercentIcon aria-hidden="true" />
          {t("detail.addRate")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog("edit")}>
          <PencilIcon aria-hidden="true" />
          {t("detail.edit")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:text-destructive"
          onClick={() => setConfirmDelete(true)}
        >
          <Trash2Icon aria-hidden="true" />
          {t("detail.delete")}
        </Button>
      </div>

      {detail.closed ? (
        <p className="rounded-lg border bg-muted/40 px-4 py-3 text-sm" data-testid="account-closed">
          {t("detail.closedNotice")}
        </p>
      ) : null}

      <dl className="grid grid-cols-2 gap-4 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-4 sm:p-6">
        <div className="col-span-2 space-y-1 sm:col-span-1">
          <dt className="text-sm text-muted-foreground">{t("detail.balance")}</dt>
          <dd
            className="text-2xl font-semibold tracking-tight tabular-nums"
            data-testid="detail-balance"
          >
            {format.money(detail.balanceCents)}
          </dd>
          {partial ? (
            <dd className="text-xs text-muted-foreground" data-testid="account-share">
              {t("accounts.yourShare", {
                share: format.money(detail.scopeBalanceCents),
                whole: format.money(detail.balanceCents),
              })}
            </dd>
          ) : null}
        </div>
        <div className="space-y-1">
          <dt className="text-sm text-muted-foreground">{t("detail.rate")}</dt>
          <dd className="text-lg font-medium tabular-nums">{format.rate(detail.rateBp)}</dd>
        </div>
        <div className="space-y-1">
          <dt className="text-sm text-muted-foreground">{t("detail.interest")}</dt>
          <dd className="text-lg font-medium tabular-nums">
            {format.money(detail.interestThisYearCents)}
          </dd>
        </div>
        <div className="col-span-2 space-y-1 sm:col-span-1">
          <dt className="text-sm text-muted-foreground">{t("detail.lastStatement")}</dt>
          <dd className="text-sm">
            {statement
              ? t("detail.lastStatementValue", {
                  amount: format.money(statement.balanceCents),
                  date: format.day(statement.statedOn, true),
                })
              : t("detail.noStatement")}
          </dd>
        </div>
      </dl>

      {statement && statement.differenceCents !== 0 ? (
        <StatementCheck
          statement={statement}
          booking={pendingId === statement.id}
          onBook={() => book(statement)}
        />
      ) : null}

      <Movements
        detail={detail}
        nameOf={nameOf}
        isJoint={isJoint}
        onAdd={() => setDialog("movement")}
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Rates detail={detail} onAdd={() => setDialog("rate")} />
        <Statements detail={detail} onAdd={() => setDialog("statement")} />
      </div>

      {dialog === "movement" ? (
        <MovementDialog
          account={account}
          target={detail}
          initialKind="deposit"
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "rate" ? (
        <RateDialog
          accountId={detail.id}
          accountName={detail.name}
          currentBp={detail.rateBp}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "statement" ? (
        <StatementDialog
          accountId={detail.id}
          accountName={detail.name}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "edit" ? (
        <AccountDialog account={account} editing={detail} onClose={() => setDialog(null)} />
      ) : null}

      <ConfirmDelete
        item={confirmDelete ? detail : null}
        onClose={() => setConfirmDelete(false)}
        title={t("detail.deleteTitle", { name: detail.name })}
        description={() => t("detail.deleteBody")}
        confirmLabel={t("detail.deleteConfirm")}
        remove={removeAccount}
        deleted={() => t("detail.deleted", { name: detail.name })}
        failed={t("detail.deleteFailed")}
        errorOf={(error) => errorText(t, error)}
        onDeleted={() => void navigate(savingsPath, { replace: true })}
      />
    </DashboardPage>
  );
}

/** How many movements show before "Show all". */
const firstMovements = 12;

function Movements({
  detail,
  nameOf,
  isJoint,
  onAdd,
}: {
  detail: AccountDetail;
  nameOf: NameOf;
  isJoint: (memberId: string | null) => boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const remove = useDeleteMovement();
  const add = useAddMovement();
  const [deleting, setDeleting] = useState<Movement | null>(null);
  const [all, setAll] = useState(false);
  const shown = all ? detail.movements : detail.movements.slice(0, firstMovements);

  const describe = (movement: Movement) =>
    t("movements.deleteBody", {
      kind: t(`movementKinds.${movement.kind}`).toLowerCase(),
      amount: format.money(Math.abs(movement.amountCents)),
      date: format.day(movement.occurredOn, true),
    });

  const undo = (movement: Movement) => {
    if (movement.kind === "correction") return undefined;
    const kind = movement.kind;
    return {
      label: t("undo"),
      onClick: () =>
        add.mutate(
          {
            accountId: detail.id,
            input: {
              kind,
              amountCents: Math.abs(movement.amountCents),
              occurredOn: movement.occurredOn,
              note: movement.note,
              sourceMemberId: movement.sourceMemberId,
            },
          },
          {
            onSuccess: () => toast.success(t("movements.restored")),
            onError: (error) =>
              toast.error(t("movements.restoreFailed"), { description: errorText(t, error) }),
          },
        ),
    };
  };

  return (
    <Card className="gap-4" data-testid="movements">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 max-sm:px-4">
        <div className="space-y-1">
          <CardTitle className="text-base">{t("movements.title")}</CardTitle>
          <CardDescription>{t("movements.description")}</CardDescription>
        </div>
        {detail.closed ? null : (
          <Button size="sm" variant="outline" onClick={onAdd}>
            <PlusIcon aria-hidden="true" />
            {t("detail.addMovement")}
          </Button>
        )}
      </CardHeader>
      <CardContent className="max-sm:px-4">
        {detail.movements.length === 0 ? (
          <p className="rounded-lg border border-dashed bg-muted/40 px-4 py-6 text-center text-sm text-muted-foreground">
            {t("movements.empty")}
          </p>
        ) : (
          <ul className="-mx-2 grid divide-y" aria-label={t("movements.title")}>
            {shown.map((movement) => (
              <li
                key={movement.id}
                className="flex items-center gap-3 px-2 py-2.5"
                data-testid="movement"
                data-kind={movement.kind}
              >
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">
                    {t(`movementKinds.${movement.kind}`)}
                    {movement.kind === "deposit" ? (
                      <span className="font-normal text-muted-foreground">
                        {" · "}
                        {movement.sourceMemberId && !isJoint(movement.sourceMemberId)
                          ? t("movements.from", { name: nameOf(movement.sourceMemberId) })
                          : t("movements.fromJoint")}
                      </span>
                    ) : null}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    {format.day(movement.occurredOn, true)}
                    {movement.note ? ` · ${movement.note}` : ""}
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <p
                    className={cn(
                      "text-sm font-semibold tabular-nums",
                      movement.amountCents >= 0
                        ? "text-emerald-700 dark:text-emerald-400"
                        : "text-red-700 dark:text-red-400",
                    )}
                  >
                    {format.signed(movement.amountCents)}
                  </p>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {t("movements.balanceAfter", { amount: format.money(movement.balanceCents) })}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0 text-muted-foreground hover:text-destructive"
                  aria-label={t("movements.deleteNamed", { what: describe(movement) })}
                  onClick={() => setDeleting(movement)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {detail.movements.length > firstMovements ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="mt-2"
            aria-expanded={all}
            onClick={() => setAll((value) => !value)}
          >
            {all
              ? t("movements.showFewer")
              : t("movements.showAll", { count: detail.movements.length })}
          </Button>
        ) : null}
      </CardContent>
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t("movements.deleteTitle")}
        description={describe}
        confirmLabel={t("movements.delete")}
        remove={remove}
        deleted={() => t("movements.deleted")}
        failed={t("movements.deleteFailed")}
        errorOf={(error) => errorText(t, error)}
        undo={undo}
      />
    </Card>
  );
}

function Rates({ detail, onAdd }: { detail: AccountDetail; onAdd: () => void }) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const remove = useDeleteRate();
  const add = useAddRate();
  const rates = [...detail.rates].sort((a, b) => b.startsOn.localeCompare(a.startsOn));

  const onDelete = (rate: Rate) =>
    remove.mutate(rate.id, {
      onSuccess: () =>
        toast.success(t("rates.deleted"), {
          action: {
            label: t("undo"),
            onClick: () =>
              add.mutate({
                accountId: detail.id,
                input: { startsOn: rate.startsOn, rateBp: rate.rateBp },
              }),
          },
        }),
      onError: (error) =>
        toast.error(t("rates.deleteFailed"), { description: errorText(t, error) }),
    });

  return (
    <Card className="gap-4" data-testid="rates">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 max-sm:px-4">
        <div className="space-y-1">
          <CardTitle className="text-base">{t("rates.title")}</CardTitle>
          <CardDescription>{t("rates.description")}</CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={onAdd}>
          <PlusIcon aria-hidden="true" />
          {t("detail.addRate")}
        </Button>
      </CardHeader>
      <CardContent className="max-sm:px-4">
        {rates.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("rates.empty")}</p>
        ) : (
          <ul className="-mx-2 grid divide-y">
            {rates.map((rate) => (
              <li key={rate.id} className="flex items-center gap-3 px-2 py-2" data-testid="rate">
                <span className="flex-1 text-sm">
                  {t("rates.from", { date: format.day(rate.startsOn, true) })}
                </span>
                <span className="font-medium tabular-nums">{format.rate(rate.rateBp)}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-muted-foreground hover:text-destructive"
                  aria-label={t("rates.deleteNamed", {
                    rate: format.rate(rate.rateBp),
                    date: format.day(rate.startsOn, true),
                  })}
                  disabled={remove.isPending}
                  onClick={() => onDelete(rate)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Statements({ detail, onAdd }: { detail: AccountDetail; onAdd: () => void }) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const remove = useDeleteStatement();
  const { book, pendingId } = useBookDifference();

  return (
    <Card className="gap-4" data-testid="statements">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 max-sm:px-4">
        <div className="space-y-1">
          <CardTitle className="text-base">{t("statements.title")}</CardTitle>
          <CardDescription>{t("statements.description")}</CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={onAdd}>
          <PlusIcon aria-hidden="true" />
          {t("detail.enterStatement")}
        </Button>
      </CardHeader>
      <CardContent className="max-sm:px-4">
        {detail.statements.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("statements.empty")}</p>
        ) : (
          <ul className="grid gap-2">
            {detail.statements.map((statement) => (
              <li key={statement.id} className="flex items-start gap-2" data-testid="statement">
                <StatementCheck
                  asCorrection
                  className="min-w-0 flex-1"
                  statement={statement}
                  booking={pendingId === statement.id}
                  onBook={() => book(statement)}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  className="mt-1 size-8 shrink-0 text-muted-foreground hover:text-destructive"
                  aria-label={t("statements.deleteNamed", {
                    date: format.day(statement.statedOn, true),
                  })}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(statement.id, {
                      onSuccess: () => toast.success(t("statements.deleted")),
                      onError: (error) =>
                        toast.error(t("statements.deleteFailed"), {
                          description: errorText(t, error),
                        }),
                    })
                  }
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
