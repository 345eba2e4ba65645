import { addMonths, isIsoDate, monthRange } from "#shared/dates.ts";

/**
 * The dashboard's periods: the presets reckoned from today (the person's own calendar), or a
 * custom range. In the URL as `?period=` (and `from`/`to` for a custom one), so a bookmark keeps it.
 */
export const periodPresets = ["this-month", "last-month", "this-year", "last-12-months"] as const;
export type PeriodPreset = (typeof periodPresets)[number];
export type PeriodChoice = PeriodPreset | "custom";
export type Period = { from: string; to: string };

/** The dates of a preset, for the day `today` (`YYYY-MM-DD`). */
export function presetPeriod(preset: PeriodPreset, today: string): Period {
  const month = today.slice(0, 7);
  switch (preset) {
    case "this-month":
      return monthRange(month);
    case "last-month":
      return monthRange(addMonths(month, -1));
    case "this-year":
      return { from: `${month.slice(0, 4)}-01-01`, to: `${month.slice(0, 4)}-12-31` };
    case "last-12-months":
      // Twelve whole months ending with this one.
      return { from: `${addMonths(month, -11)}-01`, to: monthRange(month).to };
  }
}

function isPreset(value: string | null): value is PeriodPreset {
  return (periodPresets as readonly (string | null)[]).includes(value);
}

/**
 * The period the URL asks for: a preset, or a custom range with two valid dates in order.
 * Anything else is this month.
 */
export function periodFromParams(
  params: URLSearchParams,
  today: string,
): { choice: PeriodChoice; period: Period } {
  const choice = params.get("period");
  if (choice === "custom") {
    const from = params.get("from");
    const to = params.get("to");
    if (isIsoDate(from) && isIsoDate(to) && from <= to) return { choice, period: { from, to } };
  }
  if (isPreset(choice)) return { choice, period: presetPeriod(choice, today) };
  return { choice: "this-month", period: presetPeriod("this-month", today) };
}

/** The transactions list filtered to exactly the entries behind a figure. */
export function entriesLink(filter: {
  from: string;
  to: string;
  /** null: the whole household (said on purpose, so the scope picker's member does not apply). */
  member: string | null;
  kind?: "income" | "expense";
  category?: string | null;
}): string {
  const params = new URLSearchParams();
  if (filter.kind) params.set("kind", filter.kind);
  if (filter.category) params.set("category", filter.category);
  params.set("from", filter.from);
  params.set("to", filter.to);
  params.set("member", filter.member ?? "household");
  return `/dashboard/transactions?${params.toString()}`;
}

/**
 * A change between two amounts as a fraction in basis points (10,000 = +100 %), or null when
 * the earlier amount was zero (no percentage can be given).
 */
export function changeBp(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) * 10_000) / Math.abs(previous));
}

/**
 * The smallest earlier amount a percentage is given against: €50 (decision 029). Below it, or
 * below 5 % of the amount now (a rise of more than 1,900 %), a percentage says nothing.
 */
export const smallestBaseCents = 5_000;

/**
 * How an amount compares with the earlier one: the same, a change in basis points, or too
 * little before to compare (decision 029).
 */
export function comparisonOf(
  current: number,
  previous: number,
): { kind: "same" } | { kind: "tooLittle" } | { kind: "change"; bp: number } {
  if (current === previous) return { kind: "same" };
  const base = Math.abs(previous);
  if (base < smallestBaseCents || base * 20 < Math.abs(current)) return { kind: "tooLittle" };
  return { kind: "change", bp: changeBp(current, previous) ?? 0 };
}

/** What the period before is called in "too little … to compare": a month, a year or neither. */
export function periodLength(period: Period): "month" | "year" | "other" {
  const fromMonth = period.from.slice(0, 7);
  const toMonth = period.to.slice(0, 7);
  if (!period.from.endsWith("-01") || period.to !== monthRange(toMonth).to) return "other";
  if (fromMonth === toMonth) return "month";
  return addMonths(fromMonth, 11) === toMonth ? "year" : "other";
}
