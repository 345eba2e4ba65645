import { ArrowRightIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Category } from "#shared/schemas/categories.schema.ts";
import type { Budget } from "#shared/schemas/budgets.schema.ts";
import type { SettleUp } from "#shared/schemas/transactions.schema.ts";
import { CategoryIconTile } from "#client/features/categories/category-badge.tsx";
import { useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { monthRange } from "#shared/dates.ts";
import { fromTo } from "#client/features/settle-up/settlement-dialog.tsx";
import { openEntryDialog } from "#client/features/transactions/entry-dialog-store.ts";
import type { ListItem } from "#client/features/transactions/transaction-row.tsx";
import { cn } from "#client/lib/cn.ts";
import { budgetTones } from "#client/lib/colours.ts";
import { entriesLink } from "./period.ts";

/** A card with a title, a list (or what to say when it is empty) and a link to the whole. */
export function ListCard({
  title,
  description,
  more,
  empty,
  loading,
  children,
  testId,
}: {
  title: string;
  /** A line under the title, e.g. what the list covers. */
  description?: string;
  more?: { to: string; label: string };
  empty: string | null;
  loading?: boolean;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card className="min-w-0 gap-3" data-testid={testId}>
      <CardHeader className={description ? "gap-1" : undefined}>
        <div className="flex flex-row items-center justify-between gap-3">
          <CardTitle className="text-base">{title}</CardTitle>
          {more ? (
            <Link
              to={more.to}
              className="inline-flex shrink-0 items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              {more.label}
              <ArrowRightIcon className="size-3.5" aria-hidden="true" />
            </Link>
          ) : null}
        </div>
        {description ? (
          <CardDescription className="text-pretty">{description}</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-2">
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-4/5" />
          </div>
        ) : empty ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The month's budgets, those closest to or over their limit first: the progress of each, and
 * the spending behind it one click away.
 */
export function BudgetWatch({
  month,
  budgets,
  categories,
  member,
  loading,
}: {
  month: string;
  budgets: readonly Budget[];
  categories: Map<string, Category>;
  member: string | null;
  loading: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const format = useMoneyFormat();
  const shown = [...budgets].sort((a, b) => (b.progressBp ?? 0) - (a.progressBp ?? 0)).slice(0, 6);
  return (
    <ListCard
      title={t("overview.budgets.title", { month: format.month(month) })}
      more={{
        to: `/dashboard/income-spending?tab=budgets&month=${month}`,
        label: budgets.length > 0 ? t("overview.budgets.all") : t("overview.budgets.set"),
      }}
      empty={budgets.length === 0 ? t("overview.budgets.empty") : null}
      loading={loading}
      testId="budget-watch"
    >
      <ul className="space-y-4">
        {shown.map((budget) => {
          const category = categories.get(budget.categoryId);
          const name = category?.name ?? "";
          const width = Math.min(100, Math.max(0, (budget.progressBp ?? 0) / 100));
          const left = budget.availableCents - budget.spentCents;
          return (
            <li key={budget.id} className="space-y-1.5" data-state={budget.state}>
              <div className="flex items-center justify-between gap-3 text-sm">
                <Link
                  to={entriesLink({
                    ...monthRange(month),
                    member,
                    kind: "expense",
                    category: budget.categoryId,
                  })}
                  className="min-w-0 truncate rounded-sm font-medium hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  {name}
                </Link>
                <span
                  className={cn(
                    "shrink-0 tabular-nums",
                    budgetTones[budget.state].text,
                    budget.state === "over" && "font-medium",
                  )}
                >
                  {budget.state === "over"
                    ? t("overview.budgets.over", { amount: format.money(-left) })
                    : t("overview.budgets.left", { amount: format.money(left) })}
                </span>
              </div>
              <div
                className="h-2 overflow-hidden rounded-full bg-muted"
                role="progressbar"
                aria-label={t("overview.budgets.progress", {
                  name,
                  spent: format.money(budget.spentCents),
                  available: format.money(budget.availableCents),
                })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(width)}
              >
                <div
                  className={cn("h-full rounded-full", budgetTones[budget.state].bar)}
                  style={{ width: `${width}%` }}
                />
              </div>
              <p className="text-xs text-muted-foreground tabular-nums">
                {t("overview.budgets.of", {
                  spent: format.money(budget.spentCents),
                  available: format.money(budget.availableCents),
                })}
              </p>
            </li>
          );
        })}
      </ul>
    </ListCard>
  );
}

/** The latest entries of the scope; a click opens one to see or change it. */
export function LatestList({
  items,
  categories,
  nameOf,
}: {
  items: readonly ListItem[];
  categories: Map<string, Category>;
  /** A member's name: a settlement says who paid whom ("Bram → Anna"). */
  nameOf: (memberId: string) => string;
}) {
  const { t } = useTranslation("dashboard");
  const { t: tEntries } = useTranslation("entries");
  const format = useMoneyFormat();
  return (
    <ListCard
      title={t("overview.latest.title")}
      more={{ to: "/dashboard/transactions", label: t("overview.latest.all") }}
      empty={items.length === 0 ? t("overview.latest.empty") : null}
      testId="latest"
    >
      <ul className="-mx-2">
        {items.map((item) => {
          const category = item.categoryId ? categories.get(item.categoryId) : undefined;
          const cents = item.memberShareCents ?? item.amountCents;
          const label =
            item.kind === "settlement"
              ? fromTo(nameOf(item.paidByMemberId ?? ""), nameOf(item.receivedByMemberId ?? ""))
              : item.merchant || item.notes || (category?.name ?? "");
          return (
            <li key={item.id}>
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                onClick={() => openEntryDialog({ entry: item })}
              >
                <CategoryIconTile
                  icon={category?.icon ?? "tag"}
                  color={category?.color ?? "slate"}
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm">{label}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {format.day(item.occurredOn)}
                    {item.kind === "settlement"
                      ? ` · ${tEntries("list.settlement")}`
                      : category && label !== category.name
                        ? ` · ${category.name}`
                        : ""}
                  </span>
                </span>
                <span
                  className={cn(
                    "shrink-0 text-sm font-medium tabular-nums",
                    item.kind === "income" && "text-success",
                  )}
                >
                  {item.kind === "income"
                    ? format.signedMoney(cents)
                    : item.kind === "expense"
                      ? format.signedMoney(-cents)
                      : format.money(cents)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </ListCard>
  );
}

/** Who owes whom, while anyone does; settling happens on the income & spending page. */
export function BalancesCard({
  settleUp,
  nameOf,
}: {
  settleUp: SettleUp;
  nameOf: (memberId: string) => string;
}) {
  const { t } = useTranslation("dashboard");
  const format = useMoneyFormat();
  return (
    <ListCard
      title={t("overview.balances.title")}
      more={{ to: "/dashboard/income-spending", label: t("overview.balances.settle") }}
      empty={null}
      testId="balances"
    >
      <ul className="space-y-2 text-sm">
        {settleUp.payments.map((payment) => (
          <li
            key={`${payment.fromMemberId}-${payment.toMemberId}`}
            className="flex items-center justify-between gap-3"
          >
            <span className="min-w-0">
              {t("overview.balances.owes", {
                from: nameOf(payment.fromMemberId),
                to: nameOf(payment.toMemberId),
              })}
            </span>
            <span className="shrink-0 font-medium tabular-nums">
              {format.money(payment.amountCents)}
            </span>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}
