/**
 * `npm run weight`: what a real browser receives for the first screens. Builds nothing: run
 * `npx vite build` first (it checks that dist/ is there). Seeds the demo household into a fresh
 * data folder, starts the built server as `npm start` runs it, opens the landing page, /auth
 * and the demo's signed-in dashboard in headless Chromium, each with an empty cache, and prints
 * the JavaScript and all bytes received (compressed, as sent) next to the budgets in
 * e2e/page-weight.ts. `--files` lists each screen's scripts, `--json` prints the figures as JSON.
 * PORT chooses the port (3499).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { demo } from "../e2e/demo.ts";
import {
  jsBudgets,
  measureScreen,
  signIn,
  weightTable,
  type ScreenName,
} from "../e2e/page-weight.ts";

const root = join(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 3499);
const baseURL = `http://localhost:${port}`;

async function waitForHealth(deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${baseURL}/api/health in time`);
}

async function main() {
  if (!existsSync(join(root, "dist", "index.html"))) {
    throw new Error("dist/index.html is missing: run `npx vite build` first.");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "hearth-weight-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: baseURL,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    BILLING: "test",
    RATE_LIMIT: "false",
    LOG_LEVEL: "warn",
  };
  const node = process.execPath;
  const seeded = spawnSync(
    node,
    ["--import", "tsx", "scripts/seed-demo.ts", "--password", demo.password],
    { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (seeded.status !== 0) throw new Error("seeding the demo household failed");
  const server = spawn(node, ["--import", "tsx", "src/server/index.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    await waitForHealth(Date.now() + 60_000);
    const weights = [];
    for (const screen of Object.keys(jsBudgets) as ScreenName[]) {
      const context = await browser.newContext({ baseURL, locale: "en-GB" });
      const page = await context.newPage();
      if (screen === "dashboard") await signIn(page, baseURL, demo.email, demo.password);
      weights.push(await measureScreen(page, screen));
      await context.close();
    }
    console.log(weightTable(weights));
    if (process.argv.includes("--files")) {
      for (const weight of weights) {
        console.log(`\n${weight.screen} (${weight.path}): scripts, bytes sent / decoded`);
        for (const script of weight.scripts) {
          console.log(
            `  ${String(script.bytes).padStart(8)} ${String(script.decoded).padStart(9)}  ${script.path}`,
          );
        }
      }
    }
    if (process.argv.includes("--json")) console.log(JSON.stringify(weights, null, 2));
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
