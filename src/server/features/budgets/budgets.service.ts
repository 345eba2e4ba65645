import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Db, Queryable } from "#server/db/client.ts";
import { members } from "#server/db/schema/households.ts";
import { budgets, categories } from "#server/db/schema/money.ts";
import { memberOfHousehold } from "#server/features/recurring/recurring.service.ts";
import { checkCategory, checkMembers } from "#server/features/transactions/entry-references.ts";
import { periodTotals } from "#server/features/transactions/period-totals.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { addMonths, monthRange } from "#shared/dates.ts";
import type { Budget, BudgetState, RolloverMode } from "#shared/schemas/budgets.schema.ts";
import { isUuid } from "#shared/ids.ts";

const firstDay = (month: string) => `${month}-01`;

/** The household's aggregate member row: the household's own budgets are on it. */
export async function aggregateMember(tx: Queryable, householdId: string) {
  const [row] = await tx
    .select()
    .from(members)
    .where(and(eq(members.householdId, householdId), eq(members.isHousehold, true)))
    .limit(1);
  if (!row) throw new AppError("INTERNAL", "The household has no aggregate member row.");
  return row;
}

/** The member whose budgets a query means: a member id of the household (404 if not), or the household. */
async function scopeMember(tx: Queryable, viewer: Viewer, member: string | undefined) {
  if (!member) return aggregateMember(tx, viewer.householdId);
  return memberOfHousehold(tx, viewer, member);
}

/** The member a budget is set for: null = the household; else an active person (memberUnknown). */
async function budgetMember(tx: Queryable, viewer: Viewer, memberId: string | null) {
  const aggregate = await aggregateMember(tx, viewer.householdId);
  // The aggregate row's own id (what the scope picker may hold) also means the household.
  if (!memberId || memberId === aggregate.id) return aggregate;
  await checkMembers(tx, viewer, { memberId });
  return memberOfHousehold(tx, viewer, memberId);
}

type MemberRow = typeof members.$inferSelect;
type BudgetRow = typeof budgets.$inferSelect;

/** progress in basis points and the state, from what is available and what was spent. */
export function budgetProgress(
  availableCents: number,
  spentCents: number,
): { progressBp: number | null; state: BudgetState } {
  const progressBp =
    availableCents > 0 ? Number((BigInt(spentCents) * 10_000n) / BigInt(availableCents)) : null;
  const state: BudgetState =
    spentCents > availableCents
      ? "over"
      : progressBp !== null && progressBp >= 8000
        ? "warning"
        : "ok";
  return { progressBp, state };
}

/**
 * The budgets of one month for the household (the aggregate row) or one member, with what was
 * spent (the household: the entries' amounts; a member: their shares), what roll-over carried
 * in, and the progress. Three queries whatever the number of budgets: the month's budgets, the
 * earlier budgets of the same categories (for the roll-over chains), and one grouped sum of
 * spending per category and month.
 */
export async function budgetsOfMonth(
  tx: Queryable,
  householdId: string,
  member: MemberRow,
  month: string,
): Promise<Budget[]> {
  const rows = await tx
    .select({ budget: budgets })
    .from(budgets)
    .innerJoin(categories, eq(categories.id, budgets.categoryId))
    .where(
      and(
        eq(budgets.householdId, householdId),
        eq(budgets.memberId, member.id),
        eq(budgets.month, firstDay(month)),
      ),
    )
    .orderBy(asc(categories.name), asc(budgets.id));
  if (rows.length === 0) return [];
  const categoryIds = [...new Set(rows.map((row) => row.budget.categoryId))];

  const earlier = await tx
    .select()
    .from(budgets)
    .where(
      and(
        eq(budgets.householdId, householdId),
        eq(budgets.memberId, member.id),
        inArray(budgets.categoryId, categoryIds),
        lt(budgets.month, firstDay(month)),
      ),
    );
  const byKey = new Map<string, BudgetRow>();
  for (const row of earlier) byKey.set(`${row.categoryId}|${row.month.slice(0, 7)}`, row);

  // Each chain: the consecutive months before this one whose budget rolls over.
  const chains = new Map<string, BudgetRow[]>();
  let from = month;
  for (const categoryId of categoryIds) {
    const chain: BudgetRow[] = [];
    for (
      let prev = addMonths(month, -1), row = byKey.get(`${categoryId}|${prev}`);
      row && row.rollover !== "none";
      prev = addMonths(prev, -1), row = byKey.get(`${categoryId}|${prev}`)
    ) {
      chain.unshift(row);
      if (prev < from) from = prev;
    }
    chains.set(categoryId, chain);
  }

  const spentRows = await periodTotals(
    tx,
    householdId,
    member.isHousehold ? "household" : { member: member.id },
    { from: firstDay(from), to: monthRange(month).to },
    { kind: "expense", categoryIds },
  );
  const spent = new Map<string, number>();
  for (const row of spentRows) {
    const key = `${row.categoryId}|${row.month}`;
    spent.set(key, (spent.get(key) ?? 0) + row.totalCents);
  }

  return rows.map(({ budget }) => {
    let carriedCents = 0;
    for (const row of chains.get(budget.categoryId) ?? []) {
      const left =
        row.amountCents +
        carriedCents -
        (spent.get(`${row.categoryId}|${row.month.slice(0, 7)}`) ?? 0);
      carriedCents = row.rollover === "surplus" ? Math.max(0, left) : left;
    }
    const availableCents = budget.amountCents + carriedCents;
    const spentCents = spent.get(`${budget.categoryId}|${month}`) ?? 0;
    return {
      id: budget.id,
      categoryId: budget.categoryId,
      memberId: member.isHousehold ? null : member.id,
      month,
      amountCents: budget.amountCents,
      rollover: budget.rollover,
      carriedCents,
      availableCents,
      spentCents,
      ...budgetProgress(availableCents, spentCents),
    };
  });
}

export async function listBudgets(
  db: Db,
  viewer: Viewer,
  query: { month: string; member?: string | undefined },
) {
  const member = await scopeMember(db, viewer, query.member);
  return budgetsOfMonth(db, viewer.householdId, member, query.month);
}

/** Creates or replaces the budget of a category, member and month (expense categories only). */
export async function setBudget(
  db: Db,
  viewer: Viewer,
  input: {
    categoryId: string;
    memberId: string | null;
    month: string;
    amountCents: number;
    rollover: RolloverMode;
  },
): Promise<Budget> {
  return db.transaction(async (tx) => {
    await checkCategory(tx, viewer, input.categoryId, "expense");
    const member = await budgetMember(tx, viewer, input.memberId);
    const [saved] = await tx
      .insert(budgets)
      .values({
        householdId: viewer.householdId,
        categoryId: input.categoryId,
        memberId: member.id,
        month: firstDay(input.month),
        amountCents: input.amountCents,
        rollover: input.rollover,
      })
      .onConflictDoUpdate({
        target: [budgets.householdId, budgets.categoryId, budgets.memberId, budgets.month],
        set: { amountCents: input.amountCents, rollover: input.rollover, updatedAt: new Date() },
      })
      .returning({ id: budgets.id });
    const all = await budgetsOfMonth(tx, viewer.householdId, member, input.month);
    const budget = all.find((candidate) => candidate.id === saved?.id);
    if (!budget) throw new AppError("INTERNAL", "The budget could not be read back.");
    return budget;
  });
}

export async function deleteBudget(db: Db, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "There is no such budget.");
  const deleted = await db
    .delete(budgets)
    .where(and(eq(budgets.id, id), eq(budgets.householdId, viewer.householdId)))
    .returning({ id: budgets.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "There is no such budget.");
}

/** Copies one month's budgets (of the household or a member) to another, never overwriting. */
export async function copyBudgets(
  db: Db,
  viewer: Viewer,
  input: { fromMonth: string; toMonth: string; memberId: string | null },
): Promise<{ copied: number }> {
  return db.transaction(async (tx) => {
    const member = await budgetMember(tx, viewer, input.memberId);
    if (input.fromMonth === input.toMonth) return { copied: 0 };
    const source = await tx
      .select()
      .from(budgets)
      .where(
        and(
          eq(budgets.householdId, viewer.householdId),
          eq(budgets.memberId, member.id),
          eq(budgets.month, firstDay(input.fromMonth)),
        ),
      );
    if (source.length === 0) return { copied: 0 };
    const copied = await tx
      .insert(budgets)
      .values(
        source.map((row) => ({
          householdId: row.householdId,
          categoryId: row.categoryId,
          memberId: row.memberId,
          month: firstDay(input.toMonth),
          amountCents: row.amountCents,
          rollover: row.rollover,
        })),
      )
      .onConflictDoNothing({
        target: [budgets.householdId, budgets.categoryId, budgets.memberId, budgets.month],
      })
      .returning({ id: budgets.id });
    return { copied: copied.length };
  });
}

/**
 * Income and spending of a period per category: the household sums the entries' amounts, a
 * member sums their shares. Settlements are left out. Read from the monthly roll-ups and the
 * entries of months the period covers in part (periodTotals).
 */
export async function totals(
  db: Db,
  viewer: Viewer,
  query: { from: string; to: string; member?: string | undefined },
) {
  const member = query.member ? await memberOfHousehold(db, viewer, query.member) : null;
  const scoped = member && !member.isHousehold ? member.id : null;
  const totalsRows = await periodTotals(
    db,
    viewer.householdId,
    scoped ? { member: scoped } : "household",
    query,
  );
  const grouped = new Map<
    string,
    { categoryId: string | null; kind: "income" | "expense"; cents: number; count: number }
  >();
  for (const row of totalsRows) {
    const key = `${row.kind}|${row.categoryId ?? ""}`;
    const sum = grouped.get(key) ?? {
      categoryId: row.categoryId,
      kind: row.kind,
      cents: 0,
      count: 0,
    };
    sum.cents += row.totalCents;
    sum.count += row.entries;
    grouped.set(key, sum);
  }
  const rows = [...grouped.values()];
  const byCategory = rows
    .filter((row) => row.categoryId !== null)
    .map((row) => ({
      categoryId: row.categoryId ?? "",
      kind: row.kind,
      totalCents: Number(row.cents),
      count: Number(row.count),
    }))
    .sort(
      (a, b) =>
        a.kind.localeCompare(b.kind) ||
        b.totalCents - a.totalCents ||
        a.categoryId.localeCompare(b.categoryId),
    );
  const sum = (kind: "income" | "expense") =>
    byCategory.filter((row) => row.kind === kind).reduce((total, row) => total + row.totalCents, 0);
  return { incomeCents: sum("income"), expenseCents: sum("expense"), byCategory };
}
