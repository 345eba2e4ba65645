import { and, asc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db, Queryable } from "#server/db/client.ts";
import { transactions, transactionShares } from "#server/db/schema/money.ts";
import {
  savingsAccounts,
  savingsAccountShares,
  savingsGoalAccounts,
  savingsGoalContributions,
  savingsGoals,
} from "#server/db/schema/savings.ts";
import { checkMembers, fieldError } from "#server/features/transactions/entry-references.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { addMonths, monthRange, type IsoDate } from "#shared/dates.ts";
import { isUuid } from "#shared/ids.ts";
import { goalStatus } from "#shared/savings-math.ts";
import type { EmergencySuggestion, Goal, goalInputSchema } from "#shared/schemas/savings.schema.ts";
import type { z } from "zod";
import { scopeMemberId } from "./owners.ts";
import { balancesOn, ratesOn } from "./savings.service.ts";
import { inParallel } from "#server/db/parallel.ts";

type GoalRow = typeof savingsGoals.$inferSelect;
type GoalInput = z.output<typeof goalInputSchema>;

const notFound = () => new AppError("NOT_FOUND", "There is no such goal.");

async function goalOf(tx: Queryable, viewer: Viewer, id: string): Promise<GoalRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx
    .select()
    .from(savingsGoals)
    .where(and(eq(savingsGoals.id, id), eq(savingsGoals.householdId, viewer.householdId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * A goal's figures from the whole balances of the accounts it draws on (a goal is the
 * household's, decision 019): what is saved, the rate (weighted by balance), the monthly amount
 * needed by the target date, the pace (the plan, else the members' contributions, else what is
 * needed), the status and when the target is reached at that pace.
 */
function goalOut(
  row: GoalRow,
  accountIds: string[],
  contributions: { memberId: string; monthlyCents: number }[],
  accounts: Map<string, { balanceCents: number; rateBp: number }>,
  day: IsoDate,
): Goal {
  let saved = 0;
  let weighted = 0;
  let rateSum = 0;
  for (const id of accountIds) {
    const account = accounts.get(id);
    if (!account) continue;
    saved += account.balanceCents;
    weighted += Math.max(account.balanceCents, 0) * account.rateBp;
    rateSum += account.rateBp;
  }
  const rateBp =
    saved > 0
      ? Math.round(weighted / saved)
      : accountIds.length > 0
        ? Math.round(rateSum / accountIds.length)
        : 0;
  const contributed = contributions.reduce((sum, c) => sum + c.monthlyCents, 0);
  const planned = row.plannedMonthlyCents ?? (contributed > 0 ? contributed : null);
  const figures = goalStatus({
    startCents: Math.max(saved, 0),
    targetCents: row.targetCents,
    annualRateBp: rateBp,
    plannedMonthlyCents: planned,
    fromDate: day,
    targetDate: row.targetDate,
  });
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    targetCents: row.targetCents,
    targetDate: row.targetDate,
    accountIds,
    plannedMonthlyCents: row.plannedMonthlyCents,
    emergencyMonths: row.emergencyMonths,
    contributions,
    savedCents: saved,
    rateBp,
    months: figures.months,
    neededMonthlyCents: figures.neededMonthlyCents,
    paceMonthlyCents: figures.plannedMonthlyCents,
    status: figures.status,
    reachDate: figures.reachDate,
  };
}

/**
 * The household's goals with their figures. A member's scope lists the goals that member puts
 * money towards or that draw on an account they own a part of.
 */
export async function listGoals(
  db: Db,
  viewer: Viewer,
  query: { member?: string | undefined },
  day: IsoDate,
  ids?: string[],
): Promise<Goal[]> {
  const memberId = await scopeMemberId(db, viewer, query.member);
  const filters = [eq(savingsGoals.householdId, viewer.householdId)];
  if (ids) filters.push(inArray(savingsGoals.id, ids));
  const goals = await db
    .select()
    .from(savingsGoals)
    .where(and(...filters))
    .orderBy(asc(savingsGoals.targetDate), asc(savingsGoals.name), asc(savingsGoals.id));
  if (goals.length === 0) return [];
  const goalIds = goals.map((goal) => goal.id);
  const [links, contributions, balances, rates, memberAccounts] = await inParallel(db, [
    () => db.select().from(savingsGoalAccounts).where(inArray(savingsGoalAccounts.goalId, goalIds)),
    () =>
      db
        .select()
        .from(savingsGoalContributions)
        .where(inArray(savingsGoalContributions.goalId, goalIds))
        .orderBy(asc(savingsGoalContributions.memberId)),
    () => balancesOn(db, viewer.householdId, day, day),
    () => ratesOn(db, viewer.householdId, day),
    () =>
      memberId
        ? db
            .select({ accountId: savingsAccountShares.accountId })
            .from(savingsAccountShares)
            .where(eq(savingsAccountShares.memberId, memberId))
        : Promise.resolve([]),
  ]);
  const accounts = new Map(
    [...balances].map(([id, { balance }]) => [
      id,
      { balanceCents: balance, rateBp: rates.get(id) ?? 0 },
    ]),
  );
  for (const [id, rateBp] of rates) {
    if (!accounts.has(id)) accounts.set(id, { balanceCents: 0, rateBp });
  }
  const owned = new Set(memberAccounts.map((row) => row.accountId));
  return goals
    .map((goal) => {
      const accountIds = links.filter((l) => l.goalId === goal.id).map((l) => l.accountId);
      const mine = contributions
        .filter((c) => c.goalId === goal.id)
        .map((c) => ({ memberId: c.memberId, monthlyCents: c.monthlyCents }));
      return { goal, accountIds, mine };
    })
    .filter(
      ({ accountIds, mine }) =>
        memberId === null ||
        mine.some((c) => c.memberId === memberId && c.monthlyCents > 0) ||
        accountIds.some((id) => owned.has(id)),
    )
    .map(({ goal, accountIds, mine }) => goalOut(goal, accountIds, mine, accounts, day));
}

/** The accounts a goal names must all be the household's (any other: accountRequired). */
async function checkGoalInput(tx: Queryable, viewer: Viewer, input: GoalInput) {
  const ids = [...new Set(input.accountIds)];
  const found =
    ids.every(isUuid) && ids.length > 0
      ? await tx
          .select({ id: savingsAccounts.id })
          .from(savingsAccounts)
          .where(
            and(
              eq(savingsAccounts.householdId, viewer.householdId),
              inArray(savingsAccounts.id, ids),
            ),
          )
      : [];
  if (found.length !== ids.length) throw fieldError(viewer, "accountIds", "accountRequired");
  const fields: Record<string, string> = {};
  input.contributions.forEach(
    (c, index) => (fields[`contributions.${index}.memberId`] = c.memberId),
  );
  await checkMembers(tx, viewer, fields);
  return ids;
}

async function writeLinks(
  tx: Queryable,
  viewer: Viewer,
  goalId: string,
  accountIds: string[],
  input: GoalInput,
) {
  await tx.delete(savingsGoalAccounts).where(eq(savingsGoalAccounts.goalId, goalId));
  await tx.delete(savingsGoalContributions).where(eq(savingsGoalContributions.goalId, goalId));
  await tx
    .insert(savingsGoalAccounts)
    .values(
      accountIds.map((accountId) => ({ goalId, accountId, householdId: viewer.householdId })),
    );
  if (input.contributions.length > 0) {
    await tx.insert(savingsGoalContributions).values(
      input.contributions.map((c) => ({
        goalId,
        memberId: c.memberId,
        householdId: viewer.householdId,
        monthlyCents: c.monthlyCents,
      })),
    );
  }
}

export async function createGoal(db: Db, viewer: Viewer, input: GoalInput, day: IsoDate) {
  if (input.targetDate <= day) throw fieldError(viewer, "targetDate", "targetDateNotFuture");
  const id = await db.transaction(async (tx) => {
    const accountIds = await checkGoalInput(tx, viewer, input);
    const [goal] = await tx
      .insert(savingsGoals)
      .values({
        householdId: viewer.householdId,
        name: input.name,
        kind: input.kind,
        targetCents: input.targetCents,
        targetDate: input.targetDate,
        plannedMonthlyCents: input.plannedMonthlyCents,
        emergencyMonths: input.kind === "emergency" ? input.emergencyMonths : null,
      })
      .returning({ id: savingsGoals.id });
    if (!goal) throw new Error("goal insert returned nothing");
    await writeLinks(tx, viewer, goal.id, accountIds, input);
    return goal.id;
  });
  return oneGoal(db, viewer, id, day);
}

/** Replaces a goal's fields. A target date already past may stay, but a new one must lie ahead. */
export async function updateGoal(
  db: Db,
  viewer: Viewer,
  id: string,
  input: GoalInput,
  day: IsoDate,
) {
  await db.transaction(async (tx) => {
    const goal = await goalOf(tx, viewer, id);
    if (input.targetDate !== goal.targetDate && input.targetDate <= day) {
      throw fieldError(viewer, "targetDate", "targetDateNotFuture");
    }
    const accountIds = await checkGoalInput(tx, viewer, input);
    await tx
      .update(savingsGoals)
      .set({
        name: input.name,
        kind: input.kind,
        targetCents: input.targetCents,
        targetDate: input.targetDate,
        plannedMonthlyCents: input.plannedMonthlyCents,
        emergencyMonths: input.kind === "emergency" ? input.emergencyMonths : null,
        updatedAt: new Date(),
      })
      .where(eq(savingsGoals.id, goal.id));
    await writeLinks(tx, viewer, goal.id, accountIds, input);
  });
  return oneGoal(db, viewer, id, day);
}

async function oneGoal(db: Db, viewer: Viewer, id: string, day: IsoDate) {
  const [goal] = await listGoals(db, viewer, {}, day, [id]);
  if (!goal) throw notFound();
  return goal;
}

export async function deleteGoal(db: Db, viewer: Viewer, id: string) {
  const goal = await goalOf(db, viewer, id);
  await db.delete(savingsGoals).where(eq(savingsGoals.id, goal.id));
}

/**
 * The scope's average monthly spending over the last 12 whole months (the household: every
 * expense; a member: their shares), counting only months that have spending (a household that
 * began recording lately), and what 3 and 6 months of it are: an emergency fund's
 * target. Money put aside is a savings movement, never an expense, so it is not in here.
 */
export async function emergencySuggestion(
  db: Db,
  viewer: Viewer,
  query: { member?: string | undefined },
  day: IsoDate,
): Promise<EmergencySuggestion> {
  const memberId = await scopeMemberId(db, viewer, query.member);
  const thisMonth = day.slice(0, 7);
  const from = monthRange(addMonths(thisMonth, -12)).from;
  const to = monthRange(addMonths(thisMonth, -1)).to;
  const inPeriod = and(
    eq(transactions.householdId, viewer.householdId),
    eq(transactions.kind, "expense"),
    isNull(transactions.deletedAt),
    gte(transactions.occurredOn, from),
    lte(transactions.occurredOn, to),
  );
  const monthOf = sql<string>`to_char(${transactions.occurredOn}, 'YYYY-MM')`;
  const months = sql<number>`count(distinct ${monthOf})::int`;
  const [row] = memberId
    ? await db
        .select({ cents: sql<string>`coalesce(sum(${transactionShares.amountCents}), 0)`, months })
        .from(transactions)
        .innerJoin(transactionShares, eq(transactionShares.transactionId, transactions.id))
        .where(and(inPeriod, eq(transactionShares.memberId, memberId)))
    : await db
        .select({ cents: sql<string>`coalesce(sum(${transactions.amountCents}), 0)`, months })
        .from(transactions)
        .where(inPeriod);
  // A household that began recording three months ago has three months to average, not 12.
  const counted = Math.max(Number(row?.months ?? 0), 1);
  const average = Math.round(Number(row?.cents ?? 0) / counted);
  return {
    averageMonthlyCents: average,
    months: counted,
    lowCents: average * 3,
    highCents: average * 6,
  };
}
