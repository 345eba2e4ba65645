import { formatMoneyInput, parseMoney, type Cents } from "#shared/money.ts";
import type { Language } from "#shared/i18n.ts";

/** The decimal separator a language writes. */
export function decimalSeparator(language: Language): "," | "." {
  return language === "nl" ? "," : ".";
}

/** Cents as a person would type them (no grouping): nl "1234,50", en "1234.50". */
export function formatCentsInput(cents: Cents, language: Language): string {
  return formatMoneyInput(cents, language);
}

/** Basis points as a percentage to type: 6000 "60", 3333 "33,33" (nl) / "33.33" (en). */
export function formatPercentInput(bp: number, language: Language): string {
  if (bp % 100 === 0) return String(bp / 100);
  return formatCentsInput(bp, language).replace(/0$/, "");
}

/** A typed percentage ("60", "33,33", "12.5 %") as basis points, or null. */
export function parsePercentBp(input: string): number | null {
  return parseMoney(input.replace(/%/g, ""));
}

/**
 * A typed amount for the schema: undefined when empty (amount required), the cents when it is
 * an amount, NaN when it is not (enter a valid amount).
 */
export function amountForSchema(input: string): number | undefined {
  if (input.trim() === "") return undefined;
  return parseMoney(input) ?? Number.NaN;
}
