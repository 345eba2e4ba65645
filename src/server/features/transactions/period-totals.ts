import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { preparedRows } from "#server/db/rows.ts";
import { monthlyTotals, transactions, transactionShares } from "#server/db/schema/money.ts";
import { addDays, addMonths, daysBetween, monthRange } from "#shared/dates.ts";

/**
 * Income and spending of a period per month, category and kind, read from the monthly roll-ups
 * (decision 028) for the whole months of the period, and for a month it covers in part from the
 * entries of the fewer days (those covered, or the month's roll-up less the days left out), so a
 * report costs the same after ten years of entries as after one.
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

/**
 * The days of a month covered in part, read the cheaper way: the entries of those days, or,
 * when they are more than half the month (a month so far, the same days of the month before),
 * the month's roll-up less the entries of the days left out.
 */
export function partialPlan(days: { from: string; to: string }): {
  month: string | null;
  add: { from: string; to: string }[];
  subtract: { from: string; to: string }[];
} {
  const month = monthRange(days.from.slice(0, 7));
  const covered = daysBetween(days.from, days.to) + 1;
  const length = daysBetween(month.from, month.to) + 1;
  if (length - covered >= covered) return { month: null, add: [days], subtract: [] };
  const subtract: { from: string; to: string }[] = [];
  if (days.from > month.from) subtract.push({ from: month.from, to: addDays(days.from, -1) });
  if (days.to < month.to) subtract.push({ from: addDays(days.to, 1), to: month.to });
  return { month: month.from, add: [], subtract };
}

type TotalsOptions = { kind?: "income" | "expense"; categoryIds?: string[] };

/** One `periodTotals` request, for `periodTotalsTogether`. */
export type TotalsRequest = {
  scope: TotalsScope;
  period: { from: string; to: string };
  options?: TotalsOptions;
  /**
   * Kept apart besides the kind (all of them when left out); what is not kept is added up in the
   * database, so a year by kind is two rows, not one per month, member and category.
   */
  by?: readonly ("month" | "member" | "category")[];
};

type TotalsRow = {
  month: string;
  memberId: string | null;
  categoryId: string | null;
  kind: "income" | "expense";
  totalCents: string | number;
  entries: string | number;
};

const toPeriodTotal = (row: TotalsRow): PeriodTotal => ({
  month: row.month,
  memberId: row.memberId,
  categoryId: row.categoryId,
  kind: row.kind,
  totalCents: Number(row.totalCents),
  entries: Number(row.entries),
});

export async function periodTotals(
  db: Pick<Db, "execute">,
  householdId: string,
  scope: TotalsScope,
  period: { from: string; to: string },
  options: TotalsOptions = {},
): Promise<PeriodTotal[]> {
  const statement = totalsStatement(householdId, { scope, period, options });
  if (!statement) return [];
  return (await preparedRows<TotalsRow>(db, statement)).map(toPeriodTotal);
}

/**
 * Several `periodTotals` of one household in one statement (one round trip, one plan), asked
 * and answered by name: each request's rows are tagged with its place in the statement.
 */
export async function periodTotalsTogether<Name extends string>(
  db: Pick<Db, "execute">,
  householdId: string,
  requests: Partial<Record<Name, TotalsRequest>>,
): Promise<Record<Name, PeriodTotal[]>> {
  const named = Object.entries(requests) as [Name, TotalsRequest | undefined][];
  const answers = Object.fromEntries(named.map(([name]) => [name, []])) as unknown as Record<
    Name,
    PeriodTotal[]
  >;
  const parts: SQL[] = [];
  named.forEach(([, request], index) => {
    const statement = request && totalsStatement(householdId, request);
    if (statement)
      parts.push(sql`select ${sql.raw(String(index))} as part, * from (${statement}) as p`);
  });
  if (parts.length === 0) return answers;
  const rows = await preparedRows<TotalsRow & { part: number }>(
    db,
    sql.join(parts, sql` union all `),
  );
  for (const row of rows) {
    const name = named[Number(row.part)]?.[0];
    if (name !== undefined) answers[name].push(toPeriodTotal(row));
  }
  return answers;
}

/** The statement of one `periodTotals` request; null when the period has no day. */
function totalsStatement(
  householdId: string,
  { scope, period, options = {}, by }: TotalsRequest,
): SQL | null {
  const { whole, partial } = splitPeriod(period.from, period.to);
  const parts: SQL[] = [];
  const kindIs = (column: SQL) =>
    options.kind ? sql`${column} = ${options.kind}` : sql`${column} in ('income', 'expense')`;
  // One array value, not a value per category: the statement's text (its prepared name) is the
  // same however many categories are asked for.
  const categoryIn = (column: SQL) =>
    options.categoryIds
      ? options.categoryIds.length > 0
        ? sql`${column} = any(${sql.param(options.categoryIds)}::uuid[])`
        : sql`false`
      : sql`true`;

  const rollUp = (from: string, to: string) => {
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
          and ${monthlyTotals.month} between ${from} and ${to}
          and ${memberIs} and ${kindIs(sql`${monthlyTotals.kind}`)}
          and ${categoryIn(sql`${monthlyTotals.categoryId}`)}
          and ${monthlyTotals.entries} <> 0`);
  };
  /** The entries of some days, added (1) or taken away (-1). */
  const entriesOf = (days: { from: string; to: string }, sign: 1 | -1) => {
    const counted = sql`${transactions.householdId} = ${householdId}
      and ${transactions.deletedAt} is null and ${kindIs(sql`${transactions.kind}`)}
      and ${categoryIn(sql`${transactions.categoryId}`)}
      and ${transactions.occurredOn} between ${days.from} and ${days.to}`;
    const month = sql`to_char(${transactions.occurredOn}, 'YYYY-MM')`;
    const signed = sign === 1 ? sql`` : sql`-`;
    parts.push(
      scope === "household"
        ? sql`
          select ${month} as month, null::uuid as "memberId", ${transactions.categoryId}
              as "categoryId", ${transactions.kind} as kind,
              ${signed}sum(${transactions.amountCents})::bigint as "totalCents",
              ${signed}count(*)::bigint as entries
            from ${transactions}
            where ${counted}
            group by 1, 2, 3, 4`
        : sql`
          select ${month} as month, ${transactionShares.memberId} as "memberId",
              ${transactions.categoryId} as "categoryId", ${transactions.kind} as kind,
              ${signed}sum(${transactionShares.amountCents})::bigint as "totalCents",
              ${signed}count(*)::bigint as entries
            from ${transactions} join ${transactionShares}
              on ${transactionShares.transactionId} = ${transactions.id}
            where ${counted} and ${transactionShares.householdId} = ${householdId}
              ${scope === "members" ? sql`` : sql`and ${transactionShares.memberId} = ${scope.member}`}
            group by 1, 2, 3, 4`,
    );
  };

  if (whole) rollUp(whole.from, whole.to);
  let subtracted = false;
  for (const days of partial) {
    const plan = partialPlan(days);
    if (plan.month) rollUp(plan.month, plan.month);
    for (const range of plan.add) entriesOf(range, 1);
    for (const range of plan.subtract) entriesOf(range, -1);
    subtracted ||= plan.subtract.length > 0;
  }
  if (parts.length === 0) return null;
  const union = sql.join(parts, sql` union all `);
  // Summed once more when days were taken away (their rows meet their month's) or when only
  // some of month, member and category are kept apart.
  if (!subtracted && !by) return union;
  const kept = (name: "month" | "member" | "category", column: SQL, none: SQL) =>
    !by || by.includes(name) ? column : none;
  return sql`select ${kept("month", sql`month`, sql`null::text`)} as month,
        ${kept("member", sql`"memberId"`, sql`null::uuid`)} as "memberId",
        ${kept("category", sql`"categoryId"`, sql`null::uuid`)} as "categoryId",
        kind, sum("totalCents")::bigint as "totalCents", sum(entries)::bigint as entries
      from (${union}) as parts
      group by 1, 2, 3, 4
      having sum(entries) <> 0`;
}

/** The rows' total of one kind. */
export const sumOf = (rows: PeriodTotal[], kind: "income" | "expense") =>
  rows.reduce((total, row) => (row.kind === kind ? total + row.totalCents : total), 0);
