import type { Db } from "#server/db/client.ts";
import { loanParts, loans, loanShares } from "#server/db/schema/loans.ts";
import type { OwnerShare } from "#server/features/savings/owners.ts";
import { loanSchedule, type RepaymentType } from "#shared/loan-math.ts";

/**
 * For the taxes tests: loans stored straight in the tables (as the loans area stores them), and
 * the interest their schedules have due in a year, worked out with loan-math on its own.
 */
export type TestLoanPart = {
  principalCents: number;
  startDate: string;
  termMonths: number;
  repaymentType: RepaymentType;
  rateBp: number;
};

export async function addLoan(
  db: Db,
  householdId: string,
  loan: {
    name: string;
    ownHome: boolean;
    kind?: "mortgage" | "car" | "personal";
    /** No shares: the household's own. */
    shares?: OwnerShare[];
    parts: TestLoanPart[];
  },
): Promise<string> {
  const shares = loan.shares ?? [];
  const [row] = await db
    .insert(loans)
    .values({
      householdId,
      name: loan.name,
      kind: loan.kind ?? "mortgage",
      ownHome: loan.ownHome,
      ownerKind: shares.length === 0 ? "household" : shares.length === 1 ? "member" : "shared",
    })
    .returning({ id: loans.id });
  if (!row) throw new Error("The loan was not stored.");
  if (shares.length > 0) {
    await db
      .insert(loanShares)
      .values(shares.map((share) => ({ loanId: row.id, householdId, ...share })));
  }
  await db.insert(loanParts).values(
    loan.parts.map((part, position) => ({
      loanId: row.id,
      householdId,
      position,
      ...part,
    })),
  );
  return row.id;
}

function scheduleOf(parts: TestLoanPart[]) {
  return loanSchedule({
    extraRepaymentEffect: "shorter-term",
    parts: parts.map((part) => ({
      principalCents: part.principalCents,
      startDate: part.startDate,
      termMonths: part.termMonths,
      repaymentType: part.repaymentType,
      annualRateBp: part.rateBp,
      fixedRateMonths: null,
      rateAfterFixedBp: null,
      extraRepayments: [],
    })),
  });
}

/** The interest a loan's schedule has in a year's months (loan-math's own month totals). */
export function scheduleInterestOfYear(parts: TestLoanPart[], year: number): number {
  return scheduleOf(parts)
    .months.filter((month) => month.month.startsWith(`${year}-`))
    .reduce((sum, month) => sum + month.interestCents, 0);
}

/** What a loan owes at the end of `day`: each part's balance after its last payment due by then. */
export function scheduleBalanceOn(parts: TestLoanPart[], day: string): number {
  return scheduleOf(parts).parts.reduce((sum, part) => {
    if (day < part.startDate) return sum;
    const paid = part.rows.filter((row) => row.dueDate <= day);
    return sum + (paid.at(-1)?.balanceCents ?? part.principalCents);
  }, 0);
}
