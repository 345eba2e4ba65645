/** Structured logs: one JSON object per line on stdout (errors on stderr). */
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

export function createLogger(level: LogLevel, base: Fields = {}): Logger {
  const write = (at: Exclude<LogLevel, "silent">, msg: string, fields?: Fields) => {
    if (rank[at] < rank[level]) return;
    const line = JSON.stringify(
      { time: new Date().toISOString(), level: at, msg, ...base, ...fields },
      (_k, v: unknown) =>
        v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v,
    );
    (at === "error" || at === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    debug: (msg, fields) => write("debug", msg, fields),
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, fields) => write("error", msg, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  };
}
