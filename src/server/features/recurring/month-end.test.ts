import { asc, eq, inArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { recurringRules, transactions } from "#server/db/schema/money.ts";
import { addDays, today } from "#shared/dates.ts";
import { occurrencesBetween } from "#shared/recurrence.ts";
import type { RecurringRule, Upcoming } from "#shared/schemas/recurring.schema.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import { materializeDue } from "./materialize.ts";
import { jsonOf, moneyHousehold, type MoneyHousehold } from "./money-test-household.ts";
import { rewriteFollowing } from "./recurring.service.ts";

/**
 * A series set on the 29th–31st falls on the last day of shorter months and returns to its day
 * after. Splitting it ("this and all following") starts a new rule on a shorter month's last day
 * (30 September): the series must still run on the 31st afterwards, through every later split.
 */
describeOnEachDatabase("a month-end series keeps its day", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Sanne Bakker");
  });

  const rent = (overrides: Record<string, unknown> = {}) => ({
    kind: "expense",
    amountCents: 95_000,
    occurredOn: "2026-07-31",
    categoryId: home.expenseCategoryId,
    merchant: "Landlord",
    splitMode: "personal",
    memberId: home.memberId,
    paidByMemberId: home.memberId,
    frequency: "monthly",
    ...overrides,
  });

  /** The live (not deleted) occurrences of some rules, by date: [date, amount]. */
  const live = async (ruleIds: string[]) =>
    (
      await db()
        .select()
        .from(transactions)
        .where(inArray(transactions.recurringRuleId, ruleIds))
        .orderBy(asc(transactions.recurringDate))
    )
      .filter((row) => row.deletedAt === null)
      .map((row) => [row.recurringDate, row.occurredOn, row.amountCents]);

  const occurrence = async (ruleId: string, date: string) => {
    const [row] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.recurringRuleId, ruleId))
      .then((rows) => rows.filter((one) => one.recurringDate === date));
    if (!row) throw new Error(`no occurrence on ${date}`);
    return row;
  };

  const editFollowing = async (transactionId: string, body: Record<string, unknown>) =>
    jsonOf<RecurringRule>(
      await home.person.client.request(
        "PATCH",
        `/api/recurring/occurrences/${transactionId}`,
        rent(body),
      ),
    );

  it("books 31 October after only the amount of 30 September and all following changed", async () => {
    const rule = await jsonOf<RecurringRule>(
      await home.person.client.post("/api/recurring", rent()),
      201,
    );
    expect((await live([rule.id])).slice(0, 4)).toEqual([
      ["2026-07-31", "2026-07-31", 95_000],
      ["2026-08-31", "2026-08-31", 95_000],
      ["2026-09-30", "2026-09-30", 95_000],
      ["2026-10-31", "2026-10-31", 95_000],
    ]);

    const september = await occurrence(rule.id, "2026-09-30");
    const fresh = await editFollowing(september.id, {
      occurredOn: "2026-09-30",
      amountCents: 99_000,
    });
    expect(fresh).toMatchObject({ startDate: "2026-09-30", amountCents: 99_000 });
    // The series' own dates, from the day it was set on: the 31st or a shorter month's last day.
    const series = { frequency: "monthly" as const, startDate: "2026-07-31", endDate: null };
    const made = occurrencesBetween(series, "2026-07-31", today());
    expect((await live([rule.id, fresh.id])).map(([date]) => date)).toEqual(made);
    expect((await live([fresh.id])).slice(0, 2)).toEqual([
      ["2026-09-30", "2026-09-30", 99_000],
      ["2026-10-31", "2026-10-31", 99_000],
    ]);
    // Never the 30th of a month with 31 days, made or deleted.
    const all = await db()
      .select()
      .from(transactions)
      .where(inArray(transactions.recurringRuleId, [rule.id, fresh.id]));
    expect(all.map((row) => row.recurringDate)).not.toContain("2026-10-30");
    expect(all.every((row) => row.deletedAt === null)).toBe(true);

    // What comes next says the same: the rule's next date and the upcoming list.
    const [next] = occurrencesBetween(series, addDays(today(), 1), "2099-12-31", 1);
    expect(fresh.nextDate).toBe(next);
    const { items } = await jsonOf<{ items: Upcoming[] }>(
      await home.person.client.get("/api/recurring/upcoming?days=120"),
    );
    expect(items.filter((item) => item.ruleId === fresh.id).map((item) => item.date)).toEqual(
      occurrencesBetween(series, addDays(today(), 1), addDays(today(), 120)),
    );

    // Made later (the daily job): the 31st again, and February's last day.
    await materializeDue(db(), "2027-03-31", { ruleId: fresh.id });
    expect((await live([fresh.id])).map(([date]) => date)).toEqual(
      occurrencesBetween(series, "2026-09-30", "2027-03-31"),
    );
    expect((await live([fresh.id])).map(([date]) => date)).toEqual([
      "2026-09-30",
      "2026-10-31",
      "2026-11-30",
      "2026-12-31",
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
    ]);

    // A second split, on 28 February, to quarterly: 31 May, 31 August, 30 November.
    const february = await occurrence(fresh.id, "2027-02-28");
    const quarterly = await editFollowing(february.id, {
      occurredOn: "2027-02-28",
      amountCents: 300_000,
      frequency: "quarterly",
    });
    expect(quarterly.startDate).toBe("2027-02-28");
    // 31 March is off the quarterly schedule (deleted); nothing of it on the 28th.
    await materializeDue(db(), "2027-12-31", { ruleId: quarterly.id });
    expect((await live([quarterly.id])).map(([date]) => date)).toEqual([
      "2027-02-28",
      "2027-05-31",
      "2027-08-31",
      "2027-11-30",
    ]);

    // A third, changing only the merchant of 30 November: the series keeps the 31st.
    const november = await occurrence(quarterly.id, "2027-11-30");
    const third = await editFollowing(november.id, {
      occurredOn: "2027-11-30",
      amountCents: 300_000,
      frequency: "quarterly",
      merchant: "New landlord",
    });
    await materializeDue(db(), "2028-09-30", { ruleId: third.id });
    expect((await live([third.id])).map(([date]) => date)).toEqual([
      "2027-11-30",
      "2028-02-29",
      "2028-05-31",
      "2028-08-31",
    ]);
  });

  it("keeps the day when another area rewrites the series (an insurance premium changed)", async () => {
    const rule = await jsonOf<RecurringRule>(
      await home.person.client.post(
        "/api/recurring",
        rent({ occurredOn: "2026-01-31", merchant: "Insurer" }),
      ),
      201,
    );
    const [row] = await db().select().from(recurringRules).where(eq(recurringRules.id, rule.id));
    if (!row) throw new Error("no rule");
    const made = await db().transaction((tx) =>
      rewriteFollowing(
        tx,
        row,
        "2026-04-30",
        {
          amountCents: 12_000,
          splitMode: "personal",
          memberId: home.memberId,
          shares: [],
          frequency: "monthly",
        },
        today(),
      ),
    );
    const series = { frequency: "monthly" as const, startDate: "2026-01-31", endDate: null };
    const taken = await live([made.rule.id]);
    expect(taken.map(([date]) => date)).toEqual(occurrencesBetween(series, "2026-04-30", today()));
    expect(taken.slice(0, 3)).toEqual([
      ["2026-04-30", "2026-04-30", 12_000],
      ["2026-05-31", "2026-05-31", 12_000],
      ["2026-06-30", "2026-06-30", 12_000],
    ]);
  });

  it("runs a weekly series made monthly on the day it was split on", async () => {
    const rule = await jsonOf<RecurringRule>(
      await home.person.client.post(
        "/api/recurring",
        rent({ occurredOn: "2026-07-31", frequency: "weekly", merchant: "Cleaner" }),
      ),
      201,
    );
    const fourth = await occurrence(rule.id, "2026-08-21");
    const monthly = await editFollowing(fourth.id, {
      occurredOn: "2026-08-21",
      frequency: "monthly",
      merchant: "Cleaner",
    });
    expect((await live([monthly.id])).slice(0, 3).map(([date]) => date)).toEqual([
      "2026-08-21",
      "2026-09-21",
      "2026-10-21",
    ]);
  });

  it("keeps the day when one occurrence was moved on its own, then changed with all following", async () => {
    const rule = await jsonOf<RecurringRule>(
      await home.person.client.post(
        "/api/recurring",
        rent({ occurredOn: "2026-05-31", merchant: "Storage" }),
      ),
      201,
    );
    const june = await occurrence(rule.id, "2026-06-30");
    // Only this one: another amount, two days earlier.
    const moved = await home.person.client.request(
      "PATCH",
      `/api/transactions/${june.id}`,
      rent({ occurredOn: "2026-06-28", amountCents: 90_000, frequency: undefined }),
    );
    expect(moved.status).toBe(200);
    // Then this one and all following, another amount again.
    const fresh = await editFollowing(june.id, { occurredOn: "2026-06-28", amountCents: 97_000 });
    const dates = (await live([fresh.id])).map(([date, on]) => [date, on]);
    expect(dates.slice(0, 4)).toEqual([
      ["2026-06-30", "2026-06-28"],
      ["2026-07-31", "2026-07-31"],
      ["2026-08-31", "2026-08-31"],
      ["2026-09-30", "2026-09-30"],
    ]);
    expect(dates.map(([date]) => date)).toEqual(
      occurrencesBetween(
        { frequency: "monthly", startDate: "2026-05-31", endDate: null },
        "2026-06-30",
        today(),
      ),
    );
  });
});
