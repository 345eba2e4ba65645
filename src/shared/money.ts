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

/** Formats cents for a language: nl `€ 1.234,56`, en `€1,234.56`. */
export function formatMoney(cents: Cents, language: Language, currency = defaultCurrency): string {
  return new Intl.NumberFormat(locales[language], { style: "currency", currency }).format(
    cents / 100,
  );
}

/**
 * Reads an amount typed by a person ("12,50", "1.234,56", "€ 12.5", "1,234.56") as cents, or
 * null when it is not an amount. The last "," or "." followed by one or two digits is the
 * decimal separator; other separators group thousands.
 */
export function parseMoney(input: string): Cents | null {
  const cleaned = input.replace(/[\s€]/g, "").replace(/^EUR/i, "");
  if (!/^-?[\d.,]+$/.test(cleaned)) return null;
  const negative = cleaned.startsWith("-");
  const body = negative ? cleaned.slice(1) : cleaned;
  const decimal = /[.,](\d{1,2})$/.exec(body);
  const whole = (decimal ? body.slice(0, decimal.index) : body).replace(/[.,]/g, "");
  if (whole === "" && !decimal) return null;
  const fraction = decimal?.[1]?.padEnd(2, "0") ?? "00";
  const cents = Number(whole || "0") * 100 + Number(fraction);
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
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
