import { addDays, addMonths, daysBetween, daysInMonth, type IsoDate } from "./dates.ts";
import { allocate, type Cents } from "./money.ts";
import { occurrencesBetween, type Frequency } from "./recurrence.ts";

/**
 * Insurance arithmetic (decision 023): a premium at its frequency as cents per year and per
 * month, each insured member's part of it, the day by which notice must be given before a
 * renewal, the next renewal of a yearly renewing policy, and whether a day is close. Pure, so
 * the server's figures and the page's agree to the cent.
 *
 * A premium is what the insurer charges per payment; a year is that times the payments a year,
 * exactly. The month figure is a year's twelfth rounded to the nearest cent (a half cent up),
 * for reading only: month figures are never added up, a sum's month figure is worked out from
 * the sum of the years (`perMonth(total of perYear)`), so no rounding piles up.
 */
export const premiumFrequencies = ["monthly", "quarterly", "half-yearly", "yearly"] as const;
export type PremiumFrequency = (typeof premiumFrequencies)[number];

/** How many payments a year each frequency makes. */
export const paymentsPerYear = {
  monthly: 12,
  quarterly: 4,
  "half-yearly": 2,
  yearly: 1,
} as const satisfies Record<PremiumFrequency, number>;

export const noticeUnits = ["months", "days"] as const;
export type NoticeUnit = (typeof noticeUnits)[number];
/** An opzegtermijn: a number of months or days before the renewal date. */
export type NoticePeriod = { value: number; unit: NoticeUnit };

/** The recurring frequency a premium is booked at (decision 024). */
export const premiumRecurrence = {
  monthly: "monthly",
  quarterly: "quarterly",
  "half-yearly": "semiannually",
  yearly: "annually",
} as const satisfies Record<PremiumFrequency, Frequency>;

/**
 * The next premium on or after `day` of the series from the policy's start, by its last day of
 * cover (null: none left): the first premium a booking makes unless another is chosen.
 */
export function nextPremiumOn(
  policy: { frequency: PremiumFrequency; startDate: IsoDate; endsOn: IsoDate | null },
  day: IsoDate,
): IsoDate | null {
  const series = {
    frequency: premiumRecurrence[policy.frequency],
    startDate: policy.startDate,
    endDate: policy.endsOn,
  };
  const from = day > policy.startDate ? day : policy.startDate;
  const [next] = occurrencesBetween(series, from, addDays(from, 400), 1);
  return next ?? null;
}

/** Renewals and notice deadlines this many days ahead are shown as coming up. */
export const upcomingDays = 60;

/** What a premium paid at `frequency` costs a year, exactly. */
export function perYear(premiumCents: Cents, frequency: PremiumFrequency): Cents {
  return premiumCents * paymentsPerYear[frequency];
}

/**
 * A year's cents as a month figure: the twelfth, rounded to the nearest cent with a half cent
 * going up (€ 95.00 a year is € 7.92 a month; € 0.06 a year is € 0.01). Integer arithmetic, so
 * no float decides a half cent. A monthly premium comes back exactly.
 */
export function perMonth(yearCents: Cents): Cents {
  const sign = yearCents < 0 ? -1 : 1;
  const abs = Math.abs(yearCents);
  const whole = Math.floor(abs / 12);
  const rest = abs - whole * 12;
  return sign * (rest * 2 >= 12 ? whole + 1 : whole);
}

/** A premium as the three figures the pages show: per payment, per year and per month. */
export function premiumFigures(premiumCents: Cents, frequency: PremiumFrequency) {
  const yearCents = perYear(premiumCents, frequency);
  return { premiumCents, yearCents, monthCents: perMonth(yearCents) };
}

/**
 * Each insured member's part of one payment of a premium: by their share in basis points when
 * every member has one, evenly when none has (a share left out is an even share). Largest
 * remainder, so the parts add up to the payment exactly; equal remainders favour the earlier
 * member. A member's part of a year is their part of a payment times the payments a year, so
 * the members' years add up to the policy's year exactly too.
 */
export function memberParts(
  premiumCents: Cents,
  shares: readonly { shareBp: number | null }[],
): Cents[] {
  if (shares.length === 0) return [];
  const given = shares.every((share) => share.shareBp !== null && share.shareBp > 0);
  return allocate(
    premiumCents,
    shares.map((share) => (given ? (share.shareBp ?? 0) : 1)),
  );
}

/** A date moved by whole months (negative: back), kept on its day or the month's last day. */
function shiftMonths(date: IsoDate, months: number): IsoDate {
  const month = addMonths(date.slice(0, 7), months);
  const last = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  const day = Math.min(Number(date.slice(8, 10)), last);
  return `${month}-${String(day).padStart(2, "0")}`;
}

/**
 * The last day notice can be given so the policy ends at `renewalDate` instead of renewing:
 * the renewal date minus the notice period. Months keep the day of the month, or fall on a
 * shorter month's last day (31 March − 1 month = 28 February, 29 in a leap year; 31 January −
 * 1 month = 31 December); days are counted back across month and year ends.
 */
export function noticeDeadline(renewalDate: IsoDate, period: NoticePeriod): IsoDate {
  return period.unit === "months"
    ? shiftMonths(renewalDate, -period.value)
    : addDays(renewalDate, -period.value);
}

/**
 * The first renewal on or after `day` of a policy that renews every year on its renewal date's
 * anniversary (a renewal on 29 February falls on 28 February in other years, and on the 29th
 * again in a leap year). A renewal date after `day` is itself the next one.
 */
export function nextRenewal(renewalDate: IsoDate, day: IsoDate): IsoDate {
  if (renewalDate >= day) return renewalDate;
  // Each anniversary counted from the renewal date itself, so a 29 February comes back.
  const years = Math.max(1, Number(day.slice(0, 4)) - Number(renewalDate.slice(0, 4)));
  const inDaysYear = shiftMonths(renewalDate, years * 12);
  return inDaysYear >= day ? inDaysYear : shiftMonths(renewalDate, (years + 1) * 12);
}

/**
 * The first notice deadline on or after `day`, with the renewal it is for: the next renewal's,
 * or, when that deadline has passed already, the renewal a year later's.
 */
export function nextNoticeDeadline(
  renewalDate: IsoDate,
  period: NoticePeriod,
  day: IsoDate,
): { renewalDate: IsoDate; deadline: IsoDate } {
  const renewal = nextRenewal(renewalDate, day);
  const deadline = noticeDeadline(renewal, period);
  if (deadline >= day) return { renewalDate: renewal, deadline };
  const following = nextRenewal(renewalDate, addDays(renewal, 1));
  return { renewalDate: following, deadline: noticeDeadline(following, period) };
}

/** Whether `date` falls from `day` up to and including `days` days after it. */
export function isWithinDays(date: IsoDate, day: IsoDate, days = upcomingDays): boolean {
  const away = daysBetween(day, date);
  return away >= 0 && away <= days;
}

/** A person's health deductible (eigen risico) for a year: what it is, used and left. */
export type DeductibleUse = {
  /** The year's deductible: the mandatory one plus any voluntary one. */
  deductibleCents: Cents;
  /** Their share of the year's health-care expenses, all of it (refunds lower it). */
  spentCents: Cents;
  /** What of the deductible those expenses used: the spending, at most the deductible. */
  usedCents: Cents;
  /** What is left of it: the deductible less what is used, never below 0. */
  leftCents: Cents;
};

/**
 * How much of a year's health deductible is used and left (decision 024): the mandatory and the
 * voluntary deductible added, the person's health-care spending counted up to it (a year's net
 * spending below 0, after refunds, uses nothing).
 */
export function deductibleUse(
  mandatoryCents: Cents | null,
  voluntaryCents: Cents | null,
  spentCents: Cents,
): DeductibleUse {
  const deductibleCents = (mandatoryCents ?? 0) + (voluntaryCents ?? 0);
  const usedCents = Math.min(Math.max(spentCents, 0), deductibleCents);
  return { deductibleCents, spentCents, usedCents, leftCents: deductibleCents - usedCents };
}
