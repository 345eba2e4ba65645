import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { imports } from "#server/db/schema/money.ts";
import type { ImportSetup } from "#shared/csv-import.ts";
import type { Category } from "#shared/schemas/categories.schema.ts";
import type { CategoryPreview, CategoryRule } from "#shared/schemas/category-rules.schema.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import {
  entriesHousehold,
  expectJson,
  type EntriesHousehold,
} from "../transactions/entries-test-household.ts";

type ImportResult = { importId: string; imported: number; createdCategories: number };
type Entry = { id: string; merchant: string | null; categoryId: string | null };

/** A file without a category column: every row starts in the default category. */
const bare: ImportSetup = {
  columns: { date: 0, amount: 1, merchant: 2, notes: 3 },
  hasHeader: true,
  dateFormat: "DD-MM-YYYY",
  decimal: "comma",
  kindFrom: "sign",
  defaultKind: "expense",
  defaultCategory: "Imported",
};
/** The same with a category column (2): a row with a category there keeps it. */
const named: ImportSetup = {
  ...bare,
  columns: { date: 0, amount: 1, category: 2, merchant: 3, notes: 4 },
};

const lines = (...rows: string[]) => ["Datum;Bedrag;Tegenpartij;Omschrijving", ...rows].join("\n");

describeOnEachDatabase("category rules", (database) => {
  const testApp = useTestApp(database);
  let home: EntriesHousehold;
  let other: EntriesHousehold;

  beforeAll(async () => {
    home = await entriesHousehold(testApp, "Rita Regels");
    other = await entriesHousehold(testApp, "Otto Ander");
  });

  const client = (who: EntriesHousehold) => who.person.client;
  const categoriesOf = async (who: EntriesHousehold) =>
    (
      await expectJson<{ categories: Category[] }>(
        await client(who).get("/api/categories?includeArchived=true"),
      )
    ).categories;
  const categoryNamed = async (who: EntriesHousehold, name: string) => {
    const found = (await categoriesOf(who)).find((category) => category.name === name);
    if (!found) throw new Error(`No category ${name}`);
    return found.id;
  };
  const newCategory = async (who: EntriesHousehold, name: string, kind = "expense") =>
    (await expectJson<Category>(await client(who).post("/api/categories", { kind, name }), 201)).id;
  const rules = async (who: EntriesHousehold) =>
    (await expectJson<{ rules: CategoryRule[] }>(await client(who).get("/api/category-rules")))
      .rules;
  const addRule = async (who: EntriesHousehold, body: Record<string, unknown>) =>
    expectJson<CategoryRule>(await client(who).post("/api/category-rules", body), 201);
  const importFile = async (who: EntriesHousehold, text: string, setup: ImportSetup = bare) =>
    expectJson<ImportResult>(await client(who).post("/api/imports", { text, setup }));
  const entries = async (who: EntriesHousehold, query: string) =>
    (
      await expectJson<{ items: Entry[] }>(
        await client(who).get(`/api/transactions?limit=200&${query}`),
      )
    ).items;
  const categoryByMerchant = async (who: EntriesHousehold, query: string) =>
    new Map((await entries(who, query)).map((entry) => [entry.merchant, entry.categoryId]));
  const clearRules = async (who: EntriesHousehold) => {
    for (const rule of await rules(who)) {
      expect((await client(who).request("DELETE", `/api/category-rules/${rule.id}`)).status).toBe(
        204,
      );
    }
  };

  describe("the rules themselves", () => {
    it("adds, orders, changes and removes a household's rules", async () => {
      const groceries = await categoryNamed(home, "Groceries");
      const coffee = await newCategory(home, "Coffee");
      const first = await addRule(home, { pattern: "  Albert Heijn ", categoryId: groceries });
      expect(first).toMatchObject({ pattern: "Albert Heijn", field: "any", position: 0 });
      const second = await addRule(home, {
        pattern: "Starbucks",
        field: "counterparty",
        categoryId: coffee,
      });
      expect(second.position).toBe(1);
      // Made from the preview: before all others.
      const top = await addRule(home, { pattern: "Jumbo", categoryId: groceries, first: true });
      expect((await rules(home)).map((rule) => rule.id)).toEqual([top.id, first.id, second.id]);

      const moved = await expectJson<CategoryRule>(
        await client(home).request("PATCH", `/api/category-rules/${second.id}`, {
          position: 0,
          pattern: "Starbucks Coffee",
        }),
      );
      expect(moved).toMatchObject({ position: 0, pattern: "Starbucks Coffee" });
      expect((await rules(home)).map((rule) => [rule.id, rule.position])).toEqual([
        [second.id, 0],
        [top.id, 1],
        [first.id, 2],
      ]);

      expect((await client(home).request("DELETE", `/api/category-rules/${top.id}`)).status).toBe(
        204,
      );
      expect((await rules(home)).map((rule) => [rule.id, rule.position])).toEqual([
        [second.id, 0],
        [first.id, 1],
      ]);
      await clearRules(home);
    });

    it("keeps each household's rules its own: another's id is not found, its category unknown", async () => {
      const groceries = await categoryNamed(home, "Groceries");
      const rule = await addRule(home, { pattern: "Lidl", categoryId: groceries });
      expect(await rules(other)).toEqual([]);

      const patch = await client(other).request("PATCH", `/api/category-rules/${rule.id}`, {
        pattern: "Aldi",
      });
      expect(patch.status).toBe(404);
      expect((await errorOf(patch)).code).toBe("NOT_FOUND");
      expect((await client(other).request("DELETE", `/api/category-rules/${rule.id}`)).status).toBe(
        404,
      );
      expect((await client(home).request("DELETE", "/api/category-rules/not-a-uuid")).status).toBe(
        404,
      );
      // A rule of another household's category: an unknown category, named on its field.
      const foreign = await client(other).post("/api/category-rules", {
        pattern: "Lidl",
        categoryId: groceries,
      });
      expect(foreign.status).toBe(400);
      expect((await errorOf(foreign)).fields?.categoryId).toBe("Category is required");
      expect((await rules(home)).map((found) => found.pattern)).toEqual(["Lidl"]);
      await clearRules(home);
    });

    it("answers bad input with a translated 400 naming the field", async () => {
      const groceries = await categoryNamed(home, "Groceries");
      const empty = await client(home).post(
        "/api/category-rules",
        { pattern: "   ", categoryId: groceries },
        { headers: { "x-hearth-language": "nl" } },
      );
      expect(empty.status).toBe(400);
      expect((await errorOf(empty)).fields?.pattern).toBe(
        "Vul de tekst in die in de tegenpartij of omschrijving staat (1 tot 100 tekens)",
      );
      const long = await client(home).post("/api/category-rules", {
        pattern: "x".repeat(101),
        categoryId: groceries,
      });
      expect((await errorOf(long)).fields?.pattern).toContain("1 to 100 characters");
      const field = await client(home).post("/api/category-rules", {
        pattern: "Lidl",
        field: "amount",
        categoryId: groceries,
      });
      expect(field.status).toBe(400);
      expect(Object.keys((await errorOf(field)).fields ?? {})).toEqual(["field"]);
      expect(await rules(home)).toEqual([]);
    });
  });

  it("files imported rows without a category by the first matching rule, ignoring case and accents", async () => {
    const groceries = await categoryNamed(home, "Groceries");
    const eatingOut = await categoryNamed(home, "Eating out");
    const salary = await categoryNamed(home, "Salary");
    await addRule(home, { pattern: "albert heijn", field: "counterparty", categoryId: groceries });
    await addRule(home, { pattern: "CAFE MULLER", categoryId: eatingOut });
    // A rule of an expense category never files income, and a later rule loses to an earlier.
    await addRule(home, { pattern: "heijn", categoryId: eatingOut });
    await addRule(home, { pattern: "Loon", field: "description", categoryId: salary });
    const text = lines(
      "02-01-2024;-12,50;ALBERT HEIJN 1234 UTRECHT;pinbetaling",
      "03-01-2024;-8,00;Café  Müller;koffie",
      "04-01-2024;-30,00;Bouwmarkt;verf",
      "05-01-2024;2000,00;Werkgever BV;loon januari",
      "06-01-2024;5,00;Albert Heijn;statiegeld",
    );
    const result = await importFile(home, text);
    expect(result.imported).toBe(5);
    // Only the rows no rule placed made the default category.
    expect(result.createdCategories).toBe(2);
    const placed = await categoryByMerchant(home, "from=2024-01-01&to=2024-01-31");
    expect(placed.get("ALBERT HEIJN 1234 UTRECHT")).toBe(groceries);
    expect(placed.get("Café Müller") ?? placed.get("Café  Müller")).toBe(eatingOut);
    expect(placed.get("Werkgever BV")).toBe(salary);
    const imported = (await categoriesOf(home)).filter((category) => category.name === "Imported");
    expect(imported.map((category) => category.kind).sort()).toEqual(["expense", "income"]);
    const importedOf = (kind: string) => imported.find((category) => category.kind === kind)?.id;
    expect(placed.get("Bouwmarkt")).toBe(importedOf("expense"));
    expect(placed.get("Albert Heijn")).toBe(importedOf("income"));

    // The same file again adds nothing, whatever the rules say now.
    expect((await importFile(home, text)).imported).toBe(0);
  });

  it("keeps a category the file names; a row with an empty cell gets the rule's", async () => {
    const groceries = await categoryNamed(home, "Groceries");
    const text = [
      "Datum;Bedrag;Categorie;Tegenpartij;Omschrijving",
      "02-02-2024;-20,00;Eating out;Albert Heijn to go;lunch",
      "03-02-2024;-21,00;;Albert Heijn;boodschappen",
    ].join("\n");
    expect((await importFile(home, text, named)).imported).toBe(2);
    const placed = await categoryByMerchant(home, "from=2024-02-01&to=2024-02-29");
    expect(placed.get("Albert Heijn to go")).toBe(await categoryNamed(home, "Eating out"));
    expect(placed.get("Albert Heijn")).toBe(groceries);
  });

  it("learns a known counterparty's category from the household's latest entry with it", async () => {
    await clearRules(home);
    const bakery = await newCategory(home, "Bakery");
    const gifts = await categoryNamed(home, "Gifts and donations");
    // Typed by hand: the baker in Bakery (older), then once in Gifts (the latest).
    const typed = (occurredOn: string, categoryId: string) =>
      client(home).post("/api/transactions", {
        kind: "expense",
        amountCents: 450,
        occurredOn,
        categoryId,
        paidByMemberId: home.memberId,
        splitMode: "personal",
        memberId: home.memberId,
        merchant: "Bakkerij Jansen",
      });
    expect((await typed("2024-03-01", bakery)).status).toBe(201);
    expect((await typed("2024-03-05", gifts)).status).toBe(201);
    expect((await typed("2024-03-02", bakery)).status).toBe(201);
    // Another household's baker teaches this one nothing.
    const theirs = await newCategory(other, "Their bakery");
    expect(
      (
        await client(other).post("/api/transactions", {
          kind: "expense",
          amountCents: 100,
          occurredOn: "2024-03-09",
          categoryId: theirs,
          paidByMemberId: other.memberId,
          splitMode: "personal",
          memberId: other.memberId,
          merchant: "Slagerij Visser",
        })
      ).status,
    ).toBe(201);

    await importFile(
      home,
      lines("10-03-2024;-3,20;BAKKERIJ JANSEN;brood", "11-03-2024;-9,99;Slagerij Visser;vlees"),
    );
    const placed = await categoryByMerchant(home, "from=2024-03-10&to=2024-03-31");
    expect(placed.get("BAKKERIJ JANSEN")).toBe(gifts);
    const importedExpense = (await categoriesOf(home)).find(
      (category) => category.name === "Imported" && category.kind === "expense",
    )?.id;
    expect(placed.get("Slagerij Visser")).toBe(importedExpense);

    // An entry left in its import's default category teaches nothing: the butcher stays unknown.
    await importFile(home, lines("12-04-2024;-4,00;Slagerij Visser;worst"));
    expect(
      (await categoryByMerchant(home, "from=2024-04-01&to=2024-04-30")).get("Slagerij Visser"),
    ).toBe(importedExpense);

    // A rule wins over what was learned.
    await addRule(home, { pattern: "bakkerij", categoryId: bakery });
    await importFile(home, lines("13-04-2024;-2,00;Bakkerij Jansen;taart"));
    expect(
      (await categoryByMerchant(home, "from=2024-04-13&to=2024-04-13")).get("Bakkerij Jansen"),
    ).toBe(bakery);
    await clearRules(home);
  });

  it("learns nothing from an older import's default category, so apply still finds its rows", async () => {
    const old = await entriesHousehold(testApp, "Olga Oud");
    const first = await importFile(old, lines("02-07-2024;-15,00;Fietsenmaker;band"));
    // An import made before imports kept their default categories.
    await testApp()
      .deps.database.db.update(imports)
      .set({ defaultCategoryIds: [] })
      .where(eq(imports.id, first.importId));
    const imported = await categoryNamed(old, "Imported");
    // The same counterparty again: "Imported" is not learned, the row stays a default row.
    const second = await importFile(old, lines("09-07-2024;-5,00;Fietsenmaker;ventiel"));
    const [row] = await testApp()
      .deps.database.db.select({ ids: imports.defaultCategoryIds })
      .from(imports)
      .where(eq(imports.id, second.importId));
    expect(row?.ids).toEqual([imported]);
    const bike = await newCategory(old, "Bike");
    await addRule(old, { pattern: "fietsenmaker", categoryId: bike });
    expect(
      await expectJson<{ changed: number }>(await client(old).post("/api/category-rules/apply")),
    ).toEqual({ changed: 1 });
    const placed = await entries(old, "from=2024-07-01&to=2024-07-31");
    expect(placed.map((entry) => entry.categoryId).sort()).toEqual([bike, imported].sort());
  });

  it("applies the rules to existing entries left in their import's default category", async () => {
    const fresh = await entriesHousehold(testApp, "Anna Achteraf");
    const transport = await newCategory(fresh, "Public transport");
    const groceries = await categoryNamed(fresh, "Groceries");
    const text = lines(
      "02-05-2024;-4,10;NS Groep;trein",
      "03-05-2024;-4,10;NS GROEP;trein terug",
      "04-05-2024;-9,00;Kapper;knippen",
    );
    await importFile(fresh, text);
    // A row the file filed itself and an entry typed by hand stay where they were put.
    await importFile(
      fresh,
      [
        "Datum;Bedrag;Categorie;Tegenpartij;Omschrijving",
        "05-05-2024;-6,00;Groceries;NS kiosk;",
      ].join("\n"),
      named,
    );
    expect(
      (
        await client(fresh).post("/api/transactions", {
          kind: "expense",
          amountCents: 700,
          occurredOn: "2024-05-06",
          categoryId: groceries,
          paidByMemberId: fresh.memberId,
          splitMode: "personal",
          memberId: fresh.memberId,
          merchant: "NS Groep",
        })
      ).status,
    ).toBe(201);
    await addRule(fresh, { pattern: "ns", field: "counterparty", categoryId: transport });
    // Another household's apply changes nothing here.
    expect(
      await expectJson<{ changed: number }>(await client(other).post("/api/category-rules/apply")),
    ).toEqual({ changed: 0 });

    const applied = await expectJson<{ changed: number }>(
      await client(fresh).post("/api/category-rules/apply"),
    );
    expect(applied.changed).toBe(2);
    const byMerchant = await entries(fresh, "from=2024-05-01&to=2024-05-31");
    const categoryOf = (merchant: string) =>
      byMerchant.filter((entry) => entry.merchant === merchant).map((entry) => entry.categoryId);
    expect(categoryOf("NS GROEP")).toEqual([transport]);
    expect(categoryOf("NS Groep").sort()).toEqual([groceries, transport].sort());
    expect(categoryOf("NS kiosk")).toEqual([groceries]);
    expect(categoryOf("Kapper")).not.toEqual([transport]);
    // Nothing left to do the second time.
    expect(
      await expectJson<{ changed: number }>(await client(fresh).post("/api/category-rules/apply")),
    ).toEqual({ changed: 0 });
  });

  it("creates no look-alike categories: case, spaces, accents and a default's other names", async () => {
    const nl = await entriesHousehold(testApp, "Niek Nederlands", { language: "nl" });
    const before = (await categoriesOf(nl)).length;
    const boodschappen = await categoryNamed(nl, "Boodschappen");
    const text = [
      "Datum;Bedrag;Categorie;Tegenpartij;Omschrijving",
      "01-06-2024;-1,00;boodschappen ;A;",
      "02-06-2024;-2,00;BOODSCHAPPEN;B;",
      "03-06-2024;-3,00;Groceries;C;",
      "04-06-2024;-4,00;  Boodschappen  ;D;",
      "05-06-2024;-5,00;Hobby;E;",
      "06-06-2024;-6,00;hobby;F;",
      "07-06-2024;-7,00;Höbby;G;",
    ].join("\n");

    const preview = await expectJson<CategoryPreview>(
      await client(nl).post("/api/category-rules/preview", {
        rows: [{ kind: "expense", merchant: "A", notes: null }],
        names: [
          { kind: "expense", name: "boodschappen " },
          { kind: "expense", name: "Groceries" },
          { kind: "expense", name: "Hobby" },
        ],
      }),
    );
    expect(preview.names.map((name) => name.categoryId)).toEqual([
      boodschappen,
      boodschappen,
      null,
    ]);

    const result = await importFile(nl, text, named);
    expect(result).toMatchObject({ imported: 7, createdCategories: 1 });
    const after = await categoriesOf(nl);
    expect(after.length).toBe(before + 1);
    const hobby = after.find((category) => category.name === "Hobby")?.id;
    const placed = await categoryByMerchant(nl, "from=2024-06-01&to=2024-06-30");
    expect(["A", "B", "C", "D"].map((merchant) => placed.get(merchant))).toEqual([
      boodschappen,
      boodschappen,
      boodschappen,
      boodschappen,
    ]);
    expect(["E", "F", "G"].map((merchant) => placed.get(merchant))).toEqual([hobby, hobby, hobby]);
  });

  it("previews where rows go: a rule's category, a learned one, or none", async () => {
    const groceries = await categoryNamed(home, "Groceries");
    const rule = await addRule(home, { pattern: "plus", categoryId: groceries });
    const bakery = await categoryNamed(home, "Bakery");
    const preview = await expectJson<CategoryPreview>(
      await client(home).post("/api/category-rules/preview", {
        rows: [
          { kind: "expense", merchant: "PLUS Supermarkt", notes: null },
          { kind: "expense", merchant: "bakkerij jansen", notes: null },
          { kind: "expense", merchant: "Onbekend", notes: "plus" },
          { kind: "income", merchant: "PLUS", notes: null },
        ],
        names: [],
      }),
    );
    expect(preview.rows).toEqual([
      { categoryId: groceries, source: "rule", ruleId: rule.id },
      { categoryId: bakery, source: "learned", ruleId: null },
      { categoryId: groceries, source: "rule", ruleId: rule.id },
      { categoryId: null, source: null, ruleId: null },
    ]);
    const other400 = await client(home).post("/api/category-rules/preview", {
      rows: [{ kind: "gift", merchant: "x" }],
      names: [],
    });
    expect(other400.status).toBe(400);
    await clearRules(home);
  });

  it("moves rules along when their category is merged into another", async () => {
    const from = await newCategory(home, "Snacks");
    const into = await categoryNamed(home, "Groceries");
    const rule = await addRule(home, { pattern: "Kiosk", categoryId: from });
    await expectJson(
      await client(home).post(`/api/categories/${from}/merge`, { intoCategoryId: into }),
    );
    expect((await rules(home)).find((found) => found.id === rule.id)?.categoryId).toBe(into);
    await clearRules(home);
  });
});
