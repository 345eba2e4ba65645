/**
 * `npm run seed:demo`: creates the demo account and its Dutch family household in the configured
 * database (DATABASE_URL, or the embedded database in DATA_DIR; stop the server first there).
 * A second run finds the account and changes nothing. `--password <password>` sets the
 * account's password instead of generating one (the browser tests sign in with a known one).
 */
import { createDeps } from "#server/app.ts";
import { DataDirLockedError, lockDataDir } from "#server/db/client.ts";
import { ConfigError, loadConfig } from "#server/env.ts";
import { seedDemo } from "#server/features/demo/seed-demo.ts";
import { createLogger } from "#server/lib/logger.ts";
import { today } from "#shared/dates.ts";

/** The value after `--password`, if given. */
function passwordArgument(): string | undefined {
  const index = process.argv.indexOf("--password");
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main() {
  process.umask(0o077); // the data folder is its owner's only, as the server keeps it
  const config = loadConfig();
  const password = passwordArgument();
  let unlock: () => void = () => undefined;
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        throw new DataDirLockedError(
          `The data folder ${config.dataDir} is in use by a running Hearth server: stop the server, then run npm run seed:demo again. (${error.message})`,
        );
      }
      throw error;
    }
  }
  const deps = await createDeps(config, createLogger("warn"));
  try {
    const result = await seedDemo(deps, { today: today(), ...(password ? { password } : {}) });
    if (!result.created) {
      process.stdout.write(
        `The demo account ${result.email} already exists; nothing was changed. Sign in at ${config.baseUrl}/auth with the password printed when it was made.\n`,
      );
      return;
    }
    const { counts } = result;
    process.stdout.write(
      [
        "The demo household is ready.",
        `  Sign in at: ${config.baseUrl}/auth`,
        `  E-mail:     ${result.email}`,
        `  Password:   ${result.password}`,
        `  ${counts.transactions} entries, ${counts.recurringRules} recurring rules, ${counts.budgets} budgets, ${counts.members} people, ${counts.savingsAccounts} savings accounts (${counts.savingsMovements} movements), ${counts.goals} goals, ${counts.portfolios} portfolio (${counts.holdings} holdings, ${counts.trades} trades, ${counts.prices} prices), ${counts.loans} loans, ${counts.taxItems} tax payments and refunds, ${counts.deadlines} tax deadlines, ${counts.policies} insurance policies`,
        "",
      ].join("\n"),
    );
  } finally {
    await deps.database.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `The demo data could not be made: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
