import { and, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { invitations, members } from "#server/db/schema/households.ts";
import { budgets, transactions, transactionShares } from "#server/db/schema/money.ts";
import { memberOfHousehold } from "#server/features/recurring/recurring.service.ts";
import { listTransactionPage } from "#server/features/transactions/transaction-query.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { addDays, addMonths, daysBetween, monthRange, today } from "#shared/dates.ts";
import type {
  Dashboard,
  DashboardFigures,
  DashboardQuery,
} from "#shared/schemas/dashboard.schema.ts";

/**
 * The dashboard's figures: income, spending, net and savings rate of a period and of the period
 * before, spending per category, the last 12 months and the members' shares of spending. The
 * same rules as the transactions list's summary: the household sums the entries' amounts, a
 * member sums their shares; settlements and deleted entries are left out. Four grouped queries
 * run side by side; no entry is loaded into memory.
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
  const fromMonth = period.from.slice(0, 7);
  const toMonth = period.to.slice(0, 7);
  if (period.from.endsWith("-01") && period.to === lastDayOf(toMonth)) {
    const months =
      (Number(toMonth.slice(0, 4)) - Number(fromMonth.slice(0, 4))) * 12 +
      Number(toMonth.slice(5, 7)) -
      Number(fromMonth.slice(5, 7)) +
      1;
    return {
      from: `${addMonths(fromMonth, -months)}-01`,
      to: lastDayOf(addMonths(toMonth, -months)),
    };
  }
  const days = daysBetween(period.from, period.to) + 1;
  return { from: addDays(period.from, -days), to: addDays(period.from, -1) };
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

const cents = (expression: SQL) =>
  sql<number>`coalesce(sum(${expression}), 0)::bigint`.mapWith(Number);

export async function dashboard(db: Db, viewer: Viewer, query: DashboardQuery): Promise<Dashboard> {
  const member = query.member ? await memberOfHousehold(db, viewer, query.member) : null;
  const scoped = member && !member.isHousehold ? member.id : null;
  const period: Period =
    query.from && query.to ? { from: query.from, to: query.to } : currentMonth();
  const previous = previousPeriod(period);
  const lastMonth = period.to.slice(0, 7);
  const firstMonth = addMonths(lastMonth, -11);

  const amount = scoped ? sql`${transactionShares.amountCents}` : sql`${transactions.amountCents}`;
  const between = (from: string, to: string) =>
    and(gte(transactions.occurredOn, from), lte(transactions.occurredOn, to));
  const counted = (from: string, to: string, kinds: ("income" | "expense")[]) =>
    and(
      eq(transactions.householdId, viewer.householdId),
      isNull(transactions.deletedAt),
      inArray(transactions.kind, kinds),
      between(from, to),
      ...(scoped
        ? [
            sql`${transactionShares.householdId} = ${viewer.householdId}`,
            sql`${transactionShares.memberId} = ${scoped}`,
          ]
        : []),
    );
  /** The entries (the household) or the member's shares joined to their entries. */
  const source = <T extends Parameters<Db["select"]>[0] & object>(fields: T) =>
    scoped
      ? db
          .select(fields)
          .from(transactions)
          .innerJoin(transactionShares, eq(transactionShares.transactionId, transactions.id))
      : db.select(fields).from(transactions);

  const sumIf = (kind: "income" | "expense", range: Period) =>
    cents(
      sql`case when ${transactions.kind} = ${kind} and ${transactions.occurredOn} between ${range.from} and ${range.to} then ${amount} end`,
    );
  const earliest = previous.from < period.from ? previous.from : period.from;
  const latest = previous.to > period.to ? previous.to : period.to;
  const monthOf = sql<string>`to_char(${transactions.occurredOn}, 'YYYY-MM')`;

  const [figureRows, categoryRows, monthRows, memberRows, latestPage, setupRows] =
    await Promise.all([
      source({
        income: sumIf("income", period),
        expense: sumIf("expense", period),
        previousIncome: sumIf("income", previous),
        previousExpense: sumIf("expense", previous),
      }).where(counted(earliest, latest, ["income", "expense"])),
      source({
        categoryId: transactions.categoryId,
        totalCents: cents(amount),
        count: sql<number>`count(*)`.mapWith(Number),
      })
        .where(counted(period.from, period.to, ["expense"]))
        .groupBy(transactions.categoryId)
        .orderBy(desc(sql`sum(${amount})`), transactions.categoryId),
      source({
        month: monthOf,
        incomeCents: cents(sql`case when ${transactions.kind} = 'income' then ${amount} end`),
        expenseCents: cents(sql`case when ${transactions.kind} = 'expense' then ${amount} end`),
      })
        .where(counted(`${firstMonth}-01`, lastDayOf(lastMonth), ["income", "expense"]))
        .groupBy(monthOf),
      scoped
        ? Promise.resolve(null)
        : // Each entry of the period, then its shares by the primary key: a nested loop ("offset
          // 0" keeps the planner from making it a hash join over every share of the household,
          // which reads the whole history for one month).
          db
            .select({
              memberId: sql<string>`shares.member_id`,
              expenseCents: cents(sql`shares.amount_cents`),
            })
            .from(
              sql`${transactions} cross join lateral (
                select ${transactionShares.memberId} as member_id,
                    ${transactionShares.amountCents} as amount_cents
                  from ${transactionShares}
                  where ${transactionShares.transactionId} = ${transactions.id}
                    and ${transactionShares.householdId} = ${viewer.householdId}
                  offset 0) as shares`,
            )
            .where(counted(period.from, period.to, ["expense"]))
            .groupBy(sql`shares.member_id`)
            .orderBy(desc(sql`sum(shares.amount_cents)`), sql`shares.member_id`),
      listTransactionPage(
        db,
        viewer.householdId,
        { sort: "date-desc", limit: latestCount, ...(scoped ? { member: scoped } : {}) },
        "en",
      ),
      setupOf(db, viewer.householdId),
    ]);

  const figures = figureRows[0] ?? { income: 0, expense: 0, previousIncome: 0, previousExpense: 0 };
  const byMonth = new Map(monthRows.map((row) => [row.month, row]));
  return {
    period,
    previous,
    figures: {
      current: figuresOf(figures.income, figures.expense),
      previous: figuresOf(figures.previousIncome, figures.previousExpense),
    },
    spendingByCategory: categoryRows.map((row) => ({
      categoryId: row.categoryId,
      totalCents: row.totalCents,
      count: row.count,
    })),
    monthly: Array.from({ length: 12 }, (_, index) => {
      const month = addMonths(firstMonth, index);
      const row = byMonth.get(month);
      return { month, incomeCents: row?.incomeCents ?? 0, expenseCents: row?.expenseCents ?? 0 };
    }),
    memberSpending: memberRows,
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
    .from(sql`(select 1) as one`);
}
