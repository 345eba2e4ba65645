import { is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Queryable } from "./client.ts";

/**
 * Independent reads, side by side where that is possible: on the pool each query takes a
 * connection of its own, so they run at once; in a transaction (one connection, which answers
 * one query at a time) they run one after the other. node-postgres queues a query sent to a busy
 * connection with a deprecation warning, and will refuse it from version 9 on. The queries are
 * given as functions, so none is sent before its turn: a query builder of Drizzle's sends its
 * query when it is awaited.
 */
export async function inParallel<T extends readonly unknown[]>(
  db: Queryable,
  queries: readonly [...{ [K in keyof T]: () => PromiseLike<T[K]> }],
): Promise<T> {
  if (!is(db, PgTransaction))
    return (await Promise.all(queries.map((query) => query()))) as unknown as T;
  const answers: unknown[] = [];
  for (const query of queries) answers.push(await query());
  return answers as unknown as T;
}
