import { sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { queryRows } from "#server/db/rows.ts";
import { imports, transactions, transactionShares } from "#server/db/schema/money.ts";

export type ImportedEntry = {
  kind: "income" | "expense";
  amountCents: number;
  occurredOn: string;
  categoryId: string | null;
  merchant: string | null;
  notes: string | null;
  importHash: string;
  /** The hash of the row's cells as the file wrote them (shared/csv-import.ts importLineKeys). */
  importLineHash: string;
};

/** Whether the household has an imported entry that was deleted (one index probe). */
export async function hasDeletedImports(db: Pick<Tx, "execute">, householdId: string) {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from ${transactions}
      where household_id = ${householdId}::uuid and import_hash is not null
        and deleted_at is not null
      limit 1`,
  );
  return rows.length > 0;
}

/**
 * A UUID of version 7 (RFC 9562): the milliseconds since 1970 in its first 48 bits, random bits
 * after them. An import's entries then go to the end of the entries' and shares' key indexes,
 * not to random places all over them: each batch touches a few pages instead of thousands
 * (decision 049: 100,000 rows into a database of 2,200,000 entries and shares, 8.5–9.5 s →
 * 6.7–8.0 s). PostgreSQL 15 has no uuidv7() (18 has).
 */
const timeOrderedId = sql`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
    from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;

/**
 * Inserts a batch of imported rows as personal entries of one member, with their shares, in one
 * statement: the rows travel as one JSON parameter (not a dozen parameters per row), a row whose
 * hash a live entry of the household has is skipped, and each entry that went in gets its share
 * in the same statement. A row whose hash is on an entry deleted by hand (not by undoing its
 * import, decision 031) is skipped too, unless `reimportDeleted`; those are counted apart, so the
 * family can be offered to import them again on purpose. Answers how many entries went in and
 * how many rows were held back that way.
 */
export async function insertImportBatch(
  tx: Tx,
  batch: {
    householdId: string;
    memberId: string;
    createdByMemberId: string;
    importId: string;
    rows: readonly ImportedEntry[];
    /** Rows whose entry was deleted by hand go in again (asked for on purpose). */
    reimportDeleted?: boolean;
    /**
     * Whether the household has any deleted imported entry to look rows up among: when it has
     * none (`hasDeletedImports`), the two lookups per row are left out of the statement.
     */
    lookAmongDeleted?: boolean;
  },
): Promise<{ imported: number; deletedBefore: number }> {
  const { householdId, memberId } = batch;
  // The statement's estimated cost is high enough for PostgreSQL's JIT, whose compiling costs
  // more than it saves on a few thousand rows.
  await tx.execute(sql`set local jit = off`);
  // Whether an entry deleted by hand has the row, by either hash (an undone import's entries do
  // not count); not looked up when the household has no deleted imported entry at all.
  const deleted =
    batch.lookAmongDeleted === false
      ? sql`false`
      : sql`(
          exists (
            select 1 from ${transactions} d
            where d.household_id = ${householdId}::uuid and d.import_hash = r."importHash"
              and d.deleted_at is not null
              and not exists (select 1 from ${imports} i
                where i.id = d.import_id and i.undone_at = d.deleted_at))
          or exists (
            select 1 from ${transactions} d
            where d.household_id = ${householdId}::uuid
              and d.import_line_hash = r."importLineHash" and d.deleted_at is not null
              and not exists (select 1 from ${imports} i
                where i.id = d.import_id and i.undone_at = d.deleted_at)))`;
  const [counts] = await queryRows<{ imported: number | string; deleted_before: number | string }>(
    tx,
    sql`
      with incoming as (
        -- json, not jsonb: read once as it is, without first building jsonb's tree of 5,000
        -- objects (20 instead of 26-36 ms for a batch in psql).
        select * from json_to_recordset(${JSON.stringify(batch.rows)}::json) as r(
          "kind" text, "amountCents" bigint, "occurredOn" date, "categoryId" uuid,
          "merchant" text, "notes" text, "importHash" text, "importLineHash" text)
      ),
      -- Whether a live entry has the row's line as written (a changed mapping finds it too; the
      -- mapped hash is the insert's conflict), and whether an entry deleted by hand has the row
      -- by either hash. Index probes in this one statement, no query per row.
      probed as (
        select r.*,
          exists (
            select 1 from ${transactions} l
            where l.household_id = ${householdId}::uuid
              and l.import_line_hash = r."importLineHash" and l.deleted_at is null) as live_line,
          ${deleted} as deleted
        from incoming r
      ),
      -- Deleted by hand and not there live: held back unless asked for (the live check by the
      -- mapped hash only for those).
      marked as (
        select p.*,
          case when p.deleted then not exists (
            select 1 from ${transactions} l
            where l.household_id = ${householdId}::uuid and l.import_hash = p."importHash"
              and l.deleted_at is null) else false end as deleted_before
        from probed p where not p.live_line
      ),
      inserted as (
        insert into ${transactions} (id, household_id, kind, amount_cents, occurred_on,
            category_id, merchant, notes, split_mode, paid_by_member_id, received_by_member_id,
            created_by_member_id, import_hash, import_line_hash, import_id)
        select ${timeOrderedId}, ${householdId}::uuid, r.kind, r."amountCents", r."occurredOn",
            r."categoryId", r.merchant, r.notes, 'personal',
            case when r.kind = 'expense' then ${memberId}::uuid end,
            case when r.kind = 'income' then ${memberId}::uuid end,
            ${batch.createdByMemberId}::uuid, r."importHash", r."importLineHash",
            ${batch.importId}::uuid
          from marked r
          where ${batch.reimportDeleted ? sql`true` : sql`not r.deleted_before`}
        on conflict do nothing
        returning id, amount_cents
      ),
      shares as (
        insert into ${transactionShares} (transaction_id, household_id, member_id, amount_cents)
        select id, ${householdId}::uuid, ${memberId}::uuid, amount_cents from inserted
        returning 1 as one
      )
      select (select count(*) from shares) as imported,
        ${batch.reimportDeleted ? sql`0` : sql`(select count(*) from marked where deleted_before)`}
          as deleted_before`,
  );
  return {
    imported: Number(counts?.imported ?? 0),
    deletedBefore: Number(counts?.deleted_before ?? 0),
  };
}
