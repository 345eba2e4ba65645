import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "#test/processes.ts";
import { openDatabase } from "./client.ts";
import { embeddedDatabaseUrl, startEmbeddedPostgres } from "./embedded.ts";

/**
 * The embedded database's supervisor (decision 027): a real PostgreSQL in DATA_DIR/pg, started
 * and stopped by Hearth, with fsync on, no TCP port, an orphan of a killed Hearth stopped at the
 * next start, acknowledged writes kept through SIGKILL, and an earlier Hearth's PGlite folder
 * copied over once.
 */

const root = resolve(import.meta.dirname, "../../..");
const folders: string[] = [];

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "hearth-embedded-"));
  folders.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts the writer process on a folder; resolves once it writes. */
function startWriter(dataDir: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "src/test/embedded-writer.ts", dataDir],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const acknowledged = () =>
    stdout
      .split("\n")
      .filter((line) => /^\d+$/.test(line))
      .map(Number);
  return { child, exited, acknowledged, stderr: () => stderr };
}

describe("the embedded PostgreSQL", () => {
  it("creates its cluster on the first start: fsync on, no TCP port, a private password", async () => {
    const dataDir = dataFolder();
    const server = await startEmbeddedPostgres(dataDir);
    try {
      expect(server.version).toMatch(/^1[5-9]\./);
      const rows = await query<{ fsync: string; listen: string; commit: string }>(
        server.url,
        `select current_setting('fsync') as fsync, current_setting('listen_addresses') as listen,
                current_setting('synchronous_commit') as commit`,
      );
      expect(rows).toEqual([{ fsync: "on", listen: "", commit: "on" }]);
      // Unicode case rules whatever the computer's locales: a search for "CAFÉ" finds "Café".
      const [cases] = await query<{ lower: string; found: boolean }>(
        server.url,
        "select lower('CAFÉ MÜLLER') as lower, 'Café Müller' ilike '%CAFÉ MÜ%' as found",
      );
      expect(cases).toEqual({ lower: "café müller", found: true });
      expect(statSync(join(dataDir, "db-password")).mode & 0o777).toBe(0o600);
      expect(existsSync(join(dataDir, "pg", ".s.PGSQL.5432"))).toBe(true);
      // Without the password, the socket is no way in.
      const noPassword = new URL(server.url);
      noPassword.password = "wrong";
      await expect(query(noPassword.toString(), "select 1")).rejects.toThrow(/password/);
      expect(embeddedDatabaseUrl(dataDir)).toBe(server.url);
    } finally {
      await server.stop();
    }
    expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  });

  it.runIf(process.getuid?.() === 0)(
    "as root, runs as another user and reaches a data folder inside a private folder",
    async () => {
      const privateFolder = dataFolder(); // 0700, root's
      const dataDir = join(privateFolder, "data");
      mkdirSync(dataDir, { mode: 0o700 });
      const told: string[] = [];
      const server = await startEmbeddedPostgres(dataDir, (_level, message) => told.push(message));
      try {
        const [row] = await query<{ ok: number }>(server.url, "select 1 as ok");
        expect(row?.ok).toBe(1);
        expect(statSync(join(dataDir, "pg")).uid).toBe(65534);
        expect(statSync(privateFolder).mode & 0o777).toBe(0o701);
        expect(told.join("\n")).toContain(privateFolder);
      } finally {
        await server.stop();
      }
    },
  );

  it("stops the database a killed Hearth left running, and keeps every acknowledged write", async () => {
    const dataDir = dataFolder();
    const writer = startWriter(dataDir);
    await waitFor(
      () => writer.acknowledged().length >= 50 || writer.child.exitCode !== null,
      "writes",
    );
    expect(writer.stderr()).toBe("");
    writer.child.kill("SIGKILL");
    await writer.exited;
    const acknowledged = writer.acknowledged();
    // The postmaster outlives the Node process that started it.
    const orphan = postmasterPid(dataDir);
    expect(alive(orphan)).toBe(true);

    const server = await startEmbeddedPostgres(dataDir);
    try {
      expect(alive(orphan)).toBe(false);
      const rows = await query<{ id: number }>(server.url, "select id from acknowledged");
      const kept = new Set(rows.map((row) => row.id));
      expect(acknowledged.filter((id) => !kept.has(id))).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it("recovers after the database itself is killed mid-write, losing no acknowledged write", async () => {
    const dataDir = dataFolder();
    const writer = startWriter(dataDir);
    await waitFor(
      () => writer.acknowledged().length >= 50 || writer.child.exitCode !== null,
      "writes",
    );
    const postmaster = postmasterPid(dataDir);
    process.kill(postmaster, "SIGKILL");
    writer.child.kill("SIGKILL");
    await writer.exited;
    const acknowledged = writer.acknowledged();

    const server = await startEmbeddedPostgres(dataDir);
    try {
      const rows = await query<{ id: number }>(server.url, "select id from acknowledged");
      const kept = new Set(rows.map((row) => row.id));
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(acknowledged.filter((id) => !kept.has(id))).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

const migrationsFolder = join(root, "drizzle");

/** A data folder as an earlier Hearth left it: PGlite in DATA_DIR/db, with a household's rows. */
async function pgliteFolder(extra?: string) {
  const dataDir = dataFolder();
  const client = await PGlite.create(join(dataDir, "db"));
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  await client.exec(`
    insert into "user" (id, name, email, email_verified) values ('u1', 'Anna', 'anna@example.org', true);
    insert into households (id, name) values ('00000000-0000-4000-8000-000000000001', 'Huishouden van Anna');
    insert into members (id, household_id, user_id, name, role)
      values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'u1', 'Anna', 'owner');
    insert into categories (id, household_id, name, kind)
      values ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001', 'Boodschappen', 'expense');
    insert into transactions (household_id, kind, amount_cents, occurred_on, category_id, merchant, paid_by_member_id)
      select '00000000-0000-4000-8000-000000000001', 'expense', 100 + n, date '2025-01-01' + (n % 700),
             '00000000-0000-4000-8000-000000000003', 'Albert Heijn ' || n || ' café', '00000000-0000-4000-8000-000000000002'
      from generate_series(1, 12000) n;
    ${extra ?? ""}
  `);
  const counts = await client.query<{ n: number; total: string }>(
    "select count(*)::int as n, sum(amount_cents)::text as total from transactions",
  );
  const rollups = await client.query<{ n: number }>(
    "select count(*)::int as n from monthly_totals",
  );
  await client.close();
  const [transactions] = counts.rows;
  if (!transactions) throw new Error("no count");
  return { dataDir, transactions, rollups: rollups.rows[0]?.n ?? 0 };
}

describe("an earlier Hearth's PGlite data folder", () => {
  it("is copied into the embedded PostgreSQL once, with every row, and kept as a backup", async () => {
    const before = await pgliteFolder();
    expect(before.rollups).toBeGreaterThan(0);
    const told: string[] = [];
    const database = await openDatabase({
      dataDir: before.dataDir,
      log: (_level, message) => told.push(message),
    });
    try {
      expect(database.kind).toBe("embedded");
      const url = embeddedDatabaseUrl(before.dataDir);
      const [after] = await query<{ n: number; total: string; accents: number }>(
        url,
        `select count(*)::int as n, sum(amount_cents)::text as total,
                count(*) filter (where merchant like '%café')::int as accents from transactions`,
      );
      expect(after).toEqual({ ...before.transactions, accents: before.transactions.n });
      const [rollups] = await query<{ n: number; same: boolean }>(
        url,
        `select count(*)::int as n, bool_and(m.total_cents = r.total) as same from monthly_totals m
         join (select date_trunc('month', occurred_on)::date as month, sum(amount_cents) as total
               from transactions group by 1) r on r.month = m.month and m.member_id is null`,
      );
      expect(rollups).toEqual({ n: before.rollups, same: true });
      // The roll-ups' triggers work on the copy: a new entry counts.
      await query(
        url,
        `insert into transactions (household_id, kind, amount_cents, occurred_on, category_id, merchant, paid_by_member_id)
         values ('00000000-0000-4000-8000-000000000001', 'expense', 5, '2025-01-01', '00000000-0000-4000-8000-000000000003', 'x', '00000000-0000-4000-8000-000000000002')`,
      );
      const [january] = await query<{ ok: boolean }>(
        url,
        `select (select total_cents from monthly_totals where month = '2025-01-01' and member_id is null)
              = (select sum(amount_cents) from transactions where occurred_on < '2025-02-01') as ok`,
      );
      expect(january).toEqual({ ok: true });
    } finally {
      await database.close();
    }
    const names = readdirSync(before.dataDir);
    expect(names).not.toContain("db");
    expect(names.some((name) => name.startsWith("db.pglite-backup-"))).toBe(true);
    expect(told.some((line) => /moved/.test(line))).toBe(true);

    // The next start opens the embedded database as it is: nothing is copied again.
    const again: string[] = [];
    const reopened = await openDatabase({
      dataDir: before.dataDir,
      log: (_level, message) => again.push(message),
    });
    await reopened.close();
    expect(again.filter((line) => /earlier Hearth|copied/.test(line))).toEqual([]);
  }, 120_000);

  it("is left untouched when the copy fails, and the next start copies it", async () => {
    // A table the current migrations do not know: the copy cannot place its rows.
    const before = await pgliteFolder(
      "create table stray (x integer); insert into stray values (1);",
    );
    await expect(openDatabase({ dataDir: before.dataDir })).rejects.toThrow(/stray/);
    expect(existsSync(join(before.dataDir, "db", "PG_VERSION"))).toBe(true);

    const client = await PGlite.create(join(before.dataDir, "db"));
    await client.exec("drop table stray");
    await client.close();
    const database = await openDatabase({ dataDir: before.dataDir });
    try {
      const [after] = await query<{ n: number }>(
        embeddedDatabaseUrl(before.dataDir),
        "select count(*)::int as n from transactions",
      );
      expect(after?.n).toBe(before.transactions.n);
    } finally {
      await database.close();
    }
  }, 120_000);
});
