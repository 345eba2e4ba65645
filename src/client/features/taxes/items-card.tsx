import {
  CheckIcon,
  ChevronDownIcon,
  PencilIcon,
  PlusIcon,
  ReceiptTextIcon,
  Trash2Icon,
} from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { ConfirmDelete } from "#client/components/confirm-delete.tsx";
import { EmptyState } from "#client/components/empty-state.tsx";
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
import { errorText } from "#client/features/income-spending/money-format.ts";
import type { NameOf } from "#client/features/savings/savings-format.ts";
import { cn } from "#client/lib/cn.ts";
import { isRefund, type TaxItem, type TaxItemStatus } from "#shared/schemas/taxes.schema.ts";
import { itemRows, useTaxesFormat } from "./taxes-format.ts";
import { useCreateTaxItems, useDeleteTaxItem, useUpdateTaxItem } from "./taxes.queries.ts";

/** The status an open item takes when it is settled: due → paid, to receive → received. */
const settledStatus: Partial<Record<TaxItemStatus, TaxItemStatus>> = {
  due: "paid",
  "to-receive": "received",
};

const statusBadge: Record<TaxItemStatus, "muted" | "outline" | "secondary" | "premium"> = {
  paid: "muted",
  received: "muted",
  due: "premium",
  "to-receive": "outline",
};

/**
 * Each row is a grid: in a narrow card the day and the amount on top, what it is under them and
 * the buttons last; in a wide one day, what, amount and buttons side by side, in the columns of
 * the whole list (a subgrid), so the amounts of all rows line up.
 */
const listColumns = "divide-y @3xl:grid @3xl:grid-cols-[7rem_minmax(0,1fr)_auto_auto] @3xl:gap-x-3";
const subgridRow = "@3xl:col-span-full @3xl:grid @3xl:grid-cols-subgrid";
const rowGrid =
  "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 py-3 @3xl:col-span-full @3xl:grid-cols-subgrid";

const itemInputOf = (item: TaxItem, status: TaxItemStatus = item.status) => ({
  year: item.year,
  kind: item.kind,
  status,
  amountCents: item.amountCents,
  onDate: item.onDate,
  description: item.description ?? "",
  memberId: item.memberId,
});

/** The year's payments and refunds, by date: settle, change or delete each. */
export function ItemsCard({
  year,
  items,
  loading,
  nameOf,
  onAdd,
  onEdit,
}: {
  year: number;
  items: readonly TaxItem[];
  loading: boolean;
  nameOf: NameOf;
  onAdd: () => void;
  onEdit: (item: TaxItem) => void;
}) {
  const { t } = useTranslation("taxes");
  const format = useTaxesFormat();
  const update = useUpdateTaxItem();
  const recreate = useCreateTaxItems();
  const remove = useDeleteTaxItem();
  const [deleting, setDeleting] = useState<TaxItem | null>(null);

  const settle = (item: TaxItem) => {
    const status = settledStatus[item.status];
    if (!status) return;
    update.mutate(
      { id: item.id, input: itemInputOf(item, status) },
      {
        onSuccess: () =>
          toast.success(
            t(`items.settled.${status}`, {
              amount: format.money(item.amountCents),
              kind: format.labels.itemKind[item.kind],
            }),
            {
              action: {
                label: t("undo"),
                onClick: () =>
                  void update.mutateAsync({ id: item.id, input: itemInputOf(item) }).then(
                    () => toast.success(t("items.undone")),
                    (error: unknown) =>
                      toast.error(t("items.undoFailed"), { description: errorText(t, error) }),
                  ),
              },
            },
          ),
        onError: (error) => toast.error(t("items.failed"), { description: errorText(t, error) }),
      },
    );
  };

  return (
    <Card className="gap-4" data-testid="tax-items">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 max-sm:px-4">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <CardTitle className="text-base">{t("items.title", { year })}</CardTitle>
          <CardDescription>{t("items.description")}</CardDescription>
        </div>
        {items.length > 0 ? (
          <Button size="sm" variant="outline" onClick={onAdd}>
            <PlusIcon aria-hidden="true" />
            {t("items.add")}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="@container max-sm:px-4">
        {loading ? (
          <div className="grid gap-2" aria-busy="true">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={ReceiptTextIcon}
            title={t("items.emptyTitle", { year })}
            body={t("items.emptyBody")}
            testId="tax-items-empty"
            action={
              <Button size="sm" onClick={onAdd}>
                <PlusIcon aria-hidden="true" />
                {t("items.addFirst")}
              </Button>
            }
          />
        ) : (
          <ul className={listColumns} aria-label={t("items.title", { year })}>
            {itemRows(items).map((row) =>
              row.type === "single" ? (
                <li key={row.key} className={subgridRow}>
                  <ItemLine
                    item={row.item}
                    nameOf={nameOf}
                    settle={settle}
                    settling={update.isPending}
                    onEdit={onEdit}
                    onDelete={setDeleting}
                  />
                </li>
              ) : (
                <SeriesRow
                  key={row.key}
                  items={row.items}
                  nameOf={nameOf}
                  settle={settle}
                  settling={update.isPending}
                  onEdit={onEdit}
                  onDelete={setDeleting}
                />
              ),
            )}
          </ul>
        )}
      </CardContent>

      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t("items.deleteTitle")}
        description={(item) =>
          t("items.deleteBody", {
            kind: format.labels.itemKind[item.kind],
            amount: format.money(item.amountCents),
            day: format.day(item.onDate, true),
          })
        }
        confirmLabel={t("items.delete")}
        remove={remove}
        deleted={() => t("items.deleted")}
        failed={t("items.deleteFailed")}
        errorOf={(error) => errorText(t, error)}
        undo={(item) => ({
          label: t("undo"),
          onClick: () =>
            void recreate.mutateAsync({ ...itemInputOf(item), installments: 1 }).then(
              () => toast.success(t("items.restored")),
              (error: unknown) =>
                toast.error(t("items.undoFailed"), { description: errorText(t, error) }),
            ),
        })}
      />
    </Card>
  );
}

type LineActions = {
  nameOf: NameOf;
  settle: (item: TaxItem) => void;
  settling: boolean;
  onEdit: (item: TaxItem) => void;
  onDelete: (item: TaxItem) => void;
};

/** Who a record is for, and its note: "Joost · Voorlopige aanslag 2026". */
function useWhoseLine(nameOf: NameOf) {
  const { t } = useTranslation("taxes");
  return (item: TaxItem) =>
    [item.memberId ? nameOf(item.memberId) : t("whose.household"), item.description]
      .filter(Boolean)
      .join(" · ");
}

/** One payment or refund: its day, kind and status, whose, the amount, settle, edit, delete. */
function ItemLine({
  item,
  nameOf,
  settle,
  settling,
  onEdit,
  onDelete,
  term,
}: LineActions & { item: TaxItem; term?: number }) {
  const { t } = useTranslation("taxes");
  const format = useTaxesFormat();
  const whose = useWhoseLine(nameOf);
  const refund = isRefund(item.status);
  const next = settledStatus[item.status];
  return (
    <div className={rowGrid} data-testid="tax-item" data-status={item.status}>
      <span className="text-sm text-muted-foreground tabular-nums @max-3xl:order-1">
        {format.day(item.onDate, true)}
      </span>
      {/* Without a button to settle it, the row keeps its edit and delete beside what it is. */}
      <div className={cn("grid min-w-0 gap-0.5 @max-3xl:order-3", next && "@max-3xl:col-span-2")}>
        <p className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
          <span className="break-words">
            {term === undefined
              ? format.labels.itemKind[item.kind]
              : t("items.term", { number: term })}
          </span>
          <Badge variant={statusBadge[item.status]}>{format.labels.itemStatus[item.status]}</Badge>
        </p>
        {term === undefined ? (
          <p className="text-sm break-words text-muted-foreground">{whose(item)}</p>
        ) : null}
      </div>
      <span
        className={
          "text-right font-semibold tabular-nums @max-3xl:order-2 " +
          (refund ? "text-emerald-700 dark:text-emerald-400" : "")
        }
        data-testid="tax-item-amount"
      >
        {refund ? format.signed(item.amountCents) : format.money(item.amountCents)}
      </span>
      <div
        className={cn(
          "flex flex-wrap items-center justify-end gap-1 @max-3xl:order-4",
          next && "@max-3xl:col-span-2",
        )}
      >
        {next ? (
          <Button size="sm" variant="outline" onClick={() => settle(item)} disabled={settling}>
            <CheckIcon aria-hidden="true" />
            {t(`items.markAs.${next}`)}
          </Button>
        ) : null}
        <Button
          size="icon"
          variant="ghost"
          onClick={() => onEdit(item)}
          aria-label={t("items.editNamed", {
            kind: format.labels.itemKind[item.kind],
            day: format.day(item.onDate, true),
          })}
        >
          <PencilIcon aria-hidden="true" />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          onClick={() => onDelete(item)}
          aria-label={t("items.deleteNamed", {
            kind: format.labels.itemKind[item.kind],
            day: format.day(item.onDate, true),
          })}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/**
 * An assessment paid in terms as one row: its months, how many are settled, the total, and the
 * next open term to settle; its terms open beneath it.
 */
function SeriesRow({ items, ...actions }: LineActions & { items: TaxItem[] }) {
  const { t } = useTranslation("taxes");
  const format = useTaxesFormat();
  const whose = useWhoseLine(actions.nameOf);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const [first] = items;
  const last = items.at(-1);
  if (!first || !last) return null;
  const refund = isRefund(first.status);
  const total = items.reduce((sum, item) => sum + item.amountCents, 0);
  const settledCount = items.filter((item) => settledStatus[item.status] === undefined).length;
  const nextOpen = items.find((item) => settledStatus[item.status] !== undefined);
  const nextStatus = nextOpen ? settledStatus[nextOpen.status] : undefined;
  const same = items.every((item) => item.amountCents === first.amountCents);

  return (
    <li className={subgridRow} data-testid="tax-series" data-count={items.length}>
      <div className={rowGrid}>
        <span className="text-sm text-muted-foreground tabular-nums @max-3xl:order-1">
          {format.shortMonth(first.onDate.slice(0, 7))}–{format.shortMonth(last.onDate.slice(0, 7))}{" "}
          {last.onDate.slice(0, 4)}
        </span>
        <div className="grid min-w-0 gap-0.5 @max-3xl:order-3 @max-3xl:col-span-2">
          <p className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{format.labels.itemKind[first.kind]}</span>
            <Badge variant={settledCount === items.length ? "muted" : "outline"}>
              {t(refund ? "items.receivedOf" : "items.paidOf", {
                done: settledCount,
                count: items.length,
              })}
            </Badge>
          </p>
          <p className="text-sm break-words text-muted-foreground">
            {[
              whose(first),
              same
                ? t("items.termsOf", {
                    count: items.length,
                    amount: format.money(first.amountCents),
                  })
                : t("items.terms", { count: items.length }),
            ].join(" · ")}
          </p>
          <Button
            size="sm"
            variant="ghost"
            className="-ml-2 h-7 justify-self-start px-2 text-primary hover:text-primary"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((value) => !value)}
          >
            <ChevronDownIcon
              aria-hidden="true"
              className={open ? "rotate-180 transition-transform" : "transition-transform"}
            />
            {open ? t("items.hideTerms") : t("items.showTerms")}
          </Button>
        </div>
        <span
          className={
            "text-right font-semibold tabular-nums @max-3xl:order-2 " +
            (refund ? "text-emerald-700 dark:text-emerald-400" : "")
          }
          data-testid="tax-series-total"
        >
          {refund ? format.signed(total) : format.money(total)}
        </span>
        <div className="flex flex-wrap items-center justify-end gap-1 @max-3xl:order-4 @max-3xl:col-span-2 @max-3xl:empty:hidden">
          {nextOpen && nextStatus ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => actions.settle(nextOpen)}
              disabled={actions.settling}
            >
              <CheckIcon aria-hidden="true" />
              {t(`items.markAs.${nextStatus}`)}{" "}
              <span className="text-muted-foreground">{format.day(nextOpen.onDate)}</span>
            </Button>
          ) : null}
        </div>
      </div>
      {open ? (
        <ol
          id={listId}
          className={cn("mb-3 divide-y rounded-lg border bg-muted/30 px-3", subgridRow)}
        >
          {items.map((item, index) => (
            <li key={item.id} className={subgridRow}>
              <ItemLine item={item} term={index + 1} {...actions} />
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}
