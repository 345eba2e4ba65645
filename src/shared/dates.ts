/**
 * Calendar dates are `YYYY-MM-DD` strings: no time zone, no Date object for a day.
 * Only this module turns them into or out of other shapes.
 */
export type IsoDate = string;

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== "string") return false;
  const match = isoDatePattern.exec(value);
  if (!match) return false;
  const m = Number(match[2]);
  const d = Number(match[3]);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(Number(match[1]), m);
}

/**
 * The dates Hearth takes: 1900-01-01 up to and including 2099-12-31. Enough for a mortgage
 * taken out long ago and a plan far ahead; a year like 1000 or 9999 is a typing error, and would
 * make a daily series of hundreds of thousands of entries (decision 015).
 */
export const firstDate: IsoDate = "1900-01-01";
export const lastDate: IsoDate = "2099-12-31";

/** Whether a `YYYY-MM-DD` date lies in Hearth's range (`firstDate` … `lastDate`). */
export function isDateInRange(value: IsoDate): boolean {
  return value >= firstDate && value <= lastDate;
}

/** The formatters `today` uses, by time zone: making one costs more than a database query. */
const dayFormats = new Map<string | undefined, Intl.DateTimeFormat>();

/** Today in the given IANA time zone (the person's, on the client), as `YYYY-MM-DD`. */
export function today(timeZone?: string): IsoDate {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    // A bad zone throws above and is never kept; the map holds the zones people use.
    if (dayFormats.size < 100) dayFormats.set(timeZone, format);
  }
  return format.format(new Date());
}

/** The number of days of a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The Gregorian rule, for every year (`Date.UTC` would read 0–99 as 1900–1999). */
function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const dayMs = 86_400_000;
/**
 * Days since 1970-01-01 of a date, by arithmetic (Hinnant's days-from-civil) when it is a valid
 * `YYYY-MM-DD`, else as `Date.parse` reads it (NaN for what is no date). Reports call this for
 * every flow of an investment return, many times a request: `Date.parse` was most of their time.
 */
const dayNumber = (date: IsoDate): number => {
  if (date.length === 10 && date.charCodeAt(4) === 45 && date.charCodeAt(7) === 45) {
    let year = Number(date.slice(0, 4));
    const month = Number(date.slice(5, 7));
    const day = Number(date.slice(8, 10));
    if (
      Number.isInteger(year) &&
      month >= 1 &&
      month <= 12 &&
      Number.isInteger(day) &&
      day >= 1 &&
      day <= daysInMonth(year, month)
    ) {
      if (month <= 2) year -= 1;
      const era = Math.floor(year / 400);
      const yearOfEra = year - era * 400;
      const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
      const dayOfEra =
        yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
      return era * 146_097 + dayOfEra - 719_468;
    }
  }
  return Math.round(Date.parse(`${date}T00:00:00Z`) / dayMs);
};
const fromDayNumber = (days: number): IsoDate => new Date(days * dayMs).toISOString().slice(0, 10);

/** Adds days to a calendar date. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** The number of days from `from` to `to` (0 for the same day, negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** A month (`YYYY-MM`) moved by some months, across years. */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The first and last day of a month (`YYYY-MM`). */
export function monthRange(month: string): { from: IsoDate; to: IsoDate } {
  const last = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/**
 * How a date is typed and shown in a date field, in Hearth's language (not the browser's):
 * Dutch `dd-mm-jjjj`, English the British `dd/mm/yyyy` (day first, as Hearth's other dates).
 */
export const dateFieldFormat = {
  en: { separator: "/", placeholder: "dd/mm/yyyy" },
  nl: { separator: "-", placeholder: "dd-mm-jjjj" },
} as const satisfies Record<"en" | "nl", { separator: string; placeholder: string }>;

/** A `YYYY-MM-DD` date as a date field shows it (`27-11-2026`, `27/11/2026`); other text as it is. */
export function formatDateField(value: string, language: "en" | "nl"): string {
  if (!isIsoDate(value)) return value;
  const separator = dateFieldFormat[language].separator;
  return [value.slice(8, 10), value.slice(5, 7), value.slice(0, 4)].join(separator);
}

/**
 * What a person typed in a date field as `YYYY-MM-DD`, or null when it is not a date. Day first,
 * any separator (`27-11-2026`, `27/11/2026`, `27.11.2026`, `1-2-2026`), the digits alone
 * (`27112026`), or `2026-11-27`. With `complete: false` (when the person leaves the field), a
 * two-digit year is this century (`27-11-26`) and a missing year is `reference`'s year
 * (`27-11`, `2711`).
 */
export function parseDateField(
  text: string,
  options: { complete?: boolean; reference?: IsoDate } = {},
): IsoDate | null {
  const complete = options.complete ?? true;
  const trimmed = text.trim();
  if (trimmed === "") return null;
  let parts = trimmed.split(/[^0-9]+/).filter((part) => part !== "");
  if (parts.length === 1) {
    const digits = parts[0] ?? "";
    if (digits.length === 8) parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)];
    else if (!complete && digits.length === 6)
      parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)];
    else if (!complete && digits.length === 4) parts = [digits.slice(0, 2), digits.slice(2, 4)];
    else return null;
  }
  if (parts.length === 3 && (parts[0] ?? "").length === 4) {
    parts = [parts[2] ?? "", parts[1] ?? "", parts[0] ?? ""];
  }
  if (parts.length === 2 && !complete) {
    parts = [...parts, (options.reference ?? today()).slice(0, 4)];
  }
  if (parts.length !== 3) return null;
  const [dayText = "", monthText = "", yearText = ""] = parts;
  if (dayText.length > 2 || monthText.length > 2) return null;
  let year: string;
  if (yearText.length === 4) year = yearText;
  else if (!complete && yearText.length === 2) year = `20${yearText}`;
  else return null;
  const iso = `${year}-${monthText.padStart(2, "0")}-${dayText.padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : null;
}
