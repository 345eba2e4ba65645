import { count, countDistinct, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { recurringRules, transactions, transactionShares } from "#server/db/schema/money.ts";
import { addDays, daysBetween, today } from "#shared/dates.ts";
import type { RecurringRule } from "#shared/schemas/recurring.schema.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import { batchSize, catchUpRule, materializeDue, materializeStep } from "./materialize.ts";
import { jsonOf, moneyHousehold, type MoneyHousehold } from "./money-test-household.ts";

/**
 * Issue 11, item 2: a daily rule starting in the year 1000 froze the server for minutes, and the
 * rule was then marked done through today with centuries missing. Dates now have a range
 * (1900–2099), occurrences are made in steps of their own short transaction, and a rule is only
 * marked through what was made (decision 015).
 */
describeOnEachDatabase("long recurring series", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Sanne Lange");
  });

  const daily = (overrides: Record<string, unknown> = {}) => ({
    kind: "expense",
    amountCents: 150,
    occurredOn: "2024-01-01",
    categoryId: home.expenseCategoryId,
    merchant: "Daily coffee",
    splitMode: "personal",
    memberId: home.memberId,
    paidByMemberId: home.memberId,
    frequency: "daily",
    ...overrides,
  });

  const ruleRow = async (id: string) => {
    const [row] = await db().select().from(recurringRules).where(eq(recurringRules.id, id));
    if (!row) throw new Error(`rule ${id} is gone`);
    return row;
  };

  const made = async (ruleId: string) => {
    const [row] = await db()
      .select({ rows: count(), dates: countDistinct(transactions.recurringDate) })
      .from(transactions)
      .where(eq(transactions.recurringRuleId, ruleId));
    return row ?? { rows: 0, dates: 0 };
  };

  it("refuses a date before 1900 or after 2099 with a sentence that says so, in English and Dutch", async () => {
    const client = home.person.client;
    const fields = async (response: Response) => {
      expect(response.status).toBe(400);
      return (await errorOf(response)).fields;
    };
    expect(
      await fields(await client.post("/api/recurring", daily({ occurredOn: "1000-01-01" }))),
    ).toEqual({ occurredOn: "Choose a date from 1900 up to and including 2099" });
    expect(
      await fields(
        await client.post("/api/recurring", daily({ occurredOn: "1899-12-31" }), {
          headers: { "x-hearth-language": "nl" },
        }),
      ),
    ).toEqual({ occurredOn: "Kies een datum vanaf 1900 tot en met 2099" });
    expect(
      (await fields(await client.post("/api/recurring", daily({ endDate: "2100-01-01" }))))
        ?.endDate,
    ).toBe("Choose a date from 1900 up to and including 2099");
    const { frequency: _frequency, ...entry } = daily({ occurredOn: "9999-12-31" });
    expect((await fields(await client.post("/api/transactions", entry)))?.occurredOn).toBe(
      "Choose a date from 1900 up to and including 2099",
    );
    expect((await fields(await client.get("/api/transactions?from=0001-01-01")))?.from).toBe(
      "Choose a date from 1900 up to and including 2099",
    );

    // A budget's month too, and a year below 100 is a date like any other (not 1900–1999).
    expect((await fields(await client.get("/api/budgets?month=1000-01")))?.month).toBe(
      "Choose a date from 1900 up to and including 2099",
    );
    expect((await fields(await client.get("/api/transactions?to=0000-02-29")))?.to).toBe(
      "Choose a date from 1900 up to and including 2099",
    );
    expect((await fields(await client.get("/api/transactions?to=2100-02-29")))?.to).toBe(
      "Please enter a valid date",
    );

    const rule = await jsonOf<RecurringRule>(await client.post("/api/recurring", daily()), 201);
    const stop = await client.post(`/api/recurring/${rule.id}/stop`, { endDate: "1000-01-01" });
    expect((await fields(stop))?.endDate).toBe("Choose a date from 1900 up to and including 2099");
    expect((await ruleRow(rule.id)).endDate).toBeNull();

    // The edges themselves are dates like any other.
    const first = await client.post("/api/transactions", { ...entry, occurredOn: "1900-01-01" });
    expect(first.status).toBe(201);
    const last = await client.post("/api/transactions", { ...entry, occurredOn: "2099-12-31" });
    expect(last.status).toBe(201);
  });

  it("marks a rule only through the occurrences one step made, and the next steps make the rest", async () => {
    const start = addDays(today(), 1);
    const rule = await jsonOf<RecurringRule>(
      await home.person.client.post("/api/recurring", daily({ occurredOn: start })),
      201,
    );
    const until = addDays(start, 24); // 25 occurrences due by then
    const row = await ruleRow(rule.id);
    const step = await db().transaction((tx) => materializeStep(tx, row, until, 10));
    expect(step).toEqual({ created: 10, through: addDays(start, 9), more: true });
    expect((await ruleRow(rule.id)).materializedThrough).toBe(addDays(start, 9));
    expect(await made(rule.id)).toEqual({ rows: 10, dates: 10 });

    expect(await catchUpRule(db(), await ruleRow(rule.id), until)).toBe(15);
    expect((await ruleRow(rule.id)).materializedThrough).toBe(until);
    expect(await made(rule.id)).toEqual({ rows: 25, dates: 25 });
    expect((await materializeDue(db(), until, { ruleId: rule.id })).created).toBe(0);
  });

  it("makes a daily series from 1 January 1900 to today without a gap, while health answers", async () => {
    const client = home.person.client;
    const creating = client.post("/api/recurring", daily({ occurredOn: "1900-01-01" }));
    let done = false;
    void creating.then(() => (done = true));
    let answeredMeanwhile = 0;
    while (!done) {
      const health = await testApp().request("/api/health");
      expect(health.status).toBe(200);
      if (!done) answeredMeanwhile += 1;
      // A timer, not only promises: the health answer is made of microtasks alone, and a loop of
      // those would never let the steps (handed back with setImmediate) run.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const rule = await jsonOf<RecurringRule>(await creating, 201);
    const days = daysBetween("1900-01-01", today()) + 1;
    expect(days).toBeGreaterThan(batchSize * 40);
    expect(await made(rule.id)).toEqual({ rows: days, dates: days });
    expect((await ruleRow(rule.id)).materializedThrough).toBe(today());
    // Health was answered between the steps, not only after the whole series was made.
    expect(answeredMeanwhile).toBeGreaterThan(5);

    // Every entry has its share, made in the same step as the entry.
    const [shares] = await db()
      .select({ rows: count() })
      .from(transactionShares)
      .innerJoin(transactions, eq(transactions.id, transactionShares.transactionId))
      .where(eq(transactions.recurringRuleId, rule.id));
    expect(shares?.rows).toBe(days);
  }, 240_000);
});
