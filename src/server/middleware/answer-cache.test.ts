import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#server/db/rows.ts";
import { households, members } from "#server/db/schema/households.ts";
import { categories, transactions } from "#server/db/schema/money.ts";
import {
  addEntry,
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import { AnswerCache, keptAnswerHeader } from "./answer-cache.ts";

/**
 * Decision 045: a report's answer is kept until its household's data_version changes, which the
 * database raises in the same commit as any change to the household's rows.
 */

type Summary = { count: number; incomeCents: number; expenseCents: number };

describe("AnswerCache", () => {
  it("gives an answer back only for the version it was kept for", () => {
    const cache = new AnswerCache();
    cache.set("a", { version: 3, body: '{"n":1}', contentType: "application/json" });
    expect(cache.get("a", 3)?.body).toBe('{"n":1}');
    expect(cache.get("a", 4)).toBeUndefined();
    // The older answer is let go once a newer version was asked for.
    expect(cache.get("a", 3)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.usedBytes).toBe(0);
  });

  it("never lets an older answer replace a newer one", () => {
    const cache = new AnswerCache();
    cache.set("a", { version: 5, body: "new", contentType: "application/json" });
    cache.set("a", { version: 4, body: "old", contentType: "application/json" });
    expect(cache.get("a", 5)?.body).toBe("new");
  });

  it("stays within its budget, letting the least recently used answers go first", () => {
    const body = "x".repeat(1000);
    const cache = new AnswerCache(10_000, 5_000);
    for (const key of ["a", "b", "c", "d"]) {
      cache.set(key, { version: 1, body, contentType: "application/json" });
    }
    expect(cache.get("a", 1)).toBeDefined(); // a is now the most recently used
    cache.set("e", { version: 1, body, contentType: "application/json" });
    expect(cache.usedBytes).toBeLessThanOrEqual(10_000);
    expect(cache.get("b", 1)).toBeUndefined();
    expect(cache.get("a", 1)).toBeDefined();
    expect(cache.get("e", 1)).toBeDefined();
    // An answer larger than one answer's share is not kept at all.
    cache.set("big", { version: 1, body: "y".repeat(3000), contentType: "application/json" });
    expect(cache.get("big", 1)).toBeUndefined();
  });
});

describeOnEachDatabase("kept answers", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  let other: MoneyHousehold;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Anna Bewaard");
    other = await moneyHousehold(testApp, "Olaf Anders", "nl");
  });

  const versionOf = async (householdId: string) => {
    const [row] = await db()
      .select({ version: households.dataVersion })
      .from(households)
      .where(eq(households.id, householdId));
    return row?.version;
  };

  const summary = async (who: MoneyHousehold, headers?: Record<string, string>) => {
    const response = await who.person.client.get("/api/transactions/summary", { headers });
    return {
      kept: response.headers.get(keptAnswerHeader) === "kept",
      body: await jsonOf<Summary>(response),
    };
  };

  it("keeps a report until the household changes, whichever way the change comes", async () => {
    const first = await summary(home);
    expect(first.kept).toBe(false);
    const again = await summary(home);
    expect(again).toEqual({ kept: true, body: first.body });

    // Through the API.
    const created = await home.person.client.post("/api/transactions", {
      kind: "expense",
      amountCents: 1_234,
      occurredOn: "2031-02-03",
      categoryId: home.expenseCategoryId,
      paidByMemberId: home.memberId,
      splitMode: "personal",
      memberId: home.memberId,
    });
    expect(created.status).toBe(201);
    const afterApi = await summary(home);
    expect(afterApi.kept).toBe(false);
    expect(afterApi.body.count).toBe(first.body.count + 1);
    expect(afterApi.body.expenseCents).toBe(first.body.expenseCents + 1_234);
    expect((await summary(home)).kept).toBe(true);

    // Behind the app's back: another instance, a timer, an operator's SQL.
    await addEntry(db(), home, {
      date: "2031-02-04",
      categoryId: home.expenseCategoryId,
      shares: [[home.memberId, 100]],
    });
    const afterSql = await summary(home);
    expect(afterSql.kept).toBe(false);
    expect(afterSql.body.count).toBe(first.body.count + 2);

    // A category renamed in SQL shows in the dashboard's next answer.
    const dashboardPath = "/api/dashboard?from=2031-02-01&to=2031-02-28";
    const names = async () => {
      const response = await home.person.client.get(dashboardPath);
      const text = await response.text();
      return { kept: response.headers.get(keptAnswerHeader) === "kept", text };
    };
    await names();
    expect((await names()).kept).toBe(true);
    await db()
      .update(categories)
      .set({ name: "Renamed behind the app's back", customName: true })
      .where(eq(categories.id, home.expenseCategoryId));
    // The dashboard names no categories, but any row of the household counts.
    expect((await names()).kept).toBe(false);
    expect((await names()).kept).toBe(true);
    await db()
      .update(transactions)
      .set({ merchant: "Bakkerij Bewaard" })
      .where(eq(transactions.householdId, home.householdId));
    const edited = await names();
    expect(edited.kept).toBe(false);
    expect(edited.text).toContain("Bakkerij Bewaard");
  });

  it("computes again when asked to, and keeps nothing of a failed request", async () => {
    await summary(home);
    expect((await summary(home)).kept).toBe(true);
    expect((await summary(home, { "cache-control": "no-cache" })).kept).toBe(false);
    expect((await summary(home, { pragma: "no-cache" })).kept).toBe(false);
    const bad = "/api/dashboard?from=bad";
    expect((await home.person.client.get(bad)).status).toBe(400);
    const badAgain = await home.person.client.get(bad);
    expect(badAgain.status).toBe(400);
    expect(badAgain.headers.get(keptAnswerHeader)).toBeNull();
  });

  it("keys an answer by household, person and language", async () => {
    const mine = await summary(home);
    await summary(home);
    const theirs = await summary(other);
    expect(theirs.kept).toBe(false);
    expect(theirs.body.count).toBe(0);
    expect(mine.body.count).toBeGreaterThan(0);
    const path = "/api/dashboard?from=2031-02-01&to=2031-02-28";
    const english = await home.person.client.get(path, { headers: { "x-hearth-language": "en" } });
    expect(english.status).toBe(200);
    const dutch = await home.person.client.get(path, { headers: { "x-hearth-language": "nl" } });
    expect(dutch.headers.get(keptAnswerHeader)).toBeNull();
    const dutchAgain = await home.person.client.get(path, {
      headers: { "x-hearth-language": "nl" },
    });
    expect(dutchAgain.headers.get(keptAnswerHeader)).toBe("kept");
  });

  it("keeps nothing from a person who was removed: their next request is their own household", async () => {
    const removed = await moneyHousehold(testApp, "Rita Weg");
    await addEntry(db(), removed, {
      date: "2031-03-01",
      categoryId: removed.expenseCategoryId,
      shares: [[removed.memberId, 500]],
    });
    expect((await summary(removed)).body.count).toBe(1);
    expect((await summary(removed)).kept).toBe(true);
    await db()
      .update(members)
      .set({ invitationStatus: "removed" })
      .where(and(eq(members.id, removed.memberId)));
    const next = await summary(removed);
    expect(next.kept).toBe(false);
    expect(next.body.count).toBe(0);
  });

  it("raises the version once per transaction, not for one rolled back, and leaves no marks", async () => {
    const before = await versionOf(home.householdId);
    expect(typeof before).toBe("number");
    await db().transaction(async (tx) => {
      await tx
        .update(categories)
        .set({ color: "#123456" })
        .where(eq(categories.householdId, home.householdId));
      await tx
        .update(categories)
        .set({ color: "#654321" })
        .where(eq(categories.householdId, home.householdId));
      await tx
        .update(members)
        .set({ name: "Partner renamed" })
        .where(eq(members.id, home.partnerId));
    });
    expect(await versionOf(home.householdId)).toBe((before ?? 0) + 1);
    await expect(
      db().transaction(async (tx) => {
        await tx
          .update(categories)
          .set({ color: "#000000" })
          .where(eq(categories.householdId, home.householdId));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await versionOf(home.householdId)).toBe((before ?? 0) + 1);
    // The household's own row and its people's rows count too.
    await db().update(households).set({ name: "Huis" }).where(eq(households.id, home.householdId));
    expect(await versionOf(home.householdId)).toBe((before ?? 0) + 2);
    await db().execute(
      sql`update profiles set full_name = 'Anna B.' where id = ${home.person.userId}`,
    );
    expect(await versionOf(home.householdId)).toBe((before ?? 0) + 3);
    const marks = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from household_touches`,
    );
    expect(marks[0]?.n).toBe(0);
  });

  it("watches every table that holds a household's rows", async () => {
    const result = await queryRows<{ table_name: string; triggers: number }>(
      db(),
      sql`
      select c.table_name,
        (select count(*)::int from pg_trigger t
          where t.tgrelid = format('%I', c.table_name)::regclass
            and t.tgname in ('household_version_after_insert', 'household_version_after_update',
                             'household_version_after_delete')) as triggers
      from information_schema.columns c
      join information_schema.tables tb using (table_schema, table_name)
      where c.table_schema = current_schema() and c.column_name = 'household_id'
        and tb.table_type = 'BASE TABLE' and c.table_name <> 'household_touches'
      order by 1`,
    );
    expect(result.length).toBeGreaterThan(30);
    const unwatched = result.filter((row) => row.triggers !== 3).map((row) => row.table_name);
    // A new table with a household_id needs `select hearth_watch_household_rows('<table>')` in
    // its migration (decision 045).
    expect(unwatched).toEqual([]);
  });
});
