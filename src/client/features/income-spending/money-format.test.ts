import { describe, expect, it } from "vitest";
import { formatPercent, isMonth } from "./money-format.ts";

describe("months of the income & spending page", () => {
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
