import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import {
  categories,
  recurringRules,
  transactions,
  transactionShares,
} from "#server/db/schema/money.ts";
import { today } from "#shared/dates.ts";
import { addDays } from "#shared/dates.ts";
import type { RecurringRule, Upcoming } from "#shared/schemas/recurring.schema.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import { materializeDue } from "./materialize.ts";
import { jsonOf, moneyHousehold, type MoneyHousehold } from "./money-test-household.ts";

describeOnEachDatabase("recurring entries", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  let other: MoneyHousehold;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Anna de Vries");
    other = await moneyHousehold(testApp, "Olaf Stranger");
  });

  const rent = (overrides: Record<string, unknown> = {}) => ({
    kind: "expense",
    amountCents: 95_000,
    occurredOn: "2024-01-31",
    categoryId: home.expenseCategoryId,
    merchant: "Landlord",
    splitMode: "personal",
    memberId: home.memberId,
    paidByMemberId: home.memberId,
    frequency: "monthly",
    ...overrides,
  });

  const create = async (body: unknown, who = home) =>
    jsonOf<RecurringRule>(await who.person.client.post("/api/recurring", body), 201);

  const occurrences = (ruleId: string) =>
    db()
      .select()
      .from(transactions)
      .where(eq(transactions.recurringRuleId, ruleId))
      .orderBy(asc(transactions.recurringDate));

  it("makes a monthly entry on the 31st on each month's last day, and returns to the 31st", async () => {
    const rule = await create(rent());
    const rows = await occurrences(rule.id);
    expect(rows.slice(0, 5).map((row) => row.occurredOn)).toEqual([
      "2024-01-31",
      "2024-02-29",
      "2024-03-31",
      "2024-04-30",
      "2024-05-31",
    ]);
    // One per month from January 2024 up to today, each once.
    const now = today();
    const [year, month, day] = now.split("-").map(Number) as [number, number, number];
    const monthsSince = (year - 2024) * 12 + (month - 1);
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const thisMonthDue = day >= Math.min(31, lastDay) ? 1 : 0;
    expect(rows).toHaveLength(monthsSince + thisMonthDue);
    expect(new Set(rows.map((row) => row.recurringDate)).size).toBe(rows.length);
    expect(rows.every((row) => row.amountCents === 95_000 && row.kind === "expense")).toBe(true);
    const shares = await db()
      .select()
      .from(transactionShares)
      .where(
        inArray(
          transactionShares.transactionId,
          rows.map((row) => row.id),
        ),
      );
    expect(shares).toHaveLength(rows.length);
    expect(shares.every((s) => s.memberId === home.memberId && s.amountCents === 95_000)).toBe(
      true,
    );
    expect(rule.nextDate && rule.nextDate > now).toBe(true);
    expect(rule.startDate).toBe("2024-01-31");

    // A year later (2025 is not a leap year): 28 February.
    expect(rows.map((row) => row.occurredOn)).toContain("2025-02-28");
  });

  it("creates no duplicate when the job runs twice at once or twice in a row", async () => {
    const rule = await create(rent({ occurredOn: "2099-01-31", merchant: "Future rent" }));
    expect(await occurrences(rule.id)).toHaveLength(0);
    const day = "2099-06-15";
    const [first, second] = await Promise.all([
      materializeDue(db(), day, { ruleId: rule.id }),
      materializeDue(db(), day, { ruleId: rule.id }),
    ]);
    expect(first.failed).toEqual([]);
    expect(second.failed).toEqual([]);
    const made = await occurrences(rule.id);
    expect(made.map((row) => row.recurringDate)).toEqual([
      "2099-01-31",
      "2099-02-28",
      "2099-03-31",
      "2099-04-30",
      "2099-05-31",
    ]);
    expect(first.created + second.created).toBe(5);
    const again = await materializeDue(db(), day, { ruleId: rule.id });
    expect(again.created).toBe(0);
    expect(await occurrences(rule.id)).toHaveLength(5);
    // Also with the rule's own marker lost (a crash, a restore): the unique key holds.
    await db()
      .update(recurringRules)
      .set({ materializedThrough: null })
      .where(eq(recurringRules.id, rule.id));
    const replay = await materializeDue(db(), day, { ruleId: rule.id });
    expect(replay.created).toBe(0);
    expect(await occurrences(rule.id)).toHaveLength(5);
    // Running through all rules of every household: nothing of others is touched twice.
    const everything = await Promise.all([materializeDue(db(), day), materializeDue(db(), day)]);
    expect(everything.flatMap((result) => result.failed)).toEqual([]);
    expect(await occurrences(rule.id)).toHaveLength(5);
  });

  it("never makes a deleted occurrence again", async () => {
    const rule = await create(rent({ occurredOn: "2098-01-10", merchant: "Gym" }));
    await materializeDue(db(), "2098-03-20", { ruleId: rule.id });
    const made = await occurrences(rule.id);
    expect(made).toHaveLength(3);
    const deleted = made[1];
    if (!deleted) throw new Error("no second occurrence");
    await db()
      .update(transactions)
      .set({ deletedAt: new Date() })
      .where(eq(transactions.id, deleted.id));
    await materializeDue(db(), "2098-04-20", { ruleId: rule.id });
    await db()
      .update(recurringRules)
      .set({ materializedThrough: null })
      .where(eq(recurringRules.id, rule.id));
    await materializeDue(db(), "2098-04-20", { ruleId: rule.id });
    const after = await occurrences(rule.id);
    expect(after.map((row) => [row.recurringDate, row.deletedAt !== null])).toEqual([
      ["2098-01-10", false],
      ["2098-02-10", true],
      ["2098-03-10", false],
      ["2098-04-10", false],
    ]);
  });

  it("splits the series when an occurrence and all following are edited", async () => {
    const rule = await create(rent({ merchant: "Old landlord", amountCents: 80_000 }));
    const before = await occurrences(rule.id);
    const march = before.find((row) => row.recurringDate === "2024-03-31");
    if (!march) throw new Error("no March occurrence");
    const response = await home.person.client.request(
      "PATCH",
      `/api/recurring/occurrences/${march.id}`,
      rent({
        occurredOn: "2024-03-31",
        merchant: "New landlord",
        amountCents: 100_000,
        splitMode: "percent",
        memberId: null,
        shares: [
          { memberId: home.memberId, percentBp: 6000 },
          { memberId: home.partnerId, percentBp: 4000 },
        ],
      }),
    );
    const fresh = await jsonOf<RecurringRule>(response);
    expect(fresh.id).not.toBe(rule.id);
    expect(fresh).toMatchObject({
      startDate: "2024-03-31",
      endDate: null,
      amountCents: 100_000,
      merchant: "New landlord",
      splitMode: "percent",
    });
    const [old] = await db().select().from(recurringRules).where(eq(recurringRules.id, rule.id));
    expect(old?.endDate).toBe("2024-03-30");
    expect((await occurrences(rule.id)).map((row) => row.recurringDate)).toEqual([
      "2024-01-31",
      "2024-02-29",
    ]);
    const following = await occurrences(fresh.id);
    expect(following).toHaveLength(before.length - 2);
    expect(following[0]?.recurringDate).toBe("2024-03-31");
    expect(
      following.every((row) => row.amountCents === 100_000 && row.merchant === "New landlord"),
    ).toBe(true);
    const shares = await db()
      .select()
      .from(transactionShares)
      .where(eq(transactionShares.transactionId, march.id));
    expect(shares.map((s) => [s.memberId, s.amountCents]).sort()).toEqual(
      [
        [home.memberId, 60_000],
        [home.partnerId, 40_000],
      ].sort(),
    );
    // Nothing made twice afterwards.
    await materializeDue(db(), today(), { householdId: home.householdId });
    expect(await occurrences(fresh.id)).toHaveLength(before.length - 2);
    expect(await occurrences(rule.id)).toHaveLength(2);
  });

  it("stops a series and keeps its past entries", async () => {
    const start = addDays(today(), -10);
    const rule = await create(rent({ occurredOn: start, frequency: "daily", merchant: "Coffee" }));
    expect(await occurrences(rule.id)).toHaveLength(11);
    const stopped = await jsonOf<RecurringRule>(
      await home.person.client.post(`/api/recurring/${rule.id}/stop`, {}),
    );
    expect(stopped).toMatchObject({ endDate: today(), nextDate: null });
    await materializeDue(db(), addDays(today(), 5), { ruleId: rule.id });
    expect(await occurrences(rule.id)).toHaveLength(11);
    // Stopping earlier still keeps the entries made.
    const earlier = await jsonOf<RecurringRule>(
      await home.person.client.post(`/api/recurring/${rule.id}/stop`, {
        endDate: addDays(today(), -3),
      }),
    );
    expect(earlier.endDate).toBe(addDays(today(), -3));
    expect(await occurrences(rule.id)).toHaveLength(11);
    const { rules } = await jsonOf<{ rules: RecurringRule[] }>(
      await home.person.client.get("/api/recurring"),
    );
    const index = rules.findIndex((candidate) => candidate.id === rule.id);
    expect(index).toBeGreaterThan(-1);
    // Ended rules come after running ones.
    expect(rules.slice(index).every((candidate) => candidate.nextDate === null)).toBe(true);
    expect(rules.slice(0, index).every((candidate) => candidate.nextDate !== null)).toBe(true);
  });

  it("lists the upcoming occurrences, for the household and for one member", async () => {
    const start = addDays(today(), 3);
    const rule = await create(
      rent({
        occurredOn: start,
        frequency: "weekly",
        merchant: "Cleaner",
        amountCents: 5_000,
        splitMode: "amount",
        memberId: null,
        shares: [
          { memberId: home.memberId, amountCents: 2_000 },
          { memberId: home.partnerId, amountCents: 3_000 },
        ],
      }),
    );
    expect(await occurrences(rule.id)).toHaveLength(0);
    const { items } = await jsonOf<{ items: Upcoming[] }>(
      await home.person.client.get("/api/recurring/upcoming?days=30"),
    );
    const mine = items.filter((item) => item.ruleId === rule.id);
    expect(mine.map((item) => item.date)).toEqual(
      [0, 7, 14, 21].map((days) => addDays(start, days)).filter((d) => d <= addDays(today(), 30)),
    );
    expect(mine.every((item) => item.memberShareCents === null && item.amountCents === 5_000)).toBe(
      true,
    );
    expect(items.map((item) => item.date)).toEqual([...items.map((item) => item.date)].sort());
    const partner = await jsonOf<{ items: Upcoming[] }>(
      await home.person.client.get(`/api/recurring/upcoming?days=7&member=${home.partnerId}`),
    );
    expect(partner.items.filter((item) => item.ruleId === rule.id)).toEqual([
      expect.objectContaining({ date: start, memberShareCents: 3_000 }),
    ]);
    // The partner has no share in the personal rules.
    expect(partner.items.every((item) => item.memberShareCents !== null)).toBe(true);
    expect(
      (await home.person.client.get(`/api/recurring/upcoming?member=${other.memberId}`)).status,
    ).toBe(404);
    expect((await home.person.client.get("/api/recurring/upcoming?member=nope")).status).toBe(404);
    expect((await home.person.client.get("/api/recurring/upcoming?days=abc")).status).toBe(400);

    // The rules themselves, for one member: only those with a share of theirs.
    const gym = await create(rent({ occurredOn: start, merchant: "Gym", amountCents: 3_000 }));
    const all = await jsonOf<{ rules: RecurringRule[] }>(
      await home.person.client.get("/api/recurring"),
    );
    const partnerRules = await jsonOf<{ rules: RecurringRule[] }>(
      await home.person.client.get(`/api/recurring?member=${home.partnerId}`),
    );
    expect(all.rules.length).toBeGreaterThan(partnerRules.rules.length);
    expect(partnerRules.rules.map((r) => r.id)).toContain(rule.id);
    expect(partnerRules.rules.map((r) => r.id)).not.toContain(gym.id);
    expect(all.rules.map((r) => r.id)).toContain(gym.id);
    expect(
      partnerRules.rules.every((r) => r.shares.some((share) => share.memberId === home.partnerId)),
    ).toBe(true);
    expect((await home.person.client.get(`/api/recurring?member=${other.memberId}`)).status).toBe(
      404,
    );
  });

  it("answers 404 for another household's rules and occurrences, and changes nothing", async () => {
    const theirs = await create(
      {
        ...rent(),
        categoryId: other.expenseCategoryId,
        memberId: other.memberId,
        paidByMemberId: other.memberId,
        merchant: "Their rent",
      },
      other,
    );
    const [occurrence] = await occurrences(theirs.id);
    if (!occurrence) throw new Error("no occurrence");
    const before = await db()
      .select()
      .from(recurringRules)
      .where(eq(recurringRules.householdId, other.householdId));
    const stop = await home.person.client.post(`/api/recurring/${theirs.id}/stop`, {});
    expect(stop.status).toBe(404);
    expect((await errorOf(stop)).code).toBe("NOT_FOUND");
    const edit = await home.person.client.request(
      "PATCH",
      `/api/recurring/occurrences/${occurrence.id}`,
      rent(),
    );
    expect(edit.status).toBe(404);
    expect(
      (await home.person.client.request("PATCH", "/api/recurring/occurrences/not-a-uuid", rent()))
        .status,
    ).toBe(404);
    expect((await home.person.client.post("/api/recurring/not-a-uuid/stop", {})).status).toBe(404);
    const after = await db()
      .select()
      .from(recurringRules)
      .where(eq(recurringRules.householdId, other.householdId));
    expect(after).toEqual(before);
    const { rules } = await jsonOf<{ rules: RecurringRule[] }>(
      await home.person.client.get("/api/recurring"),
    );
    expect(rules.some((rule) => rule.id === theirs.id)).toBe(false);
    // Their category or member in my rule: refused as if unknown.
    const foreignCategory = await home.person.client.post(
      "/api/recurring",
      rent({ categoryId: other.expenseCategoryId }),
    );
    expect(foreignCategory.status).toBe(400);
    expect((await errorOf(foreignCategory)).fields).toEqual({
      categoryId: "Category is required",
    });
    const foreignMember = await home.person.client.post(
      "/api/recurring",
      rent({ paidByMemberId: other.memberId }),
    );
    expect((await errorOf(foreignMember)).fields).toEqual({
      paidByMemberId: "This person is not a member of your household",
    });
  });

  it("answers every bad input with a translated message, never a 500", async () => {
    const fieldsOf = async (body: unknown, language: "en" | "nl" = "en") => {
      const response = await home.person.client.post("/api/recurring", body, {
        headers: { "x-hearth-language": language },
      });
      expect(response.status).toBe(400);
      return (await errorOf(response)).fields;
    };
    expect(await fieldsOf(rent({ endDate: "2023-12-31" }))).toEqual({
      endDate: "The end date must be on or after the start date",
    });
    expect(await fieldsOf(rent({ endDate: "2023-12-31" }), "nl")).toEqual({
      endDate: "De einddatum moet op of na de begindatum liggen",
    });
    expect(await fieldsOf(rent({ frequency: "hourly" }))).toEqual({
      frequency: "This value is not valid.",
    });
    expect((await fieldsOf(rent({ amountCents: -5 })))?.amountCents).toBe(
      "Amount must be positive",
    );
    expect((await fieldsOf(rent({ amountCents: undefined })))?.amountCents).toBe(
      "Amount is required",
    );
    expect((await fieldsOf(rent({ paidByMemberId: null })))?.paidByMemberId).toBe(
      "Please select who paid",
    );
    expect((await fieldsOf(rent({ categoryId: "" })))?.categoryId).toBe("Category is required");
    expect((await fieldsOf(rent({ occurredOn: "2024-02-30" })))?.occurredOn).toBe(
      "Please enter a valid date",
    );
    expect(
      (
        await fieldsOf(
          rent({ splitMode: "percent", shares: [{ memberId: home.memberId, percentBp: 10000 }] }),
        )
      )?.shares,
    ).toBe("At least 2 members are needed to split");
    expect(
      (await fieldsOf(rent({ kind: "income", categoryId: home.incomeCategoryId })))
        ?.receivedByMemberId,
    ).toBe("Please select who received");
    // Right shape, wrong kind of category.
    expect(await fieldsOf(rent({ kind: "income", receivedByMemberId: home.memberId }))).toEqual({
      categoryId: "Choose a category of the same type as the entry",
    });
    for (const body of [null, "text", 42, [], { kind: 3 }]) {
      const response = await home.person.client.post("/api/recurring", body);
      expect(response.status).toBe(400);
    }
    const stop = await home.person.client.post(
      `/api/recurring/00000000-0000-4000-8000-000000000000/stop`,
      { endDate: "31-12-2024" },
    );
    expect(stop.status).toBe(400);
    // Nothing was stored by any of these.
    const stored = await db()
      .select()
      .from(recurringRules)
      .where(and(eq(recurringRules.householdId, home.householdId)));
    expect(stored.every((rule) => rule.amountCents > 0)).toBe(true);
  });

  it("moves the following occurrences onto a new schedule, keeping an archived category", async () => {
    const [category] = await db()
      .insert(categories)
      .values({ householdId: home.householdId, kind: "expense", name: "Old club" })
      .returning();
    if (!category) throw new Error("no category");
    const start = addDays(today(), -21);
    const rule = await create(
      rent({ occurredOn: start, frequency: "weekly", categoryId: category.id, merchant: "Club" }),
    );
    const made = await occurrences(rule.id);
    expect(made.map((row) => row.recurringDate)).toEqual(
      [0, 7, 14, 21].map((days) => addDays(start, days)),
    );
    await db()
      .update(categories)
      .set({ archivedAt: new Date() })
      .where(eq(categories.id, category.id));
    const second = made[1];
    if (!second) throw new Error("no second occurrence");
    const fresh = await jsonOf<RecurringRule>(
      await home.person.client.request(
        "PATCH",
        `/api/recurring/occurrences/${second.id}`,
        rent({
          occurredOn: addDays(start, 7),
          frequency: "biweekly",
          categoryId: category.id,
          merchant: "Club",
          amountCents: 1_000,
        }),
      ),
    );
    expect(fresh).toMatchObject({ frequency: "biweekly", startDate: addDays(start, 7) });
    const following = await occurrences(fresh.id);
    expect(following.map((row) => [row.recurringDate, row.deletedAt, row.amountCents])).toEqual([
      [addDays(start, 7), null, 1_000],
      [addDays(start, 21), null, 1_000],
    ]);
    // The one off the new schedule is deleted (soft) and stays with the old rule.
    const old = await occurrences(rule.id);
    expect(old.map((row) => [row.recurringDate, row.deletedAt !== null])).toEqual([
      [start, false],
      [addDays(start, 14), true],
    ]);
    // A new rule with an archived category is still refused.
    const refused = await home.person.client.post(
      "/api/recurring",
      rent({ categoryId: category.id }),
    );
    expect((await errorOf(refused)).fields).toEqual({
      categoryId: "This category is archived: choose another one",
    });
    // Editing an occurrence of the new rule at its own start removes nothing of the past.
    const first = following[0];
    if (!first) throw new Error("no first occurrence");
    const third = await jsonOf<RecurringRule>(
      await home.person.client.request(
        "PATCH",
        `/api/recurring/occurrences/${first.id}`,
        rent({ occurredOn: addDays(start, 7), frequency: "biweekly", amountCents: 2_000 }),
      ),
    );
    expect(await occurrences(fresh.id)).toEqual([]);
    const [gone] = await db().select().from(recurringRules).where(eq(recurringRules.id, fresh.id));
    expect(gone).toBeUndefined();
    expect((await occurrences(third.id)).map((row) => row.amountCents)).toEqual([2_000, 2_000]);
  });

  it("refuses a signed-out caller", async () => {
    const { TestClient } = await import("#test/client.ts");
    const anonymous = new TestClient(testApp);
    expect((await anonymous.get("/api/recurring")).status).toBe(401);
    expect((await anonymous.post("/api/recurring", {})).status).toBe(401);
  });
});
