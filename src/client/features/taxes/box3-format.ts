import { useSavingsFormat } from "#client/features/savings/savings-format.ts";
import type { Language } from "#shared/i18n.ts";
import type { Box3EstimateAnswer } from "#shared/schemas/taxes.schema.ts";

const localeOf = (language: Language) => (language === "nl" ? "nl-NL" : "en-GB");

/** Whole euros as money without cents: nl "€ 2.765", en "€2,765". */
export function formatEuros(euros: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(euros);
}

/** A list of words the language's way: "2023, 2024 and 2025" / "2023, 2024 en 2025". */
export function formatList(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(localeOf(language), { style: "long", type: "conjunction" }).format(
    items,
  );
}

/**
 * The deemed return as a percentage of the yield base ("rendementspercentage"), in hundredths
 * of a percent cut off as the tax office cuts a share; null without a yield base.
 */
export function returnPercentBp(totalReturnEuros: number, yieldBaseEuros: number): number | null {
  if (yieldBaseEuros <= 0) return null;
  return Math.trunc((totalReturnEuros * 10_000) / yieldBaseEuros);
}

/** Nothing recorded on 1 January: no person and not the household owns or owes anything. */
export function wealthIsEmpty(
  answer: Pick<Box3EstimateAnswer, "people" | "householdOwned">,
): boolean {
  const rows = [...answer.people, answer.householdOwned];
  return rows.every((row) => row.bankCents === 0 && row.otherCents === 0 && row.debtsCents === 0);
}

/** The name of a member by id (a person who has left keeps a name too). */
export type Box3NameOf = (memberId: string) => string;

export type RealVersusDeemed = {
  /** Interest booked plus the investments' real return, in cents. */
  realCents: number;
  /** The deemed returns of bank balances and other assets, in cents. */
  deemedCents: number;
  outcome: "lower" | "higher" | "same";
  /** The year is not over: the real return is what it was so far. */
  soFar: boolean;
};

/**
 * The scope's real return of the assets against their deemed return, or null while the year
 * has not begun (nothing real to compare). Debts are left out on both sides.
 */
export function realVersusDeemed(
  comparison: Box3EstimateAnswer["comparison"],
  year: number,
): RealVersusDeemed | null {
  if (comparison.through === null) return null;
  const realCents =
    (comparison.bank.interestCents ?? 0) + (comparison.other.real?.returnCents ?? 0);
  const deemedCents = comparison.bank.deemedReturnCents + comparison.other.deemedReturnCents;
  return {
    realCents,
    deemedCents,
    outcome: realCents < deemedCents ? "lower" : realCents > deemedCents ? "higher" : "same",
    soFar: comparison.through < `${year}-12-31`,
  };
}

/**
 * The language's money and dates (savings'), and what box 3 adds: whole euros, a step taken
 * off ("-€7,600"), a percentage with two decimals, a long date and a list.
 */
export function useBox3Format() {
  const format = useSavingsFormat();
  const euros = (value: number) => formatEuros(value, format.language);
  return {
    ...format,
    euros,
    /** Whole euros taken off in a step, with the language's minus ("-€7,600", "€ -7.600"). */
    minusEuros: (value: number) => euros(value === 0 ? 0 : -value),
    /** Cents with a sign: "+€25.00" / "-€25.00". */
    signedCents: format.signed,
    /** "1 January 2025" / "1 januari 2025" for a `YYYY-MM-DD`. */
    longDay: (date: string) =>
      new Intl.DateTimeFormat(localeOf(format.language), {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      }).format(new Date(`${date}T00:00:00Z`)),
    list: (items: readonly string[]) => formatList(items, format.language),
  };
}

export type Box3Format = ReturnType<typeof useBox3Format>;
