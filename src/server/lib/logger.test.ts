import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../..");

/**
 * Logs `lines` info lines in a child process whose stdout nobody reads until its event loop has
 * said, on stderr, that it still turns (a timer after the logging); then reads what came out.
 */
async function logUnread(lines: number) {
  const script = `
    import { createLogger } from "#server/lib/logger.ts";
    const logger = createLogger("info");
    for (let i = 0; i < ${lines}; i++) logger.info("line", { i, padding: "x".repeat(60) });
    setTimeout(() => process.stderr.write("alive\\n"), 10);
    process.stdin.once("data", () => process.exit(0));
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const alive = await new Promise<boolean>((done) => {
    const timer = setTimeout(() => done(false), 20_000);
    child.stderr.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("alive")) {
        clearTimeout(timer);
        done(true);
      }
    });
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on("exit", done));
  // Let the writer drain what waits, then ask the child to exit (the rest is written then).
  await new Promise((done) => setTimeout(done, 300));
  child.stdin.write("exit\n");
  const code = await exited;
  await new Promise((done) => setTimeout(done, 50));
  const parsed = out
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { i?: number; dropped?: number });
  return {
    alive,
    code,
    numbers: parsed.flatMap((line) => (line.i === undefined ? [] : [line.i])),
    dropped: parsed.reduce((sum, line) => sum + (line.dropped ?? 0), 0),
  };
}

const increasing = (numbers: number[]) =>
  numbers.every((n, index) => index === 0 || n > (numbers[index - 1] ?? -1));

describe("the logger", () => {
  it("keeps the event loop turning while nobody reads stdout, and writes every line in order", async () => {
    // 20,000 lines (~2 MB) fill a pipe nobody reads thirty times over.
    const result = await logUnread(20_000);
    expect(result.alive, "the event loop stopped while stdout was full").toBe(true);
    expect(result.code).toBe(0);
    expect(result.dropped).toBe(0);
    expect(result.numbers).toHaveLength(20_000);
    expect(result.numbers.every((n, index) => n === index)).toBe(true);
  }, 40_000);

  it("keeps at most 8 MB for a stdout that does not keep up, and says how many lines it dropped", async () => {
    // 120,000 lines (~12 MB) while nobody reads: Node's own stream would hold all of them in
    // memory; the logger keeps what fits, drops the rest and says so.
    const result = await logUnread(120_000);
    expect(result.alive).toBe(true);
    expect(result.dropped).toBeGreaterThan(0);
    expect(result.numbers.length + result.dropped).toBe(120_000);
    expect(increasing(result.numbers)).toBe(true);
  }, 40_000);
});
