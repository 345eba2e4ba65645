import { useSavingsFormat } from "#client/features/savings/savings-format.ts";

/**
 * The language's percentages and signed money, for gains and returns. In a module of its own so
 * the dashboard's net worth card can use it without fetching the investments page.
 */
export function useInvestmentsFormat() {
  const format = useSavingsFormat();
  return {
    ...format,
    /** A gain in % of the cost (12.5 → "+12.5%"), "—" without a cost. */
    gainPercent: (percent: number | null) =>
      percent === null
        ? "—"
        : `${percent > 0 ? "+" : percent < 0 ? "−" : ""}${format.percent(Math.abs(Math.round(percent * 100)))}`,
    /** A yearly return (0.0812 → "8.1%"), "—" when there is none. */
    yearly: (rate: number | null) =>
      rate === null
        ? "—"
        : `${rate < 0 ? "−" : ""}${format.percent(Math.abs(Math.round(rate * 10_000)))}`,
    /** Units: up to 4 decimals, the language's way. */
    units: (quantity: number) =>
      new Intl.NumberFormat(format.language === "nl" ? "nl-NL" : "en-GB", {
        maximumFractionDigits: 4,
      }).format(quantity),
    /** A price per unit in its currency: "€82.14", "$182.50". */
    price: (price: number, currency: string) =>
      new Intl.NumberFormat(format.language === "nl" ? "nl-NL" : "en-GB", {
        style: "currency",
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 4,
      }).format(price),
  };
}
