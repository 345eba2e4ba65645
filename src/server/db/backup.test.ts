import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createGunzip, gzipSync } from "node:zlib";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, runScript, startServerProcess, waitFor } from "#test/processes.ts";
import { backupName, dailyBackup, pruneBackups, restoreBackup, writeBackup } from "./backup.ts";
import { lockDataDir, openDatabase, type Database } from "./client.ts";
import { embeddedDatabaseUrl } from "./embedded.ts";

/**
 * `npm run backup` and `npm run restore` (issue 16, item 4; decision 034): a backup made while
 * writes run holds every write acknowledged before it began, and puts back a database whose
 * figures (the roll-ups too) are the entries'; a restore refuses while Hearth runs, and a bad
 * file changes nothing.
 */

const root = resolve(import.meta.dirname, "../../..");
const migrationsFolder = join(root, "drizzle");
const folders: string[] = [];
const household = "00000000-0000-4000-8000-000000000001";
const member = "00000000-0000-4000-8000-000000000002";
const category = "00000000-0000-4000-8000-000000000003";

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "hearth-backup-"));
  folders.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function rows<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** A data folder with a household, its category and member, and an avatar file. */
async function household0(): Promise<{ dataDir: string; database: Database; url: string }> {
  const dataDir = folder();
  const database = await openDatabase({ dataDir });
  const url = embeddedDatabaseUrl(dataDir);
  await rows(
    url,
    `insert into "user" (id, name, email, email_verified) values ('u1', 'Anna', 'anna@example.org', true);
     insert into households (id, name) values ('${household}', 'Huishouden van Anna');
     insert into members (id, household_id, user_id, name, role) values ('${member}', '${household}', 'u1', 'Anna', 'owner');
     insert into categories (id, household_id, name, kind) values ('${category}', '${household}', 'Boodschappen', 'expense');`,
  );
  mkdirSync(join(dataDir, "files", "avatars", "u1"), { recursive: true });
  writeFileSync(join(dataDir, "files", "avatars", "u1", "1.png"), Buffer.from([137, 80, 78, 71]));
  return { dataDir, database, url };
}

const insertEntry = (n: number) =>
  `insert into transactions (household_id, kind, amount_cents, occurred_on, category_id, merchant, paid_by_member_id)
   values ('${household}', 'expense', ${100 + n}, date '2026-01-01' + ${n % 300}, '${category}', 'Winkel ${n} café', '${member}')`;

/** Every table's count and the roll-ups checked against the raw entries. */
async function figures(url: string) {
  const [entries] = await rows<{ n: number; total: string }>(
    url,
    "select count(*)::int as n, coalesce(sum(amount_cents), 0)::text as total from transactions",
  );
  const [rollups] = await rows<{ same: boolean }>(
    url,
    `select coalesce(bool_and(m.total_cents = r.total), true) and count(r.month) = (
              select count(*) from monthly_totals where member_id is null and total_cents <> 0) as same
       from (select date_trunc('month', occurred_on)::date as month, sum(amount_cents) as total
               from transactions group by 1) r
       left join monthly_totals m on m.month = r.month and m.member_id is null`,
  );
  return { entries, rollupsAgree: rollups?.same };
}

describe("backups of the embedded database", () => {
  it("made while writes run, hold every acknowledged write and restore to the same figures", async () => {
    const { dataDir, database, url } = await household0();
    const acknowledged: number[] = [];
    let stop = false;
    const writer = (async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      for (let n = 1; !stop; n++) {
        await client.query(insertEntry(n));
        acknowledged.push(n);
      }
      await client.end();
    })();
    while (acknowledged.length < 100) await new Promise((r) => setTimeout(r, 20));
    const before = [...acknowledged];
    const file = join(folder(), backupName());
    const summary = await writeBackup({ databaseUrl: url, filesDir: join(dataDir, "files"), file });
    const during = acknowledged.length;
    while (acknowledged.length < during + 20) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await writer;
    await database.close();

    expect(summary.files).toBe(1);
    expect(summary.tables.transactions).toBeGreaterThanOrEqual(before.length);

    // Into a fresh data folder.
    const fresh = folder();
    const restored = await restoreBackup({ dataDir: fresh, file, migrationsFolder });
    expect(restored.tables.transactions).toBe(summary.tables.transactions);
    expect(readFileSync(join(fresh, "files", "avatars", "u1", "1.png"))).toEqual(
      Buffer.from([137, 80, 78, 71]),
    );
    const opened = await openDatabase({ dataDir: fresh });
    try {
      const freshUrl = embeddedDatabaseUrl(fresh);
      const merchants = new Set(
        (await rows<{ merchant: string }>(freshUrl, "select merchant from transactions")).map(
          (row) => row.merchant,
        ),
      );
      expect(before.filter((n) => !merchants.has(`Winkel ${n} café`))).toEqual([]);
      const after = await figures(freshUrl);
      expect(after.entries?.n).toBe(summary.tables.transactions);
      expect(after.rollupsAgree).toBe(true);
      // The restored database takes new writes, and its triggers keep the roll-ups.
      await rows(freshUrl, insertEntry(100_000));
      expect((await figures(freshUrl)).rollupsAgree).toBe(true);
    } finally {
      await opened.close();
    }
  }, 120_000);

  it("put back over a data folder keep what was there beside it, and a bad file changes nothing", async () => {
    const { dataDir, database, url } = await household0();
    for (let n = 1; n <= 30; n++) await rows(url, insertEntry(n));
    const file = join(folder(), backupName());
    await writeBackup({ databaseUrl: url, filesDir: join(dataDir, "files"), file });
    await rows(url, insertEntry(31)); // after the backup: gone once it is restored
    await database.close();

    // Not a backup, and a backup cut off before its end: refused, the folder as it was.
    const notBackup = join(folder(), "notes.jsonl.gz");
    writeFileSync(notBackup, gzipSync('{"hello":"world"}\n'));
    await expect(restoreBackup({ dataDir, file: notBackup, migrationsFolder })).rejects.toThrow(
      /not a Hearth backup/,
    );
    const whole = await new Promise<string>((done, fail) => {
      const chunks: Buffer[] = [];
      const gunzip = createGunzip();
      gunzip.on("data", (chunk: Buffer) => chunks.push(chunk));
      gunzip.on("end", () => done(Buffer.concat(chunks).toString("utf8")));
      gunzip.on("error", fail);
      gunzip.end(readFileSync(file));
    });
    const cut = join(folder(), "cut.jsonl.gz");
    writeFileSync(cut, gzipSync(whole.split("\n").slice(0, -2).join("\n")));
    await expect(restoreBackup({ dataDir, file: cut, migrationsFolder })).rejects.toThrow(
      /cut off/,
    );
    expect(readdirSync(dataDir).filter((name) => name.includes("before-restore"))).toEqual([]);
    let opened = await openDatabase({ dataDir });
    expect((await figures(embeddedDatabaseUrl(dataDir))).entries?.n).toBe(31);
    await opened.close();

    const result = await restoreBackup({ dataDir, file, migrationsFolder });
    expect(result.keptAs.map((path) => path.split("/").pop()?.split(".")[0])).toEqual([
      "pg",
      "files",
    ]);
    opened = await openDatabase({ dataDir });
    try {
      expect((await figures(embeddedDatabaseUrl(dataDir))).entries?.n).toBe(30);
    } finally {
      await opened.close();
    }
  }, 120_000);

  it("are made once a day when BACKUP_DAILY is set, the newest BACKUP_KEEP kept", async () => {
    const { dataDir, database, url } = await household0();
    try {
      const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
      const options = { databaseUrl: url, dataDir, filesDir: join(dataDir, "files"), keep: 2 };
      expect(await dailyBackup({ ...options, now: day(1) })).toMatchObject({ removed: [] });
      expect(await dailyBackup({ ...options, now: day(1) })).toBeUndefined();
      await dailyBackup({ ...options, now: day(2) });
      const third = await dailyBackup({ ...options, now: day(3) });
      expect(third?.removed).toEqual([backupName(day(1))]);
      expect(readdirSync(join(dataDir, "backups")).sort()).toEqual([
        backupName(day(2)),
        backupName(day(3)),
      ]);
    } finally {
      await database.close();
    }

    // The server makes today's at start.
    const served = folder();
    const port = await freePort();
    const server = startServerProcess({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: served,
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      BACKUP_DAILY: "true",
    });
    try {
      await waitFor(() => {
        if (server.child.exitCode !== null) throw new Error(server.stderr());
        return server.stdout().includes("daily backup written");
      }, "the daily backup");
      const [made] = readdirSync(join(served, "backups"));
      const today = backupName(new Date()).slice(0, "hearth-backup-YYYY-MM-DD".length);
      expect(made?.startsWith(today)).toBe(true);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }, 120_000);

  it("keeps the newest backups only", () => {
    const dir = folder();
    const names = [1, 2, 3, 4].map((day) => backupName(new Date(Date.UTC(2026, 10, day))));
    for (const name of [...names, "notes.txt"]) writeFileSync(join(dir, name), "");
    expect(pruneBackups(dir, 2)).toEqual(names.slice(0, 2));
    expect(readdirSync(dir).sort()).toEqual([...names.slice(2), "notes.txt"].sort());
  });
});

const script = (file: string, args: string[], dataDir: string) =>
  runScript(file, args, { DATA_DIR: dataDir });

describe("npm run backup and npm run restore", () => {
  it("back up beside a running Hearth, and refuse to restore while it runs", async () => {
    const { dataDir, database } = await household0();
    const release = lockDataDir(dataDir); // as the running server holds it
    try {
      const backup = await script("scripts/backup.ts", [], dataDir);
      expect(backup.out).toMatch(/Backup written to .*backups\/hearth-backup-.*\.jsonl\.gz/);
      expect(backup.code).toBe(0);
      const [made] = readdirSync(join(dataDir, "backups"));
      expect(made).toMatch(/^hearth-backup-/);
      const restore = await script(
        "scripts/restore.ts",
        [join(dataDir, "backups", made ?? "")],
        dataDir,
      );
      expect(restore.code).toBe(1);
      expect(restore.out).toContain("Hearth is running on the data folder");
      expect(restore.out).not.toMatch(/\n\s+at /);
    } finally {
      release();
      await database.close();
    }
    // Stopped: the restore goes through.
    const [made] = readdirSync(join(dataDir, "backups"));
    const restore = await script(
      "scripts/restore.ts",
      [join(dataDir, "backups", made ?? "")],
      dataDir,
    );
    expect(restore.out).toMatch(/Restored \d+ rows/);
    expect(restore.code).toBe(0);
    expect(existsSync(join(dataDir, "pg", "PG_VERSION"))).toBe(true);
  }, 120_000);
});
