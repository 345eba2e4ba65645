import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export type RunningServer = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
};

/**
 * Starts `node --import tsx src/server/index.ts` the way `npm run serve` does, with only the
 * settings given: nothing leaks in from the test's own environment (no DATABASE_URL).
 */
export function startServerProcess(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) =>
    child.once("exit", (code) => resolveExit(code)),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Polls until `check` is true; throws after the timeout. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 45_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}.`);
}

/**
 * Runs a script's file (`scripts/*.ts`) the way its npm script does, with only the settings
 * given; resolves with its exit code and everything it printed.
 */
export async function runScript(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", file, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once("exit", done));
  return { code, out };
}
