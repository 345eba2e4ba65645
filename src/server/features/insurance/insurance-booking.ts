import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Queryable } from "#server/db/client.ts";
import { insurancePolicies } from "#server/db/schema/insurance.ts";
import { recurringRules, transactions } from "#server/db/schema/money.ts";
import {
  createRule,
  rewriteFollowing,
  sharesOf,
  toRule,
} from "#server/features/recurring/recurring.service.ts";
import { materializeDue, type RuleRow } from "#server/features/recurring/materialize.ts";
import { endLinkedRules } from "#server/features/recurring/linked-rules.ts";
import { fieldError } from "#server/features/transactions/entry-references.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { addDays, type IsoDate } from "#shared/dates.ts";
import { occurrencesBetween } from "#shared/recurrence.ts";
import { nextPremiumOn as nextPremium, premiumRecurrence } from "#shared/insurance-math.ts";
import type { policyBookingInputSchema } from "#shared/schemas/insurance.schema.ts";
import type { RecurringRule } from "#shared/schemas/recurring.schema.ts";

/**
 * Booking a policy's premium as a recurring expense (decision 024), modelled on a loan's booked
 * payment (decision 021): a recurring rule with `policy_id`, the premium at the policy's
 * frequency, split between the people it covers by their parts of a payment (the policy's
 * shares, or evenly), made exactly once by the recurring claim like any rule. A change of
 * premium, frequency or parts rewrites the series from its date ("this and all following");
 * cancelling ends it on the last day covered; deleting ends it today and lets go of the policy.
 */

type PolicyRow = typeof insurancePolicies.$inferSelect;
/** A person's part of one payment of the premium. */
export type PaymentPart = { memberId: string; premiumCents: number };

/** The recurring frequency of a premium's (shared with the page, which shows the next premium). */
export const ruleFrequencyOf = premiumRecurrence;

/**
 * How a premium is split on its entries: one person's entry, or split by amounts into the
 * people's parts of a payment (so the entries agree with the policy's parts to the cent).
 */
export function splitOf(parts: readonly PaymentPart[]) {
  const [only] = parts;
  if (parts.length === 1 && only) {
    return { splitMode: "personal" as const, memberId: only.memberId, shares: [] };
  }
  return {
    splitMode: "amount" as const,
    memberId: null,
    shares: parts.map((part) => ({ memberId: part.memberId, amountCents: part.premiumCents })),
  };
}

/** One change at a time per policy: a booking, an edit, a cancellation, a deletion. */
export async function lockPolicy(tx: Queryable, policyId: string) {
  await tx.execute(sql`select id from ${insurancePolicies} where id = ${policyId} for update`);
}

const linkedTo = (householdId: string, policyId: string) =>
  and(eq(recurringRules.householdId, householdId), eq(recurringRules.policyId, policyId));

/**
 * The rules that book the household's policies' premiums, as the recurring area shows them, by
 * policy: the latest of each (a premium changed is two rules, the later one books from now on).
 */
export async function bookingsOf(
  tx: Queryable,
  householdId: string,
  today: IsoDate,
): Promise<Map<string, RecurringRule>> {
  const rows = await tx
    .select()
    .from(recurringRules)
    .where(and(eq(recurringRules.householdId, householdId), isNotNull(recurringRules.policyId)))
    .orderBy(desc(recurringRules.startDate), asc(recurringRules.id));
  const latest = new Map<string, RuleRow>();
  for (const row of rows) {
    if (row.policyId && !latest.has(row.policyId)) latest.set(row.policyId, row);
  }
  const shares = await sharesOf(
    tx,
    [...latest.values()].map((row) => row.id),
  );
  return new Map(
    [...latest].map(([policyId, row]) => [policyId, toRule(row, shares.get(row.id) ?? [], today)]),
  );
}

/** The next premium on or after `day` of the series from the policy's start (null: none). */
export function nextPremiumOn(policy: PolicyRow, day: IsoDate): IsoDate | null {
  return nextPremium(
    { frequency: policy.premiumFrequency, startDate: policy.startDate, endsOn: policy.endsOn },
    day,
  );
}

/**
 * Books a policy's premium: a rule linked to the policy from `startDate` (on or after its start,
 * by its last day of cover; default the next premium on or after today), ending with a
 * cancelled policy's cover. Entries due by today are made at once, like any new rule's. A policy
 * is booked once (409 while a linked rule exists).
 */
export async function bookPremium(
  db: Db,
  viewer: Viewer,
  policy: PolicyRow,
  parts: readonly PaymentPart[],
  input: z.output<typeof policyBookingInputSchema>,
  day: IsoDate,
): Promise<RecurringRule> {
  const start = input.startDate ?? nextPremiumOn(policy, day);
  if (
    start === null ||
    start < policy.startDate ||
    (policy.endsOn !== null && start > policy.endsOn)
  ) {
    throw fieldError(viewer, "startDate", "bookingOutsidePolicy");
  }
  const split = splitOf(parts);
  return createRule(
    db,
    viewer,
    {
      kind: "expense",
      amountCents: policy.premiumCents,
      occurredOn: start,
      categoryId: input.categoryId,
      merchant: input.merchant ?? policy.insurer,
      notes: input.notes,
      ...split,
      paidByMemberId: input.paidByMemberId ?? parts[0]?.memberId ?? null,
      receivedByMemberId: null,
      frequency: ruleFrequencyOf[policy.premiumFrequency],
      endDate: policy.endsOn,
    },
    day,
    {
      policyId: policy.id,
      before: async (tx) => {
        await lockPolicy(tx, policy.id);
        const [booked] = await tx
          .select({ id: recurringRules.id })
          .from(recurringRules)
          .where(linkedTo(viewer.householdId, policy.id))
          .limit(1);
        if (booked) {
          throw new AppError(
            "CONFLICT",
            viewer.language === "nl"
              ? "De premie van deze polis is al geboekt: stop die boeking eerst."
              : "This policy's premium is booked already: stop that booking first.",
          );
        }
      },
    },
  );
}

/**
 * After a change of the policy (in its transaction, the policy locked): when the premium, its
 * frequency or the parts changed, the latest booked rule is split on its first date on or after
 * `changesOn` (never before its own start) and the new rule books the new premium from there,
 * the entries made from then on rewritten once. Returns the new rule when more is due than one
 * step makes, for the caller to catch up after committing.
 */
export async function rewriteBooking(
  tx: Queryable,
  householdId: string,
  policy: PolicyRow,
  parts: readonly PaymentPart[],
  changesOn: IsoDate,
  day: IsoDate,
): Promise<RuleRow | null> {
  const [latest] = await tx
    .select()
    .from(recurringRules)
    .where(linkedTo(householdId, policy.id))
    .orderBy(desc(recurringRules.startDate))
    .limit(1)
    .for("update");
  if (!latest) return null;
  const split = splitOf(parts);
  const frequency = ruleFrequencyOf[policy.premiumFrequency];
  const shares = await sharesOf(tx, [latest.id]);
  const sameShares = (() => {
    const had = shares.get(latest.id) ?? [];
    const wanted =
      split.splitMode === "personal"
        ? [{ memberId: split.memberId, amountCents: policy.premiumCents }]
        : split.shares;
    return (
      had.length === wanted.length &&
      wanted.every((share) =>
        had.some((one) => one.memberId === share.memberId && one.amountCents === share.amountCents),
      )
    );
  })();
  if (
    latest.amountCents === policy.premiumCents &&
    latest.frequency === frequency &&
    latest.splitMode === split.splitMode &&
    sameShares
  ) {
    return null;
  }
  const from = changesOn > latest.startDate ? changesOn : latest.startDate;
  const [splitDate] = occurrencesBetween(latest, from, addDays(from, 400), 1);
  if (!splitDate) return null;
  const made = await rewriteFollowing(
    tx,
    latest,
    splitDate,
    { amountCents: policy.premiumCents, frequency, ...split },
    day,
  );
  return made.more ? made.rule : null;
}

/** Catches up a rewritten rule after its transaction committed (decision 015). */
export async function catchUpRewritten(db: Db, rule: RuleRow | null, day: IsoDate) {
  if (rule) await materializeDue(db, day, { householdId: rule.householdId, ruleId: rule.id });
}

/**
 * Cancelling (in its transaction, the policy locked): every rule booking the policy ends on the
 * last day covered; entries already made after it are deleted (soft) and not made again.
 */
export async function endBookingOn(
  tx: Queryable,
  householdId: string,
  policyId: string,
  endsOn: IsoDate,
) {
  const rules = await tx
    .select()
    .from(recurringRules)
    .where(linkedTo(householdId, policyId))
    .orderBy(desc(recurringRules.startDate))
    .for("update");
  const now = new Date();
  for (const [index, rule] of rules.entries()) {
    // The latest rule ends with the cover (later, too, when the end date moves on); a rule a
    // change of premium ended before keeps its end.
    const end = index > 0 && rule.endDate !== null && rule.endDate < endsOn ? rule.endDate : endsOn;
    await tx
      .update(recurringRules)
      .set({ endDate: end, updatedAt: now })
      .where(eq(recurringRules.id, rule.id));
  }
  if (rules.length === 0) return;
  await tx
    .update(transactions)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      and(
        inArray(
          transactions.recurringRuleId,
          rules.map((rule) => rule.id),
        ),
        gt(transactions.recurringDate, endsOn),
        isNull(transactions.deletedAt),
      ),
    );
}

/**
 * Ends the bookings of a policy and keeps what they booked: the entries due up to today are made
 * first, then each rule ends today (or its own earlier end) and lets go of the policy; a rule
 * that booked nothing yet is removed. In `then`'s transaction, after. Returns how many rules
 * there were.
 */
export function endBookings(
  db: Db,
  householdId: string,
  policyId: string,
  day: IsoDate,
  then?: (tx: Queryable) => Promise<void>,
): Promise<number> {
  return endLinkedRules(
    db,
    { householdId, column: "policyId", id: policyId },
    day,
    (tx) => lockPolicy(tx, policyId),
    then,
  );
}
