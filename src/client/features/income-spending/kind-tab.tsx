import { ArrowRightIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { categoryMap, useCategories } from "#client/features/categories/categories.queries.ts";
import { CategoryBadge, categoryDotClasses } from "#client/features/categories/category-badge.tsx";
import { RecurringSection } from "#client/features/recurring/recurring-section.tsx";
import { cn } from "#client/lib/cn.ts";
import type { CategoryColor, EntryKind } from "#shared/schemas/categories.schema.ts";
import { AddEntryButton } from "./add-entry-button.tsx";
import { useTotals } from "./money.queries.ts";
import { monthRange } from "#shared/dates.ts";
import { useMoneyFormat } from "./money-format.ts";

/** The transactions list filtered to exactly the entries behind a figure. */
export function listLink(filter: {
  kind: EntryKind;
  category?: string;
  from: string;
  to: string;
  member: string | null;
}): string {
  const params = new URLSearchParams({ kind: filter.kind });
  if (filter.category) params.set("category", filter.category);
  params.set("from", filter.from);
  params.set("to", filter.to);
  if (filter.member) params.set("member", filter.member);
  return `/dashboard/transactions?${params.toString()}`;
}

/** The Income or Expenses tab: the month's total, totals per category, and recurring entries. */
export function KindTab({
  kind,
  month,
  memberId,
}: {
  kind: EntryKind;
  month: string;
  memberId: string | null;
}) {
  const { t } = useTranslation("money");
  const format = useMoneyFormat();
  const { from, to } = monthRange(month);
  const totals = useTotals(from, to, memberId);
  const categories = useCategories();
  const byId = categoryMap(categories.data);
  const rows = (totals.data?.byCategory ?? [])
    .filter((row) => row.kind === kind && row.totalCents !== 0)
    .sort((a, b) => b.totalCents - a.totalCents);
  const total = kind === "income" ? totals.data?.incomeCents : totals.data?.expenseCents;
  const largest = Math.max(1, ...rows.map((row) => row.totalCents));
  const loading = totals.isPending || categories.isPending;

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card data-testid={`${kind}-totals`}>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="space-y-1">
            <CardTitle className="text-base font-medium text-muted-foreground">
              {t(`kind.${kind}.total`, { month: format.month(month) })}
            </CardTitle>
            {loading ? (
              <Skeleton className="h-9 w-40" />
            ) : (
              <Link
                to={listLink({ kind, from, to, member: memberId })}
                className="block rounded-sm text-3xl font-semibold tracking-tight tabular-nums hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                data-testid={`${kind}-total`}
              >
                {format.money(total ?? 0)}
              </Link>
            )}
          </div>
          <AddEntryButton kind={kind} />
        </CardHeader>
        <CardContent>
          {totals.isError ? (
            <p className="text-sm text-destructive" role="alert">
              {t("loadFailed")}
            </p>
          ) : loading ? (
            <ul className="grid gap-4" aria-hidden="true">
              {[0, 1, 2].map((index) => (
                <li key={index} className="grid gap-2">
                  <div className="flex justify-between">
                    <Skeleton className="h-6 w-36" />
                    <Skeleton className="h-6 w-20" />
                  </div>
                  <Skeleton className="h-2 w-full" />
                </li>
              ))}
            </ul>
          ) : rows.length === 0 ? (
            <div className="rounded-lg border border-dashed bg-muted/40 px-4 py-8 text-center">
              <p className="font-medium">{t(`kind.${kind}.emptyTitle`)}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {t(`kind.${kind}.emptyBody`, { month: format.month(month) })}
              </p>
            </div>
          ) : (
            <ul className="-mx-2 grid gap-1" aria-label={t(`kind.${kind}.perCategory`)}>
              {rows.map((row) => {
                const category = byId.get(row.categoryId);
                const share = Math.round((row.totalCents / largest) * 100);
                const dot =
                  categoryDotClasses[(category?.color ?? "slate") as CategoryColor] ??
                  categoryDotClasses.slate;
                return (
                  <li key={row.categoryId}>
                    <Link
                      to={listLink({
                        kind,
                        category: row.categoryId,
                        from,
                        to,
                        member: memberId,
                      })}
                      className="group grid gap-2 rounded-lg px-2 py-2.5 hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                      data-testid="category-total"
                    >
                      <div className="flex items-center justify-between gap-3">
                        <CategoryBadge
                          category={category}
                          fallback={t("unknownCategory")}
                          archivedLabel={t("categories.archivedSuffix")}
                          className="text-sm font-medium"
                        />
                        <span className="flex shrink-0 items-center gap-2 text-sm">
                          <span className="text-muted-foreground">
                            {t("entryCount", { count: row.count })}
                          </span>
                          <span className="font-semibold tabular-nums">
                            {format.money(row.totalCents)}
                          </span>
                          <ArrowRightIcon
                            className="size-4 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100"
                            aria-hidden="true"
                          />
                        </span>
                      </div>
                      <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                        <div
                          className={cn("h-full rounded-full", dot)}
                          style={{ width: `${Math.max(share, 2)}%` }}
                        />
                      </div>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>

      <RecurringSection kind={kind} memberId={memberId} />
    </div>
  );
}
