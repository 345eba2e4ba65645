import { beforeAll, expect, it } from "vitest";
import type { MerchantSuggestion, Transaction } from "#shared/schemas/transactions.schema.ts";
import { errorOf, type TestClient } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import { entriesHousehold, expectJson, type EntriesHousehold } from "./entries-test-household.ts";

describeOnEachDatabase("merchant suggestions", (database) => {
  const testApp = useTestApp(database);
  let home: EntriesHousehold;
  let other: EntriesHousehold;

  const add = async (
    who: EntriesHousehold,
    merchant: string,
    occurredOn: string,
    overrides: Record<string, unknown> = {},
  ) =>
    expectJson<Transaction>(
      await who.person.client.post("/api/transactions", {
        kind: "expense",
        amountCents: 1000,
        occurredOn,
        categoryId: who.expenseCategoryId,
        merchant,
        splitMode: "personal",
        memberId: who.memberId,
        paidByMemberId: who.memberId,
        ...overrides,
      }),
      201,
    );

  const suggest = async (client: TestClient, query: string) =>
    (
      await expectJson<{ items: MerchantSuggestion[] }>(
        await client.get(`/api/transactions/merchants?${query}`),
      )
    ).items;

  beforeAll(async () => {
    home = await entriesHousehold(testApp, "Anna Merchants");
    other = await entriesHousehold(testApp, "Bram Elsewhere");
    // Albert Heijn: four times (two spellings), last with the other expense category.
    await add(home, "Albert Heijn", "2026-03-01");
    await add(home, "albert heijn ", "2026-03-05");
    await add(home, "Albert Heijn", "2026-03-03");
    await add(home, "Albert Heijn", "2026-03-08", { categoryId: home.otherExpenseCategoryId });
    // Contains "albert" without starting with it, more often than Albert Heijn.
    for (const day of ["01", "02", "03", "04", "05"])
      await add(home, "De Albertshop", `2026-02-${day}`);
    // Once each: the more recent first.
    await add(home, "Bakker Bart", "2026-03-20");
    await add(home, "Boekhandel", "2026-01-10");
    await add(home, "100% Bio", "2026-03-02");
    const gone = await add(home, "Zeeman", "2026-03-04");
    const removed = await home.person.client.post("/api/transactions/delete", { ids: [gone.id] });
    expect(removed.status).toBe(200);
    await add(home, "Werkgever BV", "2026-03-25", {
      kind: "income",
      categoryId: home.incomeCategoryId,
      paidByMemberId: null,
      receivedByMemberId: home.memberId,
    });
    await add(other, "Albert Heijn Elders", "2026-03-09");
    await add(other, "Geheime winkel", "2026-03-09");
  });

  it("puts merchants that start with the text first, then the most used, with the category last used", async () => {
    const items = await suggest(home.person.client, "q=alb&kind=expense");
    expect(items).toEqual([
      {
        merchant: "Albert Heijn",
        categoryId: home.otherExpenseCategoryId,
        uses: 4,
        lastOn: "2026-03-08",
      },
      {
        merchant: "De Albertshop",
        categoryId: home.expenseCategoryId,
        uses: 5,
        lastOn: "2026-02-05",
      },
    ]);
  });

  it("without text: the most used, then the most recent; deleted entries and other kinds left out", async () => {
    const items = await suggest(home.person.client, "kind=expense");
    expect(items.map((item) => item.merchant)).toEqual([
      "De Albertshop",
      "Albert Heijn",
      "Bakker Bart",
      "100% Bio",
      "Boekhandel",
    ]);
    expect((await suggest(home.person.client, "q=zee")).map((item) => item.merchant)).toEqual([]);
    expect(await suggest(home.person.client, "q=werk&kind=income")).toEqual([
      {
        merchant: "Werkgever BV",
        categoryId: home.incomeCategoryId,
        uses: 1,
        lastOn: "2026-03-25",
      },
    ]);
    expect(await suggest(home.person.client, "q=werk&kind=expense")).toEqual([]);
    expect(await suggest(home.person.client, "q=BAKKER")).toHaveLength(1);
    expect(await suggest(home.person.client, "limit=2")).toHaveLength(2);
  });

  it("reads % and _ as themselves", async () => {
    expect((await suggest(home.person.client, "q=%25")).map((item) => item.merchant)).toEqual([
      "100% Bio",
    ]);
    expect(await suggest(home.person.client, "q=_")).toEqual([]);
  });

  it("answers from the caller's own household only", async () => {
    expect((await suggest(other.person.client, "q=")).map((item) => item.merchant)).toEqual([
      "Albert Heijn Elders",
      "Geheime winkel",
    ]);
    expect(await suggest(home.person.client, "q=geheim")).toEqual([]);
  });

  it("refuses bad input with a translated 400 naming the field, and a visitor with 401", async () => {
    for (const [query, field] of [
      ["limit=0", "limit"],
      ["limit=21", "limit"],
      ["limit=abc", "limit"],
      ["kind=settlement", "kind"],
      [`q=${"a".repeat(201)}`, "q"],
    ] as const) {
      const response = await home.person.client.get(`/api/transactions/merchants?${query}`, {
        headers: { "x-hearth-language": "nl" },
      });
      expect(response.status, query).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION");
      expect(Object.keys(error.fields ?? {}), query).toEqual([field]);
      expect(error.message).toMatch(/[a-z]/);
    }
    expect((await testApp().request("/api/transactions/merchants?limit=0")).status).toBe(401);
  });
});
