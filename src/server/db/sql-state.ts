/** A PostgreSQL error's SQLSTATE, from the error or what it wraps (drizzle wraps the driver's). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** SQLSTATE 23505: a row would break a unique index. */
export const uniqueViolation = "23505";
