import { describe, expect, it } from "vitest";
import { formatPercent, isMonth, monthRange, shiftMonth } from "./money-format.ts";

describe("months of the income & spending page", () => {
  it("steps across year boundaries", () => {
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2025-12", 1)).toBe("2026-01");
    expect(shiftMonth("2026-03", -14)).toBe("2025-01");
    expect(shiftMonth("2026-11", 0)).toBe("2026-11");
  });

  it("gives a month's first and last day, leap years included", () => {
    expect(monthRange("2024-02")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(monthRange("2026-02")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthRange("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(monthRange("2026-04")).toEqual({ from: "2026-04-01", to: "2026-04-30" });
  });

  it("accepts only YYYY-MM", () => {
    expect(isMonth("2026-02")).toBe(true);
    expect(isMonth("2026-13")).toBe(false);
    expect(isMonth("2026-2")).toBe(false);
    expect(isMonth(null)).toBe(false);
  });
});

describe("percentages", () => {
  it("show one decimal the language's way", () => {
    expect(formatPercent(2_345, "en")).toBe("23.5%");
    expect(formatPercent(2_345, "nl")).toBe("23,5%");
    expect(formatPercent(-500, "en")).toBe("-5.0%");
    expect(formatPercent(0, "nl")).toBe("0,0%");
  });
});
