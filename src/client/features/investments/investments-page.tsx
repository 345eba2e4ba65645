import {
  BriefcaseIcon,
  ChevronRightIcon,
  CoinsIcon,
  PencilIcon,
  PercentIcon,
  PlusIcon,
  Trash2Icon,
  TrendingUpIcon,
  UploadIcon,
  WalletIcon,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "#client/lib/toast.ts";
import { EmptyState } from "#client/components/empty-state.tsx";
import { DashboardPage, PageHeader } from "#client/components/layout/dashboard-page.tsx";
import { pageIcons } from "#client/components/layout/nav-items.ts";
import { FigureCard } from "#client/components/figure-card.tsx";
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
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { BreakdownCard, type BreakdownItem } from "#client/features/dashboard/charts.tsx";
import { seriesFill } from "#client/features/dashboard/month-chart.tsx";
import { ScopeLine, useScope } from "#client/features/households/scope-picker.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { usePeople } from "#client/features/savings/use-people.ts";
import { ownerLabel } from "#client/features/savings/savings-format.ts";
import { ApiError } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import type {
  HoldingSummary,
  InvestmentTotals,
  PortfolioList,
  PortfolioSummary,
} from "#shared/schemas/investments.schema.ts";
import { HoldingDialog } from "./holding-dialog.tsx";
import { InvestmentsLockedPage } from "./investments-locked.tsx";
import { useDeletePortfolio, useInvestmentsHistory, usePortfolios } from "./investments.queries.ts";
import { PortfolioDialog } from "./portfolio-dialog.tsx";
import { TradeImportDialog } from "./trade-import-dialog.tsx";
import { ValueCard } from "./value-chart.tsx";
import { useInvestmentsFormat } from "./investments-format.ts";

/** The path of a holding's own page. */
export const holdingPath = (id: string) => `/dashboard/investments/holdings/${id}`;

/** A gain's colour: green up, red down, plain at nothing. */
export const gainClass = (cents: number) =>
  cents > 0
    ? "text-emerald-700 dark:text-emerald-400"
    : cents < 0
      ? "text-red-700 dark:text-red-400"
      : "";

/**
 * Investments (Premium): what the scope's holdings are worth and have earned, their value over
 * time, their allocation, and every portfolio with its holdings.
 */
export function InvestmentsPage({ account }: { account: Account }) {
  const { t } = useTranslation("investments");
  const { t: tDashboard } = useTranslation("dashboard");
  const { member } = useScope(account);
  const memberId = member?.id ?? null;
  const portfolios = usePortfolios(memberId);
  const [creating, setCreating] = useState(false);
  if (portfolios.error instanceof ApiError && portfolios.error.code === "PLAN_REQUIRED") {
    return <InvestmentsLockedPage plan="free" owner={account.member.role === "owner"} />;
  }
  const list = portfolios.data;
  const hasHoldings = (list?.portfolios ?? []).some((p) => p.holdings.length > 0);

  return (
    <DashboardPage>
      <PageHeader
        icon={pageIcons.investments}
        title={tDashboard("areas.investments.title")}
        description={tDashboard("areas.investments.description")}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ScopeLine account={account} />
        <Button size="sm" onClick={() => setCreating(true)} data-testid="new-portfolio">
          <PlusIcon aria-hidden="true" />
          {t("portfolios.new")}
        </Button>
      </div>
      <Figures totals={list?.totals} asOf={list?.asOf ?? null} loading={portfolios.isPending} />
      {portfolios.isError && !portfolios.isPending ? (
        <p className="text-sm text-destructive" role="alert">
          {t("loadFailed")} {errorText(t, portfolios.error)}
        </p>
      ) : null}
      {list && hasHoldings ? (
        <>
          <History memberId={memberId} list={list} />
          <Allocation list={list} />
        </>
      ) : null}
      <Portfolios
        account={account}
        list={list}
        loading={portfolios.isPending}
        memberId={memberId}
        onCreate={() => setCreating(true)}
      />
      {creating ? (
        <PortfolioDialog
          account={account}
          editing={null}
          scopeMemberId={memberId}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </DashboardPage>
  );
}

function Figures({
  totals,
  asOf,
  loading,
}: {
  totals: InvestmentTotals | undefined;
  asOf: string | null;
  loading: boolean;
}) {
  const { t } = useTranslation("investments");
  const format = useInvestmentsFormat();
  const icon = (Icon: typeof WalletIcon) => (
    <Icon className="size-4 text-primary" aria-hidden="true" />
  );
  return (
    <section
      aria-label={t("figures.label")}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
    >
      <FigureCard
        label={t("figures.value")}
        value={format.money(totals?.valueCents ?? 0)}
        hint={asOf ? t("figures.asOf", { date: format.day(asOf, true) }) : t("figures.noPrice")}
        loading={loading}
        testId="investments-value"
        icon={icon(WalletIcon)}
      />
      <FigureCard
        label={t("figures.unrealised")}
        value={format.signed(totals?.unrealisedCents ?? 0)}
        valueClass={gainClass(totals?.unrealisedCents ?? 0)}
        hint={t("figures.unrealisedHint", {
          percent: format.gainPercent(totals?.unrealisedPercent ?? null),
          cost: format.money(totals?.costCents ?? 0),
        })}
        loading={loading}
        testId="investments-unrealised"
        icon={icon(TrendingUpIcon)}
      />
      <FigureCard
        label={t("figures.realised")}
        value={format.signed(totals?.realisedCents ?? 0)}
        valueClass={gainClass(totals?.realisedCents ?? 0)}
        hint={t("figures.realisedHint", {
          dividends: format.money(totals?.dividendsCents ?? 0),
          fees: format.money(totals?.feesCents ?? 0),
        })}
        loading={loading}
        testId="investments-realised"
        icon={icon(CoinsIcon)}
      />
      <FigureCard
        label={t("figures.yearly")}
        value={format.yearly(totals?.xirr ?? null)}
        hint={totals?.xirr == null ? t("figures.yearlyNone") : t("figures.yearlyHint")}
        loading={loading}
        testId="investments-xirr"
        icon={icon(PercentIcon)}
      />
    </section>
  );
}

function History({ memberId, list }: { memberId: string | null; list: PortfolioList }) {
  const { t } = useTranslation("investments");
  const history = useInvestmentsHistory(memberId);
  const order = new Map(list.portfolios.map((p, index) => [p.id, index]));
  if (history.isPending) return <Skeleton className="h-80 w-full" />;
  if (history.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        {t("history.failed")} {errorText(t, history.error)}
      </p>
    );
  return <ValueCard history={history.data} fillOf={(id) => seriesFill(order.get(id) ?? 0)} />;
}

/** Holdings' kinds, each its colour. */
const kindFills = [
  "oklch(0.623 0.214 259.8)",
  "oklch(0.696 0.17 162.5)",
  "oklch(0.769 0.188 70.1)",
  "oklch(0.606 0.25 292.7)",
  "oklch(0.645 0.246 16.4)",
  "oklch(0.715 0.143 215.2)",
];

function Allocation({ list }: { list: PortfolioList }) {
  const { t } = useTranslation("investments");
  const { t: tHoldings } = useTranslation("holdings");
  const byKind: BreakdownItem[] = list.allocation.byKind.map((part, index) => ({
    key: part.kind,
    label: tHoldings(`kinds.${part.kind}`),
    fill: kindFills[index % kindFills.length] ?? "var(--primary)",
    cents: part.valueCents,
  }));
  const byHolding: BreakdownItem[] = list.allocation.byHolding.map((part, index) => ({
    key: part.id,
    label: part.name,
    fill: seriesFill(index),
    cents: part.valueCents,
    href: holdingPath(part.id),
  }));
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <BreakdownCard
        title={t("allocation.byKind")}
        items={byKind}
        labelHead={t("allocation.kind")}
        testId="allocation-kind"
      />
      <BreakdownCard
        title={t("allocation.byHolding")}
        items={byHolding}
        other={(rest) => ({
          key: "other",
          label: t("allocation.other", { count: rest.length }),
          fill: "var(--muted-foreground)",
          cents: rest.reduce((sum, item) => sum + item.cents, 0),
        })}
        labelHead={t("allocation.holding")}
        testId="allocation-holding"
      />
    </div>
  );
}

function Portfolios({
  account,
  list,
  loading,
  memberId,
  onCreate,
}: {
  account: Account;
  list: PortfolioList | undefined;
  loading: boolean;
  memberId: string | null;
  onCreate: () => void;
}) {
  const { t } = useTranslation("investments");
  if (loading) {
    return (
      <div className="grid gap-3" aria-busy="true">
        {[0, 1].map((index) => (
          <Skeleton key={index} className="h-40 w-full" />
        ))}
      </div>
    );
  }
  const portfolios = list?.portfolios ?? [];
  if (portfolios.length === 0) {
    return (
      <EmptyState
        icon={BriefcaseIcon}
        title={t("portfolios.emptyTitle")}
        body={t("portfolios.emptyBody")}
        testId="investments-empty"
        action={
          <Button size="sm" onClick={onCreate}>
            <PlusIcon aria-hidden="true" />
            {t("portfolios.addFirst")}
          </Button>
        }
      />
    );
  }
  return (
    <section aria-label={t("portfolios.label")} className="grid gap-6">
      {portfolios.map((portfolio, index) => (
        <PortfolioCard
          key={portfolio.id}
          account={account}
          portfolio={portfolio}
          fill={seriesFill(index)}
          memberId={memberId}
        />
      ))}
    </section>
  );
}

function PortfolioCard({
  account,
  portfolio,
  fill,
  memberId,
}: {
  account: Account;
  portfolio: PortfolioSummary;
  fill: string;
  memberId: string | null;
}) {
  const { t } = useTranslation("investments");
  const { t: tSavings } = useTranslation("savings");
  const format = useInvestmentsFormat();
  const { nameOf } = usePeople(account);
  const [dialog, setDialog] = useState<"edit" | "holding" | "import" | "delete" | null>(null);
  const remove = useDeletePortfolio();
  const details = [portfolio.broker, ownerLabel(portfolio.owner, nameOf, tSavings, format.language)]
    .filter(Boolean)
    .join(" · ");
  const partial = memberId !== null && portfolio.owner.kind === "shared";

  return (
    <Card className="gap-4" data-testid="portfolio" data-portfolio-id={portfolio.id}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 max-sm:px-4">
        <div className="min-w-0 space-y-1">
          <CardTitle className="flex flex-wrap items-center gap-2 text-base">
            <span
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: fill }}
              aria-hidden="true"
            />
            <h2>{portfolio.name}</h2>
            {portfolio.closed ? <Badge variant="muted">{t("portfolios.closed")}</Badge> : null}
          </CardTitle>
          <CardDescription>
            {details}
            {partial ? ` · ${t("portfolios.yourShare")}` : ""}
          </CardDescription>
        </div>
        <div className="text-right">
          <p
            className="text-lg font-semibold tracking-tight tabular-nums sm:text-xl"
            data-testid="portfolio-value"
          >
            {format.money(portfolio.totals.valueCents)}
          </p>
          <p className={cn("text-sm tabular-nums", gainClass(portfolio.totals.unrealisedCents))}>
            {format.signed(portfolio.totals.unrealisedCents)} (
            {format.gainPercent(portfolio.totals.unrealisedPercent)})
          </p>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 max-sm:px-4">
        {portfolio.holdings.length === 0 ? (
          <p className="rounded-lg border border-dashed bg-muted/40 p-4 text-sm text-muted-foreground">
            {t("holdings.empty")}
          </p>
        ) : (
          <HoldingsTable holdings={portfolio.holdings} />
        )}
        <div className="flex flex-wrap items-center gap-2">
          {portfolio.closed ? null : (
            <Button size="sm" variant="outline" onClick={() => setDialog("holding")}>
              <PlusIcon aria-hidden="true" />
              {t("holdings.add")}
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={() => setDialog("import")}
            aria-label={t("import.buttonNamed", { name: portfolio.name })}
            data-testid="import-trades"
          >
            <UploadIcon aria-hidden="true" />
            <span className="max-sm:sr-only">{t("import.button")}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setDialog("edit")}
            aria-label={t("portfolios.editNamed", { name: portfolio.name })}
          >
            <PencilIcon aria-hidden="true" />
            <span className="max-sm:sr-only">{t("portfolios.edit")}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive"
            onClick={() => setDialog("delete")}
            aria-label={t("portfolios.deleteNamed", { name: portfolio.name })}
          >
            <Trash2Icon aria-hidden="true" />
            <span className="max-sm:sr-only">{t("portfolios.delete")}</span>
          </Button>
        </div>
      </CardContent>
      {dialog === "edit" ? (
        <PortfolioDialog account={account} editing={portfolio} onClose={() => setDialog(null)} />
      ) : null}
      <HoldingDialog
        open={dialog === "holding"}
        onOpenChange={(open) => setDialog(open ? "holding" : null)}
        portfolioId={portfolio.id}
      />
      <TradeImportDialog
        open={dialog === "import"}
        onOpenChange={(open) => setDialog(open ? "import" : null)}
        portfolio={portfolio}
      />
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(open) => setDialog(open ? "delete" : null)}
        title={t("portfolios.deleteTitle", { name: portfolio.name })}
        description={t("portfolios.deleteBody")}
        confirmLabel={t("portfolios.deleteConfirm")}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(portfolio.id, {
            onSuccess: () => {
              setDialog(null);
              toast.success(t("portfolios.deleted", { name: portfolio.name }));
            },
            onError: (error) =>
              toast.error(t("portfolios.deleteFailed"), { description: errorText(t, error) }),
          })
        }
      />
    </Card>
  );
}

function HoldingsTable({ holdings }: { holdings: HoldingSummary[] }) {
  const { t } = useTranslation("investments");
  const { t: tHoldings } = useTranslation("holdings");
  const format = useInvestmentsFormat();
  return (
    <ul className="grid gap-2" aria-label={t("holdings.label")}>
      {holdings.map((holding) => (
        <li key={holding.id} data-testid="holding-row" data-holding-id={holding.id}>
          <Link
            to={holdingPath(holding.id)}
            className="grid grid-cols-[1fr_auto_auto] items-center gap-x-3 gap-y-1 rounded-lg border p-3 hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <span className="min-w-0">
              <span className="block truncate font-medium">{holding.name}</span>
              <span className="block truncate text-xs text-muted-foreground">
                {[holding.symbol, tHoldings(`kinds.${holding.kind}`)].filter(Boolean).join(" · ")}
                {" · "}
                {t("holdings.units", { units: format.units(holding.quantity) })}
                {holding.latestPrice ? (
                  <>
                    {" · "}
                    {t("holdings.priceOn", {
                      price: format.price(holding.latestPrice.price, holding.currency),
                      date: format.day(holding.latestPrice.pricedOn),
                    })}
                  </>
                ) : null}
              </span>
              {holding.latestPrice?.stale ? (
                <Badge variant="muted" className="mt-1" data-testid="holding-stale">
                  {t("holdings.stale")}
                </Badge>
              ) : null}
            </span>
            <span className="text-right">
              <span className="block font-medium tabular-nums" data-testid="holding-row-value">
                {format.money(holding.valueCents)}
              </span>
              <span
                className={cn("block text-xs tabular-nums", gainClass(holding.unrealisedCents))}
                data-testid="holding-row-gain"
              >
                {format.signed(holding.unrealisedCents)} (
                {format.gainPercent(holding.unrealisedPercent)})
              </span>
            </span>
            <ChevronRightIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
