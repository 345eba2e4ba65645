import { addMonths, isIsoDate, monthRange, type IsoDate } from "./dates.ts";
import type { Cents } from "./money.ts";
import { nthOccurrence, occurrencesBetween, type Recurrence } from "./recurrence.ts";

/**
 * Loans and mortgages, month by month, to the cent. A loan has one or more parts (a Dutch
 * mortgage's leningdelen), each with its own principal, term, repayment type and rate. Payments
 * fall monthly from one month after a part's start, on the start's day of the month (clamped to
 * the last day of a shorter month, as recurring entries do). A rate is a nominal annual rate in
 * basis points (385 = 3.85 %); a month's rate is a twelfth of it, as Dutch lenders quote it.
 *
 * The schedule is the ledger truth: a month's interest is its opening balance times the monthly
 * rate, rounded half up to the cent with integer arithmetic; the repayments (regular and extra)
 * always add up to the principal exactly, and the balance ends at exactly 0, because the last
 * month repays whatever is left. An extra repayment can only ever lower the interest (see
 * `ExtraRepaymentEffect`).
 */

/**
 * How a part is repaid: `annuity` (annuïteit: the same payment every month, more of it repayment
 * as the interest falls), `linear` (lineair: the same repayment every month, interest on the
 * falling balance) or `interest-only` (aflossingsvrij: interest only, the whole principal at the
 * end of the term).
 */
export const repaymentTypes = ["annuity", "linear", "interest-only"] as const;
export type RepaymentType = (typeof repaymentTypes)[number];

/**
 * What a household's extra repayments do, chosen per loan. `shorter-term`: the monthly payment
 * stays what it would be without them (a linear part keeps its monthly repayment), so the loan
 * ends earlier. `lower-payment`: the loan keeps its end date and the payment falls — a linear
 * part repays its new balance over the months left, an annuity pays the annuity of its new
 * balance over the months left or a little more, never less (see `amortise`). An interest-only
 * part has nothing to shorten or spread: an extra lowers its interest either way.
 */
export const extraRepaymentEffects = ["shorter-term", "lower-payment"] as const;
export type ExtraRepaymentEffect = (typeof extraRepaymentEffects)[number];

/**
 * An extra repayment of one part: once on a date, or every year on a date from `firstDate`
 * (until `untilDate`, inclusive, if given; a 29 February falls on the 28th in other years).
 */
export type ExtraRepayment =
  | { kind: "one-off"; date: IsoDate; amountCents: Cents }
  | { kind: "yearly"; firstDate: IsoDate; untilDate: IsoDate | null; amountCents: Cents };

/**
 * A loan part as borrowed. `fixedRateMonths` is the rentevaste periode (null: the rate is fixed
 * for the whole term); `rateAfterFixedBp` the rate for the rest of the term (null: the same).
 */
export type LoanPart = {
  principalCents: Cents;
  startDate: IsoDate;
  termMonths: number;
  repaymentType: RepaymentType;
  annualRateBp: number;
  fixedRateMonths: number | null;
  rateAfterFixedBp: number | null;
  extraRepayments: readonly ExtraRepayment[];
};

/** A loan: its parts, and what an extra repayment on any of them does. */
export type Loan = { parts: readonly LoanPart[]; extraRepaymentEffect: ExtraRepaymentEffect };

/**
 * One month of a part. `paymentCents` is the regular payment, interest plus repayment; an extra
 * repayment comes on top of it and is taken off the balance after it.
 */
export type ScheduleRow = {
  number: number;
  dueDate: IsoDate;
  annualRateBp: number;
  paymentCents: Cents;
  interestCents: Cents;
  repaymentCents: Cents;
  extraRepaymentCents: Cents;
  balanceCents: Cents;
};

/** A part's rows, with what a summary needs to know before the first of them. */
export type PartSchedule = { principalCents: Cents; startDate: IsoDate; rows: ScheduleRow[] };

/**
 * A month (`YYYY-MM`) of a whole loan: its parts' rows due that month added up. The balance is
 * what the loan owes at the end of the month: a part borrowed that month counts in full before
 * its first payment, a part not yet borrowed or already repaid counts 0.
 */
export type LoanMonth = {
  month: string;
  paymentCents: Cents;
  interestCents: Cents;
  repaymentCents: Cents;
  extraRepaymentCents: Cents;
  balanceCents: Cents;
};

/** A loan's parts' schedules, in the order of its parts, and the months they add up to. */
export type LoanSchedule = { parts: PartSchedule[]; months: LoanMonth[] };

/**
 * Where one or more parts stand on a day. Payments due on or before the day count as made.
 * `thisMonthPaymentCents` is the regular payments due in the day's calendar month (0 when none),
 * `nextPayment` the first due date after the day with what is due on it (null when repaid).
 */
export type ScheduleSummary = {
  balanceCents: Cents;
  interestPaidCents: Cents;
  interestToComeCents: Cents;
  totalInterestCents: Cents;
  payoffDate: IsoDate;
  thisMonthPaymentCents: Cents;
  nextPayment: { dueDate: IsoDate; paymentCents: Cents } | null;
};

/**
 * A loan with and without its extra repayments: the interest they save, when the loan is repaid
 * either way (earlier with `shorter-term`), and the regular payment after a day either way
 * (lower with `lower-payment`; null when the loan is repaid by then).
 */
export type ExtraRepaymentComparison = {
  withExtras: LoanSchedule;
  withoutExtras: LoanSchedule;
  interestSavedCents: Cents;
  payoffDate: { withExtras: IsoDate; withoutExtras: IsoDate };
  nextPaymentCents: { withExtras: Cents | null; withoutExtras: Cents | null };
};

/** A calendar year's extra repayments against the penalty-free allowance (boetevrij aflossen). */
export type AllowanceYear = {
  year: number;
  extraRepaymentCents: Cents;
  allowanceCents: Cents;
  overAllowance: boolean;
};

/**
 * €100 million: the most a loan may borrow in all. Below it every product this module takes
 * (a balance times a rate of at most 10,000 bp) stays under 2^53, so integers stay exact.
 */
export const maxPrincipalCents = 10_000_000_000;
/** 100 years: longer than any loan, and it keeps a schedule a short loop. */
export const maxTermMonths = 1200;
/** 100 %: an annual rate above it is a typing error. */
export const maxRateBp = 10_000;
/** Most Dutch lenders let a household repay 10 % of the principal a year without a fee. */
export const defaultPenaltyFreeBp = 1000;

/** Basis points of a year over months of a year: the monthly rate is `bp / 120000`. */
const bpMonthDivisor = 120_000;

/**
 * A month's interest on a balance (>= 0): balance × bp / 120000, rounded half up to the cent.
 * The product is at most 1e10 × 1e4 < 2^53, so the remainder is exact and no float can tip a
 * half cent the wrong way.
 */
function monthlyInterest(balance: Cents, annualRateBp: number): Cents {
  const product = balance * annualRateBp;
  const rest = product % bpMonthDivisor;
  return (product - rest) / bpMonthDivisor + (rest * 2 >= bpMonthDivisor ? 1 : 0);
}

/**
 * The annuity factor i / (1 − (1 + i)^−n) for a positive rate: the payment per cent borrowed.
 * (1 + i)^n − 1 is built by squaring on the part above 1, so nothing cancels when the rate is
 * tiny, and by multiplications only, so every JavaScript engine gets the same bits (`**` is not
 * required to be exact, and a browser's what-if must agree with the server to the cent).
 */
function annuityFactor(annualRateBp: number, months: number): number {
  const rate = annualRateBp / bpMonthDivisor;
  let growth = 0; // (1 + rate)^(bits used so far) − 1
  let square = rate; // (1 + rate)^(2^k) − 1
  for (let n = months; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) growth += square + growth * square;
    square += square + square * square;
  }
  return (rate * (1 + growth)) / growth;
}

/**
 * `total` cents over `months` months from month `from`, the first `total mod months` months one
 * cent more: what `allocate` in money.ts gives for equal weights (largest remainder, ties to the
 * earliest), here in O(1) a month. Linear parts, and annuities at 0 %, repay this way.
 */
type Level = { from: number; total: Cents; months: number };

function levelAt(level: Level, month: number): Cents {
  const base = Math.floor(level.total / level.months);
  return base + (month - level.from < level.total - base * level.months ? 1 : 0);
}

/** The rate of month `month` (1 = the first payment): fixed, then the rate after it. */
function rateInMonth(part: LoanPart, month: number): number {
  if (part.fixedRateMonths === null || month <= part.fixedRateMonths) return part.annualRateBp;
  return part.rateAfterFixedBp ?? part.annualRateBp;
}

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));

/**
 * The extra repayments of a part per month number (index 1 = the first payment). An extra
 * belongs to the month of its calendar month: it is taken off the balance after that month's
 * payment, a month's interest being charged on the balance at its start. One made in the start's
 * month, before there is a payment, goes with the first; one before the start date, or after the
 * last month, has no loan to repay.
 */
function extrasByMonth(part: LoanPart): Cents[] {
  const extras = new Array<Cents>(part.termMonths + 1).fill(0);
  const end = monthRange(addMonths(part.startDate.slice(0, 7), part.termMonths)).to;
  const add = (date: IsoDate, amount: Cents) => {
    const month = Math.max(1, monthIndex(date) - monthIndex(part.startDate));
    if (date >= part.startDate && month <= part.termMonths) {
      extras[month] = (extras[month] ?? 0) + amount;
    }
  };
  for (const extra of part.extraRepayments) {
    if (extra.kind === "one-off") add(extra.date, extra.amountCents);
    else {
      const rule: Recurrence = {
        frequency: "annually",
        startDate: extra.firstDate,
        endDate: extra.untilDate,
      };
      for (const date of occurrencesBetween(rule, part.startDate, end)) {
        add(date, extra.amountCents);
      }
    }
  }
  return extras;
}

/**
 * A part's rows. Without `base` it is the part as contracted, without extras: an annuity's
 * payment is the rounded annuity of the balance over the months left, made again when the rate
 * changes; a linear part repays `principal ÷ term` a month; an annuity at 0 % repays like a
 * linear one over the months left. With `base` (those rows) the extras are taken, and the
 * regular payment follows the base's:
 *
 * - shorter-term: an annuity pays the base's payment (after a rate change too, so the months the
 *   extras saved stay saved), a linear part repays the base's repayment;
 * - lower-payment: a linear part (or an annuity at 0 %) spreads its balance over the months left
 *   after each extra; an annuity pays the rounded annuity of its balance over the months left,
 *   made again after each extra and rate change — but never less than the base's payment less
 *   the annuity of what the extras took off (the base's balance − ours), rounded down, less a
 *   cent. A fresh annuity rounded to the cent can fall by a cent more than the extras earn, and
 *   such a cent a month for 30 years costs more interest than a small extra saves. With that
 *   floor our balance is never above the base's (each month's rounding of the interest costs
 *   less than a cent, and the floor leaves a cent a month for it), so no month's interest is
 *   higher. The floor is usually a cent or two above the fresh annuity; more when the base has
 *   gathered rounding that its last payment settles, late in a long loan. Paying a little more
 *   only makes the last payment smaller: the end date stays the base's.
 *
 * Either way the balance never grows (a payment below the interest repays 0) and the last month
 * of the term repays what is left.
 */
function amortise(
  part: LoanPart,
  effect: ExtraRepaymentEffect,
  base: readonly ScheduleRow[] | null,
): ScheduleRow[] {
  const n = part.termMonths;
  const extras = base ? extrasByMonth(part) : [];
  const rows: ScheduleRow[] = [];
  let balance = part.principalCents;
  let payment: Cents = 0; // an annuity at a positive rate: its annuity, rounded
  let reduction: Cents = 0; // and beside a base: at most this much below the base's payment
  let level: Level = { from: 1, total: balance, months: n };
  let replan = true;
  for (let month = 1; month <= n && balance > 0; month++) {
    const rate = rateInMonth(part, month);
    const annuity = part.repaymentType === "annuity";
    if (annuity && month > 1 && rate !== rateInMonth(part, month - 1)) replan = true;
    const interest = monthlyInterest(balance, rate);
    // The base never ends before this part: its balance is never below ours.
    const baseRow = base?.[month - 1];
    let repayment: Cents;
    if (month === n || (base && !baseRow)) repayment = balance;
    else if (part.repaymentType === "interest-only") repayment = 0;
    else if (baseRow && effect === "shorter-term") {
      repayment = annuity ? baseRow.paymentCents - interest : baseRow.repaymentCents;
    } else if (annuity && rate > 0) {
      if (replan) {
        const factor = annuityFactor(rate, n - month + 1);
        payment = Math.round(factor * balance);
        const taken = baseRow ? baseRow.balanceCents + baseRow.repaymentCents - balance : 0;
        reduction = Math.max(0, Math.floor(factor * taken) - 1);
      }
      const least = baseRow ? baseRow.paymentCents - reduction : 0;
      repayment = Math.max(payment, least) - interest;
    } else {
      if (replan) level = { from: month, total: balance, months: n - month + 1 };
      repayment = levelAt(level, month);
    }
    repayment = Math.min(Math.max(repayment, 0), balance);
    balance -= repayment;
    const extra = Math.min(extras[month] ?? 0, balance);
    balance -= extra;
    rows.push({
      number: month,
      dueDate: nthOccurrence({ frequency: "monthly", startDate: part.startDate }, month),
      annualRateBp: rate,
      paymentCents: interest + repayment,
      interestCents: interest,
      repaymentCents: repayment,
      extraRepaymentCents: extra,
      balanceCents: balance,
    });
    replan = effect === "lower-payment" && extra > 0;
  }
  return rows;
}

function isWhole(value: number, min: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= min && value <= max;
}

/** Refuses what would not be a loan, or would leave the exact integer range. */
function checkLoan(loan: Loan): void {
  if (loan.parts.length === 0) throw new RangeError("a loan needs at least one part");
  let total = 0;
  for (const part of loan.parts) {
    const rates = [part.annualRateBp, part.rateAfterFixedBp ?? 0];
    const extras = part.extraRepayments;
    if (
      !isWhole(part.principalCents, 1, maxPrincipalCents) ||
      !isIsoDate(part.startDate) ||
      !isWhole(part.termMonths, 1, maxTermMonths) ||
      !rates.every((rate) => isWhole(rate, 0, maxRateBp)) ||
      (part.fixedRateMonths !== null && !isWhole(part.fixedRateMonths, 1, maxTermMonths)) ||
      !extras.every((extra) => isWhole(extra.amountCents, 1, maxPrincipalCents)) ||
      !extras.every((extra) =>
        extra.kind === "one-off"
          ? isIsoDate(extra.date)
          : isIsoDate(extra.firstDate) && (extra.untilDate === null || isIsoDate(extra.untilDate)),
      )
    ) {
      throw new RangeError("a loan part needs whole cents, a date, a term and rates in range");
    }
    total += part.principalCents;
  }
  if (total > maxPrincipalCents) throw new RangeError("a loan may borrow €100 million at most");
}

/** Every month from the first payment of any part to the last, added up over the parts. */
function combine(parts: PartSchedule[]): LoanMonth[] {
  // A part's row k is due k months after its start's month.
  const starts = parts.map((part) => monthIndex(part.startDate));
  const earliest = parts.reduce((a, b) => (b.startDate < a.startDate ? b : a));
  const firstMonth = addMonths(earliest.startDate.slice(0, 7), 1);
  const first = monthIndex(earliest.startDate) + 1;
  const last = Math.max(...parts.map((part, i) => (starts[i] ?? 0) + part.rows.length));
  const months: LoanMonth[] = [];
  for (let index = first; index <= last; index++) {
    const sum: LoanMonth = {
      month: addMonths(firstMonth, index - first),
      paymentCents: 0,
      interestCents: 0,
      repaymentCents: 0,
      extraRepaymentCents: 0,
      balanceCents: 0,
    };
    parts.forEach((part, i) => {
      const number = index - (starts[i] ?? 0);
      const row = part.rows[number - 1];
      if (number === 0) sum.balanceCents += part.principalCents;
      if (!row) return;
      sum.paymentCents += row.paymentCents;
      sum.interestCents += row.interestCents;
      sum.repaymentCents += row.repaymentCents;
      sum.extraRepaymentCents += row.extraRepaymentCents;
      sum.balanceCents += row.balanceCents;
    });
    months.push(sum);
  }
  return months;
}

/** Each part's rows without extras, and with them (the same rows when it has none). */
function partSchedules(loan: Loan): { withExtras: PartSchedule; withoutExtras: PartSchedule }[] {
  checkLoan(loan);
  return loan.parts.map((part) => {
    const effect = loan.extraRepaymentEffect;
    const { principalCents, startDate } = part;
    const without = amortise(part, effect, null);
    const rows = part.extraRepayments.length > 0 ? amortise(part, effect, without) : without;
    return {
      withExtras: { principalCents, startDate, rows },
      withoutExtras: { principalCents, startDate, rows: without },
    };
  });
}

/**
 * A loan's schedule: every part's rows with its extra repayments, and the months of the loan as
 * a whole. Throws a RangeError for a loan without parts, or with a principal, term, rate or
 * amount that is not a whole number in range (1 cent to €100 million in all, 1 to 1,200 months,
 * 0 to 10,000 bp).
 */
export function loanSchedule(loan: Loan): LoanSchedule {
  const parts = partSchedules(loan).map((part) => part.withExtras);
  return { parts, months: combine(parts) };
}

/** Nothing owed, paid or due: what a loan without parts comes to (no payoff date). */
export const emptySummary: Readonly<ScheduleSummary> = {
  balanceCents: 0,
  interestPaidCents: 0,
  interestToComeCents: 0,
  totalInterestCents: 0,
  payoffDate: "",
  thisMonthPaymentCents: 0,
  nextPayment: null,
};

/**
 * Where parts stand on `day` (one part, or a loan's `parts` for the whole loan): what is owed
 * after the payments due on or before it (nothing before a part's start date, its principal
 * until its first payment), the interest paid and still to come, when the last is repaid, and
 * the payments of this month and the next due date. Throws a RangeError for no parts.
 */
export function summarize(parts: readonly PartSchedule[], day: IsoDate): ScheduleSummary {
  if (parts.length === 0) throw new RangeError("a summary needs at least one part");
  const summary: ScheduleSummary = { ...emptySummary };
  for (const part of parts) {
    const paid = part.rows.filter((row) => row.dueDate <= day);
    const owed = paid.at(-1)?.balanceCents ?? part.principalCents;
    if (day >= part.startDate) summary.balanceCents += owed;
    for (const row of part.rows) {
      summary.totalInterestCents += row.interestCents;
      if (row.dueDate <= day) summary.interestPaidCents += row.interestCents;
      else summary.interestToComeCents += row.interestCents;
      if (row.dueDate.slice(0, 7) === day.slice(0, 7)) {
        summary.thisMonthPaymentCents += row.paymentCents;
      }
    }
    const payoff = part.rows.at(-1)?.dueDate ?? part.startDate;
    if (payoff > summary.payoffDate) summary.payoffDate = payoff;
    const next = part.rows[paid.length];
    if (!next) continue;
    const soonest = summary.nextPayment;
    if (!soonest || next.dueDate < soonest.dueDate) {
      summary.nextPayment = { dueDate: next.dueDate, paymentCents: next.paymentCents };
    } else if (next.dueDate === soonest.dueDate) soonest.paymentCents += next.paymentCents;
  }
  return summary;
}

/**
 * The loan with and without its extra repayments (see `ExtraRepaymentComparison`); the payments
 * compared are the regular payments due first after `day`. Both schedules come from the same
 * rules, and an extra never leaves a balance higher than without it, so the interest saved is
 * never negative.
 */
export function compareExtraRepayments(loan: Loan, day: IsoDate): ExtraRepaymentComparison {
  const schedules = partSchedules(loan);
  const withParts = schedules.map((part) => part.withExtras);
  const withoutParts = schedules.map((part) => part.withoutExtras);
  const withSummary = summarize(withParts, day);
  const withoutSummary = summarize(withoutParts, day);
  return {
    withExtras: { parts: withParts, months: combine(withParts) },
    withoutExtras: { parts: withoutParts, months: combine(withoutParts) },
    interestSavedCents: withoutSummary.totalInterestCents - withSummary.totalInterestCents,
    payoffDate: { withExtras: withSummary.payoffDate, withoutExtras: withoutSummary.payoffDate },
    nextPaymentCents: {
      withExtras: withSummary.nextPayment?.paymentCents ?? null,
      withoutExtras: withoutSummary.nextPayment?.paymentCents ?? null,
    },
  };
}

/**
 * Per calendar year of the loan's months, the extra repayments made across its parts against
 * what may be repaid without a fee: `allowanceBp` (default 10 %) of the principal borrowed in all,
 * rounded down to the cent so a year is never called within the allowance when it is not. An
 * extra counts in the year of the payment it is taken with (see `extrasByMonth`), and only as far
 * as there was a balance to repay.
 */
export function penaltyFreeAllowance(
  schedule: LoanSchedule,
  allowanceBp = defaultPenaltyFreeBp,
): AllowanceYear[] {
  if (!isWhole(allowanceBp, 0, 10_000)) throw new RangeError("an allowance is 0 to 10,000 bp");
  const principal = schedule.parts.reduce((sum, part) => sum + part.principalCents, 0);
  const product = principal * allowanceBp;
  const allowanceCents = (product - (product % 10_000)) / 10_000;
  const years: AllowanceYear[] = [];
  for (const { month, extraRepaymentCents } of schedule.months) {
    const year = Number(month.slice(0, 4));
    let entry = years.at(-1);
    if (entry?.year !== year) {
      entry = { year, extraRepaymentCents: 0, allowanceCents, overAllowance: false };
      years.push(entry);
    }
    entry.extraRepaymentCents += extraRepaymentCents;
    entry.overAllowance = entry.extraRepaymentCents > allowanceCents;
  }
  return years;
}
