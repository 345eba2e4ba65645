import { useTranslation } from "react-i18next";
import { ChartCard, DataTable } from "#client/features/dashboard/chart-card.tsx";
import {
  ChartLegend,
  MonthChart,
  type MonthSeries,
} from "#client/features/dashboard/month-chart.tsx";
import { useSavingsFormat } from "#client/features/savings/savings-format.ts";
import type { InvestmentsHistory } from "#shared/schemas/investments.schema.ts";

const costKey = "__cost";

/**
 * Month-end values of the scope's part of each portfolio, stacked, with the cost of the units
 * then held as a line (the gap between them is the unrealised gain); or the same as a table.
 */
export function ValueCard({
  history,
  fillOf,
}: {
  history: InvestmentsHistory;
  fillOf: (portfolioId: string) => string;
}) {
  const { t } = useTranslation("investments");
  const format = useSavingsFormat();
  const title = t("history.title", { count: history.months.length });
  const portfolios = history.portfolios.filter((p) => p.values.some((v) => v !== 0));
  const totalAt = (index: number) => portfolios.reduce((sum, p) => sum + (p.values[index] ?? 0), 0);
  const rows = history.months.map((month, index) => ({
    month,
    cents: {
      [costKey]: history.costs[index] ?? 0,
      ...Object.fromEntries(portfolios.map((p) => [p.id, p.values[index] ?? 0])),
    },
  }));
  const series: MonthSeries[] = [
    ...portfolios.map((p) => ({
      key: p.id,
      name: p.name,
      color: fillOf(p.id),
      kind: "area" as const,
      stacked: true,
    })),
    {
      key: costKey,
      name: t("history.cost"),
      color: "var(--foreground)",
      kind: "line",
      dash: "4 3",
      strokeWidth: 1.5,
    },
  ];
  const last = history.months.length - 1;
  const first = history.months[0];
  const final = history.months[last];
  const summary =
    first && final
      ? t("history.summary", {
          title,
          from: format.money(totalAt(0)),
          fromMonth: format.month(first),
          to: format.money(totalAt(last)),
          toMonth: format.month(final),
          cost: format.money(history.costs[last] ?? 0),
        })
      : title;

  return (
    <ChartCard
      title={title}
      description={<ChartLegend items={series} />}
      testId="investments-history"
      chart={<MonthChart rows={rows} series={series} label={summary} className="h-64" />}
      table={
        <DataTable
          caption={title}
          head={[
            t("history.month"),
            ...portfolios.map((p) => p.name),
            t("history.total"),
            t("history.cost"),
          ]}
        >
          {history.months.map((month, index) => (
            <tr key={month}>
              <td className="whitespace-nowrap">{format.month(month)}</td>
              {portfolios.map((p) => (
                <td key={p.id} className="whitespace-nowrap">
                  {format.money(p.values[index] ?? 0)}
                </td>
              ))}
              <td className="whitespace-nowrap font-medium">{format.money(totalAt(index))}</td>
              <td className="whitespace-nowrap">{format.money(history.costs[index] ?? 0)}</td>
            </tr>
          ))}
        </DataTable>
      }
    />
  );
}
