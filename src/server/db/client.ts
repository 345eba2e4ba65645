import { execFileSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from "node:fs";
import { join, resolve } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { startEmbeddedPostgres } from "./embedded.ts";
import {
  copyFromPglite,
  markMigrationStarted,
  needsPgliteMigration,
  retirePgliteFolder,
  unfinishedMigration,
} from "./pglite-migration.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The database handle every service takes: the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`: use it, never `db`, inside. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either handle: for functions that run inside or outside a transaction. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  /** The embedded PostgreSQL in the data folder, or a server given by DATABASE_URL. */
  kind: "embedded" | "postgres";
  /** Answers when the database answers a query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const migrationsFolder = resolve(import.meta.dirname, "../../../drizzle");

export class DataDirLockedError extends Error {}

/**
 * Something that tells one run of a process from another that later got the same pid: its start
 * time, from /proc on Linux or from `ps` elsewhere; null where neither can tell.
 */
export function processStartIdentity(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (command)": state is field 3, the start time field 22.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const start = fields[22 - 3];
    if (start) return `proc-start:${start}`;
  } catch {
    // No /proc (macOS, Windows) or no such process: ask ps.
  }
  try {
    const started = execFileSync("ps", ["-o", "lstart=", "-p", String(pid)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return started ? `ps-start:${started}` : null;
  } catch {
    return null;
  }
}

/** Whether a process might be a Node process (for a lock written before identities were kept). */
function mightBeNode(pid: number): boolean {
  try {
    return /node|tsx|hearth/i.test(readFileSync(`/proc/${pid}/cmdline`, "utf8"));
  } catch {
    return true;
  }
}

/**
 * Whether the process that wrote a lock (its pid on the first line, its start identity on the
 * second) still runs. A pid alone proves little: after a crash and a reboot the number often
 * belongs to another process, which must never keep Hearth from starting.
 */
function holderIsRunning(content: string): { running: boolean; pid: number } {
  const [pidLine = "", identity = ""] = content.split("\n").map((line) => line.trim());
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) {
    return { running: false, pid };
  }
  if (!identity) return { running: mightBeNode(pid), pid };
  const now = processStartIdentity(pid);
  return { running: now === null || now === identity, pid };
}

/** Creates a folder (and its parents) for the owner only, and makes an existing one so. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Takes a lock file in the data folder so that a second Hearth process on the same folder
 * stops with a clear sentence instead of corrupting the embedded database. The data folder is
 * made the owner's only (decision 013).
 */
export function lockDataDir(dataDir: string): () => void {
  makePrivateDir(dataDir);
  const file = join(dataDir, "hearth.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid}\n${processStartIdentity(process.pid) ?? ""}\n`);
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = holderIsRunning(readFileSync(file, "utf8"));
      if (holder.running) {
        throw new DataDirLockedError(
          `Hearth is already running on the data folder ${dataDir} (process ${holder.pid}). ` +
            "Stop that process first, or set DATA_DIR to another folder.",
        );
      }
      // A lock left by a process that is gone (or whose pid another process has now): take it.
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
 * Runs the migrations while holding a PostgreSQL advisory lock on a connection of its own, so
 * instances started at the same moment on one database migrate one after the other (the next
 * finds the migrations applied) instead of racing to create the same tables and failing. The
 * lock ends with its connection's session, should the process die while holding it.
 */
async function migrateAlone(pool: pg.Pool, migrate: () => Promise<void>) {
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock(hashtext('hearth:migrations'))");
    await migrate();
    await lock.query("select pg_advisory_unlock(hashtext('hearth:migrations'))");
    lock.release();
  } catch (error) {
    // Ends the connection, and with it the lock.
    lock.release(error instanceof Error ? error : true);
    throw error;
  }
}

/** Told what the embedded database does (its start, its server's warnings, a migration). */
export type DatabaseLog = (
  level: "debug" | "info" | "warn" | "error",
  message: string,
  fields?: Record<string, unknown>,
) => void;

/**
 * Settings of every connection Hearth opens, sent once when it is made (it runs before any query
 * of the connection). Parallel workers take milliseconds to start and Hearth's statements take
 * less: PostgreSQL's default `parallel_setup_cost` (1000) made the 12-month dashboard's one
 * statement start two workers, 9 ms instead of 3 ms (decision 043). At 10000 only a statement
 * planned to cost far more (a scan of hundreds of thousands of rows) still goes parallel.
 */
export const sessionSettings = "set parallel_setup_cost = 10000";

/** Hearth's pool: ten connections, each with `sessionSettings` before its first query. */
function newPool(connectionString: string) {
  return new pg.Pool({
    connectionString,
    max: 10,
    // Awaited by the pool before the connection is handed out; a failure fails the query.
    onConnect: async (client) => {
      await client.query(sessionSettings);
    },
  });
}

function poolDatabase(
  pool: pg.Pool,
  kind: Database["kind"],
  stop: () => Promise<void> = async () => undefined,
) {
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind,
    async ping() {
      try {
        await pool.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close() {
      closing ??= (async () => {
        try {
          await pool.end();
        } finally {
          await stop();
        }
      })();
      return closing;
    },
  } satisfies Database;
}

/**
 * Opens the database and applies the migrations before it returns: PostgreSQL when a connection
 * address is given, otherwise the embedded PostgreSQL in `dataDir/pg` (decision 027), which this
 * starts and whose `close()` stops it. A data folder of an earlier Hearth (PGlite, `dataDir/db`)
 * is copied into it on the first start.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Told when PostgreSQL ends an idle connection (a restart, an administrator's command). */
  onIdleError?: (error: Error) => void;
  log?: DatabaseLog;
  /** As root: who runs the embedded database (HEARTH_DB_UID/GID). */
  databaseUser?: { uid: number; gid: number } | undefined;
}): Promise<Database> {
  const onIdle = (pool: pg.Pool) =>
    // An idle connection the server ends makes the pool emit "error"; unheard, that would end
    // the process. The pool drops the connection and opens a new one for the next query, so
    // it is only worth a line in the log.
    pool.on("error", (error) => options.onIdleError?.(error));
  if (options.databaseUrl) {
    const pool = newPool(options.databaseUrl);
    onIdle(pool);
    const database = poolDatabase(pool, "postgres");
    await migrateAlone(pool, () => migratePg(database.db, { migrationsFolder }));
    return database as Database;
  }
  if (options.dataDir.startsWith("memory://")) {
    throw new Error("The embedded database lives in a data folder: give DATA_DIR a folder.");
  }
  const log: DatabaseLog = options.log ?? (() => undefined);
  const { dataDir } = options;
  makePrivateDir(dataDir);
  const pgdata = join(dataDir, "pg");
  const fromPglite =
    needsPgliteMigration(dataDir) &&
    (unfinishedMigration(dataDir) || !existsSync(join(pgdata, "PG_VERSION")));
  if (fromPglite) {
    log("info", "moving the database of an earlier Hearth (PGlite) into the embedded PostgreSQL", {
      from: join(dataDir, "db"),
      to: pgdata,
    });
    rmSync(pgdata, { recursive: true, force: true });
    markMigrationStarted(dataDir);
  }
  const server = await startEmbeddedPostgres(dataDir, (level, message) => log(level, message), {
    user: options.databaseUser,
  });
  const pool = newPool(server.url);
  onIdle(pool);
  const database = poolDatabase(pool, "embedded", () => server.stop());
  try {
    await migrateAlone(pool, () => migratePg(database.db, { migrationsFolder }));
    if (fromPglite) {
      const started = Date.now();
      const client = await pool.connect();
      try {
        await copyFromPglite(dataDir, client, migrationsFolder, (message, fields) =>
          log("info", message, fields),
        );
      } finally {
        // Its settings were the transaction's own (`set local`): the connection is as new.
        client.release();
      }
      await pool.query("analyze");
      const backup = retirePgliteFolder(dataDir);
      log("info", "the earlier database was moved; its folder is kept as a backup", {
        backup,
        ms: Date.now() - started,
        note: "delete that folder once you are satisfied that everything is there",
      });
    }
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database as Database;
}
