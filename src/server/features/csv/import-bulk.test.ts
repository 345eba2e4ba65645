import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { queryRows } from "#server/db/rows.ts";
import { households } from "#server/db/schema/households.ts";
import { categories, imports } from "#server/db/schema/money.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { expectTotalsMatch } from "#test/monthly-totals.ts";
import { useTestApp } from "#test/test-app.ts";
import { entriesHousehold, type EntriesHousehold } from "../transactions/entries-test-household.ts";
import {
  batchIds,
  batchJson,
  canInsertInBulk,
  insertImportBatch,
  type ImportedEntry,
} from "./import-insert.ts";
import { importHash } from "./import-prepare.ts";

/**
 * Decision 050: an import's batch in bulk (foreign keys checked and locked once for the batch,
 * roll-ups and the household's version added by the statement) leaves the database as the
 * ordinary batch does, refuses what a foreign key refuses, and is used only where the role may
 * and the tables have exactly the triggers and keys it stands in for.
 */
describeOnEachDatabase("an import's batch in bulk", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let bulkHome: EntriesHousehold;
  let plainHome: EntriesHousehold;

  beforeAll(async () => {
    bulkHome = await entriesHousehold(testApp, "Bea Bulk");
    plainHome = await entriesHousehold(testApp, "Piet Plain");
  });

  /** 1,200 rows over two years, income and expenses, in the household's own categories. */
  async function rowsFor(home: EntriesHousehold, tag: string): Promise<ImportedEntry[]> {
    const own = await db()
      .select({ id: categories.id, kind: categories.kind })
      .from(categories)
      .where(eq(categories.householdId, home.householdId));
    const income = own.filter((row) => row.kind === "income");
    const expense = own.filter((row) => row.kind === "expense");
    return Array.from({ length: 1_200 }, (_, i) => {
      const kind = i % 9 === 0 ? "income" : "expense";
      const pool = kind === "income" ? income : expense;
      const month = String(1 + (i % 12)).padStart(2, "0");
      const day = String(1 + (i % 28)).padStart(2, "0");
      return {
        kind,
        amountCents: 100 + ((i * 7919) % 250_000),
        occurredOn: `${2024 + (i % 2)}-${month}-${day}`,
        // Every fifth row without a category, as a file's row without one can be.
        categoryId: i % 5 === 0 ? null : (pool[i % pool.length]?.id ?? null),
        merchant: `Shop ${i % 17}`,
        notes: `row ${i}`,
        importHash: importHash(`${tag}-hash-${i}`),
        importLineHash: importHash(`${tag}-line-${i}`),
      };
    });
  }

  async function newImport(home: EntriesHousehold) {
    const [row] = await db()
      .insert(imports)
      .values({
        householdId: home.householdId,
        memberId: home.memberId,
        createdByMemberId: home.memberId,
      })
      .returning({ id: imports.id });
    if (!row) throw new Error("No import row.");
    return row.id;
  }

  const version = async (home: EntriesHousehold) => {
    const [row] = await db()
      .select({ version: households.dataVersion })
      .from(households)
      .where(eq(households.id, home.householdId));
    return Number(row?.version);
  };

  /** The household's entries and shares as comparable rows (no ids, no times). */
  async function contents(home: EntriesHousehold) {
    return queryRows(
      db(),
      sql`select t.kind, t.amount_cents::text, t.occurred_on::text, t.merchant, t.notes,
          t.split_mode, t.paid_by_member_id is not null as paid, t.received_by_member_id is not null as received,
          c.name as category, s.amount_cents::text as share
        from transactions t left join categories c on c.id = t.category_id
        join transaction_shares s on s.transaction_id = t.id
        where t.household_id = ${home.householdId} and t.import_id is not null
        order by t.notes`,
    );
  }

  /** One batch in its own transaction, of a new import unless `other` names another. */
  async function importBatch(
    home: EntriesHousehold,
    rows: ImportedEntry[],
    bulk: boolean,
    other: { memberId?: string; importId?: string } = {},
  ) {
    const importId = other.importId ?? (await newImport(home));
    return insertImportBatch(db(), {
      householdId: home.householdId,
      memberId: other.memberId ?? home.memberId,
      createdByMemberId: home.memberId,
      importId,
      rows,
      bulk,
    });
  }

  const entryCount = (home: EntriesHousehold) =>
    queryRows<{ count: number }>(
      db(),
      sql`select count(*)::int as count from transactions where household_id = ${home.householdId}`,
    );

  it("is used on the schema as migrated, with the role the tests run as", async () => {
    expect(await canInsertInBulk(db())).toBe(true);
  });

  it("leaves the same entries, shares, roll-ups and version as the ordinary batch", async () => {
    const bulkBefore = await version(bulkHome);
    const plainBefore = await version(plainHome);
    const bulk = await importBatch(bulkHome, await rowsFor(bulkHome, "bulk"), true);
    const plain = await importBatch(plainHome, await rowsFor(plainHome, "plain"), false);
    expect(bulk).toEqual({ imported: 1_200, deletedBefore: 0 });
    expect(plain).toEqual(bulk);
    const bulkRows = await contents(bulkHome);
    expect(bulkRows).toHaveLength(1_200);
    expect(bulkRows).toEqual(await contents(plainHome));
    // The roll-ups equal the sums of the entries and shares, for both households.
    await expectTotalsMatch(db());
    // The household's version went up once for the import's row and once for the batch's
    // transaction, as every write's does.
    expect(await version(bulkHome)).toBe(bulkBefore + 2);
    expect(await version(plainHome)).toBe(plainBefore + 2);
    // The same rows again: nothing goes in, and only the new import's row raises the version.
    const again = await importBatch(bulkHome, await rowsFor(bulkHome, "bulk"), true);
    expect(again.imported).toBe(0);
    expect(await version(bulkHome)).toBe(bulkBefore + 3);
    // And the connection is back to the ordinary role afterwards.
    const [role] = await queryRows<{ role: string }>(
      db(),
      sql`select current_setting('session_replication_role') as role`,
    );
    expect(role?.role).toBe("origin");
  });

  it("commits without waiting for the disk, with JIT off, and leaves the settings as they were", async () => {
    const commitSetting = async () => {
      const [setting] = await queryRows<{ commit: string }>(
        db(),
        sql`select current_setting('synchronous_commit') as commit`,
      );
      return setting?.commit;
    };
    // As the database is set up (the tests' embedded one does not wait for the disk at all).
    const before = await commitSetting();
    for (const bulk of [true, false]) {
      const home = bulk ? bulkHome : plainHome;
      const importId = await newImport(home);
      const rows = (await rowsFor(home, `settings ${bulk}`)).slice(0, 5);
      const { imported, inspected } = await insertImportBatch(db(), {
        householdId: home.householdId,
        memberId: home.memberId,
        createdByMemberId: home.memberId,
        importId,
        rows,
        bulk,
        inspect: sql`select current_setting('synchronous_commit') as commit,
            current_setting('jit') as jit, current_setting('session_replication_role') as role`,
      });
      expect(imported).toBe(5);
      // The import's last statement waits for the disk, and with it every batch before it.
      expect(inspected).toEqual([{ commit: "off", jit: "off", role: "origin" }]);
      expect(await commitSetting()).toBe(before);
    }
  });

  it("sends a batch's rows with each category once, as its place in a list", () => {
    const [food, rent] = [randomUUID(), randomUUID()];
    const row = (categoryId: string | null, notes: string): ImportedEntry => ({
      kind: "expense",
      amountCents: 1_250,
      occurredOn: "2026-03-01",
      categoryId,
      merchant: "Bakker",
      notes,
      importHash: randomUUID().replaceAll("-", ""),
      importLineHash: randomUUID().replaceAll("-", ""),
    });
    const rows = [row(food, "a"), row(rent, "b"), row(null, "c"), row(food, "d")];
    const { categoryIds, json } = batchJson(rows);
    expect(categoryIds).toEqual([food, rent]);
    const sent = JSON.parse(json) as { c: number | null; n: string; h: string }[];
    expect(sent.map((item) => [item.c, item.n])).toEqual([
      [1, "a"],
      [2, "b"],
      [null, "c"],
      [1, "d"],
    ]);
    expect(sent[1]?.h).toBe(rows[1]?.importHash);
  });

  it("gives a batch's entries ids of version 7 that count up in the rows' order", () => {
    const now = Date.UTC(2026, 10, 28, 12);
    const ids = batchIds(now);
    expect(ids.prefix).toMatch(/^[0-9a-f]{12}7[0-9a-f]{3}[89ab][0-9a-f]{3}$/);
    expect(Number.parseInt(ids.prefix.slice(0, 12), 16)).toBe(now);
    // A batch's rows (at most 100,000) count on from `start` without reaching the 49th bit.
    expect(Number.isInteger(ids.start) && ids.start >= 0).toBe(true);
    expect(ids.start + 100_000).toBeLessThan(2 ** 48);
    // Two batches of the same millisecond draw other bits.
    expect(batchIds(now)).not.toEqual(ids);
  });

  it("leaves the live lines and hashes to their unique indexes when asked, and then fails the batch whole", async () => {
    for (const bulk of [true, false]) {
      const home = bulk ? bulkHome : plainHome;
      const first = (await rowsFor(home, `index ${bulk}`)).slice(0, 20);
      expect((await importBatch(home, first, bulk)).imported).toBe(20);
      const fresh = (await rowsFor(home, `index again ${bulk}`)).slice(0, 40);
      // A row of before in another file's layout (a new line, the mapped hash of before), and
      // the same line mapped otherwise (its line of before, a new mapped hash).
      const sameHash = fresh.map((row, index) =>
        index === 30 ? { ...row, importHash: first[7]?.importHash ?? "" } : row,
      );
      const sameLine = fresh.map((row, index) =>
        index === 12 ? { ...row, importLineHash: first[3]?.importLineHash ?? "" } : row,
      );
      const countBefore = await entryCount(home);
      const batch = async (rows: ImportedEntry[], lookUpLive: boolean) =>
        insertImportBatch(db(), {
          householdId: home.householdId,
          memberId: home.memberId,
          createdByMemberId: home.memberId,
          importId: await newImport(home),
          rows,
          bulk,
          onConflict: false,
          lookUpLive,
        });
      // Without the look-ups a unique index refuses the row, and none of the batch stays.
      for (const rows of [sameHash, sameLine]) {
        await expect(batch(rows, false)).rejects.toMatchObject({ code: "23505" });
        expect(await entryCount(home)).toEqual(countBefore);
      }
      // With them, the row is a duplicate and the others go in.
      expect(await batch(sameHash, true)).toMatchObject({ imported: 39, deletedBefore: 0 });
      // The other file: its row 30 (held back above by the hash it had there) goes in; the row
      // whose line was there before, and the rows that went in above, do not.
      expect(await batch(sameLine, true)).toMatchObject({ imported: 1, deletedBefore: 0 });
    }
    await expectTotalsMatch(db());
  });

  it("refuses a batch that points at a category, person or import that is not there", async () => {
    const rows = (await rowsFor(bulkHome, "gone")).slice(0, 10);
    const countBefore = await entryCount(bulkHome);
    // A category that is not there, on one row of ten.
    const changed = rows.map((row, index) =>
      index === 3 ? { ...row, categoryId: randomUUID() } : row,
    );
    for (const bulk of [true, false]) {
      await expect(importBatch(bulkHome, changed, bulk)).rejects.toThrow();
    }
    // A person of no household, and an import that is not there.
    const importId = await newImport(bulkHome);
    for (const bulk of [true, false]) {
      await expect(
        importBatch(bulkHome, rows, bulk, { memberId: randomUUID(), importId }),
      ).rejects.toThrow();
      await expect(importBatch(bulkHome, rows, bulk, { importId: randomUUID() })).rejects.toThrow();
    }
    const countAfter = await entryCount(bulkHome);
    expect(countAfter).toEqual(countBefore);
    await expectTotalsMatch(db());
  });

  it("is not used by a role that may not switch triggers off, nor beside a trigger it does not know", async () => {
    const role = `hearth_test_${randomBytes(6).toString("hex")}`;
    await db().execute(sql.raw(`create role ${role} nologin`));
    try {
      await db().execute(sql.raw(`grant select on all tables in schema public to ${role}`));
      const asRole = await db().transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${role}`));
        return canInsertInBulk(tx);
      });
      expect(asRole).toBe(false);
    } finally {
      await db().execute(sql.raw(`drop owned by ${role}`));
      await db().execute(sql.raw(`drop role ${role}`));
    }
    await db().execute(sql`
      create function zz_audit() returns trigger language plpgsql as $$
      begin return null; end $$`);
    await db().execute(sql`
      create trigger zz_audit after insert on transaction_shares
      for each statement execute function zz_audit()`);
    try {
      expect(await canInsertInBulk(db())).toBe(false);
    } finally {
      await db().execute(sql`drop trigger zz_audit on transaction_shares`);
      await db().execute(sql`drop function zz_audit()`);
    }
    expect(await canInsertInBulk(db())).toBe(true);
  });
});
