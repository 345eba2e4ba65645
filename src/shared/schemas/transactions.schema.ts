import { z } from "zod";
import { isDateInRange, isIsoDate } from "../dates.ts";
import { entryKinds } from "./categories.schema.ts";

/**
 * Entries (income and expenses), settlements, the transactions list and settling up. Messages
 * are validation keys (src/shared/validation.ts); the same schema checks the form on the client
 * and the request on the server.
 */
export const transactionKinds = ["income", "expense", "settlement"] as const;
export type TransactionKind = (typeof transactionKinds)[number];
export const splitModes = ["personal", "percent", "amount"] as const;
export type SplitMode = (typeof splitModes)[number];

/** The largest amount Hearth takes: € 1,000,000,000.00 (safe far below 2^53 cents). */
export const maxAmountCents = 100_000_000_000;

export const amountCentsSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? "amountRequired" : "amountInvalid",
  })
  .int({ error: "amountInvalid" })
  .positive({ error: "amountPositive" })
  .max(maxAmountCents, { error: "amountInvalid" });

export const isoDateSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? "dateRequired" : "dateInvalid",
  })
  .refine(isIsoDate, { error: "dateInvalid", abort: true })
  .refine(isDateInRange, { error: "dateOutOfRange" });

/** Optional text of at most `max` characters; blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string({ error: "invalid" })
    .trim()
    .max(max, { error: "textTooLong" })
    .nullish()
    .transform((value) => (value ? value : null));

const memberIdSchema = z.string({ error: "selectMember" }).min(1, { error: "selectMember" });

export const shareInputSchema = z.object({
  memberId: memberIdSchema,
  /** With split mode `amount`: this member's part in cents. */
  amountCents: z
    .number({ error: "amountInvalid" })
    .int({ error: "amountInvalid" })
    .min(0, { error: "amountInvalid" })
    .optional(),
  /** With split mode `percent`: basis points (2550 = 25.5 %). */
  percentBp: z
    .number({ error: "invalid" })
    .int({ error: "invalid" })
    .min(0, { error: "invalid" })
    .max(10_000, { error: "invalid" })
    .optional(),
});
export type ShareInput = z.infer<typeof shareInputSchema>;

/** The fields of an income or expense entry (also the template of a recurring rule). */
export const entryFieldsSchema = z.object({
  kind: z.enum(entryKinds, { error: "invalid" }),
  amountCents: amountCentsSchema,
  occurredOn: isoDateSchema,
  categoryId: z.string({ error: "categoryRequired" }).min(1, { error: "categoryRequired" }),
  merchant: optionalText(200),
  notes: optionalText(2000),
  splitMode: z.enum(splitModes, { error: "invalid" }).default("personal"),
  /** Personal entries: whose it is. */
  memberId: z.string({ error: "selectMember" }).nullish(),
  /** Expenses: who paid. */
  paidByMemberId: z.string({ error: "selectPaidBy" }).nullish(),
  /** Income: who received it. */
  receivedByMemberId: z.string({ error: "selectReceivedBy" }).nullish(),
  /** Split entries: two or more members, by percentages or by amounts. */
  shares: z.array(shareInputSchema, { error: "invalid" }).max(50, { error: "invalid" }).default([]),
});

type EntryFields = z.infer<typeof entryFieldsSchema>;

/** The rules between the fields, with the specification's messages. */
export function checkEntryRules(value: EntryFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  if (value.kind === "expense" && !value.paidByMemberId) issue("paidByMemberId", "selectPaidBy");
  if (value.kind === "income" && !value.receivedByMemberId)
    issue("receivedByMemberId", "selectReceivedBy");
  if (value.splitMode === "personal") {
    if (!value.memberId) issue("memberId", "selectMember");
    return;
  }
  const ids = value.shares.map((share) => share.memberId);
  if (new Set(ids).size < 2) {
    issue("shares", new Set(ids).size === ids.length ? "splitNeedsTwo" : "splitMemberTwice");
    return;
  }
  if (new Set(ids).size !== ids.length) {
    issue("shares", "splitMemberTwice");
    return;
  }
  if (value.splitMode === "amount") {
    const sum = value.shares.reduce((total, share) => total + (share.amountCents ?? 0), 0);
    if (
      value.shares.some((share) => share.amountCents === undefined) ||
      sum !== value.amountCents
    ) {
      issue("shares", "splitAmountsMustEqualTotal");
    }
  } else {
    const sum = value.shares.reduce((total, share) => total + (share.percentBp ?? 0), 0);
    if (value.shares.some((share) => share.percentBp === undefined) || sum !== 10_000) {
      issue("shares", "splitPercentsMustTotal100");
    }
  }
}

export const entryInputSchema = entryFieldsSchema.superRefine(checkEntryRules);
export type EntryInput = z.input<typeof entryInputSchema>;
export type EntryValues = z.output<typeof entryInputSchema>;

/** A repayment between two members that brings their balances towards zero. */
export const settlementInputSchema = z
  .object({
    fromMemberId: z.string({ error: "selectPaidBy" }).min(1, { error: "selectPaidBy" }),
    toMemberId: z.string({ error: "selectReceivedBy" }).min(1, { error: "selectReceivedBy" }),
    amountCents: amountCentsSchema,
    occurredOn: isoDateSchema,
    notes: optionalText(2000),
  })
  .refine((value) => value.fromMemberId !== value.toMemberId, {
    path: ["toMemberId"],
    error: "settleSameMember",
  });
export type SettlementInput = z.input<typeof settlementInputSchema>;

/** A settlement's change: who paid whom stays; the amount, the day and the notes can change. */
export const settlementChangeSchema = z.object({
  amountCents: amountCentsSchema,
  occurredOn: isoDateSchema,
  notes: optionalText(2000),
});
export type SettlementChange = z.input<typeof settlementChangeSchema>;

/** Undo of a delete: the ids of entries deleted moments ago. */
export const transactionIdsSchema = z.object({
  ids: z
    .array(z.uuid({ error: "invalid" }), { error: "invalid" })
    .min(1, { error: "invalid" })
    .max(1000, { error: "invalid" }),
});

export const shareSchema = z.object({
  memberId: z.string(),
  amountCents: z.number().int(),
  percentBp: z.number().int().nullable(),
});

export const transactionSchema = z.object({
  id: z.string(),
  kind: z.enum(transactionKinds),
  amountCents: z.number().int(),
  currency: z.string(),
  occurredOn: z.string(),
  categoryId: z.string().nullable(),
  merchant: z.string().nullable(),
  notes: z.string().nullable(),
  splitMode: z.enum(splitModes),
  paidByMemberId: z.string().nullable(),
  receivedByMemberId: z.string().nullable(),
  shares: z.array(shareSchema),
  recurringRuleId: z.string().nullable(),
  recurringDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** The list's sort orders; each has a keyset index. */
export const listSorts = ["date-desc", "date-asc", "amount-desc", "amount-asc"] as const;
export type ListSort = (typeof listSorts)[number];

/**
 * The transactions list's filter, as it stands in the page's URL and the API's query string.
 * `member`: entries in which that member has a share (their share is then what counts).
 */
export const transactionFilterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  kind: z.enum(transactionKinds).optional(),
  /** One category id, or several separated by commas. */
  category: z.string().max(2000).optional(),
  member: z.string().max(100).optional(),
  /** Amount range in cents, inclusive. */
  min: z.coerce.number().int().min(0).optional(),
  max: z.coerce.number().int().min(0).optional(),
});
export type TransactionFilter = z.infer<typeof transactionFilterSchema>;

export const transactionListQuerySchema = transactionFilterSchema.extend({
  sort: z.enum(listSorts).default("date-desc"),
  /** The opaque cursor of the previous page's last row. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;

export const transactionListItemSchema = transactionSchema.extend({
  /** With a member filter: that member's share of the entry, else null. */
  memberShareCents: z.number().int().nullable(),
});

export const transactionPageSchema = z.object({
  items: z.array(transactionListItemSchema),
  nextCursor: z.string().nullable(),
});

/** What the list's filter adds up to (with a member filter: that member's shares). */
export const transactionSummarySchema = z.object({
  count: z.number().int(),
  incomeCents: z.number().int(),
  expenseCents: z.number().int(),
});

export const settleUpSchema = z.object({
  /** Positive: the others owe this member; negative: this member owes. Sums to zero. */
  balances: z.array(z.object({ memberId: z.string(), balanceCents: z.number().int() })),
  /** The fewest payments that bring every balance to zero. */
  payments: z.array(
    z.object({ fromMemberId: z.string(), toMemberId: z.string(), amountCents: z.number().int() }),
  ),
});
export type SettleUp = z.infer<typeof settleUpSchema>;

/** Quick entry (administrators): an expense or income of the person, paid by them, today. */
export const quickEntryInputSchema = z.object({
  amountCents: amountCentsSchema,
  categoryId: z.string({ error: "categoryRequired" }).min(1, { error: "categoryRequired" }),
  occurredOn: isoDateSchema,
  merchant: optionalText(200),
});
export type QuickEntryInput = z.input<typeof quickEntryInputSchema>;

/**
 * The merchant field's suggestions (`GET /api/transactions/merchants`): the household's merchants
 * (sources, for income) that contain `q`, those that start with it first, then the most used and
 * the most recent; each with the category last used with it.
 */
export const merchantQuerySchema = z.object({
  q: z.string().trim().max(200).default(""),
  kind: z.enum(entryKinds).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export type MerchantQuery = z.output<typeof merchantQuerySchema>;

export const merchantSuggestionSchema = z.object({
  /** As it was written the last time. */
  merchant: z.string(),
  /** The category of the latest entry with this merchant that has one, or null. */
  categoryId: z.string().nullable(),
  /** How many entries carry it (of the household's latest 10,000). */
  uses: z.number().int(),
  lastOn: z.string(),
});
export type MerchantSuggestion = z.infer<typeof merchantSuggestionSchema>;

export const merchantSuggestionsSchema = z.object({ items: z.array(merchantSuggestionSchema) });
