import { categoryName } from "#shared/default-categories.ts";
import { and, asc, count, eq, isNull, or } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Queryable } from "#server/db/client.ts";
import { categories } from "#server/db/schema/money.ts";
import { taxDeadlines, taxItems, taxYears } from "#server/db/schema/taxes.ts";
import { totals } from "#server/features/budgets/budgets.service.ts";
import { interestBetween, loadLoans, scheduleOf } from "#server/features/loans/loan-figures.ts";
import { partOf, scopeMemberId } from "#server/features/savings/owners.ts";
import { checkMembers, fieldError } from "#server/features/transactions/entry-references.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { box3Years } from "#shared/box3.ts";
import { addDays, isDateInRange, type IsoDate } from "#shared/dates.ts";
import { isUuid } from "#shared/ids.ts";
import { allocate } from "#shared/money.ts";
import { nthOccurrence } from "#shared/recurrence.ts";
import {
  isRefund,
  type createTaxItemSchema,
  type TaxDeadline,
  type taxDeadlineInputSchema,
  type TaxItem,
  type taxItemInputSchema,
  type TaxItemTotals,
  type TaxYearList,
  type TaxYearOverview,
} from "#shared/schemas/taxes.schema.ts";
import { inParallel } from "#server/db/parallel.ts";

/**
 * Taxes (Pro): a household's tax payments and refunds, deadlines and the year's overview (items
 * with their totals, deadlines, the tax-relevant categories' totals and the own home's mortgage
 * interest). Every query is scoped by the viewer's household; a foreign or malformed id is the
 * 404 of a missing one.
 */

type ItemRow = typeof taxItems.$inferSelect;
type DeadlineRow = typeof taxDeadlines.$inferSelect;

const noItem = () => new AppError("NOT_FOUND", "There is no such tax item.");
const noDeadline = () => new AppError("NOT_FOUND", "There is no such tax deadline.");

function itemOut(row: ItemRow): TaxItem {
  return {
    id: row.id,
    year: row.year,
    kind: row.kind,
    status: row.status,
    amountCents: row.amountCents,
    onDate: row.onDate,
    description: row.description,
    memberId: row.memberId,
  };
}

/** The day a deadline's reminder goes out (null: none). */
export function remindOn(row: Pick<DeadlineRow, "dueOn" | "remindDaysBefore">): IsoDate | null {
  return row.remindDaysBefore === null ? null : addDays(row.dueOn, -row.remindDaysBefore);
}

function deadlineOut(row: DeadlineRow, day: IsoDate): TaxDeadline {
  return {
    id: row.id,
    year: row.year,
    kind: row.kind,
    title: row.title,
    dueOn: row.dueOn,
    status: row.status,
    remindDaysBefore: row.remindDaysBefore,
    remindOn: remindOn(row),
    remindedAt: row.remindedAt?.toISOString() ?? null,
    memberId: row.memberId,
    overdue: row.status === "open" && row.dueOn < day,
  };
}

async function itemOf(tx: Queryable, viewer: Viewer, id: string): Promise<ItemRow> {
  if (!isUuid(id)) throw noItem();
  const [row] = await tx
    .select()
    .from(taxItems)
    .where(and(eq(taxItems.id, id), eq(taxItems.householdId, viewer.householdId)))
    .limit(1);
  if (!row) throw noItem();
  return row;
}

async function deadlineOf(tx: Queryable, viewer: Viewer, id: string): Promise<DeadlineRow> {
  if (!isUuid(id)) throw noDeadline();
  const [row] = await tx
    .select()
    .from(taxDeadlines)
    .where(and(eq(taxDeadlines.id, id), eq(taxDeadlines.householdId, viewer.householdId)))
    .limit(1);
  if (!row) throw noDeadline();
  return row;
}

/** Whose it is: an active person of the household (or one it already had), or the household. */
async function checkWhose(
  tx: Queryable,
  viewer: Viewer,
  memberId: string | null,
  known: string | null = null,
) {
  await checkMembers(tx, viewer, { memberId }, { known: known ? [known] : [] });
}

/** A payment's or refund's status for a term on `date`: done up to today, still open after. */
function termStatus(refund: boolean, date: IsoDate, day: IsoDate): ItemRow["status"] {
  if (date <= day) return refund ? "received" : "paid";
  return refund ? "to-receive" : "due";
}

/**
 * Records a tax payment or refund, or a total spread over monthly terms (see
 * `createTaxItemSchema`): the terms' cents add up to the total exactly.
 */
export async function createTaxItems(
  db: Db,
  viewer: Viewer,
  input: z.output<typeof createTaxItemSchema>,
  day: IsoDate,
): Promise<TaxItem[]> {
  const terms = input.installments;
  const dates = Array.from({ length: terms }, (_, index) =>
    nthOccurrence({ frequency: "monthly", startDate: input.onDate }, index),
  );
  if (dates.some((date) => !isDateInRange(date))) {
    throw fieldError(viewer, "onDate", "dateOutOfRange");
  }
  const amounts = allocate(
    input.amountCents,
    dates.map(() => 1),
  );
  return db.transaction(async (tx) => {
    await checkWhose(tx, viewer, input.memberId);
    const rows = await tx
      .insert(taxItems)
      .values(
        dates.map((date, index) => ({
          householdId: viewer.householdId,
          year: input.year,
          kind: input.kind,
          status: terms === 1 ? input.status : termStatus(isRefund(input.status), date, day),
          amountCents: amounts[index] ?? 0,
          onDate: date,
          description: input.description,
          memberId: input.memberId,
        })),
      )
      .returning();
    return rows.map(itemOut).sort((a, b) => a.onDate.localeCompare(b.onDate));
  });
}

export async function updateTaxItem(
  db: Db,
  viewer: Viewer,
  id: string,
  input: z.output<typeof taxItemInputSchema>,
): Promise<TaxItem> {
  return db.transaction(async (tx) => {
    const current = await itemOf(tx, viewer, id);
    await checkWhose(tx, viewer, input.memberId, current.memberId);
    const [row] = await tx
      .update(taxItems)
      .set({
        year: input.year,
        kind: input.kind,
        status: input.status,
        amountCents: input.amountCents,
        onDate: input.onDate,
        description: input.description,
        memberId: input.memberId,
        updatedAt: new Date(),
      })
      .where(eq(taxItems.id, current.id))
      .returning();
    if (!row) throw noItem();
    return itemOut(row);
  });
}

export async function deleteTaxItem(db: Db, viewer: Viewer, id: string) {
  const row = await itemOf(db, viewer, id);
  await db.delete(taxItems).where(eq(taxItems.id, row.id));
}

export async function createTaxDeadline(
  db: Db,
  viewer: Viewer,
  input: z.output<typeof taxDeadlineInputSchema>,
  day: IsoDate,
): Promise<TaxDeadline> {
  return db.transaction(async (tx) => {
    await checkWhose(tx, viewer, input.memberId);
    const [row] = await tx
      .insert(taxDeadlines)
      .values({ householdId: viewer.householdId, ...input })
      .returning();
    if (!row) throw new Error("deadline insert returned nothing");
    return deadlineOut(row, day);
  });
}

/**
 * Changes a deadline, or marks it done (or open again). A new day or reminder period makes the
 * reminder due again (a deadline moved by an extension gets a reminder for its new day); only
 * the status or the text changing keeps what was sent.
 */
export async function updateTaxDeadline(
  db: Db,
  viewer: Viewer,
  id: string,
  input: z.output<typeof taxDeadlineInputSchema>,
  day: IsoDate,
): Promise<TaxDeadline> {
  return db.transaction(async (tx) => {
    const current = await deadlineOf(tx, viewer, id);
    await checkWhose(tx, viewer, input.memberId, current.memberId);
    const remindAgain =
      current.dueOn !== input.dueOn || current.remindDaysBefore !== input.remindDaysBefore;
    const [row] = await tx
      .update(taxDeadlines)
      .set({
        ...input,
        remindedAt: remindAgain ? null : current.remindedAt,
        updatedAt: new Date(),
      })
      .where(eq(taxDeadlines.id, current.id))
      .returning();
    if (!row) throw noDeadline();
    return deadlineOut(row, day);
  });
}

export async function deleteTaxDeadline(db: Db, viewer: Viewer, id: string) {
  const row = await deadlineOf(db, viewer, id);
  await db.delete(taxDeadlines).where(eq(taxDeadlines.id, row.id));
}

/** The totals of some items: paid, due, received, to receive and the balance. */
export function itemTotals(items: readonly Pick<TaxItem, "status" | "amountCents">[]) {
  const sum = (status: TaxItem["status"]) =>
    items.filter((item) => item.status === status).reduce((t, item) => t + item.amountCents, 0);
  const totals: TaxItemTotals = {
    paidCents: sum("paid"),
    dueCents: sum("due"),
    receivedCents: sum("received"),
    toReceiveCents: sum("to-receive"),
    balanceCents: 0,
  };
  totals.balanceCents =
    totals.paidCents + totals.dueCents - totals.receivedCents - totals.toReceiveCents;
  return totals;
}

/**
 * The interest of the own home's mortgages (loans marked `ownHome`) due in a year: for each such
 * loan, the interest of the payments its schedule has due from 1 January to 31 December (up to
 * the day before it was closed, for a loan repaid early), and the scope's part (a member's share
 * by largest remainder, as the loans area gives it; the household's own loans belong to no
 * single member). A member sees the loans they own a part of.
 */
export async function ownHomeInterest(
  db: Queryable,
  householdId: string,
  year: number,
  memberId: string | null,
): Promise<TaxYearOverview["ownHomeInterest"]> {
  const from = `${year}-01-01`;
  const records = (await loadLoans(db, householdId)).filter(
    (record) =>
      record.loan.ownHome &&
      (memberId === null || record.owner.shares.some((share) => share.memberId === memberId)),
  );
  const loans = records.map((record) => {
    const closedOn = record.loan.closedAt?.toISOString().slice(0, 10);
    const yearEnd = `${year}-12-31`;
    const to = closedOn && closedOn <= yearEnd ? addDays(closedOn, -1) : yearEnd;
    const interestCents = to < from ? 0 : interestBetween(scheduleOf(record), from, to);
    return {
      loanId: record.loan.id,
      name: record.loan.name,
      interestCents,
      scopeInterestCents: partOf(interestCents, record.owner, memberId),
    };
  });
  return { loans, totalCents: loans.reduce((sum, loan) => sum + loan.scopeInterestCents, 0) };
}

/**
 * A tax year for the scope: its payments and refunds with their totals, its deadlines (overdue
 * ones marked), the year's totals of the categories marked tax-relevant (the household's entries,
 * or a member's shares of them, as the dashboard counts them) and the own home's mortgage
 * interest. A member sees their own items, their own deadlines and the household's; the
 * household everything.
 */
export async function taxYearOverview(
  db: Db,
  viewer: Viewer,
  year: number,
  query: { member?: string | undefined },
  day: IsoDate,
): Promise<TaxYearOverview> {
  const memberId = await scopeMemberId(db, viewer, query.member);
  const [itemRows, deadlineRows, categoryTotals, taxRelevant, interest] = await inParallel(db, [
    () =>
      db
        .select()
        .from(taxItems)
        .where(
          and(
            eq(taxItems.householdId, viewer.householdId),
            eq(taxItems.year, year),
            memberId === null ? undefined : eq(taxItems.memberId, memberId),
          ),
        )
        .orderBy(asc(taxItems.onDate), asc(taxItems.createdAt), asc(taxItems.id)),
    () =>
      db
        .select()
        .from(taxDeadlines)
        .where(
          and(
            eq(taxDeadlines.householdId, viewer.householdId),
            eq(taxDeadlines.year, year),
            // A member's own deadlines and the household's (whose reminders reach everyone).
            memberId === null
              ? undefined
              : or(eq(taxDeadlines.memberId, memberId), isNull(taxDeadlines.memberId)),
          ),
        )
        .orderBy(asc(taxDeadlines.dueOn), asc(taxDeadlines.createdAt), asc(taxDeadlines.id)),
    () =>
      totals(db, viewer, {
        from: `${year}-01-01`,
        to: `${year}-12-31`,
        member: memberId ?? undefined,
      }),
    () =>
      db
        .select({
          id: categories.id,
          name: categories.name,
          defaultKey: categories.defaultKey,
          customName: categories.customName,
        })
        .from(categories)
        .where(
          and(eq(categories.householdId, viewer.householdId), eq(categories.taxRelevant, true)),
        ),
    () => ownHomeInterest(db, viewer.householdId, year, memberId),
  ]);
  const names = new Map(taxRelevant.map((row) => [row.id, categoryName(row, viewer.language)]));
  const items = itemRows.map(itemOut);
  return {
    year,
    memberId,
    items,
    totals: itemTotals(items),
    deadlines: deadlineRows.map((row) => deadlineOut(row, day)),
    categories: categoryTotals.byCategory
      .filter((row) => names.has(row.categoryId))
      .map((row) => ({ ...row, name: names.get(row.categoryId) ?? "" })),
    ownHomeInterest: interest,
  };
}

/**
 * The years the household has recorded anything for (items, deadlines or box 3 choices), the
 * current year always among them, newest first, with the years Hearth can estimate box 3 for.
 */
export async function taxYearList(db: Db, viewer: Viewer, day: IsoDate): Promise<TaxYearList> {
  const byYear = (table: typeof taxItems | typeof taxDeadlines) =>
    db
      .select({ year: table.year, count: count() })
      .from(table)
      .where(eq(table.householdId, viewer.householdId))
      .groupBy(table.year);
  const [items, deadlines, chosen] = await inParallel(db, [
    () => byYear(taxItems),
    () => byYear(taxDeadlines),
    () =>
      db
        .select({ year: taxYears.year })
        .from(taxYears)
        .where(eq(taxYears.householdId, viewer.householdId)),
  ]);
  const years = new Set([
    Number(day.slice(0, 4)),
    ...items.map((row) => row.year),
    ...deadlines.map((row) => row.year),
    ...chosen.map((row) => row.year),
  ]);
  const countOf = (rows: { year: number; count: number }[], year: number) =>
    rows.find((row) => row.year === year)?.count ?? 0;
  return {
    years: [...years]
      .sort((a, b) => b - a)
      .map((year) => ({
        year,
        items: countOf(items, year),
        deadlines: countOf(deadlines, year),
      })),
    box3Years: box3Years.map((entry) => entry.year),
  };
}
