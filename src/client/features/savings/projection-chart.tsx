import { useTranslation } from "react-i18next";
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartCard, ChartImage, DataTable } from "#client/features/dashboard/chart-card.tsx";
import { addMonths } from "#shared/dates.ts";
import { projection } from "#shared/savings-math.ts";
import { tooltipStyle } from "./history-chart.tsx";
import { useSavingsFormat } from "./savings-format.ts";

const planStroke = "var(--primary)";
const neededStroke = "oklch(0.623 0.214 259.8)";
const targetStroke = "var(--muted-foreground)";

/**
 * A goal's balance month by month from now (computed here, with the same simulation as the
 * server's figures): at the plan's pace, at the pace the target date needs, and the target.
 */
export function ProjectionChart({
  goalName,
  startCents,
  rateBp,
  targetCents,
  planMonthlyCents,
  neededMonthlyCents,
  dateMonths,
  horizon,
  startMonth,
}: {
  goalName: string;
  startCents: number;
  rateBp: number;
  targetCents: number;
  planMonthlyCents: number;
  neededMonthlyCents: number;
  /** Months from now to the target date (a vertical line). */
  dateMonths: number;
  horizon: number;
  /** This month, `YYYY-MM`: month 0 of the chart. */
  startMonth: string;
}) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const plan = projection(startCents, planMonthlyCents, rateBp, horizon);
  const needed = projection(startCents, neededMonthlyCents, rateBp, horizon);
  const monthAt = (index: number) => addMonths(startMonth, index);
  const tickOf = (index: number) => {
    const month = monthAt(index);
    return `${format.shortMonth(month)} ’${month.slice(2, 4)}`;
  };
  const data = plan.map((cents, index) => ({
    index,
    plan: cents / 100,
    needed: (needed[index] ?? 0) / 100,
  }));
  const title = t("projection.title");
  const last = horizon;
  const summary = t("projection.summary", {
    name: goalName,
    plan: format.money(planMonthlyCents),
    planEnd: format.money(plan[last] ?? 0),
    needed: format.money(neededMonthlyCents),
    neededEnd: format.money(needed[last] ?? 0),
    month: format.month(monthAt(last)),
    target: format.money(targetCents),
  });
  // The table lists every month of a short projection, else every twelfth and the last.
  const rows = plan
    .map((_, index) => index)
    .filter((index) => horizon <= 36 || index % 12 === 0 || index === last);
  const tick = { fill: "var(--muted-foreground)", fontSize: 12 };

  return (
    <ChartCard
      title={title}
      className="gap-3 py-4 shadow-none max-sm:[&>[data-slot=card-content]]:px-3 max-sm:[&>[data-slot=card-header]]:px-3"
      testId="goal-projection"
      chart={
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            <span className="flex flex-wrap gap-x-4 gap-y-1">
              <Key
                stroke={planStroke}
                label={t("projection.plan", { amount: format.money(planMonthlyCents) })}
              />
              <Key
                stroke={neededStroke}
                dashed
                label={t("projection.needed", { amount: format.money(neededMonthlyCents) })}
              />
              <Key stroke={targetStroke} dashed label={t("projection.target")} />
            </span>
          </p>
          <ChartImage label={summary} className="h-52 w-full">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart
                data={data}
                accessibilityLayer={false}
                margin={{ left: -8, right: 12, top: 8 }}
              >
                <CartesianGrid vertical={false} stroke="var(--border)" />
                <XAxis
                  dataKey="index"
                  type="number"
                  domain={[0, horizon]}
                  tick={tick}
                  tickLine={false}
                  axisLine={false}
                  tickFormatter={(value: number) => tickOf(value)}
                  minTickGap={16}
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
                  labelFormatter={(value) => format.month(monthAt(Number(value)))}
                  formatter={(value, name) => [
                    format.money(Math.round(Number(value) * 100)),
                    name === "plan" ? t("projection.planShort") : t("projection.neededShort"),
                  ]}
                />
                <ReferenceLine y={targetCents / 100} stroke={targetStroke} strokeDasharray="4 4" />
                {dateMonths > 0 && dateMonths <= horizon ? (
                  <ReferenceLine x={dateMonths} stroke={targetStroke} strokeDasharray="2 4" />
                ) : null}
                <Line
                  type="monotone"
                  dataKey="needed"
                  stroke={neededStroke}
                  strokeWidth={2}
                  strokeDasharray="6 4"
                  dot={false}
                  isAnimationActive={false}
                />
                <Line
                  type="monotone"
                  dataKey="plan"
                  stroke={planStroke}
                  strokeWidth={2.5}
                  dot={false}
                  isAnimationActive={false}
                />
              </LineChart>
            </ResponsiveContainer>
          </ChartImage>
        </div>
      }
      table={
        <DataTable
          caption={title}
          head={[t("history.month"), t("projection.planShort"), t("projection.neededShort")]}
        >
          {rows.map((index) => (
            <tr key={index}>
              <td className="whitespace-nowrap">{format.month(monthAt(index))}</td>
              <td className="whitespace-nowrap">{format.money(plan[index] ?? 0)}</td>
              <td className="whitespace-nowrap">{format.money(needed[index] ?? 0)}</td>
            </tr>
          ))}
        </DataTable>
      }
    />
  );
}

function Key({
  stroke,
  label,
  dashed = false,
}: {
  stroke: string;
  label: string;
  dashed?: boolean;
}) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <svg width="16" height="4" aria-hidden="true" className="shrink-0">
        <line
          x1="0"
          y1="2"
          x2="16"
          y2="2"
          stroke={stroke}
          strokeWidth="2.5"
          strokeDasharray={dashed ? "4 3" : undefined}
        />
      </svg>
      {label}
    </span>
  );
}
