import { CopyIcon, PencilIcon, PiggyBankIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "#client/lib/toast.ts";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import {
  activeCategories,
  categoryMap,
  useCategories,
} from "#client/features/categories/categories.queries.ts";
import { CategoryBadge } from "#client/features/categories/category-badge.tsx";
import { listLink } from "#client/features/income-spending/kind-tab.tsx";
import {
  useBudgets,
  useCopyBudgets,
  useDeleteBudget,
} from "#client/features/income-spending/money.queries.ts";
import { errorText, useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { cn } from "#client/lib/cn.ts";
import { budgetTones } from "#client/lib/colours.ts";
import { addMonths, monthRange } from "#shared/dates.ts";
import type { Budget } from "#shared/schemas/budgets.schema.ts";
import type { Category } from "#shared/schemas/categories.schema.ts";
import { BudgetDialog } from "./budget-dialog.tsx";

/** The Budgets tab: per expense category of the month, the budget, what was spent and what is left. */
export function BudgetsTab({
  month,
  memberId,
  memberName,
}: {
  month: string;
  memberId: string | null;
  memberName: string | null;
}) {
  const { t } = useTranslation("money");
  const format = useMoneyFormat();
  const budgets = useBudgets(month, memberId);
  const categories = useCategories();
  const copy = useCopyBudgets();
  const remove = useDeleteBudget();
  const [editing, setEditing] = useState<{ category: Category; budget: Budget | null } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<{ budget: Budget; name: string } | null>(null);

  const byId = categoryMap(categories.data);
  const byCategory = new Map((budgets.data ?? []).map((budget) => [budget.categoryId, budget]));
  const withBudget = (budgets.data ?? [])
    .map((budget) => ({ budget, category: byId.get(budget.categoryId) }))
    .filter((row): row is { budget: Budget; category: Category } => row.category !== undefined)
    .sort((a, b) => a.category.name.localeCompare(b.category.name));
  const without = activeCategories(categories.data, "expense").filter(
    (category) => !byCategory.has(category.id),
  );
  const planned = withBudget.reduce((sum, row) => sum + row.budget.availableCents, 0);
  const spent = withBudget.reduce((sum, row) => sum + row.budget.spentCents, 0);
  const loading = budgets.isPending || categories.isPending;
  const previous = addMonths(month, -1);
  const { from, to } = monthRange(month);

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="space-y-1">
            <CardTitle className="flex items-center gap-2 text-base">
              <PiggyBankIcon className="size-4 text-primary" aria-hidden="true" />
              {memberName
                ? t("budgets.titleMember", { month: format.month(month), name: memberName })
                : t("budgets.title", { month: format.month(month) })}
            </CardTitle>
            <CardDescription>
              {withBudget.length > 0
                ? t("budgets.summary", {
                    spent: format.money(spent),
                    planned: format.money(planned),
                  })
                : t("budgets.description")}
            </CardDescription>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={copy.isPending}
            onClick={() =>
              copy.mutate(
                { fromMonth: previous, toMonth: month, memberId },
                {
                  onSuccess: ({ copied }) =>
                    copied > 0
                      ? toast.success(t("budgets.copied", { count: copied }))
                      : toast.info(t("budgets.nothingCopied", { month: format.month(previous) })),
                  onError: (error) =>
                    toast.error(t("budgets.copyFailed"), { description: errorText(t, error) }),
                },
              )
            }
          >
            <CopyIcon aria-hidden="true" />
            {t("budgets.copy")}
          </Button>
        </CardHeader>
        <CardContent>
          {loading ? (
            <div className="grid gap-4" aria-hidden="true">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} className="h-20 w-full" />
              ))}
            </div>
          ) : budgets.isError ? (
            <p className="text-sm text-destructive" role="alert">
              {t("loadFailed")}
            </p>
          ) : withBudget.length === 0 ? (
            <div className="rounded-lg border border-dashed bg-muted/40 px-4 py-8 text-center">
              <p className="font-medium">{t("budgets.emptyTitle")}</p>
              <p className="mt-1 text-sm text-muted-foreground">{t("budgets.emptyBody")}</p>
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-3" aria-label={t("budgets.listLabel")}>
              {withBudget.map(({ budget, category }) => (
                <BudgetRow
                  key={budget.id}
                  budget={budget}
                  category={category}
                  href={listLink({
                    kind: "expense",
                    category: category.id,
                    from,
                    to,
                    member: memberId,
                  })}
                  onEdit={() => setEditing({ category, budget })}
                  onDelete={() => setDeleting({ budget, name: category.name })}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {!loading && without.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("budgets.withoutTitle")}</CardTitle>
            <CardDescription>{t("budgets.withoutBody")}</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {without.map((category) => (
                <li
                  key={category.id}
                  className="flex items-center justify-between gap-2 rounded-lg border px-3 py-2"
                  data-testid="budget-candidate"
                >
                  <CategoryBadge category={category} className="text-sm" />
                  {/* On phones only the icon, so the category's name keeps the room. */}
                  <Button
                    variant="ghost"
                    size="sm"
                    className="max-sm:size-8 max-sm:px-0"
                    onClick={() => setEditing({ category, budget: null })}
                    aria-label={t("budgets.setFor", { name: category.name })}
                  >
                    <PlusIcon aria-hidden="true" />
                    <span className="max-sm:sr-only">{t("budgets.set")}</span>
                  </Button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}

      {editing ? (
        <BudgetDialog
          key={`${editing.category.id}-${month}-${memberId ?? ""}`}
          category={editing.category}
          budget={editing.budget}
          month={month}
          memberId={memberId}
          onClose={() => setEditing(null)}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t("budgets.deleteTitle")}
        description={t("budgets.deleteBody", {
          name: deleting?.name ?? "",
          month: format.month(month),
        })}
        confirmLabel={t("budgets.delete")}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.budget.id, {
            onSuccess: () => {
              toast.success(t("budgets.deleted"));
              setDeleting(null);
            },
            onError: (error) =>
              toast.error(t("budgets.deleteFailed"), { description: errorText(t, error) }),
          });
        }}
      />
    </div>
  );
}

function BudgetRow({
  budget,
  category,
  href,
  onEdit,
  onDelete,
}: {
  budget: Budget;
  category: Category;
  href: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("money");
  const format = useMoneyFormat();
  const percent = budget.progressBp === null ? null : Math.floor(budget.progressBp / 100);
  const left = budget.availableCents - budget.spentCents;
  const width = percent === null ? (budget.spentCents > 0 ? 100 : 0) : Math.min(percent, 100);

  return (
    <li
      className={cn("grid gap-3 rounded-lg border p-3 sm:p-4", budgetTones[budget.state].border)}
      data-testid="budget-row"
      data-state={budget.state}
    >
      <div className="flex items-start justify-between gap-2">
        <Link
          to={href}
          className="min-w-0 rounded-sm hover:underline focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <CategoryBadge
            category={category}
            className="text-sm font-medium"
            archivedLabel={t("categories.archivedSuffix")}
          />
        </Link>
        <div className="flex shrink-0 items-center">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={onEdit}
            aria-label={t("budgets.editFor", { name: category.name })}
          >
            <PencilIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground hover:text-destructive"
            onClick={onDelete}
            aria-label={t("budgets.deleteFor", { name: category.name })}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <p>
          <span className="font-semibold tabular-nums">{format.money(budget.spentCents)}</span>
          <span className="text-muted-foreground">
            {" "}
            {t("budgets.of", { amount: format.money(budget.availableCents) })}
          </span>
        </p>
        <p className={cn("font-medium", budgetTones[budget.state].text)} data-testid="budget-state">
          {budget.state === "over"
            ? t("budgets.overBy", { amount: format.money(-left) })
            : budget.state === "warning"
              ? t("budgets.warning", { percent: percent ?? 0, amount: format.money(left) })
              : t("budgets.left", { amount: format.money(left) })}
        </p>
      </div>

      <div
        className="h-2.5 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={t("budgets.progressLabel", { name: category.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(percent ?? 0, 100)}
        aria-valuetext={t("budgets.percentUsed", { percent: percent ?? 0 })}
      >
        <div
          className={cn("h-full rounded-full transition-[width]", budgetTones[budget.state].bar)}
          style={{ width: `${width}%` }}
        />
      </div>

      {budget.rollover !== "none" || budget.carriedCents !== 0 ? (
        <p className="text-xs text-muted-foreground">
          {[
            t(`budgets.rollover.${budget.rollover}`),
            budget.carriedCents !== 0
              ? t(budget.carriedCents > 0 ? "budgets.carriedIn" : "budgets.carriedOver", {
                  amount: format.money(Math.abs(budget.carriedCents)),
                  budget: format.money(budget.amountCents),
                })
              : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      ) : null}
    </li>
  );
}
