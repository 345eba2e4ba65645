import type { IsoDate } from "#shared/dates.ts";
import {
  addMonthsToDate,
  monthlyNeeded,
  monthsBetween,
  monthsToReach,
} from "#shared/savings-math.ts";

/** What a goal's figures start from: what is saved (never below 0), the rate and the target. */
export type GoalBasis = { savedCents: number; rateBp: number; targetCents: number };

const startOf = (goal: GoalBasis) => Math.max(goal.savedCents, 0);

/**
 * Putting `monthlyCents` aside each month from `today`: after how many months the target is
 * reached and on which date (null: not within 100 years), and how many months that is before
 * (negative: after) the target date.
 */
export function reachWith(
  goal: GoalBasis & { targetDate: IsoDate },
  monthlyCents: number,
  today: IsoDate,
): { months: number | null; date: IsoDate | null; monthsEarly: number | null } {
  const months = monthsToReach(startOf(goal), monthlyCents, goal.rateBp, goal.targetCents);
  if (months === null) return { months, date: null, monthsEarly: null };
  const date = addMonthsToDate(today, months);
  const dateMonths = monthsBetween(today, goal.targetDate);
  return { months, date, monthsEarly: dateMonths - months };
}

/** Reaching the target by `date`: the months left and the monthly amount that takes. */
export function neededBy(
  goal: GoalBasis,
  date: IsoDate,
  today: IsoDate,
): { months: number; monthlyCents: number } {
  const months = monthsBetween(today, date);
  return {
    months,
    monthlyCents: monthlyNeeded(startOf(goal), goal.targetCents, goal.rateBp, months),
  };
}

/**
 * How many months a goal's projection shows: up to the target date at least, on to when the
 * plan reaches the target, but no further than twice the months to the date (two years at
 * least), so a plan that takes decades does not squash the chart; 600 months at most.
 */
export function projectionHorizon(dateMonths: number, reachMonths: number | null): number {
  const base = Math.max(dateMonths, 1);
  const cap = Math.min(Math.max(base * 2, 24), 600);
  const wanted = reachMonths === null ? cap : Math.max(base, reachMonths);
  return Math.max(1, Math.min(wanted, cap));
}
