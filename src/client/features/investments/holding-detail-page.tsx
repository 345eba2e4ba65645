import { AlertTriangleIcon, PencilIcon, PlusIcon, TagIcon, Trash2Icon } from "lucide-react";
import { useState, type ReactNode } from "react";
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
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { useScope } from "#client/features/households/scope-picker.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { ApiError } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import {
  staleAfterDays,
  type HoldingDetail,
  type Price,
  type Trade,
} from "#shared/schemas/investments.schema.ts";
import { HoldingDialog } from "./holding-dialog.tsx";
import {
  useAddPrice,
  useAddTrade,
  useDeleteHolding,
  useDeletePrice,
  useDeleteTrade,
  useHolding,
} from "./investments.queries.ts";
import { PriceDialog } from "./price-dialog.tsx";
import { TradeDialog, useHoldingFormat } from "./trade-dialog.tsx";

const investmentsPath = "/dashboard/investments";

/**
 * One holding's own page (/dashboard/investments/holdings/:holdingId): its figures for the
 * scope, its trades and prices newest first, and the ways to change them.
 */
export function HoldingDetailPage({ account, holdingId }: { account: Account; holdingId: string }) {
  const { t } = useTranslation("holdings");
  const { member } = useScope(account);
  const detail = useHolding(holdingId, member?.id ?? null);
  // Kept here, above the view: after a delete the holding's query fails (it is gone), and the
  // view must stay until the page has moved on.
  const removeHolding = useDeleteHolding();
  const leaving = removeHolding.isPending || removeHolding.isSuccess;

  if (detail.isPending) return <DetailPageLoading back={<BackLink />} />;
  const data = detail.data;
  if (!data || (detail.isError && !leaving)) {
    const missing = detail.error instanceof ApiError && detail.error.code === "NOT_FOUND";
    return (
      <DetailPageMissing
        back={<BackLink />}
        title={missing ? t("detail.notFound") : t("loadFailed")}
        detail={missing ? null : errorText(t, detail.error)}
        testId="holding-not-found"
      />
    );
  }
  return (
    <HoldingDetailView
      detail={data}
      scopeName={member?.name ?? null}
      removeHolding={removeHolding}
    />
  );
}

function BackLink() {
  const { t } = useTranslation("holdings");
  return <AreaBackLink to={investmentsPath}>{t("detail.back")}</AreaBackLink>;
}

type Dialog = "trade" | "price" | "edit" | null;

function HoldingDetailView({
  detail,
  scopeName,
  removeHolding,
}: {
  detail: HoldingDetail;
  scopeName: string | null;
  removeHolding: ReturnType<typeof useDeleteHolding>;
}) {
  const { t } = useTranslation("holdings");
  const navigate = useNavigate();
  const format = useHoldingFormat();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const latest = detail.latestPrice;

  const details = [
    detail.symbol,
    detail.isin,
    t(`kinds.${detail.kind}`),
    detail.currency === "EUR" ? null : t("detail.currency", { currency: detail.currency }),
    t("detail.inPortfolio", { name: detail.portfolioName }),
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <DashboardPage data-testid="holding-detail">
      <BackLink />
      <PageHeader icon={pageIcons.investments} title={detail.name} description={details} />

      <div className="flex flex-wrap gap-2" role="group" aria-label={t("detail.actions")}>
        <Button size="sm" onClick={() => setDialog("trade")}>
          <PlusIcon aria-hidden="true" />
          {t("detail.addTrade")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog("price")}>
          <TagIcon aria-hidden="true" />
          {t("detail.enterPrice")}
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

      <Figures detail={detail} scopeName={scopeName} />

      {latest?.stale ? (
        <div
          className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-50"
          data-testid="holding-stale-notice"
        >
          <p className="flex items-start gap-2 text-pretty">
            <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t("figures.staleNotice", {
              date: format.day(latest.pricedOn, true),
              days: staleAfterDays,
            })}
          </p>
          <Button
            size="sm"
            variant="outline"
            className="shrink-0 self-start bg-background sm:self-center"
            onClick={() => setDialog("price")}
          >
            {t("detail.enterPrice")}
          </Button>
        </div>
      ) : null}

      <Trades detail={detail} onAdd={() => setDialog("trade")} />
      <Prices detail={detail} onAdd={() => setDialog("price")} />

      {dialog === "trade" ? <TradeDialog holding={detail} onClose={() => setDialog(null)} /> : null}
      {dialog === "price" ? <PriceDialog holding={detail} onClose={() => setDialog(null)} /> : null}
      <HoldingDialog
        open={dialog === "edit"}
        onOpenChange={(open) => setDialog(open ? "edit" : null)}
        portfolioId={detail.portfolioId}
        holding={detail}
      />

      <ConfirmDelete
        item={confirmDelete ? detail : null}
        onClose={() => setConfirmDelete(false)}
        title={t("detail.deleteTitle", { name: detail.name })}
        description={() => t("detail.deleteBody")}
        confirmLabel={t("detail.deleteConfirm")}
        remove={removeHolding}
        deleted={() => t("detail.deleted", { name: detail.name })}
        failed={t("detail.deleteFailed")}
        errorOf={(error) => errorText(t, error)}
        onDeleted={() => void navigate(investmentsPath, { replace: true })}
      />
    </DashboardPage>
  );
}

/** Green for a gain, red for a loss, plain for nothing. */
const gainClass = (cents: number) =>
  cents > 0
    ? "text-emerald-700 dark:text-emerald-400"
    : cents < 0
      ? "text-red-700 dark:text-red-400"
      : undefined;

function Figures({ detail, scopeName }: { detail: HoldingDetail; scopeName: string | null }) {
  const { t } = useTranslation("holdings");
  const format = useHoldingFormat();
  const latest = detail.latestPrice;
  /** Units without any price: there is no value to show (rather than €0). */
  const unpriced = latest === null && detail.quantity > 0;

  const small = (
    label: string,
    testId: string,
    value: ReactNode,
    extra?: ReactNode,
    valueClass?: string,
  ) => (
    <div className="min-w-0 space-y-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn("text-lg font-medium tabular-nums", valueClass)} data-testid={testId}>
        {value}
      </dd>
      {extra}
    </div>
  );

  return (
    <section aria-labelledby="holding-figures-title" className="grid gap-2">
      <h2 id="holding-figures-title" className="sr-only">
        {t("figures.title")}
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-5 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-4 sm:p-6">
        <div className="col-span-2 min-w-0 space-y-1">
          <dt className="text-sm text-muted-foreground">{t("figures.value")}</dt>
          <dd
            className="text-2xl font-semibold tracking-tight tabular-nums"
            data-testid="holding-value"
          >
            {unpriced ? "—" : format.money(detail.valueCents)}
          </dd>
          {unpriced ? (
            <dd className="text-xs text-muted-foreground">{t("figures.noPriceHint")}</dd>
          ) : null}
        </div>
        <div className="col-span-2 min-w-0 space-y-1">
          <dt className="text-sm text-muted-foreground">{t("figures.unrealised")}</dt>
          <dd
            className={cn(
              "text-2xl font-semibold tracking-tight tabular-nums",
              unpriced ? undefined : gainClass(detail.unrealisedCents),
            )}
            data-testid="holding-unrealised"
          >
            {unpriced ? "—" : format.signed(detail.unrealisedCents)}
          </dd>
          {!unpriced && detail.unrealisedPercent !== null ? (
            <dd
              className={cn("text-sm tabular-nums", gainClass(detail.unrealisedCents))}
              data-testid="holding-unrealised-percent"
            >
              {t("figures.ofCost", { percent: format.signedPercent(detail.unrealisedPercent) })}
            </dd>
          ) : null}
        </div>

        {small(t("figures.quantity"), "holding-quantity", format.units(detail.quantity))}
        {small(
          t("figures.price"),
          "holding-price",
          latest ? format.price(latest.price, detail.currency) : t("figures.noPrice"),
          latest ? (
            <dd className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
              <span data-testid="holding-price-date">
                {t("figures.asOf", { date: format.day(latest.pricedOn, true) })}
              </span>
              {latest.stale ? (
                <Badge
                  variant="premium"
                  data-testid="holding-price-stale"
                  title={t("figures.staleTitle", { days: staleAfterDays })}
                >
                  {t("figures.stale")}
                </Badge>
              ) : null}
              {detail.currency === "EUR" ? null : (
                <span className="basis-full">
                  {t("figures.rate", {
                    rate: format.decimal(latest.fxRate),
                    currency: detail.currency,
                  })}
                </span>
              )}
            </dd>
          ) : null,
          latest ? undefined : "text-base text-muted-foreground",
        )}
        {small(t("figures.cost"), "holding-cost", format.money(detail.costCents))}
        {small(
          t("figures.realised"),
          "holding-realised",
          format.signed(detail.realisedCents),
          undefined,
          gainClass(detail.realisedCents),
        )}
        {small(t("figures.dividends"), "holding-dividends", format.money(detail.dividendsCents))}
        {small(t("figures.fees"), "holding-fees", format.money(detail.feesCents))}
        {small(
          t("figures.xirr"),
          "holding-xirr",
          detail.xirr === null ? (
            <>
              <span aria-hidden="true">—</span>
              <span className="sr-only">{t("figures.xirrNoneLabel")}</span>
            </>
          ) : (
            format.signedPercent(detail.xirr * 100)
          ),
          detail.xirr === null ? (
            <dd className="text-xs text-muted-foreground">{t("figures.xirrNone")}</dd>
          ) : (
            <dd className="text-xs text-muted-foreground">{t("figures.xirrHint")}</dd>
          ),
          detail.xirr === null ? undefined : gainClass(detail.xirr),
        )}
      </dl>
      {scopeName ? (
        <p className="text-xs text-muted-foreground" data-testid="holding-scope-note">
          {t("figures.scopeNote", { name: scopeName })}
        </p>
      ) : null}
    </section>
  );
}

/** How many trades show before "Show all". */
const firstTrades = 12;

/** A trade as the request that books it again (the server ignores what its kind does not use). */
const tradeAgain = (trade: Trade) => ({
  kind: trade.kind,
  occurredOn: trade.occurredOn,
  quantity: trade.quantity,
  price: trade.price,
  fxRate: trade.fxRate,
  amountCents: trade.amountCents,
  feesCents: trade.feesCents,
  taxCents: trade.taxCents,
  ratio: trade.ratio,
  note: trade.note,
});

function Trades({ detail, onAdd }: { detail: HoldingDetail; onAdd: () => void }) {
  const { t } = useTranslation("holdings");
  const format = useHoldingFormat();
  const remove = useDeleteTrade();
  const add = useAddTrade();
  const [deleting, setDeleting] = useState<Trade | null>(null);
  const [all, setAll] = useState(false);
  const shown = all ? detail.trades : detail.trades.slice(0, firstTrades);
  const foreign = detail.currency !== "EUR";

  const units = (quantity: number) =>
    t("trades.units", { count: quantity, units: format.units(quantity) });

  /** The trade's own numbers besides its euro amount: units, price, rate, ratio. */
  const what = (trade: Trade): string | null => {
    switch (trade.kind) {
      case "buy":
      case "sell":
        return [
          trade.quantity !== null && trade.price !== null
            ? t("trades.unitsAtPrice", {
                units: units(trade.quantity),
                price: format.price(trade.price, detail.currency),
              })
            : null,
          foreign
            ? t("figures.rate", { rate: format.decimal(trade.fxRate), currency: detail.currency })
            : null,
        ]
          .filter(Boolean)
          .join(" · ");
      case "transfer-in":
      case "transfer-out":
        return trade.quantity === null ? null : units(trade.quantity);
      case "split":
        return trade.ratio === null
          ? null
          : t("trades.splitRatio", { ratio: format.decimal(trade.ratio) });
      default:
        return null;
    }
  };

  /** Whether the trade has a euro amount to show. */
  const hasAmount = (trade: Trade) => trade.kind !== "transfer-out" && trade.kind !== "split";

  const describe = (trade: Trade) =>
    [
      t(`tradeKinds.${trade.kind}`),
      format.day(trade.occurredOn, true),
      what(trade),
      hasAmount(trade) ? format.money(trade.amountCents) : null,
    ]
      .filter(Boolean)
      .join(", ");

  const undo = (trade: Trade) => ({
    label: t("undo"),
    onClick: () =>
      add.mutate(
        { holdingId: detail.id, input: tradeAgain(trade) },
        {
          onSuccess: () => toast.success(t("trades.restored")),
          onError: (error) =>
            toast.error(t("trades.restoreFailed"), { description: errorText(t, error) }),
        },
      ),
  });

  return (
    <Card className="gap-4" data-testid="trades">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 max-sm:px-4">
        <div className="space-y-1">
          <CardTitle className="text-base">{t("trades.title")}</CardTitle>
          <CardDescription>{t("trades.description")}</CardDescription>
        </div>
        {detail.trades.length === 0 ? null : (
          <Button size="sm" variant="outline" onClick={onAdd}>
            <PlusIcon aria-hidden="true" />
            {t("detail.addTrade")}
          </Button>
        )}
      </CardHeader>
      <CardContent className="max-sm:px-4">
        {detail.trades.length === 0 ? (
          <div
            className="grid justify-items-center gap-3 rounded-lg border border-dashed bg-muted/40 px-4 py-6 text-center"
            data-testid="trades-empty"
          >
            <p className="text-sm text-muted-foreground text-pretty">{t("trades.empty")}</p>
            <Button size="sm" onClick={onAdd}>
              <PlusIcon aria-hidden="true" />
              {t("trades.addFirst")}
            </Button>
          </div>
        ) : (
          <ul className="-mx-2 grid divide-y" aria-label={t("trades.title")}>
            {shown.map((trade) => {
              const numbers = what(trade);
              return (
                <li
                  key={trade.id}
                  className="flex items-center gap-3 px-2 py-2.5"
                  data-testid="trade"
                  data-kind={trade.kind}
                >
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium">
                      {t(`tradeKinds.${trade.kind}`)}
                      {numbers ? (
                        <span className="font-normal text-muted-foreground tabular-nums">
                          {" · "}
                          {numbers}
                        </span>
                      ) : null}
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      {format.day(trade.occurredOn, true)}
                      {trade.note ? ` · ${trade.note}` : ""}
                    </p>
                  </div>
                  <div className="shrink-0 text-right">
                    {hasAmount(trade) ? (
                      <p className="text-sm font-semibold tabular-nums" data-testid="trade-amount">
                        {format.money(trade.amountCents)}
                      </p>
                    ) : null}
                    {trade.feesCents > 0 ? (
                      <p className="text-xs text-muted-foreground tabular-nums">
                        {t("trades.fees", { amount: format.money(trade.feesCents) })}
                      </p>
                    ) : null}
                    {trade.taxCents > 0 ? (
                      <p className="text-xs text-muted-foreground tabular-nums">
                        {t("trades.tax", { amount: format.money(trade.taxCents) })}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 shrink-0 text-muted-foreground hover:text-destructive"
                    aria-label={t("trades.deleteNamed", { what: describe(trade) })}
                    onClick={() => setDeleting(trade)}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {detail.trades.length > firstTrades ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="mt-2"
            aria-expanded={all}
            onClick={() => setAll((value) => !value)}
          >
            {all ? t("trades.showFewer") : t("trades.showAll", { count: detail.trades.length })}
          </Button>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t("trades.deleteTitle")}
        description={deleting ? t("trades.deleteBody", { what: describe(deleting) }) : ""}
        confirmLabel={t("trades.delete")}
        pending={remove.isPending}
        onConfirm={() => {
          const trade = deleting;
          if (!trade) return;
          remove.mutate(trade.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t("trades.deleted"), { action: undo(trade) });
            },
            onError: (error) => {
              // A later sell needs this trade (409): asking again will not help.
              if (error instanceof ApiError && error.status === 409) setDeleting(null);
              toast.error(t("trades.deleteFailed"), { description: errorText(t, error) });
            },
          });
        }}
      />
    </Card>
  );
}

function Prices({ detail, onAdd }: { detail: HoldingDetail; onAdd: () => void }) {
  const { t } = useTranslation("holdings");
  const format = useHoldingFormat();
  const remove = useDeletePrice();
  const add = useAddPrice();
  const foreign = detail.currency !== "EUR";

  const onDelete = (price: Price) =>
    remove.mutate(price.id, {
      onSuccess: () =>
        toast.success(t("prices.deleted"), {
          action: {
            label: t("undo"),
            onClick: () =>
              add.mutate(
                {
                  holdingId: detail.id,
                  input: { pricedOn: price.pricedOn, price: price.price, fxRate: price.fxRate },
                },
                {
                  onError: (error) =>
                    toast.error(t("prices.restoreFailed"), { description: errorText(t, error) }),
                },
              ),
          },
        }),
      onError: (error) =>
        toast.error(t("prices.deleteFailed"), { description: errorText(t, error) }),
    });

  return (
    <Card className="gap-4" data-testid="prices">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 max-sm:px-4">
        <div className="space-y-1">
          <CardTitle className="text-base">{t("prices.title")}</CardTitle>
          <CardDescription>{t("prices.description")}</CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={onAdd}>
          <TagIcon aria-hidden="true" />
          {t("detail.enterPrice")}
        </Button>
      </CardHeader>
      <CardContent className="max-sm:px-4">
        {detail.prices.length === 0 ? (
          <p
            className="rounded-lg border border-dashed bg-muted/40 px-4 py-6 text-center text-sm text-muted-foreground text-pretty"
            data-testid="prices-empty"
          >
            {t("prices.empty")}
          </p>
        ) : (
          <ul className="-mx-2 grid divide-y" aria-label={t("prices.title")}>
            {detail.prices.map((price) => (
              <li key={price.id} className="flex items-center gap-3 px-2 py-2" data-testid="price">
                <span className="min-w-0 flex-1 text-sm">{format.day(price.pricedOn, true)}</span>
                <span className="text-right tabular-nums">
                  <span className="block font-medium" data-testid="price-value">
                    {format.price(price.price, detail.currency)}
                  </span>
                  {foreign ? (
                    <span className="block text-xs text-muted-foreground">
                      {t("figures.rate", {
                        rate: format.decimal(price.fxRate),
                        currency: detail.currency,
                      })}
                    </span>
                  ) : null}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0 text-muted-foreground hover:text-destructive"
                  aria-label={t("prices.deleteNamed", {
                    price: format.price(price.price, detail.currency),
                    date: format.day(price.pricedOn, true),
                  })}
                  disabled={remove.isPending}
                  onClick={() => onDelete(price)}
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
