import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "#server/db/client.ts";
import { queryRows } from "#server/db/rows.ts";
import { monthlyTotals, transactions, transactionShares } from "#server/db/schema/money.ts";

/**
 * For tests: the monthly roll-ups (decision 028) against the sums of the raw entries and shares
 * of every household in the test's database.
 */

type Row = {
  householdId: string;
  month: string;
  memberId: string | null;
  categoryId: string | null;
  kind: string;
  totalCents: number;
  entries: number;
};

const keyOf = (row: Row) =>
  [row.householdId, row.month, row.memberId ?? "-", row.categoryId ?? "-", row.kind].join(" ");
const sorted = (rows: Row[]) =>
  rows
    .map((row) => ({ ...row, totalCents: Number(row.totalCents), entries: Number(row.entries) }))
    .sort((a, b) => keyOf(a).localeCompare(keyOf(b)));

/** What the roll-ups must hold, summed from the entries and shares themselves. */
export async function rawTotals(db: Db): Promise<Row[]> {
  const rows = await queryRows<Row>(
    db,
    sql`
    select t.household_id as "householdId", to_char(t.occurred_on, 'YYYY-MM-01') as month,
        null::uuid as "memberId", t.category_id as "categoryId", t.kind,
        sum(t.amount_cents)::bigint as "totalCents", count(*)::int as entries
      from ${transactions} t
      where t.kind in ('income', 'expense') and t.deleted_at is null
      group by 1, 2, 3, 4, 5
    union all
    select s.household_id, to_char(t.occurred_on, 'YYYY-MM-01'), s.member_id, t.category_id,
        t.kind, sum(s.amount_cents)::bigint, count(*)::int
      from ${transactionShares} s join ${transactions} t on t.id = s.transaction_id
      where t.kind in ('income', 'expense') and t.deleted_at is null
      group by 1, 2, 3, 4, 5`,
  );
  return sorted(rows);
}

/** The roll-ups as stored, leaving out rows that went back to nothing. */
export async function storedTotals(db: Db): Promise<Row[]> {
  const rows = await queryRows<Row>(
    db,
    sql`
    select household_id as "householdId", to_char(month, 'YYYY-MM-DD') as month,
        member_id as "memberId", category_id as "categoryId", kind,
        total_cents as "totalCents", entries
      from ${monthlyTotals}
      where entries <> 0 or total_cents <> 0`,
  );
  return sorted(rows);
}

export async function expectTotalsMatch(db: Db) {
  expect(await storedTotals(db)).toEqual(await rawTotals(db));
}
