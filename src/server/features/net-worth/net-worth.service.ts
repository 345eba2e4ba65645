import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { savingsMovements } from "#server/db/schema/savings.ts";
import {
  firstTradeDay,
  investmentsHistory,
  monthsUpTo,
} from "#server/features/investments/investments.service.ts";
import { debtHistory, firstDayOf, loadLoans } from "#server/features/loans/loan-figures.ts";
import { scopeMemberId } from "#server/features/savings/owners.ts";
import { savingsHistory } from "#server/features/savings/savings.service.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type { IsoDate } from "#shared/dates.ts";
import type { NetWorth, NetWorthParts } from "#shared/schemas/investments.schema.ts";
import { inParallel } from "#server/db/parallel.ts";

/** How far back net worth goes at most: twenty years of months. */
const maxMonths = 240;

/** Net worth's parts from what each area owns and owes: savings + investments − debts. */
function parts(savingsCents: number, investmentsCents: number, debtsCents = 0): NetWorthParts {
  return {
    savingsCents,
    investmentsCents,
    debtsCents,
    netWorthCents: savingsCents + investmentsCents - debtsCents,
  };
}

/** The number of months from `first`'s month to `day`'s, both included. */
function monthsSince(first: IsoDate, day: IsoDate): number {
  const [fy, fm] = first.split("-").map(Number);
  const [dy, dm] = day.split("-").map(Number);
  return ((dy ?? 0) - (fy ?? 0)) * 12 + ((dm ?? 0) - (fm ?? 0)) + 1;
}

/**
 * The scope's net worth today and at every month's end since its first record (the current
 * month up to today), each from the areas' own figures: the savings accounts' balances, the
 * portfolios' values and — when `debts` (the household's plan opens loans) — the loans' balances
 * by their schedules, the scope's part of each. The histories run up to today, so today's net
 * worth is their last month: the same sums the savings, investments and loans pages show (their
 * tests hold them equal), without working everything out twice. The first record is the first
 * savings movement, trade or (with debts) day a loan was borrowed; none up to today: nothing
 * owned or owed.
 */
export async function netWorth(
  db: Db,
  viewer: Viewer,
  query: { member?: string | undefined },
  day: IsoDate,
  options: { debts: boolean },
): Promise<NetWorth> {
  const memberId = await scopeMemberId(db, viewer, query.member);
  const [firstMovement, firstTrade, loans] = await inParallel(db, [
    () =>
      db
        .select({ first: sql<string | null>`min(${savingsMovements.occurredOn})` })
        .from(savingsMovements)
        .where(eq(savingsMovements.householdId, viewer.householdId)),
    () => firstTradeDay(db, viewer.householdId),
    () => (options.debts ? loadLoans(db, viewer.householdId) : Promise.resolve([])),
  ]);
  const firsts = [firstMovement[0]?.first, firstTrade, ...loans.map(firstDayOf)]
    .filter((value): value is string => typeof value === "string" && value !== "")
    .map((value) => value.slice(0, 10))
    .filter((value) => value <= day)
    .sort();
  const debtsLocked = !options.debts;
  const first = firsts[0];
  if (!first) return { today: parts(0, 0), months: [], debtsLocked };
  const count = Math.min(maxMonths, Math.max(1, monthsSince(first, day)));
  const months = monthsUpTo(day, count);
  const [saved, invested] = await inParallel(db, [
    () => savingsHistory(db, viewer, { ...query, months: count }, day),
    () => investmentsHistory(db, viewer, memberId, months, day),
  ]);
  const owed = debtHistory(loans, memberId, months, day);
  const rows = months.map((month, index) => ({
    month,
    ...parts(
      saved.accounts.reduce((sum, account) => sum + (account.balances[index] ?? 0), 0),
      invested.portfolios.reduce((sum, portfolio) => sum + (portfolio.values[index] ?? 0), 0),
      owed.reduce((sum, loan) => sum + (loan.balances[index] ?? 0), 0),
    ),
  }));
  const { month: _month, ...today } = rows.at(-1) ?? { month: "", ...parts(0, 0) };
  return { today, months: rows, debtsLocked };
}
