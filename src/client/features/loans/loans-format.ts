import { useTranslation } from "react-i18next";
import {
  ownerLabel,
  useSavingsFormat,
  type NameOf,
} from "#client/features/savings/savings-format.ts";
import type { Language } from "#shared/i18n.ts";
import type { LoanListItem } from "#shared/schemas/loans.schema.ts";

/** The path of the loans area, and of a loan's own page. */
export const loansPath = "/dashboard/loans";
export const loanPath = (id: string) => `${loansPath}/${id}`;

/** Basis points a year as the monthly rate Dutch lenders use (÷ 12), four decimals: "0.3333%". */
export function formatMonthlyRate(bp: number, language: Language): string {
  return new Intl.NumberFormat(language === "nl" ? "nl-NL" : "en-GB", {
    style: "percent",
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  }).format(bp / 12 / 10_000);
}

/**
 * The language's money, dates and rates (savings'), plus what loans add: a term in years and
 * months, the monthly rate, and a month of a `YYYY-MM-DD` ("March 2027").
 */
export function useLoansFormat() {
  const format = useSavingsFormat();
  const { t } = useTranslation("loans");
  return {
    ...format,
    /** 360 → "30 years", 306 → "25 years and 6 months", 18 → "1 year and 6 months". */
    term: (months: number) => {
      const years = Math.floor(months / 12);
      const rest = months % 12;
      if (years === 0) return t("term.months", { count: rest });
      if (rest === 0) return t("term.years", { count: years });
      return t("term.yearsAndMonths", {
        years: t("term.years", { count: years }),
        months: t("term.months", { count: rest }),
      });
    },
    monthlyRate: (bp: number) => formatMonthlyRate(bp, format.language),
  };
}

export type LoansFormat = ReturnType<typeof useLoansFormat>;

/** A loan in one line: "Mortgage · ING · Anna 60% · Sam 40%". */
export function useDescribeLoan(nameOf: NameOf) {
  const { t } = useTranslation("loans");
  const { t: tSavings } = useTranslation("savings");
  const format = useSavingsFormat();
  return (loan: Pick<LoanListItem, "kind" | "lender" | "owner">) =>
    [
      t(`kinds.${loan.kind}`),
      loan.lender,
      ownerLabel(loan.owner, nameOf, tSavings, format.language),
    ]
      .filter(Boolean)
      .join(" · ");
}
