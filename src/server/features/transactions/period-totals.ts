import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { queryRows } from "#server/db/rows.ts";
import { monthlyTotals, transactions, transactionShares } from "#server/db/schema/money.ts";
import { addMonths, monthRange } from "#shared/dates.ts";

/**
 * Income and spending of a period per month, category and kind, read from the monthly roll-ups
 * (decision 028) for the whole months of the period and from the entries only for the days of a
 * month it covers in part, so a report costs the same after ten years of entries as after one.
 * Settlements and deleted entries never count.
 *
 * - `household`: the entries' amounts (`entries` counts the entries);
 * - `{ member }`: that member's shares (`entries` counts their shares);
 * - `members`: every member's shares, with the member's id.
 */
export type TotalsScope = "household" | "members" | { member: string };

export type PeriodTotal = {
  /** YYYY-MM */
  month: string;
  memberId: string | null;
  categoryId: string | null;
  kind: "income" | "expense";
  totalCents: number;
  entries: number;
};

type Split = {
  /** First and last whole month (YYYY-MM-01), or null when no month is whole. */
  whole: { from: string; to: string } | null;
  /** Days of months the period covers in part. */
  partial: { from: string; to: string }[];
};

/** The period's whole months and the days of its months covered in part. */
export function splitPeriod(from: string, to: string): Split {
  if (from > to) return { whole: null, partial: [] };
  const partial: Split["partial"] = [];
  let firstWhole = from.slice(0, 7);
  let lastWhole = to.slice(0, 7);
  const fromMonth = monthRange(firstWhole);
  const toMonth = monthRange(lastWhole);
  if (firstWhole === lastWhole) {
    if (from === fromMonth.from && to === fromMonth.to) {
      return { whole: { from: fromMonth.from, to: fromMonth.from }, partial };
    }
    return { whole: null, partial: [{ from, to }] };
  }
  if (from !== fromMonth.from) {
    partial.push({ from, to: fromMonth.to });
    firstWhole = addMonths(firstWhole, 1);
  }
  if (to !== toMonth.to) {
    partial.push({ from: toMonth.from, to });
    lastWhole = addMonths(lastWhole, -1);
  }
  return {
    whole: firstWhole <= lastWhole ? { from: `${firstWhole}-01`, to: `${lastWhole}-01` } : null,
    partial,
  };
}

export async function periodTotals(
  db: Pick<Db, "execute">,
  householdId: string,
  scope: TotalsScope,
  period: { from: string; to: string },
  options: { kind?: "income" | "expense"; categoryIds?: string[] } = {},
): Promise<PeriodTotal[]> {
  const { whole, partial } = splitPeriod(period.from, period.to);
  const parts: SQL[] = [];
  const kindIs = (column: SQL) =>
    options.kind ? sql`${column} = ${options.kind}` : sql`${column} in ('income', 'expense')`;
  const categoryIn = (column: SQL) =>
    options.categoryIds
      ? options.categoryIds.length > 0
        ? sql`${column} in ${options.categoryIds}`
        : sql`false`
      : sql`true`;

  if (whole) {
    const memberIs =
      scope === "household"
        ? sql`${monthlyTotals.memberId} is null`
        : scope === "members"
          ? sql`${monthlyTotals.memberId} is not null`
          : sql`${monthlyTotals.memberId} = ${scope.member}`;
    parts.push(sql`
      select to_char(${monthlyTotals.month}, 'YYYY-MM') as month, ${monthlyTotals.memberId}::uuid
          as "memberId", ${monthlyTotals.categoryId} as "categoryId", ${monthlyTotals.kind} as kind,
          ${monthlyTotals.totalCents}::bigint as "totalCents", ${monthlyTotals.entries}::bigint
          as entries
        from ${monthlyTotals}
        where ${monthlyTotals.householdId} = ${householdId}
          and ${monthlyTotals.month} between ${whole.from} and ${whole.to}
          and ${memberIs} and ${kindIs(sql`${monthlyTotals.kind}`)}
          and ${categoryIn(sql`${monthlyTotals.categoryId}`)}
          and ${monthlyTotals.entries} <> 0`);
  }
  for (const days of partial) {
    const counted = sql`${transactions.householdId} = ${householdId}
      and ${transactions.deletedAt} is null and ${kindIs(sql`${transactions.kind}`)}
      and ${categoryIn(sql`${transactions.categoryId}`)}
      and ${transactions.occurredOn} between ${days.from} and ${days.to}`;
    const month = sql`to_char(${transactions.occurredOn}, 'YYYY-MM')`;
    parts.push(
      scope === "household"
        ? sql`
          select ${month} as month, null::uuid as "memberId", ${transactions.categoryId}
              as "categoryId", ${transactions.kind} as kind,
              sum(${transactions.amountCents})::bigint as "totalCents", count(*)::bigint as entries
            from ${transactions}
            where ${counted}
            group by 1, 2, 3, 4`
        : sql`
          select ${month} as month, ${transactionShares.memberId} as "memberId",
              ${transactions.categoryId} as "categoryId", ${transactions.kind} as kind,
              sum(${transactionShares.amountCents})::bigint as "totalCents",
              count(*)::bigint as entries
            from ${transactions} join ${transactionShares}
              on ${transactionShares.transactionId} = ${transactions.id}
            where ${counted} and ${transactionShares.householdId} = ${householdId}
              ${scope === "members" ? sql`` : sql`and ${transactionShares.memberId} = ${scope.member}`}
            group by 1, 2, 3, 4`,
    );
  }
  if (parts.length === 0) return [];
  const rows = await queryRows<{
    month: string;
    memberId: string | null;
    categoryId: string | null;
    kind: "income" | "expense";
    totalCents: string | number;
    entries: string | number;
  }>(db, sql.join(parts, sql` union all `));
  return rows.map((row) => ({
    ...row,
    totalCents: Number(row.totalCents),
    entries: Number(row.entries),
  }));
}

/** The rows' total of one kind. */
export const sumOf = (rows: PeriodTotal[], kind: "income" | "expense") =>
  rows.reduce((total, row) => (row.kind === kind ? total + row.totalCents : total), 0);
