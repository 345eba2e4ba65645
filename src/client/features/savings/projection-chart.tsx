import { useTranslation } from "react-i18next";
import { ChartCard, DataTable } from "#client/features/dashboard/chart-card.tsx";
import { ChartLegend, MonthChart } from "#client/features/dashboard/month-chart.tsx";
import { addMonths } from "#shared/dates.ts";
import { projection } from "#shared/savings-math.ts";
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
  const points = plan.map((cents, index) => ({
    month: monthAt(index),
    cents: { plan: cents, needed: needed[index] ?? 0 },
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

  return (
    <ChartCard
      title={title}
      className="gap-3 py-4 shadow-none max-sm:[&>[data-slot=card-content]]:px-3 max-sm:[&>[data-slot=card-header]]:px-3"
      testId="goal-projection"
      chart={
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            <ChartLegend
              items={[
                {
                  name: t("projection.plan", { amount: format.money(planMonthlyCents) }),
                  color: planStroke,
                  kind: "line",
                },
                {
                  name: t("projection.needed", { amount: format.money(neededMonthlyCents) }),
                  color: neededStroke,
                  kind: "line",
                  dash: "6 4",
                },
                { name: t("projection.target"), color: targetStroke, kind: "line", dash: "4 4" },
              ]}
            />
          </p>
          <MonthChart
            rows={points}
            series={[
              {
                key: "needed",
                name: t("projection.neededShort"),
                color: neededStroke,
                kind: "line",
                dash: "6 4",
              },
              {
                key: "plan",
                name: t("projection.planShort"),
                color: planStroke,
                kind: "line",
                strokeWidth: 2.5,
              },
            ]}
            label={summary}
            marks={[
              { cents: targetCents, color: targetStroke, dash: "4 4" },
              ...(dateMonths > 0 && dateMonths <= horizon
                ? [{ month: monthAt(dateMonths), color: targetStroke, dash: "2 4" }]
                : []),
            ]}
            evenTicks
            margin={{ top: 8, right: 12 }}
            className="h-52"
          />
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
