import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, transactions, transactionShares } from "#server/db/schema/money.ts";
import type { Transaction } from "#shared/schemas/transactions.schema.ts";
import { errorOf, type TestClient } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { testBaseUrl, useTestApp } from "#test/test-app.ts";
import { entriesHousehold, expectJson, type EntriesHousehold } from "./entries-test-household.ts";

type Item = Transaction & { memberShareCents: number | null };
type Page = { items: Item[]; nextCursor: string | null };
type Summary = { count: number; incomeCents: number; expenseCents: number };

describeOnEachDatabase("transactions", (database) => {
  const testApp = useTestApp(database);
  let home: EntriesHousehold;
  let other: EntriesHousehold;
  const db = () => testApp().deps.database.db;

  beforeAll(async () => {
    home = await entriesHousehold(testApp, "Anna Entries");
    other = await entriesHousehold(testApp, "Bram Other");
  });

  const expense = (overrides: Record<string, unknown> = {}) => ({
    kind: "expense",
    amountCents: 1250,
    occurredOn: "2026-03-10",
    categoryId: home.expenseCategoryId,
    merchant: "Albert Heijn",
    splitMode: "personal",
    memberId: home.memberId,
    paidByMemberId: home.memberId,
    ...overrides,
  });

  const create = (body: unknown, options: { client?: TestClient; language?: "nl" } = {}) =>
    (options.client ?? home.person.client).post(
      "/api/transactions",
      body,
      options.language ? { headers: { "x-hearth-language": options.language } } : {},
    );

  const createOk = async (body: unknown) => expectJson<Transaction>(await create(body), 201);

  const fieldsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("VALIDATION");
    return error.fields ?? {};
  };

  const rawPost = (path: string, text: string) =>
    testApp().request(path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: home.person.client.cookieHeader(),
        origin: testBaseUrl,
      },
      body: text,
    });

  describe("validation", () => {
    it("answers every message of the specification in English", async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [expense({ categoryId: undefined }), "categoryId", "Category is required"],
        [expense({ categoryId: "" }), "categoryId", "Category is required"],
        [expense({ amountCents: undefined }), "amountCents", "Amount is required"],
        [expense({ amountCents: null }), "amountCents", "Amount is required"],
        [expense({ amountCents: 0 }), "amountCents", "Amount must be positive"],
        [expense({ amountCents: -500 }), "amountCents", "Amount must be positive"],
        [expense({ amountCents: 12.5 }), "amountCents", "Please enter a valid amount"],
        [expense({ amountCents: "12,50" }), "amountCents", "Please enter a valid amount"],
        [expense({ amountCents: 1e15 }), "amountCents", "Please enter a valid amount"],
        [expense({ memberId: undefined }), "memberId", "Please select a household member"],
        [expense({ paidByMemberId: undefined }), "paidByMemberId", "Please select who paid"],
        [
          expense({
            kind: "income",
            categoryId: home.incomeCategoryId,
            paidByMemberId: undefined,
          }),
          "receivedByMemberId",
          "Please select who received",
        ],
        [
          expense({
            splitMode: "percent",
            shares: [{ memberId: home.memberId, percentBp: 10000 }],
          }),
          "shares",
          "At least 2 members are needed to split",
        ],
        [
          expense({ splitMode: "amount", shares: [] }),
          "shares",
          "At least 2 members are needed to split",
        ],
        [
          expense({
            splitMode: "amount",
            amountCents: 1000,
            shares: [
              { memberId: home.memberId, amountCents: 600 },
              { memberId: home.partnerId, amountCents: 399 },
            ],
          }),
          "shares",
          "Split amounts must equal the total",
        ],
        [
          expense({
            splitMode: "percent",
            shares: [
              { memberId: home.memberId, percentBp: 6000 },
              { memberId: home.partnerId, percentBp: 3000 },
            ],
          }),
          "shares",
          "Split percentages must add up to 100%",
        ],
        [expense({ occurredOn: "2026-02-30" }), "occurredOn", "Please enter a valid date"],
        [expense({ occurredOn: undefined }), "occurredOn", "Date is required"],
        [expense({ merchant: "x".repeat(201) }), "merchant", "This text is too long"],
      ];
      for (const [body, field, message] of cases) {
        const fields = await fieldsOf(await create(body));
        expect(fields[field], `${field} of ${JSON.stringify(body)}`).toBe(message);
      }
    });

    it("answers in Dutch with x-hearth-language: nl", async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [expense({ categoryId: undefined }), "categoryId", "Categorie is verplicht"],
        [expense({ amountCents: undefined }), "amountCents", "Bedrag is verplicht"],
        [expense({ amountCents: -1 }), "amountCents", "Bedrag moet positief zijn"],
        [expense({ amountCents: 1.5 }), "amountCents", "Voer een geldig bedrag in"],
        [expense({ paidByMemberId: null }), "paidByMemberId", "Selecteer wie heeft betaald"],
        [
          expense({
            splitMode: "amount",
            shares: [
              { memberId: home.memberId, amountCents: 1 },
              { memberId: home.partnerId, amountCents: 1 },
            ],
          }),
          "shares",
          "De verdeelde bedragen moeten samen het totaal zijn",
        ],
      ];
      for (const [body, field, message] of cases) {
        const response = await create(body, { language: "nl" });
        const fields = await fieldsOf(response);
        expect(fields[field]).toBe(message);
      }
      const kind = await create(expense({ categoryId: home.incomeCategoryId }), { language: "nl" });
      expect((await fieldsOf(kind)).categoryId).toBe(
        "Kies een categorie van hetzelfde soort als de post",
      );
    });

    it("checks the category and the members against the household", async () => {
      const mismatch = await create(expense({ categoryId: home.incomeCategoryId }));
      expect((await fieldsOf(mismatch)).categoryId).toBe(
        "Choose a category of the same type as the entry",
      );
      const [archived] = await db()
        .insert(categories)
        .values({
          householdId: home.householdId,
          kind: "expense",
          name: "Old stuff",
          archivedAt: new Date(),
        })
        .returning();
      const archivedAnswer = await create(expense({ categoryId: archived?.id }));
      expect((await fieldsOf(archivedAnswer)).categoryId).toBe(
        "This category is archived: choose another one",
      );
      const foreignCategory = await create(expense({ categoryId: other.expenseCategoryId }));
      expect((await fieldsOf(foreignCategory)).categoryId).toBe("Category is required");
      const notUuid = await create(expense({ categoryId: "groceries" }));
      expect((await fieldsOf(notUuid)).categoryId).toBe("Category is required");
      const unknown = "This person is not a member of your household";
      for (const [body, field] of [
        [expense({ memberId: other.memberId }), "memberId"],
        [expense({ paidByMemberId: other.partnerId }), "paidByMemberId"],
        [expense({ memberId: home.aggregateId }), "memberId"],
        [expense({ memberId: "not-a-uuid" }), "memberId"],
        [
          expense({
            splitMode: "percent",
            shares: [
              { memberId: home.memberId, percentBp: 5000 },
              { memberId: other.memberId, percentBp: 5000 },
            ],
          }),
          "shares.1.memberId",
        ],
      ] as const) {
        expect((await fieldsOf(await create(body)))[field]).toBe(unknown);
      }
      const count = await db()
        .select()
        .from(transactions)
        .where(eq(transactions.householdId, home.householdId));
      expect(count).toHaveLength(0);
    });

    it("never answers 500 for a malformed body", async () => {
      const bodies: unknown[] = [
        null,
        [],
        [expense()],
        "expense",
        42,
        true,
        {},
        expense({ kind: "settlement" }),
        expense({ kind: null }),
        expense({ kind: ["expense"] }),
        expense({ amountCents: "1250" }),
        expense({ amountCents: { cents: 1 } }),
        expense({ amountCents: [1250] }),
        expense({ amountCents: 1e308 }),
        expense({ amountCents: Number.MAX_SAFE_INTEGER + 2 }),
        expense({ occurredOn: 20260310 }),
        expense({ occurredOn: "10-03-2026" }),
        expense({ occurredOn: "2026-13-01" }),
        expense({ categoryId: 7 }),
        expense({ categoryId: null }),
        expense({ categoryId: { id: 1 } }),
        expense({ merchant: 5 }),
        expense({ notes: ["a"] }),
        expense({ notes: "n".repeat(2001) }),
        expense({ splitMode: "half" }),
        expense({ memberId: 12 }),
        expense({ paidByMemberId: [] }),
        expense({ splitMode: "percent", shares: "all of us" }),
        expense({ splitMode: "percent", shares: [null, null] }),
        expense({ splitMode: "percent", shares: [{ memberId: 1 }, { memberId: 2 }] }),
        expense({
          splitMode: "percent",
          shares: [
            { memberId: home.memberId, percentBp: 1e20 },
            { memberId: home.partnerId, percentBp: -1e20 },
          ],
        }),
        expense({
          splitMode: "amount",
          shares: [
            { memberId: home.memberId, amountCents: 1e300 },
            { memberId: home.partnerId, amountCents: -1e300 },
          ],
        }),
        expense({
          splitMode: "amount",
          shares: [
            { memberId: home.memberId, amountCents: 1250 },
            { memberId: home.memberId, amountCents: 0 },
          ],
        }),
        expense({
          splitMode: "percent",
          shares: Array.from({ length: 60 }, (_, i) => ({ memberId: `m${i}`, percentBp: 1 })),
        }),
      ];
      const existing = await createOk(expense({ amountCents: 4321 }));
      for (const body of bodies) {
        const response = await create(body);
        expect(response.status, JSON.stringify(body)?.slice(0, 200)).toBe(400);
        await errorOf(response);
        const patched = await home.person.client.request(
          "PATCH",
          `/api/transactions/${existing.id}`,
          body,
        );
        expect(patched.status, `PATCH ${JSON.stringify(body)?.slice(0, 200)}`).toBe(400);
      }
      // None of it reached the database.
      const [row] = await db().select().from(transactions).where(eq(transactions.id, existing.id));
      expect(row?.amountCents).toBe(4321);
      await home.person.client.request("DELETE", `/api/transactions/${existing.id}`);
      for (const text of ["{not json", "", "[", '{"amountCents": 12', "null"]) {
        const response = await rawPost("/api/transactions", text);
        expect(response.status, text).toBe(400);
      }
      // The other bodies of the area take the same beating.
      for (const [path, body] of [
        ["/api/transactions/delete", { ids: "all" }],
        ["/api/transactions/delete", { ids: [] }],
        ["/api/transactions/delete", { ids: ["x"] }],
        ["/api/transactions/restore", { ids: [null] }],
        ["/api/transactions/restore", null],
        ["/api/settlements", { fromMemberId: 1, toMemberId: [], amountCents: "x" }],
        ["/api/settlements", []],
      ] as const) {
        const response = await home.person.client.post(path, body);
        expect(response.status, path).toBe(400);
        await errorOf(response);
      }
      const patch = await home.person.client.request(
        "PATCH",
        "/api/transactions/00000000-0000-0000-0000-000000000000",
        [],
      );
      expect(patch.status).toBe(400);
    });
  });

  describe("storing and reading back", () => {
    it("stores a 60/40 split of 10001 cents exactly and reads it back", async () => {
      const created = await createOk(
        expense({
          amountCents: 10001,
          splitMode: "percent",
          memberId: null,
          shares: [
            { memberId: home.memberId, percentBp: 6000 },
            { memberId: home.partnerId, percentBp: 4000 },
          ],
        }),
      );
      const expected = [
        { memberId: home.memberId, amountCents: 6001, percentBp: 6000 },
        { memberId: home.partnerId, amountCents: 4000, percentBp: 4000 },
      ];
      const byMember = (shares: Transaction["shares"]) =>
        [...shares].sort((a, b) => a.memberId.localeCompare(b.memberId));
      expect(byMember(created.shares)).toEqual(byMember(expected));
      const read = await expectJson<Transaction>(
        await home.person.client.get(`/api/transactions/${created.id}`),
      );
      expect(read).toMatchObject({
        id: created.id,
        kind: "expense",
        amountCents: 10001,
        occurredOn: "2026-03-10",
        categoryId: home.expenseCategoryId,
        merchant: "Albert Heijn",
        notes: null,
        splitMode: "percent",
        paidByMemberId: home.memberId,
        receivedByMemberId: null,
      });
      expect(byMember(read.shares)).toEqual(byMember(expected));
      const rows = await db()
        .select()
        .from(transactionShares)
        .where(eq(transactionShares.transactionId, created.id));
      expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(10001);
    });

    it("stores a split by amounts and a 3-way percent split that add up to the cent", async () => {
      const byAmount = await createOk(
        expense({
          amountCents: 10001,
          splitMode: "amount",
          shares: [
            { memberId: home.memberId, amountCents: 3333 },
            { memberId: home.partnerId, amountCents: 3334 },
            { memberId: home.thirdId, amountCents: 3334 },
          ],
        }),
      );
      expect(byAmount.shares.map((s) => s.amountCents).sort()).toEqual([3333, 3334, 3334]);
      expect(byAmount.shares.every((s) => s.percentBp === null)).toBe(true);
      const thirds = await createOk(
        expense({
          amountCents: 100,
          splitMode: "percent",
          shares: [
            { memberId: home.memberId, percentBp: 3334 },
            { memberId: home.partnerId, percentBp: 3333 },
            { memberId: home.thirdId, percentBp: 3333 },
          ],
        }),
      );
      const read = await expectJson<Transaction>(
        await home.person.client.get(`/api/transactions/${thirds.id}`),
      );
      expect(read.shares.reduce((sum, s) => sum + s.amountCents, 0)).toBe(100);
      expect(read.shares.find((s) => s.memberId === home.memberId)?.amountCents).toBe(34);
    });

    it("stores income as received, with no payer", async () => {
      const income = await createOk({
        kind: "income",
        amountCents: 250000,
        occurredOn: "2026-03-25",
        categoryId: home.incomeCategoryId,
        splitMode: "personal",
        memberId: home.partnerId,
        receivedByMemberId: home.partnerId,
        paidByMemberId: home.memberId,
      });
      expect(income).toMatchObject({
        kind: "income",
        receivedByMemberId: home.partnerId,
        paidByMemberId: null,
        shares: [{ memberId: home.partnerId, amountCents: 250000, percentBp: null }],
      });
    });

    it("replaces the fields and the shares on PATCH", async () => {
      const created = await createOk(
        expense({
          amountCents: 5000,
          splitMode: "percent",
          shares: [
            { memberId: home.memberId, percentBp: 5000 },
            { memberId: home.partnerId, percentBp: 5000 },
          ],
        }),
      );
      const patched = await expectJson<Transaction>(
        await home.person.client.request(
          "PATCH",
          `/api/transactions/${created.id}`,
          expense({
            amountCents: 777,
            occurredOn: "2026-04-01",
            categoryId: home.otherExpenseCategoryId,
            merchant: null,
            notes: "fixed",
            memberId: home.partnerId,
            paidByMemberId: home.partnerId,
          }),
        ),
      );
      expect(patched).toMatchObject({
        amountCents: 777,
        occurredOn: "2026-04-01",
        categoryId: home.otherExpenseCategoryId,
        merchant: null,
        notes: "fixed",
        splitMode: "personal",
        paidByMemberId: home.partnerId,
        shares: [{ memberId: home.partnerId, amountCents: 777, percentBp: null }],
      });
      const rows = await db()
        .select()
        .from(transactionShares)
        .where(eq(transactionShares.transactionId, created.id));
      expect(rows).toHaveLength(1);
      const invalid = await home.person.client.request(
        "PATCH",
        `/api/transactions/${created.id}`,
        expense({ amountCents: 0 }),
      );
      expect((await fieldsOf(invalid)).amountCents).toBe("Amount must be positive");
    });

    it("keeps an entry's archived category on edit, but not for another category", async () => {
      const [category] = await db()
        .insert(categories)
        .values({ householdId: home.householdId, kind: "expense", name: "Soon archived" })
        .returning();
      const created = await createOk(expense({ categoryId: category?.id }));
      await db()
        .update(categories)
        .set({ archivedAt: new Date() })
        .where(eq(categories.id, category?.id ?? ""));
      const edited = await home.person.client.request(
        "PATCH",
        `/api/transactions/${created.id}`,
        expense({ categoryId: category?.id, amountCents: 99 }),
      );
      expect(edited.status).toBe(200);
    });

    it("deletes softly, restores, and deletes in bulk", async () => {
      const a = await createOk(expense({ amountCents: 101 }));
      const b = await createOk(expense({ amountCents: 102 }));
      const c = await createOk(expense({ amountCents: 103 }));
      const client = home.person.client;
      expect((await client.request("DELETE", `/api/transactions/${a.id}`)).status).toBe(204);
      expect((await client.get(`/api/transactions/${a.id}`)).status).toBe(404);
      expect((await client.request("DELETE", `/api/transactions/${a.id}`)).status).toBe(404);
      const [row] = await db().select().from(transactions).where(eq(transactions.id, a.id));
      expect(row?.deletedAt).not.toBeNull();
      expect(
        await expectJson(await client.post("/api/transactions/restore", { ids: [a.id] })),
      ).toEqual({ restored: 1 });
      expect((await client.get(`/api/transactions/${a.id}`)).status).toBe(200);
      expect(
        await expectJson(
          await client.post("/api/transactions/delete", { ids: [a.id, b.id, c.id, b.id] }),
        ),
      ).toEqual({ deleted: 3 });
      const page = await expectJson<Page>(await client.get("/api/transactions?limit=200"));
      expect(page.items.some((item) => [a.id, b.id, c.id].includes(item.id))).toBe(false);
      expect(
        await expectJson(
          await client.post("/api/transactions/restore", { ids: [a.id, b.id, c.id] }),
        ),
      ).toEqual({ restored: 3 });
    });
  });

  describe("the list", () => {
    let lister: EntriesHousehold;
    let ids: string[];
    const rows: { id: string; occurredOn: string; amountCents: number }[] = [];

    beforeAll(async () => {
      lister = await entriesHousehold(testApp, "Lisa Lister");
      // 30 entries with many ties on the date and on the amount.
      const values = Array.from({ length: 30 }, (_, i) => ({
        householdId: lister.householdId,
        kind: (i % 5 === 0 ? "income" : "expense") as "income" | "expense",
        amountCents: [500, 1000, 1000, 2500, 99][i % 5] ?? 1,
        occurredOn: `2026-0${1 + (i % 3)}-${String(10 + (i % 4)).padStart(2, "0")}`,
        categoryId:
          i % 5 === 0
            ? lister.incomeCategoryId
            : i % 2 === 0
              ? lister.expenseCategoryId
              : lister.otherExpenseCategoryId,
        merchant: i % 7 === 0 ? "100%_Pure Bakery" : `Shop ${i}`,
        notes: i % 6 === 0 ? "weekly groceries" : null,
        paidByMemberId: i % 5 === 0 ? null : lister.memberId,
        receivedByMemberId: i % 5 === 0 ? lister.memberId : null,
        splitMode: (i % 3 === 0 ? "amount" : "personal") as "amount" | "personal",
      }));
      const inserted = await db().insert(transactions).values(values).returning();
      ids = inserted.map((row) => row.id);
      for (const row of inserted) {
        rows.push({ id: row.id, occurredOn: row.occurredOn, amountCents: row.amountCents });
        const shares =
          row.splitMode === "amount"
            ? [
                { memberId: lister.memberId, amountCents: row.amountCents - 40 },
                { memberId: lister.partnerId, amountCents: 40 },
              ]
            : [{ memberId: lister.memberId, amountCents: row.amountCents }];
        await db()
          .insert(transactionShares)
          .values(
            shares.map((share) => ({
              ...share,
              transactionId: row.id,
              householdId: lister.householdId,
            })),
          );
      }
      // A deleted entry never shows; a settlement shows but is neither income nor spending.
      await db().insert(transactions).values({
        householdId: lister.householdId,
        kind: "expense",
        amountCents: 12345,
        occurredOn: "2026-02-11",
        categoryId: lister.expenseCategoryId,
        paidByMemberId: lister.memberId,
        deletedAt: new Date(),
      });
    });

    const walk = async (query: string, limit: number) => {
      const seen: Item[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 100; pages++) {
        const response = await lister.person.client.get(
          `/api/transactions?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
        );
        const page = await expectJson<Page>(response);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items);
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      return seen;
    };

    it("walks every entry exactly once in each sort, ties broken by id", async () => {
      const compare = {
        "date-desc": (a: (typeof rows)[0], b: (typeof rows)[0]) =>
          b.occurredOn.localeCompare(a.occurredOn) || (a.id < b.id ? 1 : -1),
        "date-asc": (a: (typeof rows)[0], b: (typeof rows)[0]) =>
          a.occurredOn.localeCompare(b.occurredOn) || (a.id < b.id ? -1 : 1),
        "amount-desc": (a: (typeof rows)[0], b: (typeof rows)[0]) =>
          b.amountCents - a.amountCents || (a.id < b.id ? 1 : -1),
        "amount-asc": (a: (typeof rows)[0], b: (typeof rows)[0]) =>
          a.amountCents - b.amountCents || (a.id < b.id ? -1 : 1),
      } as const;
      for (const sort of ["date-desc", "date-asc", "amount-desc", "amount-asc"] as const) {
        for (const limit of [1, 4, 7, 30, 50]) {
          const seen = await walk(`sort=${sort}`, limit);
          expect(seen.map((item) => item.id)).toEqual(
            [...rows].sort(compare[sort]).map((row) => row.id),
          );
        }
      }
      expect(new Set(ids).size).toBe(30);
    });

    it("refuses a cursor it did not make with 400, never 500", async () => {
      const first = await expectJson<Page>(
        await lister.person.client.get("/api/transactions?sort=date-desc&limit=2"),
      );
      const dateCursor = first.nextCursor ?? "";
      const bad = [
        "!!!",
        "bm90IGpzb24",
        Buffer.from("[1,2,3]").toString("base64url"),
        Buffer.from('["2026-01-01","nope"]').toString("base64url"),
        Buffer.from('["2026-02-30","00000000-0000-0000-0000-000000000000"]').toString("base64url"),
        Buffer.from('[1e400,"00000000-0000-0000-0000-000000000000"]').toString("base64url"),
      ];
      for (const cursor of bad) {
        const response = await lister.person.client.get(
          `/api/transactions?cursor=${encodeURIComponent(cursor)}`,
        );
        expect(response.status, cursor).toBe(400);
        expect((await errorOf(response)).fields?.cursor).toBe("This value is not valid.");
      }
      // A date cursor is not an amount cursor.
      const crossed = await lister.person.client.get(
        `/api/transactions?sort=amount-desc&cursor=${dateCursor}`,
      );
      expect(crossed.status).toBe(400);
      for (const query of [
        "sort=sideways",
        "limit=0",
        "limit=1000",
        "limit=abc",
        "min=-1",
        "from=yesterday",
        "kind=gift",
      ]) {
        const response = await lister.person.client.get(`/api/transactions?${query}`);
        expect(response.status, query).toBe(400);
      }
    });

    const idsOf = async (query: string) => (await walk(query, 200)).map((item) => item.id).sort();
    const expectedIds = (predicate: (index: number) => boolean) =>
      ids.filter((_, index) => predicate(index)).sort();

    it("filters by text, dates, kind, categories, member and amounts", async () => {
      // Text: merchant, with % and _ matching themselves.
      expect(await idsOf("q=100%25_pure")).toEqual(expectedIds((i) => i % 7 === 0));
      expect(await idsOf("q=0%25")).toEqual(expectedIds((i) => i % 7 === 0));
      expect(await idsOf("q=_")).toEqual(expectedIds((i) => i % 7 === 0));
      // Notes.
      expect(await idsOf("q=WEEKLY")).toEqual(expectedIds((i) => i % 6 === 0));
      // Category name.
      const [income] = await db()
        .select()
        .from(categories)
        .where(eq(categories.id, lister.incomeCategoryId));
      expect(await idsOf(`q=${encodeURIComponent(income?.name ?? "")}`)).toEqual(
        expectedIds((i) => i % 5 === 0),
      );
      // Dates.
      expect(await idsOf("from=2026-02-01&to=2026-02-28")).toEqual(expectedIds((i) => i % 3 === 1));
      expect(await idsOf("from=2026-03-12")).toEqual(
        expectedIds((i) => i % 3 === 2 && 10 + (i % 4) >= 12),
      );
      // Kind.
      expect(await idsOf("kind=income")).toEqual(expectedIds((i) => i % 5 === 0));
      // Categories: one, a list, and ids that are not uuids or not theirs.
      expect(await idsOf(`category=${lister.otherExpenseCategoryId}`)).toEqual(
        expectedIds((i) => i % 5 !== 0 && i % 2 === 1),
      );
      expect(
        await idsOf(`category=${lister.otherExpenseCategoryId},${lister.incomeCategoryId}`),
      ).toEqual(expectedIds((i) => i % 5 === 0 || i % 2 === 1));
      expect(await idsOf("category=not-a-uuid")).toEqual([]);
      expect(await idsOf(`category=${home.expenseCategoryId}`)).toEqual([]);
      // Member: entries with a share of theirs, and their share.
      const partner = await walk(`member=${lister.partnerId}`, 200);
      expect(partner.map((item) => item.id).sort()).toEqual(expectedIds((i) => i % 3 === 0));
      expect(partner.every((item) => item.memberShareCents === 40)).toBe(true);
      expect(await idsOf("member=nobody")).toEqual([]);
      expect(await idsOf(`member=${home.memberId}`)).toEqual([]);
      // Amounts: on the whole amount, or with a member on their share.
      expect(await idsOf("min=1000&max=2500")).toEqual(
        expectedIds((i) => [1, 2, 3].includes(i % 5)),
      );
      expect(await idsOf(`member=${lister.memberId}&min=960&max=960`)).toEqual(
        expectedIds((i) => i % 3 === 0 && [1, 2].includes(i % 5)),
      );
      // Everything combined.
      expect(await idsOf(`kind=expense&min=99&max=99&from=2026-01-01&to=2026-01-31`)).toEqual(
        expectedIds((i) => i % 5 === 4 && i % 3 === 0),
      );
    });

    it("adds up the filter in SQL: household amounts, or a member's shares", async () => {
      const all = await walk("", 200);
      const sum = (items: Item[], kind: string, pick: (item: Item) => number) =>
        items.filter((item) => item.kind === kind).reduce((total, item) => total + pick(item), 0);
      const summary = await expectJson<Summary>(
        await lister.person.client.get("/api/transactions/summary"),
      );
      expect(summary).toEqual({
        count: 30,
        incomeCents: sum(all, "income", (item) => item.amountCents),
        expenseCents: sum(all, "expense", (item) => item.amountCents),
      });
      for (const member of [lister.memberId, lister.partnerId]) {
        const items = await walk(`member=${member}`, 200);
        const mine = await expectJson<Summary>(
          await lister.person.client.get(`/api/transactions/summary?member=${member}`),
        );
        expect(mine).toEqual({
          count: items.length,
          incomeCents: sum(items, "income", (item) => item.memberShareCents ?? 0),
          expenseCents: sum(items, "expense", (item) => item.memberShareCents ?? 0),
        });
      }
      const february = await expectJson<Summary>(
        await lister.person.client.get(
          "/api/transactions/summary?from=2026-02-01&to=2026-02-28&kind=expense",
        ),
      );
      const febItems = all.filter(
        (item) => item.occurredOn.startsWith("2026-02") && item.kind === "expense",
      );
      expect(february).toEqual({
        count: febItems.length,
        incomeCents: 0,
        expenseCents: sum(febItems, "expense", (item) => item.amountCents),
      });
      // A settlement counts as a row, but neither as income nor as spending.
      await expectJson(
        await lister.person.client.post("/api/settlements", {
          fromMemberId: lister.partnerId,
          toMemberId: lister.memberId,
          amountCents: 5555,
          occurredOn: "2026-03-30",
        }),
        201,
      );
      const after = await expectJson<Summary>(
        await lister.person.client.get("/api/transactions/summary"),
      );
      expect(after).toEqual({ ...summary, count: 31 });
      const bad = await lister.person.client.get("/api/transactions/summary?max=abc");
      expect(bad.status).toBe(400);
    });
  });

  describe("another household's ids", () => {
    it("answers 404 on every route and changes nothing", async () => {
      const theirs = await expectJson<Transaction>(
        await other.person.client.post("/api/transactions", {
          kind: "expense",
          amountCents: 4200,
          occurredOn: "2026-03-01",
          categoryId: other.expenseCategoryId,
          splitMode: "personal",
          memberId: other.memberId,
          paidByMemberId: other.memberId,
        }),
        201,
      );
      const theirDeleted = await expectJson<Transaction>(
        await other.person.client.post("/api/transactions", {
          kind: "expense",
          amountCents: 4300,
          occurredOn: "2026-03-01",
          categoryId: other.expenseCategoryId,
          splitMode: "personal",
          memberId: other.memberId,
          paidByMemberId: other.memberId,
        }),
        201,
      );
      await other.person.client.request("DELETE", `/api/transactions/${theirDeleted.id}`);
      const mine = await createOk(expense({ amountCents: 31337 }));
      const before = await db()
        .select()
        .from(transactions)
        .where(inArray(transactions.id, [theirs.id, theirDeleted.id, mine.id]));
      const client = home.person.client;
      const answers = [
        await client.get(`/api/transactions/${theirs.id}`),
        await client.request("PATCH", `/api/transactions/${theirs.id}`, expense()),
        await client.request("DELETE", `/api/transactions/${theirs.id}`),
        await client.post("/api/transactions/delete", { ids: [theirs.id] }),
        await client.post("/api/transactions/delete", { ids: [mine.id, theirs.id] }),
        await client.post("/api/transactions/restore", { ids: [theirDeleted.id] }),
        await client.post("/api/transactions/restore", { ids: [mine.id, theirDeleted.id] }),
        await client.get("/api/transactions/not-a-uuid"),
        await client.request("DELETE", "/api/transactions/00000000-0000-0000-0000-000000000000"),
        await client.post("/api/settlements", {
          fromMemberId: other.memberId,
          toMemberId: home.memberId,
          amountCents: 100,
          occurredOn: "2026-03-01",
        }),
        await client.post("/api/settlements", {
          fromMemberId: home.memberId,
          toMemberId: other.partnerId,
          amountCents: 100,
          occurredOn: "2026-03-01",
        }),
      ];
      for (const response of answers) {
        expect(response.status).toBe(404);
        expect((await errorOf(response)).code).toBe("NOT_FOUND");
      }
      const after = await db()
        .select()
        .from(transactions)
        .where(inArray(transactions.id, [theirs.id, theirDeleted.id, mine.id]));
      expect(after).toEqual(before);
      const settlements = await db()
        .select()
        .from(transactions)
        .where(eq(transactions.kind, "settlement"));
      expect(settlements.some((row) => row.householdId === home.householdId)).toBe(false);
      // The list never shows their entries, whatever the filter names.
      for (const query of [
        "",
        `category=${other.expenseCategoryId}`,
        `member=${other.memberId}`,
        "q=",
      ]) {
        const page = await expectJson<Page>(
          await client.get(`/api/transactions?limit=200&${query}`),
        );
        expect(page.items.some((item) => item.id === theirs.id)).toBe(false);
      }
      const summary = await expectJson<Summary>(
        await client.get(`/api/transactions/summary?member=${other.memberId}`),
      );
      expect(summary).toEqual({ count: 0, incomeCents: 0, expenseCents: 0 });
    });

    it("answers 401 when signed out", async () => {
      for (const path of ["/api/transactions", "/api/transactions/summary", "/api/settle-up"]) {
        expect((await testApp().request(path)).status).toBe(401);
      }
    });
  });
});
