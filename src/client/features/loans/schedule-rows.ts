import type { LoanDetail } from "#shared/schemas/loans.schema.ts";

/** One month of the schedule shown: the whole loan's month, or a part's row. */
export type Row = {
  month: string;
  /** A part's due date (the whole loan: none, its parts may fall on other days). */
  dueDate: string | null;
  rateBp: number | null;
  paymentCents: number;
  interestCents: number;
  repaymentCents: number;
  extraRepaymentCents: number;
  balanceCents: number;
};

export type Year = {
  year: number;
  rows: Row[];
  paymentCents: number;
  interestCents: number;
  repaymentCents: number;
  extraRepaymentCents: number;
  /** What is owed after the year's last month. */
  balanceCents: number;
};

/** The schedule of the whole loan (else: a part's id). */
export const wholeLoan = "loan";

/** The months of the whole loan, or the rows of the part with id `shown`. */
export function rowsOf(detail: LoanDetail, shown: string): Row[] {
  const part = detail.parts.find((one) => one.id === shown);
  if (!part) {
    return detail.months.map((month) => ({ ...month, dueDate: null, rateBp: null }));
  }
  return part.rows.map((row) => ({
    month: row.dueDate.slice(0, 7),
    dueDate: row.dueDate,
    rateBp: row.annualRateBp,
    paymentCents: row.paymentCents,
    interestCents: row.interestCents,
    repaymentCents: row.repaymentCents,
    extraRepaymentCents: row.extraRepaymentCents,
    balanceCents: row.balanceCents,
  }));
}

/** The rows by calendar year, with each year's sums and its closing balance. */
export function byYear(rows: readonly Row[]): Year[] {
  const years: Year[] = [];
  for (const row of rows) {
    const year = Number(row.month.slice(0, 4));
    let entry = years.at(-1);
    if (entry?.year !== year) {
      entry = {
        year,
        rows: [],
        paymentCents: 0,
        interestCents: 0,
        repaymentCents: 0,
        extraRepaymentCents: 0,
        balanceCents: 0,
      };
      years.push(entry);
    }
    entry.rows.push(row);
    entry.paymentCents += row.paymentCents;
    entry.interestCents += row.interestCents;
    entry.repaymentCents += row.repaymentCents;
    entry.extraRepaymentCents += row.extraRepaymentCents;
    entry.balanceCents = row.balanceCents;
  }
  return years;
}

/**
 * Each part's balance at the end of each of the loan's months (by part id): a part counts its
 * principal from its start until its first payment, what its row leaves after, 0 once repaid
 * (as the loan's months add them up).
 */
export function partBalances(detail: LoanDetail): Record<string, number>[] {
  const byMonth = detail.parts.map(
    (part) => new Map(part.rows.map((row) => [row.dueDate.slice(0, 7), row.balanceCents])),
  );
  return detail.months.map(({ month }) =>
    Object.fromEntries(
      detail.parts.map((part, index) => {
        const balance = byMonth[index]?.get(month);
        const first = part.rows[0]?.dueDate.slice(0, 7) ?? "";
        const borrowed = month >= part.startDate.slice(0, 7) && month < first;
        return [part.id, balance ?? (borrowed ? part.principalCents : 0)];
      }),
    ),
  );
}
