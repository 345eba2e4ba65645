import { beforeAll, expect, it } from "vitest";
import type { Transaction } from "#shared/schemas/transactions.schema.ts";
import { uniqueEmail } from "#test/accounts.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import { entriesHousehold, expectJson, type EntriesHousehold } from "./entries-test-household.ts";

describeOnEachDatabase("quick entry", (database) => {
  const adminEmail = uniqueEmail("admin");
  const testApp = useTestApp(database, () => ({ ADMIN_EMAILS: adminEmail }));
  let admin: EntriesHousehold;
  let person: EntriesHousehold;

  beforeAll(async () => {
    admin = await entriesHousehold(testApp, "Ada Admin", { email: adminEmail });
    person = await entriesHousehold(testApp, "Piet Person");
  });

  it("does not exist for anyone but an administrator: the same 404 as an unknown route", async () => {
    const unknown = await person.person.client.get("/api/no-such-route");
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.json();
    const body = {
      amountCents: 1250,
      categoryId: person.expenseCategoryId,
      occurredOn: "2026-03-10",
    };
    const answers = [
      await person.person.client.post("/api/quick-entries", body),
      await person.person.client.post("/api/quick-entries", { amountCents: "bad" }),
      await person.person.client.get("/api/quick-entries"),
      await testApp().request("/api/quick-entries"),
    ];
    for (const response of answers) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(unknownBody);
    }
    const list = await expectJson<{ items: unknown[] }>(
      await person.person.client.get("/api/transactions"),
    );
    expect(list.items).toEqual([]);
  });

  it("books an expense paid by the administrator, or income for an income category", async () => {
    const expense = await expectJson<Transaction>(
      await admin.person.client.post("/api/quick-entries", {
        amountCents: 1250,
        categoryId: admin.expenseCategoryId,
        occurredOn: "2026-03-10",
        merchant: "Bakker",
      }),
      201,
    );
    expect(expense).toMatchObject({
      kind: "expense",
      amountCents: 1250,
      categoryId: admin.expenseCategoryId,
      merchant: "Bakker",
      splitMode: "personal",
      paidByMemberId: admin.memberId,
      receivedByMemberId: null,
      shares: [{ memberId: admin.memberId, amountCents: 1250, percentBp: null }],
    });
    const income = await expectJson<Transaction>(
      await admin.person.client.post("/api/quick-entries", {
        amountCents: 99,
        categoryId: admin.incomeCategoryId,
        occurredOn: "2026-03-11",
      }),
      201,
    );
    expect(income).toMatchObject({
      kind: "income",
      receivedByMemberId: admin.memberId,
      paidByMemberId: null,
    });
    for (let i = 0; i < 5; i++) {
      await admin.person.client.post("/api/quick-entries", {
        amountCents: 100 + i,
        categoryId: admin.expenseCategoryId,
        occurredOn: "2026-03-12",
      });
    }
    // Settling up made since is not among the entries Quick entry lists (no category to show).
    await expectJson(
      await admin.person.client.post("/api/settlements", {
        fromMemberId: admin.memberId,
        toMemberId: admin.partnerId,
        amountCents: 777,
        occurredOn: "2026-03-13",
      }),
      201,
    );
    const recent = await expectJson<{ items: Transaction[] }>(
      await admin.person.client.get("/api/quick-entries"),
    );
    expect(recent.items.map((item) => item.amountCents)).toEqual([104, 103, 102, 101, 100]);
  });

  it("validates in the person's language and refuses another household's category", async () => {
    const post = (body: unknown, language?: "nl") =>
      admin.person.client.post(
        "/api/quick-entries",
        body,
        language ? { headers: { "x-hearth-language": language } } : {},
      );
    const empty = await post({ occurredOn: "2026-03-10" });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).fields).toMatchObject({
      amountCents: "Amount is required",
      categoryId: "Category is required",
    });
    const dutch = await post({ amountCents: -5, categoryId: "", occurredOn: "2026-03-10" }, "nl");
    expect((await errorOf(dutch)).fields).toMatchObject({
      amountCents: "Bedrag moet positief zijn",
      categoryId: "Categorie is verplicht",
    });
    const foreign = await post({
      amountCents: 100,
      categoryId: person.expenseCategoryId,
      occurredOn: "2026-03-10",
    });
    expect(foreign.status).toBe(400);
    expect((await errorOf(foreign)).fields?.categoryId).toBe("Category is required");
    for (const bad of [null, [], "x", { amountCents: 1e300, categoryId: 5, occurredOn: [] }]) {
      const response = await post(bad);
      expect(response.status).toBe(400);
    }
  });
});
