import { hash } from "node:crypto";
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

/** What `preparedRows` reaches inside Drizzle's handles (a `Db` and a transaction's alike). */
type DrizzleInternals = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
};

/** The most statement shapes kept prepared; a shape past them is sent unnamed, as before. */
export const maxPreparedShapes = 64;
const preparedShapes = new Set<string>();

/** The name a statement of this text is prepared under: the same text, the same name. */
export function preparedName(text: string): string {
  return `hearth_${hash("sha1", text, "base64url").slice(0, 22)}`;
}

/**
 * The rows of a report's statement, prepared (decision 047): each connection parses and plans
 * the statement's text once and then only runs it with the new values, where an unnamed
 * statement was parsed and planned again every time (for the dashboard's statements about three
 * quarters of PostgreSQL's time). Named by its text, so a statement built the same way finds its
 * plan whatever its values; at most `maxPreparedShapes` texts are kept prepared per process.
 */
export async function preparedRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  let name: string | undefined = preparedName(built.sql);
  if (!preparedShapes.has(name)) {
    if (preparedShapes.size < maxPreparedShapes) preparedShapes.add(name);
    else name = undefined;
  }
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as {
    rows: T[];
  };
  return result.rows;
}
