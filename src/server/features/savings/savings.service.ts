import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, Queryable } from "#server/db/client.ts";
import {
  savingsAccounts,
  savingsAccountShares,
  savingsMovements,
  savingsRates,
  savingsStatements,
} from "#server/db/schema/savings.ts";
import { aggregateMember } from "#server/features/budgets/budgets.service.ts";
import { checkMembers, fieldError } from "#server/features/transactions/entry-references.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { addMonths, monthRange, type IsoDate } from "#shared/dates.ts";
import { isUuid } from "#shared/ids.ts";
import type {
  addMovementSchema,
  addRateSchema,
  addStatementSchema,
  createAccountSchema,
  updateAccountSchema,
} from "#shared/schemas/savings.schema.ts";
import {
  type AccountDetail,
  type AccountList,
  type AccountSummary,
  type SavingsHistory,
} from "#shared/schemas/savings.schema.ts";
import type { z } from "zod";
import { membersParts, ownerShares, partOf, scopeMemberId, type Owner } from "./owners.ts";
import { inParallel } from "#server/db/parallel.ts";

type AccountRow = typeof savingsAccounts.$inferSelect;
type StatementRow = typeof savingsStatements.$inferSelect;

const notFound = () => new AppError("NOT_FOUND", "There is no such savings account.");

/** An account of the viewer's household (another household's, or none: 404). */
async function accountOf(tx: Queryable, viewer: Viewer, id: string): Promise<AccountRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx
    .select()
    .from(savingsAccounts)
    .where(and(eq(savingsAccounts.id, id), eq(savingsAccounts.householdId, viewer.householdId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The owners of some accounts of the household, by account id. */
async function ownersOf(tx: Queryable, accounts: readonly AccountRow[]) {
  const owners = new Map<string, Owner>();
  for (const account of accounts) owners.set(account.id, { kind: account.ownerKind, shares: [] });
  if (accounts.length === 0) return owners;
  const rows = await tx
    .select()
    .from(savingsAccountShares)
    .where(
      inArray(
        savingsAccountShares.accountId,
        accounts.map((account) => account.id),
      ),
    )
    .orderBy(desc(savingsAccountShares.percentBp), asc(savingsAccountShares.memberId));
  for (const row of rows) {
    owners.get(row.accountId)?.shares.push({ memberId: row.memberId, percentBp: row.percentBp });
  }
  return owners;
}

/**
 * Per account of the household: the balance on `day` (every movement up to and including it)
 * and the interest booked from `yearStart` to `day`. One grouped query.
 */
export async function balancesOn(
  tx: Queryable,
  householdId: string,
  day: IsoDate,
  yearStart: IsoDate,
) {
  const rows = await tx
    .select({
      accountId: savingsMovements.accountId,
      balance: sql<string>`coalesce(sum(${savingsMovements.amountCents}), 0)`,
      interest: sql<string>`coalesce(sum(${savingsMovements.amountCents}) filter (where ${savingsMovements.kind} = 'interest' and ${savingsMovements.occurredOn} >= ${yearStart}), 0)`,
    })
    .from(savingsMovements)
    .where(
      and(eq(savingsMovements.householdId, householdId), lte(savingsMovements.occurredOn, day)),
    )
    .groupBy(savingsMovements.accountId);
  return new Map(
    rows.map((row) => [
      row.accountId,
      { balance: Number(row.balance), interest: Number(row.interest) },
    ]),
  );
}

/** Per account of the household: the rate in force on `day` (the newest that started by then). */
export async function ratesOn(tx: Queryable, householdId: string, day: IsoDate) {
  const rows = await tx
    .selectDistinctOn([savingsRates.accountId], {
      accountId: savingsRates.accountId,
      rateBp: savingsRates.rateBp,
    })
    .from(savingsRates)
    .where(and(eq(savingsRates.householdId, householdId), lte(savingsRates.startsOn, day)))
    .orderBy(savingsRates.accountId, desc(savingsRates.startsOn));
  return new Map(rows.map((row) => [row.accountId, row.rateBp]));
}

/**
 * Statements of some accounts with what Hearth computed for their day: each statement joined
 * with the sum of its account's movements up to and including that day.
 */
async function statementsWithComputed(
  tx: Queryable,
  householdId: string,
  where: { accountId?: string; newestOnly?: boolean },
) {
  // The outer table named in full: drizzle writes a single-table select's columns bare, and a
  // bare "account_id" inside the subquery would be the movement's own.
  const computed = sql<string>`coalesce((select sum(m.amount_cents) from ${savingsMovements} m where m.account_id = "savings_statements"."account_id" and m.occurred_on <= "savings_statements"."stated_on"), 0)`;
  const filters = [eq(savingsStatements.householdId, householdId)];
  if (where.accountId) filters.push(eq(savingsStatements.accountId, where.accountId));
  const query = where.newestOnly
    ? tx
        .selectDistinctOn([savingsStatements.accountId], {
          statement: savingsStatements,
          computed,
        })
        .from(savingsStatements)
        .where(and(...filters))
        .orderBy(savingsStatements.accountId, desc(savingsStatements.statedOn))
    : tx
        .select({ statement: savingsStatements, computed })
        .from(savingsStatements)
        .where(and(...filters))
        .orderBy(desc(savingsStatements.statedOn));
  const rows = await query;
  return rows.map((row) => statementOut(row.statement, Number(row.computed)));
}

function statementOut(row: StatementRow, computedCents: number) {
  return {
    id: row.id,
    accountId: row.accountId,
    statedOn: row.statedOn,
    balanceCents: row.balanceCents,
    computedCents,
    differenceCents: row.balanceCents - computedCents,
  };
}

/** The scope's view of every account of the household, today. */
async function summaries(
  tx: Queryable,
  viewer: Viewer,
  memberId: string | null,
  day: IsoDate,
  accountIds?: string[],
) {
  const filters = [eq(savingsAccounts.householdId, viewer.householdId)];
  if (accountIds) filters.push(inArray(savingsAccounts.id, accountIds));
  const accounts = await tx
    .select()
    .from(savingsAccounts)
    .where(and(...filters))
    .orderBy(asc(savingsAccounts.name), asc(savingsAccounts.id));
  const [owners, balances, rates, statements] = await inParallel(tx, [
    () => ownersOf(tx, accounts),
    () => balancesOn(tx, viewer.householdId, day, `${day.slice(0, 4)}-01-01`),
    () => ratesOn(tx, viewer.householdId, day),
    () => statementsWithComputed(tx, viewer.householdId, { newestOnly: true }),
  ]);
  const lastStatement = new Map(statements.map((statement) => [statement.accountId, statement]));
  return accounts
    .map((account) => {
      const owner = owners.get(account.id) ?? { kind: account.ownerKind, shares: [] };
      const balance = balances.get(account.id) ?? { balance: 0, interest: 0 };
      const statement = lastStatement.get(account.id);
      const summary: AccountSummary = {
        id: account.id,
        name: account.name,
        institution: account.institution,
        kind: account.kind,
        owner,
        closed: account.closedAt !== null,
        rateBp: rates.get(account.id) ?? 0,
        balanceCents: balance.balance,
        scopeBalanceCents: partOf(balance.balance, owner, memberId),
        interestThisYearCents: partOf(balance.interest, owner, memberId),
        lastStatement: statement
          ? {
              id: statement.id,
              statedOn: statement.statedOn,
              balanceCents: statement.balanceCents,
              computedCents: statement.computedCents,
              differenceCents: statement.differenceCents,
            }
          : null,
      };
      return summary;
    })
    .filter(
      (summary) => memberId === null || summary.owner.shares.some((s) => s.memberId === memberId),
    );
}

/**
 * The accounts of the scope (the household: all of them; a member: those they own a part of)
 * with their balances today, the scope's total and interest this year, and for the household
 * each member's part and what the household owns as a whole.
 */
export async function listAccounts(
  db: Db,
  viewer: Viewer,
  query: { member?: string | undefined },
  day: IsoDate,
): Promise<AccountList> {
  const memberId = await scopeMemberId(db, viewer, query.member);
  const accounts = await summaries(db, viewer, memberId, day);
  const parts =
    memberId === null
      ? await membersParts(
          db,
          viewer.householdId,
          accounts.map((account) => ({ cents: account.balanceCents, owner: account.owner })),
        )
      : { perMember: [], householdOwnedCents: 0 };
  return {
    accounts,
    totalCents: accounts.reduce((sum, account) => sum + account.scopeBalanceCents, 0),
    interestThisYearCents: accounts.reduce((sum, a) => sum + a.interestThisYearCents, 0),
    ...parts,
  };
}

/** One account with its rates, movements (newest first, with the balance after each) and statements. */
export async function accountDetail(
  tx: Queryable,
  viewer: Viewer,
  id: string,
  query: { member?: string | undefined },
  day: IsoDate,
): Promise<AccountDetail> {
  const account = await accountOf(tx, viewer, id);
  const memberId = await scopeMemberId(tx, viewer, query.member);
  const [summary] = await summaries(tx, viewer, null, day, [account.id]);
  if (!summary) throw notFound();
  const [rates, movements, statements] = await inParallel(tx, [
    () =>
      tx
        .select({
          id: savingsRates.id,
          startsOn: savingsRates.startsOn,
          rateBp: savingsRates.rateBp,
        })
        .from(savingsRates)
        .where(eq(savingsRates.accountId, account.id))
        .orderBy(desc(savingsRates.startsOn)),
    () =>
      tx
        .select({
          id: savingsMovements.id,
          kind: savingsMovements.kind,
          amountCents: savingsMovements.amountCents,
          occurredOn: savingsMovements.occurredOn,
          note: savingsMovements.note,
          sourceMemberId: savingsMovements.sourceMemberId,
          balance: sql<string>`sum(${savingsMovements.amountCents}) over (order by ${savingsMovements.occurredOn}, ${savingsMovements.createdAt}, ${savingsMovements.id})`,
        })
        .from(savingsMovements)
        .where(eq(savingsMovements.accountId, account.id))
        .orderBy(
          desc(savingsMovements.occurredOn),
          desc(savingsMovements.createdAt),
          desc(savingsMovements.id),
        )
        .limit(1000),
    () => statementsWithComputed(tx, viewer.householdId, { accountId: account.id }),
  ]);
  return {
    ...summary,
    scopeBalanceCents: partOf(summary.balanceCents, summary.owner, memberId),
    interestThisYearCents: partOf(summary.interestThisYearCents, summary.owner, memberId),
    rates,
    movements: movements.map(({ balance, ...movement }) => ({
      ...movement,
      balanceCents: Number(balance),
    })),
    statements: statements.map(({ accountId: _accountId, ...statement }) => statement),
  };
}

async function writeShares(
  tx: Queryable,
  viewer: Viewer,
  accountId: string,
  shares: { memberId: string; percentBp: number }[],
) {
  await tx.delete(savingsAccountShares).where(eq(savingsAccountShares.accountId, accountId));
  if (shares.length === 0) return;
  await tx.insert(savingsAccountShares).values(
    shares.map((share) => ({
      accountId,
      householdId: viewer.householdId,
      memberId: share.memberId,
      percentBp: share.percentBp,
    })),
  );
}

/** Opens an account with its first rate and, when it holds money already, an opening deposit. */
export async function createAccount(
  db: Db,
  viewer: Viewer,
  input: z.output<typeof createAccountSchema>,
  day: IsoDate,
): Promise<AccountDetail> {
  const id = await db.transaction(async (tx) => {
    const shares = await ownerShares(tx, viewer, input);
    const [account] = await tx
      .insert(savingsAccounts)
      .values({
        householdId: viewer.householdId,
        name: input.name,
        institution: input.institution,
        kind: input.kind,
        ownerKind: input.ownerKind,
      })
      .returning({ id: savingsAccounts.id });
    if (!account) throw new Error("account insert returned nothing");
    await writeShares(tx, viewer, account.id, shares);
    await tx.insert(savingsRates).values({
      accountId: account.id,
      householdId: viewer.householdId,
      startsOn: input.openedOn,
      rateBp: input.rateBp,
    });
    if (input.openingBalanceCents > 0) {
      await tx.insert(savingsMovements).values({
        accountId: account.id,
        householdId: viewer.householdId,
        kind: "deposit",
        amountCents: input.openingBalanceCents,
        occurredOn: input.openedOn,
        note: null,
        createdByMemberId: viewer.memberId,
      });
    }
    return account.id;
  });
  return accountDetail(db, viewer, id, {}, day);
}

/** Renames, re-owns, closes or reopens an account. Its history stays as it is. */
export async function updateAccount(
  db: Db,
  viewer: Viewer,
  id: string,
  input: z.output<typeof updateAccountSchema>,
  day: IsoDate,
): Promise<AccountDetail> {
  await db.transaction(async (tx) => {
    const account = await accountOf(tx, viewer, id);
    const current = await ownersOf(tx, [account]);
    // People who own a part already may stay although they left the household since.
    const known = current.get(account.id)?.shares.map((share) => share.memberId) ?? [];
    const shares = await ownerShares(tx, viewer, input, known);
    await tx
      .update(savingsAccounts)
      .set({
        name: input.name,
        institution: input.institution,
        kind: input.kind,
        ownerKind: input.ownerKind,
        closedAt: input.closed ? (account.closedAt ?? new Date()) : null,
        updatedAt: new Date(),
      })
      .where(eq(savingsAccounts.id, account.id));
    await writeShares(tx, viewer, account.id, shares);
  });
  return accountDetail(db, viewer, id, {}, day);
}

/** Deletes an account with its whole history (the client asks first). */
export async function deleteAccount(db: Db, viewer: Viewer, id: string) {
  const account = await accountOf(db, viewer, id);
  await db.delete(savingsAccounts).where(eq(savingsAccounts.id, account.id));
}

/** A rate from a date on; a second rate on the same date replaces the first. */
export async function addRate(
  db: Db,
  viewer: Viewer,
  accountId: string,
  input: z.output<typeof addRateSchema>,
) {
  const account = await accountOf(db, viewer, accountId);
  const [row] = await db
    .insert(savingsRates)
    .values({
      accountId: account.id,
      householdId: viewer.householdId,
      startsOn: input.startsOn,
      rateBp: input.rateBp,
    })
    .onConflictDoUpdate({
      target: [savingsRates.accountId, savingsRates.startsOn],
      set: { rateBp: input.rateBp },
    })
    .returning({
      id: savingsRates.id,
      startsOn: savingsRates.startsOn,
      rateBp: savingsRates.rateBp,
    });
  if (!row) throw new Error("rate insert returned nothing");
  return row;
}

export async function deleteRate(db: Db, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "There is no such rate.");
  const deleted = await db
    .delete(savingsRates)
    .where(and(eq(savingsRates.id, id), eq(savingsRates.householdId, viewer.householdId)))
    .returning({ id: savingsRates.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "There is no such rate.");
}

/**
 * The lowest balance the account has on `day` or any later day it moves: what a withdrawal on
 * `day` may take at most without leaving the account below zero.
 */
async function lowestBalanceFrom(tx: Queryable, accountId: string, day: IsoDate) {
  const rows = await tx
    .select({
      day: savingsMovements.occurredOn,
      cents: sql<string>`sum(${savingsMovements.amountCents})`,
    })
    .from(savingsMovements)
    .where(eq(savingsMovements.accountId, accountId))
    .groupBy(savingsMovements.occurredOn)
    .orderBy(asc(savingsMovements.occurredOn));
  let running = 0;
  let atDay = 0;
  let lowest: number | null = null;
  for (const row of rows) {
    running += Number(row.cents);
    if (row.day <= day) atDay = running;
    else lowest = lowest === null ? running : Math.min(lowest, running);
  }
  return lowest === null ? atDay : Math.min(atDay, lowest);
}

/**
 * Books a deposit, withdrawal or interest (the amount is positive; a withdrawal takes it out).
 * A withdrawal may not take the balance below zero on its day or later; a deposit says whose
 * money it was (a member, or the household's joint money: the aggregate row).
 */
export async function addMovement(
  db: Db,
  viewer: Viewer,
  accountId: string,
  input: z.output<typeof addMovementSchema>,
) {
  return db.transaction(async (tx) => {
    const account = await accountOf(tx, viewer, accountId);
    // One booking at a time per account, so two withdrawals cannot both pass the check.
    await tx.execute(sql`select id from ${savingsAccounts} where id = ${account.id} for update`);
    if (account.closedAt) throw fieldError(viewer, "accountId", "accountClosed");
    let sourceMemberId: string | null = null;
    if (input.kind === "deposit") {
      const aggregate = await aggregateMember(tx, viewer.householdId);
      if (input.sourceMemberId && input.sourceMemberId !== aggregate.id) {
        await checkMembers(tx, viewer, { sourceMemberId: input.sourceMemberId });
        sourceMemberId = input.sourceMemberId;
      } else {
        sourceMemberId = aggregate.id;
      }
    }
    if (input.kind === "withdrawal") {
      const available = await lowestBalanceFrom(tx, account.id, input.occurredOn);
      if (input.amountCents > available) {
        throw fieldError(viewer, "amountCents", "withdrawalTooLarge");
      }
    }
    const [row] = await tx
      .insert(savingsMovements)
      .values({
        accountId: account.id,
        householdId: viewer.householdId,
        kind: input.kind,
        amountCents: input.kind === "withdrawal" ? -input.amountCents : input.amountCents,
        occurredOn: input.occurredOn,
        note: input.note,
        sourceMemberId,
        createdByMemberId: viewer.memberId,
      })
      .returning();
    if (!row) throw new Error("movement insert returned nothing");
    return movementOut(tx, row);
  });
}

async function movementOut(tx: Queryable, row: typeof savingsMovements.$inferSelect) {
  const [balance] = await tx
    .select({ cents: sql<string>`coalesce(sum(${savingsMovements.amountCents}), 0)` })
    .from(savingsMovements)
    .where(
      and(
        eq(savingsMovements.accountId, row.accountId),
        // Compared with the row itself: a JavaScript Date would drop the microseconds.
        sql`(${savingsMovements.occurredOn}, ${savingsMovements.createdAt}, ${savingsMovements.id}) <= (select m.occurred_on, m.created_at, m.id from ${savingsMovements} m where m.id = ${row.id})`,
      ),
    );
  return {
    id: row.id,
    kind: row.kind,
    amountCents: row.amountCents,
    occurredOn: row.occurredOn,
    note: row.note,
    sourceMemberId: row.sourceMemberId,
    balanceCents: Number(balance?.cents ?? 0),
  };
}

export async function deleteMovement(db: Db, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "There is no such movement.");
  const deleted = await db
    .delete(savingsMovements)
    .where(and(eq(savingsMovements.id, id), eq(savingsMovements.householdId, viewer.householdId)))
    .returning({ id: savingsMovements.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "There is no such movement.");
}

/** A balance from the bank's statement; a second one on the same day replaces the first. */
export async function addStatement(
  db: Db,
  viewer: Viewer,
  accountId: string,
  input: z.output<typeof addStatementSchema>,
) {
  const account = await accountOf(db, viewer, accountId);
  await db
    .insert(savingsStatements)
    .values({
      accountId: account.id,
      householdId: viewer.householdId,
      statedOn: input.statedOn,
      balanceCents: input.balanceCents,
    })
    .onConflictDoUpdate({
      target: [savingsStatements.accountId, savingsStatements.statedOn],
      set: { balanceCents: input.balanceCents },
    });
  const statements = await statementsWithComputed(db, viewer.householdId, {
    accountId: account.id,
  });
  const statement = statements.find((row) => row.statedOn === input.statedOn);
  if (!statement) throw new Error("statement insert vanished");
  const { accountId: _accountId, ...out } = statement;
  return out;
}

export async function deleteStatement(db: Db, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "There is no such statement.");
  const deleted = await db
    .delete(savingsStatements)
    .where(and(eq(savingsStatements.id, id), eq(savingsStatements.householdId, viewer.householdId)))
    .returning({ id: savingsStatements.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "There is no such statement.");
}

/**
 * Books a statement's difference as a correction on the statement's day, so Hearth's balance
 * that day equals the bank's. Nothing to book (no difference) is a 409.
 */
export async function bookStatement(db: Db, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "There is no such statement.");
  return db.transaction(async (tx) => {
    const [statement] = await tx
      .select()
      .from(savingsStatements)
      .where(
        and(eq(savingsStatements.id, id), eq(savingsStatements.householdId, viewer.householdId)),
      )
      .limit(1);
    if (!statement) throw new AppError("NOT_FOUND", "There is no such statement.");
    await tx.execute(
      sql`select id from ${savingsAccounts} where id = ${statement.accountId} for update`,
    );
    const [computed] = await tx
      .select({ cents: sql<string>`coalesce(sum(${savingsMovements.amountCents}), 0)` })
      .from(savingsMovements)
      .where(
        and(
          eq(savingsMovements.accountId, statement.accountId),
          lte(savingsMovements.occurredOn, statement.statedOn),
        ),
      );
    const difference = statement.balanceCents - Number(computed?.cents ?? 0);
    if (difference === 0) {
      throw new AppError(
        "CONFLICT",
        viewer.language === "nl"
          ? "Er is geen verschil om te boeken: Hearth komt al op het saldo van het afschrift."
          : "There is no difference to book: Hearth already has the statement's balance.",
      );
    }
    const [row] = await tx
      .insert(savingsMovements)
      .values({
        accountId: statement.accountId,
        householdId: viewer.householdId,
        kind: "correction",
        amountCents: difference,
        occurredOn: statement.statedOn,
        note: null,
        statementId: statement.id,
        createdByMemberId: viewer.memberId,
      })
      .returning();
    if (!row) throw new Error("correction insert returned nothing");
    return movementOut(tx, row);
  });
}

/**
 * Month-end balances of the scope's part of each account over the last `months` months (this
 * one included, up to today): one grouped sum per account and month, then running totals here.
 */
export async function savingsHistory(
  db: Db,
  viewer: Viewer,
  query: { member?: string | undefined; months: number },
  day: IsoDate,
): Promise<SavingsHistory> {
  const memberId = await scopeMemberId(db, viewer, query.member);
  const lastMonth = day.slice(0, 7);
  const monthList: string[] = [];
  for (let i = query.months - 1; i >= 0; i--) monthList.push(addMonths(lastMonth, -i));
  const firstMonth = monthList[0] ?? lastMonth;
  const accounts = await db
    .select()
    .from(savingsAccounts)
    .where(eq(savingsAccounts.householdId, viewer.householdId))
    .orderBy(asc(savingsAccounts.name), asc(savingsAccounts.id));
  const owners = await ownersOf(db, accounts);
  const monthOf = sql<string>`case when ${savingsMovements.occurredOn} < ${monthRange(firstMonth).from} then '' else to_char(${savingsMovements.occurredOn}, 'YYYY-MM') end`;
  const rows = await db
    .select({
      accountId: savingsMovements.accountId,
      month: monthOf,
      cents: sql<string>`sum(${savingsMovements.amountCents})`,
    })
    .from(savingsMovements)
    .where(
      and(
        eq(savingsMovements.householdId, viewer.householdId),
        lte(savingsMovements.occurredOn, day),
      ),
    )
    // By position: the month expression holds a parameter, which PostgreSQL would not match twice.
    .groupBy(savingsMovements.accountId, sql`2`);
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(`${row.accountId}|${row.month}`, Number(row.cents));
  const out: SavingsHistory["accounts"] = [];
  for (const account of accounts) {
    const owner = owners.get(account.id) ?? { kind: account.ownerKind, shares: [] };
    if (memberId !== null && !owner.shares.some((share) => share.memberId === memberId)) continue;
    let running = sums.get(`${account.id}|`) ?? 0;
    const balances = monthList.map((month) => {
      running += sums.get(`${account.id}|${month}`) ?? 0;
      return partOf(running, owner, memberId);
    });
    if (balances.every((cents) => cents === 0) && account.closedAt) continue;
    out.push({ id: account.id, name: account.name, balances });
  }
  return { months: monthList, accounts: out };
}
