import type { TFunction } from "i18next";
import { useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { parsePercentBp } from "#client/features/transactions/amount-input.ts";
import type { Language } from "#shared/i18n.ts";
import { formatSignedMoney } from "#shared/money.ts";
import type { AccountSummary } from "#shared/schemas/savings.schema.ts";

const localeOf = (language: Language) => (language === "nl" ? "nl-NL" : "en-GB");

/** A yearly rate in basis points with two decimals: 225 → "2.25%" / "2,25%". */
export function formatRate(bp: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(bp / 10_000);
}

/** An owner's share in basis points, without needless decimals: 6000 → "60%", 3333 → "33.33%". */
export function formatShare(bp: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: "percent",
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(bp / 10_000);
}

/** The language's money and dates, plus rates, shares and "March 2027" for a date. */
export function useSavingsFormat() {
  const format = useMoneyFormat();
  return {
    ...format,
    rate: (bp: number) => formatRate(bp, format.language),
    share: (bp: number) => formatShare(bp, format.language),
    /** "March 2027" / "maart 2027" for a `YYYY-MM-DD`. */
    monthOf: (date: string) => format.month(date.slice(0, 7)),
    /** A signed amount, the language's way: "+€25.00" / "-€25.00", "€ +25,00" / "€ -25,00". */
    signed: (cents: number) => formatSignedMoney(cents, format.language),
  };
}

/** A typed rate for the schema: undefined when empty, basis points, or NaN when not a number. */
export function rateForSchema(input: string): number | undefined {
  if (input.trim() === "") return undefined;
  return parsePercentBp(input) ?? Number.NaN;
}

/** The name of a member by id, with a fallback for someone who has left. */
export type NameOf = (memberId: string) => string;

/**
 * Who an account belongs to, in words: "Anna", "Household" or "Anna 60% · Sam 40%".
 * `t` is the savings namespace's.
 */
export function ownerLabel(
  owner: AccountSummary["owner"],
  nameOf: NameOf,
  t: TFunction,
  language: Language,
): string {
  if (owner.kind === "household") return t("owner.household");
  if (owner.kind === "member") {
    const share = owner.shares[0];
    return share ? nameOf(share.memberId) : t("owner.household");
  }
  return owner.shares
    .map((share) => `${nameOf(share.memberId)} ${formatShare(share.percentBp, language)}`)
    .join(" · ");
}
