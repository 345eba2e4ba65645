import { beforeAll, expect, it } from "vitest";
import {
  addEntry,
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import { today } from "#shared/dates.ts";
import type { Category } from "#shared/schemas/categories.schema.ts";
import type { InsuranceOverview, Policy } from "#shared/schemas/insurance.schema.ts";
import { validationMessages } from "#shared/validation.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";

/** The health deductible used and left this year, from health-care expenses (decision 024). */
describeOnEachDatabase("insurance health deductible", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  const day = today();
  const thisYear = Number(day.slice(0, 4));

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Dirk Zorg");
    await setHouseholdPlan(db(), home.person.userId, "pro");
  });

  const categoriesOf = async () =>
    (await jsonOf<{ categories: Category[] }>(await home.person.client.get("/api/categories")))
      .categories;
  const overview = async (member?: string) =>
    jsonOf<InsuranceOverview>(
      await home.person.client.get(`/api/insurance/overview${member ? `?member=${member}` : ""}`),
    );

  it("marks the default health care category, and takes health care on a category's create and change", async () => {
    const list = await categoriesOf();
    expect(list.find((category) => category.defaultKey === "health")?.healthCare).toBe(true);
    expect(list.filter((category) => category.healthCare)).toHaveLength(1);
    const made = await jsonOf<Category>(
      await home.person.client.post("/api/categories", {
        kind: "expense",
        name: "Tandarts",
        healthCare: true,
      }),
      201,
    );
    expect(made.healthCare).toBe(true);
    const plain = await jsonOf<Category>(
      await home.person.client.post("/api/categories", { kind: "expense", name: "Fysio" }),
      201,
    );
    expect(plain.healthCare).toBe(false);
    const changed = await jsonOf<Category>(
      await home.person.client.request("PATCH", `/api/categories/${plain.id}`, {
        healthCare: true,
      }),
    );
    expect(changed.healthCare).toBe(true);
    const kept = await jsonOf<Category>(
      await home.person.client.request("PATCH", `/api/categories/${plain.id}`, {
        name: "Fysiotherapie",
      }),
    );
    expect(kept.healthCare).toBe(true);
    const wrong = await home.person.client.post("/api/categories", {
      kind: "expense",
      name: "Apotheek",
      healthCare: "yes",
    });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).fields?.healthCare).toBe(validationMessages.en.invalid);
  });

  it("counts each covered person's share of this year's health-care expenses against their deductible", async () => {
    const list = await categoriesOf();
    const health = list.find((category) => category.defaultKey === "health");
    const other = list.find(
      (category) => category.kind === "expense" && !category.healthCare && !category.archived,
    );
    if (!health || !other) throw new Error("the categories");
    const own = await jsonOf<Policy>(
      await home.person.client.post("/api/insurance/policies", {
        kind: "health-basic",
        insurer: "Zilveren Kruis",
        premiumCents: 14_250,
        deductibleCents: 38_500,
        voluntaryDeductibleCents: 20_000,
        startDate: `${thisYear - 1}-01-01`,
        insured: "members",
        members: [{ memberId: home.memberId }],
      }),
      201,
    );
    await jsonOf<Policy>(
      await home.person.client.post("/api/insurance/policies", {
        kind: "health-basic",
        insurer: "CZ",
        premiumCents: 13_900,
        deductibleCents: 38_500,
        startDate: `${thisYear - 1}-01-01`,
        insured: "members",
        members: [{ memberId: home.partnerId }],
      }),
      201,
    );
    // Nothing spent yet: all of it left.
    expect((await overview()).healthDeductible).toEqual([
      {
        memberId: home.memberId,
        policyId: own.id,
        insurer: "Zilveren Kruis",
        year: thisYear,
        deductibleCents: 58_500,
        spentCents: 0,
        usedCents: 0,
        leftCents: 58_500,
      },
      expect.objectContaining({
        memberId: home.partnerId,
        deductibleCents: 38_500,
        leftCents: 38_500,
      }),
    ]);
    const date = `${thisYear}-01-15`;
    await addEntry(db(), home, { date, categoryId: health.id, shares: [[home.memberId, 10_000]] });
    // A shared bill counts by its shares.
    await addEntry(db(), home, {
      date,
      categoryId: health.id,
      shares: [
        [home.memberId, 30_000],
        [home.partnerId, 20_000],
      ],
    });
    // Not counted: another category, last year, a deleted entry.
    await addEntry(db(), home, { date, categoryId: other.id, shares: [[home.memberId, 99_000]] });
    await addEntry(db(), home, {
      date: `${thisYear - 1}-12-31`,
      categoryId: health.id,
      shares: [[home.memberId, 99_000]],
    });
    await addEntry(db(), home, {
      date,
      categoryId: health.id,
      shares: [[home.partnerId, 99_000]],
      deleted: true,
    });
    // The partner's costs pass their deductible: all of it used, nothing left.
    await addEntry(db(), home, {
      date,
      categoryId: health.id,
      shares: [[home.partnerId, 25_000]],
    });
    const rows = (await overview()).healthDeductible ?? [];
    expect(rows.map((row) => [row.memberId, row.spentCents, row.usedCents, row.leftCents])).toEqual(
      [
        [home.memberId, 40_000, 40_000, 18_500],
        [home.partnerId, 45_000, 38_500, 0],
      ],
    );
    // A member's scope: their own row only.
    expect((await overview(home.partnerId)).healthDeductible).toEqual([
      expect.objectContaining({ memberId: home.partnerId, usedCents: 38_500, leftCents: 0 }),
    ]);
  });
});
