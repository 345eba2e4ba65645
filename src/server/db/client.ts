import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The database handle every service takes: the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`: use it, never `db`, inside (PGlite deadlocks). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either handle: for functions that run inside or outside a transaction. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Answers when the database answers a query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const migrationsFolder = resolve(import.meta.dirname, "../../../drizzle");

export class DataDirLockedError extends Error {}

/**
 * Takes a lock file in the data folder so that a second Hearth process on the same folder
 * stops with a clear sentence instead of corrupting the embedded database.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "hearth.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `Hearth is already running on the data folder ${dataDir} (process ${pid}). ` +
            "Stop that process first, or set DATA_DIR to another folder.",
        );
      }
      // A lock left by a process that is gone: take it over.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock on the data folder ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Opens the database: PostgreSQL when a connection address is given, otherwise PGlite in
 * `dataDir` ("memory://" keeps it in memory, for tests). Migrations are applied before it returns.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg({ client: pool, schema, casing: "snake_case" });
    await migratePg(db, { migrationsFolder });
    return {
      db,
      kind: "postgres",
      async ping() {
        try {
          await pool.query("select 1");
          return true;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = options.dataDir === "memory://" ? "memory://" : join(options.dataDir, "db");
  if (dir !== "memory://") mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    async ping() {
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}
