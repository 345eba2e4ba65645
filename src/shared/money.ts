import type { Language } from "./i18n.ts";

/**
 * Money is an integer number of cents, never a float. Parse and format only at the edges.
 * A `Cents` is a plain number so it crosses JSON unchanged; `isCents` guards the integer rule.
 */
export type Cents = number;

export const defaultCurrency = "EUR";

const locales: Record<Language, string> = { en: "en-IE", nl: "nl-NL" };

export function isCents(value: unknown): value is Cents {
  return typeof value === "number" && Number.isSafeInteger(value);
}

/** The formatters in use, by language, currency and sign: making one costs far more than using it. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(language: Language, currency: string, signed: boolean): Intl.NumberFormat {
  const key = `${language} ${currency} ${signed ? "±" : ""}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locales[language], {
      style: "currency",
      currency,
      ...(signed ? { signDisplay: "exceptZero" as const } : {}),
    });
    // A currency Intl does not know throws above and is never kept.
    if (moneyFormats.size < 200) moneyFormats.set(key, format);
  }
  return format;
}

/** Formats cents for a language: nl `€ 1.234,56`, en `€1,234.56`. */
export function formatMoney(cents: Cents, language: Language, currency = defaultCurrency): string {
  return moneyFormat(language, currency, false).format(cents / 100);
}

/**
 * An amount with its sign, written the language's way by `Intl.NumberFormat`: en `+€12.50` and
 * `-€12.50`, nl `€ +12,50` and `€ -12,50`; zero has none. Money out is shown with this (or with
 * `formatMoney` of the negative amount), never with a minus put before a formatted amount.
 */
export function formatSignedMoney(
  cents: Cents,
  language: Language,
  currency = defaultCurrency,
): string {
  return moneyFormat(language, currency, true).format(cents / 100);
}

/**
 * What a typed amount says: one amount, two amounts (it can be read two ways), or none.
 * `readings` of an ambiguous amount: the separator as thousands first, then as the decimal
 * point (rounded half away from zero to cents): "12,345" is 1,234,500 or 1,235 cents.
 */
export type MoneyReading =
  | { kind: "amount"; cents: Cents }
  | { kind: "ambiguous"; readings: readonly [Cents, Cents] }
  | { kind: "invalid" };

const invalidReading: MoneyReading = { kind: "invalid" };

/**
 * Reads an amount typed by a person in either language's way ("12,50", "1.234,56", "€ 12.5",
 * "1,234.56", "1234"). The last "," or "." followed by one or two digits is the decimal
 * separator; other separators group thousands, and a separator used twice or more ("1.000.000")
 * only groups. A single separator followed by exactly three digits ("12,345", "1.000") is a
 * thousands separator in one language and a decimal point in the other: it reads two ways, and
 * Hearth asks rather than guess a thousand times too much or too little. Three or more decimals
 * anywhere else ("0,345", "1.234,567", "12,3456") are not an amount in cents.
 */
export function readMoney(input: string): MoneyReading {
  const cleaned = input
    .replace(/[\s€]/g, "")
    .replace(/^EUR/i, "")
    .replace(/\u2212/g, "-");
  if (!/^-?[\d.,]+$/.test(cleaned)) return invalidReading;
  const negative = cleaned.startsWith("-");
  const body = negative ? cleaned.slice(1) : cleaned;
  if (!/\d/.test(body)) return invalidReading;
  const sign = negative ? -1 : 1;
  const amount = (cents: number): MoneyReading =>
    Number.isSafeInteger(cents) ? { kind: "amount", cents: sign * cents || 0 } : invalidReading;
  const separators = body.match(/[.,]/g) ?? [];
  const last = Math.max(body.lastIndexOf(","), body.lastIndexOf("."));
  const before = last < 0 ? body : body.slice(0, last);
  const after = last < 0 ? "" : body.slice(last + 1);
  const digits = (text: string) => Number(text.replace(/[.,]/g, "") || "0");
  // No separator, or one at the end ("12,"): whole euros.
  if (after === "") return amount(digits(before) * 100);
  // One or two digits after the last separator: the decimals.
  if (after.length <= 2) return amount(digits(before) * 100 + Number(after.padEnd(2, "0")));
  const sameKind = separators.every((separator) => separator === separators[0]);
  // Three digits after a separator that is used more than once: it groups thousands.
  if (after.length === 3 && sameKind && separators.length > 1) return amount(digits(body) * 100);
  // Three digits after the only separator, behind one to three digits (not a leading 0): both.
  if (after.length === 3 && separators.length === 1 && /^[1-9]\d{0,2}$/.test(before)) {
    const thousands = Number(before + after) * 100;
    const thousandths = Number(before) * 1000 + Number(after);
    const decimal = Math.floor((thousandths + 5) / 10);
    return { kind: "ambiguous", readings: [sign * thousands, sign * decimal] };
  }
  return invalidReading;
}

/**
 * A typed amount as cents, or null when it is not one amount: not an amount, or one that can
 * be read two ways (`readMoney` says which).
 */
export function parseMoney(input: string): Cents | null {
  const reading = readMoney(input);
  return reading.kind === "amount" ? reading.cents : null;
}

/** Cents as a person would type them (no grouping): nl "1234,50", en "1234.50". */
export function formatMoneyInput(cents: Cents, language: Language): string {
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}${language === "nl" ? "," : "."}${String(abs % 100).padStart(2, "0")}`;
  return cents < 0 ? `-${text}` : text;
}

/**
 * Splits `total` cents over parts in proportion to `weights` (percentages, amounts, anything
 * non-negative) by largest remainder, so the parts always add up to the total exactly.
 */
export function allocate(total: Cents, weights: readonly number[]): Cents[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0 || sum <= 0 || weights.some((w) => w < 0)) {
    throw new RangeError("allocate needs at least one non-negative weight with a positive sum");
  }
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  const exact = weights.map((w) => (abs * w) / sum);
  const parts = exact.map(Math.floor);
  let left = abs - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left--;
  }
  return parts.map((p) => p * sign);
}
