import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, formatMoney, parseMoney } from "./money.ts";

describe("formatMoney", () => {
  it("formats per language", () => {
    expect(formatMoney(123456, "nl").replace(/\s/g, " ")).toBe("€ 1.234,56");
    expect(formatMoney(123456, "en")).toBe("€1,234.56");
    expect(formatMoney(-5, "en")).toBe("-€0.05");
  });
});

describe("parseMoney", () => {
  it.each([
    ["12,50", 1250],
    ["12.5", 1250],
    ["1.234,56", 123456],
    ["1,234.56", 123456],
    ["€ 7", 700],
    ["0,01", 1],
    ["-3,10", -310],
    ["1.000", 100000],
  ])("reads %s as %i cents", (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
  });

  it.each(["", "abc", "12,5x", "€", ","])("refuses %j", (input) => {
    expect(parseMoney(input)).toBeNull();
  });
});

describe("allocate", () => {
  it("splits by largest remainder", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1001, [50, 50])).toEqual([501, 500]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
  });

  it("always adds up to the total", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc
          .array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 12 })
          .filter((w) => w.some((x) => x > 0)),
        (total, weights) => {
          const parts = allocate(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          expect(parts.every(Number.isSafeInteger)).toBe(true);
        },
      ),
    );
  });

  it("refuses weights that cannot split", () => {
    expect(() => allocate(100, [])).toThrow(RangeError);
    expect(() => allocate(100, [0, 0])).toThrow(RangeError);
  });
});
