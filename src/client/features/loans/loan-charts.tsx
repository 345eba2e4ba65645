import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChartCard, DataTable } from "#client/features/dashboard/chart-card.tsx";
import {
  ChartLegend,
  MonthChart,
  seriesFill,
  type MonthMark,
  type MonthRow,
  type MonthSeries,
} from "#client/features/dashboard/month-chart.tsx";
import { currentMonth } from "#client/features/income-spending/money-format.ts";
import type { LoanDetail } from "#shared/schemas/loans.schema.ts";
import { usePartLabel } from "./extra-fields.tsx";
import { useLoansFormat } from "./loans-format.ts";
import { byYear, partBalances, rowsOf, wholeLoan } from "./schedule-rows.ts";

const interestFill = "oklch(0.769 0.188 70.1)";
const repaymentFill = "oklch(0.696 0.17 162.5)";
const todayStroke = "var(--muted-foreground)";

/**
 * A chart of the loan's months (this month marked with a dashed line when the loan runs through
 * it) in a card that can show `table` instead.
 */
function LoanChart({
  detail,
  title,
  description,
  rows,
  series,
  summary,
  table,
  testId,
}: {
  detail: LoanDetail;
  title: string;
  description: ReactNode;
  rows: MonthRow[];
  series: MonthSeries[];
  summary: string;
  table: ReactNode;
  testId: string;
}) {
  const now = currentMonth();
  const marks: MonthMark[] = detail.months.some((month) => month.month === now)
    ? [{ month: now, color: todayStroke, dash: "4 4" }]
    : [];
  return (
    <ChartCard
      title={title}
      description={description}
      testId={testId}
      chart={
        <MonthChart
          rows={rows}
          series={series}
          label={summary}
          marks={marks}
          evenTicks
          margin={{ top: 8, right: 12 }}
          className="h-64"
        />
      }
      table={table}
    />
  );
}

/**
 * What the loan owes at each month's end, each part stacked on the others, with this month
 * marked; or, as a table, what is owed at the end of each year.
 */
export function BalanceCard({ detail }: { detail: LoanDetail }) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const partLabel = usePartLabel();
  const balances = partBalances(detail);
  const rows = detail.months.map((month, index) => ({
    month: month.month,
    cents: balances[index] ?? {},
  }));
  const series: MonthSeries[] = detail.parts.map((part, index) => ({
    key: part.id,
    name: partLabel(part, index),
    color: seriesFill(index),
    kind: "area",
    stacked: true,
  }));
  const title = t("charts.balanceTitle");
  const first = detail.months[0];
  const last = detail.months.at(-1);
  const summary =
    first && last
      ? t("charts.balanceSummary", {
          from: format.money(first.balanceCents),
          fromMonth: format.month(first.month),
          to: format.money(last.balanceCents),
          toMonth: format.month(last.month),
        })
      : title;
  // The balance at each year's end: the last month of the year, per part and in all.
  const yearEnds = new Map<string, number>();
  detail.months.forEach((month, index) => yearEnds.set(month.month.slice(0, 4), index));

  return (
    <LoanChart
      detail={detail}
      title={title}
      description={
        detail.parts.length > 1 ? <ChartLegend items={series} /> : t("charts.balanceDescription")
      }
      rows={rows}
      series={series}
      summary={summary}
      testId="loan-balance-chart"
      table={
        <DataTable
          caption={title}
          head={[
            t("charts.yearEnd"),
            ...(detail.parts.length > 1 ? series.map((s) => s.name) : []),
            t("charts.owed"),
          ]}
        >
          {[...yearEnds].map(([year, index]) => (
            <tr key={year}>
              <td>{year}</td>
              {detail.parts.length > 1
                ? detail.parts.map((part) => (
                    <td key={part.id} className="whitespace-nowrap">
                      {format.money(balances[index]?.[part.id] ?? 0)}
                    </td>
                  ))
                : null}
              <td className="font-medium whitespace-nowrap">
                {format.money(detail.months[index]?.balanceCents ?? 0)}
              </td>
            </tr>
          ))}
        </DataTable>
      }
    />
  );
}

/**
 * Each month's payment split into interest and repayment (and extra repayments on top),
 * stacked: the interest falls as the balance does; or, as a table, the sums of each year.
 */
export function PaymentsCard({ detail }: { detail: LoanDetail }) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const hasExtras = detail.months.some((month) => month.extraRepaymentCents > 0);
  const rows = detail.months.map((month) => ({
    month: month.month,
    cents: { interest: month.interestCents, repayment: month.repaymentCents },
  }));
  // Extra repayments stay out of the drawing (one would dwarf every month's payment): the table
  // and the schedule have them.
  const series: MonthSeries[] = [
    {
      key: "interest",
      name: t("charts.interest"),
      color: interestFill,
      kind: "area",
      stacked: true,
    },
    {
      key: "repayment",
      name: t("charts.repayment"),
      color: repaymentFill,
      kind: "area",
      stacked: true,
    },
  ];
  const years = byYear(rowsOf(detail, wholeLoan));
  const title = t("charts.paymentsTitle");
  const first = years[0];
  const summary = first
    ? t("charts.paymentsSummary", {
        year: first.year,
        interest: format.money(first.interestCents),
        repayment: format.money(first.repaymentCents),
        total: format.money(detail.summary.totalInterestCents),
      })
    : title;

  return (
    <LoanChart
      detail={detail}
      title={title}
      description={
        <>
          <ChartLegend items={series} />
          {hasExtras ? <span className="mt-1 block">{t("charts.extrasInTable")}</span> : null}
        </>
      }
      rows={rows}
      series={series}
      summary={summary}
      testId="loan-payments-chart"
      table={
        <DataTable
          caption={title}
          head={[
            t("charts.year"),
            t("charts.interest"),
            t("charts.repayment"),
            ...(hasExtras ? [t("charts.extra")] : []),
            t("charts.paid"),
          ]}
        >
          {years.map((year) => (
            <tr key={year.year}>
              <td>{year.year}</td>
              <td className="whitespace-nowrap">{format.money(year.interestCents)}</td>
              <td className="whitespace-nowrap">{format.money(year.repaymentCents)}</td>
              {hasExtras ? (
                <td className="whitespace-nowrap">{format.money(year.extraRepaymentCents)}</td>
              ) : null}
              <td className="font-medium whitespace-nowrap">
                {format.money(year.paymentCents + year.extraRepaymentCents)}
              </td>
            </tr>
          ))}
        </DataTable>
      }
    />
  );
}
