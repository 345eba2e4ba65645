import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { maxPreparedShapes, preparedName, preparedRows } from "#server/db/rows.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";

/**
 * Report statements are prepared by their text (decision 047): a connection plans a shape once
 * and runs it again with other values, each answer its own; past `maxPreparedShapes` shapes a
 * statement is sent unnamed and still answers.
 */
describeOnEachDatabase("prepared report statements", (database) => {
  const testApp = useTestApp(database);

  it("are prepared once per connection under their text's name and answer with each call's values", async () => {
    const pool = (testApp().deps.database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      // One connection, so its prepared statements can be listed.
      const single = drizzle({ client }) as unknown as Db;
      const shape = (n: number, word: string) =>
        sql`select ${n}::int * 2 as doubled, upper(${word}::text) as word, ${sql.param([n, n + 1])}::int[] as pair`;
      const name = preparedName(
        "select $1::int * 2 as doubled, upper($2::text) as word, $3::int[] as pair",
      );
      expect(await preparedRows(single, shape(2, "huis"))).toEqual([
        { doubled: 4, word: "HUIS", pair: [2, 3] },
      ]);
      expect(await preparedRows(single, shape(21, "haard"))).toEqual([
        { doubled: 42, word: "HAARD", pair: [21, 22] },
      ]);
      const listed = await client.query<{ name: string; statement: string }>(
        "select name, statement from pg_prepared_statements where name = $1",
        [name],
      );
      expect(listed.rows).toHaveLength(1);
      expect(listed.rows[0]?.statement).toContain("upper($2::text)");
    } finally {
      client.release();
    }
  });

  it("still answer, unnamed, once the kept shapes are used up", async () => {
    const db = testApp().deps.database.db;
    for (let i = 0; i <= maxPreparedShapes; i++) {
      const rows = await preparedRows<{ value: number }>(
        db,
        sql.raw(`select ${i} as value, 'shape ${i}' as label`),
      );
      expect(rows).toEqual([{ value: i, label: `shape ${i}` }]);
    }
  });
});
