import type pg from "pg";

/**
 * Moving whole tables as JSON rows, for the copy of an earlier PGlite folder (decision 027) and
 * for backups (decision 034): the same SQL on the way out and on the way in.
 */

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables of the `public` schema, by name. */
export const publicTablesSql =
  "select tablename as name from pg_tables where schemaname = 'public' order by 1";

/** The `public` schema's sequences and their last values. */
export const publicSequencesSql =
  "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'";

/** A time for a file or folder name: sorts by time, no colons. */
export const nameStamp = (at = new Date()) => at.toISOString().slice(0, 19).replaceAll(":", "-");

/**
 * Opens a transaction in which rows may arrive in any order (foreign keys and triggers wait:
 * `session_replication_role = replica`, for this transaction only) and empties `tables`.
 */
export async function beginLoading(client: pg.ClientBase, tables: readonly string[]) {
  await client.query("begin");
  await client.query("set local session_replication_role = replica");
  if (tables.length > 0) await client.query(`truncate ${tables.map(quoteIdent).join(", ")}`);
}

/** Inserts rows given as `row_to_json` texts into `table`, in one statement. */
export async function insertJsonRows(client: pg.ClientBase, table: string, rows: string[]) {
  if (rows.length === 0) return;
  await client.query(
    `insert into ${quoteIdent(table)} overriding system value
     select * from json_populate_recordset(null::${quoteIdent(table)}, $1::json)`,
    [`[${rows.join(",")}]`],
  );
}

/** Sets each sequence to the last value it had where the rows came from. */
export async function setSequences(
  client: pg.ClientBase,
  sequences: readonly { name: string; value: string | null }[],
) {
  for (const sequence of sequences) {
    if (sequence.value === null) continue;
    await client.query("select setval($1::regclass, $2::bigint, true)", [
      quoteIdent(sequence.name),
      sequence.value,
    ]);
  }
}
