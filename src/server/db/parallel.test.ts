import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { inParallel } from "#server/db/parallel.ts";
import { queryRows } from "#server/db/rows.ts";
import {
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import { addMonths, today } from "#shared/dates.ts";
import type { LoanDetail } from "#shared/schemas/loans.schema.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";

/**
 * How many queries each connection of a pool has had under way at once: every connection the
 * pool hands out and the pool's own `query` are watched from the moment this is called.
 */
function watchConnections(pool: pg.Pool) {
  type Queries = { query: (...args: unknown[]) => unknown };
  const watched = new WeakSet<object>();
  const seen = { mostOnOneConnection: 0, mostOnThePool: 0 };
  // Each watched target counts its own queries under way: a connection its own, the pool's
  // `query` those of all its connections at once.
  const watch = (target: Queries, most: keyof typeof seen) => {
    if (watched.has(target)) return;
    watched.add(target);
    const original = target.query.bind(target);
    let underWay = 0;
    const done = () => {
      underWay -= 1;
    };
    target.query = (...args: unknown[]) => {
      underWay += 1;
      seen[most] = Math.max(seen[most], underWay);
      // node-postgres answers by a callback when given one (the pool's own `query` does so),
      // else by a promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === "function") {
        args[last] = (...answer: unknown[]) => {
          done();
          return (callback as (...answer: unknown[]) => unknown)(...answer);
        };
        return original(...args);
      }
      const answer = original(...args) as Promise<unknown>;
      answer.then(done, done);
      return answer;
    };
  };
  const onAcquire = (client: pg.PoolClient) =>
    watch(client as unknown as Queries, "mostOnOneConnection");
  pool.on("acquire", onAcquire);
  watch(pool as unknown as Queries, "mostOnThePool");
  return { seen, stop: () => pool.off("acquire", onAcquire) };
}

/** Independent reads run at once on the pool and one at a time in a transaction. */
describeOnEachDatabase("independent reads", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  const pool = () => (db() as unknown as { $client: pg.Pool }).$client;
  let watching: ReturnType<typeof watchConnections> | undefined;
  afterEach(() => watching?.stop());

  const sleepy = (handle: Db, value: number) => () =>
    queryRows<{ value: number }>(handle, sql`select ${value}::int as value from pg_sleep(0.05)`);

  it("go side by side on the pool, each on a connection of its own", async () => {
    watching = watchConnections(pool());
    const [a, b, c] = await inParallel(db(), [sleepy(db(), 1), sleepy(db(), 2), sleepy(db(), 3)]);
    expect([a, b, c]).toEqual([[{ value: 1 }], [{ value: 2 }], [{ value: 3 }]]);
    expect(watching.seen.mostOnThePool).toBeGreaterThan(1);
  });

  it("go one after the other in a transaction, never two on its one connection", async () => {
    watching = watchConnections(pool());
    const answers = await db().transaction((tx) =>
      inParallel(tx, [sleepy(tx, 1), sleepy(tx, 2), sleepy(tx, 3)]),
    );
    expect(answers).toEqual([[{ value: 1 }], [{ value: 2 }], [{ value: 3 }]]);
    expect(watching.seen.mostOnOneConnection).toBe(1);
  });

  describe("of a loan edited in a transaction", () => {
    let home: MoneyHousehold;
    beforeAll(async () => {
      home = await moneyHousehold(testApp, "Anna Parallel");
      await setHouseholdPlan(db(), home.person.userId, "pro");
    });

    it("never queue a query behind another on the transaction's connection", async () => {
      const loan = await jsonOf<LoanDetail>(
        await home.person.client.post("/api/loans", {
          name: "Hypotheek",
          kind: "mortgage",
          lender: "Rabobank",
          ownHome: true,
          parts: [
            {
              name: "Annuïteitendeel",
              principalCents: 20_000_000,
              startDate: `${addMonths(today().slice(0, 7), -12)}-01`,
              termMonths: 360,
              repaymentType: "annuity",
              rateBp: 400,
            },
          ],
        }),
        201,
      );
      watching = watchConnections(pool());
      // An extra repayment reads the loan (its owners, parts and extras) inside the transaction
      // that locks it.
      const response = await home.person.client.post(`/api/loans/${loan.id}/extras`, {
        partId: loan.parts[0]?.id,
        kind: "once",
        date: today(),
        amountCents: 500_000,
      });
      expect(response.status).toBe(201);
      expect(watching.seen.mostOnOneConnection).toBe(1);
    });
  });
});
