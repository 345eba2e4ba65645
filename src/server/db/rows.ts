import type { SQL } from "drizzle-orm";
import type { Db } from "./client.ts";

/**
 * The rows of a raw SQL query. PGlite's and node-postgres's results both carry `rows`; Drizzle's
 * `execute` types them as unknown because the one `Db` type covers both drivers.
 */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
