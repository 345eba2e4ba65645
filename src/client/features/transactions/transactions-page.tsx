import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import {
  ArrowLeftRightIcon,
  DownloadIcon,
  FilterXIcon,
  PlusIcon,
  SlidersHorizontalIcon,
  Trash2Icon,
  UploadIcon,
} from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { DashboardPage, PageHeader } from "#client/components/layout/dashboard-page.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import {
  activeCategories,
  categoryMap,
  useCategories,
} from "#client/features/categories/categories.queries.ts";
import { activePeople, useMembers } from "#client/features/households/households.queries.ts";
import { cn } from "#client/lib/cn.ts";
import { useIsMobile } from "#client/lib/use-mobile.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import { formatMoney } from "#shared/money.ts";
import { listSorts, type ListSort } from "#shared/schemas/transactions.schema.ts";
import { ExportDialog } from "./csv-export-dialog.tsx";
import { AmountFilter, SearchFilter } from "./list-filter-fields.tsx";
import { ImportDialog } from "./csv-import-dialog.tsx";
import { openEntryDialog } from "./entry-dialog-store.ts";
import { householdMember, useListFilters } from "./list-filters.ts";
import { TransactionRow, type ListItem } from "./transaction-row.tsx";
import { transactionQueries, useDeleteEntries, useRestoreEntries } from "./transactions.queries.ts";

/** A row's height: on a narrow screen its second line of details wraps onto a third. */
const rowHeights = { narrow: 72, wide: 60 } as const;

/** A filter's select: full width on phones, where half a row cuts its text; a column from sm. */
const selectCell = "col-span-2 grid gap-1.5 sm:col-span-1";

/** /dashboard/transactions: every entry, filtered by the URL, virtualised. */
export function TransactionsPage({ account }: { account: Account }) {
  const { t } = useTranslation("entries");
  const language = useLanguage();
  const members = useMembers(account);
  const categories = useCategories();
  const people = useMemo(() => (members.data ? activePeople(members.data) : []), [members.data]);
  const scopeMemberId =
    people.find((person) => person.id === account.profile.scopeMemberId)?.id ?? null;
  const { filter, sort, memberParam, update, clear, narrowed } = useListFilters(scopeMemberId);

  const list = useInfiniteQuery(transactionQueries.list(filter, sort));
  const summary = useQuery(transactionQueries.summary(filter));
  const items = useMemo<ListItem[]>(
    () => list.data?.pages.flatMap((page) => page.items) ?? [],
    [list.data],
  );
  const byId = useMemo(() => categoryMap(categories.data), [categories.data]);
  const memberNames = useMemo(
    () => new Map((members.data ?? []).map((member) => [member.id, member.name])),
    [members.data],
  );

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const remove = useDeleteEntries();
  const restore = useRestoreEntries();

  const filterKey = JSON.stringify([filter, sort]);
  const [lastFilterKey, setLastFilterKey] = useState(filterKey);
  if (filterKey !== lastFilterKey) {
    setLastFilterKey(filterKey);
    setSelected(new Set());
  }

  const onToggle = useCallback((id: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const onOpen = useCallback((item: ListItem) => openEntryDialog({ entry: item }), []);

  // The window scrolls; the list starts where its element is on the page.
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const measure = () => setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [list.isPending]);

  const rowHeight = useIsMobile() ? rowHeights.narrow : rowHeights.wide;
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => rowHeight,
    overscan: 12,
    scrollMargin,
  });
  // Crossing md changes every row's height: lay the rows out again.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (lastIndex >= items.length - 20 && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [lastIndex, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const someSelected = selected.size > 0 && !allSelected;

  const deleteSelected = async () => {
    const ids = [...selected];
    try {
      await remove.mutateAsync(ids);
    } catch {
      toast.error(t("toasts.deleteFailed"));
      return;
    }
    setConfirmBulk(false);
    setSelected(new Set());
    toast.success(t("toasts.deleted", { count: ids.length }), {
      action: {
        label: t("actions.undo"),
        onClick: () =>
          restore.mutate(ids, {
            onSuccess: () => toast.success(t("toasts.restored", { count: ids.length })),
          }),
      },
    });
  };

  const kindCategories = activeCategories(
    categories.data,
    filter.kind === "income" || filter.kind === "expense" ? filter.kind : undefined,
  );
  const activeCount =
    (["from", "to", "kind", "category", "min", "max"] as const).filter(
      (key) => filter[key] !== undefined,
    ).length + (memberParam && memberParam !== householdMember ? 1 : 0);
  const memberValue = memberParam ?? scopeMemberId ?? householdMember;

  return (
    <DashboardPage>
      <PageHeader
        icon={ArrowLeftRightIcon}
        title={t("dashboard:areas.transactions.title")}
        description={t("list.description")}
      >
        <div className="hidden gap-2 md:flex">
          <Button variant="outline" size="sm" onClick={() => setImportOpen(true)}>
            <UploadIcon aria-hidden="true" />
            {t("actions.import")}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setExportOpen(true)}>
            <DownloadIcon aria-hidden="true" />
            {t("actions.export")}
          </Button>
        </div>
      </PageHeader>

      <div className="-mt-4 flex gap-2 md:hidden">
        <Button variant="outline" size="sm" onClick={() => setImportOpen(true)}>
          <UploadIcon aria-hidden="true" />
          {t("actions.import")}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setExportOpen(true)}>
          <DownloadIcon aria-hidden="true" />
          {t("actions.export")}
        </Button>
      </div>

      <section
        aria-label={t("actions.filters")}
        className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-3 sm:grid-cols-4 sm:p-4"
        data-testid="transaction-filters"
      >
        <SearchFilter value={filter.q ?? ""} onChange={(q) => update({ q })} />
        <div className="col-span-2 flex items-center justify-between gap-2 sm:hidden">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={filtersOpen}
            aria-controls="more-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontalIcon aria-hidden="true" />
            {t("actions.filters")}
            {activeCount > 0 ? (
              <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground tabular-nums">
                {activeCount}
              </span>
            ) : null}
          </Button>
        </div>
        <div id="more-filters" className={cn("contents", !filtersOpen && "max-sm:hidden")}>
          <div className="grid gap-1.5">
            <Label htmlFor="filter-from" className="text-xs text-muted-foreground">
              {t("list.from")}
            </Label>
            <DateInput
              id="filter-from"
              value={filter.from ?? ""}
              onValueChange={(value) => update({ from: value })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="filter-to" className="text-xs text-muted-foreground">
              {t("list.to")}
            </Label>
            <DateInput
              id="filter-to"
              value={filter.to ?? ""}
              onValueChange={(value) => update({ to: value })}
            />
          </div>
          <div className={selectCell}>
            <Label htmlFor="filter-kind" className="text-xs text-muted-foreground">
              {t("list.type")}
            </Label>
            <NativeSelect
              id="filter-kind"
              value={filter.kind ?? ""}
              onChange={(event) => update({ kind: event.target.value, category: null })}
            >
              <option value="">{t("list.allTypes")}</option>
              <option value="expense">{t("kinds.expense")}</option>
              <option value="income">{t("kinds.income")}</option>
              <option value="settlement">{t("kinds.settlement")}</option>
            </NativeSelect>
          </div>
          <div className={selectCell}>
            <Label htmlFor="filter-category" className="text-xs text-muted-foreground">
              {t("list.category")}
            </Label>
            <NativeSelect
              id="filter-category"
              value={filter.category ?? ""}
              onChange={(event) => update({ category: event.target.value })}
            >
              <option value="">{t("list.allCategories")}</option>
              {kindCategories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className={selectCell}>
            <Label htmlFor="filter-member" className="text-xs text-muted-foreground">
              {t("list.member")}
            </Label>
            <NativeSelect
              id="filter-member"
              value={memberValue}
              onChange={(event) => update({ member: event.target.value })}
            >
              <option value={householdMember}>{t("list.wholeHousehold")}</option>
              {people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <AmountFilter
            id="filter-min"
            label={t("list.minAmount")}
            cents={filter.min}
            onChange={(cents) => update({ min: cents === null ? null : String(cents) })}
          />
          <AmountFilter
            id="filter-max"
            label={t("list.maxAmount")}
            cents={filter.max}
            onChange={(cents) => update({ max: cents === null ? null : String(cents) })}
          />
          <div className={selectCell}>
            <Label htmlFor="filter-sort" className="text-xs text-muted-foreground">
              {t("list.sort")}
            </Label>
            <NativeSelect
              id="filter-sort"
              value={sort}
              onChange={(event) => update({ sort: event.target.value as ListSort })}
            >
              {listSorts.map((value) => (
                <option key={value} value={value}>
                  {t(`list.sorts.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="col-span-2 flex items-end justify-end sm:col-span-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={clear}
              disabled={!narrowed && sort === "date-desc" && !memberParam}
            >
              <FilterXIcon aria-hidden="true" />
              {t("actions.clearFilters")}
            </Button>
          </div>
        </div>
      </section>

      <div className="grid gap-3">
        <div className="flex min-h-9 flex-wrap items-center gap-x-4 gap-y-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={allSelected}
              ref={(element) => {
                if (element) element.indeterminate = someSelected;
              }}
              disabled={items.length === 0}
              onChange={(event) =>
                setSelected(
                  event.target.checked ? new Set(items.map((item) => item.id)) : new Set(),
                )
              }
            />
            <span className="sr-only">{t("list.selectAll")}</span>
          </label>
          {selected.size > 0 ? (
            <div className="flex flex-wrap items-center gap-2" data-testid="bulk-actions">
              <span className="text-sm font-medium">
                {t("list.selected", { count: selected.size })}
              </span>
              <Button variant="destructive" size="sm" onClick={() => setConfirmBulk(true)}>
                <Trash2Icon aria-hidden="true" />
                {t("list.deleteSelected")}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                {t("list.clearSelection")}
              </Button>
            </div>
          ) : (
            <p
              className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground"
              aria-live="polite"
              data-testid="transactions-summary"
            >
              {summary.data ? (
                <>
                  <span className="font-medium text-foreground">
                    {t("list.summary", { count: summary.data.count })}
                  </span>
                  <span className="tabular-nums">
                    {t("list.incomeTotal", {
                      amount: formatMoney(summary.data.incomeCents, language),
                    })}
                  </span>
                  <span className="tabular-nums">
                    {t("list.expenseTotal", {
                      amount: formatMoney(summary.data.expenseCents, language),
                    })}
                  </span>
                </>
              ) : (
                <Skeleton className="h-4 w-64" />
              )}
            </p>
          )}
        </div>

        {list.isPending ? (
          <div className="overflow-hidden rounded-xl border" aria-busy="true">
            {Array.from({ length: 8 }, (_, index) => (
              <div key={index} className="flex h-[60px] items-center gap-3 border-b px-4">
                <Skeleton className="size-4" />
                <Skeleton className="size-8 rounded-lg" />
                <div className="grid flex-1 gap-1.5">
                  <Skeleton className="h-3.5 w-1/3" />
                  <Skeleton className="h-3 w-1/4" />
                </div>
                <Skeleton className="h-4 w-16" />
              </div>
            ))}
          </div>
        ) : list.isError ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center">
            <p>{t("list.loadFailed")}</p>
            <Button variant="outline" onClick={() => void list.refetch()}>
              {t("list.retry")}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div
            className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-muted/40 px-6 py-12 text-center"
            data-testid="transactions-empty"
          >
            <span className="grid size-14 place-items-center rounded-full bg-background text-primary shadow-xs">
              <ArrowLeftRightIcon className="size-7" aria-hidden="true" />
            </span>
            <h2 className="text-lg font-semibold">
              {narrowed ? t("list.noMatchTitle") : t("list.emptyTitle")}
            </h2>
            <p className="max-w-md text-sm text-muted-foreground text-pretty">
              {narrowed ? t("list.noMatchBody") : t("list.emptyBody")}
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              {narrowed ? (
                <Button variant="outline" onClick={clear}>
                  <FilterXIcon aria-hidden="true" />
                  {t("actions.clearFilters")}
                </Button>
              ) : (
                <>
                  <Button onClick={() => openEntryDialog()}>
                    <PlusIcon aria-hidden="true" />
                    {t("actions.add")}
                  </Button>
                  <Button variant="outline" onClick={() => setImportOpen(true)}>
                    <UploadIcon aria-hidden="true" />
                    {t("actions.import")}
                  </Button>
                </>
              )}
            </div>
          </div>
        ) : (
          <div
            ref={listRef}
            className="relative overflow-hidden rounded-xl border bg-card"
            style={{ height: virtualizer.getTotalSize() }}
            data-testid="transaction-list"
          >
            {virtualItems.map((row) => {
              const item = items[row.index];
              if (!item) return null;
              return (
                <div
                  key={item.id}
                  className="absolute inset-x-0 top-0"
                  style={{
                    height: rowHeight,
                    transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
                  }}
                >
                  <TransactionRow
                    item={item}
                    category={item.categoryId ? byId.get(item.categoryId) : undefined}
                    selected={selected.has(item.id)}
                    language={language}
                    memberNames={memberNames}
                    onToggle={onToggle}
                    onOpen={onOpen}
                  />
                </div>
              );
            })}
          </div>
        )}
        {items.length > 0 ? (
          <p className="text-center text-xs text-muted-foreground" aria-live="polite">
            {isFetchingNextPage ? t("list.loadingMore") : hasNextPage ? "" : t("list.end")}
          </p>
        ) : null}
      </div>

      <ConfirmDialog
        open={confirmBulk}
        onOpenChange={setConfirmBulk}
        title={t("delete.title", { count: selected.size })}
        description={t("delete.description", { count: selected.size })}
        confirmLabel={t("actions.delete")}
        pending={remove.isPending}
        onConfirm={() => void deleteSelected()}
      />
      <ExportDialog
        open={exportOpen}
        onOpenChange={setExportOpen}
        filter={filter}
        sort={sort}
        count={summary.data?.count ?? items.length}
      />
      <ImportDialog open={importOpen} onOpenChange={setImportOpen} account={account} />
    </DashboardPage>
  );
}
