import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { createApp, createDeps } from "./app.ts";
import { DataDirLockedError, lockDataDir } from "./db/client.ts";
import { ConfigError, loadConfig } from "./env.ts";
import { createLogger } from "./lib/logger.ts";

/** The Node entry: one process serving the API and the built app. */
async function main() {
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
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
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
