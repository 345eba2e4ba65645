import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMonthsToDate,
  balanceAfterMonths,
  emergencyTarget,
  goalStatus,
  monthlyNeeded,
  monthsBetween,
  monthsToReach,
  projection,
} from "./savings-math.ts";

const start = fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 1e10 }));
const target = fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1e11 }));
const rate = fc.integer({ min: 0, max: 1000 });
const months = fc.integer({ min: 1, max: 480 });

describe("monthsBetween", () => {
  it("counts whole months, a day short is a month less", () => {
    expect(monthsBetween("2026-11-25", "2027-11-25")).toBe(12);
    expect(monthsBetween("2026-11-25", "2027-11-24")).toBe(11);
    expect(monthsBetween("2026-11-25", "2026-12-25")).toBe(1);
    expect(monthsBetween("2026-11-25", "2026-12-24")).toBe(0);
  });

  it("is never negative", () => {
    expect(monthsBetween("2026-11-25", "2026-11-25")).toBe(0);
    expect(monthsBetween("2027-11-25", "2026-11-25")).toBe(0);
    expect(monthsBetween("2026-11-25", "2026-11-01")).toBe(0);
  });

  it("counts a month from a month's end to the end of a shorter month", () => {
    // 2026-01-31 + 1 month is clamped to 2026-02-28, so that is one whole month.
    expect(monthsBetween("2026-01-31", "2026-02-28")).toBe(1);
    expect(monthsBetween("2026-01-31", "2026-02-27")).toBe(0);
    expect(monthsBetween("2024-01-31", "2024-02-29")).toBe(1);
    expect(monthsBetween("2026-01-31", "2026-03-30")).toBe(1);
    expect(monthsBetween("2026-01-31", "2026-03-31")).toBe(2);
  });

  it("agrees with adding months to a date (property)", () => {
    const day = fc
      .integer({ min: 0, max: 365 * 150 })
      .map((offset) => new Date(Date.UTC(1950, 0, 1) + offset * 86_400_000))
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (from, to) => {
        const n = monthsBetween(from, to);
        expect(Number.isInteger(n) && n >= 0).toBe(true);
        if (to > from) {
          expect(addMonthsToDate(from, n) <= to).toBe(true);
          expect(addMonthsToDate(from, n + 1) > to).toBe(true);
        } else {
          expect(n).toBe(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("addMonthsToDate", () => {
  it("clamps to the end of a shorter month and crosses years", () => {
    expect(addMonthsToDate("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsToDate("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonthsToDate("2026-11-25", 14)).toBe("2028-01-25");
    expect(addMonthsToDate("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonthsToDate("2026-11-25", 0)).toBe("2026-11-25");
  });
});

describe("balanceAfterMonths", () => {
  it("adds deposits at the end of each month, without interest at 0 %", () => {
    expect(balanceAfterMonths(5_000, 1_000, 0, 12)).toBe(17_000);
    expect(balanceAfterMonths(5_000, 1_000, 300, 0)).toBe(5_000);
  });

  it("credits interest monthly in whole cents, rounding halves away from zero", () => {
    // 12 % a year is 1 % a month: 50 cents earn 0.5 cent, which rounds up to 1.
    expect(balanceAfterMonths(50, 0, 1200, 1)).toBe(51);
    expect(balanceAfterMonths(-50, 0, 1200, 1)).toBe(-51);
    // 49 cents earn 0.49 cent: nothing.
    expect(balanceAfterMonths(49, 0, 1200, 1)).toBe(49);
    // €1,000.00 at 12 %: 1,010.00 then 1,020.10 then 1,030.30 (1,030.301 rounded).
    expect(projection(100_000, 0, 1200, 3)).toEqual([100_000, 101_000, 102_010, 103_030]);
  });

  it("agrees with its projection, step by step (property)", () => {
    fc.assert(
      fc.property(start, fc.integer({ min: 0, max: 1_000_000 }), rate, months, (s, m, r, n) => {
        const balances = projection(s, m, r, n);
        expect(balances).toHaveLength(n + 1);
        expect(balances[0]).toBe(s);
        expect(balances[n]).toBe(balanceAfterMonths(s, m, r, n));
        expect(balances.every((b) => Number.isSafeInteger(b))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("monthlyNeeded", () => {
  it("needs 1,000.00 a month for 10,000.00 in 10 months at 0 %", () => {
    expect(monthlyNeeded(0, 1_000_000, 0, 10)).toBe(100_000);
    expect(balanceAfterMonths(0, 100_000, 0, 10)).toBe(1_000_000);
  });

  it("needs 988.81 a month for 10,000.00 in 10 months at 3 %, not the formula's 988.80", () => {
    // r = 0.03 / 12 = 0.0025; (1 + r)^10 = 1.025283133…
    // PMT = 10,000.00 × 0.0025 / (1.025283133 − 1) = 988.8015 → the formula says 988.80.
    // Month by month with 988.81 (interest = balance × 0.0025, rounded to the cent):
    //   1:        0.00 +  0.00 + 988.81 =    988.81
    //   2:      988.81 +  2.47 + 988.81 =  1,980.09   (2.472025)
    //   3:    1,980.09 +  4.95 + 988.81 =  2,973.85   (4.950225)
    //   4:    2,973.85 +  7.43 + 988.81 =  3,970.09   (7.434625)
    //   5:    3,970.09 +  9.93 + 988.81 =  4,968.83   (9.925225)
    //   6:    4,968.83 + 12.42 + 988.81 =  5,970.06   (12.422075)
    //   7:    5,970.06 + 14.93 + 988.81 =  6,973.80   (14.92515)
    //   8:    6,973.80 + 17.43 + 988.81 =  7,980.04   (17.4345)
    //   9:    7,980.04 + 19.95 + 988.81 =  8,988.80   (19.9501)
    //  10:    8,988.80 + 22.47 + 988.81 = 10,000.08   (22.472)
    // With 988.80 the same steps end at 9,999.98: two cents, and a month, short.
    expect(monthlyNeeded(0, 1_000_000, 300, 10)).toBe(98_881);
    expect(projection(0, 98_881, 300, 10)).toEqual([
      0, 98_881, 198_009, 297_385, 397_009, 496_883, 597_006, 697_380, 798_004, 898_880, 1_000_008,
    ]);
    expect(balanceAfterMonths(0, 98_880, 300, 10)).toBe(999_998);
  });

  it("needs nothing when the start, with interest, already gets there", () => {
    expect(monthlyNeeded(1_000_000, 1_000_000, 0, 10)).toBe(0);
    expect(monthlyNeeded(2_000_000, 1_000_000, 0, 0)).toBe(0);
    // €1,000.00 at 12 % for 3 months grows to €1,030.30.
    expect(monthlyNeeded(100_000, 103_030, 1200, 3)).toBe(0);
    expect(monthlyNeeded(100_000, 103_031, 1200, 3)).toBe(1);
  });

  it("asks the whole shortfall when no month is left", () => {
    expect(monthlyNeeded(250_000, 1_000_000, 300, 0)).toBe(750_000);
  });

  it("is never a cent too little nor a cent too much (property)", () => {
    fc.assert(
      fc.property(start, target, rate, months, (s, t, r, n) => {
        const needed = monthlyNeeded(s, t, r, n);
        expect(Number.isSafeInteger(needed) && needed >= 0).toBe(true);
        expect(balanceAfterMonths(s, needed, r, n)).toBeGreaterThanOrEqual(t);
        if (needed > 0) expect(balanceAfterMonths(s, needed - 1, r, n)).toBeLessThan(t);
        const reach = monthsToReach(s, needed, r, t);
        expect(reach).not.toBeNull();
        expect(reach).toBeLessThanOrEqual(n);
      }),
      { numRuns: 300 },
    );
  });
});

describe("monthsToReach", () => {
  it("counts the months until the target is reached", () => {
    expect(monthsToReach(0, 100_000, 0, 1_000_000)).toBe(10);
    expect(monthsToReach(0, 99_999, 0, 1_000_000)).toBe(11);
    expect(monthsToReach(0, 98_881, 300, 1_000_000)).toBe(10);
    expect(monthsToReach(0, 98_880, 300, 1_000_000)).toBe(11);
    expect(monthsToReach(1_000_000, 0, 0, 1_000_000)).toBe(0);
  });

  it("is null when the balance never gets there", () => {
    expect(monthsToReach(0, 0, 0, 1)).toBeNull();
    expect(monthsToReach(100_000, 0, 0, 100_001)).toBeNull();
    // 100 cents at 1.75 % earn 0.15 cent a month: rounded, nothing ever.
    expect(monthsToReach(100, 0, 175, 101)).toBeNull();
    // €1.00 a month reaches €100,000.00 only after 8,333 years.
    expect(monthsToReach(0, 100, 0, 10_000_000)).toBeNull();
    expect(monthsToReach(0, 100, 0, 10_000_000, 100_000)).toBe(100_000);
  });

  it("grows on interest alone", () => {
    // €1,000.00 at 12 %: 1,010.00, 1,020.10, 1,030.30, 1,040.60.
    expect(monthsToReach(100_000, 0, 1200, 104_000)).toBe(4);
  });

  it("is the first month the simulated balance reaches the target (property)", () => {
    fc.assert(
      fc.property(start, fc.integer({ min: 0, max: 1_000_000 }), rate, target, (s, m, r, t) => {
        const n = monthsToReach(s, m, r, t);
        if (n === null) {
          expect(balanceAfterMonths(s, m, r, 1200)).toBeLessThan(t);
        } else {
          expect(Number.isInteger(n) && n >= 0 && n <= 1200).toBe(true);
          expect(balanceAfterMonths(s, m, r, n)).toBeGreaterThanOrEqual(t);
          if (n > 0) expect(balanceAfterMonths(s, m, r, n - 1)).toBeLessThan(t);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("goalStatus", () => {
  const goal = {
    startCents: 0,
    targetCents: 1_000_000,
    annualRateBp: 300,
    fromDate: "2026-01-31",
    targetDate: "2026-11-30",
  };

  it("plans the needed amount when none is planned, reaching the target on its date", () => {
    expect(goalStatus({ ...goal, plannedMonthlyCents: null })).toEqual({
      months: 10,
      neededMonthlyCents: 98_881,
      plannedMonthlyCents: 98_881,
      status: "on-track",
      reachMonths: 10,
      reachDate: "2026-11-30",
    });
  });

  it("is reached when the start covers the target", () => {
    const status = goalStatus({ ...goal, startCents: 1_000_000, plannedMonthlyCents: 5_000 });
    expect(status.status).toBe("reached");
    expect(status.neededMonthlyCents).toBe(0);
    expect(status.reachMonths).toBe(0);
    expect(status.reachDate).toBe("2026-01-31");
  });

  it("is ahead only more than 5 % above what is needed and a month early", () => {
    // 105 % of 988.81 is 1,038.2505: 1,038.25 is not more than 5 % above.
    expect(goalStatus({ ...goal, plannedMonthlyCents: 103_825 }).status).toBe("on-track");
    // 1,038.26 is, but still takes all 10 months; 1,100.05 a month is what reaches it in 9.
    const late = goalStatus({ ...goal, plannedMonthlyCents: 103_826 });
    expect(late.status).toBe("on-track");
    expect(late.reachMonths).toBe(10);
    expect(goalStatus({ ...goal, plannedMonthlyCents: 110_004 }).status).toBe("on-track");
    const ahead = goalStatus({ ...goal, plannedMonthlyCents: 110_005 });
    expect(ahead.status).toBe("ahead");
    expect(ahead.reachMonths).toBe(9);
    expect(ahead.reachDate).toBe("2026-10-31");
  });

  it("is on track with more than 5 % above when that does not reach it a month early", () => {
    // 0 % over 1 month: 1,000.00 needed; 1,100.00 still takes the one month.
    const status = goalStatus({
      startCents: 0,
      targetCents: 100_000,
      annualRateBp: 0,
      plannedMonthlyCents: 110_000,
      fromDate: "2026-11-25",
      targetDate: "2026-12-25",
    });
    expect(status.status).toBe("on-track");
    expect(status.reachMonths).toBe(1);
  });

  it("is behind below what is needed, and says when it would get there", () => {
    const status = goalStatus({ ...goal, plannedMonthlyCents: 98_880 });
    expect(status.status).toBe("behind");
    expect(status.reachMonths).toBe(11);
    expect(status.reachDate).toBe("2026-12-31");
    const never = goalStatus({ ...goal, plannedMonthlyCents: 0 });
    expect(never.status).toBe("behind");
    expect(never.reachMonths).toBeNull();
    expect(never.reachDate).toBeNull();
  });

  it("asks the whole shortfall on or after the target date", () => {
    const status = goalStatus({
      ...goal,
      startCents: 250_000,
      plannedMonthlyCents: 10_000,
      targetDate: "2025-12-31",
    });
    expect(status.months).toBe(0);
    expect(status.neededMonthlyCents).toBe(750_000);
    expect(status.status).toBe("behind");
  });
});

describe("emergencyTarget", () => {
  it("multiplies average monthly spending by the months to cover", () => {
    expect(emergencyTarget(250_000, 3)).toBe(750_000);
    expect(emergencyTarget(123_457, 6)).toBe(740_742);
    expect(emergencyTarget(0, 6)).toBe(0);
  });
});
