import { write as writeAsync, writeSync } from "node:fs";

/**
 * Structured logs: one JSON object per line on stdout (warnings and errors on stderr, at once).
 *
 * `process.stdout.write` per line costs a system call per request, is synchronous when stdout is
 * a file, and keeps every line in memory, without bound, when a pipe's reader falls behind.
 * Lines for stdout are gathered instead and written together after the current turn with
 * `fs.write` (libuv's threads, so a slow disk or a full pipe never holds the event loop); what is
 * left is written at exit. While stdout cannot keep up, at most `maxPendingBytes` wait: beyond
 * that lines are dropped and their number logged once it can be, never waited for.
 */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
type Fields = Record<string, unknown>;

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
  child(fields: Fields): Logger;
};

const maxPendingBytes = 8 * 1024 * 1024;

/** The lines waiting for stdout, written in order by one writer at a time. */
export const stdoutLines = (() => {
  let pending: string[] = [];
  let pendingBytes = 0;
  let dropped = 0;
  let busy = false;
  let scheduled = false;

  const take = (): Buffer | null => {
    if (dropped > 0) {
      pending.push(
        `${JSON.stringify({ time: new Date().toISOString(), level: "warn", msg: "log lines dropped: stdout could not keep up", dropped })}\n`,
      );
      dropped = 0;
    }
    if (pending.length === 0) return null;
    const chunk = Buffer.from(pending.join(""));
    pending = [];
    pendingBytes = 0;
    return chunk;
  };

  const writeChunk = (chunk: Buffer, offset: number) => {
    writeAsync(1, chunk, offset, chunk.length - offset, null, (error, written) => {
      if (error) {
        // A non-blocking stdout that is full: try again shortly; anything else: give it up.
        if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
          setTimeout(() => writeChunk(chunk, offset), 5).unref();
          return;
        }
        busy = false;
        return;
      }
      if (offset + written < chunk.length) {
        writeChunk(chunk, offset + written);
        return;
      }
      const next = take();
      if (next) writeChunk(next, 0);
      else busy = false;
    });
  };

  const flush = () => {
    scheduled = false;
    if (busy) return;
    const chunk = take();
    if (!chunk) return;
    busy = true;
    writeChunk(chunk, 0);
  };

  /** At exit: what is still waiting, synchronously (nothing else can run any more). */
  const flushSync = () => {
    const chunk = take();
    if (!chunk) return;
    let offset = 0;
    for (let tries = 0; offset < chunk.length && tries < 1000; tries++) {
      try {
        offset += writeSync(1, chunk, offset, chunk.length - offset);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EAGAIN") return;
      }
    }
  };
  process.once("exit", flushSync);

  return {
    push(line: string) {
      if (pendingBytes + line.length > maxPendingBytes) {
        dropped += 1;
        return;
      }
      pending.push(line);
      pendingBytes += line.length;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flushSync,
  };
})();

export function createLogger(level: LogLevel, base: Fields = {}): Logger {
  const write = (at: Exclude<LogLevel, "silent">, msg: string, fields?: Fields) => {
    if (rank[at] < rank[level]) return;
    const line = JSON.stringify(
      { time: new Date().toISOString(), level: at, msg, ...base, ...fields },
      (_k, v: unknown) =>
        v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v,
    );
    if (at === "error" || at === "warn") process.stderr.write(`${line}\n`);
    else stdoutLines.push(`${line}\n`);
  };
  return {
    debug: (msg, fields) => write("debug", msg, fields),
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, fields) => write("error", msg, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  };
}
