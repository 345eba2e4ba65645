import { z } from "zod";
import {
  entryFieldsSchema,
  checkEntryRules,
  isoDateSchema,
  splitModes,
  shareSchema,
} from "./transactions.schema.ts";
import { entryKinds } from "./categories.schema.ts";
import { frequencies } from "../recurrence.ts";

/**
 * Recurring entries: a rule is an entry's fields plus how often it comes and, optionally, when
 * it ends. `occurredOn` of the fields is the first occurrence (the start date).
 */
export const recurrenceSchema = z.object({
  frequency: z.enum(frequencies, { error: "invalid" }),
  endDate: isoDateSchema.nullish().transform((value) => value ?? null),
});

export const recurringRuleInputSchema = entryFieldsSchema
  .extend(recurrenceSchema.shape)
  .superRefine((value, ctx) => {
    checkEntryRules(value, ctx);
    if (value.endDate && value.endDate < value.occurredOn) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "endBeforeStart" });
    }
  });
export type RecurringRuleInput = z.input<typeof recurringRuleInputSchema>;

/**
 * Editing an occurrence of a series "this and all following": the series is split at the
 * occurrence's date (the old rule ends the day before; a new rule with these fields starts
 * there and takes over the occurrences already made from then on, which get the new fields).
 * "Only this one" is an ordinary edit of the entry (PATCH /transactions/{id}).
 */
export const editFollowingSchema = entryFieldsSchema
  .extend(recurrenceSchema.partial().shape)
  .superRefine(checkEntryRules);
export type EditFollowingInput = z.input<typeof editFollowingSchema>;

/** Stops a series: no occurrences after `endDate` (default today); past entries stay. */
export const stopRuleSchema = z.object({ endDate: isoDateSchema.optional() });

export const recurringRuleSchema = z.object({
  id: z.string(),
  kind: z.enum(entryKinds),
  amountCents: z.number().int(),
  currency: z.string(),
  categoryId: z.string(),
  merchant: z.string().nullable(),
  notes: z.string().nullable(),
  splitMode: z.enum(splitModes),
  paidByMemberId: z.string().nullable(),
  receivedByMemberId: z.string().nullable(),
  shares: z.array(shareSchema),
  frequency: z.enum(frequencies),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** The next date after today on which an entry will be made, or null when the series ended. */
  nextDate: z.string().nullable(),
  /**
   * A loan's booked payment: each entry's amount is that month's payment from the loan's
   * schedule (`amountCents` is the next one), and the series ends with the loan.
   */
  loanId: z.string().nullable(),
  /**
   * An insurance policy's booked premium: the policy's premium at its frequency; a change of the
   * premium rewrites the series from its date, cancelling the policy ends it (decision 024).
   */
  policyId: z.string().nullable().optional(),
});
export type RecurringRule = z.infer<typeof recurringRuleSchema>;

/** An occurrence still to come (not an entry yet). */
export const upcomingSchema = z.object({
  ruleId: z.string(),
  date: z.string(),
  kind: z.enum(entryKinds),
  amountCents: z.number().int(),
  categoryId: z.string(),
  merchant: z.string().nullable(),
  /** With a member scope: that member's share, else null. */
  memberShareCents: z.number().int().nullable(),
});
export type Upcoming = z.infer<typeof upcomingSchema>;
