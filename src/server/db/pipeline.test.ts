import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pipelinedTransaction } from "#server/db/pipeline.ts";
import { queryRows } from "#server/db/rows.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";

/**
 * Decision 058: a transaction's statements sent together on one connection of the pool, one
 * transaction all or nothing, each statement's rows answered.
 */
describeOnEachDatabase("a pipelined transaction", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  const pool = () => (db() as unknown as { $client: pg.Pool }).$client;
  const table = `zz_pipeline_${randomBytes(5).toString("hex")}`;

  beforeAll(async () => {
    await db().execute(sql.raw(`create table ${table} (n int primary key)`));
  });
  afterAll(async () => {
    await db().execute(sql.raw(`drop table if exists ${table}`));
  });

  /** The queries each connection handed out meanwhile had under way at once, and in which mode. */
  function watch() {
    const seen = { mostUnderWay: 0, modes: new Set<boolean>(), clients: [] as object[] };
    const onAcquire = (client: pg.PoolClient) => {
      const piped = client as pg.PoolClient & { pipeline: boolean };
      seen.clients.push(client);
      const original = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      let underWay = 0;
      (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
        underWay += 1;
        seen.mostUnderWay = Math.max(seen.mostUnderWay, underWay);
        seen.modes.add(piped.pipeline);
        const answer = original(...args);
        const done = () => {
          underWay -= 1;
        };
        answer.then(done, done);
        return answer;
      };
      stops.push(() => {
        (client as unknown as { query: unknown }).query = original;
      });
    };
    const stops: (() => void)[] = [];
    pool().on("acquire", onAcquire);
    return {
      seen,
      stop: () => {
        pool().off("acquire", onAcquire);
        for (const stop of stops) stop();
      },
    };
  }

  it("sends begin, the statements and commit at once, and answers each statement's rows", async () => {
    const watching = watch();
    let answers;
    try {
      answers = await pipelinedTransaction(db(), [
        sql`select set_config('hearth.pipeline_test', 'set before', true) as value,
          txid_current()::text as tx`,
        sql`select current_setting('hearth.pipeline_test') as value, txid_current()::text as tx`,
        sql`select ${"a parameter"}::text as value, txid_current()::text as tx`,
      ]);
    } finally {
      watching.stop();
    }
    const [first, second, third] = answers.map((rows) => rows[0]);
    expect(first?.value).toBe("set before");
    // The second statement saw what the first set in the same transaction.
    expect(second?.value).toBe("set before");
    expect(third?.value).toBe("a parameter");
    expect(new Set([first?.tx, second?.tx, third?.tx]).size).toBe(1);
    // All five (begin, three statements, commit) were under way at once, in pipeline mode, on
    // one connection, which went back to the pool out of it.
    expect(watching.seen.clients).toHaveLength(1);
    expect(watching.seen.mostUnderWay).toBe(5);
    expect([...watching.seen.modes]).toEqual([true]);
    expect((watching.seen.clients[0] as { pipeline?: boolean }).pipeline).toBe(false);
    // The setting was the transaction's own.
    const [after] = await queryRows<{ value: string | null }>(
      db(),
      sql`select current_setting('hearth.pipeline_test', true) as value`,
    );
    expect(after?.value ?? "").toBe("");
  });

  it("keeps nothing when a statement fails, fails with that statement's error, and serves on", async () => {
    const failing = pipelinedTransaction(db(), [
      sql.raw(`insert into ${table} (n) values (1)`),
      sql`select 1 / ${0}::int as never`,
      sql.raw(`insert into ${table} (n) values (2)`),
    ]);
    // Division by zero, not the refusals of the statements after it in the aborted transaction.
    await expect(failing).rejects.toMatchObject({ code: "22012" });
    const count = async () =>
      (await queryRows<{ n: number }>(db(), sql.raw(`select count(*)::int as n from ${table}`)))[0]
        ?.n;
    expect(await count()).toBe(0);
    // Every connection of the pool answers as before, one query at a time.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        queryRows<{ i: number }>(db(), sql`select ${i}::int as i`),
      ),
    );
    expect(answers.map((rows) => rows[0]?.i)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    await pipelinedTransaction(db(), [sql.raw(`insert into ${table} (n) values (3)`)]);
    expect(await count()).toBe(1);
  });
});
