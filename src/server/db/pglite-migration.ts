import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import {
  beginLoading,
  insertJsonRows,
  nameStamp,
  publicSequencesSql,
  publicTablesSql,
  quoteIdent,
  setSequences,
} from "./table-rows.ts";

/**
 * Moves a data folder of an earlier Hearth, whose database was PGlite (`DATA_DIR/db`), into the
 * embedded PostgreSQL (`DATA_DIR/pg`), once (decision 027). PGlite's files cannot be opened by
 * PostgreSQL, so the rows are copied: PGlite is brought to the current migrations, the new
 * database has the same schema from the same migrations, and every table of the `public` schema
 * is copied in batches inside one transaction, then counted on both sides. Only when the counts
 * agree is the old folder renamed to `db.pglite-backup-<date>`; any failure before leaves it
 * untouched, and the next start tries again.
 */

/** Present while a copy is under way: a `pg` folder holding it is incomplete. */
export const migratingMarker = "migrating-from-pglite";

export function pgliteFolder(dataDir: string): string {
  return join(dataDir, "db");
}

/** Whether the data folder holds a PGlite database not yet moved. */
export function needsPgliteMigration(dataDir: string): boolean {
  return existsSync(join(pgliteFolder(dataDir), "PG_VERSION"));
}

/** A `pg` folder left by a copy that did not finish: to be made again from the start. */
export function unfinishedMigration(dataDir: string): boolean {
  return existsSync(join(dataDir, migratingMarker));
}

export function markMigrationStarted(dataDir: string) {
  writeFileSync(join(dataDir, migratingMarker), new Date().toISOString(), { mode: 0o600 });
}

const batchRows = 5_000;

/**
 * Copies every row of PGlite's folder into `target` (a connection to the new, migrated, empty
 * database, as its superuser). Returns the number of rows per table.
 */
export async function copyFromPglite(
  dataDir: string,
  target: pg.PoolClient,
  migrationsFolder: string,
  log: (message: string, fields?: Record<string, unknown>) => void,
): Promise<Record<string, number>> {
  const source = await PGlite.create(pgliteFolder(dataDir));
  try {
    await migratePglite(drizzlePglite({ client: source }), { migrationsFolder });
    const tables = (await source.query<{ name: string }>(publicTablesSql)).rows.map(
      (row) => row.name,
    );
    const counts: Record<string, number> = {};
    // Rows arrive in any order: foreign keys and the roll-up triggers wait (the roll-ups' own
    // table is copied like the others).
    await beginLoading(target, tables);
    try {
      for (const table of tables) {
        let after = "(0,0)";
        let copied = 0;
        for (;;) {
          const batch = await source.query<{ position: string; row: string }>(
            `select ctid::text as position, row_to_json(t)::text as row from ${quoteIdent(table)} t
             where ctid > $1::tid order by ctid limit ${batchRows}`,
            [after],
          );
          const last = batch.rows.at(-1);
          if (!last) break;
          after = last.position;
          await insertJsonRows(
            target,
            table,
            batch.rows.map((row) => row.row),
          );
          copied += batch.rows.length;
        }
        counts[table] = copied;
      }
      const sequences = await source.query<{ name: string; value: string | null }>(
        publicSequencesSql,
      );
      await setSequences(target, sequences.rows);
      for (const table of tables) {
        const [theirs, ours] = await Promise.all([
          source.query<{ n: string }>(`select count(*)::text as n from ${quoteIdent(table)}`),
          target.query<{ n: string }>(`select count(*)::text as n from ${quoteIdent(table)}`),
        ]);
        const expected = Number(theirs.rows[0]?.n);
        if (expected !== Number(ours.rows[0]?.n) || expected !== counts[table]) {
          throw new Error(
            `table ${table}: ${expected} rows in the old database, ${ours.rows[0]?.n} copied`,
          );
        }
      }
      await target.query("commit");
    } catch (error) {
      await target.query("rollback").catch(() => undefined);
      throw error;
    }
    log("the old database's rows were copied", {
      tables: tables.length,
      rows: Object.values(counts).reduce((sum, n) => sum + n, 0),
    });
    return counts;
  } finally {
    await source.close();
  }
}

/** After a verified copy: keeps the old folder beside, under a name that says what it is. */
export function retirePgliteFolder(dataDir: string): string {
  const backup = join(dataDir, `db.pglite-backup-${nameStamp()}`);
  renameSync(pgliteFolder(dataDir), backup);
  rmSync(join(dataDir, migratingMarker), { force: true });
  return backup;
}
