import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#test/databases.ts";
import { freePort, startServerProcess, waitFor, type RunningServer } from "#test/processes.ts";

describe("the server process", () => {
  // A data folder of its own: the process starts the embedded PostgreSQL in it (decision 027).
  const database = useTestDatabase("embedded");
  let first: RunningServer | undefined;
  let port = 0;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    port = await freePort();
    env = {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: database().dataDir,
      LOG_LEVEL: "info",
      NODE_ENV: "production",
    };
    first = startServerProcess(env);
    const running = first;
    await waitFor(async () => {
      if (running.child.exitCode !== null)
        throw new Error(`The server exited early:\n${running.stderr()}`);
      return running.stdout().includes("Hearth is running at");
    }, "the server to start");
  }, 60_000);

  afterAll(async () => {
    if (first && first.child.exitCode === null) {
      first.child.kill("SIGKILL");
      await first.exited;
    }
  });

  it("answers on its port, with the lock and the generated secret in the data folder", async () => {
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const lock = join(database().dataDir, "hearth.lock");
    expect(readFileSync(lock, "utf8").split("\n")[0]).toBe(String(first?.child.pid));
    expect(
      readFileSync(join(database().dataDir, "auth-secret"), "utf8").trim().length,
    ).toBeGreaterThanOrEqual(32);
  });

  it("keeps the data folder and everything in it for its owner only", () => {
    const open: string[] = [];
    const dataDir = database().dataDir;
    const root = process.getuid?.() === 0;
    const walk = (path: string) => {
      const mode = statSync(path).mode & 0o777;
      // As root the database runs as another user (PostgreSQL refuses root): the data folder is
      // searchable by it (0711, not listable), and the program's copy in engine/ holds nothing
      // private.
      const allowed = root && path === dataDir ? 0o711 : 0o700;
      if (root && path === join(dataDir, "engine")) return;
      if ((mode & ~allowed & 0o077) !== 0) open.push(`${path} ${mode.toString(8)}`);
      if (statSync(path).isDirectory()) {
        for (const name of readdirSync(path)) walk(join(path, name));
      }
    };
    walk(dataDir);
    expect(open).toEqual([]);
    expect(existsSync(join(dataDir, "pg", "PG_VERSION"))).toBe(true);
    // The database's folder belongs to the user the database runs as, never root.
    if (root) expect(statSync(join(dataDir, "pg")).uid).not.toBe(0);
  });

  it("warns at start that mail is kept in the outbox, and who can read it", () => {
    expect(first?.stderr()).toContain("No SMTP_URL");
    expect(first?.stderr()).toContain("only in a browser on this computer");
  });

  it("refuses a second process on the same data folder with a clear sentence", async () => {
    const second = startServerProcess(env);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.stderr()).toContain(
      `Hearth is already running on the data folder ${database().dataDir}`,
    );
    expect(second.stderr()).toContain(`(process ${String(first?.child.pid)})`);
    expect(second.stderr()).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
    // The first one is still serving.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  }, 45_000);

  it("stops gracefully on SIGTERM: exit code 0 and the lock removed", async () => {
    const running = first;
    if (!running) throw new Error("The server did not start.");
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
    expect(running.stdout()).toContain("stopped");
    expect(existsSync(join(database().dataDir, "hearth.lock"))).toBe(false);
  }, 30_000);
});
