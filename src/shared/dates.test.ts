import { describe, expect, it } from "vitest";
import { isIsoDate, today } from "./dates.ts";

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
