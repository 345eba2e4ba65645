import { eq, getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { PgTable, pgTable, text, uuid } from "drizzle-orm/pg-core";
import * as schema from "#server/db/schema.ts";
import { beforeAll, expect, it } from "vitest";
import { households, invitations, members, profiles } from "#server/db/schema/households.ts";
import type { Viewer } from "#server/middleware/session.ts";
import {
  linkIn,
  latestOutboxMail,
  outboxVerificationLink,
  signUpAndVerify,
  uniqueEmail,
} from "#test/accounts.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { expectTotalsMatch } from "#test/monthly-totals.ts";
import { useTestApp } from "#test/test-app.ts";
import { householdOwnedTables, type HouseholdOwnedTable } from "./household-owned.ts";
import { findMembership } from "./households.service.ts";
import { acceptInvitation } from "./invitations.service.ts";

/**
 * A stand-in for the entry tables to come: rows belong to a household (deleted with it, so a
 * row left behind is lost) and point at members (so a reference left on a deleted member row
 * makes the delete fail).
 */
const entries = pgTable("merge_test_entries", {
  id: uuid("id").primaryKey().defaultRandom(),
  householdId: uuid("household_id").notNull(),
  memberId: uuid("member_id"),
  paidByMemberId: uuid("paid_by_member_id"),
  label: text("label").notNull(),
});
const owned: HouseholdOwnedTable = {
  table: entries,
  householdColumn: entries.householdId,
  memberColumns: [entries.memberId, entries.paidByMemberId],
};

it("registers every table that holds a household_id, except the household's own rows", () => {
  const registered = new Set(householdOwnedTables.map((owned) => getTableName(owned.table)));
  const holdingHouseholdId = Object.values(schema)
    .filter((table) => is(table, PgTable))
    .filter((table) => Object.values(getTableColumns(table)).some((c) => c.name === "household_id"))
    .map((table) => getTableName(table))
    // monthly_totals is derived: its triggers move the totals with the entries. household_touches
    // holds only marks of transactions in flight (decision 045).
    .filter(
      (name) =>
        ![
          "members",
          "invitations",
          "subscriptions",
          "checkouts",
          "monthly_totals",
          "household_touches",
        ].includes(name),
    );
  expect(holdingHouseholdId.length).toBeGreaterThan(0);
  expect([...registered].sort()).toEqual([...holdingHouseholdId].sort());
});

describeOnEachDatabase("the merge when accepting an invitation", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;

  beforeAll(async () => {
    await db().execute(sql`create table merge_test_entries (
      id uuid primary key default gen_random_uuid(),
      household_id uuid not null references households(id) on delete cascade,
      member_id uuid references members(id),
      paid_by_member_id uuid references members(id),
      label text not null
    )`);
  });

  async function viewerOf(userId: string, email: string, name: string): Promise<Viewer> {
    const membership = await findMembership(db(), userId);
    if (!membership) throw new Error("no membership");
    return { userId, email, name, emailVerified: true, ...membership };
  }

  /** Anna's household and Bram's, each with entries; an invitation for Bram; his token. */
  async function setUp() {
    const verificationLink = outboxVerificationLink(testApp);
    const anna = await signUpAndVerify(testApp, { name: "Anna", verificationLink });
    const bram = await signUpAndVerify(testApp, {
      name: "Bram",
      email: uniqueEmail("bram"),
      verificationLink,
    });
    const annaViewer = await viewerOf(anna.userId, anna.email, anna.name);
    const bramViewer = await viewerOf(bram.userId, bram.email, bram.name);
    const rows = await db()
      .select()
      .from(members)
      .where(eq(members.householdId, bramViewer.householdId));
    const bramAggregate = rows.find((row) => row.isHousehold)?.id ?? "";
    // Someone Bram removed earlier: their entries must survive the merge, still theirs.
    const [gone] = await db()
      .insert(members)
      .values({
        householdId: bramViewer.householdId,
        name: "Former",
        invitationStatus: "removed",
      })
      .returning();
    const goneId = gone?.id ?? "";
    await db()
      .insert(entries)
      .values([
        { householdId: bramViewer.householdId, memberId: bramViewer.memberId, label: "b1" },
        {
          householdId: bramViewer.householdId,
          memberId: bramAggregate,
          paidByMemberId: bramViewer.memberId,
          label: "b2",
        },
        { householdId: bramViewer.householdId, memberId: null, label: "b3" },
        {
          householdId: bramViewer.householdId,
          memberId: goneId,
          paidByMemberId: goneId,
          label: "b4",
        },
        { householdId: annaViewer.householdId, memberId: annaViewer.memberId, label: "a1" },
      ]);
    const sent = await anna.client.post("/api/send-invitation", {
      email: bram.email,
      householdId: annaViewer.householdId,
    });
    expect(sent.status).toBe(200);
    const link = linkIn((await latestOutboxMail(testApp(), bram.email)).text, "/invitation?token=");
    const token = new URL(link).searchParams.get("token") ?? "";
    return { annaViewer, bramViewer, bramAggregate, goneId, token, bram };
  }

  async function snapshot() {
    return {
      households: await db().select().from(households).orderBy(households.id),
      members: await db().select().from(members).orderBy(members.id),
      profiles: await db().select().from(profiles).orderBy(profiles.id),
      entries: await db().select().from(entries).orderBy(entries.label),
      invitations: await db().select().from(invitations).orderBy(invitations.id),
    };
  }

  it("changes nothing when a step inside the transaction fails", async () => {
    const { bramViewer, token, bram } = await setUp();
    const before = await snapshot();
    await expect(
      acceptInvitation(db(), bramViewer, token, {
        ownedTables: [owned],
        beforeCommit: () => Promise.reject(new Error("forced failure")),
      }),
    ).rejects.toThrow("forced failure");
    expect(await snapshot()).toEqual(before);
    // The invitation still works afterwards.
    const accepted = await bram.client.post("/api/accept-invitation", { invitationToken: token });
    expect(accepted.status).toBe(200);
  });

  it("moves every row of the old household, re-pointed at the new member row, losing none", async () => {
    const { annaViewer, bramViewer, bramAggregate, goneId, token } = await setUp();
    const countBefore = (await db().select().from(entries)).length;

    const household = await acceptInvitation(db(), bramViewer, token, { ownedTables: [owned] });
    expect(household.id).toBe(annaViewer.householdId);

    const joined = await findMembership(db(), bramViewer.userId);
    expect(joined).toMatchObject({ householdId: annaViewer.householdId, role: "member" });
    const newId = joined?.memberId ?? "";
    const all = await db().select().from(entries);
    expect(all).toHaveLength(countBefore);
    const byLabel = new Map(all.map((row) => [row.label, row]));
    for (const label of ["b1", "b2", "b3", "b4", "a1"]) {
      expect(byLabel.get(label)?.householdId, label).toBe(annaViewer.householdId);
    }
    expect(byLabel.get("b1")).toMatchObject({ memberId: newId, paidByMemberId: null });
    expect(byLabel.get("b2")).toMatchObject({ memberId: newId, paidByMemberId: newId });
    expect(byLabel.get("b3")?.memberId).toBeNull();
    expect(byLabel.get("b4")).toMatchObject({ memberId: goneId, paidByMemberId: goneId });
    expect(byLabel.get("a1")?.memberId).toBe(annaViewer.memberId);

    // The old household and its own rows are gone; the removed person's row moved along.
    expect(
      await db().select().from(households).where(eq(households.id, bramViewer.householdId)),
    ).toEqual([]);
    const [old] = await db().select().from(members).where(eq(members.id, bramViewer.memberId));
    expect(old).toBeUndefined();
    const [aggregate] = await db().select().from(members).where(eq(members.id, bramAggregate));
    expect(aggregate).toBeUndefined();
    const [gone] = await db().select().from(members).where(eq(members.id, goneId));
    expect(gone).toMatchObject({
      householdId: annaViewer.householdId,
      invitationStatus: "removed",
    });
  });

  it("loses an unregistered table's rows with the old household: why every table registers", async () => {
    const { bramViewer, token } = await setUp();
    const bramRows = () =>
      db().select().from(entries).where(eq(entries.householdId, bramViewer.householdId));
    expect(await bramRows()).toHaveLength(4);
    await acceptInvitation(db(), bramViewer, token, { ownedTables: [] });
    expect(await bramRows()).toEqual([]);
  });

  it("keeps one category of each name: the joiner's entries move into the household's own", async () => {
    const { annaViewer, bramViewer, token, bram } = await setUp();
    const groceries = (householdId: string) =>
      db()
        .select()
        .from(schema.categories)
        .where(
          sql`${schema.categories.householdId} = ${householdId} and ${schema.categories.defaultKey} = 'groceries'`,
        );
    const [bramGroceries] = await groceries(bramViewer.householdId);
    const [annaGroceries] = await groceries(annaViewer.householdId);
    const created = await bram.client.post("/api/transactions", {
      kind: "expense",
      amountCents: 1234,
      occurredOn: "2026-03-01",
      categoryId: bramGroceries?.id,
      memberId: bramViewer.memberId,
      paidByMemberId: bramViewer.memberId,
    });
    expect(created.status).toBe(201);
    const entry = (await created.json()) as { id: string };
    const categoryCount = async (householdId: string) =>
      (
        await db()
          .select()
          .from(schema.categories)
          .where(eq(schema.categories.householdId, householdId))
      ).length;
    const annaCount = await categoryCount(annaViewer.householdId);

    const accepted = await bram.client.post("/api/accept-invitation", { invitationToken: token });
    expect(accepted.status).toBe(200);

    expect(await groceries(annaViewer.householdId)).toHaveLength(1);
    expect(await categoryCount(annaViewer.householdId)).toBe(annaCount);
    const [moved] = await db()
      .select()
      .from(schema.transactions)
      .where(eq(schema.transactions.id, entry.id));
    expect(moved).toMatchObject({
      householdId: annaViewer.householdId,
      categoryId: annaGroceries?.id,
    });
    // The monthly roll-ups moved with the entry, into the household's own category.
    await expectTotalsMatch(db());
  });
  it("keeps one remembered import mapping per file shape: the household's own where both have one", async () => {
    const { annaViewer, bramViewer, token, bram } = await setUp();
    const setup = (notes: number) => ({ columns: { date: 0, amount: 1, notes } });
    await db()
      .insert(schema.importMappings)
      .values([
        { householdId: annaViewer.householdId, shape: "comma-3-shared", setup: setup(2) },
        { householdId: bramViewer.householdId, shape: "comma-3-shared", setup: setup(5) },
        { householdId: bramViewer.householdId, shape: "tab-8-bramsbank", setup: setup(7) },
      ]);
    const accepted = await bram.client.post("/api/accept-invitation", { invitationToken: token });
    expect(accepted.status).toBe(200);
    const kept = await db()
      .select({ shape: schema.importMappings.shape, setup: schema.importMappings.setup })
      .from(schema.importMappings)
      .where(eq(schema.importMappings.householdId, annaViewer.householdId))
      .orderBy(schema.importMappings.shape);
    expect(kept).toEqual([
      { shape: "comma-3-shared", setup: setup(2) },
      { shape: "tab-8-bramsbank", setup: setup(7) },
    ]);
  });
});
