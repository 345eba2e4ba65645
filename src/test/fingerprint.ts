import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/**
 * What a database holds, table by table: an md5 of every row's text in a stable order. Two
 * fingerprints that differ name the tables a request changed. Every table of the public schema
 * counts (read from the catalog, so a table added later counts without a change here), except
 * the counters of rate limits: a refused request may count against a limit, and that is its job.
 */
export type Fingerprint = Record<string, string>;

/** Tables that may change on a refused request: attempt counters (Better Auth's and ours). */
export function isCounterTable(name: string): boolean {
  return /rate_?limit/i.test(name);
}

async function rowsOf(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const result: unknown = await db.execute(query);
  const rows =
    typeof result === "object" && result !== null && "rows" in result ? result.rows : undefined;
  if (!Array.isArray(rows)) throw new Error("The database answered without rows.");
  return rows.filter(
    (row): row is Record<string, unknown> => typeof row === "object" && row !== null,
  );
}

type Column = { table: string; column: string };

let columnsCache: WeakMap<Db, Promise<Column[]>> = new WeakMap();

/** Every column of every base table of the public schema (the migrations' own table excluded). */
function columnsOf(db: Db): Promise<Column[]> {
  let cached = columnsCache.get(db);
  if (!cached) {
    cached = rowsOf(
      db,
      sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          order by c.table_name, c.ordinal_position`,
    ).then((rows) =>
      rows
        .map((row) => ({ table: String(row.table_name), column: String(row.column_name) }))
        .filter(({ table }) => !table.startsWith("__drizzle")),
    );
    columnsCache.set(db, cached);
  }
  return cached;
}

/** Forgets the catalog read before (after a migration added a table in the same process). */
export function forgetTables() {
  columnsCache = new WeakMap();
}

async function tablesOf(db: Db): Promise<Map<string, Set<string>>> {
  const tables = new Map<string, Set<string>>();
  for (const { table, column } of await columnsOf(db)) {
    const columns = tables.get(table) ?? new Set<string>();
    columns.add(column);
    tables.set(table, columns);
  }
  return tables;
}

/**
 * Columns the database derives from other tables' rows, left out of the fingerprint: a household's
 * `data_version` goes up with any change to its rows (decision 045), which the table that changed
 * already names.
 */
const derivedColumns: Record<string, string> = { households: "data_version" };

/** One statement: each table's md5 over its rows (restricted by `where` when given). */
async function md5s(db: Db, parts: { table: string; where: SQL | undefined }[]) {
  if (parts.length === 0) return {};
  const selects = parts.map(({ table, where }) => {
    const name = sql.identifier(table);
    const derived = derivedColumns[table];
    const row = derived ? sql`(to_jsonb(t) - ${derived}::text)::text` : sql`t::text`;
    return sql`select ${table}::text as name, count(*)::text || ':' || coalesce(md5(string_agg(${row}, ',' order by ${row})), '') as digest from ${name} t${where ? sql` where ${where}` : sql``}`;
  });
  const rows = await rowsOf(db, sql.join(selects, sql` union all `));
  const out: Fingerprint = {};
  for (const row of rows) out[String(row.name)] = String(row.digest);
  return out;
}

/** Every table of the database except the rate-limit counters. */
export async function databaseFingerprint(db: Db): Promise<Fingerprint> {
  const tables = await tablesOf(db);
  return md5s(
    db,
    [...tables.keys()]
      .filter((table) => !isCounterTable(table))
      .map((table) => ({ table, where: undefined })),
  );
}

/**
 * What one household owns: the rows of every table with a household_id of that household, its
 * households row, and the accounts, sessions and profiles of its people. A request of someone
 * outside the household may succeed (in their own household), but must leave this unchanged.
 */
export async function householdFingerprint(
  db: Db,
  householdId: string,
  userIds: readonly string[],
): Promise<Fingerprint> {
  const tables = await tablesOf(db);
  const users = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const parts: { table: string; where: SQL | undefined }[] = [];
  for (const [table, columns] of tables) {
    if (isCounterTable(table)) continue;
    if (columns.has("household_id")) {
      parts.push({ table, where: sql`t.household_id::text = ${householdId}` });
    } else if (table === "households") {
      parts.push({ table, where: sql`t.id::text = ${householdId}` });
    } else if (columns.has("user_id") && userIds.length > 0) {
      parts.push({ table, where: sql`t.user_id::text in (${users})` });
    } else if ((table === "user" || table === "profiles") && userIds.length > 0) {
      parts.push({ table, where: sql`t.id::text in (${users})` });
    }
  }
  return md5s(db, parts);
}

/** The tables whose digest differs between two fingerprints (added or dropped tables too). */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
