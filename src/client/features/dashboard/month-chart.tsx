import { useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { cn } from "#client/lib/cn.ts";
import { ChartImage } from "./chart-card.tsx";
import {
  ChartTooltip,
  fitTicks,
  monotonePath,
  usePointedIndex,
  useSize,
  XLabels,
  YGrid,
  yAxis,
  type XTick,
} from "./svg-chart.tsx";

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
 * on the Y axis, and a tooltip with the month and each series' amount (under the pointer, or
 * moved with the arrow keys when the drawing has the focus); drawn in a `ChartImage` named
 * `label`. The X axis has a tick per month, thinned to fit (every 2nd, 3rd … month, the last
 * always), with the year on the first and wherever the year changes; or, with `evenTicks`, evenly
 * spaced ticks each with its year (a projection).
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
  const [ref, { width, height }] = useSize<HTMLDivElement>();
  const count = rows.length;
  const first = rows[0]?.month ?? "";
  const withYear = (month: string) => `${format.shortMonth(month)} ’${month.slice(2, 4)}`;

  // Each series' top and bottom per row, in euros: stacked areas on the ones before them.
  const stackTop = rows.map(() => 0);
  const bands = series.map((s) =>
    rows.map((row, index) => {
      const value = (row.cents[s.key] ?? 0) / 100;
      if (!(s.kind === "area" && s.stacked)) return { low: null, high: value };
      const low = stackTop[index] ?? 0;
      stackTop[index] = low + value;
      return { low, high: low + value };
    }),
  );
  const values = [
    ...bands.flatMap((band) => band.flatMap((point) => [point.low ?? point.high, point.high])),
    ...marks.flatMap((mark) => (mark.cents === undefined ? [] : [mark.cents / 100])),
  ];
  const axis = yAxis(Math.min(0, ...values), Math.max(...values), (value) =>
    format.compactMoney(value),
  );

  const top = Math.max(margin?.top ?? 0, 8);
  const left = axis.width;
  const right = Math.max(left + 1, width - (margin?.right ?? 8));
  const bottom = Math.max(top + 1, height - 30);
  const step = count > 1 ? (right - left) / (count - 1) : 0;
  const xOf = (index: number) => (count > 1 ? left + index * step : (left + right) / 2);
  const yOf = (value: number) =>
    bottom - ((value - axis.low) / (axis.high - axis.low || 1)) * (bottom - top);
  // An unstacked area fills to zero, or to the domain's edge nearest to it.
  const base = Math.min(Math.max(0, axis.low), axis.high);

  const { index: pointed, handlers } = usePointedIndex(count, (x) =>
    step > 0 ? Math.round((x - left) / step) : 0,
  );

  const xTicks = (): XTick[] => {
    if (width === 0 || count === 0) return [];
    if (evenTicks) {
      for (const every of [1, 2, 3, 6, 12, 24, 36, 60, 120, 240, 600]) {
        if (count > 1 && Math.ceil((count - 1) / every) > 6) continue;
        const ticks: XTick[] = [];
        for (let index = 0; index < count; index += every) {
          ticks.push({ x: xOf(index), text: withYear(rows[index]?.month ?? first) });
        }
        const fitted = fitTicks(ticks, width, 16);
        if (fitted) return fitted;
      }
      return [];
    }
    for (const every of [1, 2, 3, 4, 6, 12, 24, 36, 60]) {
      const ticks: XTick[] = [];
      let year = "";
      for (let index = (count - 1) % every; index < count; index += every) {
        const month = rows[index]?.month ?? first;
        const text = month.slice(0, 4) === year ? format.shortMonth(month) : withYear(month);
        ticks.push({ x: xOf(index), text });
        year = month.slice(0, 4);
      }
      const fitted = fitTicks(ticks, width, 12);
      if (fitted) return fitted;
    }
    return [];
  };

  const areaPath = (n: number) => {
    const band = bands[n] ?? [];
    const upper = band.map((point, index): [number, number] => [xOf(index), yOf(point.high)]);
    const lower = band
      .map((point, index): [number, number] => [xOf(index), yOf(point.low ?? base)])
      .reverse();
    return `${monotonePath(upper)}${monotonePath(lower, "L")}Z`;
  };
  const linePath = (n: number) =>
    monotonePath((bands[n] ?? []).map((point, index) => [xOf(index), yOf(point.high)]));
  const pointedRow = pointed === null ? undefined : rows[pointed];

  return (
    <ChartImage
      label={label}
      className={cn(
        "relative w-full rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
      {...handlers}
    >
      <div ref={ref} className="absolute inset-0">
        {width > 0 && height > 0 ? (
          <svg width={width} height={height} aria-hidden="true" className="block overflow-visible">
            <YGrid
              ticks={axis.ticks}
              yOf={yOf}
              left={left}
              right={right}
              label={(value) => format.compactMoney(value)}
            />
            <XLabels ticks={xTicks()} y={bottom} />
            {series.map((s, n) =>
              s.kind === "area" ? (
                <g key={s.key}>
                  <path d={areaPath(n)} fill={s.color} fillOpacity={s.fillOpacity ?? 0.35} />
                  <path
                    d={linePath(n)}
                    fill="none"
                    stroke={s.color}
                    strokeWidth={s.strokeWidth ?? 2}
                    strokeDasharray={s.dash}
                  />
                </g>
              ) : (
                <path
                  key={s.key}
                  d={linePath(n)}
                  fill="none"
                  stroke={s.color}
                  strokeWidth={s.strokeWidth ?? 2}
                  strokeDasharray={s.dash}
                />
              ),
            )}
            {marks.map((mark, n) => {
              if (mark.month === undefined) {
                const y = yOf(mark.cents / 100);
                return (
                  <line
                    key={n}
                    x1={left}
                    x2={right}
                    y1={y}
                    y2={y}
                    stroke={mark.color}
                    strokeDasharray={mark.dash}
                  />
                );
              }
              const index = rows.findIndex((row) => row.month === mark.month);
              return index < 0 ? null : (
                <line
                  key={n}
                  x1={xOf(index)}
                  x2={xOf(index)}
                  y1={top}
                  y2={bottom}
                  stroke={mark.color}
                  strokeDasharray={mark.dash}
                />
              );
            })}
            {pointed === null ? null : (
              <g>
                <line
                  x1={xOf(pointed)}
                  x2={xOf(pointed)}
                  y1={top}
                  y2={bottom}
                  stroke="var(--muted-foreground)"
                  strokeOpacity={0.5}
                />
                {series.map((s, n) => {
                  const point = bands[n]?.[pointed];
                  return point ? (
                    <circle
                      key={s.key}
                      cx={xOf(pointed)}
                      cy={yOf(point.high)}
                      r={4}
                      fill={s.color}
                      stroke="var(--card)"
                      strokeWidth={2}
                    />
                  ) : null;
                })}
              </g>
            )}
          </svg>
        ) : null}
      </div>
      {pointedRow && pointed !== null && width > 0 ? (
        <ChartTooltip
          x={xOf(pointed)}
          ys={bands.map((band) => yOf(band[pointed]?.high ?? 0))}
          left={left}
          top={top}
          bottom={bottom}
          width={width}
          title={format.month(pointedRow.month)}
          lines={series.map((s) => ({
            name: s.name,
            color: s.color,
            value: format.money(pointedRow.cents[s.key] ?? 0),
          }))}
        />
      ) : null}
    </ChartImage>
  );
}
