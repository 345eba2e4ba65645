import { describe, expect, it } from "vitest";
import {
  changeBp,
  comparisonOf,
  entriesLink,
  periodFromParams,
  periodLength,
  presetPeriod,
} from "./period.ts";

describe("the dashboard's periods", () => {
  it("reckons each preset from today, across the year boundary and in a leap year", () => {
    expect(presetPeriod("this-month", "2028-02-10")).toEqual({
      from: "2028-02-01",
      to: "2028-02-29",
    });
    expect(presetPeriod("last-month", "2027-01-05")).toEqual({
      from: "2026-12-01",
      to: "2026-12-31",
    });
    expect(presetPeriod("this-year", "2026-11-23")).toEqual({
      from: "2026-01-01",
      to: "2026-12-31",
    });
    expect(presetPeriod("last-12-months", "2026-11-23")).toEqual({
      from: "2025-12-01",
      to: "2026-11-30",
    });
    expect(presetPeriod("last-12-months", "2026-12-01")).toEqual({
      from: "2026-01-01",
      to: "2026-12-31",
    });
  });

  it("reads the URL: a preset, a custom range in order, and this month for anything else", () => {
    const read = (query: string) => periodFromParams(new URLSearchParams(query), "2026-11-23");
    expect(read("")).toEqual({
      choice: "this-month",
      period: { from: "2026-11-01", to: "2026-11-30" },
    });
    expect(read("period=last-month").period).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(read("period=custom&from=2026-01-15&to=2026-02-14")).toEqual({
      choice: "custom",
      period: { from: "2026-01-15", to: "2026-02-14" },
    });
    expect(read("period=custom&from=2026-02-14&to=2026-01-15").choice).toBe("this-month");
    expect(read("period=custom&from=2026-02-30&to=2026-03-01").choice).toBe("this-month");
    expect(read("period=forever").choice).toBe("this-month");
  });

  it("links to exactly the entries of a figure, the household said on purpose", () => {
    expect(
      entriesLink({ from: "2026-11-01", to: "2026-11-30", member: null, kind: "expense" }),
    ).toBe("/dashboard/transactions?kind=expense&from=2026-11-01&to=2026-11-30&member=household");
    expect(
      entriesLink({ from: "2026-11-01", to: "2026-11-30", member: "m1", category: "c1" }),
    ).toBe("/dashboard/transactions?category=c1&from=2026-11-01&to=2026-11-30&member=m1");
  });

  it("gives a change in basis points, none from zero", () => {
    expect(changeBp(150, 100)).toBe(5_000);
    expect(changeBp(50, 100)).toBe(-5_000);
    expect(changeBp(-50, -100)).toBe(5_000);
    expect(changeBp(100, 0)).toBeNull();
  });

  it("gives no percentage against less than €50 or less than 5 % of the amount now", () => {
    expect(comparisonOf(190_871, 2_999)).toEqual({ kind: "tooLittle" });
    expect(comparisonOf(100, 0)).toEqual({ kind: "tooLittle" });
    expect(comparisonOf(0, 4_999)).toEqual({ kind: "tooLittle" });
    expect(comparisonOf(0, 5_000)).toEqual({ kind: "change", bp: -10_000 });
    expect(comparisonOf(100_000, 5_000)).toEqual({ kind: "change", bp: 190_000 });
    expect(comparisonOf(100_001, 5_000)).toEqual({ kind: "tooLittle" });
    expect(comparisonOf(0, 0)).toEqual({ kind: "same" });
    expect(comparisonOf(2_999, 2_999)).toEqual({ kind: "same" });
  });

  it("names the period before a month, a year or neither", () => {
    expect(periodLength({ from: "2026-02-01", to: "2026-02-28" })).toBe("month");
    expect(periodLength({ from: "2026-01-01", to: "2026-12-31" })).toBe("year");
    expect(periodLength({ from: "2025-12-01", to: "2026-11-30" })).toBe("year");
    expect(periodLength({ from: "2026-01-01", to: "2026-03-31" })).toBe("other");
    expect(periodLength({ from: "2026-02-02", to: "2026-02-28" })).toBe("other");
  });
});
