import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { invitations, members } from "#server/db/schema/households.ts";
import { budgets, transactions } from "#server/db/schema/money.ts";
import { memberOfHousehold } from "#server/features/recurring/recurring.service.ts";
import { periodTotalsTogether, sumOf } from "#server/features/transactions/period-totals.ts";
import { listTransactionPage } from "#server/features/transactions/transaction-query.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { addDays, addMonths, daysBetween, monthRange, today } from "#shared/dates.ts";
import type {
  Dashboard,
  DashboardFigures,
  DashboardQuery,
} from "#shared/schemas/dashboard.schema.ts";
import { inParallel } from "#server/db/parallel.ts";

/**
 * The dashboard's figures: income, spending, net and savings rate of a period and of the period
 * before, spending per category, the last 12 months and the members' shares of spending. The
 * same rules as the transactions list's summary: the household sums the entries' amounts, a
 * member sums their shares; settlements and deleted entries are left out. The sums come from the
 * monthly roll-ups (whole months) and the entries of months covered in part, all the periods in
 * one statement (periodTotalsTogether), beside the latest entries and the first steps; no entry
 * is loaded into memory.
 */

type Period = { from: string; to: string };

const lastDayOf = (month: string) => monthRange(month).to;

/** The current calendar month. */
export function currentMonth(day = today()): Period {
  return monthRange(day.slice(0, 7));
}

/**
 * The period of the same length right before: whole calendar months (a month, a year, ...) are
 * followed back by as many whole months; any other period by as many days.
 */
export function previousPeriod(period: Period): Period {
  const months = wholeMonths(period);
  if (months !== null) {
    return {
      from: `${addMonths(period.from.slice(0, 7), -months)}-01`,
      to: lastDayOf(addMonths(period.to.slice(0, 7), -months)),
    };
  }
  const days = daysBetween(period.from, period.to) + 1;
  return { from: addDays(period.from, -days), to: addDays(period.from, -1) };
}

/** How many calendar months a period of whole months spans, or null when it is not one. */
function wholeMonths(period: Period): number | null {
  const fromMonth = period.from.slice(0, 7);
  const toMonth = period.to.slice(0, 7);
  if (!period.from.endsWith("-01") || period.to !== lastDayOf(toMonth)) return null;
  return (
    (Number(toMonth.slice(0, 4)) - Number(fromMonth.slice(0, 4))) * 12 +
    Number(toMonth.slice(5, 7)) -
    Number(fromMonth.slice(5, 7)) +
    1
  );
}

/**
 * What the figures compare: the period with the period before it, or, while the period runs
 * (today falls in it before its last day), the period up to today with the same days of the
 * period before — on 26 November, 1–26 November with 1–26 October. Whole months are followed
 * back month by month, the day kept where the earlier month has it (1–30 March with 1–28
 * February) and a month's last day standing for the earlier month's last (1–31 March with 1–29
 * February); any other period by as many days from the start of the period before.
 */
export function comparison(period: Period, day: string): { current: Period; previous: Period } {
  const before = previousPeriod(period);
  if (!(period.from <= day && day < period.to)) return { current: period, previous: before };
  const current = { from: period.from, to: day };
  const months = wholeMonths(period);
  if (months === null) {
    return {
      current,
      previous: { from: before.from, to: addDays(before.from, daysBetween(period.from, day)) },
    };
  }
  const earlierMonth = addMonths(day.slice(0, 7), -months);
  const earlierLast = lastDayOf(earlierMonth);
  const to =
    day === lastDayOf(day.slice(0, 7))
      ? earlierLast
      : `${earlierMonth}-${day.slice(8, 10)}` < earlierLast
        ? `${earlierMonth}-${day.slice(8, 10)}`
        : earlierLast;
  return { current, previous: { from: before.from, to } };
}

export function figuresOf(incomeCents: number, expenseCents: number): DashboardFigures {
  const netCents = incomeCents - expenseCents;
  return {
    incomeCents,
    expenseCents,
    netCents,
    savingsRateBp:
      incomeCents > 0 ? Number((BigInt(netCents) * 10_000n) / BigInt(incomeCents)) : null,
  };
}

export async function dashboard(db: Db, viewer: Viewer, query: DashboardQuery): Promise<Dashboard> {
  const member = query.member ? await memberOfHousehold(db, viewer, query.member) : null;
  const scoped = member && !member.isHousehold ? member.id : null;
  const period: Period =
    query.from && query.to ? { from: query.from, to: query.to } : currentMonth();
  const compared = comparison(period, query.today ?? today());
  const lastMonth = period.to.slice(0, 7);
  const firstMonth = addMonths(lastMonth, -11);

  const scope = scoped ? { member: scoped } : ("household" as const);
  const inProgress = compared.current.to !== period.to;
  // Added up in the database as far as the dashboard needs them.
  const [totals, latestPage, setupRows] = await inParallel(db, [
    () =>
      periodTotalsTogether(db, viewer.householdId, {
        current: { scope, period, by: ["category"] },
        before: { scope, period: compared.previous, by: [] },
        months: {
          scope,
          period: { from: `${firstMonth}-01`, to: lastDayOf(lastMonth) },
          by: ["month"],
        },
        soFar: inProgress ? { scope, period: compared.current, by: [] } : undefined,
        members: scoped
          ? undefined
          : { scope: "members", period, options: { kind: "expense" }, by: ["member"] },
      }),
    () =>
      listTransactionPage(
        db,
        viewer.householdId,
        { sort: "date-desc", limit: latestCount, ...(scoped ? { member: scoped } : {}) },
        "en",
      ),
    () => setupOf(db, viewer.householdId),
  ]);
  const { current, before, months, members: memberRows } = totals;
  const soFar = inProgress ? totals.soFar : null;

  const byCategory = new Map<string | null, { totalCents: number; count: number }>();
  for (const row of current) {
    if (row.kind !== "expense") continue;
    const sum = byCategory.get(row.categoryId) ?? { totalCents: 0, count: 0 };
    sum.totalCents += row.totalCents;
    sum.count += row.entries;
    byCategory.set(row.categoryId, sum);
  }
  const byMonth = new Map<string, { incomeCents: number; expenseCents: number }>();
  for (const row of months) {
    const sum = byMonth.get(row.month) ?? { incomeCents: 0, expenseCents: 0 };
    if (row.kind === "income") sum.incomeCents += row.totalCents;
    else sum.expenseCents += row.totalCents;
    byMonth.set(row.month, sum);
  }
  const byMember = new Map<string, number>();
  for (const row of memberRows) {
    if (row.memberId)
      byMember.set(row.memberId, (byMember.get(row.memberId) ?? 0) + row.totalCents);
  }
  const largestFirst = <T extends { totalCents: number }>(
    a: T & { id: string | null },
    b: T & { id: string | null },
  ) => b.totalCents - a.totalCents || (a.id ?? "").localeCompare(b.id ?? "");

  return {
    period,
    compared: compared.current,
    previous: compared.previous,
    figures: {
      current: figuresOf(sumOf(soFar ?? current, "income"), sumOf(soFar ?? current, "expense")),
      previous: figuresOf(sumOf(before, "income"), sumOf(before, "expense")),
    },
    spendingByCategory: [...byCategory]
      .map(([categoryId, sum]) => ({ id: categoryId, ...sum }))
      .sort(largestFirst)
      .map(({ id, totalCents, count }) => ({ categoryId: id, totalCents, count })),
    monthly: Array.from({ length: 12 }, (_, index) => {
      const month = addMonths(firstMonth, index);
      const row = byMonth.get(month);
      return { month, incomeCents: row?.incomeCents ?? 0, expenseCents: row?.expenseCents ?? 0 };
    }),
    memberSpending: scoped
      ? null
      : [...byMember]
          .map(([memberId, totalCents]) => ({ id: memberId, totalCents }))
          .sort(largestFirst)
          .map(({ id, totalCents }) => ({ memberId: id ?? "", expenseCents: totalCents })),
    latest: latestPage.items,
    setup: setupRows[0] ?? {
      hasIncome: false,
      hasExpense: false,
      hasBudget: false,
      hasPartner: false,
    },
  };
}

/** How many of the latest entries the dashboard lists. */
const latestCount = 5;

/** The household's first steps as four `exists` in one statement (each stops at its first row). */
function setupOf(db: Db, householdId: string) {
  const entered = (kind: "income" | "expense") =>
    sql<boolean>`exists (select 1 from ${transactions} where ${transactions.householdId} = ${householdId} and ${transactions.kind} = ${kind} and ${transactions.deletedAt} is null)`;
  return db
    .select({
      hasIncome: entered("income"),
      hasExpense: entered("expense"),
      hasBudget: sql<boolean>`exists (select 1 from ${budgets} where ${budgets.householdId} = ${householdId})`,
      hasPartner: sql<boolean>`(
        (select count(*) from ${members} where ${members.householdId} = ${householdId}
          and ${members.isHousehold} = false and ${members.invitationStatus} = 'active') > 1
        or exists (select 1 from ${invitations} where ${invitations.householdId} = ${householdId}
          and ${invitations.status} = 'pending' and ${invitations.expiresAt} > now()))`,
    })
    .from(sql`(select 1) as one`)
    .prepare("hearth_dashboard_setup")
    .execute();
}
