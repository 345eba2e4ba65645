import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import { createApp, createDeps } from "./app.ts";
import { dailyBackup } from "./db/backup.ts";
import { DataDirLockedError, lockDataDir } from "./db/client.ts";
import { embeddedDatabaseUrl } from "./db/embedded.ts";
import { ConfigError, loadConfig } from "./env.ts";
import { createLogger } from "./lib/logger.ts";
import { collectWhenIdle, limitHeapGrowth } from "./lib/memory.ts";
import { materializeDue } from "./features/recurring/materialize.ts";
import { sendNoticeReminders } from "./features/insurance/reminders.ts";
import { sendDeadlineReminders } from "./features/taxes/reminders.ts";
import { today } from "#shared/dates.ts";

/** How often recurring occurrences are made and deadline reminders sent (also at start). */
const recurringEveryMs = 15 * 60_000;
/** How long no request must arrive before the server collects its garbage. */
const quietBeforeCollectingMs = 5_000;

/** The Node entry: one process serving the API and the built app. */
async function main() {
  // Everything Hearth writes (the database, the secret, avatars) is for its owner only.
  process.umask(0o077);
  // V8's heap held near what the server keeps, not several times that in garbage (decision 057).
  limitHeapGrowth();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const deps = await createDeps(config, logger);
  const app = createApp(deps, { staticDir: resolve(import.meta.dirname, "../../dist") });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(`Hearth is running at ${config.baseUrl}`, {
      port: info.port,
      database: deps.database.kind,
      mail: deps.mailer.kind,
      billing: config.billing,
    });
    if (deps.mailer.kind === "outbox") {
      logger.warn(
        "No SMTP_URL: e-mails (confirmation, reset and invitation links) are kept in the outbox " +
          "and their links printed in this log. The outbox opens at /dev/mailbox only in a " +
          "browser on this computer or for a signed-in administrator (ADMIN_EMAILS); anyone else " +
          "on the network gets a 404. Set SMTP_URL to send real mail.",
        { mailbox: new URL("/dev/mailbox", config.baseUrl).href },
      );
    }
  });

  // Recurring entries: make the occurrences due by today (the server's date, its TZ) at start
  // and every 15 minutes. Safe beside other
  // instances (decision 010); errors are logged only.
  let materializing = false;
  const materialize = async () => {
    if (materializing) return;
    materializing = true;
    try {
      const result = await materializeDue(deps.database.db, today());
      if (result.created > 0) {
        logger.info("recurring entries made", { created: result.created, rules: result.rules });
      }
      for (const failure of result.failed) {
        logger.error("a recurring entry could not be made", failure);
      }
    } catch (error) {
      logger.error("recurring entries could not be made", { error });
    }
    materializing = false;
  };
  void materialize();
  const recurringTimer = setInterval(() => void materialize(), recurringEveryMs);

  // Tax deadline and insurance notice reminders: due ones mailed at start and every 15 minutes,
  // each claimed once so several instances never send one twice (decisions 022 and 024);
  // errors are logged only.
  let reminding = false;
  const remind = async () => {
    if (reminding) return;
    reminding = true;
    const reminderDeps = {
      db: deps.database.db,
      mailer: deps.mailer,
      limiter: deps.limiter,
      logger,
      baseUrl: config.baseUrl,
      billing: config.billing,
    };
    try {
      const result = await sendDeadlineReminders(reminderDeps, today());
      if (result.claimed > 0) logger.info("tax deadline reminders sent", result);
    } catch (error) {
      logger.error("tax deadline reminders could not be sent", { error });
    }
    try {
      const result = await sendNoticeReminders(reminderDeps, today());
      if (result.claimed > 0) logger.info("insurance notice reminders sent", result);
    } catch (error) {
      logger.error("insurance notice reminders could not be sent", { error });
    }
    reminding = false;
  };
  void remind();
  const reminderTimer = setInterval(() => void remind(), recurringEveryMs);

  // The daily backup of the embedded database and files (BACKUP_DAILY, decision 034): checked
  // at start and every hour; one a day, the newest BACKUP_KEEP kept; failures are logged.
  let backingUp = false;
  const backUp = async () => {
    const daily = config.dailyBackup;
    if (!daily || config.databaseUrl || backingUp) return;
    backingUp = true;
    try {
      const made = await dailyBackup({
        databaseUrl: embeddedDatabaseUrl(config.dataDir),
        dataDir: config.dataDir,
        filesDir: config.s3 ? undefined : join(config.dataDir, "files"),
        keep: daily.keep,
      });
      if (made) logger.info("daily backup written", made);
    } catch (error) {
      logger.error("the daily backup could not be written", { error });
    }
    backingUp = false;
  };
  if (config.dailyBackup && config.databaseUrl) {
    logger.warn(
      "BACKUP_DAILY backs up the embedded database only: with DATABASE_URL, back up PostgreSQL with its own tools",
    );
  }
  void backUp();
  const backupTimer = setInterval(() => void backUp(), 60 * 60_000);

  // The heap's garbage given back once the server has been quiet for a few seconds after work
  // that grew it (decision 048): a family's server is quiet most of the day.
  const idle = collectWhenIdle({ idleMs: quietBeforeCollectingMs });
  server.on("request", () => idle.touch());

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    idle.stop();
    clearInterval(recurringTimer);
    clearInterval(reminderTimer);
    clearInterval(backupTimer);
    logger.info("stopping: finishing requests in flight", { signal });
    const force = setTimeout(() => {
      logger.warn("requests still open after 10 s; closing anyway");
      if ("closeAllConnections" in server) server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(async () => {
      await deps.database.close();
      unlock();
      logger.info("stopped");
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Hearth could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
