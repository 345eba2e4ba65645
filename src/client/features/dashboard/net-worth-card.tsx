import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { openPlanDialog } from "#client/features/billing/plan-dialog-store.ts";
import { useInvestmentsFormat } from "#client/features/investments/investments-format.ts";
import { useNetWorth, usePortfolios } from "#client/features/investments/investments.queries.ts";
import { cn } from "#client/lib/cn.ts";
import type { NetWorth } from "#shared/schemas/investments.schema.ts";
import { ChartCard, DataTable } from "./chart-card.tsx";
import { MonthChart } from "./month-chart.tsx";

const linkClass =
  "rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

/** The investments card's figure: what the scope's holdings are worth and their gain. */
export function InvestedFigure({ member }: { member: string | null }) {
  const { t } = useTranslation("dashboard");
  const format = useInvestmentsFormat();
  const portfolios = usePortfolios(member);
  if (portfolios.isPending) return <Skeleton className="h-12 w-40" />;
  const list = portfolios.data;
  if (!list || list.portfolios.every((p) => p.holdings.length === 0)) {
    return (
      <p className="flex-1 text-sm text-muted-foreground text-pretty">
        {t("overview.areas.investments.empty")}
      </p>
    );
  }
  return (
    <div className="flex-1 space-y-1" data-testid="invested-figure">
      <p className="text-2xl font-semibold tabular-nums" data-testid="invested-total">
        {format.money(list.totals.valueCents)}
      </p>
      <p className="text-sm text-muted-foreground">
        {t("overview.areas.investments.figure", {
          gain: format.signed(list.totals.unrealisedCents),
          percent: format.gainPercent(list.totals.unrealisedPercent),
        })}
      </p>
    </div>
  );
}

/**
 * The net worth card's figure: today's, with its parts, each linking to its area. Below Pro the
 * debts are not counted (`debtsLocked`): the card says so, with the way to Pro for the owner and
 * whom to ask for a member, rather than a 0 that looks real.
 */
export function NetWorthFigure({ member, owner }: { member: string | null; owner: boolean }) {
  const { t } = useTranslation("dashboard");
  const format = useInvestmentsFormat();
  const worth = useNetWorth(member);
  if (worth.isPending) return <Skeleton className="h-12 w-40" />;
  const today = worth.data?.today;
  if (!today || worth.data?.months.length === 0) {
    return (
      <p className="flex-1 text-sm text-muted-foreground text-pretty">
        {t("overview.areas.netWorth.empty")}
      </p>
    );
  }
  const locked = worth.data?.debtsLocked ?? false;
  return (
    <div className="flex-1 space-y-2" data-testid="net-worth-figure">
      <p className="text-2xl font-semibold tabular-nums" data-testid="net-worth-total">
        {format.money(today.netWorthCents)}
      </p>
      <ul className="grid gap-1 text-sm">
        <li className="flex justify-between gap-3">
          <Link to="/dashboard/saving" className={linkClass}>
            {t("overview.netWorth.savings")}
          </Link>
          <span className="tabular-nums" data-testid="net-worth-savings">
            {format.money(today.savingsCents)}
          </span>
        </li>
        <li className="flex justify-between gap-3">
          <Link to="/dashboard/investments" className={linkClass}>
            {t("overview.netWorth.investments")}
          </Link>
          <span className="tabular-nums" data-testid="net-worth-investments">
            {format.money(today.investmentsCents)}
          </span>
        </li>
        {locked ? (
          <li className="flex justify-between gap-3 text-muted-foreground">
            <span>{t("overview.netWorth.debts")}</span>
            <span data-testid="net-worth-debts-locked">{t("overview.netWorth.debtsLocked")}</span>
          </li>
        ) : (
          <li className="flex justify-between gap-3">
            <Link to="/dashboard/loans" className={linkClass}>
              {t("overview.netWorth.debts")}
            </Link>
            <span className="tabular-nums" data-testid="net-worth-debts">
              {format.money(today.debtsCents === 0 ? 0 : -today.debtsCents)}
            </span>
          </li>
        )}
      </ul>
      {locked ? (
        <div className="grid gap-2 text-xs text-muted-foreground">
          <p className="text-pretty">{t("overview.netWorth.debtsLockedNote")}</p>
          {owner ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start justify-self-start"
              onClick={() => openPlanDialog("pro")}
            >
              {t("overview.areas.upgrade", { plan: t("plans.pro") })}
            </Button>
          ) : (
            <p className="font-medium text-foreground" data-testid="ask-owner">
              {t("upgrade.askOwner")}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** Net worth month by month since the first record, as a chart or a table. */
export function NetWorthHistory({ member }: { member: string | null }) {
  const worth = useNetWorth(member);
  if (worth.isPending) return <Skeleton className="h-72 w-full" />;
  if (!worth.data || worth.data.months.length < 2) return null;
  return <NetWorthChart worth={worth.data} />;
}

function NetWorthChart({ worth }: { worth: NetWorth }) {
  const { t } = useTranslation("dashboard");
  const format = useInvestmentsFormat();
  const title = t("overview.netWorth.title");
  const months = worth.months;
  const rows = months.map((row) => ({ month: row.month, cents: { value: row.netWorthCents } }));
  const first = months[0];
  const last = months[months.length - 1];
  const summary =
    first && last
      ? t("overview.netWorth.summary", {
          from: format.money(first.netWorthCents),
          fromMonth: format.month(first.month),
          to: format.money(last.netWorthCents),
          toMonth: format.month(last.month),
        })
      : title;
  return (
    <ChartCard
      title={title}
      description={
        worth.debtsLocked
          ? t("overview.netWorth.descriptionLocked")
          : t("overview.netWorth.description")
      }
      testId="net-worth-history"
      chart={
        <MonthChart
          rows={rows}
          series={[
            {
              key: "value",
              name: title,
              color: "var(--primary)",
              // Below zero (a mortgage larger than what is saved) an area would fill away from
              // zero, towards the chart's top: a line reads right either way.
              kind: months.some((row) => row.netWorthCents < 0) ? "line" : "area",
              fillOpacity: 0.2,
            },
          ]}
          label={summary}
          className="h-56"
        />
      }
      table={
        <DataTable
          caption={title}
          head={[
            t("overview.netWorth.month"),
            t("overview.netWorth.savings"),
            t("overview.netWorth.investments"),
            ...(worth.debtsLocked ? [] : [t("overview.netWorth.debts")]),
            title,
          ]}
        >
          {[...months].reverse().map((row) => (
            <tr key={row.month}>
              <td className="whitespace-nowrap">{format.month(row.month)}</td>
              <td className="whitespace-nowrap">{format.money(row.savingsCents)}</td>
              <td className="whitespace-nowrap">{format.money(row.investmentsCents)}</td>
              {worth.debtsLocked ? null : (
                <td className="whitespace-nowrap">{format.money(row.debtsCents)}</td>
              )}
              <td className={cn("whitespace-nowrap font-medium")}>
                {format.money(row.netWorthCents)}
              </td>
            </tr>
          ))}
        </DataTable>
      }
    />
  );
}
