import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "#server/db/client.ts";
import { loanExtraRepayments, loanParts, loans, loanShares } from "#server/db/schema/loans.ts";
import { partOf, type Owner } from "#server/features/savings/owners.ts";
import { monthRange, type IsoDate } from "#shared/dates.ts";
import {
  loanSchedule,
  type ExtraRepayment,
  type Loan,
  type LoanSchedule,
  type PartSchedule,
} from "#shared/loan-math.ts";
import type { Cents } from "#shared/money.ts";
import { inParallel } from "#server/db/parallel.ts";

/**
 * A household's loans as stored, and the figures every area reads from them: the loans page,
 * net worth (debts), booking the payment as recurring entries, and taxes (the own home's
 * interest, box 3 debts). Only what the household typed is stored; every schedule is worked out
 * here from it with src/shared/loan-math.ts, in a fraction of a millisecond per part, so the
 * areas never keep schedules row by row nor disagree about them.
 */

export type LoanRow = typeof loans.$inferSelect;
export type LoanPartRow = typeof loanParts.$inferSelect;
export type LoanExtraRow = typeof loanExtraRepayments.$inferSelect;

export type LoanRecord = {
  loan: LoanRow;
  owner: Owner;
  /** In their order on the loan (position, then when they were added). */
  parts: LoanPartRow[];
  extras: LoanExtraRow[];
};

/**
 * The household's loans (or one of them) with their owners, parts and extra repayments: four
 * queries whatever the number of loans. A foreign or missing id finds nothing (the caller
 * checks an id is a UUID first).
 */
export async function loadLoans(
  tx: Queryable,
  householdId: string,
  options: { loanId?: string } = {},
): Promise<LoanRecord[]> {
  const own = await tx
    .select()
    .from(loans)
    .where(
      and(
        eq(loans.householdId, householdId),
        options.loanId ? eq(loans.id, options.loanId) : undefined,
      ),
    )
    .orderBy(asc(loans.createdAt), asc(loans.id));
  if (own.length === 0) return [];
  const ids = own.map((row) => row.id);
  const [shares, parts, extras] = await inParallel(tx, [
    // In a fixed order, as savings accounts' and portfolios' shares are read: a cent left over
    // when a loan's debt is split goes by this order, not by where the rows happen to lie.
    () =>
      tx
        .select()
        .from(loanShares)
        .where(inArray(loanShares.loanId, ids))
        .orderBy(desc(loanShares.percentBp), asc(loanShares.memberId)),
    () =>
      tx
        .select()
        .from(loanParts)
        .where(inArray(loanParts.loanId, ids))
        .orderBy(asc(loanParts.position), asc(loanParts.createdAt), asc(loanParts.id)),
    () =>
      tx
        .select()
        .from(loanExtraRepayments)
        .where(inArray(loanExtraRepayments.loanId, ids))
        .orderBy(asc(loanExtraRepayments.onDate), asc(loanExtraRepayments.id)),
  ]);
  return own.map((loan) => ({
    loan,
    owner: {
      kind: loan.ownerKind,
      shares: shares
        .filter((share) => share.loanId === loan.id)
        .map((share) => ({ memberId: share.memberId, percentBp: share.percentBp })),
    },
    parts: parts.filter((part) => part.loanId === loan.id),
    extras: extras.filter((extra) => extra.loanId === loan.id),
  }));
}

/** A stored extra repayment as the schedule reads it. */
function toExtra(extra: LoanExtraRow): ExtraRepayment {
  return extra.kind === "yearly"
    ? {
        kind: "yearly",
        firstDate: extra.onDate,
        untilDate: extra.untilDate,
        amountCents: extra.amountCents,
      }
    : { kind: "one-off", date: extra.onDate, amountCents: extra.amountCents };
}

/** A stored loan as the schedule reads it; `withExtras: false` leaves its extra repayments out. */
export function toLoan(record: LoanRecord, options: { withExtras?: boolean } = {}): Loan {
  const withExtras = options.withExtras ?? true;
  return {
    extraRepaymentEffect: record.loan.extraEffect,
    parts: record.parts.map((part) => ({
      principalCents: part.principalCents,
      startDate: part.startDate,
      termMonths: part.termMonths,
      repaymentType: part.repaymentType,
      annualRateBp: part.rateBp,
      fixedRateMonths: part.fixedMonths,
      rateAfterFixedBp: part.followingRateBp,
      extraRepayments: withExtras
        ? record.extras.filter((extra) => extra.partId === part.id).map(toExtra)
        : [],
    })),
  };
}

/** The loan's schedule with its extra repayments (a loan without parts owes nothing). */
export function scheduleOf(record: LoanRecord): LoanSchedule {
  return record.parts.length === 0 ? { parts: [], months: [] } : loanSchedule(toLoan(record));
}

/** The index of the last row due on or before `day` (-1: none yet), by binary search. */
function lastDueIndex(part: PartSchedule, day: IsoDate): number {
  let low = 0;
  let high = part.rows.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((part.rows[middle]?.dueDate ?? "") <= day) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * What the loan owes on `day`, after every payment due on or before it: nothing before a part
 * is borrowed, its principal until its first payment (as `summarize` in loan-math counts it).
 */
export function balanceOn(schedule: LoanSchedule, day: IsoDate): Cents {
  let owed = 0;
  for (const part of schedule.parts) {
    if (day < part.startDate) continue;
    const index = lastDueIndex(part, day);
    owed += index < 0 ? part.principalCents : (part.rows[index]?.balanceCents ?? 0);
  }
  return owed;
}

/** The interest of the payments due from `from` to `to`, both included. */
export function interestBetween(schedule: LoanSchedule, from: IsoDate, to: IsoDate): Cents {
  let interest = 0;
  for (const part of schedule.parts) {
    for (const row of part.rows) {
      if (row.dueDate >= from && row.dueDate <= to) interest += row.interestCents;
    }
  }
  return interest;
}

/** The regular payments due from `from` to `to` (for booking one month's payment). */
export function paymentsBetween(schedule: LoanSchedule, from: IsoDate, to: IsoDate): Cents {
  let payment = 0;
  for (const part of schedule.parts) {
    for (const row of part.rows) {
      if (row.dueDate >= from && row.dueDate <= to) payment += row.paymentCents;
    }
  }
  return payment;
}

/** The day the loan was first borrowed (its earliest part's start), or null without parts. */
export function firstDayOf(record: LoanRecord): IsoDate | null {
  const starts = record.parts.map((part) => part.startDate).sort();
  return starts[0] ?? null;
}

/**
 * What a loan owes on `day` by its schedule, or nothing from the day it was closed (repaid in
 * full early, the house sold): a closed loan keeps its history and owes no more.
 */
export function owedOn(record: LoanRecord, schedule: LoanSchedule, day: IsoDate): Cents {
  const closedOn = record.loan.closedAt?.toISOString().slice(0, 10);
  if (closedOn && day >= closedOn) return 0;
  return balanceOn(schedule, day);
}

/**
 * Each loan's balance, the scope's part of it (the household: all; a member: their share, by
 * largest remainder like savings accounts), at the end of each month (`YYYY-MM`) — the current
 * month up to `day` — for net worth's history.
 */
export function debtHistory(
  records: readonly LoanRecord[],
  memberId: string | null,
  months: readonly string[],
  day: IsoDate,
): { id: string; name: string; ownHome: boolean; balances: Cents[] }[] {
  return records.map((record) => {
    const schedule = scheduleOf(record);
    return {
      id: record.loan.id,
      name: record.loan.name,
      ownHome: record.loan.ownHome,
      balances: months.map((month) => {
        const end = monthRange(month).to;
        return partOf(owedOn(record, schedule, end < day ? end : day), record.owner, memberId);
      }),
    };
  });
}
