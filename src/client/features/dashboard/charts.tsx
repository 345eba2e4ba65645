import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { monthRange } from "#shared/dates.ts";
import type { CategoryColor } from "#shared/schemas/categories.schema.ts";
import { ChartCard, ChartImage, DataTable } from "./chart-card.tsx";
import { ChartLegend } from "./month-chart.tsx";
import {
  ChartTooltip,
  fitTicks,
  usePointedIndex,
  useSize,
  XLabels,
  YGrid,
  yAxis,
  type XTick,
} from "./svg-chart.tsx";
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
            <Ring items={items} />
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
        <MonthBars
          months={months}
          label={summary}
          bars={[
            { key: "incomeCents", name: t("overview.income"), fill: incomeFill, kind: "income" },
            {
              key: "expenseCents",
              name: t("overview.spending"),
              fill: spendingFill,
              kind: "expense",
            },
          ]}
          onOpen={(month, kind) => void navigate(linkOf(month, kind))}
        />
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

/** Where on a circle of radius `r` around (80, 80) the angle `degrees` is (counter-clockwise from 3 o'clock). */
const onCircle = (r: number, degrees: number) => {
  const radians = (degrees * Math.PI) / 180;
  return `${80 + r * Math.cos(radians)},${80 - r * Math.sin(radians)}`;
};

/** One part of a ring from `from` to `to` degrees, counter-clockwise (less than a full turn). */
function arc(from: number, to: number, inner: number, outer: number): string {
  const large = to - from > 180 ? 1 : 0;
  return (
    `M${onCircle(outer, from)}A${outer},${outer} 0 ${large} 0 ${onCircle(outer, to)}` +
    `L${onCircle(inner, to)}A${inner},${inner} 0 ${large} 1 ${onCircle(inner, from)}Z`
  );
}

/**
 * A ring of the parts, the largest first from 3 o'clock counter-clockwise, with a small gap
 * between parts; 160 × 160, scaled to its box.
 */
function Ring({ items }: { items: BreakdownItem[] }) {
  const outer = 75;
  const inner = outer * 0.62;
  const parts = items.filter((item) => item.cents > 0);
  const total = parts.reduce((sum, item) => sum + item.cents, 0);
  const gap = parts.length > 1 ? 1.5 : 0;
  const room = 360 - gap * parts.length;
  const sweeps = parts.map((item) => (total > 0 ? (item.cents / total) * room : 0));
  const starts = sweeps.map((_, index) =>
    sweeps.slice(0, index).reduce((sum, sweep) => sum + sweep + gap, 0),
  );
  return (
    <svg viewBox="0 0 160 160" className="block size-full" aria-hidden="true">
      {parts.map((item, index) => {
        const sweep = sweeps[index] ?? 0;
        const from = starts[index] ?? 0;
        return sweep >= 359.99 ? (
          <path
            key={item.key}
            d={`${arc(0, 180, inner, outer)}${arc(180, 360, inner, outer)}`}
            fill={item.fill}
          />
        ) : (
          <path key={item.key} d={arc(from, from + sweep, inner, outer)} fill={item.fill} />
        );
      })}
    </svg>
  );
}

type BarKind = "income" | "expense";

/**
 * Two bars a month (income beside spending) over a grid, euros on the Y axis, each bar a link to
 * its entries, and a tooltip with the month and both amounts.
 */
function MonthBars({
  months,
  label,
  bars,
  onOpen,
}: {
  months: { month: string; incomeCents: number; expenseCents: number }[];
  label: string;
  bars: { key: "incomeCents" | "expenseCents"; name: string; fill: string; kind: BarKind }[];
  onOpen: (month: string, kind: BarKind) => void;
}) {
  const format = useMoneyFormat();
  const [ref, { width, height }] = useSize<HTMLDivElement>();
  const count = months.length;
  const axis = yAxis(
    0,
    Math.max(0, ...months.flatMap((row) => [row.incomeCents, row.expenseCents])) / 100,
    (value) => format.compactMoney(value),
  );
  const top = 8;
  const left = axis.width;
  const right = Math.max(left + 1, width - 8);
  const bottom = Math.max(top + 1, height - 30);
  const band = count > 0 ? (right - left) / count : 0;
  const barGap = 2;
  const barWidth = Math.max(1, (band * 0.8 - barGap) / 2);
  const yOf = (value: number) =>
    bottom - ((value - axis.low) / (axis.high - axis.low || 1)) * (bottom - top);
  const { index: pointed, handlers } = usePointedIndex(count, (x) =>
    band > 0 ? Math.floor((x - left) / band) : 0,
  );

  const xTicks = (): XTick[] => {
    if (width === 0) return [];
    for (const every of [1, 2, 3, 4, 6, 12]) {
      const ticks: XTick[] = [];
      for (let index = (count - 1) % every; index < count; index += every) {
        const row = months[index];
        if (row) ticks.push({ x: left + band * (index + 0.5), text: format.shortMonth(row.month) });
      }
      const fitted = fitTicks(ticks, width, 4);
      if (fitted) return fitted;
    }
    return [];
  };
  const pointedRow = pointed === null ? undefined : months[pointed];

  return (
    <ChartImage
      label={label}
      className="relative h-56 w-full rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      {...handlers}
    >
      <div ref={ref} className="absolute inset-0">
        {width > 0 && height > 0 ? (
          <svg width={width} height={height} aria-hidden="true" className="block overflow-visible">
            {pointed === null ? null : (
              <rect
                x={left + band * pointed}
                y={top}
                width={band}
                height={bottom - top}
                fill="var(--muted)"
              />
            )}
            <YGrid
              ticks={axis.ticks}
              yOf={yOf}
              left={left}
              right={right}
              label={(value) => format.compactMoney(value)}
            />
            <XLabels ticks={xTicks()} y={bottom} />
            {months.map((row, index) =>
              bars.map((bar, n) => {
                const x = left + band * index + band * 0.1 + n * (barWidth + barGap);
                const y = yOf(row[bar.key] / 100);
                const h = Math.max(0, bottom - y);
                const r = Math.min(3, h, barWidth / 2);
                return h > 0 ? (
                  <path
                    key={`${row.month}-${bar.key}`}
                    d={`M${x},${bottom}V${y + r}Q${x},${y} ${x + r},${y}H${x + barWidth - r}Q${x + barWidth},${y} ${x + barWidth},${y + r}V${bottom}Z`}
                    fill={bar.fill}
                    className="cursor-pointer"
                    onClick={() => onOpen(row.month, bar.kind)}
                  />
                ) : null;
              }),
            )}
          </svg>
        ) : null}
      </div>
      {pointedRow && pointed !== null && width > 0 ? (
        <ChartTooltip
          x={left + band * (pointed + 0.5)}
          ys={bars.map((bar) => yOf(pointedRow[bar.key] / 100))}
          left={left}
          top={top}
          bottom={bottom}
          width={width}
          title={format.month(pointedRow.month)}
          lines={bars.map((bar) => ({
            name: bar.name,
            color: bar.fill,
            value: format.money(pointedRow[bar.key]),
          }))}
        />
      ) : null}
    </ChartImage>
  );
}
