import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { yieldToOthers } from "#server/lib/cooperative.ts";
import type { Db, Queryable } from "#server/db/client.ts";
import {
  recurringRules,
  recurringRuleShares,
  transactions,
  transactionShares,
} from "#server/db/schema/money.ts";
import { loanPlanOf, type LoanPlan } from "#server/features/loans/loan-booking.ts";
import type { IsoDate } from "#shared/dates.ts";
import { addDays } from "#shared/dates.ts";
import type { Cents } from "#shared/money.ts";
import { occurrencesBetween } from "#shared/recurrence.ts";
import { computeShares, type Share } from "#shared/shares.ts";

export type RuleRow = typeof recurringRules.$inferSelect;

/**
 * How many occurrences one database transaction makes at most: one insert of entries and one of
 * their shares, a few milliseconds. A rule with more due occurrences is made in several such
 * steps, and the event loop is handed back between them (decision 015).
 */
export const batchSize = 500;

/** The last date a rule's occurrences are due on, given today: today or the end date. */
export function dueThrough(rule: Pick<RuleRow, "endDate">, today: IsoDate): IsoDate {
  return rule.endDate && rule.endDate < today ? rule.endDate : today;
}

/** What one step made: how many entries, through which date, and whether more are due. */
export type Step = { created: number; through: IsoDate | null; more: boolean };

/** What a rule's occurrence on a date is worth: its fixed amount, or a loan's month's payment. */
export type OccurrenceAmount = (date: IsoDate) => Cents;

/**
 * How much each occurrence of a rule is: the rule's amount, or for a loan's booked payment that
 * month's payment from the loan's schedule (0: none that month, so no entry). `plan` is the
 * loan's, when the caller has it already; a rule whose loan is gone makes nothing more.
 */
export function amountsOf(rule: RuleRow, plan: LoanPlan | null | undefined): OccurrenceAmount {
  if (rule.loanId === null) return () => rule.amountCents;
  return plan ? (date) => plan.amountOn(date) : () => 0;
}

/**
 * An occurrence's shares for its amount, from the rule's shares: the whole amount for a personal
 * rule, by percentages (largest remainder) for a split by percentages, the stored amounts for a
 * split by amounts (whose amount never changes: loans are never split by amounts).
 */
export function sharesFor(
  rule: Pick<RuleRow, "splitMode">,
  ruleShares: readonly Share[],
  amountCents: Cents,
): Share[] {
  return computeShares({
    amountCents,
    splitMode: rule.splitMode,
    memberId: rule.splitMode === "personal" ? (ruleShares[0]?.memberId ?? null) : null,
    shares: ruleShares.map((share) => ({
      memberId: share.memberId,
      amountCents: share.amountCents,
      percentBp: share.percentBp ?? undefined,
    })),
  });
}

/**
 * Makes the next due occurrences of one rule, at most `limit` of them, inside the caller's
 * transaction. The rule is claimed by moving `materialized_through` from the value read
 * (`rule.materializedThrough`) to the date of the last occurrence it looked at in this step (or
 * to the due date when none is left after it) with an optimistic update: when another process
 * got there first, the update matches no row and nothing is made (on PostgreSQL the second update
 * waits for the first transaction's row lock, then sees the new value). So a rule is only ever
 * marked through what was really made. The unique (rule, date) key with ON CONFLICT DO NOTHING is
 * the last line of defence: an occurrence is never made twice, and one deleted (soft) is never
 * made again. `more` says whether occurrences after `through` are still due.
 *
 * A loan's booked payment (`loan_id`) takes each occurrence's amount from the loan's schedule as
 * it stands now (decision 021): a month without a payment makes no entry, and once the loan's
 * last payment is due the same claim ends the rule there (its month's last day).
 */
export async function materializeStep(
  tx: Queryable,
  rule: RuleRow,
  today: IsoDate,
  limit = batchSize,
): Promise<Step> {
  const plan = await loanPlanOf(tx, rule);
  const ruleDue = dueThrough(rule, today);
  // A loan repaid by the due date (or gone) ends the rule with its last payment's month.
  const loanEnd = rule.loanId === null ? null : (plan?.lastDay ?? rule.startDate);
  const endsOn = loanEnd !== null && loanEnd < ruleDue ? loanEnd : null;
  const due = endsOn ?? ruleDue;
  const marked = rule.materializedThrough;
  const nothing: Step = { created: 0, through: marked, more: false };
  if (endsOn === null && due < rule.startDate) return nothing;
  if (endsOn === null && marked !== null && marked >= due) return nothing;

  const from = marked ? addDays(marked, 1) : rule.startDate;
  // One more than the step makes tells whether anything is left after it.
  const found = from <= due ? occurrencesBetween(rule, from, due, limit + 1) : [];
  const dates = found.slice(0, limit);
  const more = found.length > limit;
  const through = more ? (dates[dates.length - 1] ?? due) : marked && marked > due ? marked : due;

  const claimed = await tx
    .update(recurringRules)
    .set({ materializedThrough: through, ...(endsOn ? { endDate: endsOn } : {}) })
    .where(
      and(
        eq(recurringRules.id, rule.id),
        marked === null
          ? isNull(recurringRules.materializedThrough)
          : eq(recurringRules.materializedThrough, marked),
      ),
    )
    .returning({ id: recurringRules.id });
  if (claimed.length === 0) return nothing;
  const amountOn = amountsOf(rule, plan);
  const occurrences = dates
    .map((date) => ({ date, amountCents: amountOn(date) }))
    .filter((occurrence) => occurrence.amountCents > 0);
  if (occurrences.length === 0) return { created: 0, through, more };

  const ruleShares = await tx
    .select()
    .from(recurringRuleShares)
    .where(eq(recurringRuleShares.ruleId, rule.id));

  const made = await tx
    .insert(transactions)
    .values(
      occurrences.map(({ date, amountCents }) => ({
        householdId: rule.householdId,
        kind: rule.kind,
        amountCents,
        currency: rule.currency,
        occurredOn: date,
        categoryId: rule.categoryId,
        merchant: rule.merchant,
        notes: rule.notes,
        splitMode: rule.splitMode,
        paidByMemberId: rule.paidByMemberId,
        receivedByMemberId: rule.receivedByMemberId,
        recurringRuleId: rule.id,
        recurringDate: date,
      })),
    )
    .onConflictDoNothing({
      target: [transactions.recurringRuleId, transactions.recurringDate],
      // The unique index is partial (rule-made entries only): the conflict names its predicate.
      where: sql.raw(`"recurring_rule_id" is not null`),
    })
    .returning({ id: transactions.id, amountCents: transactions.amountCents });
  // One computation per distinct amount: a fixed rule has one, a loan's a few a year.
  const byAmount = new Map<Cents, Share[]>();
  const shareRows = made.flatMap((row) => {
    const shares = byAmount.get(row.amountCents) ?? sharesFor(rule, ruleShares, row.amountCents);
    byAmount.set(row.amountCents, shares);
    return shares.map((share) => ({
      transactionId: row.id,
      householdId: rule.householdId,
      memberId: share.memberId,
      amountCents: share.amountCents,
      percentBp: share.percentBp,
    }));
  });
  if (shareRows.length > 0) await tx.insert(transactionShares).values(shareRows);
  return { created: made.length, through, more };
}

/**
 * Makes every due occurrence of one rule, step after step (`materializeStep`), each step in its
 * own short transaction and the event loop handed back between steps. Starts from `rule` as read;
 * stops when nothing more is due or another process claimed the rule. Returns how many entries
 * were made.
 */
export async function catchUpRule(db: Db, rule: RuleRow, today: IsoDate): Promise<number> {
  let current = rule;
  let created = 0;
  for (;;) {
    const step = await db.transaction((tx) => materializeStep(tx, current, today));
    created += step.created;
    if (!step.more || step.through === current.materializedThrough) return created;
    current = { ...current, materializedThrough: step.through };
    await yieldToOthers();
  }
}

export type MaterializeResult = {
  created: number;
  rules: number;
  failed: { ruleId: string; error: unknown }[];
};

/**
 * Makes every occurrence due by `today` (the server's calendar date) of every rule, or of one
 * household's rules, or of one rule: each from the day after `materialized_through` (or the
 * start) up to today or the end date, exactly once, in steps of at most `batchSize` occurrences
 * that each have their own short transaction (`catchUpRule`).
 * Safe to run concurrently and on several instances. A rule that fails is reported in `failed`
 * and the others go on.
 */
export async function materializeDue(
  db: Db,
  today: IsoDate,
  options: { householdId?: string; ruleId?: string } = {},
): Promise<MaterializeResult> {
  const due = await db
    .select()
    .from(recurringRules)
    .where(
      and(
        lte(recurringRules.startDate, today),
        or(
          isNull(recurringRules.materializedThrough),
          lt(
            recurringRules.materializedThrough,
            sql`least(${today}::date, coalesce(${recurringRules.endDate}, ${today}::date))`,
          ),
        ),
        options.householdId ? eq(recurringRules.householdId, options.householdId) : undefined,
        options.ruleId ? eq(recurringRules.id, options.ruleId) : undefined,
      ),
    );
  const result: MaterializeResult = { created: 0, rules: 0, failed: [] };
  for (const rule of due) {
    try {
      const created = await catchUpRule(db, rule, today);
      result.created += created;
      if (created > 0) result.rules += 1;
    } catch (error) {
      result.failed.push({ ruleId: rule.id, error });
    }
  }
  return result;
}
