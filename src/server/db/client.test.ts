import { spawn, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DataDirLockedError,
  lockDataDir,
  openDatabase,
  processStartIdentity,
  type Database,
} from "#server/db/client.ts";
import { queryRows } from "#server/db/rows.ts";
import * as schema from "#server/db/schema.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { sql } from "drizzle-orm";
import pg from "pg";

/** A live process that is not us: `sleep`, killed after the test. */
function startSleeper(): ChildProcess & { pid: number } {
  const child = spawn("sleep", ["60"], { stdio: "ignore" });
  if (child.pid === undefined) throw new Error("Could not start sleep.");
  return Object.assign(child, { pid: child.pid });
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn("true", [], { stdio: "ignore" });
  const pid = child.pid;
  if (pid === undefined) throw new Error("Could not start true.");
  await new Promise((resolve) => child.once("exit", resolve));
  return pid;
}

describe("lockDataDir", () => {
  let dataDir: string;
  let lockFile: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), "hearth-lock-")), "data");
    lockFile = join(dataDir, "hearth.lock");
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
    rmSync(join(dataDir, ".."), { recursive: true, force: true });
  });

  it("creates the folder for its owner only, writes our pid and start, and removes the file on release", () => {
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile, "utf8")).toBe(
      `${process.pid}\n${processStartIdentity(process.pid) ?? ""}\n`,
    );
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(lockFile).mode & 0o777).toBe(0o600);
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("makes a data folder others could read the owner's only", () => {
    mkdirSync(dataDir, { recursive: true, mode: 0o777 });
    chmodSync(dataDir, 0o777);
    lockDataDir(dataDir)();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it("refuses a folder another live process holds, with a sentence naming the folder", () => {
    const other = startSleeper();
    children.push(other);
    lockDataDir(dataDir)(); // creates the folder
    // As that process would have written it: its pid and its start.
    const held = `${other.pid}\n${processStartIdentity(other.pid) ?? ""}\n`;
    writeFileSync(lockFile, held);

    let refused: unknown;
    try {
      lockDataDir(dataDir);
    } catch (error) {
      refused = error;
    }
    if (!(refused instanceof DataDirLockedError))
      throw new Error(`Expected DataDirLockedError, got ${String(refused)}`);
    const { message } = refused;
    expect(message).toContain(dataDir);
    expect(message).toContain(String(other.pid));
    expect(message).toMatch(/already running/);
    expect(readFileSync(lockFile, "utf8")).toBe(held); // the holder's lock is untouched
  });

  it("takes over a lock whose pid now belongs to another process (a crash, then a reboot)", () => {
    const other = startSleeper();
    children.push(other);
    lockDataDir(dataDir)();
    // Written by a Hearth that started at another moment: the pid was handed on since.
    writeFileSync(lockFile, `${other.pid}\nproc-start:1\n`);
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile, "utf8").split("\n")[0]).toBe(String(process.pid));
    release();
    // A lock of the old form (a pid alone) held by a process that is not Node: taken over too.
    writeFileSync(lockFile, String(other.pid));
    lockDataDir(dataDir)();
  });

  it("takes over a lock left by a process that is gone", async () => {
    lockDataDir(dataDir)();
    const pid = await deadPid();
    writeFileSync(lockFile, String(pid));
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile, "utf8").split("\n")[0]).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("takes over a lock file that holds no pid", () => {
    lockDataDir(dataDir)();
    writeFileSync(lockFile, "not a pid");
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile, "utf8").split("\n")[0]).toBe(String(process.pid));
    release();
  });
});

/** Reads every table the app defines: fails when a migration is missing a table or a column. */
async function readEveryTable(database: Database) {
  const { db } = database;
  await db.select().from(schema.user).limit(1);
  await db.select().from(schema.session).limit(1);
  await db.select().from(schema.account).limit(1);
  await db.select().from(schema.verification).limit(1);
  await db.select().from(schema.rateLimit).limit(1);
  await db.select().from(schema.profiles).limit(1);
  await db.select().from(schema.households).limit(1);
  await db.select().from(schema.members).limit(1);
  await db.select().from(schema.outboxMails).limit(1);
}

describeOnEachDatabase("openDatabase", (database, kind) => {
  it("opens an already migrated database again without harm", async () => {
    const first = await openDatabase({
      databaseUrl: database().databaseUrl,
      dataDir: database().dataDir,
    });
    // The embedded kind's test database is reached by its address, as DATABASE_URL would.
    expect(first.kind).toBe("postgres");
    expect(kind).toMatch(/embedded|postgres/);
    await readEveryTable(first);
    await first.db.insert(schema.households).values({ name: "Kept" });
    await first.close();

    const again = await openDatabase({
      databaseUrl: database().databaseUrl,
      dataDir: database().dataDir,
    });
    const rows = await again.db.select().from(schema.households);
    expect(rows.map((row) => row.name)).toEqual(["Kept"]);
    expect(await again.ping()).toBe(true);
    await again.close();
  });

  it("lives on when PostgreSQL ends its idle connections (a restart, an administrator)", async () => {
    const url = database().databaseUrl;
    const told: string[] = [];
    const opened = await openDatabase({
      databaseUrl: url,
      dataDir: database().dataDir,
      onIdleError: (error) => told.push(error.message),
    });
    await opened.db.select().from(schema.households).limit(1);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    let ended: number;
    try {
      const result = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      ended = result.rowCount ?? 0;
    } finally {
      await admin.end();
    }
    // Every ended connection is told before the next query (the pool may have kept several
    // idle: one told is not yet all of them dropped).
    await expect.poll(() => told.length).toBeGreaterThanOrEqual(Math.max(1, ended));
    expect(told[0]).toMatch(/terminating connection/);
    expect(await opened.ping()).toBe(true);
    await opened.close();
  });

  it("starts no parallel workers for a small statement on any of its connections", async () => {
    const opened = await openDatabase({
      databaseUrl: database().databaseUrl,
      dataDir: database().dataDir,
    });
    try {
      // Several at once: each on a connection of its own, the new ones included.
      const settings = await Promise.all(
        Array.from({ length: 4 }, () =>
          queryRows<{ cost: string }>(
            opened.db,
            sql`select current_setting('parallel_setup_cost') as cost, pg_sleep(0.05)`,
          ),
        ),
      );
      expect(settings.map((rows) => Number(rows[0]?.cost))).toEqual([10000, 10000, 10000, 10000]);
    } finally {
      await opened.close();
    }
  });
});
