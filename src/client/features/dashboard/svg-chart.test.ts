import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitTicks, monotonePath, niceTicks, textWidth } from "./svg-chart.tsx";

/** The numbers of an SVG path, in order. */
const numbersOf = (path: string) => (path.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number);

describe("the charts' own drawing (decision 046)", () => {
  it("gives round Y ticks that cover the values, evenly spaced, at most six", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50_000_000, max: 50_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (low, span) => {
          const high = low + span;
          const ticks = niceTicks(low, high);
          expect(ticks.length).toBeGreaterThanOrEqual(2);
          expect(ticks.length).toBeLessThanOrEqual(6);
          expect(ticks[0]).toBeLessThanOrEqual(low);
          expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(high);
          const step = (ticks[1] ?? 0) - (ticks[0] ?? 0);
          expect(step).toBeGreaterThan(0);
          for (let i = 1; i < ticks.length; i++) {
            expect((ticks[i] ?? 0) - (ticks[i - 1] ?? 0)).toBeCloseTo(step, 6);
          }
          // Round: the step is 1, 1.5, 2 … 9.5 times a power of ten.
          const power = 10 ** Math.floor(Math.log10(step));
          const mantissa = step / power;
          expect(Math.abs(mantissa * 2 - Math.round(mantissa * 2))).toBeLessThan(1e-9);
        },
      ),
    );
    expect(niceTicks(0, 0)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(0, 12_000_00)).toEqual([0, 300_000, 600_000, 900_000, 1_200_000]);
  });

  it("draws a smooth line that never overshoots the months it joins", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 3, maxLength: 24 }),
        (ys) => {
          const points = ys.map((y, i): [number, number] => [i * 20, y]);
          const numbers = numbersOf(monotonePath(points)).slice(2);
          // After the start, each segment is a cubic: two control points and the next point.
          expect(numbers.length).toBe((points.length - 1) * 6);
          for (let i = 0; i < points.length - 1; i++) {
            const [, ya] = points[i] as [number, number];
            const [, yb] = points[i + 1] as [number, number];
            const low = Math.min(ya, yb) - 1e-9;
            const high = Math.max(ya, yb) + 1e-9;
            const [, c1y, , c2y] = numbers.slice(i * 6, i * 6 + 4);
            expect(c1y).toBeGreaterThanOrEqual(low);
            expect(c1y).toBeLessThanOrEqual(high);
            expect(c2y).toBeGreaterThanOrEqual(low);
            expect(c2y).toBeLessThanOrEqual(high);
          }
        },
      ),
    );
    expect(monotonePath([])).toBe("");
    expect(monotonePath([[0, 5]])).toBe("M0,5");
  });

  it("keeps X labels only when none touches its neighbour, and inside the drawing", () => {
    const months = ["Dec", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept"];
    const wide = fitTicks(
      months.map((text, i) => ({ x: i * 60, text })),
      600,
      12,
    );
    expect(wide).not.toBeNull();
    for (const tick of wide ?? []) {
      const half = textWidth(tick.text) / 2;
      expect(tick.x - half).toBeGreaterThanOrEqual(0);
      expect(tick.x + half).toBeLessThanOrEqual(600);
    }
    expect(
      fitTicks(
        months.map((text, i) => ({ x: i * 15, text })),
        150,
        12,
      ),
    ).toBeNull();
  });
});
