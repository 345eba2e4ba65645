import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ApiError } from "#client/lib/api.ts";
import { translateError } from "#client/lib/errors.ts";
import { isLanguage, defaultLanguage, type Language } from "#shared/i18n.ts";
import { formatMoney, formatSignedMoney, type Cents } from "#shared/money.ts";

/** The language the page is shown in, and money and dates formatted for it. */
export function useMoneyFormat() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : defaultLanguage;
  const locale = language === "nl" ? "nl-NL" : "en-GB";
  return {
    language,
    money: (cents: Cents) => formatMoney(cents, language),
    /** With its sign, the language's way: "+€12.50" / "-€12.50", "€ +12,50" / "€ -12,50". */
    signedMoney: (cents: Cents) => formatSignedMoney(cents, language),
    /** "28 Feb" / "28 feb." for a `YYYY-MM-DD`. */
    day: (date: string, withYear = false) =>
      new Intl.DateTimeFormat(locale, {
        day: "numeric",
        month: "short",
        ...(withYear ? { year: "numeric" } : {}),
        timeZone: "UTC",
      }).format(new Date(`${date}T00:00:00Z`)),
    /** "Feb" / "feb" for a `YYYY-MM` (a chart's axis). */
    shortMonth: (month: string) =>
      new Intl.DateTimeFormat(locale, { month: "short", timeZone: "UTC" })
        .format(new Date(`${month}-01T00:00:00Z`))
        .replace(/\.$/, ""),
    /** A plain number with `digits` decimals, the language's way ("3.1" / "3,1"). */
    number: (value: number, digits = 0) =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value),
    /** Basis points as a percentage with one decimal: "23.4%" / "23,4%". */
    percent: (bp: number) => formatPercent(bp, language),
    /** Whole euros, short ("€1.2K" / "€ 1,2K"), for a chart's axis. */
    compactMoney: (euros: number) =>
      new Intl.NumberFormat(locale, {
        style: "currency",
        currency: "EUR",
        notation: "compact",
        maximumFractionDigits: 1,
      }).format(euros),
    /** "February 2026" / "februari 2026" for a `YYYY-MM`. */
    month: (month: string) =>
      new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${month}-01T00:00:00Z`),
      ),
  };
}

/** Basis points (10,000 = 100 %) as a percentage with one decimal, the language's way. */
export function formatPercent(bp: number, language: Language): string {
  return new Intl.NumberFormat(language === "nl" ? "nl-NL" : "en-GB", {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bp / 10_000);
}

/** The current month as `YYYY-MM` (the person's clock). */
export function currentMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
}

export function isMonth(value: string | null): value is string {
  return value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** A failed call as a sentence: the server's own translated validation message when it gave one. */
export function errorText(t: TFunction, error: unknown): string {
  if (
    error instanceof ApiError &&
    (error.status === 400 || error.status === 409) &&
    error.message &&
    !error.message.startsWith("HTTP ")
  ) {
    const field = error.fields ? Object.values(error.fields)[0] : undefined;
    return field ?? error.message;
  }
  return translateError(t, error);
}
