import { addMonths, daysInMonth, type IsoDate } from "./dates.ts";
import type { Cents } from "./money.ts";

/**
 * Savings goals with monthly compounding. A rate is a nominal annual rate in basis points
 * (175 = 1.75 %) compounded monthly: each month earns `annualRateBp / 10000 / 12` of the balance
 * (so 12 % a year is 1 % a month, about 12.68 % effective). Deposits are made at the end of each
 * month (an ordinary annuity), after that month's interest. The month-by-month simulation in
 * `balanceAfterMonths`, with interest rounded to whole cents each month, is the ledger truth:
 * every other function here agrees with it to the cent.
 */

/** Basis points of a year over months of a year: the monthly rate is `bp / 120000`. */
const bpMonthDivisor = 120_000;

/** Rounds to a whole number, halves away from zero (2.5 → 3, -2.5 → -3), like a bank would. */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/**
 * A month's interest on a balance, in whole cents (half a cent away from zero). Computed with
 * integers while `balance × bp` is a safe integer, so no float can tip a half cent the wrong way.
 */
function monthlyInterest(balance: Cents, annualRateBp: number): Cents {
  const numerator = balance * annualRateBp;
  if (!Number.isSafeInteger(numerator)) return roundHalfAway(numerator / bpMonthDivisor);
  const abs = Math.abs(numerator);
  const whole = Math.floor(abs / bpMonthDivisor);
  const rest = abs - whole * bpMonthDivisor;
  return Math.sign(numerator) * (rest * 2 >= bpMonthDivisor ? whole + 1 : whole);
}

/** One month: interest credited on the balance, then the end-of-month deposit. */
function step(balance: Cents, monthlyCents: Cents, annualRateBp: number): Cents {
  return balance + monthlyInterest(balance, annualRateBp) + monthlyCents;
}

/**
 * A date moved by whole months, clamped to the end of a shorter month (2026-01-31 + 1 month =
 * 2026-02-28), so "a month after" always exists. `addMonths` in dates.ts moves `YYYY-MM` months.
 */
export function addMonthsToDate(date: IsoDate, count: number): IsoDate {
  const month = addMonths(date.slice(0, 7), count);
  const last = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  const day = Math.min(Number(date.slice(8, 10)), last);
  return `${month}-${String(day).padStart(2, "0")}`;
}

/**
 * Whole months from `from` to `to`: the largest n with `addMonthsToDate(from, n) <= to`
 * (2026-11-25 → 2027-11-25 is 12, → 2027-11-24 is 11), and 0 when `to` is not after `from`.
 * Defined through the same month-end clamping as the reach date, so the two agree.
 */
export function monthsBetween(from: IsoDate, to: IsoDate): number {
  if (to <= from) return 0;
  const months =
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    (Number(to.slice(5, 7)) - Number(from.slice(5, 7)));
  return Math.max(0, addMonthsToDate(from, months) > to ? months - 1 : months);
}

/**
 * The balance in cents after some months: each month the interest on the balance, rounded to
 * whole cents (half away from zero), is credited, then the monthly deposit is added.
 */
export function balanceAfterMonths(
  startCents: Cents,
  monthlyCents: Cents,
  annualRateBp: number,
  months: number,
): Cents {
  let balance = startCents;
  for (let month = 0; month < months; month++) balance = step(balance, monthlyCents, annualRateBp);
  return balance;
}

/**
 * The balances after 0, 1, … `months` months (`months + 1` values, the first the start), from
 * the same simulation as `balanceAfterMonths`: for a goal's chart.
 */
export function projection(
  startCents: Cents,
  monthlyCents: Cents,
  annualRateBp: number,
  months: number,
): Cents[] {
  const balances = [startCents];
  let balance = startCents;
  for (let month = 0; month < months; month++) {
    balance = step(balance, monthlyCents, annualRateBp);
    balances.push(balance);
  }
  return balances;
}

/**
 * The smallest whole-cent monthly deposit (>= 0) with which the simulated balance reaches the
 * target after `months` months, so a goal is never a month late, nor a cent too dear, by rounding.
 * The annuity formula (PMT) gives the first guess; a short search against `balanceAfterMonths`
 * makes it exact. 0 when interest alone gets there; with 0 months left and the target not
 * reached, the whole shortfall (it is due now).
 */
export function monthlyNeeded(
  startCents: Cents,
  targetCents: Cents,
  annualRateBp: number,
  months: number,
): Cents {
  const reaches = (monthly: Cents) =>
    balanceAfterMonths(startCents, monthly, annualRateBp, months) >= targetCents;
  if (reaches(0)) return 0;
  if (months <= 0) return targetCents - startCents;

  const rate = annualRateBp / bpMonthDivisor;
  const growth = (1 + rate) ** months;
  const formula =
    rate === 0
      ? (targetCents - startCents) / months
      : ((targetCents - startCents * growth) * rate) / (growth - 1);
  const guess = Number.isFinite(formula) ? Math.max(1, Math.ceil(formula)) : 1;

  // Invariant: `low` does not reach the target, `high` does. Each extra cent a month adds at
  // least a cent to the end balance, so the search always ends.
  let low = 0;
  let high = guess;
  if (!reaches(high)) {
    let stride = 1;
    low = high;
    high += stride;
    while (!reaches(high)) {
      low = high;
      stride *= 2;
      high += stride;
    }
  } else {
    let stride = 1;
    while (high - stride > low && reaches(high - stride)) {
      high -= stride;
      stride *= 2;
    }
    low = Math.max(low, high - stride);
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (reaches(middle)) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * The smallest number of months (>= 0) after which the simulated balance reaches the target, or
 * null when it does not within `maxMonths` (nothing deposited and no interest, say). Simulates
 * once, month by month, and stops early once the balance stops growing: it never will again.
 */
export function monthsToReach(
  startCents: Cents,
  monthlyCents: Cents,
  annualRateBp: number,
  targetCents: Cents,
  maxMonths = 1200,
): number | null {
  let balance = startCents;
  for (let month = 0; month <= maxMonths; month++) {
    if (balance >= targetCents) return month;
    const next = step(balance, monthlyCents, annualRateBp);
    // A month is a non-decreasing function of the balance: if it did not grow now, it never will.
    if (next <= balance) return null;
    balance = next;
  }
  return null;
}

/** Where a goal stands: "reached", or how the planned deposit compares with the one needed. */
export type GoalStatus = "reached" | "ahead" | "on-track" | "behind";

/**
 * A goal's plan from `fromDate` to `targetDate`: the months left, the monthly deposit needed,
 * the planned one (the needed one when none is planned) and how they compare — "ahead" when the
 * plan is more than 5 % above what is needed and reaches the target at least a month early,
 * "on-track" when it covers what is needed, "behind" otherwise — with when the plan reaches it.
 */
export function goalStatus(input: {
  startCents: Cents;
  targetCents: Cents;
  annualRateBp: number;
  plannedMonthlyCents: Cents | null;
  fromDate: IsoDate;
  targetDate: IsoDate;
}): {
  months: number;
  neededMonthlyCents: Cents;
  plannedMonthlyCents: Cents;
  status: GoalStatus;
  reachMonths: number | null;
  reachDate: IsoDate | null;
} {
  const { startCents, targetCents, annualRateBp, fromDate } = input;
  const months = monthsBetween(fromDate, input.targetDate);
  const neededMonthlyCents = monthlyNeeded(startCents, targetCents, annualRateBp, months);
  const plannedMonthlyCents = input.plannedMonthlyCents ?? neededMonthlyCents;
  const reachMonths = monthsToReach(startCents, plannedMonthlyCents, annualRateBp, targetCents);
  let status: GoalStatus;
  if (startCents >= targetCents) status = "reached";
  // The date has come without the target: whatever is planned now is too late.
  else if (months === 0) status = "behind";
  else if (
    plannedMonthlyCents * 100 > neededMonthlyCents * 105 &&
    reachMonths !== null &&
    reachMonths < months
  ) {
    status = "ahead";
  } else if (plannedMonthlyCents >= neededMonthlyCents) status = "on-track";
  else status = "behind";
  return {
    months,
    neededMonthlyCents,
    plannedMonthlyCents,
    status,
    reachMonths,
    reachDate: reachMonths === null ? null : addMonthsToDate(fromDate, reachMonths),
  };
}

/**
 * An emergency fund's target: average monthly spending times the months it should cover
 * (3 to 6, typically), rounded to whole cents.
 */
export function emergencyTarget(averageMonthlySpendingCents: Cents, months: number): Cents {
  return Math.round(averageMonthlySpendingCents * months);
}
