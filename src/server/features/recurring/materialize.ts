import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Queryable } from "#server/db/client.ts";
import {
  recurringRules,
  recurringRuleShares,
  transactions,
  transactionShares,
} from "#server/db/schema/money.ts";
import type { IsoDate } from "#shared/dates.ts";
import { addDays } from "#shared/dates.ts";
import { occurrencesBetween } from "#shared/recurrence.ts";
import { computeShares } from "#shared/shares.ts";

export type RuleRow = typeof recurringRules.$inferSelect;

/** How many occurrences go into one insert statement. */
const batchSize = 500;

/** The last date a rule's occurrences are due on, given today: today or the end date. */
export function dueThrough(rule: Pick<RuleRow, "endDate">, today: IsoDate): IsoDate {
  return rule.endDate && rule.endDate < today ? rule.endDate : today;
}

/**
 * Makes the due occurrences of one rule, inside the caller's transaction. The rule is claimed
 * by moving `materialized_through` from the value read (`rule.materializedThrough`) to the new
 * one with an optimistic update: when another process got there first, the update matches no
 * row and nothing is made (on PostgreSQL the second update waits for the first transaction's
 * row lock, then sees the new value). The unique (rule, date) key with ON CONFLICT DO NOTHING
 * is the last line of defence: an occurrence is never made twice, and one deleted (soft) is
 * never made again. Returns how many entries were made.
 */
export async function materializeRule(tx: Queryable, rule: RuleRow, today: IsoDate) {
  const through = dueThrough(rule, today);
  if (through < rule.startDate) return 0;
  if (rule.materializedThrough !== null && rule.materializedThrough >= through) return 0;

  const claimed = await tx
    .update(recurringRules)
    .set({ materializedThrough: through })
    .where(
      and(
        eq(recurringRules.id, rule.id),
        rule.materializedThrough === null
          ? isNull(recurringRules.materializedThrough)
          : eq(recurringRules.materializedThrough, rule.materializedThrough),
      ),
    )
    .returning({ id: recurringRules.id });
  if (claimed.length === 0) return 0;

  const from = rule.materializedThrough ? addDays(rule.materializedThrough, 1) : rule.startDate;
  const dates = occurrencesBetween(rule, from, through, 100_000);
  if (dates.length === 0) return 0;

  const ruleShares = await tx
    .select()
    .from(recurringRuleShares)
    .where(eq(recurringRuleShares.ruleId, rule.id));
  const shares = computeShares({
    amountCents: rule.amountCents,
    splitMode: rule.splitMode,
    memberId: rule.splitMode === "personal" ? (ruleShares[0]?.memberId ?? null) : null,
    shares: ruleShares.map((share) => ({
      memberId: share.memberId,
      amountCents: share.amountCents,
      percentBp: share.percentBp ?? undefined,
    })),
  });

  let created = 0;
  for (let start = 0; start < dates.length; start += batchSize) {
    const made = await tx
      .insert(transactions)
      .values(
        dates.slice(start, start + batchSize).map((date) => ({
          householdId: rule.householdId,
          kind: rule.kind,
          amountCents: rule.amountCents,
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
      .onConflictDoNothing({ target: [transactions.recurringRuleId, transactions.recurringDate] })
      .returning({ id: transactions.id });
    created += made.length;
    const shareRows = made.flatMap((row) =>
      shares.map((share) => ({
        transactionId: row.id,
        householdId: rule.householdId,
        memberId: share.memberId,
        amountCents: share.amountCents,
        percentBp: share.percentBp,
      })),
    );
    if (shareRows.length > 0) await tx.insert(transactionShares).values(shareRows);
  }
  return created;
}

export type MaterializeResult = {
  created: number;
  rules: number;
  failed: { ruleId: string; error: unknown }[];
};

/**
 * Makes every occurrence due by `today` (the server's calendar date) of every rule, or of one
 * household's rules, or of one rule: each from the day after `materialized_through` (or the
 * start) up to today or the end date, exactly once, each rule in its own short transaction.
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
      const created = await db.transaction((tx) => materializeRule(tx, rule, today));
      result.created += created;
      if (created > 0) result.rules += 1;
    } catch (error) {
      result.failed.push({ ruleId: rule.id, error });
    }
  }
  return result;
}
