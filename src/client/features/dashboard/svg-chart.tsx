import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from "react";

/**
 * The pieces Hearth's charts are drawn with (decision 046): the drawing's size, scales, axis
 * labels that fit, smooth lines and a tooltip that follows the pointer or the arrow keys.
 */

/** The axes' labels: 12 px in the muted colour. */
export const tickFont = 12;
export const tickFill = "var(--muted-foreground)";

/** The width and height of an element, in px, kept up to date (0 × 0 until measured). */
export function useSize<T extends HTMLElement>(): [
  RefObject<T | null>,
  { width: number; height: number },
] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = Math.floor(element.clientWidth);
      const height = Math.floor(element.clientHeight);
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}

let canvas: CanvasRenderingContext2D | null | undefined;

/** The width of `text` in the page's font at `size` px (an estimate where nothing can measure). */
export function textWidth(text: string, size = tickFont): number {
  if (canvas === undefined) {
    try {
      canvas = document.createElement("canvas").getContext("2d");
    } catch {
      canvas = null;
    }
  }
  if (!canvas) return text.length * size * 0.6;
  canvas.font = `${size}px ${getComputedStyle(document.body).fontFamily || "sans-serif"}`;
  return canvas.measureText(text).width;
}

/**
 * About five evenly spaced round values covering `low`…`high` (a step of 1, 1.5, 2, 2.5 … 9.5
 * times a power of ten), lowest first.
 */
export function niceTicks(low: number, high: number, count = 5): number[] {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [0];
  if (high === low) {
    if (low === 0) return [0, 1, 2, 3, 4];
    const pad = Math.abs(low) / 2;
    return niceTicks(low - pad, high + pad, count);
  }
  const rough = (high - low) / (count - 1);
  const digits = Math.floor(Math.log10(rough)) + 1;
  const power = 10 ** digits;
  const scale = digits === 1 ? 0.1 : 0.05;
  let step = Math.ceil(rough / power / scale) * scale * power;
  step = Number(step.toPrecision(12));
  for (;;) {
    const first = Math.floor(low / step) * step;
    const last = Math.ceil(high / step) * step;
    const ticks: number[] = [];
    for (let value = first; value <= last + step / 2; value += step) {
      ticks.push(Number(value.toPrecision(12)));
    }
    if (ticks.length <= count + 1) return ticks;
    step = Number((step * 1.5).toPrecision(12));
  }
}

/** A smooth path through the points that never overshoots them (monotone in x, like d3's). */
export function monotonePath(points: [number, number][], start = "M"): string {
  const n = points.length;
  if (n === 0) return "";
  const at = (i: number) => points[i] as [number, number];
  const [x0, y0] = at(0);
  if (n === 1) return `${start}${x0},${y0}`;
  if (n === 2) return `${start}${x0},${y0}L${at(1)[0]},${at(1)[1]}`;
  const slopes: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    const dx = at(i + 1)[0] - at(i)[0];
    slopes.push(dx === 0 ? 0 : (at(i + 1)[1] - at(i)[1]) / dx);
  }
  const tangents = points.map((_, i) => {
    if (i === 0) return slopes[0] ?? 0;
    if (i === n - 1) return slopes[n - 2] ?? 0;
    const a = slopes[i - 1] ?? 0;
    const b = slopes[i] ?? 0;
    if (a * b <= 0) return 0;
    const h0 = at(i)[0] - at(i - 1)[0];
    const h1 = at(i + 1)[0] - at(i)[0];
    const p = (a * h1 + b * h0) / (h0 + h1);
    return (Math.sign(a) + Math.sign(b)) * Math.min(Math.abs(a), Math.abs(b), Math.abs(p) / 2);
  });
  let path = `${start}${x0},${y0}`;
  for (let i = 0; i < n - 1; i++) {
    const [xa, ya] = at(i);
    const [xb, yb] = at(i + 1);
    const third = (xb - xa) / 3;
    const ta = tangents[i] ?? 0;
    const tb = tangents[i + 1] ?? 0;
    path += `C${xa + third},${ya + ta * third},${xb - third},${yb - tb * third},${xb},${yb}`;
  }
  return path;
}

/** An X axis label: where it stands and what it says. */
export type XTick = { x: number; text: string };

/**
 * Keeps `ticks` (in order) only if none overlaps its neighbour with at least `gap` px between
 * them; an edge label is moved inwards to stay within 0…`width`. Null: they do not fit.
 */
export function fitTicks(ticks: XTick[], width: number, gap: number): XTick[] | null {
  const placed = ticks.map((tick) => {
    const half = textWidth(tick.text) / 2;
    return { ...tick, half, x: Math.min(Math.max(tick.x, half), width - half) };
  });
  for (let i = 1; i < placed.length; i++) {
    const a = placed[i - 1];
    const b = placed[i];
    if (a && b && b.x - b.half - (a.x + a.half) < gap) return null;
  }
  return placed.map(({ x, text }) => ({ x, text }));
}

/** The horizontal grid lines and the Y axis' labels (drawn right-aligned left of the plot). */
export function YGrid({
  ticks,
  yOf,
  left,
  right,
  label,
}: {
  ticks: number[];
  yOf: (value: number) => number;
  left: number;
  right: number;
  label: (value: number) => string;
}) {
  return (
    <g>
      {ticks.map((value) => (
        <g key={value}>
          <line x1={left} x2={right} y1={yOf(value)} y2={yOf(value)} stroke="var(--border)" />
          <text
            x={left - 8}
            y={yOf(value)}
            dy="0.355em"
            textAnchor="end"
            fill={tickFill}
            fontSize={tickFont}
          >
            {label(value)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The X axis' labels, under the plot whose bottom is `y`. */
export function XLabels({ ticks, y }: { ticks: XTick[]; y: number }) {
  return (
    <g>
      {ticks.map((tick, index) => (
        <text
          key={index}
          x={tick.x}
          y={y + 8}
          dy="0.71em"
          textAnchor="middle"
          fill={tickFill}
          fontSize={tickFont}
        >
          {tick.text}
        </text>
      ))}
    </g>
  );
}

/**
 * The month a chart points at: under the pointer, or moved with the arrow keys (Home and End
 * jump to the first and the last) while the drawing has the focus; null shows no tooltip.
 */
export function usePointedIndex(count: number, indexAt: (x: number) => number) {
  const [index, setIndex] = useState<number | null>(null);
  const clamp = useCallback((value: number) => Math.min(Math.max(value, 0), count - 1), [count]);
  const fromPointer = (event: PointerEvent<HTMLElement>) => {
    if (count === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    setIndex(clamp(indexAt(event.clientX - box.left)));
  };
  const handlers = {
    tabIndex: count > 0 ? 0 : undefined,
    onPointerMove: fromPointer,
    onPointerDown: fromPointer,
    onPointerLeave: () => setIndex(null),
    onFocus: () => setIndex((old) => old ?? (count > 0 ? count - 1 : null)),
    onBlur: () => setIndex(null),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const moves: Record<string, (old: number) => number> = {
        ArrowLeft: (old) => old - 1,
        ArrowRight: (old) => old + 1,
        Home: () => 0,
        End: () => count - 1,
      };
      const move = moves[event.key];
      if (move && count > 0) {
        event.preventDefault();
        setIndex((old) => clamp(move(old ?? count - 1)));
      } else if (event.key === "Escape") {
        setIndex(null);
      }
    },
  };
  return { index: index !== null && index < count ? index : null, handlers };
}

/** A line of a tooltip: a swatch in the series' colour, its name and its amount. */
export type TooltipLine = { name: string; color: string; value: string };

/**
 * A tooltip in the popover's colours beside `x` (right of it where it fits, else left of it),
 * never past the drawing's edges (`width` px wide) nor over the Y axis' labels (left of `left`)
 * where the plot is wide enough; above the pointed points `ys` when there is room between them and
 * the plot's `top`, else where there is more room (at its `bottom`).
 */
export function ChartTooltip({
  x,
  ys,
  left: plotLeft,
  top,
  bottom,
  width,
  title,
  lines,
}: {
  x: number;
  ys: number[];
  left: number;
  top: number;
  bottom: number;
  width: number;
  title: string;
  lines: TooltipLine[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  const highest = Math.min(bottom, ...ys);
  const lowest = Math.max(top, ...ys);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const ownWidth = element.offsetWidth;
    const ownHeight = element.offsetHeight;
    let left = x + 12;
    if (left + ownWidth > width) left = x - 12 - ownWidth;
    const leftmost = ownWidth <= width - plotLeft ? plotLeft : 0;
    element.style.left = `${Math.max(leftmost, Math.min(left, width - ownWidth))}px`;
    const above = highest - top;
    const below = bottom - lowest;
    const atTop = above >= ownHeight + 8 || above >= below;
    element.style.top = `${atTop ? Math.max(0, top - 4) : Math.max(0, bottom - ownHeight - 4)}px`;
    element.style.visibility = "visible";
  });
  return (
    <div
      ref={ref}
      aria-hidden="true"
      className="pointer-events-none invisible absolute top-0 z-10 rounded-lg border bg-popover px-2.5 py-1.5 text-xs text-popover-foreground shadow-md"
      style={{ maxWidth: width }}
      data-testid="chart-tooltip"
    >
      <p className="mb-1 font-medium">{title}</p>
      <ul className="space-y-0.5">
        {lines.map((line, index) => (
          <li key={index} className="flex items-center gap-1.5">
            <span
              className="size-2 shrink-0 rounded-full"
              style={{ backgroundColor: line.color }}
            />
            <span className="min-w-0 flex-1">{line.name}</span>
            <span className="ml-2 font-medium whitespace-nowrap tabular-nums">{line.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A Y axis over `low`…`high` (widened to round values): its ticks, the domain they span and its
 * width, that of its longest label and a little room, so no label is cut off in either language.
 */
export function yAxis(low: number, high: number, label: (value: number) => string) {
  const ticks = niceTicks(low, high);
  const width = Math.ceil(Math.max(...ticks.map((value) => textWidth(label(value))))) + 12;
  return { ticks, low: ticks[0] ?? 0, high: ticks[ticks.length - 1] ?? 1, width };
}
