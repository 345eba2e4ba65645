import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { cn } from "#client/lib/cn.ts";
import { addMonths } from "#shared/dates.ts";
import { ChartImage } from "./chart-card.tsx";

/**
 * Colours of a list's series (savings accounts, portfolios), in list order (cycling), distinct
 * from each other in both themes.
 */
const seriesFills = [
  "oklch(0.696 0.17 162.5)",
  "oklch(0.623 0.214 259.8)",
  "oklch(0.769 0.188 70.1)",
  "oklch(0.606 0.25 292.7)",
  "oklch(0.715 0.143 215.2)",
  "oklch(0.645 0.246 16.4)",
  "oklch(0.768 0.233 130.9)",
  "oklch(0.656 0.241 354.3)",
];

/** The colour of the list's `index`th series (an account, a portfolio). */
export function seriesFill(index: number): string {
  return seriesFills[index % seriesFills.length] ?? "var(--primary)";
}

/** A chart tooltip's box, in the popover's colours. */
export const tooltipStyle = {
  background: "var(--popover)",
  color: "var(--popover-foreground)",
  border: "1px solid var(--border)",
  borderRadius: 8,
  fontSize: 12,
};

/** The axes' labels. */
export const axisTick = { fill: "var(--muted-foreground)", fontSize: 12 };

/**
 * The Y axis of a money chart: compact euros ("€13.5k" / "€ 13,5K"), as wide as its longest label
 * (measured), so no label is cut off in either language. The chart's left margin must be 0.
 */
export function MoneyYAxis() {
  const format = useMoneyFormat();
  return (
    <YAxis
      tick={axisTick}
      tickLine={false}
      axisLine={false}
      width="auto"
      tickFormatter={(value: number) => format.compactMoney(value)}
    />
  );
}

/** One line of a chart's legend, drawn like its series: a swatch for an area, a stroke for a line. */
export type LegendItem = {
  name: string;
  color: string;
  kind: "area" | "line";
  /** A dashed line's pattern, e.g. "4 3" (the legend draws every dashed line as "4 3"). */
  dash?: string;
};

/** A chart's legend, inline (it may sit in a card's description paragraph). */
export function ChartLegend({ items }: { items: LegendItem[] }) {
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1">
      {items.map((item, index) => (
        <span key={index} className="inline-flex items-center gap-1.5">
          {item.kind === "area" ? (
            <span
              className="size-2.5 shrink-0 rounded-sm"
              style={{ backgroundColor: item.color }}
              aria-hidden="true"
            />
          ) : (
            <svg width="16" height="4" aria-hidden="true" className="shrink-0">
              <line
                x1="0"
                y1="2"
                x2="16"
                y2="2"
                stroke={item.color}
                strokeWidth="2.5"
                strokeDasharray={item.dash ? "4 3" : undefined}
              />
            </svg>
          )}
          {item.name}
        </span>
      ))}
    </span>
  );
}

/** A series of a month chart: an area or a line of one of the rows' amounts. */
export type MonthSeries = LegendItem & {
  /** The rows' `cents` key of its amounts. */
  key: string;
  /** Areas marked stacked are stacked on each other. */
  stacked?: boolean;
  /** 2 unless said. */
  strokeWidth?: number;
  /** An area's fill; 0.35 unless said. */
  fillOpacity?: number;
};

/** A month and the series' amounts in it, in cents by series key. */
export type MonthRow = { month: string; cents: Record<string, number> };

/** A dashed reference line: across at an amount, or upright at a month. */
export type MonthMark = { color: string; dash: string } & (
  { cents: number; month?: never } | { month: string; cents?: never }
);

/**
 * Money month by month (a row per month, `YYYY-MM`, in order): areas and lines over a grid, euros
 * on the Y axis, and a tooltip with the month and each series' amount; drawn in a `ChartImage`
 * named `label`. The X axis has a tick per month, thinned to fit, with the year on the first and
 * on each January; or, with `evenTicks`, evenly spaced ticks each with its year (a projection).
 */
export function MonthChart({
  rows,
  series,
  label,
  marks = [],
  evenTicks = false,
  margin,
  className,
}: {
  rows: MonthRow[];
  /** Drawn in this order (a later one over an earlier one; the tooltip lists them so). */
  series: MonthSeries[];
  /** The drawing in words, for screen readers. */
  label: string;
  marks?: MonthMark[];
  evenTicks?: boolean;
  /** Room above and to the right of the plot, in px (0 and 8 unless said). */
  margin?: { top?: number; right?: number };
  /** The drawing's height, e.g. "h-64" (it takes the full width). */
  className?: string;
}) {
  const format = useMoneyFormat();
  const first = rows[0]?.month ?? "";
  const data = rows.map((row, index) => ({
    index,
    month: row.month,
    // Series by position, so an id can never clash with `index` or `month`.
    ...Object.fromEntries(series.map((s, n) => [`s${n}`, (row.cents[s.key] ?? 0) / 100])),
  }));
  const withYear = (month: string) => `${format.shortMonth(month)} ’${month.slice(2, 4)}`;
  const indexOf = (month: string) => rows.findIndex((row) => row.month === month);

  return (
    <ChartImage label={label} className={cn("w-full", className)}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={data}
          accessibilityLayer={false}
          margin={{ left: 0, top: margin?.top ?? 0, right: margin?.right ?? 8 }}
        >
          <CartesianGrid vertical={false} stroke="var(--border)" />
          {evenTicks ? (
            <XAxis
              dataKey="index"
              type="number"
              domain={[0, rows.length - 1]}
              tick={axisTick}
              tickLine={false}
              axisLine={false}
              tickFormatter={(index: number) => withYear(addMonths(first, index))}
              minTickGap={16}
            />
          ) : (
            <XAxis
              dataKey="month"
              tick={axisTick}
              tickLine={false}
              axisLine={false}
              tickFormatter={(month: string) =>
                month === first || month.endsWith("-01")
                  ? withYear(month)
                  : format.shortMonth(month)
              }
              minTickGap={12}
            />
          )}
          <MoneyYAxis />
          <Tooltip
            contentStyle={tooltipStyle}
            labelFormatter={(_label, payload) => {
              const month = (payload[0]?.payload as { month?: string } | undefined)?.month;
              return month ? format.month(month) : "";
            }}
            formatter={(value, name) => [
              format.money(Math.round(Number(value) * 100)),
              series[Number(String(name).slice(1))]?.name ?? String(name),
            ]}
          />
          {marks.map((mark, n) =>
            mark.month === undefined ? (
              <ReferenceLine
                key={n}
                y={mark.cents / 100}
                stroke={mark.color}
                strokeDasharray={mark.dash}
              />
            ) : (
              <ReferenceLine
                key={n}
                x={evenTicks ? indexOf(mark.month) : mark.month}
                stroke={mark.color}
                strokeDasharray={mark.dash}
              />
            ),
          )}
          {series.map((s, n) =>
            s.kind === "area" ? (
              <Area
                key={s.key}
                type="monotone"
                dataKey={`s${n}`}
                name={`s${n}`}
                stackId={s.stacked ? "stack" : undefined}
                stroke={s.color}
                fill={s.color}
                fillOpacity={s.fillOpacity ?? 0.35}
                strokeWidth={s.strokeWidth ?? 2}
                strokeDasharray={s.dash}
                isAnimationActive={false}
              />
            ) : (
              <Line
                key={s.key}
                type="monotone"
                dataKey={`s${n}`}
                name={`s${n}`}
                stroke={s.color}
                strokeWidth={s.strokeWidth ?? 2}
                strokeDasharray={s.dash}
                dot={false}
                isAnimationActive={false}
              />
            ),
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </ChartImage>
  );
}
