import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { budgets } from "#server/db/schema/money.ts";
import {
  addEntry,
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import type { Budget } from "#shared/schemas/budgets.schema.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";

describeOnEachDatabase("budgets", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  let other: MoneyHousehold;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Anna de Vries");
    other = await moneyHousehold(testApp, "Olaf Stranger");
  });

  const put = async (body: Record<string, unknown>, who = home) =>
    jsonOf<Budget>(await who.person.client.put("/api/budgets", body));
  const list = async (month: string, member?: string) =>
    (
      await jsonOf<{ budgets: Budget[] }>(
        await home.person.client.get(
          `/api/budgets?month=${month}${member ? `&member=${member}` : ""}`,
        ),
      )
    ).budgets;

  it("counts a member's shares for their budget and every entry for the household's", async () => {
    const food = home.expenseCategoryId;
    // Split 60/40: 60.00 mine, 40.00 the partner's.
    await addEntry(db(), home, {
      date: "2030-03-05",
      categoryId: food,
      shares: [
        [home.memberId, 6_000],
        [home.partnerId, 4_000],
      ],
    });
    await addEntry(db(), home, {
      date: "2030-03-31",
      categoryId: food,
      shares: [[home.partnerId, 2_000]],
    });
    await addEntry(db(), home, {
      date: "2030-03-01",
      categoryId: food,
      shares: [[home.memberId, 5_000]],
    });
    // Not counted: deleted, another month, another category.
    await addEntry(db(), home, {
      date: "2030-03-10",
      categoryId: food,
      shares: [[home.partnerId, 9_999]],
      deleted: true,
    });
    await addEntry(db(), home, {
      date: "2030-04-01",
      categoryId: food,
      shares: [[home.partnerId, 7_777]],
    });
    await addEntry(db(), home, {
      date: "2030-02-28",
      categoryId: food,
      shares: [[home.partnerId, 7_777]],
    });
    await addEntry(db(), home, {
      date: "2030-03-10",
      categoryId: home.otherExpenseCategoryId,
      shares: [[home.partnerId, 1_500]],
    });

    const partnerBudget = await put({
      categoryId: food,
      memberId: home.partnerId,
      month: "2030-03",
      amountCents: 10_000,
    });
    expect(partnerBudget).toMatchObject({
      memberId: home.partnerId,
      month: "2030-03",
      amountCents: 10_000,
      rollover: "none",
      carriedCents: 0,
      availableCents: 10_000,
      spentCents: 6_000,
      progressBp: 6_000,
      state: "ok",
    });
    const household = await put({ categoryId: food, month: "2030-03", amountCents: 20_000 });
    expect(household).toMatchObject({
      memberId: null,
      spentCents: 17_000,
      progressBp: 8_500,
      state: "warning",
    });
    const over = await put({
      categoryId: home.otherExpenseCategoryId,
      month: "2030-03",
      amountCents: 1_000,
    });
    expect(over).toMatchObject({ spentCents: 1_500, progressBp: 15_000, state: "over" });
    const nothingPlanned = await put({
      categoryId: home.otherExpenseCategoryId,
      memberId: home.memberId,
      month: "2030-03",
      amountCents: 0,
    });
    expect(nothingPlanned).toMatchObject({ spentCents: 0, progressBp: null, state: "ok" });
    // The aggregate row's id sets the household's budget too.
    const viaAggregate = await put({
      categoryId: home.otherExpenseCategoryId,
      memberId: home.aggregateId,
      month: "2030-03",
      amountCents: 1_000,
    });
    expect(viaAggregate).toMatchObject({ id: over.id, memberId: null });

    const forHousehold = await list("2030-03");
    expect(forHousehold.map((budget) => budget.id).sort()).toEqual([household.id, over.id].sort());
    expect(await list("2030-03", home.partnerId)).toEqual([partnerBudget]);
    // The aggregate row's id means the household.
    expect((await list("2030-03", home.aggregateId)).map((budget) => budget.id).sort()).toEqual(
      [household.id, over.id].sort(),
    );
    // Exactly 80 % is a warning; just under is not.
    const edge = await put({ categoryId: food, month: "2030-03", amountCents: 21_250 });
    expect(edge).toMatchObject({ id: household.id, progressBp: 8_000, state: "warning" });
    const under = await put({ categoryId: food, month: "2030-03", amountCents: 21_260 });
    expect(under).toMatchObject({ progressBp: 7_996, state: "ok" });
    // Setting again replaced the same row.
    const rows = await db().select().from(budgets).where(eq(budgets.id, household.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amountCents).toBe(21_260);
  });

  it("rolls over what was left (surplus) and overspending too (all) through the months", async () => {
    const category = home.otherExpenseCategoryId;
    // Household, surplus: Jan 100 budget, 40 spent -> 60 carried; Feb 100 + 60, 200 spent -> 0.
    await put({ categoryId: category, month: "2031-01", amountCents: 10_000, rollover: "surplus" });
    await put({ categoryId: category, month: "2031-02", amountCents: 10_000, rollover: "surplus" });
    await put({ categoryId: category, month: "2031-03", amountCents: 10_000, rollover: "surplus" });
    await addEntry(db(), home, {
      date: "2031-01-15",
      categoryId: category,
      shares: [[home.memberId, 4_000]],
    });
    await addEntry(db(), home, {
      date: "2031-02-15",
      categoryId: category,
      shares: [[home.memberId, 20_000]],
    });
    const [february] = await list("2031-02");
    expect(february).toMatchObject({
      carriedCents: 6_000,
      availableCents: 16_000,
      spentCents: 20_000,
      state: "over",
    });
    const [march] = await list("2031-03");
    expect(march).toMatchObject({ carriedCents: 0, availableCents: 10_000, state: "ok" });

    // A member, all: Jan 100 budget, 120 spent -> -20; Feb 100 - 20 = 80, 50 spent -> +30.
    const member = home.partnerId;
    for (const month of ["2031-01", "2031-02", "2031-03"]) {
      await put({
        categoryId: category,
        memberId: member,
        month,
        amountCents: 10_000,
        rollover: "all",
      });
    }
    await addEntry(db(), home, {
      date: "2031-01-20",
      categoryId: category,
      shares: [
        [home.memberId, 1_000],
        [member, 12_000],
      ],
    });
    await addEntry(db(), home, {
      date: "2031-02-20",
      categoryId: category,
      shares: [[member, 5_000]],
    });
    const [memberFeb] = await list("2031-02", member);
    expect(memberFeb).toMatchObject({
      carriedCents: -2_000,
      availableCents: 8_000,
      spentCents: 5_000,
      progressBp: 6_250,
      state: "ok",
    });
    const [memberMarch] = await list("2031-03", member);
    expect(memberMarch).toMatchObject({ carriedCents: 3_000, availableCents: 13_000 });

    // Overspending carried into a month with nothing available: over at once.
    await put({
      categoryId: category,
      memberId: member,
      month: "2031-02",
      amountCents: 0,
      rollover: "all",
    });
    const [afterChange] = await list("2031-03", member);
    expect(afterChange).toMatchObject({ carriedCents: -7_000, availableCents: 3_000 });
    await put({
      categoryId: category,
      memberId: member,
      month: "2031-03",
      amountCents: 5_000,
      rollover: "all",
    });
    const april = await put({
      categoryId: category,
      memberId: member,
      month: "2031-04",
      amountCents: 0,
    });
    expect(april).toMatchObject({ carriedCents: -2_000, availableCents: -2_000, state: "over" });

    // No roll-over in the month before, or a gap: nothing carried.
    await put({
      categoryId: category,
      memberId: member,
      month: "2031-03",
      amountCents: 5_000,
      rollover: "none",
    });
    const [aprilAgain] = await list("2031-04", member);
    expect(aprilAgain).toMatchObject({ carriedCents: 0, availableCents: 0, state: "ok" });
    const june = await put({ categoryId: category, month: "2031-06", amountCents: 1_000 });
    expect(june.carriedCents).toBe(0);
  });

  it("copies a month's budgets without overwriting those already there", async () => {
    const food = home.expenseCategoryId;
    const fun = home.otherExpenseCategoryId;
    await put({ categoryId: food, month: "2032-05", amountCents: 30_000, rollover: "surplus" });
    await put({ categoryId: fun, month: "2032-05", amountCents: 5_000 });
    await put({ categoryId: fun, month: "2032-06", amountCents: 7_000 });
    const copied = await jsonOf<{ copied: number }>(
      await home.person.client.post("/api/budgets/copy", {
        fromMonth: "2032-05",
        toMonth: "2032-06",
      }),
    );
    expect(copied).toEqual({ copied: 1 });
    const june = await list("2032-06");
    expect(
      june.map((budget) => [budget.categoryId, budget.amountCents, budget.rollover]).sort(),
    ).toEqual(
      [
        [food, 30_000, "surplus"],
        [fun, 7_000, "none"],
      ].sort(),
    );
    const again = await jsonOf<{ copied: number }>(
      await home.person.client.post("/api/budgets/copy", {
        fromMonth: "2032-05",
        toMonth: "2032-06",
      }),
    );
    expect(again).toEqual({ copied: 0 });
    // A member's budgets are copied only when that member is asked for.
    await put({ categoryId: food, memberId: home.partnerId, month: "2032-05", amountCents: 100 });
    expect(await list("2032-06", home.partnerId)).toEqual([]);
    const memberCopy = await jsonOf<{ copied: number }>(
      await home.person.client.post("/api/budgets/copy", {
        fromMonth: "2032-05",
        toMonth: "2032-06",
        memberId: home.partnerId,
      }),
    );
    expect(memberCopy).toEqual({ copied: 1 });
    expect((await list("2032-06", home.partnerId)).map((budget) => budget.amountCents)).toEqual([
      100,
    ]);
  });

  it("deletes a budget", async () => {
    const budget = await put({
      categoryId: home.expenseCategoryId,
      month: "2033-01",
      amountCents: 1,
    });
    const response = await home.person.client.request("DELETE", `/api/budgets/${budget.id}`);
    expect(response.status).toBe(204);
    expect(await list("2033-01")).toEqual([]);
    expect((await home.person.client.request("DELETE", `/api/budgets/${budget.id}`)).status).toBe(
      404,
    );
  });

  it("answers 404 for another household's budgets and members, and changes nothing", async () => {
    const theirs = await put(
      { categoryId: other.expenseCategoryId, month: "2030-03", amountCents: 5_000 },
      other,
    );
    const response = await home.person.client.request("DELETE", `/api/budgets/${theirs.id}`);
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("NOT_FOUND");
    expect(await db().select().from(budgets).where(eq(budgets.id, theirs.id))).toHaveLength(1);
    expect((await home.person.client.request("DELETE", "/api/budgets/nope")).status).toBe(404);
    expect(
      (await home.person.client.get(`/api/budgets?month=2030-03&member=${other.memberId}`)).status,
    ).toBe(404);
    expect((await home.person.client.get("/api/budgets?month=2030-03&member=x")).status).toBe(404);
    // Their category and their member are unknown here.
    const category = await home.person.client.put("/api/budgets", {
      categoryId: other.expenseCategoryId,
      month: "2030-03",
      amountCents: 1,
    });
    expect(category.status).toBe(400);
    expect((await errorOf(category)).fields).toEqual({ categoryId: "Category is required" });
    const member = await home.person.client.put("/api/budgets", {
      categoryId: home.expenseCategoryId,
      memberId: other.memberId,
      month: "2030-03",
      amountCents: 1,
    });
    expect((await errorOf(member)).fields).toEqual({
      memberId: "This person is not a member of your household",
    });
    const copy = await home.person.client.post("/api/budgets/copy", {
      fromMonth: "2030-03",
      toMonth: "2030-04",
      memberId: other.memberId,
    });
    expect(copy.status).toBe(400);
    const [their] = await db().select().from(budgets).where(eq(budgets.id, theirs.id));
    expect(their?.amountCents).toBe(5_000);
    const theirList = await jsonOf<{ budgets: Budget[] }>(
      await other.person.client.get("/api/budgets?month=2030-04"),
    );
    expect(theirList.budgets).toEqual([]);
  });

  it("refuses an income category and bad input with translated messages", async () => {
    const income = await home.person.client.put(
      "/api/budgets",
      { categoryId: home.incomeCategoryId, month: "2030-03", amountCents: 1 },
      { headers: { "x-hearth-language": "nl" } },
    );
    expect(income.status).toBe(400);
    expect((await errorOf(income)).fields).toEqual({
      categoryId: "Kies een categorie van hetzelfde soort als de post",
    });
    const fieldsOf = async (body: unknown) => {
      const response = await home.person.client.put("/api/budgets", body);
      expect(response.status).toBe(400);
      return (await errorOf(response)).fields;
    };
    const valid = { categoryId: home.expenseCategoryId, month: "2030-03", amountCents: 1 };
    expect((await fieldsOf({ ...valid, month: "2030-13" }))?.month).toBe(
      "Please choose a valid month",
    );
    expect((await fieldsOf({ ...valid, amountCents: -1 }))?.amountCents).toBeTruthy();
    expect((await fieldsOf({ ...valid, amountCents: 1.5 }))?.amountCents).toBeTruthy();
    expect((await fieldsOf({ ...valid, categoryId: "" }))?.categoryId).toBe("Category is required");
    expect((await fieldsOf({ ...valid, rollover: "sometimes" }))?.rollover).toBe(
      "This value is not valid.",
    );
    for (const body of [null, "x", [], 5]) await fieldsOf(body);
    expect((await home.person.client.get("/api/budgets?month=March")).status).toBe(400);
    expect((await home.person.client.get("/api/budgets")).status).toBe(400);
    const copy = await home.person.client.post("/api/budgets/copy", { fromMonth: "2030-3" });
    expect(copy.status).toBe(400);
  });
});
