import { z } from "zod";
import { amountCentsSchema, isoDateSchema, maxAmountCents } from "./transactions.schema.ts";

/**
 * Savings (Premium): accounts, their owners, rates, movements, statement balances and goals.
 * Messages are validation keys (src/shared/validation.ts); the same schema checks the form on
 * the client and the request on the server. Amounts are integer cents, rates basis points.
 */
export const savingsKinds = ["savings", "fixed-term", "other"] as const;
export type SavingsKind = (typeof savingsKinds)[number];
export const ownerKinds = ["member", "household", "shared"] as const;
export type OwnerKind = (typeof ownerKinds)[number];
/** What a person books by hand; corrections come from a statement's difference. */
export const movementInputKinds = ["deposit", "withdrawal", "interest"] as const;
export const movementKinds = ["deposit", "withdrawal", "interest", "correction"] as const;
export type MovementKind = (typeof movementKinds)[number];
export const goalKinds = ["custom", "emergency"] as const;
export type GoalKind = (typeof goalKinds)[number];

/** A name a person gives (an account, a goal, a portfolio, a loan): 1 to 60 characters. */
export const requiredName = z
  .string({ error: "nameRequired" })
  .trim()
  .min(1, { error: "nameRequired" })
  .max(60, { error: "nameTooLong" });

/** Optional text of at most `max` characters; empty is null. */
export const optionalText = (max: number) =>
  z
    .string({ error: "invalid" })
    .trim()
    .max(max, { error: "textTooLong" })
    .nullish()
    .transform((value) => (value ? value : null));

/** A yearly rate in basis points: 175 = 1.75 %, from -100 % to 100 %. */
export const rateBpSchema = z
  .number({ error: "rateInvalid" })
  .int({ error: "rateInvalid" })
  .min(-10_000, { error: "rateInvalid" })
  .max(10_000, { error: "rateInvalid" });

export const ownerShareSchema = z.object({
  memberId: z.string({ error: "selectMember" }).min(1, { error: "selectMember" }),
  percentBp: z
    .number({ error: "invalid" })
    .int({ error: "invalid" })
    .min(1, { error: "invalid" })
    .max(10_000, { error: "invalid" }),
});

/**
 * Who something belongs to (a savings account, a portfolio): one member (`memberId`), the
 * household, or members by percentages (`shares`, at least two, adding up to 100 %).
 */
export const ownerFieldsSchema = z.object({
  ownerKind: z.enum(ownerKinds, { error: "invalid" }).default("household"),
  memberId: z.string({ error: "selectMember" }).nullish(),
  shares: z.array(ownerShareSchema, { error: "invalid" }).max(20, { error: "invalid" }).default([]),
});

type OwnerFields = z.infer<typeof ownerFieldsSchema>;

/** The owner's rules, for a schema that holds the owner's fields. */
export function checkOwner(value: OwnerFields, ctx: z.RefinementCtx) {
  if (value.ownerKind === "member" && !value.memberId) {
    ctx.addIssue({ code: "custom", path: ["memberId"], message: "selectMember" });
  }
  if (value.ownerKind !== "shared") return;
  if (value.shares.length < 2) {
    ctx.addIssue({ code: "custom", path: ["shares"], message: "splitNeedsTwo" });
    return;
  }
  const ids = new Set(value.shares.map((share) => share.memberId));
  if (ids.size !== value.shares.length) {
    ctx.addIssue({ code: "custom", path: ["shares"], message: "splitMemberTwice" });
  }
  const total = value.shares.reduce((sum, share) => sum + share.percentBp, 0);
  if (total !== 10_000) {
    ctx.addIssue({ code: "custom", path: ["shares"], message: "splitPercentsMustTotal100" });
  }
}

const accountFields = z.object({
  name: requiredName,
  institution: optionalText(100),
  kind: z.enum(savingsKinds, { error: "invalid" }).default("savings"),
});

export const createAccountSchema = accountFields
  .extend(ownerFieldsSchema.shape)
  .extend({
    /** The yearly rate from the opening date on. */
    rateBp: rateBpSchema.default(0),
    /** What is in the account when Hearth starts following it (a first deposit), and since when. */
    openingBalanceCents: z
      .number({ error: "amountInvalid" })
      .int({ error: "amountInvalid" })
      .min(0, { error: "amountInvalid" })
      .max(maxAmountCents, { error: "amountInvalid" })
      .default(0),
    openedOn: isoDateSchema,
  })
  .superRefine(checkOwner);
export type CreateAccountInput = z.input<typeof createAccountSchema>;

/** A change names the owner again: left out, it would silently hand the account to the household. */
export const updateAccountSchema = accountFields
  .extend(ownerFieldsSchema.shape)
  .extend({
    ownerKind: z.enum(ownerKinds, { error: "invalid" }),
    closed: z.boolean({ error: "invalid" }).default(false),
  })
  .superRefine(checkOwner);
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;

export const addRateSchema = z.object({ startsOn: isoDateSchema, rateBp: rateBpSchema });
export type AddRateInput = z.input<typeof addRateSchema>;

export const addMovementSchema = z.object({
  kind: z.enum(movementInputKinds, { error: "invalid" }),
  /** Always positive: a withdrawal takes it out. */
  amountCents: amountCentsSchema,
  occurredOn: isoDateSchema,
  note: optionalText(200),
  /** A deposit: whose money it was (a member, or null for the household's joint money). */
  sourceMemberId: z
    .string({ error: "selectMember" })
    .nullish()
    .transform((value) => value ?? null),
});
export type AddMovementInput = z.input<typeof addMovementSchema>;

/** A savings account's statement never shows less than nothing. */
export const addStatementSchema = z.object({
  statedOn: isoDateSchema,
  balanceCents: z
    .number({ error: "amountInvalid" })
    .int({ error: "amountInvalid" })
    .min(0, { error: "amountInvalid" })
    .max(maxAmountCents, { error: "amountInvalid" }),
});
export type AddStatementInput = z.input<typeof addStatementSchema>;

export const scopeQuerySchema = z.object({
  /** A member's share; without it, the household's. */
  member: z.string().max(100).optional(),
});

export const ownerSchema = z.object({
  kind: z.enum(ownerKinds),
  shares: z.array(z.object({ memberId: z.string(), percentBp: z.number().int() })),
});

export const rateSchema = z.object({
  id: z.string(),
  startsOn: z.string(),
  rateBp: z.number().int(),
});

export const movementSchema = z.object({
  id: z.string(),
  kind: z.enum(movementKinds),
  /** Signed: withdrawals are negative. */
  amountCents: z.number().int(),
  occurredOn: z.string(),
  note: z.string().nullable(),
  /** A deposit's money: a member, or the household's aggregate row (joint money); else null. */
  sourceMemberId: z.string().nullable(),
  /** The account's balance after this movement (all movements up to and including it). */
  balanceCents: z.number().int(),
});

export const statementSchema = z.object({
  id: z.string(),
  statedOn: z.string(),
  balanceCents: z.number().int(),
  /** What Hearth computed for that day (every movement up to and including it). */
  computedCents: z.number().int(),
  /** balance − computed: what a correction would book. */
  differenceCents: z.number().int(),
});

export const accountSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  institution: z.string().nullable(),
  kind: z.enum(savingsKinds),
  owner: ownerSchema,
  closed: z.boolean(),
  /** The rate in force today (0 without any). */
  rateBp: z.number().int(),
  /** The whole account's balance today. */
  balanceCents: z.number().int(),
  /** The scope's part of it: the whole for the household, a member's share for a member. */
  scopeBalanceCents: z.number().int(),
  /** Interest booked this calendar year (the scope's part). */
  interestThisYearCents: z.number().int(),
  /** The newest statement balance, if any, with its difference. */
  lastStatement: statementSchema.nullable(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const accountListSchema = z.object({
  accounts: z.array(accountSummarySchema),
  /** Sums over the accounts of `scopeBalanceCents` and `interestThisYearCents`. */
  totalCents: z.number().int(),
  interestThisYearCents: z.number().int(),
  /** Each member's share of every account, the household's own accounts apart. */
  perMember: z.array(z.object({ memberId: z.string(), balanceCents: z.number().int() })),
  householdOwnedCents: z.number().int(),
});
export type AccountList = z.infer<typeof accountListSchema>;

export const accountDetailSchema = accountSummarySchema.extend({
  rates: z.array(rateSchema),
  /** Newest first. */
  movements: z.array(movementSchema),
  statements: z.array(statementSchema),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;

export const historyQuerySchema = scopeQuerySchema.extend({
  months: z.coerce
    .number({ error: "invalid" })
    .int({ error: "invalid" })
    .min(1, { error: "invalid" })
    .max(240, { error: "invalid" })
    .default(24),
});

/** Month-end balances of the scope's part of each account, oldest month first. */
export const historySchema = z.object({
  months: z.array(z.string()),
  accounts: z.array(
    z.object({ id: z.string(), name: z.string(), balances: z.array(z.number().int()) }),
  ),
});
export type SavingsHistory = z.infer<typeof historySchema>;

export const contributionInputSchema = z.object({
  memberId: z.string({ error: "selectMember" }).min(1, { error: "selectMember" }),
  monthlyCents: z
    .number({ error: "amountInvalid" })
    .int({ error: "amountInvalid" })
    .min(0, { error: "amountInvalid" })
    .max(maxAmountCents, { error: "amountInvalid" }),
});

export const goalInputSchema = z
  .object({
    name: requiredName,
    kind: z.enum(goalKinds, { error: "invalid" }).default("custom"),
    targetCents: amountCentsSchema,
    targetDate: isoDateSchema,
    accountIds: z
      .array(z.string({ error: "accountRequired" }), { error: "accountRequired" })
      .min(1, { error: "accountRequired" })
      .max(20, { error: "invalid" }),
    plannedMonthlyCents: z
      .number({ error: "amountInvalid" })
      .int({ error: "amountInvalid" })
      .min(0, { error: "amountInvalid" })
      .max(maxAmountCents, { error: "amountInvalid" })
      .nullish()
      .transform((value) => value ?? null),
    emergencyMonths: z
      .number({ error: "emergencyMonthsRange" })
      .int({ error: "emergencyMonthsRange" })
      .min(3, { error: "emergencyMonthsRange" })
      .max(6, { error: "emergencyMonthsRange" })
      .nullish()
      .transform((value) => value ?? null),
    contributions: z
      .array(contributionInputSchema, { error: "invalid" })
      .max(20, { error: "invalid" })
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (value.kind === "emergency" && value.emergencyMonths === null) {
      ctx.addIssue({ code: "custom", path: ["emergencyMonths"], message: "emergencyMonthsRange" });
    }
    if (new Set(value.contributions.map((c) => c.memberId)).size !== value.contributions.length) {
      ctx.addIssue({ code: "custom", path: ["contributions"], message: "splitMemberTwice" });
    }
  });
export type GoalInput = z.input<typeof goalInputSchema>;

export const goalStatuses = ["reached", "ahead", "on-track", "behind"] as const;
export type GoalStatus = (typeof goalStatuses)[number];

export const goalSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(goalKinds),
  targetCents: z.number().int(),
  targetDate: z.string(),
  accountIds: z.array(z.string()),
  plannedMonthlyCents: z.number().int().nullable(),
  emergencyMonths: z.number().int().nullable(),
  contributions: z.array(z.object({ memberId: z.string(), monthlyCents: z.number().int() })),
  /** What the linked accounts hold today. */
  savedCents: z.number().int(),
  /** The linked accounts' rate today, weighted by balance. */
  rateBp: z.number().int(),
  months: z.number().int(),
  neededMonthlyCents: z.number().int(),
  /** The planned amount, else the members' contributions, else what is needed. */
  paceMonthlyCents: z.number().int(),
  status: z.enum(goalStatuses),
  /** When the target is reached at the current pace (null: never within 100 years). */
  reachDate: z.string().nullable(),
});
export type Goal = z.infer<typeof goalSchema>;

export const emergencySuggestionSchema = z.object({
  /** The last 12 whole months' spending per month that has any (the household's, or a member's). */
  averageMonthlyCents: z.number().int(),
  /** How many of those months had spending (1 to 12). */
  months: z.number().int(),
  /** What 3 and 6 months of that spending are. */
  lowCents: z.number().int(),
  highCents: z.number().int(),
});
export type EmergencySuggestion = z.infer<typeof emergencySuggestionSchema>;
