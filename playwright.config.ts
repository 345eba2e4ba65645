import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { demo } from "./e2e/demo.ts";

/**
 * Browser tests: Debian's Chromium against the built app (dist/) served by the real server,
 * on a fresh embedded database in a temporary folder, with mail going to the outbox.
 * `npm run test:e2e` builds first; `npx playwright test` alone uses the dist/ that is there.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
/** The browser's, the server's and the tests' own time zone (the tests' "today" is the server's). */
const timeZone = "Europe/Amsterdam";
process.env.TZ = timeZone;
const baseURL = `http://localhost:${port}`;

if (!existsSync(join(import.meta.dirname, "dist", "index.html"))) {
  throw new Error(
    "dist/index.html is missing: run `npx vite build` (or `npm run test:e2e`) first.",
  );
}

// The config is read by the runner and again by every worker: only the runner makes the folder
// (workers inherit its address) and removes it when it exits, after the server has stopped.
let dataDir = process.env.HEARTH_E2E_DATA_DIR;
if (!dataDir) {
  const created = mkdtempSync(join(tmpdir(), "hearth-e2e-"));
  dataDir = created;
  process.env.HEARTH_E2E_DATA_DIR = created;
  process.on("exit", () => rmSync(created, { recursive: true, force: true }));
}

const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: "./e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  workers: 2,
  reporter: "list",
  use: {
    baseURL,
    locale: "en-GB",
    timezoneId: timeZone,
    colorScheme: "light",
    screenshot: "only-on-failure",
    trace: "retain-on-first-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: {
    // First the demo household (e2e/overview.spec.ts signs in to it), then the server itself, as
    // `npm start` runs it (bundled into one module, decision 044; `npm test` has just built the app).
    command: `node --import tsx scripts/seed-demo.ts --password "${demo.password}" && exec node scripts/serve.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      // The family's computer and browser share a time zone: the server's "today" is the
      // browser's (without it, between 23:00 and 24:00 UTC an entry of today was tomorrow's).
      TZ: timeZone,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      AUTH_SECRET: "",
      SMTP_URL: "",
      ADMIN_EMAILS: "admin@e2e.hearth.test,admin2@e2e.hearth.test",
      TRUST_PROXY: "false",
      GOOGLE_CLIENT_ID: "",
      GOOGLE_CLIENT_SECRET: "",
      BILLING: "test",
      RATE_LIMIT: "false",
      LOG_LEVEL: "warn",
    },
  },
});
