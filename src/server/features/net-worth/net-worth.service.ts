import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { savingsMovements } from "#server/db/schema/savings.ts";
import {
  firstTradeDay,
  investmentsHistory,
  monthsUpTo,
} from "#server/features/investments/investments.service.ts";
import { scopeMemberId } from "#server/features/savings/owners.ts";
import { savingsHistory } from "#server/features/savings/savings.service.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type { IsoDate } from "#shared/dates.ts";
import type { NetWorth, NetWorthParts } from "#shared/schemas/investments.schema.ts";

/** How far back net worth goes at most: twenty years of months. */
const maxMonths = 240;

/**
 * Net worth's parts from what each area owns and owes. Debts are 0 until the loans area adds
 * its part here: a new part changes the sum, not the shape (decision 020).
 */
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
 * month up to today), each from the areas' own figures: the savings accounts' balances and the
 * portfolios' values, the scope's part of each. The histories run up to today, so today's net
 * worth is their last month: the same sums the savings and investments pages show (their tests
 * hold them equal), without working everything out twice. No record up to today: nothing owned.
 */
export async function netWorth(
  db: Db,
  viewer: Viewer,
  query: { member?: string | undefined },
  day: IsoDate,
): Promise<NetWorth> {
  const memberId = await scopeMemberId(db, viewer, query.member);
  const [firstMovement, firstTrade] = await Promise.all([
    db
      .select({ first: sql<string | null>`min(${savingsMovements.occurredOn})` })
      .from(savingsMovements)
      .where(eq(savingsMovements.householdId, viewer.householdId)),
    firstTradeDay(db, viewer.householdId),
  ]);
  const firsts = [firstMovement[0]?.first, firstTrade]
    .filter((value): value is string => typeof value === "string" && value !== "")
    .map((value) => value.slice(0, 10))
    .filter((value) => value <= day)
    .sort();
  const first = firsts[0];
  if (!first) return { today: parts(0, 0), months: [] };
  const count = Math.min(maxMonths, Math.max(1, monthsSince(first, day)));
  const months = monthsUpTo(day, count);
  const [saved, invested] = await Promise.all([
    savingsHistory(db, viewer, { ...query, months: count }, day),
    investmentsHistory(db, viewer, memberId, months, day),
  ]);
  const rows = months.map((month, index) => ({
    month,
    ...parts(
      saved.accounts.reduce((sum, account) => sum + (account.balances[index] ?? 0), 0),
      invested.portfolios.reduce((sum, portfolio) => sum + (portfolio.values[index] ?? 0), 0),
    ),
  }));
  const { month: _month, ...today } = rows.at(-1) ?? { month: "", ...parts(0, 0) };
  return { today, months: rows };
}
