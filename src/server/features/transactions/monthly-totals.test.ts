import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import pg from "pg";
import { beforeAll, expect, it } from "vitest";
import { households } from "#server/db/schema/households.ts";
import { monthlyTotals, transactions, transactionShares } from "#server/db/schema/money.ts";
import { dashboard } from "#server/features/dashboard/dashboard.service.ts";
import { rebuildMonthlyTotals } from "#server/features/transactions/monthly-totals.ts";
import { summarizeTransactions } from "#server/features/transactions/transaction-query.ts";
import { keptAnswerHeader } from "#server/middleware/answer-cache.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type { Transaction } from "#shared/schemas/transactions.schema.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { expectTotalsMatch, storedTotals } from "#test/monthly-totals.ts";
import { useTestApp } from "#test/test-app.ts";
import { addEntry } from "#server/features/recurring/money-test-household.ts";
import { entriesHousehold, expectJson, type EntriesHousehold } from "./entries-test-household.ts";

/**
 * The monthly roll-ups (decision 028) always equal the sums of the raw entries and shares,
 * whatever sequence of writes came before: the API's create, edit, split, delete, bulk delete,
 * restore and settle, and the writes no route makes (an entry removed for good, a share
 * rewritten by hand, a household deleted).
 */

describeOnEachDatabase("monthly roll-ups", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: EntriesHousehold;

  beforeAll(async () => {
    home = await entriesHousehold(testApp, "Anna Rollups");
  });

  const months = ["2026-01-31", "2026-02-01", "2026-02-28", "2026-03-15"];

  const entryArbitrary = () =>
    fc.record({
      kind: fc.constantFrom("expense", "income"),
      amountCents: fc.integer({ min: 1, max: 500_000 }),
      day: fc.constantFrom(...months),
      category: fc.nat(2),
      split: fc.constantFrom("personal", "partner", "percent", "amount"),
    });
  type EntryShape = ReturnType<typeof entryArbitrary> extends fc.Arbitrary<infer T> ? T : never;

  const bodyOf = (entry: EntryShape) => {
    const categoryId =
      entry.kind === "income"
        ? home.incomeCategoryId
        : [home.expenseCategoryId, home.otherExpenseCategoryId][entry.category % 2];
    const people = {
      ...(entry.kind === "expense"
        ? { paidByMemberId: home.memberId }
        : { receivedByMemberId: home.memberId }),
    };
    const base = { kind: entry.kind, amountCents: entry.amountCents, occurredOn: entry.day };
    if (entry.split === "personal" || entry.split === "partner") {
      const memberId = entry.split === "partner" ? home.partnerId : home.memberId;
      return { ...base, categoryId, ...people, splitMode: "personal", memberId };
    }
    if (entry.split === "percent") {
      return {
        ...base,
        categoryId,
        ...people,
        splitMode: "percent",
        shares: [
          { memberId: home.memberId, percentBp: 3333 },
          { memberId: home.partnerId, percentBp: 3333 },
          { memberId: home.thirdId, percentBp: 3334 },
        ],
      };
    }
    const first = Math.floor(entry.amountCents / 3);
    return {
      ...base,
      categoryId,
      ...people,
      splitMode: "amount",
      shares: [
        { memberId: home.memberId, amountCents: first },
        { memberId: home.partnerId, amountCents: entry.amountCents - first },
      ],
    };
  };

  const operation = fc.oneof(
    { weight: 4, arbitrary: entryArbitrary().map((entry) => ({ op: "create" as const, entry })) },
    {
      weight: 3,
      arbitrary: fc
        .record({ pick: fc.nat(), entry: entryArbitrary() })
        .map((value) => ({ op: "edit" as const, ...value })),
    },
    { weight: 2, arbitrary: fc.nat().map((pick) => ({ op: "delete" as const, pick })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.nat(), fc.nat())
        .map((picks) => ({ op: "bulkDelete" as const, picks })),
    },
    { weight: 2, arbitrary: fc.nat().map((pick) => ({ op: "restore" as const, pick })) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 10_000 }).map((amountCents) => ({
        op: "settle" as const,
        amountCents,
      })),
    },
    { weight: 1, arbitrary: fc.nat().map((pick) => ({ op: "purge" as const, pick })) },
    { weight: 1, arbitrary: fc.nat().map((pick) => ({ op: "reshare" as const, pick })) },
    {
      weight: 1,
      arbitrary: fc
        .record({ pick: fc.nat(), day: fc.constantFrom(...months) })
        .map((value) => ({ op: "moveBySql" as const, ...value })),
    },
  );

  it("equal the raw sums after any sequence of writes, and every kept report is the one computed now", async () => {
    const client = home.person.client;
    const ids: string[] = [];
    const deleted: string[] = [];
    /** Entries made through the API in all runs (purges take some out of `ids` again). */
    let made = 0;
    const pickOf = (list: string[], pick: number) => list[pick % list.length];
    // Reports whose answers are kept until the household changes (decision 045): after every
    // write the answer given (kept or computed) must be the one computed now.
    const reports = [
      "/api/transactions/summary",
      "/api/transactions",
      "/api/dashboard?from=2026-01-01&to=2026-03-31",
      "/api/totals?from=2026-02-01&to=2026-02-28",
    ];
    let kept = 0;
    const expectReportsCurrent = async () => {
      for (const path of reports) {
        const given = await client.get(path);
        if (given.headers.get(keptAnswerHeader) === "kept") kept += 1;
        const computed = await client.get(path, { headers: { "cache-control": "no-cache" } });
        expect(computed.headers.get(keptAnswerHeader)).toBeNull();
        expect({ path, body: await expectJson(given) }).toEqual({
          path,
          body: await expectJson(computed),
        });
      }
    };

    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 10 }), async (ops) => {
        await expectReportsCurrent();
        for (const step of ops) {
          switch (step.op) {
            case "create": {
              const created = await expectJson<Transaction>(
                await client.post("/api/transactions", bodyOf(step.entry)),
                201,
              );
              ids.push(created.id);
              made += 1;
              break;
            }
            case "edit": {
              const id = pickOf(ids, step.pick);
              if (!id || deleted.includes(id)) break;
              await expectJson(
                await client.request("PATCH", `/api/transactions/${id}`, bodyOf(step.entry)),
              );
              break;
            }
            case "delete": {
              const id = pickOf(ids, step.pick);
              if (!id || deleted.includes(id)) break;
              expect((await client.request("DELETE", `/api/transactions/${id}`)).status).toBe(204);
              deleted.push(id);
              break;
            }
            case "bulkDelete": {
              const picked = [
                ...new Set(step.picks.map((pick) => pickOf(ids, pick)).filter(Boolean)),
              ].filter((id) => !deleted.includes(id as string)) as string[];
              if (picked.length === 0) break;
              await expectJson(await client.post("/api/transactions/delete", { ids: picked }));
              deleted.push(...picked);
              break;
            }
            case "restore": {
              const id = pickOf(deleted, step.pick);
              if (!id) break;
              await expectJson(await client.post("/api/transactions/restore", { ids: [id] }));
              deleted.splice(deleted.indexOf(id), 1);
              break;
            }
            case "settle": {
              await expectJson(
                await client.post("/api/settlements", {
                  fromMemberId: home.partnerId,
                  toMemberId: home.memberId,
                  amountCents: step.amountCents,
                  occurredOn: months[step.amountCents % months.length],
                }),
                201,
              );
              break;
            }
            case "purge": {
              // Removed for good (as a household's deletion or a failed import's clean-up does).
              const id = pickOf(ids, step.pick);
              if (!id) break;
              await db().delete(transactions).where(eq(transactions.id, id));
              ids.splice(ids.indexOf(id), 1);
              if (deleted.includes(id)) deleted.splice(deleted.indexOf(id), 1);
              break;
            }
            case "reshare": {
              // A share's amount and member rewritten in place (as a household merge does).
              const id = pickOf(ids, step.pick);
              if (!id) break;
              await db()
                .update(transactionShares)
                .set({ amountCents: sql`${transactionShares.amountCents} + 1` })
                .where(eq(transactionShares.transactionId, id));
              await db()
                .update(transactions)
                .set({
                  amountCents: sql`(select sum(amount_cents) from transaction_shares
                    where transaction_id = ${id}::uuid)`,
                })
                .where(eq(transactions.id, id));
              break;
            }
            case "moveBySql": {
              // Many entries moved to another month and category in one statement.
              if (ids.length === 0) break;
              await db()
                .update(transactions)
                .set({ occurredOn: step.day, categoryId: home.otherExpenseCategoryId })
                .where(
                  sql`${transactions.householdId} = ${home.householdId}
                    and ${transactions.kind} = 'expense'
                    and ${transactions.occurredOn} <> ${step.day}`,
                );
              break;
            }
          }
          await expectReportsCurrent();
        }
        await expectTotalsMatch(db());
      }),
      { numRuns: 12 },
    );
    expect(made).toBeGreaterThan(0);
    // The answers were kept between the writes (else this would test nothing).
    expect(kept).toBeGreaterThan(0);
  });

  it("give every summary and dashboard the same sums as the entries, for any period", async () => {
    // The first test left entries across four months; the roll-up reads (whole months from the
    // totals, the days of months covered in part from the entries) must agree with the entries
    // alone. A minimum of 0 changes no sum but sends the summary to the entries.
    const days = ["2025-12-31", "2026-01-01", "2026-01-31", "2026-02-01", "2026-02-15"];
    const days2 = ["2026-02-28", "2026-03-01", "2026-03-15", "2026-03-31", "2026-05-01"];
    const filters = fc.record({
      from: fc.option(fc.constantFrom(...days), { nil: undefined }),
      to: fc.option(fc.constantFrom(...days2), { nil: undefined }),
      kind: fc.option(fc.constantFrom("income" as const, "expense" as const), { nil: undefined }),
      member: fc.option(fc.constantFrom(home.memberId, home.partnerId, home.thirdId), {
        nil: undefined,
      }),
      category: fc.option(
        fc.constantFrom(
          home.expenseCategoryId,
          `${home.expenseCategoryId},${home.incomeCategoryId}`,
        ),
        { nil: undefined },
      ),
    });
    await fc.assert(
      fc.asyncProperty(filters, async (filter) => {
        const fromTotals = await summarizeTransactions(db(), home.householdId, filter);
        const fromEntries = await summarizeTransactions(db(), home.householdId, {
          ...filter,
          min: 0,
        });
        expect(fromTotals).toEqual(fromEntries);
        if (filter.from && filter.to && !filter.kind && !filter.category) {
          const viewer = { householdId: home.householdId } as Viewer;
          const board = await dashboard(db(), viewer, {
            from: filter.from,
            to: filter.to,
            ...(filter.member ? { member: filter.member } : {}),
          });
          expect(board.figures.current.incomeCents).toBe(fromEntries.incomeCents);
          expect(board.figures.current.expenseCents).toBe(fromEntries.expenseCents);
        }
      }),
      { numRuns: 40 },
    );
    const all = await summarizeTransactions(db(), home.householdId, {});
    expect(all.count).toBeGreaterThan(0);
  });

  it("let an edit moving an entry and a new entry of the same month run at once without a deadlock", async () => {
    // An entry of March for the person (its roll-up rows: the household's and the member's).
    const moving = await addEntry(db(), home, {
      date: "2026-03-10",
      categoryId: home.expenseCategoryId,
      shares: [[home.memberId, 500]],
    });
    const writer = new pg.Client(database().databaseUrl);
    const editor = new pg.Client(database().databaseUrl);
    await Promise.all([writer.connect(), editor.connect()]);
    try {
      // The writer adds an entry of March: its statement takes the household's March row.
      await writer.query("begin");
      const { rows } = await writer.query<{ id: string }>(
        `insert into transactions (household_id, kind, amount_cents, occurred_on, category_id,
             split_mode, paid_by_member_id)
           values ($1, 'expense', 700, '2026-03-11', $2, 'personal', $3) returning id`,
        [home.householdId, home.expenseCategoryId, home.memberId],
      );
      // The editor moves the other entry to April in one statement: it needs March's rows too
      // and waits for the household's, holding none of March's (they are taken in one order).
      await editor.query("begin");
      const edit = editor.query(
        "update transactions set occurred_on = '2026-04-02' where id = $1",
        [moving],
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The writer's share takes the member's March row: it must not be held by the editor.
      await writer.query(
        `insert into transaction_shares (transaction_id, household_id, member_id, amount_cents)
           values ($1, $2, $3, 700)`,
        [rows[0]?.id, home.householdId, home.memberId],
      );
      await writer.query("commit");
      await edit;
      await editor.query("commit");
    } finally {
      await Promise.all([writer.end(), editor.end()]);
    }
    await expectTotalsMatch(db());
  });

  it("take a deleted household's totals with it, and rebuild to the same rows", async () => {
    const gone = await entriesHousehold(testApp, "Bram Rollups");
    await addEntry(db(), gone, {
      date: "2026-04-02",
      categoryId: gone.expenseCategoryId,
      shares: [
        [gone.memberId, 700],
        [gone.partnerId, 300],
      ],
    });
    const before = await storedTotals(db());
    expect(before.some((row) => row.householdId === gone.householdId)).toBe(true);

    // A rebuild from the raw entries gives exactly what the triggers kept.
    await rebuildMonthlyTotals(db());
    expect(await storedTotals(db())).toEqual(before);

    await db().delete(households).where(eq(households.id, gone.householdId));
    const left = await db()
      .select()
      .from(monthlyTotals)
      .where(eq(monthlyTotals.householdId, gone.householdId));
    expect(left).toEqual([]);
    await expectTotalsMatch(db());
  });
  it("follow recurring series, their edits and imports", async () => {
    const client = home.person.client;
    const rule = await expectJson<{ id: string }>(
      await client.post("/api/recurring", {
        kind: "expense",
        amountCents: 95_000,
        occurredOn: "2025-10-31",
        categoryId: home.expenseCategoryId,
        splitMode: "personal",
        memberId: home.memberId,
        paidByMemberId: home.memberId,
        frequency: "monthly",
      }),
      201,
    );
    const [occurrence] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.recurringRuleId, rule.id))
      .orderBy(transactions.occurredOn)
      .offset(2);
    if (!occurrence) throw new Error("The series made no occurrences.");
    await expectJson(
      await client.request("PATCH", `/api/recurring/occurrences/${occurrence.id}`, {
        kind: "expense",
        amountCents: 100_000,
        occurredOn: occurrence.occurredOn,
        categoryId: home.otherExpenseCategoryId,
        splitMode: "percent",
        shares: [
          { memberId: home.memberId, percentBp: 6000 },
          { memberId: home.partnerId, percentBp: 4000 },
        ],
        paidByMemberId: home.memberId,
        frequency: "monthly",
      }),
    );
    await expectTotalsMatch(db());

    const imported = await client.post("/api/imports", {
      text: ["Date;Amount;Category", "01-03-2025;-12,50;Rollup CSV", "02-03-2025;2.500,00;"].join(
        "\n",
      ),
      setup: {
        columns: { date: 0, amount: 1, category: 2 },
        hasHeader: true,
        dateFormat: "DD-MM-YYYY",
        decimal: "comma",
        kindFrom: "sign",
        defaultKind: "expense",
        defaultCategory: home.incomeCategoryId,
      },
    });
    expect(imported.status).toBe(200);
    await expectTotalsMatch(db());
  });
});
