import { and, asc, eq, gte, inArray, isNull } from "drizzle-orm";
import type { Db, Queryable } from "#server/db/client.ts";
import { members } from "#server/db/schema/households.ts";
import {
  recurringRules,
  recurringRuleShares,
  transactions,
  transactionShares,
} from "#server/db/schema/money.ts";
import {
  checkCategory,
  checkMembers,
  fieldError,
} from "#server/features/transactions/entry-references.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type { IsoDate } from "#shared/dates.ts";
import { addDays } from "#shared/dates.ts";
import {
  continuedDayOfMonth,
  nextOccurrenceAfter,
  occurrencesBetween,
} from "#shared/recurrence.ts";
import type {
  EditFollowingInput,
  RecurringRule,
  Upcoming,
} from "#shared/schemas/recurring.schema.ts";
import type { EntryValues } from "#shared/schemas/transactions.schema.ts";
import { computeShares, type Share } from "#shared/shares.ts";
import { loanPlanOf, loanPlans, type LoanPlan } from "#server/features/loans/loan-booking.ts";
import { amountsOf, catchUpRule, materializeStep, sharesFor, type RuleRow } from "./materialize.ts";
import { isUuid } from "#shared/ids.ts";
import { inParallel } from "#server/db/parallel.ts";

type RuleFields = Omit<EntryValues, "occurredOn">;

const notFound = () => new AppError("NOT_FOUND", "There is no such recurring entry.");

/** Checks the category and the members an entry's fields name (the viewer's household only). */
async function checkReferences(
  tx: Queryable,
  viewer: Viewer,
  fields: RuleFields,
  had: { categoryId: string; memberIds: string[] } | null = null,
) {
  await checkCategory(tx, viewer, fields.categoryId, fields.kind, {
    allowArchivedId: had?.categoryId ?? null,
  });
  const named: Record<string, string | null | undefined> = {
    memberId: fields.splitMode === "personal" ? fields.memberId : null,
    paidByMemberId: fields.kind === "expense" ? fields.paidByMemberId : null,
    receivedByMemberId: fields.kind === "income" ? fields.receivedByMemberId : null,
  };
  if (fields.splitMode !== "personal") {
    fields.shares.forEach((share, index) => {
      named[`shares.${index}.memberId`] = share.memberId;
    });
  }
  await checkMembers(tx, viewer, named, { known: had?.memberIds ?? [] });
}

/** The columns of an entry (rule or occurrence) from validated fields, and its shares. */
function entryColumns(fields: RuleFields) {
  const shares = computeShares({
    amountCents: fields.amountCents,
    splitMode: fields.splitMode,
    memberId: fields.memberId,
    shares: fields.shares,
  });
  return {
    columns: {
      kind: fields.kind,
      amountCents: fields.amountCents,
      categoryId: fields.categoryId,
      merchant: fields.merchant,
      notes: fields.notes,
      splitMode: fields.splitMode,
      paidByMemberId: fields.kind === "expense" ? (fields.paidByMemberId ?? null) : null,
      receivedByMemberId: fields.kind === "income" ? (fields.receivedByMemberId ?? null) : null,
    },
    shares,
  };
}

async function insertRule(
  tx: Queryable,
  householdId: string,
  fields: RuleFields,
  schedule: Pick<RuleRow, "frequency" | "startDate" | "endDate" | "loanId"> &
    Partial<Pick<RuleRow, "policyId" | "dayOfMonth">>,
) {
  const { columns, shares } = entryColumns(fields);
  const [rule] = await tx
    .insert(recurringRules)
    .values({ householdId, ...columns, ...schedule })
    .returning();
  if (!rule) throw new AppError("INTERNAL", "The recurring entry could not be saved.");
  await tx.insert(recurringRuleShares).values(
    shares.map((share) => ({
      ruleId: rule.id,
      householdId,
      memberId: share.memberId,
      amountCents: share.amountCents,
      percentBp: share.percentBp,
    })),
  );
  return rule;
}

/**
 * A rule as the client reads it. A loan's booked payment (with its loan's plan) shows its next
 * payment: the first date after today with a payment, and that payment as its amount.
 */
export function toRule(
  rule: RuleRow,
  shares: Share[],
  today: IsoDate,
  plan?: LoanPlan,
): RecurringRule {
  let nextDate = nextOccurrenceAfter(rule, today);
  let amountCents = rule.amountCents;
  if (rule.loanId !== null) {
    const amountOn = amountsOf(rule, plan);
    const last = plan?.lastDay ?? today;
    const end = rule.endDate && rule.endDate < last ? rule.endDate : last;
    const next = occurrencesBetween(rule, addDays(today, 1), end, 24).find(
      (date) => amountOn(date) > 0,
    );
    nextDate = next ?? null;
    if (next) amountCents = amountOn(next);
  }
  return {
    id: rule.id,
    kind: rule.kind,
    amountCents,
    currency: rule.currency,
    categoryId: rule.categoryId,
    merchant: rule.merchant,
    notes: rule.notes,
    splitMode: rule.splitMode,
    paidByMemberId: rule.paidByMemberId,
    receivedByMemberId: rule.receivedByMemberId,
    shares,
    frequency: rule.frequency,
    startDate: rule.startDate,
    endDate: rule.endDate,
    nextDate,
    loanId: rule.loanId,
    policyId: rule.policyId,
  };
}

/** The plans of the loans some rules book, by loan id (none for ordinary rules). */
function plansFor(tx: Queryable, householdId: string, rules: readonly RuleRow[]) {
  const loanIds = [...new Set(rules.flatMap((rule) => (rule.loanId ? [rule.loanId] : [])))];
  return loanPlans(tx, householdId, loanIds);
}

export async function sharesOf(tx: Queryable, ruleIds: string[]) {
  const byRule = new Map<string, Share[]>();
  if (ruleIds.length === 0) return byRule;
  const rows = await tx
    .select()
    .from(recurringRuleShares)
    .where(inArray(recurringRuleShares.ruleId, ruleIds))
    .orderBy(asc(recurringRuleShares.memberId));
  for (const row of rows) {
    const list = byRule.get(row.ruleId) ?? [];
    list.push({ memberId: row.memberId, amountCents: row.amountCents, percentBp: row.percentBp });
    byRule.set(row.ruleId, list);
  }
  return byRule;
}

async function ruleOf(tx: Queryable, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw notFound();
  const [rule] = await tx
    .select()
    .from(recurringRules)
    .where(and(eq(recurringRules.id, id), eq(recurringRules.householdId, viewer.householdId)))
    .limit(1);
  if (!rule) throw notFound();
  return rule;
}

/**
 * Makes a new rule's first occurrences in the transaction that created it (one step of at most
 * `batchSize`), so they are there as soon as the rule is; returns the rule as marked after it.
 */
async function firstStep(tx: Queryable, rule: RuleRow, today: IsoDate) {
  const step = await materializeStep(tx, rule, today);
  return { rule: { ...rule, materializedThrough: step.through }, more: step.more };
}

/**
 * Makes the rest of a rule's due occurrences after the request's transaction committed: step by
 * step, each in its own short transaction, handing the event loop back in between (decision 015).
 */
async function catchUp(db: Db, made: { rule: RuleRow; more: boolean }, today: IsoDate) {
  if (made.more) await catchUpRule(db, made.rule, today);
}

/**
 * Creates a rule and makes its occurrences due by today before answering. A loan's booking
 * passes `loanId` (each occurrence is then that month's payment) and `before`, which runs first
 * in the same transaction (the loans area locks the loan there and checks it is not booked yet).
 */
export async function createRule(
  db: Db,
  viewer: Viewer,
  input: EntryValues & { frequency: RuleRow["frequency"]; endDate: string | null },
  today: IsoDate,
  options: {
    loanId?: string;
    policyId?: string;
    before?: (tx: Queryable) => Promise<void>;
  } = {},
): Promise<RecurringRule> {
  const made = await db.transaction(async (tx) => {
    await options.before?.(tx);
    await checkReferences(tx, viewer, input);
    const rule = await insertRule(tx, viewer.householdId, input, {
      frequency: input.frequency,
      startDate: input.occurredOn,
      endDate: input.endDate,
      loanId: options.loanId ?? null,
      policyId: options.policyId ?? null,
    });
    const step = await firstStep(tx, rule, today);
    const shares = await sharesOf(tx, [rule.id]);
    const plan = await loanPlanOf(tx, rule);
    return { ...step, answer: toRule(rule, shares.get(rule.id) ?? [], today, plan) };
  });
  await catchUp(db, made, today);
  return made.answer;
}

/**
 * The household's rules: running ones first (by their next date), then ended ones. With a
 * member (the scope picker's choice): only the rules in which that member has a share.
 */
export async function listRules(
  db: Db,
  viewer: Viewer,
  today: IsoDate,
  options: { member?: string | undefined } = {},
) {
  const member = options.member ? await memberOfHousehold(db, viewer, options.member) : null;
  const scoped = member && !member.isHousehold ? member.id : null;
  const rows = await db
    .select()
    .from(recurringRules)
    .where(eq(recurringRules.householdId, viewer.householdId));
  const [shares, plans] = await inParallel(db, [
    () =>
      sharesOf(
        db,
        rows.map((row) => row.id),
      ),
    () => plansFor(db, viewer.householdId, rows),
  ]);
  const rules = rows
    .filter((row) => !scoped || shares.get(row.id)?.some((share) => share.memberId === scoped))
    .map((row) =>
      toRule(row, shares.get(row.id) ?? [], today, row.loanId ? plans.get(row.loanId) : undefined),
    );
  const key = (rule: RecurringRule) =>
    rule.nextDate ? `0${rule.nextDate}` : `1${invert(rule.endDate ?? rule.startDate)}`;
  return rules.sort((a, b) => key(a).localeCompare(key(b)) || a.id.localeCompare(b.id));
}

/** Sorts later dates first when compared as text. */
function invert(date: string) {
  return [...date].map((ch) => (/\d/.test(ch) ? String(9 - Number(ch)) : ch)).join("");
}

/** A member of the viewer's household (any row), or a 404. */
export async function memberOfHousehold(tx: Queryable, viewer: Viewer, memberId: string) {
  if (!isUuid(memberId)) throw new AppError("NOT_FOUND", "There is no such member.");
  const [member] = await tx
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.householdId, viewer.householdId)))
    .limit(1);
  if (!member) throw new AppError("NOT_FOUND", "There is no such member.");
  return member;
}

/**
 * The occurrences still to come within `days` days of today, sorted by date: every date of a
 * running rule after what it has made so far. With a member: only rules in which that member
 * has a share, with the share.
 */
export async function upcoming(
  db: Db,
  viewer: Viewer,
  options: { days: number; member?: string | undefined },
  today: IsoDate,
): Promise<Upcoming[]> {
  const member = options.member ? await memberOfHousehold(db, viewer, options.member) : null;
  const scoped = member && !member.isHousehold ? member.id : null;
  const rows = await db
    .select()
    .from(recurringRules)
    .where(eq(recurringRules.householdId, viewer.householdId));
  const [shares, plans] = await inParallel(db, [
    () =>
      sharesOf(
        db,
        rows.map((row) => row.id),
      ),
    () => plansFor(db, viewer.householdId, rows),
  ]);
  const until = addDays(today, options.days);
  const items: Upcoming[] = [];
  for (const rule of rows) {
    const ruleShares = shares.get(rule.id) ?? [];
    if (scoped && !ruleShares.some((candidate) => candidate.memberId === scoped)) continue;
    // A loan's booked payment: each month's own payment, none after the loan is repaid.
    const amountOn = amountsOf(rule, rule.loanId ? plans.get(rule.loanId) : undefined);
    const from = rule.materializedThrough ? addDays(rule.materializedThrough, 1) : rule.startDate;
    for (const date of occurrencesBetween(rule, from, until, 1000)) {
      const amountCents = amountOn(date);
      if (amountCents <= 0) continue;
      const share = scoped
        ? sharesFor(rule, ruleShares, amountCents).find((one) => one.memberId === scoped)
        : undefined;
      items.push({
        ruleId: rule.id,
        date,
        kind: rule.kind,
        amountCents,
        categoryId: rule.categoryId,
        merchant: rule.merchant,
        memberShareCents: share ? share.amountCents : null,
      });
    }
  }
  return items.sort((a, b) => a.date.localeCompare(b.date) || a.ruleId.localeCompare(b.ruleId));
}

/**
 * "This and all following": the occurrence's series is split at its date. The old rule ends
 * the day before (or goes away when the occurrence was its first); a new rule with the new
 * fields starts on that date (keeping the day of the month the series was set on: split on 30
 * September, a series set on the 31st goes on on 31 October) and takes over the occurrences
 * already made from then on (deleted ones too, so they stay deleted), which get the new fields.
 * Made occurrences that do not fall on the new schedule (after a change of frequency) are
 * deleted; dates of the new schedule not made yet are made at once.
 */
export async function editFollowing(
  db: Db,
  viewer: Viewer,
  transactionId: string,
  input: EditFollowingInput & EntryValues,
  today: IsoDate,
): Promise<RecurringRule> {
  if (!isUuid(transactionId)) throw notFound();
  const made = await db.transaction(async (tx) => {
    const [occurrence] = await tx
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.id, transactionId),
          eq(transactions.householdId, viewer.householdId),
          isNull(transactions.deletedAt),
        ),
      )
      .limit(1);
    if (!occurrence?.recurringRuleId || !occurrence.recurringDate) throw notFound();
    const old = await ruleOf(tx, viewer, occurrence.recurringRuleId);
    const splitDate = occurrence.recurringDate;
    const endDate = input.endDate !== undefined ? input.endDate : old.endDate;
    if (endDate && endDate < splitDate) throw fieldError(viewer, "endDate", "endBeforeStart");
    // The series may keep an archived category and members no longer active that it already had.
    const oldShares = await sharesOf(tx, [old.id]);
    await checkReferences(tx, viewer, input, {
      categoryId: old.categoryId,
      memberIds: [
        ...(oldShares.get(old.id) ?? []).map((share) => share.memberId),
        ...[old.paidByMemberId, old.receivedByMemberId].filter((id): id is string => id !== null),
      ],
    });

    // A loan's booked payment stays the loan's: its amounts keep following the schedule, so
    // they cannot be split by fixed amounts.
    if (old.loanId && input.splitMode === "amount") {
      throw fieldError(viewer, "splitMode", "loanSplitByPercent");
    }
    const frequency = input.frequency ?? old.frequency;
    const rule = await insertRule(tx, viewer.householdId, input, {
      frequency,
      startDate: splitDate,
      // The series keeps the day it was set on (the 31st, also when split on 30 September).
      dayOfMonth: continuedDayOfMonth(old, splitDate, frequency),
      endDate,
      loanId: old.loanId,
      policyId: old.policyId,
    });
    const { columns, shares } = entryColumns(input);
    await takeOverFollowing(tx, viewer.householdId, old, rule, splitDate, columns, shares);
    // The edited occurrence itself may also move to another day.
    await tx
      .update(transactions)
      .set({ occurredOn: input.occurredOn, updatedAt: new Date() })
      .where(and(eq(transactions.id, occurrence.id), eq(transactions.recurringRuleId, rule.id)));
    const step = await firstStep(tx, rule, today);
    const [fresh] = await tx.select().from(recurringRules).where(eq(recurringRules.id, rule.id));
    const plan = await loanPlanOf(tx, rule);
    return { ...step, answer: toRule(fresh ?? rule, shares, today, plan) };
  });
  await catchUp(db, made, today);
  return made.answer;
}

/**
 * The heart of "this and all following": `rule` (new, starting on `splitDate`) takes over the
 * occurrences `old` made from `splitDate` on (deleted ones too, so they stay deleted), which get
 * its columns and shares; those off its schedule are deleted (soft). `old` ends the day before
 * `splitDate`, or goes away when `splitDate` was its first day.
 */
async function takeOverFollowing(
  tx: Queryable,
  householdId: string,
  old: RuleRow,
  rule: RuleRow,
  splitDate: IsoDate,
  columns: ReturnType<typeof entryColumns>["columns"],
  shares: Share[],
) {
  const following = await tx
    .select({
      id: transactions.id,
      date: transactions.recurringDate,
      amountCents: transactions.amountCents,
    })
    .from(transactions)
    .where(
      and(eq(transactions.recurringRuleId, old.id), gte(transactions.recurringDate, splitDate)),
    );
  const onSchedule = new Set(
    occurrencesBetween(rule, splitDate, old.materializedThrough ?? splitDate, 100_000),
  );
  const keep = following.filter((row) => row.date && onSchedule.has(row.date));
  const drop = following.filter((row) => !(row.date && onSchedule.has(row.date)));
  const now = new Date();
  if (keep.length > 0) {
    const ids = keep.map((row) => row.id);
    // A loan's payments made so far keep their own amounts (each month's payment), and their
    // shares are those amounts split the new way.
    const { amountCents: _amount, ...otherColumns } = columns;
    await tx
      .update(transactions)
      .set({
        ...(rule.loanId ? otherColumns : columns),
        recurringRuleId: rule.id,
        updatedAt: now,
      })
      .where(inArray(transactions.id, ids));
    await tx.delete(transactionShares).where(inArray(transactionShares.transactionId, ids));
    await tx.insert(transactionShares).values(
      keep.flatMap((row) =>
        (rule.loanId ? sharesFor(rule, shares, row.amountCents) : shares).map((share) => ({
          transactionId: row.id,
          householdId,
          memberId: share.memberId,
          amountCents: share.amountCents,
          percentBp: share.percentBp,
        })),
      ),
    );
  }
  if (drop.length > 0) {
    // Off the new schedule: deleted (soft, like a person's delete) and left on the old rule.
    await tx
      .update(transactions)
      .set({ deletedAt: now, updatedAt: now })
      .where(
        and(
          inArray(
            transactions.id,
            drop.map((row) => row.id),
          ),
          isNull(transactions.deletedAt),
        ),
      );
  }
  if (splitDate <= old.startDate) {
    await tx.delete(recurringRules).where(eq(recurringRules.id, old.id));
  } else {
    const before = addDays(splitDate, -1);
    await tx
      .update(recurringRules)
      .set({
        endDate: before,
        materializedThrough:
          old.materializedThrough && old.materializedThrough > before
            ? before
            : old.materializedThrough,
        updatedAt: now,
      })
      .where(eq(recurringRules.id, old.id));
  }
}

/**
 * "This and all following" done by another area (an insurance policy's premium changed): the
 * rule is split on `splitDate`, one of its dates, and the new rule — the old one's fields with a
 * new amount, frequency and split — takes over the occurrences from then on with the new amount,
 * in the caller's transaction; what is due by today of it is made in one step. Nothing is made
 * twice: the occurrences taken over keep their dates, which the new rule's claim skips.
 */
export async function rewriteFollowing(
  tx: Queryable,
  old: RuleRow,
  splitDate: IsoDate,
  changes: Pick<RuleFields, "amountCents" | "splitMode" | "memberId" | "shares"> & {
    frequency: RuleRow["frequency"];
  },
  today: IsoDate,
): Promise<{ rule: RuleRow; more: boolean }> {
  const fields: RuleFields = {
    kind: old.kind,
    categoryId: old.categoryId,
    merchant: old.merchant,
    notes: old.notes,
    paidByMemberId: old.paidByMemberId,
    receivedByMemberId: old.receivedByMemberId,
    ...changes,
  };
  const rule = await insertRule(tx, old.householdId, fields, {
    frequency: changes.frequency,
    startDate: splitDate,
    dayOfMonth: continuedDayOfMonth(old, splitDate, changes.frequency),
    endDate: old.endDate,
    loanId: old.loanId,
    policyId: old.policyId,
  });
  const { columns, shares } = entryColumns(fields);
  await takeOverFollowing(tx, old.householdId, old, rule, splitDate, columns, shares);
  return firstStep(tx, rule, today);
}

/** Stops a series after `endDate` (default today; never later than an end it already had). */
export async function stopRule(
  db: Db,
  viewer: Viewer,
  id: string,
  endDate: IsoDate | undefined,
  today: IsoDate,
): Promise<RecurringRule> {
  return db.transaction(async (tx) => {
    const rule = await ruleOf(tx, viewer, id);
    const wanted = endDate ?? today;
    const end = rule.endDate && rule.endDate < wanted ? rule.endDate : wanted;
    const [stopped] = await tx
      .update(recurringRules)
      .set({ endDate: end, updatedAt: new Date() })
      .where(eq(recurringRules.id, rule.id))
      .returning();
    const shares = await sharesOf(tx, [rule.id]);
    const plan = await loanPlanOf(tx, rule);
    return toRule(stopped ?? rule, shares.get(rule.id) ?? [], today, plan);
  });
}
