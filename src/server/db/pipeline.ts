import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Db } from "./client.ts";

const dialect = new PgDialect({ casing: "snake_case" });

/** A pooled connection of node-postgres, whose `pipeline` switch (pg 8.20+) it reads per send. */
type PipelineClient = pg.PoolClient & { pipeline: boolean };

/**
 * Runs `statements` as one transaction on one connection of the pool, sent together: `begin`,
 * the statements and `commit` go out at once and PostgreSQL works through them without waiting
 * for the server between them (node-postgres' pipelining, decision 058). A transaction of five
 * statements is one round trip instead of five, and the connection is not left idle while the
 * server's thread is busy with something else between two of them.
 *
 * Each statement is planned and run as if sent one at a time, so a statement that needs an
 * earlier one's answer must get it in SQL (a `set_config` the later one reads), not through the
 * server. When one fails, PostgreSQL refuses the ones after it (the transaction is aborted) and
 * the `commit` rolls back: nothing of it stays, and this fails with the first statement's error.
 * Answers each statement's rows.
 */
export async function pipelinedTransaction(
  db: Db,
  statements: readonly SQL[],
): Promise<Record<string, unknown>[][]> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = (await pool.connect()) as PipelineClient;
  let lost: Error | undefined;
  client.pipeline = true;
  try {
    const sent = [
      client.query("begin"),
      ...statements.map((statement) => {
        const { sql, params } = dialect.sqlToQuery(statement);
        return client.query<Record<string, unknown>>(sql, params);
      }),
      client.query("commit"),
    ];
    const answers = await Promise.allSettled(sent);
    const failed = answers.find((answer) => answer.status === "rejected");
    if (failed) {
      // A connection whose transaction did not end (the connection broke) is not reused.
      const ended = answers.at(-1);
      if (ended?.status !== "fulfilled") lost = failed.reason as Error;
      throw failed.reason;
    }
    return answers
      .slice(1, -1)
      .map((answer) => (answer as PromiseFulfilledResult<pg.QueryResult>).value.rows);
  } finally {
    client.pipeline = false;
    client.release(lost);
  }
}
