import { afterAll, beforeAll } from "vitest";
import { createApp, createDeps, type AppDeps } from "#server/app.ts";
import { loadConfig, type Config } from "#server/env.ts";
import { createLogger } from "#server/lib/logger.ts";
import type { TestDatabase } from "#test/databases.ts";

/** The address the test app believes it is served at; state-changing requests need it as Origin. */
export const testBaseUrl = "http://localhost:3000";
/** A fixed secret so loadConfig never writes an auth-secret file during tests. */
export const testAuthSecret = "test-secret-test-secret-test-secret-0123456789";

export type TestApp = {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  config: Config;
  /** Calls the app in-process: real Request/Response semantics, no network. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
};

/**
 * Builds the real app (createDeps + createApp) on a test database. Settings are those of
 * production except: a fixed secret, silent logs, TRUST_PROXY on (so each test picks its own
 * client address with X-Forwarded-For and gets its own rate-limit buckets). `env` overrides.
 */
export async function startTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: { staticDir?: string } = {},
): Promise<TestApp> {
  const loaded = loadConfig({
    NODE_ENV: "test",
    BASE_URL: testBaseUrl,
    AUTH_SECRET: testAuthSecret,
    LOG_LEVEL: "silent",
    TRUST_PROXY: "true",
    DATABASE_URL: database.databaseUrl,
    ...env,
  });
  // loadConfig resolves DATA_DIR to an absolute folder, which would turn "memory://" into one.
  const config: Config = { ...loaded, dataDir: database.dataDir };
  const deps = await createDeps(config, createLogger(config.logLevel));
  const app = createApp(deps, options);
  return {
    app,
    deps,
    config,
    request: async (path, init) => app.request(path, init),
    close: async () => {
      try {
        await deps.database.close();
      } catch {
        // Already closed by the test (the health test closes it on purpose).
      }
    },
  };
}

/** Starts a test app before the block's tests and closes it after them. */
export function useTestApp(
  database: () => TestDatabase,
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: () => { staticDir?: string } = () => ({}),
) {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await startTestApp(database(), typeof env === "function" ? env() : env, options());
  });
  afterAll(async () => {
    await testApp?.close();
  });
  return (): TestApp => {
    if (!testApp)
      throw new Error("The test app starts in beforeAll; use it inside hooks and tests.");
    return testApp;
  };
}
