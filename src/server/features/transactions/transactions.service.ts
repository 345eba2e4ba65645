import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "#server/db/client.ts";
import { queryRows } from "#server/db/rows.ts";
import { members } from "#server/db/schema/households.ts";
import { categories, transactions, transactionShares } from "#server/db/schema/money.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type {
  EntryValues,
  SettleUp,
  Transaction,
  TransactionFilter,
} from "#shared/schemas/transactions.schema.ts";
import type { IsoDate } from "#shared/dates.ts";
import { settle } from "#shared/settlement.ts";
import { computeShares, type Share } from "#shared/shares.ts";
import { isUuid } from "#shared/ids.ts";
import { checkCategory, checkMembers, fieldError } from "./entry-references.ts";
import { notFound } from "./money-messages.ts";
import {
  listTransactionPage,
  loadShares,
  summarizeTransactions,
  toTransaction,
  type TransactionPageQuery,
  type TransactionRow,
} from "./transaction-query.ts";

/** The member fields an entry names, keyed by the request's field names (for messages). */
function entryMemberFields(input: EntryValues): Record<string, string | null | undefined> {
  const fields: Record<string, string | null | undefined> = {};
  if (input.kind === "expense") fields.paidByMemberId = input.paidByMemberId;
  else fields.receivedByMemberId = input.receivedByMemberId;
  if (input.splitMode === "personal") fields.memberId = input.memberId;
  else
    input.shares.forEach((share, index) => (fields[`shares.${index}.memberId`] = share.memberId));
  return fields;
}

/** The row's columns of an entry (who paid for an expense, who received for income). */
function entryColumns(input: EntryValues) {
  return {
    kind: input.kind,
    amountCents: input.amountCents,
    occurredOn: input.occurredOn,
    categoryId: input.categoryId,
    merchant: input.merchant,
    notes: input.notes,
    splitMode: input.splitMode,
    paidByMemberId: input.kind === "expense" ? (input.paidByMemberId ?? null) : null,
    receivedByMemberId: input.kind === "income" ? (input.receivedByMemberId ?? null) : null,
  };
}

async function insertShares(
  tx: Queryable,
  householdId: string,
  transactionId: string,
  shares: readonly Share[],
) {
  if (shares.length === 0) return;
  await tx.insert(transactionShares).values(
    shares.map((share) => ({
      transactionId,
      householdId,
      memberId: share.memberId,
      amountCents: share.amountCents,
      percentBp: share.percentBp,
    })),
  );
}

/** One entry of the household that is not deleted, or 404. */
async function findEntry(
  tx: Queryable,
  viewer: Viewer,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TransactionRow> {
  if (!isUuid(id)) throw notFound(viewer.language, "transaction");
  const query = tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.id, id),
        eq(transactions.householdId, viewer.householdId),
        isNull(transactions.deletedAt),
      ),
    )
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound(viewer.language, "transaction");
  return row;
}

async function withShares(tx: Queryable, viewer: Viewer, row: TransactionRow) {
  const shares = await loadShares(tx, viewer.householdId, [row.id]);
  return toTransaction(row, shares.get(row.id) ?? []);
}

/**
 * Adds an income or expense entry after checking what the schema cannot: the category is the
 * household's, of the entry's kind and not archived; every member named is an active person
 * of the household. Its shares are stored as computed (they add up to the amount).
 */
export async function createEntry(
  db: Db,
  viewer: Viewer,
  input: EntryValues,
  options: { createdByMemberId?: string } = {},
): Promise<Transaction> {
  return db.transaction(async (tx) => {
    await checkCategory(tx, viewer, input.categoryId, input.kind);
    await checkMembers(tx, viewer, entryMemberFields(input));
    const [row] = await tx
      .insert(transactions)
      .values({
        householdId: viewer.householdId,
        ...entryColumns(input),
        createdByMemberId: options.createdByMemberId ?? viewer.memberId,
      })
      .returning();
    if (!row) throw new Error("transaction insert returned nothing");
    const shares = computeShares(input);
    await insertShares(tx, viewer.householdId, row.id, shares);
    return toTransaction(row, shares);
  });
}

export async function getEntry(db: Db, viewer: Viewer, id: string): Promise<Transaction> {
  return withShares(db, viewer, await findEntry(db, viewer, id));
}

/**
 * Replaces an entry's fields and shares. The category it had may stay although archived since,
 * and members it named may stay although no longer active. A settlement is not an entry.
 */
export async function updateEntry(
  db: Db,
  viewer: Viewer,
  id: string,
  input: EntryValues,
): Promise<Transaction> {
  return db.transaction(async (tx) => {
    const current = await findEntry(tx, viewer, id, { lock: true });
    if (current.kind === "settlement") throw notFound(viewer.language, "transaction");
    const oldShares = (await loadShares(tx, viewer.householdId, [id])).get(id) ?? [];
    const known = [
      current.paidByMemberId,
      current.receivedByMemberId,
      ...oldShares.map((share) => share.memberId),
    ].filter((member): member is string => member !== null);
    await checkCategory(tx, viewer, input.categoryId, input.kind, {
      allowArchivedId: current.categoryId,
    });
    await checkMembers(tx, viewer, entryMemberFields(input), { known });
    const [row] = await tx
      .update(transactions)
      .set({ ...entryColumns(input), updatedAt: new Date() })
      .where(eq(transactions.id, id))
      .returning();
    if (!row) throw notFound(viewer.language, "transaction");
    await tx.delete(transactionShares).where(eq(transactionShares.transactionId, id));
    const shares = computeShares(input);
    await insertShares(tx, viewer.householdId, id, shares);
    return toTransaction(row, shares);
  });
}

/**
 * The household's rows among `ids`, or 404 when any id is not one of them (another
 * household's, unknown, not a uuid): nothing is changed for a list that is not all theirs.
 */
async function checkOwnIds(tx: Queryable, viewer: Viewer, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.some((id) => !isUuid(id))) throw notFound(viewer.language, "transaction");
  const rows = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.householdId, viewer.householdId), inArray(transactions.id, unique)));
  if (rows.length !== unique.length) throw notFound(viewer.language, "transaction");
  return unique;
}

/** Soft-deletes entries (undo: restore). Answers how many were deleted now. */
export async function deleteEntries(
  db: Db,
  viewer: Viewer,
  ids: readonly string[],
): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => {
    const own = await checkOwnIds(tx, viewer, ids);
    const rows = await tx
      .update(transactions)
      .set({ deletedAt: new Date() })
      .where(
        and(
          eq(transactions.householdId, viewer.householdId),
          inArray(transactions.id, own),
          isNull(transactions.deletedAt),
        ),
      )
      .returning({ id: transactions.id });
    return { deleted: rows.length };
  });
}

export async function deleteEntry(db: Db, viewer: Viewer, id: string): Promise<void> {
  await findEntry(db, viewer, id);
  await deleteEntries(db, viewer, [id]);
}

/**
 * Brings deleted entries back. An imported entry whose row was imported again meanwhile (a live
 * entry holds its line or its mapped hash, decision 059) comes back without that hash, as an
 * entry typed by hand would be: the person asked for it back, and the row stays known by the
 * other. Answers how many were restored.
 */
export async function restoreEntries(
  db: Db,
  viewer: Viewer,
  ids: readonly string[],
): Promise<{ restored: number }> {
  return db.transaction(async (tx) => {
    const own = await checkOwnIds(tx, viewer, ids);
    const household = viewer.householdId;
    // Of entries restored together with the same hash, the oldest keeps it.
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`
        with restoring as (
          select t.id,
            row_number() over (partition by t.import_hash order by t.created_at, t.id) as hash_place,
            row_number() over (partition by t.import_line_hash order by t.created_at, t.id)
              as line_place
          from ${transactions} t
          where t.household_id = ${household}::uuid and t.id = any(${sql.param(own)}::uuid[])
            and t.deleted_at is not null
        )
        update ${transactions} t set deleted_at = null,
          import_hash = case when r.hash_place = 1 and not exists (
              select 1 from ${transactions} l where l.household_id = ${household}::uuid
                and l.import_hash = t.import_hash and l.deleted_at is null)
            then t.import_hash end,
          import_line_hash = case when r.line_place = 1 and not exists (
              select 1 from ${transactions} l where l.household_id = ${household}::uuid
                and l.import_line_hash = t.import_line_hash and l.deleted_at is null)
            then t.import_line_hash end
        from restoring r
        where t.id = r.id
        returning t.id`,
    );
    return { restored: rows.length };
  });
}

export function listEntries(db: Db, viewer: Viewer, query: TransactionPageQuery) {
  return listTransactionPage(db, viewer.householdId, query, viewer.language);
}

export function summarizeEntries(db: Db, viewer: Viewer, filter: TransactionFilter) {
  return summarizeTransactions(db, viewer.householdId, filter);
}

/**
 * Each member's balance from every entry that is not deleted, in one SQL aggregate: an expense
 * counts +amount for who paid and −share for each share; income −amount for who received and
 * +share for each share; a settlement +amount for who paid back and −amount for who was paid.
 * Then the fewest payments that settle everyone. Active people are listed even when even; a
 * member no longer active is listed while their balance is not zero (so the sum stays zero).
 * With `through`, only entries up to and including that day count (what was owed then).
 */
export async function settleUp(
  db: Db,
  viewer: Viewer,
  options: { through?: IsoDate } = {},
): Promise<SettleUp> {
  const household = viewer.householdId;
  const upTo = options.through ? sql`and occurred_on <= ${options.through}` : sql``;
  const deltas = sql`(
      select paid_by_member_id as member_id, amount_cents as delta
        from ${transactions}
        where household_id = ${household} and deleted_at is null ${upTo}
          and kind in ('expense', 'settlement') and paid_by_member_id is not null
      union all
      select received_by_member_id, -amount_cents
        from ${transactions}
        where household_id = ${household} and deleted_at is null ${upTo}
          and kind in ('income', 'settlement') and received_by_member_id is not null
      union all
      select s.member_id,
          case when t.kind = 'expense' then -s.amount_cents else s.amount_cents end
        from ${transactionShares} s
        join ${transactions} t on t.id = s.transaction_id
        where t.household_id = ${household} and s.household_id = ${household}
          and t.deleted_at is null and t.kind in ('income', 'expense')
          ${options.through ? sql`and t.occurred_on <= ${options.through}` : sql``}
    ) as deltas`;
  const rows = await db
    .select({
      memberId: sql<string>`member_id`,
      balance: sql<number>`sum(delta)::bigint`.mapWith(Number),
    })
    .from(deltas)
    .groupBy(sql`member_id`);
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.memberId, row.balance);
  const people = await db
    .select({ id: members.id, status: members.invitationStatus })
    .from(members)
    .where(and(eq(members.householdId, household), eq(members.isHousehold, false)))
    .orderBy(asc(members.createdAt), asc(members.id));
  const balances = people
    .filter((person) => person.status === "active" || (sums.get(person.id) ?? 0) !== 0)
    .map((person) => ({ memberId: person.id, balanceCents: sums.get(person.id) ?? 0 }));
  return { balances, payments: settle(balances) };
}

/** Books a repayment from one member to another (neither income nor spending). */
export async function recordSettlement(
  db: Db,
  viewer: Viewer,
  input: {
    fromMemberId: string;
    toMemberId: string;
    amountCents: number;
    occurredOn: string;
    notes: string | null;
  },
): Promise<Transaction> {
  return db.transaction(async (tx) => {
    // Another household's member (or an unknown one) answers like a missing row: 404.
    try {
      await checkMembers(tx, viewer, {
        fromMemberId: input.fromMemberId,
        toMemberId: input.toMemberId,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === "VALIDATION") {
        throw notFound(viewer.language, "member");
      }
      throw error;
    }
    const [row] = await tx
      .insert(transactions)
      .values({
        householdId: viewer.householdId,
        kind: "settlement",
        amountCents: input.amountCents,
        occurredOn: input.occurredOn,
        notes: input.notes,
        splitMode: "personal",
        paidByMemberId: input.fromMemberId,
        receivedByMemberId: input.toMemberId,
        createdByMemberId: viewer.memberId,
      })
      .returning();
    if (!row) throw new Error("settlement insert returned nothing");
    return toTransaction(row, []);
  });
}

/**
 * Changes a settlement's amount, day and notes (who paid whom stays). Anything that is not a
 * settlement of the household, or is deleted, is not found.
 */
export async function updateSettlement(
  db: Db,
  viewer: Viewer,
  id: string,
  input: { amountCents: number; occurredOn: string; notes: string | null },
): Promise<Transaction> {
  return db.transaction(async (tx) => {
    const current = await findEntry(tx, viewer, id, { lock: true });
    if (current.kind !== "settlement") throw notFound(viewer.language, "transaction");
    const [row] = await tx
      .update(transactions)
      .set({
        amountCents: input.amountCents,
        occurredOn: input.occurredOn,
        notes: input.notes,
        updatedAt: new Date(),
      })
      .where(eq(transactions.id, id))
      .returning();
    if (!row) throw notFound(viewer.language, "transaction");
    return toTransaction(row, []);
  });
}

/**
 * Quick entry: an expense (or income, for an income category) of the viewer alone, paid or
 * received by them. The category decides the kind.
 */
export async function createQuickEntry(
  db: Db,
  viewer: Viewer,
  input: { amountCents: number; categoryId: string; occurredOn: string; merchant: string | null },
): Promise<Transaction> {
  const [category] = isUuid(input.categoryId)
    ? await db
        .select({ kind: categories.kind })
        .from(categories)
        .where(
          and(eq(categories.id, input.categoryId), eq(categories.householdId, viewer.householdId)),
        )
        .limit(1)
    : [];
  if (!category) throw fieldError(viewer, "categoryId", "categoryRequired");
  return createEntry(db, viewer, {
    kind: category.kind,
    amountCents: input.amountCents,
    occurredOn: input.occurredOn,
    categoryId: input.categoryId,
    merchant: input.merchant,
    notes: null,
    splitMode: "personal",
    memberId: viewer.memberId,
    paidByMemberId: category.kind === "expense" ? viewer.memberId : null,
    receivedByMemberId: category.kind === "income" ? viewer.memberId : null,
    shares: [],
  });
}

/** The last few entries the viewer made (not deleted), newest first. */
export async function recentEntriesBy(db: Db, viewer: Viewer, limit = 5): Promise<Transaction[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.householdId, viewer.householdId),
        eq(transactions.createdByMemberId, viewer.memberId),
        isNull(transactions.deletedAt),
        // Income and spending: a settling-up has no category or merchant to show there.
        inArray(transactions.kind, ["income", "expense"]),
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  const shares = await loadShares(
    db,
    viewer.householdId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toTransaction(row, shares.get(row.id) ?? []));
}
