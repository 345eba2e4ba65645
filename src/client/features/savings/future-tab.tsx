import { PlusIcon, ShieldIcon, TargetIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { EmptyState } from "#client/components/empty-state.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import type { Goal } from "#shared/schemas/savings.schema.ts";
import { AccountDialog } from "./account-dialog.tsx";
import { usePeople } from "./use-people.ts";
import { GoalCard } from "./goal-card.tsx";
import { EmergencyDialog, GoalDialog } from "./goal-dialog.tsx";
import { useDeleteGoal, useGoals, useSavingsAccounts } from "./savings.queries.ts";

type Open =
  { kind: "goal"; goal: Goal | null } | { kind: "emergency" } | { kind: "account" } | null;

/**
 * The Future tab: the scope's goals, each with its plan, status, projection and what-if;
 * "New goal" and "Emergency fund". Goals draw on the household's accounts.
 */
export function FutureTab({ account, memberId }: { account: Account; memberId: string | null }) {
  const { t } = useTranslation("savings");
  const goals = useGoals(memberId);
  // A goal may draw on any of the household's accounts, whatever the scope.
  const accounts = useSavingsAccounts(null);
  const { nameOf } = usePeople(account);
  const remove = useDeleteGoal();
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState<Goal | null>(null);
  const list = accounts.data?.accounts ?? [];
  const names = new Map(list.map((item) => [item.id, item.name]));
  const accountName = (id: string) => names.get(id) ?? t("goal.unknownAccount");
  const noAccounts = !accounts.isPending && !accounts.isError && list.length === 0;
  const loading = goals.isPending || accounts.isPending;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="text-lg font-semibold">{t("goals.title")}</h2>
          <p className="text-sm text-muted-foreground">{t("goals.description")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={list.length === 0}
            onClick={() => setOpen({ kind: "emergency" })}
            data-testid="emergency-fund"
          >
            <ShieldIcon aria-hidden="true" />
            {t("goals.emergency")}
          </Button>
          <Button
            size="sm"
            disabled={list.length === 0}
            onClick={() => setOpen({ kind: "goal", goal: null })}
            data-testid="new-goal"
          >
            <PlusIcon aria-hidden="true" />
            {t("goals.new")}
          </Button>
        </div>
      </div>

      {loading ? (
        <div className="grid gap-4" aria-busy="true">
          {[0, 1].map((index) => (
            <Skeleton key={index} className="h-72 w-full rounded-xl" />
          ))}
        </div>
      ) : goals.isError || accounts.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {t("loadFailed")} {errorText(t, goals.error ?? accounts.error)}
        </p>
      ) : noAccounts ? (
        <EmptyState
          icon={TargetIcon}
          title={t("goals.noAccountsTitle")}
          body={t("goals.noAccountsBody")}
          action={
            <Button size="sm" onClick={() => setOpen({ kind: "account" })}>
              <PlusIcon aria-hidden="true" />
              {t("accounts.new")}
            </Button>
          }
          testId="goals-no-accounts"
        />
      ) : goals.data.length === 0 ? (
        <EmptyState
          icon={TargetIcon}
          title={t("goals.emptyTitle")}
          body={t("goals.emptyBody")}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button size="sm" onClick={() => setOpen({ kind: "goal", goal: null })}>
                <PlusIcon aria-hidden="true" />
                {t("goals.new")}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setOpen({ kind: "emergency" })}>
                <ShieldIcon aria-hidden="true" />
                {t("goals.emergency")}
              </Button>
            </div>
          }
          testId="goals-empty"
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4" aria-label={t("goals.listLabel")}>
          {goals.data.map((goal) => (
            <GoalCard
              key={goal.id}
              goal={goal}
              accountName={accountName}
              nameOf={nameOf}
              onEdit={() => setOpen({ kind: "goal", goal })}
              onDelete={() => setDeleting(goal)}
            />
          ))}
        </ul>
      )}

      {open?.kind === "goal" ? (
        <GoalDialog
          key={open.goal?.id ?? "new"}
          account={account}
          accounts={list}
          editing={open.goal}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === "emergency" ? (
        <EmergencyDialog
          account={account}
          accounts={list}
          memberId={memberId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === "account" ? (
        <AccountDialog
          account={account}
          editing={null}
          scopeMemberId={memberId}
          onClose={() => setOpen(null)}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(value) => {
          if (!value) setDeleting(null);
        }}
        title={t("goals.deleteTitle", { name: deleting?.name ?? "" })}
        description={t("goals.deleteBody")}
        confirmLabel={t("goals.delete")}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t("goals.deleted", { name }));
            },
            onError: (error) =>
              toast.error(t("goals.deleteFailed"), { description: errorText(t, error) }),
          });
        }}
      />
    </div>
  );
}
