import { randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { pipelinedTransaction } from "#server/db/pipeline.ts";
import { queryRows } from "#server/db/rows.ts";
import { households, members } from "#server/db/schema/households.ts";
import { categories, imports, transactions, transactionShares } from "#server/db/schema/money.ts";

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

/** A batch of an import's rows: whose entries they become, who imports them, and the import. */
type ImportBatch = {
  householdId: string;
  memberId: string;
  createdByMemberId: string;
  importId: string;
  /** The rows, or their statement's text made as they were (`BatchJsonBuilder`). */
  rows: readonly ImportedEntry[] | BatchJson;
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
 * The triggers and foreign keys of the tables an import's batch writes (not PostgreSQL's own
 * triggers behind the keys) that a batch in bulk stands in for itself (decision 050): the
 * roll-ups (decision 028) and the household's version (decision 045) it adds in its statement,
 * the keys it checks and locks once per batch. A table with any other trigger or key (a later
 * migration's, an operator's audit trigger) is written the ordinary way until the bulk statement
 * knows it too.
 */
const bulkTriggers = [
  "monthly_totals.household_version_after_delete",
  "monthly_totals.household_version_after_insert",
  "monthly_totals.household_version_after_update",
  "transaction_shares.household_version_after_delete",
  "transaction_shares.household_version_after_insert",
  "transaction_shares.household_version_after_update",
  "transaction_shares.monthly_totals_after_delete",
  "transaction_shares.monthly_totals_after_insert",
  "transaction_shares.monthly_totals_after_update",
  "transactions.household_version_after_delete",
  "transactions.household_version_after_insert",
  "transactions.household_version_after_update",
  "transactions.monthly_totals_after_insert",
  "transactions.monthly_totals_after_update",
  "transactions.monthly_totals_before_delete",
].join(",");
const bulkKeys = [
  "monthly_totals.monthly_totals_household_id_households_id_fk",
  "transaction_shares.transaction_shares_household_id_households_id_fk",
  "transaction_shares.transaction_shares_member_id_members_id_fk",
  "transaction_shares.transaction_shares_transaction_id_transactions_id_fk",
  "transactions.transactions_category_id_categories_id_fk",
  "transactions.transactions_created_by_member_id_members_id_fk",
  "transactions.transactions_household_id_households_id_fk",
  "transactions.transactions_import_id_imports_id_fk",
  "transactions.transactions_paid_by_member_id_members_id_fk",
  "transactions.transactions_received_by_member_id_members_id_fk",
  "transactions.transactions_recurring_rule_id_recurring_rules_id_fk",
].join(",");

/**
 * Whether an import's batches may go in bulk (decision 050): the database's role may switch
 * `session_replication_role` (a superuser, as the embedded database's role and a PostgreSQL
 * server's `postgres` are, or a role granted `SET` on it), and the tables have exactly the
 * triggers and keys the bulk statement stands in for. One query per import.
 */
export async function canInsertInBulk(db: Pick<Tx, "execute">): Promise<boolean> {
  const [answer] = await queryRows<{ allowed: boolean; triggers: string; keys: string }>(
    db,
    sql`
      with watched(name) as (values ('transactions'), ('transaction_shares'), ('monthly_totals'))
      select has_parameter_privilege('session_replication_role', 'SET') as allowed,
        (select coalesce(string_agg(c.relname || '.' || t.tgname, ','
            order by c.relname || '.' || t.tgname collate "C"), '')
          from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where c.oid = any(select to_regclass(name) from watched) and not t.tgisinternal
            and t.tgenabled <> 'D') as triggers,
        (select coalesce(string_agg(c.relname || '.' || k.conname, ','
            order by c.relname || '.' || k.conname collate "C"), '')
          from pg_constraint k join pg_class c on c.oid = k.conrelid
          where c.oid = any(select to_regclass(name) from watched) and k.contype = 'f') as keys`,
  );
  return answer?.allowed === true && answer.triggers === bulkTriggers && answer.keys === bulkKeys;
}

/**
 * The ids of a batch's entries: UUIDs of version 7 (RFC 9562), the milliseconds since 1970 in
 * their first 48 bits, so an import's entries go to the end of the entries' and shares' key
 * indexes, not to random places all over them (decision 049). The batch draws its random bits
 * once (`prefix`: the time, the version, 12 random bits, the variant and 14 random bits; `start`:
 * a random 47-bit number) and its rows count on from there in their last 48 bits, the counter
 * RFC 9562 allows in place of random bits (its method 2): PostgreSQL then adds a row's number to
 * text instead of drawing 16 strong random bytes and setting bits per row (decision 052).
 */
export function batchIds(now = Date.now()): { prefix: string; start: number } {
  const random = randomBytes(10);
  const time = now.toString(16).padStart(12, "0").slice(-12);
  const randA = (random.readUInt16BE(0) & 0x0fff).toString(16).padStart(3, "0");
  const variant = ((random.readUInt16BE(2) & 0x3fff) | 0x8000).toString(16).padStart(4, "0");
  // Room for the batch's rows below 2^48, so the counter never runs into the prefix.
  const start = Math.floor((random.readUIntBE(4, 6) / 2 ** 48) * 2 ** 47);
  return { prefix: `${time}7${randA}${variant}`, start };
}

/** A batch's rows as the statement reads them (`BatchJsonBuilder`). */
export type BatchJson = { categoryIds: string[]; json: string };

/**
 * A batch's rows as the statement reads them: JSON with one-letter names, each row's category
 * as its place (from 1) in the batch's list of categories, which the statement gets apart. Half
 * the text of the rows as they are (some 120 instead of 230 characters a row): the server writes
 * it and PostgreSQL reads it in about half the time. Rows are added one at a time as they are
 * made and the text written once at the end, so a row's object and its hashes live only until
 * then: a batch waiting for its lane is one string, not 5,000 objects the young generation's
 * collections would copy and then move to the old one (some 35 MB of an import, decision 055).
 */
export class BatchJsonBuilder {
  private readonly categoryIds: string[] = [];
  private readonly places = new Map<string, number>();
  private readonly compact: unknown[] = [];

  add(row: ImportedEntry): void {
    let place: number | null = null;
    if (row.categoryId !== null) {
      place = this.places.get(row.categoryId) ?? null;
      if (place === null) {
        place = this.categoryIds.push(row.categoryId);
        this.places.set(row.categoryId, place);
      }
    }
    this.compact.push({
      k: row.kind,
      a: row.amountCents,
      d: row.occurredOn,
      c: place,
      m: row.merchant,
      n: row.notes,
      h: row.importHash,
      l: row.importLineHash,
    });
  }

  get count(): number {
    return this.compact.length;
  }

  finish(): BatchJson {
    return { categoryIds: this.categoryIds, json: JSON.stringify(this.compact) };
  }
}

/** `BatchJsonBuilder` of rows made beforehand. */
export function batchJson(rows: readonly ImportedEntry[]): BatchJson {
  const builder = new BatchJsonBuilder();
  for (const row of rows) builder.add(row);
  return builder.finish();
}

/**
 * Inserts a batch of imported rows as personal entries of one member, with their shares, in one
 * statement of its own transaction: the rows travel as one JSON parameter (`batchJson`; not a
 * dozen parameters per row), a row whose hash a live entry of the household has is skipped, and
 * each entry that went in gets its share in the same statement. A row whose hash is on an entry
 * deleted by hand (not by undoing its import, decision 031) is skipped too, unless
 * `reimportDeleted`; those are counted apart, so the family can be offered to import them again
 * on purpose. The transaction's statements are sent together (`pipelinedTransaction`, decision
 * 058). Answers how many entries went in and how many rows were held back that way.
 */
export async function insertImportBatch(
  db: Db,
  batch: ImportBatch & {
    /** Rows whose entry was deleted by hand go in again (asked for on purpose). */
    reimportDeleted?: boolean;
    /**
     * Whether the household has any deleted imported entry to look rows up among: when it has
     * none (`hasDeletedImports`), the two lookups per row are left out of the statement.
     */
    lookAmongDeleted?: boolean;
    /**
     * In bulk (`canInsertInBulk`, decision 050): the rows the entries point at are checked and
     * locked once for the batch instead of by ten foreign-key checks per entry and share, and
     * the roll-ups and the household's version are added by the statement itself.
     */
    bulk?: boolean;
    /**
     * Whether the insert skips rows that conflict on a unique index (`on conflict do nothing`,
     * a check of its own for every row) or fails on one. The statement leaves out the rows the
     * household has live already; without the clause (`false`) only another import of the same
     * rows at the same moment can still make it fail, and the batch then goes again with it.
     */
    onConflict?: boolean;
    /**
     * Whether the statement looks each row up among the household's live entries, by its line
     * as written and by its mapped hash (default), or leaves that to the unique indexes on them
     * (`false`): a row a live entry has then fails the batch (23505), which goes again with the
     * look-ups. A file of new rows saves two index probes a row (decisions 058 and 059).
     */
    lookUpLive?: boolean;
    /**
     * A statement run last in the batch's transaction, its rows answered as `inspected`: a
     * test's look at the transaction's settings.
     */
    inspect?: SQL;
  },
): Promise<{ imported: number; deletedBefore: number; inspected?: Record<string, unknown>[] }> {
  const { householdId, memberId } = batch;
  const bulk = batch.bulk === true;
  const ids = batchIds();
  const { categoryIds, json } = "json" in batch.rows ? batch.rows : batchJson(batch.rows);
  // The statement's estimated cost is high enough for PostgreSQL's JIT, whose compiling costs
  // more than it saves on a few thousand rows. The batch's commit does not wait for its WAL to
  // reach the disk: the import's last statement (its counts) does, and with it every batch
  // before (decision 052). In bulk, per-row key checks and Hearth's triggers are off. All for
  // this transaction only, set in the statement before the batch's (with the references' locks).
  const settings = sql`set_config('jit', 'off', true), set_config('synchronous_commit', 'off', true)`;
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
  // Whether a live entry has the row already, by its line as written (a changed mapping finds
  // it too) or by its mapped hash.
  const live = sql`exists (
            select 1 from ${transactions} l
            where l.household_id = ${householdId}::uuid
              and l.import_line_hash = r."importLineHash" and l.deleted_at is null)
          or exists (
            select 1 from ${transactions} l
            where l.household_id = ${householdId}::uuid
              and l.import_hash = r."importHash" and l.deleted_at is null)`;
  // In bulk, the rows go in only when the statement before found and locked every row they
  // point at (it says so in `hearth.import_batch`): the statements are sent together, so the
  // server learns of a missing one only after this one has run.
  const ready = bulk ? sql`current_setting('hearth.import_batch', true) = 'ready'` : sql`true`;
  const insert = sql`
      with incoming as (
        -- json, not jsonb: read once as it is, without first building jsonb's tree of 5,000
        -- objects (20 instead of 26-36 ms for a batch in psql).
        -- Numbered in their order (n: 1, 2, …), which their ids count on (\`batchIds\`); each
        -- row's category is its place in the batch's list of them (\`batchJson\`).
        select r.*, (${sql.param(categoryIds)}::uuid[])[r."categoryPlace"] as "categoryId"
          from rows from (json_to_recordset(${json}::json) as (
              "k" text, "a" bigint, "d" date, "c" integer, "m" text, "n" text, "h" uuid, "l" uuid))
            with ordinality as r("kind", "amountCents", "occurredOn", "categoryPlace", "merchant",
              "notes", "importHash", "importLineHash", n)
          where ${ready}
      ),
      -- Whether a live entry has the row already, by its line as written (a changed mapping
      -- finds it too) or by its mapped hash (unless the unique indexes are left to find that),
      -- and whether an entry deleted by hand has it by either hash. Index probes in this one
      -- statement, no query per row.
      probed as (
        select r.*,
          ${
            batch.lookUpLive === false
              ? // Left to the unique indexes, but for a row an entry deleted by hand has too: it
                // is held back (counted apart) unless it is live again, which only a look-up
                // tells, as no index refuses a row that is not inserted.
                sql`r.deleted_before and (${live})`
              : live
          } as live
        -- The deleted look-ups once a row (not pulled up into this query, which would copy them).
        from (select r.*, ${deleted} as deleted_before from incoming r offset 0) r
      ),
      -- Not there live; deleted by hand before: held back unless asked for. Its columns named,
      -- not \`*\`: \`live\` among them would look every row up a second time.
      marked as (
        select n, kind, "amountCents", "occurredOn", "categoryId", merchant, notes, "importHash",
            "importLineHash", deleted_before
          from probed where not live
      ),
      inserted as (
        insert into ${transactions} (id, household_id, kind, amount_cents, occurred_on,
            category_id, merchant, notes, split_mode, paid_by_member_id, received_by_member_id,
            created_by_member_id, import_hash, import_line_hash, import_id)
        select (${ids.prefix}::text || lpad(to_hex(${ids.start}::bigint + r.n), 12, '0'))::uuid,
            ${householdId}::uuid, r.kind, r."amountCents", r."occurredOn",
            r."categoryId", r.merchant, r.notes, 'personal',
            case when r.kind = 'expense' then ${memberId}::uuid end,
            case when r.kind = 'income' then ${memberId}::uuid end,
            ${batch.createdByMemberId}::uuid, r."importHash", r."importLineHash",
            ${batch.importId}::uuid
          from marked r
          where ${batch.reimportDeleted ? sql`true` : sql`not r.deleted_before`}
        ${batch.onConflict === false ? sql`` : sql`on conflict do nothing`}
        returning id, amount_cents, occurred_on, category_id, kind
      ),
      shares as (
        insert into ${transactionShares} (transaction_id, household_id, member_id, amount_cents)
        select id, ${householdId}::uuid, ${memberId}::uuid, amount_cents from inserted
        returning transaction_id, member_id, amount_cents
      )${
        bulk
          ? sql`,
      -- In bulk the roll-up triggers do not fire: the statement adds what they would have, in
      -- one call, in the one order of decision 028. Summed by month, category and kind first:
      -- the entries' rows (no member), and the same sums for the member, whose one share of
      -- each entry is its whole amount (a few hundred rows instead of twice the batch's).
      rolled as (
        select hearth_add_monthly_totals(array_agg(${householdId}::uuid), array_agg(g.month),
            array_agg(m.member_id), array_agg(g.category_id), array_agg(g.kind),
            array_agg(g.cents), array_agg(g.entries))
          from (
            select date_trunc('month', i.occurred_on)::date as month, i.category_id, i.kind,
                sum(i.amount_cents)::bigint as cents, count(*)::int as entries
              from inserted i group by 1, 2, 3
          ) g cross join (values (null::uuid), (${memberId}::uuid)) as m(member_id)
      )`
          : sql``
      }
      select imported,${bulk ? sql` (select count(*) from rolled) as rolled,` : sql``}
        ${batch.reimportDeleted ? sql`0` : sql`(select count(*) from marked where deleted_before)`}
          as deleted_before,
        -- For the statement after this one: whether the household's version goes up.
        set_config('hearth.import_batch', case when imported > 0 then 'imported' else 'none' end,
          true) as next
        from (select count(*) as imported from shares) as counted`;
  const statements = bulk
    ? [
        lockReferences(batch, categoryIds, settings),
        insert,
        // Back to the ordinary role before anything else, so the version's deferred trigger is
        // queued (and fires at commit) as every other write's is: the role is set in a
        // subquery, which PostgreSQL evaluates before the row that touches the household (a
        // subquery with a volatile function is not merged into its query). Only when entries
        // went in, as the statement before says.
        sql`select case when current_setting('hearth.import_batch', true) = 'imported'
              then hearth_touch_households(array[${householdId}::uuid])::text end as touched
            from (select set_config('session_replication_role', 'origin', true)) as role`,
      ]
    : [sql`select ${settings}`, insert];
  if (batch.inspect) statements.push(batch.inspect);
  const answers = await pipelinedTransaction(db, statements);
  if (bulk) {
    // The lock's own verdict, which the insert read too.
    if ((answers[0]?.[0] as { verdict?: string } | undefined)?.verdict !== "ready") {
      throw new Error(
        "An import's batch points at a household, person, category or import that is not there.",
      );
    }
  }
  const counts = answers[1]?.[0] as
    { imported: number | string; deleted_before: number | string } | undefined;
  return {
    imported: Number(counts?.imported ?? 0),
    deletedBefore: Number(counts?.deleted_before ?? 0),
    ...(batch.inspect ? { inspected: answers.at(-1) } : {}),
  };
}

/**
 * What the foreign keys of a batch's entries and shares check, once for the batch: the
 * household, the two people, the categories and the import exist, each locked `for key share`
 * (as every key check locks it) until the batch commits, so none can be deleted meanwhile. The
 * statement says whether all were there (its counts, and `hearth.import_batch` as `ready` for
 * the batch's statement after it, which inserts nothing otherwise), sets the batch's `settings`
 * and turns the triggers and per-row key checks off for the transaction (the `replica` role).
 */
function lockReferences(batch: ImportBatch, categoryIds: readonly string[], settings: SQL): SQL {
  const people = [...new Set([batch.memberId, batch.createdByMemberId])];
  return sql`
      with h as (select id from ${households} where id = ${batch.householdId}::uuid for key share),
        p as (select id from ${members} where id = any(${sql.param(people)}::uuid[]) for key share),
        c as (select id from ${categories} where id = any(${sql.param(categoryIds)}::uuid[])
          for key share),
        i as (select id from ${imports} where id = ${batch.importId}::uuid for key share),
        found as (
          select (select count(*) from h)::int as households, (select count(*) from p)::int as people,
            (select count(*) from c)::int as categories, (select count(*) from i)::int as imports)
      select found.*, ${settings}, set_config('session_replication_role', 'replica', true),
        set_config('hearth.import_batch',
          case when households = 1 and people = ${people.length}
            and categories = ${categoryIds.length} and imports = 1 then 'ready' else 'missing' end,
          true) as verdict
        from found`;
}
