import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { members } from "#server/db/schema/households.ts";
import type { SettleUp, Transaction } from "#shared/schemas/transactions.schema.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import { entriesHousehold, expectJson, type EntriesHousehold } from "./entries-test-household.ts";

describeOnEachDatabase("settling up", (database) => {
  const testApp = useTestApp(database);
  let home: EntriesHousehold;
  let other: EntriesHousehold;

  beforeAll(async () => {
    home = await entriesHousehold(testApp, "Sara Settle");
    other = await entriesHousehold(testApp, "Olaf Other");
  });

  const settleUp = async (household = home) =>
    expectJson<SettleUp>(await household.person.client.get("/api/settle-up"));
  const balanceOf = (state: SettleUp, memberId: string) =>
    state.balances.find((b) => b.memberId === memberId)?.balanceCents;
  const add = async (body: Record<string, unknown>) =>
    expectJson<Transaction>(await home.person.client.post("/api/transactions", body), 201);

  it("starts even: every active person at zero, no payments", async () => {
    const state = await settleUp();
    expect(state.balances.map((b) => b.memberId).sort()).toEqual(
      [home.memberId, home.partnerId, home.thirdId].sort(),
    );
    expect(state.balances.every((b) => b.balanceCents === 0)).toBe(true);
    expect(state.payments).toEqual([]);
  });

  it("follows the splits and who paid or received, proposes the fewest payments, and records them", async () => {
    // 10001 paid by me, 60/40 me and partner: me +4000, partner −4000.
    const groceries = await add({
      kind: "expense",
      amountCents: 10001,
      occurredOn: "2026-03-10",
      categoryId: home.expenseCategoryId,
      splitMode: "percent",
      paidByMemberId: home.memberId,
      shares: [
        { memberId: home.memberId, percentBp: 6000 },
        { memberId: home.partnerId, percentBp: 4000 },
      ],
    });
    // 5000 received by the partner, shared equally with me: partner −2500, me +2500.
    await add({
      kind: "income",
      amountCents: 5000,
      occurredOn: "2026-03-11",
      categoryId: home.incomeCategoryId,
      splitMode: "amount",
      receivedByMemberId: home.partnerId,
      shares: [
        { memberId: home.memberId, amountCents: 2500 },
        { memberId: home.partnerId, amountCents: 2500 },
      ],
    });
    // 3000 paid by the third for all three by amounts: third +2000, me −1000, partner −1000.
    await add({
      kind: "expense",
      amountCents: 3000,
      occurredOn: "2026-03-12",
      categoryId: home.expenseCategoryId,
      splitMode: "amount",
      paidByMemberId: home.thirdId,
      shares: [
        { memberId: home.memberId, amountCents: 1000 },
        { memberId: home.partnerId, amountCents: 1000 },
        { memberId: home.thirdId, amountCents: 1000 },
      ],
    });
    // A personal expense changes nobody's balance.
    await add({
      kind: "expense",
      amountCents: 777,
      occurredOn: "2026-03-12",
      categoryId: home.expenseCategoryId,
      splitMode: "personal",
      memberId: home.partnerId,
      paidByMemberId: home.partnerId,
    });
    const state = await settleUp();
    expect(balanceOf(state, home.memberId)).toBe(4000 + 2500 - 1000);
    expect(balanceOf(state, home.partnerId)).toBe(-4000 - 2500 - 1000);
    expect(balanceOf(state, home.thirdId)).toBe(2000);
    expect(state.balances.reduce((sum, b) => sum + b.balanceCents, 0)).toBe(0);
    expect(state.payments.length).toBeLessThanOrEqual(2);
    expect(state.payments.every((p) => p.fromMemberId === home.partnerId)).toBe(true);
    expect(state.payments.reduce((sum, p) => sum + p.amountCents, 0)).toBe(7500);

    // A deleted entry no longer counts; restoring it brings it back.
    await home.person.client.request("DELETE", `/api/transactions/${groceries.id}`);
    expect(balanceOf(await settleUp(), home.memberId)).toBe(1500);
    await home.person.client.post("/api/transactions/restore", { ids: [groceries.id] });
    expect(balanceOf(await settleUp(), home.memberId)).toBe(5500);

    // Recording the proposed payments brings everyone to zero.
    for (const payment of state.payments) {
      const booked = await expectJson<Transaction>(
        await home.person.client.post("/api/settlements", {
          ...payment,
          occurredOn: "2026-03-31",
          notes: "Tikkie",
        }),
        201,
      );
      expect(booked).toMatchObject({
        kind: "settlement",
        amountCents: payment.amountCents,
        paidByMemberId: payment.fromMemberId,
        receivedByMemberId: payment.toMemberId,
        categoryId: null,
        shares: [],
        notes: "Tikkie",
      });
    }
    const settled = await settleUp();
    expect(settled.balances.every((b) => b.balanceCents === 0)).toBe(true);
    expect(settled.payments).toEqual([]);
  });

  it("keeps a removed member with an open balance, so the balances still add up", async () => {
    const [guest] = await testApp()
      .deps.database.db.insert(members)
      .values({ householdId: home.householdId, name: "Guest" })
      .returning();
    const guestId = guest?.id ?? "";
    await add({
      kind: "expense",
      amountCents: 2000,
      occurredOn: "2026-04-01",
      categoryId: home.expenseCategoryId,
      splitMode: "amount",
      paidByMemberId: home.memberId,
      shares: [
        { memberId: home.memberId, amountCents: 1000 },
        { memberId: guestId, amountCents: 1000 },
      ],
    });
    await testApp()
      .deps.database.db.update(members)
      .set({ invitationStatus: "removed" })
      .where(eq(members.id, guestId));
    const state = await settleUp();
    expect(balanceOf(state, guestId)).toBe(-1000);
    expect(state.payments).toEqual([
      { fromMemberId: guestId, toMemberId: home.memberId, amountCents: 1000 },
    ]);
    // A removed member cannot take part in a new settlement.
    const refused = await home.person.client.post("/api/settlements", {
      fromMemberId: guestId,
      toMemberId: home.memberId,
      amountCents: 1000,
      occurredOn: "2026-04-02",
    });
    expect(refused.status).toBe(404);
  });

  it("records part of what is owed on a day, changes its amount, day and notes, deletes it with undo, and exports it as who paid whom", async () => {
    // The partner owes me 6,000 after a 12,000 dinner I paid, split equally.
    await add({
      kind: "expense",
      amountCents: 12_000,
      occurredOn: "2026-05-02",
      categoryId: home.expenseCategoryId,
      merchant: "Dinner for settling",
      splitMode: "percent",
      paidByMemberId: home.memberId,
      shares: [
        { memberId: home.memberId, percentBp: 5000 },
        { memberId: home.partnerId, percentBp: 5000 },
      ],
    });
    const before = await settleUp();
    const owed = balanceOf(before, home.memberId) ?? 0;
    // Part of it, on a day of our choosing.
    const part = await expectJson<Transaction>(
      await home.person.client.post("/api/settlements", {
        fromMemberId: home.partnerId,
        toMemberId: home.memberId,
        amountCents: 2_500,
        occurredOn: "2026-05-03",
      }),
      201,
    );
    expect(balanceOf(await settleUp(), home.memberId)).toBe(owed - 2_500);

    // Changed: more, another day, a note. Who paid whom stays.
    const patch = (id: string, body: unknown, who = home) =>
      who.person.client.request("PATCH", `/api/settlements/${id}`, body);
    const changed = await expectJson<Transaction>(
      await patch(part.id, { amountCents: 4_000, occurredOn: "2026-05-04", notes: "Tikkie" }),
    );
    expect(changed).toMatchObject({
      id: part.id,
      kind: "settlement",
      amountCents: 4_000,
      occurredOn: "2026-05-04",
      notes: "Tikkie",
      paidByMemberId: home.partnerId,
      receivedByMemberId: home.memberId,
      shares: [],
    });
    expect(
      await expectJson<Transaction>(await home.person.client.get(`/api/transactions/${part.id}`)),
    ).toEqual(changed);
    expect(balanceOf(await settleUp(), home.memberId)).toBe(owed - 4_000);
    // Still neither income nor spending.
    const summary = await expectJson<{ count: number; incomeCents: number; expenseCents: number }>(
      await home.person.client.get("/api/transactions/summary?from=2026-05-04&to=2026-05-04"),
    );
    expect([summary.incomeCents, summary.expenseCents]).toEqual([0, 0]);

    // The export says who paid whom.
    const exported = await home.person.client.get(
      "/api/transactions/export?kind=settlement&from=2026-05-04&to=2026-05-04&delimiter=semicolon&decimal=comma",
    );
    expect(exported.status).toBe(200);
    const lines = (await exported.text())
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines).toEqual([
      "Date;Type;Amount;Category;Merchant;Notes;Paid by / received by;Shares",
      "2026-05-04;settlement;40,00;;;Tikkie;Partner of Sara Settle → Sara Settle;",
    ]);

    // Refused: a bad amount or date (translated); an entry that is no settlement; another household.
    const bad = await patch(part.id, { amountCents: 0, occurredOn: "2026-02-30" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toMatchObject({
      amountCents: "Amount must be positive",
      occurredOn: "Please enter a valid date",
    });
    const dutch = await home.person.client.request(
      "PATCH",
      `/api/settlements/${part.id}`,
      { amountCents: -5, occurredOn: "2026-05-04" },
      { headers: { "x-hearth-language": "nl" } },
    );
    expect((await errorOf(dutch)).fields?.amountCents).toBe("Bedrag moet positief zijn");
    const dinner = await add({
      kind: "expense",
      amountCents: 100,
      occurredOn: "2026-05-05",
      categoryId: home.expenseCategoryId,
      splitMode: "personal",
      memberId: home.memberId,
      paidByMemberId: home.memberId,
    });
    const notSettlement = { amountCents: 5, occurredOn: "2026-05-05" };
    expect((await patch(dinner.id, notSettlement)).status).toBe(404);
    expect((await patch(part.id, notSettlement, other)).status).toBe(404);
    expect((await patch("not-a-uuid", notSettlement)).status).toBe(404);
    expect(
      (await expectJson<Transaction>(await home.person.client.get(`/api/transactions/${part.id}`)))
        .amountCents,
    ).toBe(4_000);

    // Deleted, and back with undo.
    const deleted = await home.person.client.request("DELETE", `/api/transactions/${part.id}`);
    expect(deleted.status).toBe(204);
    expect(balanceOf(await settleUp(), home.memberId)).toBe(owed);
    expect((await patch(part.id, notSettlement)).status).toBe(404);
    await expectJson(
      await home.person.client.post("/api/transactions/restore", { ids: [part.id] }),
    );
    expect(balanceOf(await settleUp(), home.memberId)).toBe(owed - 4_000);
  });

  it("validates a settlement in English and Dutch", async () => {
    const post = (body: unknown, language?: "nl") =>
      home.person.client.post(
        "/api/settlements",
        body,
        language ? { headers: { "x-hearth-language": language } } : {},
      );
    const same = await post({
      fromMemberId: home.memberId,
      toMemberId: home.memberId,
      amountCents: 100,
      occurredOn: "2026-03-01",
    });
    expect(same.status).toBe(400);
    expect((await errorOf(same)).fields?.toMemberId).toBe("Choose two different members");
    const missing = await post({ amountCents: 0, occurredOn: "2026-03-01" });
    const fields = (await errorOf(missing)).fields ?? {};
    expect(fields).toMatchObject({
      fromMemberId: "Please select who paid",
      toMemberId: "Please select who received",
      amountCents: "Amount must be positive",
    });
    const dutch = await post({ toMemberId: home.memberId, occurredOn: "2026-03-01" }, "nl");
    expect((await errorOf(dutch)).fields).toMatchObject({
      fromMemberId: "Selecteer wie heeft betaald",
      amountCents: "Bedrag is verplicht",
    });
  });

  it("never mixes households", async () => {
    const theirs = await settleUp(other);
    const ids = new Set(theirs.balances.map((b) => b.memberId));
    expect(ids.has(home.memberId)).toBe(false);
    expect(theirs.balances.every((b) => b.balanceCents === 0)).toBe(true);
  });
});
