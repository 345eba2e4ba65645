import { describe, expect, it } from "vitest";
import { neededBy, projectionHorizon, reachWith } from "./what-if.ts";

const goal = { savedCents: 100_000, rateBp: 0, targetCents: 400_000, targetDate: "2027-01-15" };

describe("a goal's what-if", () => {
  it("moves the reach date with the monthly amount", () => {
    expect(reachWith(goal, 25_000, "2026-01-15")).toEqual({
      months: 12,
      date: "2027-01-15",
      monthsEarly: 0,
    });
    expect(reachWith(goal, 50_000, "2026-01-15")).toMatchObject({
      months: 6,
      date: "2026-07-15",
      monthsEarly: 6,
    });
    expect(reachWith(goal, 0, "2026-01-15")).toEqual({
      months: null,
      date: null,
      monthsEarly: null,
    });
  });

  it("moves the monthly amount with the date", () => {
    expect(neededBy(goal, "2027-01-15", "2026-01-15")).toEqual({
      months: 12,
      monthlyCents: 25_000,
    });
    expect(neededBy(goal, "2026-07-15", "2026-01-15")).toEqual({ months: 6, monthlyCents: 50_000 });
  });

  it("never counts a negative balance as saved", () => {
    expect(neededBy({ ...goal, savedCents: -5_000 }, "2027-01-15", "2026-01-15").monthlyCents).toBe(
      33_334,
    );
  });

  it("shows the projection up to the date and on to the reach, within bounds", () => {
    expect(projectionHorizon(12, 6)).toBe(12);
    expect(projectionHorizon(12, 20)).toBe(20);
    expect(projectionHorizon(12, 400)).toBe(24);
    expect(projectionHorizon(12, null)).toBe(24);
    expect(projectionHorizon(0, 0)).toBe(1);
    expect(projectionHorizon(500, null)).toBe(600);
  });
});
