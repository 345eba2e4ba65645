import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Queryable } from "#server/db/client.ts";
import { loanExtraRepayments, loanParts, loans, loanShares } from "#server/db/schema/loans.ts";
import { recurringRules } from "#server/db/schema/money.ts";
import { createRule, sharesOf, toRule } from "#server/features/recurring/recurring.service.ts";
import {
  membersParts,
  ownerShares,
  partOf,
  scopeMemberId,
  type Owner,
} from "#server/features/savings/owners.ts";
import { endLinkedRules } from "#server/features/recurring/linked-rules.ts";
import { fieldError } from "#server/features/transactions/entry-references.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type { IsoDate } from "#shared/dates.ts";
import { isUuid } from "#shared/ids.ts";
import {
  compareExtraRepayments,
  emptySummary,
  loanSchedule,
  penaltyFreeAllowance,
  summarize,
  type ExtraRepayment as MathExtra,
  type Loan,
  type LoanSchedule,
} from "#shared/loan-math.ts";
import { nthOccurrence, occurrencesBetween } from "#shared/recurrence.ts";
import type {
  Allowance,
  bookingInputSchema,
  Comparison,
  createLoanSchema,
  extraRepaymentInputSchema,
  LoanDetail,
  LoanList,
  LoanListItem,
  LoanSummary,
  updateLoanSchema,
  WhatIf,
  whatIfInputSchema,
} from "#shared/schemas/loans.schema.ts";
import type { RecurringRule } from "#shared/schemas/recurring.schema.ts";
import { planOf } from "./loan-booking.ts";
import {
  firstDayOf,
  loadLoans,
  owedOn,
  scheduleOf,
  toLoan,
  type LoanPartRow,
  type LoanRecord,
} from "./loan-figures.ts";
import { inParallel } from "#server/db/parallel.ts";

/**
 * The loans area (Pro): loans with their owners, parts and extra repayments, their schedules
 * (computed from what was typed, never stored: loan-figures.ts and shared/loan-math.ts), what an
 * extra repayment would do, and booking the monthly payment as a recurring expense (decision 021).
 */

const notFound = () => new AppError("NOT_FOUND", "There is no such loan.");

/** A loan of the viewer's household with its owner, parts and extras (another's, or none: 404). */
async function loanOf(tx: Queryable, viewer: Viewer, id: string): Promise<LoanRecord> {
  if (!isUuid(id)) throw notFound();
  const [record] = await loadLoans(tx, viewer.householdId, { loanId: id });
  if (!record) throw notFound();
  return record;
}

/** One change at a time per loan: a booking, an edit, an extra. */
async function lockLoan(tx: Queryable, loanId: string) {
  await tx.execute(sql`select id from ${loans} where id = ${loanId} for update`);
}

/**
 * Where a loan stands on `day` by its schedule: what is owed (nothing once it is closed), the
 * interest paid and to come, the payoff date, this month's payment and the next.
 */
function summaryOf(record: LoanRecord, schedule: LoanSchedule, day: IsoDate): LoanSummary {
  if (schedule.parts.length === 0) return emptySummary;
  return { ...summarize(schedule.parts, day), balanceCents: owedOn(record, schedule, day) };
}

/** The scope's part of every amount of a summary (the household: all of it). */
function scopedSummary(summary: LoanSummary, owner: Owner, memberId: string | null): LoanSummary {
  const part = (cents: number) => partOf(cents, owner, memberId);
  return {
    ...summary,
    balanceCents: part(summary.balanceCents),
    interestPaidCents: part(summary.interestPaidCents),
    interestToComeCents: part(summary.interestToComeCents),
    totalInterestCents: part(summary.totalInterestCents),
    thisMonthPaymentCents: part(summary.thisMonthPaymentCents),
    nextPayment: summary.nextPayment && {
      dueDate: summary.nextPayment.dueDate,
      paymentCents: part(summary.nextPayment.paymentCents),
    },
  };
}

function listItem(
  record: LoanRecord,
  schedule: LoanSchedule,
  memberId: string | null,
  booked: boolean,
  day: IsoDate,
): LoanListItem {
  const { loan, owner, parts } = record;
  const summary = summaryOf(record, schedule, day);
  return {
    id: loan.id,
    name: loan.name,
    kind: loan.kind,
    lender: loan.lender,
    owner,
    ownHome: loan.ownHome,
    extraEffect: loan.extraEffect,
    penaltyFreeBp: loan.penaltyFreeBp,
    partsCount: parts.length,
    principalCents: parts.reduce((sum, part) => sum + part.principalCents, 0),
    startDate: firstDayOf(record) ?? "",
    summary,
    scope: scopedSummary(summary, owner, memberId),
    booked,
  };
}

/** The household's loans that have a booked payment (a recurring rule linked to them). */
async function bookedLoans(tx: Queryable, householdId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ loanId: recurringRules.loanId })
    .from(recurringRules)
    .where(and(eq(recurringRules.householdId, householdId), isNotNull(recurringRules.loanId)));
  return new Set(rows.flatMap((row) => (row.loanId ? [row.loanId] : [])));
}

/**
 * The scope's loans (the household: all; a member: those they owe a part of) with where each
 * stands today, the scope's totals, and for the household each member's part of the balances.
 */
export async function listLoans(
  db: Db,
  viewer: Viewer,
  query: { member?: string | undefined },
  day: IsoDate,
): Promise<LoanList> {
  const memberId = await scopeMemberId(db, viewer, query.member);
  const [records, booked] = await inParallel(db, [
    () => loadLoans(db, viewer.householdId),
    () => bookedLoans(db, viewer.householdId),
  ]);
  const items = records
    .filter(
      (record) =>
        memberId === null || record.owner.shares.some((share) => share.memberId === memberId),
    )
    .map((record) =>
      listItem(record, scheduleOf(record), memberId, booked.has(record.loan.id), day),
    );
  const parts =
    memberId === null
      ? await membersParts(
          db,
          viewer.householdId,
          items.map((item) => ({ cents: item.summary.balanceCents, owner: item.owner })),
        )
      : { perMember: [], householdOwnedCents: 0 };
  const total = (pick: (summary: LoanSummary) => number) =>
    items.reduce((sum, item) => sum + pick(item.scope), 0);
  return {
    loans: items,
    totals: {
      balanceCents: total((s) => s.balanceCents),
      thisMonthPaymentCents: total((s) => s.thisMonthPaymentCents),
      interestToComeCents: total((s) => s.interestToComeCents),
    },
    ...parts,
  };
}

/** Every calendar year's extras against the penalty-free allowance, and whether any goes past it. */
function allowanceOf(schedule: LoanSchedule, penaltyFreeBp: number): Allowance {
  const years = schedule.parts.length > 0 ? penaltyFreeAllowance(schedule, penaltyFreeBp) : [];
  return {
    penaltyFreeBp,
    allowanceCents: years[0]?.allowanceCents ?? 0,
    years,
    overAllowance: years.some((year) => year.overAllowance),
  };
}

const totalInterest = (schedule: LoanSchedule) =>
  schedule.months.reduce((sum, month) => sum + month.interestCents, 0);
const lastPayment = (schedule: LoanSchedule) =>
  schedule.parts.reduce((last, part) => {
    const due = part.rows.at(-1)?.dueDate ?? part.startDate;
    return due > last ? due : last;
  }, "");

/**
 * A loan with extras beside the same loan without them (or without the one a what-if adds):
 * the interest saved, both end dates, and the regular payment due first after `after` either way.
 */
function comparisonOf(without: LoanSchedule, withExtras: LoanSchedule, after: IsoDate): Comparison {
  const next = (schedule: LoanSchedule) =>
    schedule.parts.length > 0
      ? (summarize(schedule.parts, after).nextPayment?.paymentCents ?? null)
      : null;
  const interest = { withExtras: totalInterest(withExtras), withoutExtras: totalInterest(without) };
  return {
    interestSavedCents: interest.withoutExtras - interest.withExtras,
    totalInterestCents: interest,
    payoffDate: { withExtras: lastPayment(withExtras), withoutExtras: lastPayment(without) },
    payment: { after, withExtras: next(withExtras), withoutExtras: next(without) },
  };
}

/** The rule that books a loan's payment, as the recurring area shows it (null: not booked). */
async function bookingOf(tx: Queryable, record: LoanRecord, schedule: LoanSchedule, day: IsoDate) {
  const [rule] = await tx
    .select()
    .from(recurringRules)
    .where(
      and(
        eq(recurringRules.householdId, record.loan.householdId),
        eq(recurringRules.loanId, record.loan.id),
      ),
    )
    // A series edited "this and all following" is two rules: the later one books from now on.
    .orderBy(desc(recurringRules.startDate))
    .limit(1);
  if (!rule) return null;
  const shares = await sharesOf(tx, [rule.id]);
  return toRule(rule, shares.get(rule.id) ?? [], day, planOf(record, schedule));
}

/**
 * A loan with every part's schedule and summary, the loan month by month, its extras, the
 * penalty-free allowance per year, the loan with and without its extras, and its booking.
 */
export async function loanDetail(
  tx: Queryable,
  viewer: Viewer,
  id: string,
  query: { member?: string | undefined },
  day: IsoDate,
): Promise<LoanDetail> {
  const record = await loanOf(tx, viewer, id);
  const memberId = await scopeMemberId(tx, viewer, query.member);
  const latestExtra = record.extras.reduce(
    (last, extra) => (extra.onDate > last ? extra.onDate : last),
    day,
  );
  // One pass gives the loan with its extras and as contracted.
  const both = record.parts.length > 0 ? compareExtraRepayments(toLoan(record), latestExtra) : null;
  const schedule = both?.withExtras ?? { parts: [], months: [] };
  const booking = await bookingOf(tx, record, schedule, day);
  return {
    ...listItem(record, schedule, memberId, booking !== null, day),
    parts: record.parts.map((part, index) => {
      const partSchedule = schedule.parts[index];
      const { loanId: _loan, householdId: _household, createdAt: _created, ...stored } = part;
      return {
        ...stored,
        summary: partSchedule ? summarize([partSchedule], day) : emptySummary,
        rows: partSchedule?.rows ?? [],
      };
    }),
    months: schedule.months,
    extras: record.extras.map((extra) => ({
      id: extra.id,
      partId: extra.partId,
      kind: extra.kind,
      date: extra.onDate,
      untilDate: extra.untilDate,
      amountCents: extra.amountCents,
      note: extra.note,
    })),
    allowance: allowanceOf(schedule, record.loan.penaltyFreeBp),
    comparison: comparisonOf(both?.withoutExtras ?? schedule, schedule, latestExtra),
    booking,
  };
}

/** A part's columns from the form (its id, when it has one, says which part it is). */
function partValues(
  part:
    | z.output<typeof updateLoanSchema>["parts"][number]
    | z.output<typeof createLoanSchema>["parts"][number],
  position: number,
) {
  const { id: _id, ...values } = { id: null, ...part };
  return { ...values, position };
}

async function writeShares(tx: Queryable, viewer: Viewer, loanId: string, owner: Owner) {
  await tx.delete(loanShares).where(eq(loanShares.loanId, loanId));
  if (owner.shares.length === 0) return;
  await tx
    .insert(loanShares)
    .values(owner.shares.map((share) => ({ loanId, householdId: viewer.householdId, ...share })));
}

function loanValues(input: z.output<typeof createLoanSchema>) {
  return {
    name: input.name,
    kind: input.kind,
    lender: input.lender,
    ownerKind: input.ownerKind,
    ownHome: input.ownHome,
    extraEffect: input.extraEffect,
    penaltyFreeBp: input.penaltyFreeBp,
  };
}

/** A new loan with its owner and parts, answered as its detail. */
export async function createLoan(
  db: Db,
  viewer: Viewer,
  input: z.output<typeof createLoanSchema>,
  day: IsoDate,
): Promise<LoanDetail> {
  const id = await db.transaction(async (tx) => {
    const shares = await ownerShares(tx, viewer, input);
    const [loan] = await tx
      .insert(loans)
      .values({ householdId: viewer.householdId, ...loanValues(input) })
      .returning({ id: loans.id });
    if (!loan) throw new Error("loan insert returned nothing");
    await writeShares(tx, viewer, loan.id, { kind: input.ownerKind, shares });
    await tx.insert(loanParts).values(
      input.parts.map((part, index) => ({
        loanId: loan.id,
        householdId: viewer.householdId,
        ...partValues(part, index),
      })),
    );
    return loan.id;
  });
  return loanDetail(db, viewer, id, {}, day);
}

/**
 * Changes a loan and replaces its parts in one transaction. A part sent with the id of one of
 * the loan's parts is that part changed (its extra repayments stay with it); a part without an
 * id is new; the loan's parts not sent are removed with their extra repayments. A booked payment
 * follows the new schedule from its next entry on; the entries made stay as they were.
 */
export async function updateLoan(
  db: Db,
  viewer: Viewer,
  id: string,
  input: z.output<typeof updateLoanSchema>,
  day: IsoDate,
): Promise<LoanDetail> {
  await db.transaction(async (tx) => {
    const record = await loanOf(tx, viewer, id);
    await lockLoan(tx, record.loan.id);
    // People who owe a part already may stay although they left the household since.
    const known = record.owner.shares.map((share) => share.memberId);
    const shares = await ownerShares(tx, viewer, input, known);
    const existing = new Set(record.parts.map((part) => part.id));
    input.parts.forEach((part, index) => {
      if (part.id !== null && !existing.has(part.id)) {
        throw fieldError(viewer, `parts.${index}.id`, "loanPartRequired");
      }
    });
    await tx
      .update(loans)
      .set({ ...loanValues(input), updatedAt: new Date() })
      .where(eq(loans.id, record.loan.id));
    await writeShares(tx, viewer, record.loan.id, { kind: input.ownerKind, shares });
    const kept = new Set(input.parts.flatMap((part) => (part.id ? [part.id] : [])));
    const gone = record.parts.filter((part) => !kept.has(part.id)).map((part) => part.id);
    if (gone.length > 0) await tx.delete(loanParts).where(inArray(loanParts.id, gone));
    for (const [index, part] of input.parts.entries()) {
      const values = partValues(part, index);
      if (part.id) await tx.update(loanParts).set(values).where(eq(loanParts.id, part.id));
      else {
        await tx
          .insert(loanParts)
          .values({ loanId: record.loan.id, householdId: viewer.householdId, ...values });
      }
    }
  });
  return loanDetail(db, viewer, id, {}, day);
}

/**
 * Ends the bookings of a loan and keeps what they booked: the entries due up to today are made
 * first (from the loan's schedule, while the loan is there), then each rule ends today and lets
 * go of the loan; a rule that booked nothing yet is removed. In `then`'s transaction, after.
 */
function endBookings(
  db: Db,
  householdId: string,
  loanId: string,
  day: IsoDate,
  then?: (tx: Queryable) => Promise<void>,
) {
  return endLinkedRules(
    db,
    { householdId, column: "loanId", id: loanId },
    day,
    (tx) => lockLoan(tx, loanId),
    then,
  );
}

/** Deletes a loan with its parts and extras, after ending its booking (what it booked stays). */
export async function deleteLoan(db: Db, viewer: Viewer, id: string, day: IsoDate) {
  const record = await loanOf(db, viewer, id);
  await endBookings(db, viewer.householdId, record.loan.id, day, async (tx) => {
    await tx.delete(loans).where(eq(loans.id, record.loan.id));
  });
}

/** A part of the loan by id (a field error otherwise), with the day of its last payment. */
function partOfLoan(viewer: Viewer, record: LoanRecord, partId: string) {
  const part = record.parts.find((candidate) => candidate.id === partId);
  if (!part) throw fieldError(viewer, "partId", "loanPartRequired");
  return part;
}

/** An extra's (first) date must fall within its part: from its start to its last payment. */
function checkExtraDate(viewer: Viewer, part: LoanPartRow, date: IsoDate) {
  const last = nthOccurrence({ frequency: "monthly", startDate: part.startDate }, part.termMonths);
  if (date < part.startDate || date > last) throw fieldError(viewer, "date", "extraOutsidePart");
}

/** Adds an extra repayment to a part of the loan; answers the loan's detail with its effect. */
export async function addExtra(
  db: Db,
  viewer: Viewer,
  loanId: string,
  input: z.output<typeof extraRepaymentInputSchema>,
  day: IsoDate,
): Promise<LoanDetail> {
  await db.transaction(async (tx) => {
    const record = await loanOf(tx, viewer, loanId);
    const part = partOfLoan(viewer, record, input.partId);
    checkExtraDate(viewer, part, input.date);
    await tx.insert(loanExtraRepayments).values({
      loanId: record.loan.id,
      partId: part.id,
      householdId: viewer.householdId,
      kind: input.kind,
      onDate: input.date,
      untilDate: input.kind === "yearly" ? input.untilDate : null,
      amountCents: input.amountCents,
      note: input.note,
    });
  });
  return loanDetail(db, viewer, loanId, {}, day);
}

export async function deleteExtra(db: Db, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "There is no such extra repayment.");
  const deleted = await db
    .delete(loanExtraRepayments)
    .where(
      and(eq(loanExtraRepayments.id, id), eq(loanExtraRepayments.householdId, viewer.householdId)),
    )
    .returning({ id: loanExtraRepayments.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "There is no such extra repayment.");
}

/**
 * What an extra repayment would do, without storing anything: the loan as it is beside the loan
 * with the extra too (all its extras doing what `effect` says), the payment after the extra's
 * date, the allowance with it, and the loan month by month with it.
 */
export async function whatIf(
  db: Db,
  viewer: Viewer,
  loanId: string,
  input: z.output<typeof whatIfInputSchema>,
  day: IsoDate,
): Promise<WhatIf> {
  const record = await loanOf(db, viewer, loanId);
  const part = partOfLoan(viewer, record, input.partId);
  checkExtraDate(viewer, part, input.date);
  const extra: MathExtra =
    input.kind === "yearly"
      ? {
          kind: "yearly",
          firstDate: input.date,
          untilDate: input.untilDate,
          amountCents: input.amountCents,
        }
      : { kind: "one-off", date: input.date, amountCents: input.amountCents };
  const current = toLoan(record);
  const index = record.parts.indexOf(part);
  const withExtra: Loan = {
    extraRepaymentEffect: input.effect ?? current.extraRepaymentEffect,
    parts: current.parts.map((one, at) =>
      at === index ? { ...one, extraRepayments: [...one.extraRepayments, extra] } : one,
    ),
  };
  const before = loanSchedule(current);
  const after = loanSchedule(withExtra);
  return {
    comparison: comparisonOf(before, after, input.date > day ? input.date : day),
    allowance: allowanceOf(after, record.loan.penaltyFreeBp),
    months: after.months,
  };
}

/**
 * Books the loan's monthly payment as a recurring expense (decision 021): a monthly rule linked
 * to the loan, from `startDate` (default: the next payment after today), each entry that month's
 * payment from the schedule. Entries due by today are made at once, like any new rule's. A loan
 * is booked once (409 while it is); one repaid by the start is refused on `startDate`.
 */
export async function bookPayment(
  db: Db,
  viewer: Viewer,
  loanId: string,
  input: z.output<typeof bookingInputSchema>,
  day: IsoDate,
): Promise<RecurringRule> {
  const record = await loanOf(db, viewer, loanId);
  const schedule = scheduleOf(record);
  const plan = planOf(record);
  const start =
    input.startDate ??
    (schedule.parts.length > 0 ? summarize(schedule.parts, day).nextPayment?.dueDate : null);
  const rule = { frequency: "monthly" as const, startDate: start ?? day, endDate: null };
  const first =
    start && plan.lastDay
      ? occurrencesBetween(rule, start, plan.lastDay, 1200).find((date) => plan.amountOn(date) > 0)
      : undefined;
  if (!start || !first) throw fieldError(viewer, "startDate", "loanRepaidBy");
  return createRule(
    db,
    viewer,
    {
      kind: "expense",
      amountCents: plan.amountOn(first),
      occurredOn: start,
      categoryId: input.categoryId,
      merchant: input.merchant ?? record.loan.lender ?? record.loan.name,
      notes: input.notes,
      splitMode: input.splitMode,
      memberId: input.memberId,
      paidByMemberId: input.paidByMemberId,
      receivedByMemberId: null,
      shares: input.shares,
      frequency: "monthly",
      endDate: null,
    },
    day,
    {
      loanId: record.loan.id,
      before: async (tx) => {
        await lockLoan(tx, record.loan.id);
        if ((await bookedLoans(tx, viewer.householdId)).has(record.loan.id)) {
          throw new AppError(
            "CONFLICT",
            viewer.language === "nl"
              ? "De betaling van deze lening is al geboekt: stop die boeking eerst."
              : "This loan's payment is booked already: stop that booking first.",
          );
        }
      },
    },
  );
}

/** Stops booking the loan's payment: the rule ends today, what it booked stays. */
export async function unbookPayment(db: Db, viewer: Viewer, loanId: string, day: IsoDate) {
  const record = await loanOf(db, viewer, loanId);
  if (!(await bookedLoans(db, viewer.householdId)).has(record.loan.id)) {
    throw new AppError("NOT_FOUND", "This loan's payment is not booked.");
  }
  await endBookings(db, viewer.householdId, record.loan.id, day);
}
