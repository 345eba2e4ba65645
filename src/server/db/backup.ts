import {
  cpSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { createInterface } from "node:readline";
import { once } from "node:events";
import { createGunzip, createGzip } from "node:zlib";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { startEmbeddedPostgres } from "./embedded.ts";
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
 * Backups of the embedded database and the uploaded files (issue 16, item 4): one gzipped file
 * of JSON lines, written from one repeatable-read snapshot while Hearth runs, and put back into
 * a data folder while it does not. Decision 034.
 *
 * Lines: a header `{format, version, createdAt, migrations: {count, lastMillis}}`; per table a
 * `{table}` line, its rows (`row_to_json`), and `{end: table, rows}`; the sequences; the files
 * under `DATA_DIR/files` as `{file, data}` (base64); and `{end: true, tables, files}` last, so a
 * cut-off file is recognised.
 */

export const backupFormat = "hearth-backup";
export const backupVersion = 1;
const batchRows = 2_000;

export class BackupError extends Error {}

type Header = {
  format: string;
  version: number;
  createdAt: string;
  migrations: { count: number; lastMillis: number };
};

export type BackupSummary = { file: string; tables: Record<string, number>; files: number };

/** Every file under a folder, as paths relative to it. */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  const found: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.push(relative(folder, child));
    }
  };
  walk(folder);
  return found.sort();
}

/**
 * Writes a backup of the database at `databaseUrl` and of `filesDir` into `file`. The rows come
 * from one snapshot (repeatable read): every write acknowledged before it began is in, none made
 * after. Writes go on meanwhile; nothing waits for the backup.
 */
export async function writeBackup(options: {
  databaseUrl: string;
  filesDir: string | undefined;
  file: string;
}): Promise<BackupSummary> {
  const partial = `${options.file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial, { mode: 0o600 });
  const finished = once(out, "close");
  gzip.pipe(out);
  const write = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, "drain");
  };
  const writeRaw = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, "drain");
  };
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const tables: Record<string, number> = {};
  let files = 0;
  try {
    await client.query("begin isolation level repeatable read read only");
    const migrations = await client.query<{ count: number; last: string | null }>(
      `select count(*)::int as count, max(created_at)::text as last
       from drizzle.__drizzle_migrations`,
    );
    const header: Header = {
      format: backupFormat,
      version: backupVersion,
      createdAt: new Date().toISOString(),
      migrations: {
        count: migrations.rows[0]?.count ?? 0,
        lastMillis: Number(migrations.rows[0]?.last ?? 0),
      },
    };
    await write(header);
    const names = (await client.query<{ name: string }>(publicTablesSql)).rows.map(
      (row) => row.name,
    );
    for (const table of names) {
      await write({ table });
      await client.query(
        `declare rows no scroll cursor for select row_to_json(t)::text as row from ${quoteIdent(table)} t`,
      );
      let count = 0;
      for (;;) {
        const batch = await client.query<{ row: string }>(`fetch ${batchRows} from rows`);
        for (const row of batch.rows) await writeRaw(row.row);
        count += batch.rows.length;
        if (batch.rows.length < batchRows) break;
      }
      await client.query("close rows");
      await write({ end: table, rows: count });
      tables[table] = count;
    }
    const sequences = await client.query<{ name: string; value: string | null }>(
      publicSequencesSql,
    );
    await write({ sequences: sequences.rows });
    await client.query("commit");
    // The files after the rows: an avatar uploaded meanwhile is an extra file, never a missing one
    // for a row in the backup (avatars are never overwritten, only added and removed).
    if (options.filesDir) {
      for (const path of filesUnder(options.filesDir)) {
        let data: Buffer;
        try {
          data = readFileSync(join(options.filesDir, path));
        } catch {
          continue; // removed meanwhile
        }
        await write({ file: path, data: data.toString("base64") });
        files += 1;
      }
    }
    await write({ end: true, tables, files });
    gzip.end();
    await finished;
    renameSync(partial, options.file);
  } catch (error) {
    gzip.destroy();
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
  return { file: options.file, tables, files };
}

/** Reads a backup's lines one by one (streamed: a large household is never held whole). */
async function* backupLines(file: string): AsyncGenerator<string> {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  for await (const line of lines) if (line) yield line;
}

/** The migrations folder cut to those a backup was made with, to rebuild its schema. */
function migrationsUpTo(migrationsFolder: string, lastMillis: number): string {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { tag: string; when: number }[] };
  const newest = journal.entries.at(-1);
  if (!newest || newest.when < lastMillis) {
    throw new BackupError(
      "This backup was made by a newer Hearth than this one: update Hearth, then restore it.",
    );
  }
  const known = journal.entries.filter((entry) => entry.when <= lastMillis);
  const folder = mkdtempSync(join(tmpdir(), "hearth-restore-migrations-"));
  mkdirSync(join(folder, "meta"));
  writeFileSync(
    join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries: known }),
  );
  for (const entry of known) {
    cpSync(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

/**
 * Puts a backup into `dataDir` (Hearth must not run on it: the caller holds the data-folder
 * lock). The current database and files are kept beside, as `pg.before-restore-<date>` and
 * `files.before-restore-<date>`, until the restore has succeeded; on any failure they are put
 * back. The schema is rebuilt to the backup's migrations, the rows loaded and counted, and then
 * the migrations since are applied.
 */
export async function restoreBackup(options: {
  dataDir: string;
  file: string;
  migrationsFolder: string;
  databaseUser?: { uid: number; gid: number } | undefined;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}): Promise<{ tables: Record<string, number>; files: number; keptAs: string[] }> {
  const log = options.log ?? (() => undefined);
  const file = resolve(options.file);
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw new BackupError(`There is no backup file at ${file}.`);
  }
  // The header first: a file that is not a backup changes nothing.
  let header: Header | undefined;
  try {
    for await (const line of backupLines(file)) {
      header = JSON.parse(line) as Header;
      break;
    }
  } catch {
    header = undefined;
  }
  if (header?.format !== backupFormat || typeof header.migrations?.lastMillis !== "number") {
    throw new BackupError(`${file} is not a Hearth backup (npm run backup makes one).`);
  }
  if (header.version > backupVersion) {
    throw new BackupError(
      "This backup was made by a newer Hearth than this one: update Hearth, then restore it.",
    );
  }
  const schemaFolder = migrationsUpTo(options.migrationsFolder, header.migrations.lastMillis);

  const { dataDir } = options;
  const stamp = nameStamp();
  const kept: { from: string; to: string }[] = [];
  for (const name of ["pg", "files"]) {
    const from = join(dataDir, name);
    if (existsSync(from)) {
      const to = join(dataDir, `${name}.before-restore-${stamp}`);
      renameSync(from, to);
      kept.push({ from, to });
    }
  }
  const putBack = () => {
    rmSync(join(dataDir, "pg"), { recursive: true, force: true });
    rmSync(join(dataDir, "files"), { recursive: true, force: true });
    for (const { from, to } of kept) renameSync(to, from);
  };

  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  try {
    server = await startEmbeddedPostgres(dataDir, undefined, { user: options.databaseUser });
    const pool = new pg.Pool({ connectionString: server.url, max: 2 });
    try {
      const db = drizzlePg({ client: pool });
      await migratePg(db, { migrationsFolder: schemaFolder });
      const client = await pool.connect();
      let tables: Record<string, number> = {};
      let files = 0;
      try {
        ({ tables, files } = await loadBackup(client, file, join(dataDir, "files")));
      } finally {
        // Its settings were the transaction's own (`set local`): the connection is as new.
        client.release();
      }
      // The migrations made since the backup.
      await migratePg(db, { migrationsFolder: options.migrationsFolder });
      await pool.query("analyze");
      log("the backup was restored", { tables: Object.keys(tables).length, files });
      const keptAs = kept.map((entry) => entry.to);
      return { tables, files, keptAs };
    } finally {
      await pool.end();
    }
  } catch (error) {
    await server?.stop().catch(() => undefined);
    server = undefined;
    putBack();
    throw error;
  } finally {
    await server?.stop();
    rmSync(schemaFolder, { recursive: true, force: true });
  }
}

/** Loads a backup's rows in one transaction (foreign keys and triggers waiting) and its files. */
async function loadBackup(client: pg.PoolClient, file: string, filesDir: string) {
  const counts: Record<string, number> = {};
  let current: string | undefined;
  let batch: string[] = [];
  let files = 0;
  let ended: { tables: Record<string, number>; files: number } | undefined;
  const flush = async () => {
    if (!current || batch.length === 0) return;
    await insertJsonRows(client, current, batch);
    counts[current] = (counts[current] ?? 0) + batch.length;
    batch = [];
  };
  const tables = (await client.query<{ name: string }>(publicTablesSql)).rows.map(
    (row) => row.name,
  );
  await beginLoading(client, tables);
  try {
    let first = true;
    for await (const line of backupLines(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (current && line.startsWith("{") && !line.startsWith('{"end":')) {
        batch.push(line);
        if (batch.length >= batchRows) await flush();
        continue;
      }
      const item = JSON.parse(line) as {
        table?: string;
        end?: string | true;
        rows?: number;
        sequences?: { name: string; value: string | null }[];
        file?: string;
        data?: string;
        tables?: Record<string, number>;
        files?: number;
      };
      if (typeof item.table === "string") {
        if (!tables.includes(item.table)) {
          throw new BackupError(
            `The backup holds a table this Hearth does not know: ${item.table}.`,
          );
        }
        current = item.table;
        counts[current] = 0;
      } else if (typeof item.end === "string") {
        await flush();
        if (counts[item.end] !== item.rows) {
          throw new BackupError(`The backup's table ${item.end} is incomplete.`);
        }
        current = undefined;
      } else if (item.sequences) {
        await setSequences(client, item.sequences);
      } else if (typeof item.file === "string" && typeof item.data === "string") {
        const target = resolve(filesDir, item.file);
        if (!target.startsWith(`${resolve(filesDir)}/`)) {
          throw new BackupError(`The backup names a file outside the files folder: ${item.file}.`);
        }
        mkdirSync(join(target, ".."), { recursive: true, mode: 0o700 });
        writeFileSync(target, Buffer.from(item.data, "base64"), { mode: 0o600 });
        files += 1;
      } else if (item.end === true) {
        ended = { tables: item.tables ?? {}, files: item.files ?? 0 };
      }
    }
    if (!ended) {
      throw new BackupError("The backup file is cut off (its last line is missing): use another.");
    }
    for (const [table, rows] of Object.entries(ended.tables)) {
      if (counts[table] !== rows)
        throw new BackupError(`The backup's table ${table} is incomplete.`);
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  }
  return { tables: counts, files };
}

/** The backups in a folder, oldest first, and removes all but the newest `keep`. */
export function pruneBackups(folder: string, keep: number): string[] {
  if (!existsSync(folder)) return [];
  const backups = readdirSync(folder)
    .filter((name) => /^hearth-backup-.*\.jsonl\.gz$/.test(name))
    .sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) rmSync(join(folder, name), { force: true });
  return removed;
}

/** The name of a backup made at `at`: sorts by time. */
export function backupName(at = new Date()): string {
  return `hearth-backup-${nameStamp(at)}Z.jsonl.gz`;
}

/**
 * The daily backup (`BACKUP_DAILY`): writes one into `DATA_DIR/backups` unless one of today (UTC)
 * is there, then keeps the newest `keep`. Returns the file written, or undefined.
 */
export async function dailyBackup(options: {
  databaseUrl: string;
  dataDir: string;
  filesDir: string | undefined;
  keep: number;
  now?: Date;
}): Promise<{ file: string; removed: string[] } | undefined> {
  const now = options.now ?? new Date();
  const folder = join(options.dataDir, "backups");
  const today = backupName(now).slice(0, "hearth-backup-YYYY-MM-DD".length);
  if (existsSync(folder) && readdirSync(folder).some((name) => name.startsWith(today))) {
    return undefined;
  }
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = join(folder, backupName(now));
  await writeBackup({ databaseUrl: options.databaseUrl, filesDir: options.filesDir, file });
  return { file, removed: pruneBackups(folder, options.keep) };
}
