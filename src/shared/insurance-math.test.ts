import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysBetween, isIsoDate } from "./dates.ts";
import {
  deductibleUse,
  isWithinDays,
  memberParts,
  nextNoticeDeadline,
  nextPremiumOn,
  nextRenewal,
  noticeDeadline,
  paymentsPerYear,
  perMonth,
  perYear,
  premiumFigures,
  premiumFrequencies,
  type NoticePeriod,
} from "./insurance-math.ts";

/** A day from 1950 to 2089, so a year's step stays within Hearth's dates. */
const dayArb = fc
  .integer({ min: 0, max: 365 * 140 })
  .map((offset) => addDays("1950-01-01", offset));
const premiumArb = fc.oneof(
  fc.integer({ min: 1, max: 100_000 }),
  fc.integer({ min: 1, max: 100_000_000_000 }),
);
const frequencyArb = fc.constantFrom(...premiumFrequencies);

describe("perYear and perMonth", () => {
  it("gives a year of every frequency exactly", () => {
    expect(perYear(14_250, "monthly")).toBe(171_000);
    expect(perYear(14_250, "quarterly")).toBe(57_000);
    expect(perYear(14_250, "half-yearly")).toBe(28_500);
    expect(perYear(14_250, "yearly")).toBe(14_250);
    expect(perYear(1, "monthly")).toBe(12);
  });

  it("gives a month as the year's twelfth to the nearest cent, a half cent up", () => {
    // € 95.00 a year: 791.666… cents a month.
    expect(perMonth(9_500)).toBe(792);
    // € 3.00 a quarter is € 12.00 a year: exactly € 1.00 a month.
    expect(premiumFigures(300, "quarterly")).toEqual({
      premiumCents: 300,
      yearCents: 1_200,
      monthCents: 100,
    });
    // 6 cents a year is half a cent a month: up. 5 cents is 0.416…: down.
    expect(perMonth(6)).toBe(1);
    expect(perMonth(5)).toBe(0);
    expect(perMonth(18)).toBe(2);
    expect(perMonth(17)).toBe(1);
    expect(perMonth(0)).toBe(0);
    // Half-yearly € 123.45: € 246.90 a year, € 20.575 a month → € 20.58.
    expect(premiumFigures(12_345, "half-yearly")).toEqual({
      premiumCents: 12_345,
      yearCents: 24_690,
      monthCents: 2_058,
    });
  });

  it("gives a monthly premium back exactly and is never more than half a cent off (property)", () => {
    fc.assert(
      fc.property(premiumArb, frequencyArb, (premium, frequency) => {
        const year = perYear(premium, frequency);
        expect(year).toBe(premium * paymentsPerYear[frequency]);
        expect(Number.isSafeInteger(year)).toBe(true);
        const month = perMonth(year);
        expect(Number.isInteger(month)).toBe(true);
        // |month − year/12| ≤ ½ cent, and a half goes up: 12·month − year in (−6, 6].
        const off = month * 12 - year;
        expect(off > -6 && off <= 6).toBe(true);
        if (frequency === "monthly") expect(month).toBe(premium);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("memberParts", () => {
  it("shares a payment evenly, the odd cents to the first members", () => {
    expect(memberParts(10_000, [{ shareBp: null }, { shareBp: null }])).toEqual([5_000, 5_000]);
    expect(memberParts(10_000, [{ shareBp: null }, { shareBp: null }, { shareBp: null }])).toEqual([
      3_334, 3_333, 3_333,
    ]);
    expect(memberParts(2, [{ shareBp: null }, { shareBp: null }, { shareBp: null }])).toEqual([
      1, 1, 0,
    ]);
    expect(memberParts(12_345, [{ shareBp: null }])).toEqual([12_345]);
    expect(memberParts(12_345, [])).toEqual([]);
  });

  it("shares by basis points when every member has a share", () => {
    expect(memberParts(10_001, [{ shareBp: 7_000 }, { shareBp: 3_000 }])).toEqual([7_001, 3_000]);
    expect(memberParts(999, [{ shareBp: 2_500 }, { shareBp: 2_500 }, { shareBp: 5_000 }])).toEqual([
      250, 250, 499,
    ]);
  });

  it("adds up to the payment and to the year exactly, for any shares (property)", () => {
    const sharesArb = fc.oneof(
      fc.integer({ min: 1, max: 8 }).map((n) => Array.from({ length: n }, () => null)),
      fc
        .array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 8 })
        .map((weights) => {
          // Basis points adding up to 10,000, as the schema demands.
          const bp = weights.map((w) => Math.floor((w * 10_000) / weights.reduce((a, b) => a + b)));
          bp[0] = (bp[0] ?? 0) + 10_000 - bp.reduce((a, b) => a + b, 0);
          return bp.map((value) => (value > 0 ? value : null));
        })
        .filter((bp) => bp.every((value) => value !== null)),
    );
    fc.assert(
      fc.property(premiumArb, frequencyArb, sharesArb, (premium, frequency, bps) => {
        const parts = memberParts(
          premium,
          bps.map((shareBp) => ({ shareBp })),
        );
        expect(parts.reduce((a, b) => a + b, 0)).toBe(premium);
        expect(parts.every((part) => Number.isInteger(part) && part >= 0)).toBe(true);
        const years = parts.map((part) => perYear(part, frequency));
        expect(years.reduce((a, b) => a + b, 0)).toBe(perYear(premium, frequency));
        if (bps.every((value) => value === null)) {
          // Evenly: no two members more than a cent apart.
          expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("noticeDeadline", () => {
  const months = (value: number): NoticePeriod => ({ value, unit: "months" });
  const days = (value: number): NoticePeriod => ({ value, unit: "days" });

  it("goes back whole months, to a shorter month's last day", () => {
    expect(noticeDeadline("2027-01-01", months(1))).toBe("2026-12-01");
    expect(noticeDeadline("2026-01-31", months(1))).toBe("2025-12-31");
    expect(noticeDeadline("2026-03-31", months(1))).toBe("2026-02-28");
    expect(noticeDeadline("2024-03-31", months(1))).toBe("2024-02-29");
    expect(noticeDeadline("2026-05-31", months(3))).toBe("2026-02-28");
    expect(noticeDeadline("2026-12-31", months(2))).toBe("2026-10-31");
    expect(noticeDeadline("2026-07-31", months(2))).toBe("2026-05-31");
    expect(noticeDeadline("2026-03-15", months(14))).toBe("2025-01-15");
    expect(noticeDeadline("2025-02-28", months(12))).toBe("2024-02-28");
  });

  it("goes back days across month ends, year ends and leap days", () => {
    expect(noticeDeadline("2027-01-01", days(30))).toBe("2026-12-02");
    expect(noticeDeadline("2024-03-01", days(1))).toBe("2024-02-29");
    expect(noticeDeadline("2025-03-01", days(1))).toBe("2025-02-28");
    expect(noticeDeadline("2024-03-30", days(30))).toBe("2024-02-29");
    expect(noticeDeadline("2026-01-01", days(365))).toBe("2025-01-01");
    expect(noticeDeadline("2025-01-01", days(366))).toBe("2024-01-01");
    expect(noticeDeadline("2025-01-01", days(367))).toBe("2023-12-31");
  });

  it("is a valid day, never after the renewal, and a month back lands in the month before (property)", () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 365 }),
        (renewal, m, d) => {
          const byMonths = noticeDeadline(renewal, months(m));
          expect(isIsoDate(byMonths)).toBe(true);
          expect(byMonths < renewal).toBe(true);
          const monthIndex = (date: string) =>
            Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
          expect(monthIndex(renewal) - monthIndex(byMonths)).toBe(m);
          // The day of the month is kept unless the month is shorter.
          const kept = Number(byMonths.slice(8, 10)) === Number(renewal.slice(8, 10));
          expect(kept || Number(byMonths.slice(8, 10)) < Number(renewal.slice(8, 10))).toBe(true);
          // A clamped day is its month's last day.
          if (!kept) expect(addDays(byMonths, 1).slice(8, 10)).toBe("01");
          expect(daysBetween(noticeDeadline(renewal, days(d)), renewal)).toBe(d);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("nextRenewal", () => {
  it("is the renewal date itself on or after the day", () => {
    expect(nextRenewal("2026-12-01", "2026-11-27")).toBe("2026-12-01");
    expect(nextRenewal("2026-11-27", "2026-11-27")).toBe("2026-11-27");
  });

  it("steps a passed renewal date on by whole years", () => {
    expect(nextRenewal("2020-01-01", "2026-11-27")).toBe("2027-01-01");
    expect(nextRenewal("2020-12-01", "2026-11-27")).toBe("2026-12-01");
    expect(nextRenewal("2026-11-26", "2026-11-27")).toBe("2027-11-26");
    expect(nextRenewal("2025-11-27", "2026-11-27")).toBe("2026-11-27");
  });

  it("keeps 29 February for leap years and uses 28 February in others", () => {
    expect(nextRenewal("2024-02-29", "2024-03-01")).toBe("2025-02-28");
    expect(nextRenewal("2024-02-29", "2027-03-01")).toBe("2028-02-29");
    expect(nextRenewal("2024-02-29", "2028-02-29")).toBe("2028-02-29");
    expect(nextRenewal("2020-02-29", "2100-01-01")).toBe("2100-02-28");
  });

  it("is the first anniversary on or after the day (property)", () => {
    fc.assert(
      fc.property(dayArb, dayArb, (renewal, day) => {
        const next = nextRenewal(renewal, day);
        expect(next >= day).toBe(true);
        if (renewal >= day) {
          expect(next).toBe(renewal);
          return;
        }
        // Less than a year after the day, on the renewal's month and (or clamped) day.
        expect(daysBetween(day, next)).toBeLessThan(366);
        expect(next.slice(5, 7)).toBe(renewal.slice(5, 7));
        const clamped = renewal.slice(5) === "02-29" && next.slice(5) === "02-28";
        expect(clamped || next.slice(8) === renewal.slice(8)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("nextNoticeDeadline", () => {
  it("gives the next renewal's deadline while it is still to come", () => {
    expect(nextNoticeDeadline("2020-01-01", { value: 1, unit: "months" }, "2026-11-27")).toEqual({
      renewalDate: "2027-01-01",
      deadline: "2026-12-01",
    });
    expect(nextNoticeDeadline("2020-01-01", { value: 1, unit: "months" }, "2026-12-01")).toEqual({
      renewalDate: "2027-01-01",
      deadline: "2026-12-01",
    });
  });

  it("moves on to the following renewal once the deadline has passed", () => {
    expect(nextNoticeDeadline("2020-01-01", { value: 1, unit: "months" }, "2026-12-02")).toEqual({
      renewalDate: "2028-01-01",
      deadline: "2027-12-01",
    });
    expect(nextNoticeDeadline("2027-03-31", { value: 2, unit: "months" }, "2027-02-01")).toEqual({
      renewalDate: "2028-03-31",
      deadline: "2028-01-31",
    });
    expect(nextNoticeDeadline("2024-02-29", { value: 30, unit: "days" }, "2025-02-01")).toEqual({
      renewalDate: "2026-02-28",
      deadline: "2026-01-29",
    });
  });

  it("is on or after the day, before its renewal (property)", () => {
    fc.assert(
      fc.property(
        dayArb,
        dayArb,
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom("months" as const, "days" as const),
        (renewal, day, value, unit) => {
          const period = { value: unit === "days" ? value * 30 : value, unit };
          const next = nextNoticeDeadline(renewal, period, day);
          expect(next.deadline >= day).toBe(true);
          expect(next.deadline).toBe(noticeDeadline(next.renewalDate, period));
          expect(next.renewalDate >= nextRenewal(renewal, day)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("isWithinDays", () => {
  it("counts from today up to and including the 60th day", () => {
    expect(isWithinDays("2026-11-27", "2026-11-27")).toBe(true);
    expect(isWithinDays("2027-01-26", "2026-11-27")).toBe(true);
    expect(isWithinDays("2027-01-27", "2026-11-27")).toBe(false);
    expect(isWithinDays("2026-11-26", "2026-11-27")).toBe(false);
    expect(isWithinDays("2024-04-29", "2024-02-29")).toBe(true);
    expect(isWithinDays("2024-04-30", "2024-02-29")).toBe(false);
    expect(isWithinDays("2026-12-07", "2026-11-27", 10)).toBe(true);
  });
});

describe("deductibleUse", () => {
  it("adds the voluntary deductible to the mandatory one and counts spending up to it", () => {
    expect(deductibleUse(38_500, 20_000, 12_345)).toEqual({
      deductibleCents: 58_500,
      spentCents: 12_345,
      usedCents: 12_345,
      leftCents: 46_155,
    });
    expect(deductibleUse(38_500, null, 0)).toEqual({
      deductibleCents: 38_500,
      spentCents: 0,
      usedCents: 0,
      leftCents: 38_500,
    });
  });

  it("uses all of it and no more once the spending passes it", () => {
    expect(deductibleUse(38_500, null, 38_500)).toMatchObject({ usedCents: 38_500, leftCents: 0 });
    expect(deductibleUse(38_500, 50_000, 100_000)).toEqual({
      deductibleCents: 88_500,
      spentCents: 100_000,
      usedCents: 88_500,
      leftCents: 0,
    });
  });

  it("uses nothing of a deductible of none, or with refunds above the spending", () => {
    expect(deductibleUse(null, null, 5_000)).toEqual({
      deductibleCents: 0,
      spentCents: 5_000,
      usedCents: 0,
      leftCents: 0,
    });
    expect(deductibleUse(38_500, null, -2_000)).toMatchObject({ usedCents: 0, leftCents: 38_500 });
  });

  it("always has used and left adding up to the deductible, within it", () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 1_000_000 })),
        fc.option(fc.integer({ min: 0, max: 50_000 })),
        fc.integer({ min: -1_000_000, max: 10_000_000 }),
        (mandatory, voluntary, spent) => {
          const use = deductibleUse(mandatory, voluntary, spent);
          expect(use.usedCents + use.leftCents).toBe(use.deductibleCents);
          expect(use.usedCents).toBeGreaterThanOrEqual(0);
          expect(use.leftCents).toBeGreaterThanOrEqual(0);
          expect(use.usedCents).toBeLessThanOrEqual(Math.max(spent, 0));
        },
      ),
    );
  });
});

describe("the next premium to book", () => {
  const monthly = { frequency: "monthly", startDate: "2025-01-31", endsOn: null } as const;

  it("is the series' next date on or after the day, the month's last day when it is shorter", () => {
    expect(nextPremiumOn(monthly, "2026-02-10")).toBe("2026-02-28");
    expect(nextPremiumOn(monthly, "2026-03-31")).toBe("2026-03-31");
    expect(nextPremiumOn(monthly, "2026-04-01")).toBe("2026-04-30");
  });

  it("is the start of a policy that has not begun, and follows the frequency", () => {
    expect(nextPremiumOn({ ...monthly, startDate: "2027-03-01" }, "2026-11-26")).toBe("2027-03-01");
    const quarterly = { frequency: "quarterly", startDate: "2026-01-15", endsOn: null } as const;
    expect(nextPremiumOn(quarterly, "2026-11-26")).toBe("2027-01-15");
    const halfYearly = { frequency: "half-yearly", startDate: "2026-01-15", endsOn: null } as const;
    expect(nextPremiumOn(halfYearly, "2026-07-16")).toBe("2027-01-15");
    const yearly = { frequency: "yearly", startDate: "2024-02-29", endsOn: null } as const;
    expect(nextPremiumOn(yearly, "2026-03-01")).toBe("2027-02-28");
  });

  it("is none after a cancelled policy's last day of cover", () => {
    expect(nextPremiumOn({ ...monthly, endsOn: "2026-06-15" }, "2026-06-01")).toBeNull();
    expect(nextPremiumOn({ ...monthly, endsOn: "2026-06-30" }, "2026-06-01")).toBe("2026-06-30");
  });
});
