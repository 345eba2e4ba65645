import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
} from "recharts";
import { useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { monthRange } from "#shared/dates.ts";
import type { CategoryColor } from "#shared/schemas/categories.schema.ts";
import { ChartCard, ChartImage, DataTable } from "./chart-card.tsx";
import { axisTick, ChartLegend, MoneyYAxis, tooltipStyle } from "./month-chart.tsx";
import { entriesLink } from "./period.ts";

/** The categories' colours as fills (the 500 shade of each; readable on light and dark cards). */
export const categoryFills: Record<CategoryColor, string> = {
  slate: "oklch(0.554 0.046 257.4)",
  red: "oklch(0.637 0.237 25.3)",
  orange: "oklch(0.705 0.213 47.6)",
  amber: "oklch(0.769 0.188 70.1)",
  yellow: "oklch(0.795 0.184 86)",
  lime: "oklch(0.768 0.233 130.9)",
  green: "oklch(0.723 0.219 149.6)",
  emerald: "oklch(0.696 0.17 162.5)",
  teal: "oklch(0.704 0.14 182.5)",
  cyan: "oklch(0.715 0.143 215.2)",
  sky: "oklch(0.685 0.169 237.3)",
  blue: "oklch(0.623 0.214 259.8)",
  indigo: "oklch(0.585 0.233 277.1)",
  violet: "oklch(0.606 0.25 292.7)",
  purple: "oklch(0.627 0.265 303.9)",
  fuchsia: "oklch(0.667 0.295 322.2)",
  pink: "oklch(0.656 0.241 354.3)",
  rose: "oklch(0.645 0.246 16.4)",
};

/** A category's fill by its colour's name (slate for a name this client does not know). */
export function fillOf(color: string): string {
  return color in categoryFills ? categoryFills[color as CategoryColor] : categoryFills.slate;
}

/**
 * Colours for parts that are neither categories nor people (insurance kinds), in order and
 * cycling; people take theirs from `memberColour` (lib/colours.ts), as their avatars do.
 */
export const seriesFills = [
  "oklch(0.623 0.214 259.8)",
  "oklch(0.705 0.213 47.6)",
  "oklch(0.696 0.17 162.5)",
  "oklch(0.606 0.25 292.7)",
  "oklch(0.645 0.246 16.4)",
  "oklch(0.715 0.143 215.2)",
  "oklch(0.795 0.184 86)",
  "oklch(0.656 0.241 354.3)",
];

export type BreakdownItem = {
  key: string;
  label: string;
  fill: string;
  cents: number;
  /** The list of exactly the entries behind the amount; none: the part is only read. */
  href?: string;
};

/** The most parts a ring shows (the rest become one "other" part). */
const maxSlices = 8;

/** Basis points of a part of a whole, rounded (for "23.4 %"). */
const shareBp = (part: number, whole: number) =>
  whole > 0 ? Math.round((part * 10_000) / whole) : 0;

/**
 * A whole split into parts (spending by category, by member): a ring beside its legend, each
 * line a link to its entries; or the same as a table.
 */
export function BreakdownCard({
  title,
  description,
  items: all,
  other,
  labelHead,
  testId,
}: {
  title: string;
  description?: string;
  /** Largest first. */
  items: BreakdownItem[];
  /**
   * With many parts, the ring and its legend show the largest few and one "other" part made by
   * this (from the parts it stands for); the table always lists every part.
   */
  other?: (rest: BreakdownItem[]) => BreakdownItem;
  labelHead: string;
  testId: string;
}) {
  const { t } = useTranslation("dashboard");
  const format = useMoneyFormat();
  const items =
    other && all.length > maxSlices
      ? [...all.slice(0, maxSlices - 1), other(all.slice(maxSlices - 1))]
      : all;
  const total = all.reduce((sum, item) => sum + item.cents, 0);
  const percent = (cents: number) => format.percent(shareBp(cents, total));
  const summary = t("overview.chartSummary", {
    title,
    parts: items.map((item) => `${item.label} ${format.money(item.cents)}`).join(", "),
  });

  const legendLine = (item: BreakdownItem) => (
    <>
      <span
        className="size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: item.fill }}
        aria-hidden="true"
      />
      <span className="min-w-0 flex-1 truncate">{item.label}</span>
      <span className="text-muted-foreground tabular-nums">{percent(item.cents)}</span>
      <span className="w-24 text-right font-medium tabular-nums">{format.money(item.cents)}</span>
    </>
  );
  const legend = (
    <ul className="min-w-0 flex-1 space-y-1.5 self-stretch text-sm">
      {items.map((item) => (
        <li key={item.key}>
          {item.href ? (
            <Link
              to={item.href}
              className="flex items-center gap-2 rounded-sm py-0.5 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              data-testid="breakdown-link"
            >
              {legendLine(item)}
            </Link>
          ) : (
            <span className="flex items-center gap-2 py-0.5" data-testid="breakdown-part">
              {legendLine(item)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );

  return (
    <ChartCard
      title={title}
      description={description}
      testId={testId}
      chart={
        <div className="flex flex-col items-center gap-4 @md:flex-row @md:items-start">
          <ChartImage label={summary} className="size-40 shrink-0">
            <ResponsiveContainer width="100%" height="100%">
              <PieChart accessibilityLayer={false}>
                <Pie
                  data={items}
                  dataKey="cents"
                  nameKey="label"
                  innerRadius="62%"
                  outerRadius="100%"
                  paddingAngle={items.length > 1 ? 1.5 : 0}
                  stroke="none"
                  isAnimationActive={false}
                >
                  {items.map((item) => (
                    <Cell key={item.key} fill={item.fill} />
                  ))}
                </Pie>
              </PieChart>
            </ResponsiveContainer>
          </ChartImage>
          {legend}
        </div>
      }
      table={
        <DataTable
          caption={title}
          head={[labelHead, t("overview.table.amount"), t("overview.table.share")]}
        >
          {all.map((item) => (
            <tr key={item.key}>
              <td>
                {item.href ? (
                  <Link to={item.href} className="hover:underline">
                    {item.label}
                  </Link>
                ) : (
                  item.label
                )}
              </td>
              <td>{format.money(item.cents)}</td>
              <td>{percent(item.cents)}</td>
            </tr>
          ))}
        </DataTable>
      }
    />
  );
}

/** Income and spending per month over the 12 months ending with the period's last month. */
export function MonthlyCard({
  months,
  member,
}: {
  months: { month: string; incomeCents: number; expenseCents: number }[];
  member: string | null;
}) {
  const { t } = useTranslation("dashboard");
  const format = useMoneyFormat();
  const navigate = useNavigate();
  const title = t("overview.monthly.title");
  const data = months.map((row) => ({
    ...row,
    label: format.shortMonth(row.month),
    income: row.incomeCents / 100,
    spending: row.expenseCents / 100,
  }));
  const linkOf = (month: string, kind: "income" | "expense") =>
    entriesLink({ ...monthRange(month), member, kind });
  const summary = t("overview.chartSummary", {
    title,
    parts: months
      .map(
        (row) =>
          `${format.month(row.month)}: ${t("overview.income")} ${format.money(row.incomeCents)}, ${t("overview.spending")} ${format.money(row.expenseCents)}`,
      )
      .join("; "),
  });
  const incomeFill = "var(--success)";
  const spendingFill = "var(--primary)";

  return (
    <ChartCard
      title={title}
      description={
        <ChartLegend
          items={[
            { name: t("overview.income"), color: incomeFill, kind: "area" },
            { name: t("overview.spending"), color: spendingFill, kind: "area" },
          ]}
        />
      }
      testId="monthly-chart"
      chart={
        <ChartImage label={summary} className="h-56 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} accessibilityLayer={false} barGap={2} margin={{ left: 0 }}>
              <CartesianGrid vertical={false} stroke="var(--border)" />
              <XAxis
                dataKey="label"
                tick={axisTick}
                tickLine={false}
                axisLine={false}
                minTickGap={4}
              />
              <MoneyYAxis />
              <Tooltip
                cursor={{ fill: "var(--muted)" }}
                contentStyle={tooltipStyle}
                formatter={(value, name) => [
                  format.money(Math.round(Number(value) * 100)),
                  name === "income" ? t("overview.income") : t("overview.spending"),
                ]}
              />
              {(
                [
                  ["income", incomeFill, "income"],
                  ["spending", spendingFill, "expense"],
                ] as const
              ).map(([key, fill, kind]) => (
                <Bar
                  key={key}
                  dataKey={key}
                  fill={fill}
                  radius={[3, 3, 0, 0]}
                  isAnimationActive={false}
                  cursor="pointer"
                  onClick={(entry) => {
                    const month = (entry as { payload?: { month?: string } }).payload?.month;
                    if (month) void navigate(linkOf(month, kind));
                  }}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </ChartImage>
      }
      table={
        <DataTable
          caption={title}
          head={[
            t("overview.table.month"),
            t("overview.income"),
            t("overview.spending"),
            t("overview.net"),
          ]}
        >
          {months.map((row) => (
            <tr key={row.month}>
              <td>{format.month(row.month)}</td>
              <td>
                <Link to={linkOf(row.month, "income")} className="hover:underline">
                  {format.money(row.incomeCents)}
                </Link>
              </td>
              <td>
                <Link to={linkOf(row.month, "expense")} className="hover:underline">
                  {format.money(row.expenseCents)}
                </Link>
              </td>
              <td>{format.money(row.incomeCents - row.expenseCents)}</td>
            </tr>
          ))}
        </DataTable>
      }
    />
  );
}
