/**
 * `npm run restore FILE`: puts a backup made by `npm run backup` back into DATA_DIR, while Hearth
 * does not run (it refuses otherwise). What was there is kept beside it until the restore has
 * succeeded (`pg.before-restore-<time>`, `files.before-restore-<time>`), and put back if it fails.
 */
import { resolve } from "node:path";
import { BackupError, restoreBackup } from "#server/db/backup.ts";
import { DataDirLockedError, lockDataDir } from "#server/db/client.ts";
import { embeddedDatabaseRuns } from "#server/db/embedded.ts";
import { ConfigError, loadConfig } from "#server/env.ts";

async function main() {
  process.umask(0o077);
  const file = process.argv[2];
  if (!file) throw new ConfigError("Say which backup to restore: npm run restore FILE");
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError(
      "npm run restore puts a backup into the embedded database in DATA_DIR; with DATABASE_URL " +
        "set, restore PostgreSQL with its own tools (pg_restore).",
    );
  }
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new DataDirLockedError(
        `Hearth is running on the data folder ${config.dataDir}: stop it, then run npm run restore again. (${error.message})`,
      );
    }
    throw error;
  }
  try {
    if (embeddedDatabaseRuns(config.dataDir)) {
      throw new DataDirLockedError(
        "The embedded database of a Hearth that was stopped abruptly still runs: start Hearth and stop it once (Ctrl+C), then restore.",
      );
    }
    const result = await restoreBackup({
      dataDir: config.dataDir,
      file,
      migrationsFolder: resolve(import.meta.dirname, "../drizzle"),
      databaseUser: config.databaseUser,
    });
    const rows = Object.values(result.tables).reduce((sum, n) => sum + n, 0);
    process.stdout.write(
      `Restored ${rows} rows in ${Object.keys(result.tables).length} tables and ${result.files} files into ${config.dataDir}.\n` +
        (result.keptAs.length > 0
          ? `What was there before is kept in ${result.keptAs.join(" and ")}: delete it once you are satisfied.\n`
          : ""),
    );
  } finally {
    unlock();
  }
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof BackupError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
