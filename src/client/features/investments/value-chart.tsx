import { useTranslation } from "react-i18next";
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartCard, ChartImage, DataTable } from "#client/features/dashboard/chart-card.tsx";
import { tooltipStyle } from "#client/features/savings/history-chart.tsx";
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
  const label = (month: string, index: number) =>
    index === 0 || month.endsWith("-01")
      ? `${format.shortMonth(month)} ’${month.slice(2, 4)}`
      : format.shortMonth(month);
  const data = history.months.map((month, index) => ({
    month,
    label: label(month, index),
    [costKey]: (history.costs[index] ?? 0) / 100,
    ...Object.fromEntries(portfolios.map((p) => [p.id, (p.values[index] ?? 0) / 100])),
  }));
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
  const tick = { fill: "var(--muted-foreground)", fontSize: 12 };
  const nameOf = new Map<string, string>(portfolios.map((p) => [p.id, p.name]));
  nameOf.set(costKey, t("history.cost"));

  return (
    <ChartCard
      title={title}
      description={
        <span className="flex flex-wrap gap-x-4 gap-y-1">
          {portfolios.map((p) => (
            <span key={p.id} className="inline-flex items-center gap-1.5">
              <span
                className="size-2.5 rounded-sm"
                style={{ backgroundColor: fillOf(p.id) }}
                aria-hidden="true"
              />
              {p.name}
            </span>
          ))}
          <span className="inline-flex items-center gap-1.5">
            <span className="h-0.5 w-3 bg-foreground" aria-hidden="true" />
            {t("history.cost")}
          </span>
        </span>
      }
      testId="investments-history"
      chart={
        <ChartImage label={summary} className="h-64 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={data} accessibilityLayer={false} margin={{ left: -8, right: 8 }}>
              <CartesianGrid vertical={false} stroke="var(--border)" />
              <XAxis
                dataKey="label"
                tick={tick}
                tickLine={false}
                axisLine={false}
                minTickGap={12}
              />
              <YAxis
                tick={tick}
                tickLine={false}
                axisLine={false}
                width={60}
                tickFormatter={(value: number) => format.compactMoney(value)}
              />
              <Tooltip
                contentStyle={tooltipStyle}
                labelFormatter={(_label, payload) => {
                  const month = (payload[0]?.payload as { month?: string } | undefined)?.month;
                  return month ? format.month(month) : "";
                }}
                formatter={(value, name) => [
                  format.money(Math.round(Number(value) * 100)),
                  nameOf.get(String(name)) ?? String(name),
                ]}
              />
              {portfolios.map((p) => (
                <Area
                  key={p.id}
                  type="monotone"
                  dataKey={p.id}
                  name={p.id}
                  stackId="value"
                  stroke={fillOf(p.id)}
                  fill={fillOf(p.id)}
                  fillOpacity={0.35}
                  strokeWidth={2}
                  isAnimationActive={false}
                />
              ))}
              <Line
                type="monotone"
                dataKey={costKey}
                name={costKey}
                stroke="var(--foreground)"
                strokeDasharray="4 3"
                strokeWidth={1.5}
                dot={false}
                isAnimationActive={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </ChartImage>
      }
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
