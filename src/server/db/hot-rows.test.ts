import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { queryRows } from "#server/db/rows.ts";
import {
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";

/**
 * The rows every write rewrites keep room on their page (decision 047, migration 0025): a new
 * version of a roll-up or household row is written beside the old one, so rewriting them all
 * does not make the table grow, with or without autovacuum (the CI's PostgreSQL runs without).
 * On full pages every new version went to a new page and the table doubled.
 */
describeOnEachDatabase("rows rewritten on every write", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Hetty Hot");
  });

  const pages = async (table: string) => {
    const [row] = await queryRows<{ pages: string | number }>(
      db(),
      sql`select pg_relation_size(${table}::regclass) / current_setting('block_size')::int as pages`,
    );
    return Number(row?.pages);
  };

  it("rewrite the month's roll-ups in place, however many entries come in", async () => {
    // One entry for each of 2 categories in each of 300 months: 600 roll-up rows, in one
    // statement; then the same again, twice: every one of those rows rewritten.
    const entries = sql`insert into transactions
        (household_id, kind, amount_cents, occurred_on, category_id, paid_by_member_id,
          created_by_member_id)
      select ${home.householdId}, 'expense', 100,
          (date '2000-01-15' + m * interval '1 month')::date, c, ${home.memberId},
          ${home.memberId}
        from generate_series(0, 299) as m
        cross join unnest(array[${home.expenseCategoryId}, ${home.otherExpenseCategoryId}]::uuid[])
          as c`;
    await db().execute(entries);
    const written = await pages("monthly_totals");
    expect(written).toBeGreaterThan(4);
    await db().execute(entries);
    await db().execute(entries);
    expect(await pages("monthly_totals")).toBeLessThanOrEqual(written + 1);
    const [sums] = await queryRows<{ rows: string | number; entries: string | number }>(
      db(),
      sql`select count(*) as rows, sum(entries) as entries from monthly_totals
        where household_id = ${home.householdId} and member_id is null
          and month < '2026-01-01'`,
    );
    expect(Number(sums?.rows)).toBe(600);
    expect(Number(sums?.entries)).toBe(1800);
  });

  it("rewrite households' rows in place when their version goes up", async () => {
    await db().execute(sql`insert into households (name)
      select 'Household ' || n from generate_series(1, 600) as n`);
    const written = await pages("households");
    expect(written).toBeGreaterThan(4);
    for (let round = 0; round < 3; round++) {
      await db().execute(
        sql`update households set name = name || '' where name like 'Household %'`,
      );
    }
    expect(await pages("households")).toBeLessThanOrEqual(written + 1);
  });
});
