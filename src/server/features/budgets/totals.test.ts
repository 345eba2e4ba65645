import { beforeAll, expect, it } from "vitest";
import {
  addEntry,
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import type { Totals } from "#shared/schemas/budgets.schema.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";

describeOnEachDatabase("period totals", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  let other: MoneyHousehold;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Anna de Vries");
    other = await moneyHousehold(testApp, "Olaf Stranger");
    const food = home.expenseCategoryId;
    const fun = home.otherExpenseCategoryId;
    const salary = home.incomeCategoryId;
    // March 2030 (from the 1st to the 31st, both counted).
    await addEntry(db(), home, {
      date: "2030-03-01",
      categoryId: food,
      shares: [
        [home.memberId, 6_001],
        [home.partnerId, 3_999],
      ],
    });
    await addEntry(db(), home, {
      date: "2030-03-31",
      categoryId: food,
      shares: [[home.partnerId, 2_500]],
    });
    await addEntry(db(), home, {
      date: "2030-03-15",
      categoryId: fun,
      shares: [[home.memberId, 1_234]],
    });
    await addEntry(db(), home, {
      kind: "income",
      date: "2030-03-25",
      categoryId: salary,
      shares: [[home.memberId, 300_000]],
    });
    await addEntry(db(), home, {
      kind: "income",
      date: "2030-03-25",
      categoryId: salary,
      shares: [[home.partnerId, 250_000]],
    });
    // Not counted: outside the month, deleted, a settlement, another household.
    await addEntry(db(), home, {
      date: "2030-02-28",
      categoryId: food,
      shares: [[home.memberId, 111]],
    });
    await addEntry(db(), home, {
      date: "2030-04-01",
      categoryId: food,
      shares: [[home.memberId, 222]],
    });
    await addEntry(db(), home, {
      date: "2030-03-10",
      categoryId: food,
      shares: [[home.memberId, 333]],
      deleted: true,
    });
    await addEntry(db(), home, {
      kind: "settlement",
      date: "2030-03-20",
      categoryId: null,
      shares: [[home.partnerId, 5_000]],
    });
    await addEntry(db(), other, {
      date: "2030-03-10",
      categoryId: other.expenseCategoryId,
      shares: [[other.memberId, 444]],
    });
  });

  const totalsOf = async (query: string) =>
    jsonOf<Totals>(await home.person.client.get(`/api/totals?${query}`));

  it("sums the household's entries per category, settlements and deleted entries left out", async () => {
    const totals = await totalsOf("from=2030-03-01&to=2030-03-31");
    expect(totals.incomeCents).toBe(550_000);
    expect(totals.expenseCents).toBe(10_000 + 2_500 + 1_234);
    expect(totals.byCategory).toEqual(
      expect.arrayContaining([
        { categoryId: home.expenseCategoryId, kind: "expense", totalCents: 12_500, count: 2 },
        { categoryId: home.otherExpenseCategoryId, kind: "expense", totalCents: 1_234, count: 1 },
        { categoryId: home.incomeCategoryId, kind: "income", totalCents: 550_000, count: 2 },
      ]),
    );
    expect(totals.byCategory).toHaveLength(3);
    // The aggregate row means the household as well.
    expect(await totalsOf(`from=2030-03-01&to=2030-03-31&member=${home.aggregateId}`)).toEqual(
      totals,
    );
  });

  it("sums a member's shares for that member", async () => {
    const partner = await totalsOf(`from=2030-03-01&to=2030-03-31&member=${home.partnerId}`);
    expect(partner).toEqual({
      incomeCents: 250_000,
      expenseCents: 6_499,
      byCategory: [
        { categoryId: home.expenseCategoryId, kind: "expense", totalCents: 6_499, count: 2 },
        { categoryId: home.incomeCategoryId, kind: "income", totalCents: 250_000, count: 1 },
      ].sort((a, b) => a.kind.localeCompare(b.kind)),
    });
    const me = await totalsOf(`from=2030-03-01&to=2030-03-31&member=${home.memberId}`);
    expect(me.expenseCents).toBe(6_001 + 1_234);
    expect(me.incomeCents).toBe(300_000);
    // Both members' shares add up to the household's figures.
    expect(me.expenseCents + partner.expenseCents).toBe(10_000 + 2_500 + 1_234);
    const oneDay = await totalsOf("from=2030-03-31&to=2030-03-31");
    expect(oneDay.expenseCents).toBe(2_500);
  });

  it("refuses bad dates and another household's member", async () => {
    const bad = await home.person.client.get("/api/totals?from=2030-02-30&to=2030-03-31");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({ from: "Please enter a valid date" });
    const reversed = await home.person.client.get("/api/totals?from=2030-03-31&to=2030-03-01");
    expect((await errorOf(reversed)).fields).toEqual({
      to: "The end date must be on or after the start date",
    });
    expect((await home.person.client.get("/api/totals?to=2030-03-01")).status).toBe(400);
    const foreign = await home.person.client.get(
      `/api/totals?from=2030-03-01&to=2030-03-31&member=${other.memberId}`,
    );
    expect(foreign.status).toBe(404);
    expect(
      (await home.person.client.get("/api/totals?from=2030-03-01&to=2030-03-31&member=x")).status,
    ).toBe(404);
    const theirs = await jsonOf<Totals>(
      await other.person.client.get("/api/totals?from=2030-03-01&to=2030-03-31"),
    );
    expect(theirs.expenseCents).toBe(444);
  });
});
