import { describe, expect, it } from "vitest";
import { addMonths, isIsoDate, monthRange, today } from "./dates.ts";

describe("isIsoDate", () => {
  it.each(["2026-11-22", "2024-02-29", "2000-01-01"])("accepts %s", (value) => {
    expect(isIsoDate(value)).toBe(true);
  });
  it.each(["2026-02-29", "2026-13-01", "2026-1-01", "22-11-2026", "", 20261122])(
    "refuses %s",
    (value) => {
      expect(isIsoDate(value)).toBe(false);
    },
  );
  it("gives today as a calendar date", () => {
    expect(isIsoDate(today("Europe/Amsterdam"))).toBe(true);
  });
});

describe("months", () => {
  it("steps across year boundaries", () => {
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2025-12", 1)).toBe("2026-01");
    expect(addMonths("2026-03", -14)).toBe("2025-01");
    expect(addMonths("2026-11", 0)).toBe("2026-11");
  });

  it("gives a month's first and last day, leap years included", () => {
    expect(monthRange("2024-02")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(monthRange("2026-02")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthRange("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(monthRange("2026-04")).toEqual({ from: "2026-04-01", to: "2026-04-30" });
  });
});
