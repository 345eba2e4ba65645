/**
 * `npm run backup [FILE]`: a consistent copy of the embedded database and the uploaded files,
 * made while Hearth runs (one snapshot of the database; nothing waits for it), into FILE or
 * `DATA_DIR/backups/hearth-backup-<time>.jsonl.gz`. Put it back with `npm run restore FILE`
 * (decision 034). On PostgreSQL (DATABASE_URL) use the server's own tools (pg_dump).
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { backupName, writeBackup } from "#server/db/backup.ts";
import { DataDirLockedError, lockDataDir, openDatabase } from "#server/db/client.ts";
import { embeddedDatabaseRuns, embeddedDatabaseUrl } from "#server/db/embedded.ts";
import { ConfigError, loadConfig } from "#server/env.ts";

async function main() {
  process.umask(0o077); // a backup holds everything: its owner's only
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError(
      "npm run backup copies the embedded database in DATA_DIR; with DATABASE_URL set, back up " +
        "PostgreSQL with its own tools (pg_dump) and S3 with the bucket's.",
    );
  }
  const { dataDir } = config;
  const file = resolve(process.argv[2] ?? join(dataDir, "backups", backupName()));
  mkdirSync(join(file, ".."), { recursive: true, mode: 0o700 });
  const filesDir = config.s3 ? undefined : join(dataDir, "files");
  const started = performance.now();
  let summary;
  if (embeddedDatabaseRuns(dataDir)) {
    summary = await writeBackup({ databaseUrl: embeddedDatabaseUrl(dataDir), filesDir, file });
  } else {
    // Hearth is not running: start the database for the copy, holding the folder meanwhile.
    const unlock = lockDataDir(dataDir);
    try {
      const database = await openDatabase({ dataDir, databaseUser: config.databaseUser });
      try {
        summary = await writeBackup({ databaseUrl: embeddedDatabaseUrl(dataDir), filesDir, file });
      } finally {
        await database.close();
      }
    } finally {
      unlock();
    }
  }
  const rows = Object.values(summary.tables).reduce((sum, n) => sum + n, 0);
  process.stdout.write(
    `Backup written to ${summary.file}: ${rows} rows in ${Object.keys(summary.tables).length} tables` +
      `${filesDir ? ` and ${summary.files} files` : " (uploaded files are in S3: back up the bucket)"}` +
      `, in ${Math.round(performance.now() - started)} ms. Put it back with: npm run restore ${summary.file}\n`,
  );
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof DataDirLockedError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
