import { addDays, daysBetween, daysInMonth, type IsoDate } from "./dates.ts";

/**
 * When recurring entries fall. A rule starts on `startDate` (its first occurrence) and repeats
 * every day, week, two weeks, month, quarter, half year or year until `endDate` (inclusive) if
 * it has one. Month-based rules keep the start's day of the month: on the 29th–31st they fall on
 * the last day of a shorter month and return to their day after (31 Jan, 28 Feb, 31 Mar). A rule
 * that continues a series split on such a last day (30 September) carries the day the series was
 * set on as `dayOfMonth` (31), so it keeps falling on the 31st.
 */
export const frequencies = [
  "daily",
  "weekly",
  "biweekly",
  "monthly",
  "quarterly",
  "semiannually",
  "annually",
] as const;
export type Frequency = (typeof frequencies)[number];

export type Recurrence = {
  frequency: Frequency;
  startDate: IsoDate;
  endDate: IsoDate | null;
  /** A month-based series' day of the month when it is not the start date's (null: that). */
  dayOfMonth?: number | null;
};

const dayStep: Partial<Record<Frequency, number>> = { daily: 1, weekly: 7, biweekly: 14 };
const monthStep: Partial<Record<Frequency, number>> = {
  monthly: 1,
  quarterly: 3,
  semiannually: 6,
  annually: 12,
};

/** Whether a frequency counts in months (monthly up to yearly) rather than in days. */
export function isMonthBased(frequency: Frequency): boolean {
  return monthStep[frequency] !== undefined;
}

/**
 * The day of the month a month-based series falls on (the last day of a shorter month when it
 * is the 29th–31st): the one it was set on.
 */
export function seriesDay(rule: Pick<Recurrence, "startDate" | "dayOfMonth">): number {
  return rule.dayOfMonth ?? Number(rule.startDate.slice(8, 10));
}

/**
 * The `dayOfMonth` of a rule that continues `old` from `splitDate` (one of its dates) at
 * `frequency`: month-based after month-based, the day the series was set on (when it differs
 * from the split date's); otherwise none, so the new rule runs from the split date's own day.
 */
export function continuedDayOfMonth(
  old: Pick<Recurrence, "frequency" | "startDate" | "dayOfMonth">,
  splitDate: IsoDate,
  frequency: Frequency,
): number | null {
  if (!isMonthBased(old.frequency) || !isMonthBased(frequency)) return null;
  const day = seriesDay(old);
  return day === Number(splitDate.slice(8, 10)) ? null : day;
}

function parts(date: IsoDate): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function iso(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The n-th occurrence (0 = the start date) of a rule, ignoring its end date. */
export function nthOccurrence(
  rule: Pick<Recurrence, "frequency" | "startDate" | "dayOfMonth">,
  n: number,
): IsoDate {
  const days = dayStep[rule.frequency];
  if (days !== undefined) return addDays(rule.startDate, n * days);
  const months = monthStep[rule.frequency] ?? 1;
  const [y, m] = parts(rule.startDate);
  const d = seriesDay(rule);
  const index = y * 12 + (m - 1) + n * months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return iso(year, month, Math.min(d, daysInMonth(year, month)));
}

/** A lower bound for the index of the first occurrence on or after `date`. */
function firstIndexFrom(rule: Recurrence, date: IsoDate): number {
  if (date <= rule.startDate) return 0;
  const days = dayStep[rule.frequency];
  if (days !== undefined) return Math.max(0, Math.floor(daysBetween(rule.startDate, date) / days));
  const months = monthStep[rule.frequency] ?? 1;
  const [y1, m1] = parts(rule.startDate);
  const [y2, m2] = parts(date);
  return Math.max(0, Math.floor(((y2 - y1) * 12 + (m2 - m1)) / months) - 1);
}

/**
 * Every occurrence of the rule from `from` to `to` (both inclusive), in order, each once,
 * never before the start or after the end date. `limit` caps the count (default 10,000).
 */
export function occurrencesBetween(
  rule: Recurrence,
  from: IsoDate,
  to: IsoDate,
  limit = 10_000,
): IsoDate[] {
  const last = rule.endDate && rule.endDate < to ? rule.endDate : to;
  const dates: IsoDate[] = [];
  for (let n = firstIndexFrom(rule, from); dates.length < limit; n++) {
    const date = nthOccurrence(rule, n);
    if (date > last) break;
    if (date >= from) dates.push(date);
  }
  return dates;
}

/** The first occurrence strictly after `date`, or null when the rule has ended by then. */
export function nextOccurrenceAfter(rule: Recurrence, date: IsoDate): IsoDate | null {
  const [next] = occurrencesBetween(rule, addDays(date, 1), rule.endDate ?? "9999-12-31", 1);
  return next ?? null;
}
