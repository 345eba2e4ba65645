import type { Queryable } from "#server/db/client.ts";
import { monthRange, type IsoDate } from "#shared/dates.ts";
import type { Cents } from "#shared/money.ts";
import { loadLoans, scheduleOf, type LoanRecord } from "./loan-figures.ts";

/**
 * What a loan's booked payment is on each date: a recurring rule with `loan_id` makes one entry
 * a month, and its amount is the loan's regular payments due in that entry's calendar month (all
 * parts together), worked out from the schedule as it stands when the entry is made. A month
 * without a payment (before the first, after the last, once the loan is closed) makes no entry,
 * and the series ends with the month of the last payment (decision 021).
 */
export type LoanPlan = {
  /** The payments due in `date`'s calendar month; 0 when there are none. */
  amountOn(date: IsoDate): Cents;
  /** The last day of the month of the last payment (null: a loan without parts owes nothing). */
  lastDay: IsoDate | null;
};

/** A loan's plan from its stored record (`loadLoans`) and its schedule, when worked out already. */
export function planOf(record: LoanRecord, schedule = scheduleOf(record)): LoanPlan {
  const byMonth = new Map(schedule.months.map((month) => [month.month, month.paymentCents]));
  const closedOn = record.loan.closedAt?.toISOString().slice(0, 10) ?? null;
  const last = schedule.months.filter((month) => month.paymentCents > 0).at(-1);
  return {
    amountOn: (date) => (closedOn && date >= closedOn ? 0 : (byMonth.get(date.slice(0, 7)) ?? 0)),
    lastDay: last ? monthRange(last.month).to : null,
  };
}

/**
 * The plans of a household's loans (or of the loans named), by loan id: four queries whatever
 * their number. A loan that is gone has no plan.
 */
export async function loanPlans(
  tx: Queryable,
  householdId: string,
  loanIds: readonly string[],
): Promise<Map<string, LoanPlan>> {
  const plans = new Map<string, LoanPlan>();
  if (loanIds.length === 0) return plans;
  const [only] = loanIds;
  const records = await loadLoans(
    tx,
    householdId,
    loanIds.length === 1 && only ? { loanId: only } : {},
  );
  for (const record of records) {
    if (loanIds.includes(record.loan.id)) plans.set(record.loan.id, planOf(record));
  }
  return plans;
}

/** The plan of the loan a recurring rule books (none: an ordinary rule, or the loan is gone). */
export async function loanPlanOf(
  tx: Queryable,
  rule: { householdId: string; loanId: string | null },
): Promise<LoanPlan | undefined> {
  if (rule.loanId === null) return undefined;
  return (await loanPlans(tx, rule.householdId, [rule.loanId])).get(rule.loanId);
}
