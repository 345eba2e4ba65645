/**
 * `npm run rollups:rebuild`: recomputes the monthly roll-ups (`monthly_totals`, decision 028)
 * from the raw entries and shares, for every household, in the configured database
 * (DATABASE_URL, or the embedded database in DATA_DIR; stop the server first there). Writes wait
 * while it runs; the triggers keep the roll-ups right afterwards. Prints how many rows differed.
 */
import { sql } from "drizzle-orm";
import { createDeps } from "#server/app.ts";
import { DataDirLockedError, lockDataDir } from "#server/db/client.ts";
import { queryRows } from "#server/db/rows.ts";
import { ConfigError, loadConfig } from "#server/env.ts";
import { rebuildMonthlyTotals } from "#server/features/transactions/monthly-totals.ts";
import { createLogger } from "#server/lib/logger.ts";

async function main() {
  process.umask(0o077); // the data folder is its owner's only, as the server keeps it
  const config = loadConfig();
  let unlock: () => void = () => undefined;
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        throw new DataDirLockedError(
          `The data folder ${config.dataDir} is in use by a running Hearth server: stop the server, then run npm run rollups:rebuild again. (${error.message})`,
        );
      }
      throw error;
    }
  }
  const deps = await createDeps(config, createLogger("warn"));
  try {
    const snapshot = () =>
      queryRows<{ key: string }>(
        deps.database.db,
        sql`
        select concat_ws(' ', household_id, month, member_id, category_id, kind, total_cents,
            entries) as key
          from monthly_totals where entries <> 0 or total_cents <> 0`,
      );
    const before = new Set((await snapshot()).map((row) => row.key));
    const started = performance.now();
    await rebuildMonthlyTotals(deps.database.db);
    const after = (await snapshot()).map((row) => row.key);
    const differed = after.filter((key) => !before.delete(key)).length + before.size;
    process.stdout.write(
      `Rebuilt ${after.length} monthly totals in ${Math.round(performance.now() - started)} ms; ${differed} differed from what was kept.\n`,
    );
  } finally {
    await deps.database.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof DataDirLockedError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
});
