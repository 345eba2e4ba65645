import { isIsoDate } from "#shared/dates.ts";

/**
 * The dashboard's periods: the presets reckoned from today (the person's own calendar), or a
 * custom range. In the URL as `?period=` (and `from`/`to` for a custom one), so a bookmark keeps it.
 */
export const periodPresets = ["this-month", "last-month", "this-year", "last-12-months"] as const;
export type PeriodPreset = (typeof periodPresets)[number];
export type PeriodChoice = PeriodPreset | "custom";
export type Period = { from: string; to: string };

const pad = (value: number) => String(value).padStart(2, "0");
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
/** The last day of a month (1–12) of a year. */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The dates of a preset, for the day `today` (`YYYY-MM-DD`). */
export function presetPeriod(preset: PeriodPreset, today: string): Period {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (preset) {
    case "this-month":
      return { from: iso(year, month, 1), to: iso(year, month, lastDay(year, month)) };
    case "last-month": {
      const y = month === 1 ? year - 1 : year;
      const m = month === 1 ? 12 : month - 1;
      return { from: iso(y, m, 1), to: iso(y, m, lastDay(y, m)) };
    }
    case "this-year":
      return { from: iso(year, 1, 1), to: iso(year, 12, 31) };
    case "last-12-months": {
      // Twelve whole months ending with this one.
      const start = year * 12 + (month - 1) - 11;
      const y = Math.floor(start / 12);
      const m = (start % 12) + 1;
      return { from: iso(y, m, 1), to: iso(year, month, lastDay(year, month)) };
    }
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
