import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysInMonth } from "./dates.ts";
import {
  continuedDayOfMonth,
  frequencies,
  nextOccurrenceAfter,
  nthOccurrence,
  occurrencesBetween,
  type Recurrence,
} from "./recurrence.ts";

/** A calendar date between 1990 and 2100. */
const dateArb = fc
  .date({
    min: new Date(Date.UTC(1990, 0, 1)),
    max: new Date(Date.UTC(2100, 11, 31)),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

/** A rule, with an end date (possibly before its start) or none. */
const ruleArb: fc.Arbitrary<Recurrence> = fc
  .record({
    frequency: fc.constantFrom(...frequencies),
    startDate: fc.oneof(
      dateArb,
      // Month ends, where clamping matters.
      fc
        .record({
          year: fc.integer({ min: 1990, max: 2100 }),
          month: fc.integer({ min: 1, max: 12 }),
          day: fc.integer({ min: 28, max: 31 }),
        })
        .map(({ year, month, day }) => {
          const clamped = Math.min(day, daysInMonth(year, month));
          return `${year}-${String(month).padStart(2, "0")}-${String(clamped).padStart(2, "0")}`;
        }),
    ),
    endOffset: fc.option(fc.integer({ min: -40, max: 3000 }), { nil: null }),
  })
  .map(({ frequency, startDate, endOffset }) => ({
    frequency,
    startDate,
    endDate: endOffset === null ? null : addDays(startDate, endOffset),
  }));

/** Every occurrence up to `last` by walking n = 0, 1, 2, ... (the definition, slow but plain). */
function enumerate(rule: Recurrence, from: string, to: string): string[] {
  const last = rule.endDate && rule.endDate < to ? rule.endDate : to;
  const dates: string[] = [];
  for (let n = 0; ; n++) {
    const date = nthOccurrence(rule, n);
    if (date > last) break;
    if (date >= from) dates.push(date);
  }
  return dates;
}

describe("recurrence", () => {
  it("gives each date once, strictly increasing, within the window, never past the end date", () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.integer({ min: -400, max: 2000 }),
        fc.integer({ min: 0, max: 1500 }),
        (rule, fromOffset, length) => {
          const from = addDays(rule.startDate, fromOffset);
          const to = addDays(from, length);
          const dates = occurrencesBetween(rule, from, to);
          for (let i = 1; i < dates.length; i++) {
            expect((dates[i - 1] ?? "") < (dates[i] ?? "")).toBe(true);
          }
          for (const date of dates) {
            expect(date >= from && date <= to && date >= rule.startDate).toBe(true);
            if (rule.endDate) expect(date <= rule.endDate).toBe(true);
          }
          // Nothing is skipped: the same dates as walking every occurrence from the start.
          expect(dates).toEqual(enumerate(rule, from, to));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("makes the same dates in pieces as at once (what materialising day by day relies on)", () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 0, max: 800 }),
        (rule, first, second) => {
          const middle = addDays(rule.startDate, first);
          const end = addDays(middle, second);
          const whole = occurrencesBetween(rule, rule.startDate, end);
          const pieces = [
            ...occurrencesBetween(rule, rule.startDate, middle),
            ...occurrencesBetween(rule, addDays(middle, 1), end),
          ];
          expect(pieces).toEqual(whole);
          // The next date after any day is the first of the following piece.
          const next = nextOccurrenceAfter(rule, middle);
          const following = occurrencesBetween(rule, addDays(middle, 1), "9999-12-31", 1);
          expect(next).toBe(following[0] ?? null);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps a month-based rule on its day, or the month's last day when the month is shorter", () => {
    fc.assert(
      fc.property(
        ruleArb.filter((rule) => !["daily", "weekly", "biweekly"].includes(rule.frequency)),
        (rule) => {
          const day = Number(rule.startDate.slice(8, 10));
          for (const date of occurrencesBetween(
            { ...rule, endDate: null },
            rule.startDate,
            addDays(rule.startDate, 1500),
          )) {
            const [year, month, dayOf] = date.split("-").map(Number) as [number, number, number];
            expect(dayOf).toBe(Math.min(day, daysInMonth(year, month)));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("falls on the last day of February and returns to the 31st after", () => {
    const rule: Recurrence = {
      frequency: "monthly",
      startDate: "2024-01-31",
      endDate: "2024-05-31",
    };
    expect(occurrencesBetween(rule, "2024-01-01", "2025-01-01")).toEqual([
      "2024-01-31",
      "2024-02-29",
      "2024-03-31",
      "2024-04-30",
      "2024-05-31",
    ]);
    expect(
      occurrencesBetween(
        { frequency: "annually", startDate: "2024-02-29", endDate: null },
        "2024-01-01",
        "2028-12-31",
      ),
    ).toEqual(["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"]);
    expect(
      occurrencesBetween({ ...rule, endDate: "2024-01-30" }, "2024-01-01", "2025-01-01"),
    ).toEqual([]);
  });

  it("keeps a series' day when it is continued from any of its dates (a split)", () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom(...frequencies),
        (rule, k, next) => {
          const open = { ...rule, endDate: null };
          const splitDate = nthOccurrence(open, k);
          // Continued at the same frequency: the very same dates from the split on.
          const same = {
            ...open,
            startDate: splitDate,
            dayOfMonth: continuedDayOfMonth(open, splitDate, rule.frequency),
          };
          const until = addDays(splitDate, 800);
          expect(occurrencesBetween(same, splitDate, until)).toEqual(
            occurrencesBetween(open, splitDate, until),
          );
          // At another frequency: it starts on the split date all the same.
          const other = {
            frequency: next,
            startDate: splitDate,
            endDate: null,
            dayOfMonth: continuedDayOfMonth(open, splitDate, next),
          };
          expect(nthOccurrence(other, 0)).toBe(splitDate);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("runs on the 31st after a split on 30 September, at any month-based frequency", () => {
    const rule: Recurrence = { frequency: "monthly", startDate: "2026-07-31", endDate: null };
    const dayOfMonth = continuedDayOfMonth(rule, "2026-09-30", "monthly");
    expect(dayOfMonth).toBe(31);
    expect(
      occurrencesBetween(
        { ...rule, startDate: "2026-09-30", dayOfMonth },
        "2026-09-01",
        "2027-03-31",
      ),
    ).toEqual([
      "2026-09-30",
      "2026-10-31",
      "2026-11-30",
      "2026-12-31",
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
    ]);
    const quarterly = { frequency: "quarterly" as const, startDate: "2026-09-30", endDate: null };
    expect(
      occurrencesBetween(
        { ...quarterly, dayOfMonth: continuedDayOfMonth(rule, "2026-09-30", "quarterly") },
        "2026-09-01",
        "2027-06-30",
      ),
    ).toEqual(["2026-09-30", "2026-12-31", "2027-03-31", "2027-06-30"]);
    // Weekly from or to a month-based series: the split date's own day.
    expect(continuedDayOfMonth(rule, "2026-09-30", "weekly")).toBeNull();
    expect(
      continuedDayOfMonth(
        { frequency: "weekly", startDate: "2026-07-31" },
        "2026-08-21",
        "monthly",
      ),
    ).toBeNull();
  });
});
