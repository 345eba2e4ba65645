import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  budgets,
  categories,
  recurringRules,
  transactions,
  transactionShares,
} from "#server/db/schema/money.ts";
import {
  entriesHousehold,
  expectJson,
  type EntriesHousehold,
} from "#server/features/transactions/entries-test-household.ts";
import type { Category } from "#shared/schemas/categories.schema.ts";
import { dedupeCategories } from "./categories.service.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";

describeOnEachDatabase("categories", (database) => {
  const testApp = useTestApp(database);
  let home: EntriesHousehold;
  let other: EntriesHousehold;
  const db = () => testApp().deps.database.db;

  beforeAll(async () => {
    home = await entriesHousehold(testApp, "Anna Categories");
    other = await entriesHousehold(testApp, "Bram Elsewhere");
  });

  const list = async (query = "") =>
    (
      await expectJson<{ categories: Category[] }>(
        await home.person.client.get(`/api/categories${query}`),
      )
    ).categories;

  const create = (body: unknown, client = home.person.client) =>
    client.post("/api/categories", body);

  const entry = async (household: EntriesHousehold, categoryId: string, amountCents: number) => {
    const [row] = await db()
      .insert(transactions)
      .values({
        householdId: household.householdId,
        kind: "expense",
        amountCents,
        occurredOn: "2026-03-10",
        categoryId,
        paidByMemberId: household.memberId,
      })
      .returning();
    if (!row) throw new Error("no row");
    await db().insert(transactionShares).values({
      transactionId: row.id,
      householdId: household.householdId,
      memberId: household.memberId,
      amountCents,
    });
    return row.id;
  };

  describe("list", () => {
    it("lists the default set by kind and name, without archived ones unless asked", async () => {
      const all = await list();
      expect(all.length).toBeGreaterThan(5);
      const kinds = all.map((c) => c.kind);
      expect(kinds).toEqual([...kinds].sort());
      for (const kind of ["expense", "income"] as const) {
        const names = all.filter((c) => c.kind === kind).map((c) => c.name.toLowerCase());
        expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      }
      const income = await list("?kind=income");
      expect(income.length).toBeGreaterThan(0);
      expect(income.every((c) => c.kind === "income")).toBe(true);
      expect(all.some((c) => c.defaultKey !== null)).toBe(true);
      // Another household's categories never appear.
      const foreign = await db()
        .select()
        .from(categories)
        .where(eq(categories.householdId, other.householdId));
      const ids = new Set(all.map((c) => c.id));
      expect(foreign.some((c) => ids.has(c.id))).toBe(false);
    });

    it("refuses a bad kind with 400", async () => {
      const response = await home.person.client.get("/api/categories?kind=savings");
      expect(response.status).toBe(400);
    });
  });

  describe("create and edit", () => {
    it("creates a category and refuses the same name of the same kind in any case", async () => {
      const created = await expectJson<Category>(
        await create({ kind: "expense", name: "  Bakery  ", icon: "coffee", color: "amber" }),
        201,
      );
      expect(created).toMatchObject({
        kind: "expense",
        name: "Bakery",
        icon: "coffee",
        color: "amber",
        taxRelevant: false,
        archived: false,
        defaultKey: null,
      });
      const again = await create({ kind: "expense", name: "BAKERY" });
      expect(again.status).toBe(409);
      expect((await errorOf(again)).fields?.name).toBe(
        "There is already a category with this name",
      );
      // The same name for income is another category.
      await expectJson<Category>(await create({ kind: "income", name: "Bakery" }), 201);
      // Another household may use it too.
      await expectJson<Category>(
        await create({ kind: "expense", name: "Bakery" }, other.person.client),
        201,
      );
    });

    it("answers every bad field with a translated message, never a 500", async () => {
      const empty = await create({ kind: "expense", name: "   " });
      expect(empty.status).toBe(400);
      expect((await errorOf(empty)).fields?.name).toBe("Name is required");
      const dutch = await home.person.client.post(
        "/api/categories",
        { kind: "expense", name: "" },
        { headers: { "x-hearth-language": "nl" } },
      );
      expect(dutch.status).toBe(400);
      expect((await errorOf(dutch)).fields?.name).toBe("Naam is verplicht");
      const long = await create({ kind: "expense", name: "x".repeat(61) });
      expect((await errorOf(long)).fields?.name).toBe("The name may have at most 60 characters");
      for (const bad of [
        null,
        [],
        "text",
        42,
        { kind: "savings", name: "x" },
        { kind: "expense", name: 12 },
        { kind: "expense", name: "x", icon: "nope" },
        { kind: "expense", name: "x", color: 7 },
        { kind: "expense", name: "x", taxRelevant: "yes" },
      ]) {
        const response = await create(bad);
        expect(response.status, JSON.stringify(bad)).toBe(400);
        await errorOf(response);
      }
      const notJson = await testApp().request("/api/categories", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: home.person.client.cookieHeader(),
          origin: "http://localhost:3000",
        },
        body: "{not json",
      });
      expect(notJson.status).toBe(400);
    });

    it("renames, archives (hidden from the list) and brings back", async () => {
      const created = await expectJson<Category>(
        await create({ kind: "expense", name: "Hobby" }),
        201,
      );
      const patch = (body: unknown) =>
        home.person.client.request("PATCH", `/api/categories/${created.id}`, body);
      const renamed = await expectJson<Category>(
        await patch({ name: "Hobbies", taxRelevant: true, color: "teal" }),
      );
      expect(renamed).toMatchObject({ name: "Hobbies", taxRelevant: true, color: "teal" });
      const archived = await expectJson<Category>(await patch({ archived: true }));
      expect(archived.archived).toBe(true);
      expect((await list()).some((c) => c.id === created.id)).toBe(false);
      expect((await list("?includeArchived=true")).some((c) => c.id === created.id)).toBe(true);
      const back = await expectJson<Category>(await patch({ archived: false }));
      expect(back.archived).toBe(false);
      const taken = await patch({ name: "bakery" });
      expect(taken.status).toBe(409);
      // Its own name in another case is fine.
      await expectJson<Category>(await patch({ name: "HOBBIES" }));
      const bad = await patch({ name: 5 });
      expect(bad.status).toBe(400);
    });
  });

  describe("merge", () => {
    it("moves entries, recurring rules and budgets (summing collisions), then removes the category", async () => {
      const from = await expectJson<Category>(
        await create({ kind: "expense", name: "Snacks" }),
        201,
      );
      const into = await expectJson<Category>(await create({ kind: "expense", name: "Food" }), 201);
      const e1 = await entry(home, from.id, 1000);
      const e2 = await entry(home, from.id, 2000);
      const deleted = await entry(home, from.id, 300);
      await db()
        .update(transactions)
        .set({ deletedAt: new Date() })
        .where(eq(transactions.id, deleted));
      const kept = await entry(home, into.id, 500);
      const [rule] = await db()
        .insert(recurringRules)
        .values({
          householdId: home.householdId,
          kind: "expense",
          amountCents: 999,
          categoryId: from.id,
          paidByMemberId: home.memberId,
          frequency: "monthly",
          startDate: "2026-01-01",
        })
        .returning();
      await db()
        .insert(budgets)
        .values([
          // Collides with the target's budget of the same member and month: summed.
          {
            householdId: home.householdId,
            categoryId: from.id,
            memberId: home.aggregateId,
            month: "2026-03-01",
            amountCents: 10000,
          },
          {
            householdId: home.householdId,
            categoryId: into.id,
            memberId: home.aggregateId,
            month: "2026-03-01",
            amountCents: 25000,
          },
          // Another month and another member: moved as they are.
          {
            householdId: home.householdId,
            categoryId: from.id,
            memberId: home.aggregateId,
            month: "2026-04-01",
            amountCents: 7000,
          },
          {
            householdId: home.householdId,
            categoryId: from.id,
            memberId: home.memberId,
            month: "2026-03-01",
            amountCents: 3000,
          },
        ]);
      const merged = await expectJson<{ moved: number }>(
        await home.person.client.post(`/api/categories/${from.id}/merge`, {
          intoCategoryId: into.id,
        }),
      );
      expect(merged.moved).toBe(2);
      const rows = await db()
        .select()
        .from(transactions)
        .where(inArray(transactions.id, [e1, e2, deleted, kept]));
      expect(rows.every((row) => row.categoryId === into.id)).toBe(true);
      const [movedRule] = await db()
        .select()
        .from(recurringRules)
        .where(eq(recurringRules.id, rule?.id ?? ""));
      expect(movedRule?.categoryId).toBe(into.id);
      const budgetRows = await db()
        .select()
        .from(budgets)
        .where(inArray(budgets.categoryId, [from.id, into.id]));
      expect(
        budgetRows
          .map((b) => [b.categoryId, b.memberId, b.month, b.amountCents])
          .sort((a, b) => String(a).localeCompare(String(b))),
      ).toEqual(
        [
          [into.id, home.aggregateId, "2026-03-01", 35000],
          [into.id, home.aggregateId, "2026-04-01", 7000],
          [into.id, home.memberId, "2026-03-01", 3000],
        ].sort((a, b) => String(a).localeCompare(String(b))),
      );
      expect(await db().select().from(categories).where(eq(categories.id, from.id))).toEqual([]);
      // Merging the removed category again: it is gone.
      const gone = await home.person.client.post(`/api/categories/${from.id}/merge`, {
        intoCategoryId: into.id,
      });
      expect(gone.status).toBe(404);
    });

    it("refuses merging into itself or into another kind", async () => {
      const all = await list();
      const expense = all.find((c) => c.kind === "expense");
      const income = all.find((c) => c.kind === "income");
      const self = await home.person.client.post(`/api/categories/${expense?.id}/merge`, {
        intoCategoryId: expense?.id,
      });
      expect(self.status).toBe(400);
      expect((await errorOf(self)).fields?.intoCategoryId).toBe(
        "Choose another category to merge into",
      );
      const kind = await home.person.client.post(
        `/api/categories/${expense?.id}/merge`,
        { intoCategoryId: income?.id },
        { headers: { "x-hearth-language": "nl" } },
      );
      expect(kind.status).toBe(400);
      expect((await errorOf(kind)).fields?.intoCategoryId).toBe(
        "Kies een categorie van hetzelfde soort als de post",
      );
      const bad = await home.person.client.post(`/api/categories/${expense?.id}/merge`, {
        intoCategoryId: "not-a-uuid",
      });
      expect(bad.status).toBe(400);
    });
  });

  describe("dedupe after a household merge", () => {
    it("makes categories of the same kind and name one, summing colliding budgets", async () => {
      // Explicit creation times: the oldest is kept, and PGlite's clock may give equal ones.
      let created = Date.parse("2026-01-01T00:00:00Z");
      const insert = async (name: string, kind: "income" | "expense", archived = false) => {
        created += 60_000;
        const [row] = await db()
          .insert(categories)
          .values({
            householdId: home.householdId,
            kind,
            name,
            archivedAt: archived ? new Date() : null,
            createdAt: new Date(created),
          })
          .returning();
        if (!row) throw new Error("no row");
        return row.id;
      };
      const archivedFirst = await insert("Pets", "expense", true);
      const keeper = await insert("Pets", "expense");
      const duplicate = await insert("  PETS ", "expense");
      const incomePets = await insert("Pets", "income");
      const entryId = await entry(home, duplicate, 4400);
      await db()
        .insert(budgets)
        .values([
          {
            householdId: home.householdId,
            categoryId: keeper,
            memberId: home.aggregateId,
            month: "2026-05-01",
            amountCents: 100,
          },
          {
            householdId: home.householdId,
            categoryId: duplicate,
            memberId: home.aggregateId,
            month: "2026-05-01",
            amountCents: 250,
          },
        ]);
      const merged = await db().transaction((tx) => dedupeCategories(tx, home.householdId));
      expect(merged).toBe(2);
      const left = await db()
        .select()
        .from(categories)
        .where(inArray(categories.id, [archivedFirst, keeper, duplicate, incomePets]));
      expect(left.map((row) => row.id).sort()).toEqual([keeper, incomePets].sort());
      const [moved] = await db().select().from(transactions).where(eq(transactions.id, entryId));
      expect(moved?.categoryId).toBe(keeper);
      const budgetRows = await db().select().from(budgets).where(eq(budgets.categoryId, keeper));
      expect(budgetRows.map((b) => b.amountCents)).toEqual([350]);
      // Nothing else in the household was a duplicate, and running it again changes nothing.
      expect(await db().transaction((tx) => dedupeCategories(tx, home.householdId))).toBe(0);
    });
  });

  describe("another household's ids", () => {
    it("answers 404 and changes nothing", async () => {
      const before = await db()
        .select()
        .from(categories)
        .where(eq(categories.householdId, other.householdId));
      const foreignId = other.expenseCategoryId;
      const foreignOther = other.otherExpenseCategoryId;
      const entryId = await entry(other, foreignId, 1234);
      const mine = home.expenseCategoryId;
      const client = home.person.client;
      const answers = [
        await client.request("PATCH", `/api/categories/${foreignId}`, { name: "Stolen" }),
        await client.request("PATCH", `/api/categories/${foreignId}`, { archived: true }),
        await client.post(`/api/categories/${foreignId}/merge`, { intoCategoryId: foreignOther }),
        await client.post(`/api/categories/${foreignId}/merge`, { intoCategoryId: mine }),
        await client.post(`/api/categories/${mine}/merge`, { intoCategoryId: foreignId }),
        await client.request("PATCH", "/api/categories/not-a-uuid", { name: "x" }),
        await client.request("PATCH", "/api/categories/00000000-0000-0000-0000-000000000000", {
          name: "x",
        }),
      ];
      for (const response of answers) {
        expect(response.status).toBe(404);
        expect((await errorOf(response)).code).toBe("NOT_FOUND");
      }
      const after = await db()
        .select()
        .from(categories)
        .where(eq(categories.householdId, other.householdId));
      expect(after).toEqual(before);
      const [row] = await db().select().from(transactions).where(eq(transactions.id, entryId));
      expect(row?.categoryId).toBe(foreignId);
      expect((await list()).some((c) => c.id === mine)).toBe(true);
    });

    it("answers 401 when signed out", async () => {
      const response = await testApp().request("/api/categories");
      expect(response.status).toBe(401);
    });
  });
});
