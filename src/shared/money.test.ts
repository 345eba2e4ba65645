import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, formatMoney, formatSignedMoney, parseMoney, readMoney } from "./money.ts";

describe("formatMoney", () => {
  it("formats per language", () => {
    expect(formatMoney(123456, "nl").replace(/\s/g, " ")).toBe("€ 1.234,56");
    expect(formatMoney(123456, "en")).toBe("€1,234.56");
    expect(formatMoney(-5, "en")).toBe("-€0.05");
  });
});

describe("formatSignedMoney", () => {
  it("writes the sign where and how the language does, as a negative amount is written", () => {
    expect(formatSignedMoney(-1250, "nl").replace(/\s/g, " ")).toBe("€ -12,50");
    expect(formatSignedMoney(1250, "nl").replace(/\s/g, " ")).toBe("€ +12,50");
    expect(formatSignedMoney(-1250, "en")).toBe("-€12.50");
    expect(formatSignedMoney(1250, "en")).toBe("+€12.50");
    expect(formatSignedMoney(0, "en")).toBe("€0.00");
    for (const language of ["en", "nl"] as const) {
      expect(formatSignedMoney(-1250, language)).toBe(formatMoney(-1250, language));
      expect(formatSignedMoney(-1250, language)).not.toContain("\u2212");
    }
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
    // Both languages' ways, each one way only (en and nl).
    ["1234", 123400],
    ["1.234.567", 123456700],
    ["1,234,567", 123456700],
    ["1.234.567,89", 123456789],
    ["1,234,567.89", 123456789],
    ["12,", 1200],
    ["€ 1.234,5", 123450],
    ["−12,50", -1250],
  ])("reads %s as %i cents", (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
    expect(readMoney(input)).toEqual({ kind: "amount", cents });
  });

  it.each(["", "abc", "12,5x", "€", ",", "0,345", "1.234,567", "1,234.567", "12,3456", "1234,567"])(
    "refuses %j",
    (input) => {
      expect(parseMoney(input)).toBeNull();
      expect(readMoney(input)).toEqual({ kind: "invalid" });
    },
  );

  // In Dutch "12,345" was saved as € 12.345,00 without a word: one separator followed by three
  // digits groups thousands in one language and is the decimal point in the other.
  it.each([
    ["12,345", 1_234_500, 1_235],
    ["12.345", 1_234_500, 1_235],
    ["1.000", 100_000, 100],
    ["1,000", 100_000, 100],
    ["€ 999,999", 99_999_900, 100_000],
    ["-1,234", -123_400, -123],
  ])("refuses %s, which reads as %i or %i cents", (input, thousands, decimal) => {
    expect(parseMoney(input)).toBeNull();
    expect(readMoney(input)).toEqual({ kind: "ambiguous", readings: [thousands, decimal] });
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
