import { z } from "zod";
import {
  defaultPenaltyFreeBp,
  extraRepaymentEffects,
  maxPrincipalCents,
  maxRateBp,
  repaymentTypes,
} from "../loan-math.ts";
import { recurringRuleSchema } from "./recurring.schema.ts";
import {
  checkOwner,
  optionalText,
  ownerFieldsSchema,
  ownerKinds,
  ownerSchema,
  requiredName,
} from "./savings.schema.ts";
import { checkEntryRules, entryFieldsSchema, isoDateSchema } from "./transactions.schema.ts";

/**
 * Loans (Pro): loans and mortgages with their owners (like savings accounts), their parts
 * (leningdelen) and extra repayments, the schedules worked out from them, and booking the
 * monthly payment as a recurring expense. Messages are validation keys (src/shared/validation.ts);
 * the same schema checks the form on the client and the request on the server. Amounts are
 * integer cents, rates basis points a year (385 = 3.85 %), dates `YYYY-MM-DD`.
 */
export const loanKinds = ["mortgage", "personal", "car", "student", "other"] as const;
export type LoanKind = (typeof loanKinds)[number];
/** An extra repayment once on its date, or every year on it (until a last date, if given). */
export const extraRepaymentKinds = ["once", "yearly"] as const;
export type ExtraRepaymentKind = (typeof extraRepaymentKinds)[number];

/** The longest term a part may have: 50 years (the database's check). */
export const maxLoanTermMonths = 600;
/** A loan has at most this many parts. */
export const maxLoanParts = 20;

const wholeNumber = (key: "loanTermInvalid" | "fixedPeriodInvalid", max: number) =>
  z.number({ error: key }).int({ error: key }).min(1, { error: key }).max(max, { error: key });

/** A yearly rate in whole basis points, 0 % to 100 % (a loan's rate is never negative). */
export const loanRateSchema = z
  .number({ error: "loanRateInvalid" })
  .int({ error: "loanRateInvalid" })
  .min(0, { error: "loanRateInvalid" })
  .max(maxRateBp, { error: "loanRateInvalid" });

/** What a part borrows: a cent up to what loan-math keeps exact (€100 million). */
const principalSchema = z
  .number({ error: "loanPrincipalInvalid" })
  .int({ error: "loanPrincipalInvalid" })
  .min(1, { error: "loanPrincipalInvalid" })
  .max(maxPrincipalCents, { error: "loanPrincipalInvalid" });

/** An extra repayment: a positive amount, at most what a loan can borrow. */
const extraAmountSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? "amountRequired" : "amountInvalid",
  })
  .int({ error: "amountInvalid" })
  .positive({ error: "amountPositive" })
  .max(maxPrincipalCents, { error: "amountInvalid" });

const nullable = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => value ?? null);

/**
 * A loan part (leningdeel) as the bank wrote it: principal, start (the payments fall monthly
 * from a month after it, on its day), term, repayment type (annuïteit, lineair, aflossingsvrij),
 * the rate for the fixed-rate period (rentevaste periode; none: the whole term) and the rate
 * after it (none: the same).
 */
const partFields = z.object({
  name: optionalText(60),
  principalCents: principalSchema,
  startDate: isoDateSchema,
  termMonths: wholeNumber("loanTermInvalid", maxLoanTermMonths),
  repaymentType: z.enum(repaymentTypes, { error: "invalid" }),
  rateBp: loanRateSchema,
  fixedMonths: nullable(wholeNumber("fixedPeriodInvalid", maxLoanTermMonths)),
  followingRateBp: nullable(loanRateSchema),
});

type PartFields = z.output<typeof partFields>;

function checkPart(value: PartFields, ctx: z.RefinementCtx) {
  if (value.fixedMonths !== null && value.fixedMonths > value.termMonths) {
    ctx.addIssue({ code: "custom", path: ["fixedMonths"], message: "fixedPeriodInvalid" });
  }
  if (value.followingRateBp !== null && value.fixedMonths === null) {
    ctx.addIssue({
      code: "custom",
      path: ["followingRateBp"],
      message: "followingRateNeedsPeriod",
    });
  }
}

export const loanPartInputSchema = partFields.superRefine(checkPart);
export type LoanPartInput = z.input<typeof loanPartInputSchema>;

/**
 * A part in a change of the loan: with the id of a part the loan has, that part is changed and
 * keeps its extra repayments; without, it is a new part. Parts left out are removed with theirs.
 */
export const loanPartUpdateSchema = partFields
  .extend({ id: nullable(z.string({ error: "loanPartRequired" })) })
  .superRefine(checkPart);
export type LoanPartUpdate = z.input<typeof loanPartUpdateSchema>;

const partsOf = <T extends z.ZodType>(part: T) =>
  z
    .array(part, { error: "loanPartsRequired" })
    .min(1, { error: "loanPartsRequired" })
    .max(maxLoanParts, { error: "loanPartsRequired" });

const loanFields = z
  .object({
    name: requiredName,
    kind: z.enum(loanKinds, { error: "invalid" }).default("mortgage"),
    lender: optionalText(100),
    /** A mortgage on the family's own home (eigen woning): its interest is deductible. */
    ownHome: z.boolean({ error: "invalid" }).default(false),
    /** What an extra repayment does: end sooner, or keep the end and pay less a month. */
    extraEffect: z.enum(extraRepaymentEffects, { error: "invalid" }).default("shorter-term"),
    /** What may be repaid each calendar year without a penalty (boetevrij), in basis points. */
    penaltyFreeBp: z
      .number({ error: "penaltyFreeInvalid" })
      .int({ error: "penaltyFreeInvalid" })
      .min(0, { error: "penaltyFreeInvalid" })
      .max(10_000, { error: "penaltyFreeInvalid" })
      .default(defaultPenaltyFreeBp),
  })
  .extend(ownerFieldsSchema.shape);

type LoanFields = z.output<typeof loanFields> & { parts: { principalCents: number }[] };

function checkLoan(value: LoanFields, ctx: z.RefinementCtx) {
  checkOwner(value, ctx);
  if (value.ownHome && value.kind !== "mortgage") {
    ctx.addIssue({ code: "custom", path: ["ownHome"], message: "ownHomeOnlyMortgage" });
  }
  const borrowed = value.parts.reduce((sum, part) => sum + part.principalCents, 0);
  if (borrowed > maxPrincipalCents) {
    ctx.addIssue({ code: "custom", path: ["parts"], message: "loanTooLarge" });
  }
}

/** A new loan with its parts. */
export const createLoanSchema = loanFields
  .extend({ parts: partsOf(loanPartInputSchema) })
  .superRefine(checkLoan);
export type CreateLoanInput = z.input<typeof createLoanSchema>;

/**
 * A change of the loan, its parts replaced as a whole (see `loanPartUpdateSchema`). It names the
 * owner again, as a savings account's change does: left out, the loan would become the household's.
 */
export const updateLoanSchema = loanFields
  .extend({
    ownerKind: z.enum(ownerKinds, { error: "invalid" }),
    parts: partsOf(loanPartUpdateSchema),
  })
  .superRefine(checkLoan)
  .superRefine((value, ctx) => {
    const ids = value.parts.flatMap((part) => (part.id ? [part.id] : []));
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: "custom", path: ["parts"], message: "loanPartRequired" });
    }
  });
export type UpdateLoanInput = z.input<typeof updateLoanSchema>;

const extraFields = z.object({
  partId: z.string({ error: "loanPartRequired" }).min(1, { error: "loanPartRequired" }),
  kind: z.enum(extraRepaymentKinds, { error: "invalid" }).default("once"),
  /** The day of the (first) extra repayment. */
  date: isoDateSchema,
  /** A yearly one's last date (inclusive); none: every year to the end. */
  untilDate: nullable(isoDateSchema),
  amountCents: extraAmountSchema,
});

function checkExtra(value: z.output<typeof extraFields>, ctx: z.RefinementCtx) {
  if (value.untilDate === null) return;
  if (value.kind !== "yearly") {
    ctx.addIssue({ code: "custom", path: ["untilDate"], message: "untilOnlyYearly" });
  } else if (value.untilDate <= value.date) {
    ctx.addIssue({ code: "custom", path: ["untilDate"], message: "untilAfterFirst" });
  }
}

/** An extra repayment of one part, once or every year. */
export const extraRepaymentInputSchema = extraFields
  .extend({ note: optionalText(200) })
  .superRefine(checkExtra);
export type ExtraRepaymentInput = z.input<typeof extraRepaymentInputSchema>;

/**
 * "What if we repaid this too?": an extra repayment that is not stored, and what it should do
 * (left out: what the loan's extras do).
 */
export const whatIfInputSchema = extraFields
  .extend({ effect: z.enum(extraRepaymentEffects, { error: "invalid" }).optional() })
  .superRefine(checkExtra);
export type WhatIfInput = z.input<typeof whatIfInputSchema>;

/**
 * Booking the monthly payment as a recurring expense: its category, who pays, whose it is (one
 * member, or split by percentages: the amount changes every month, so amounts cannot be fixed)
 * and the first payment to book (left out: the next one after today).
 */
export const bookingInputSchema = entryFieldsSchema
  .pick({
    categoryId: true,
    merchant: true,
    notes: true,
    splitMode: true,
    memberId: true,
    paidByMemberId: true,
    shares: true,
  })
  .extend({ startDate: nullable(isoDateSchema) })
  .superRefine((value, ctx) => {
    if (value.splitMode === "amount") {
      ctx.addIssue({ code: "custom", path: ["splitMode"], message: "loanSplitByPercent" });
      return;
    }
    checkEntryRules(
      { ...value, kind: "expense", amountCents: 1, occurredOn: "", receivedByMemberId: null },
      ctx,
    );
  });
export type BookingInput = z.input<typeof bookingInputSchema>;

/** Where a loan (or a part, or the scope's part of a loan) stands today. */
export const loanSummarySchema = z.object({
  /** What is owed after the payments due up to and including today. */
  balanceCents: z.number().int(),
  interestPaidCents: z.number().int(),
  interestToComeCents: z.number().int(),
  totalInterestCents: z.number().int(),
  /** The last payment's date. */
  payoffDate: z.string(),
  /** The regular payments due this calendar month. */
  thisMonthPaymentCents: z.number().int(),
  /** The first payment due after today (null: repaid). */
  nextPayment: z.object({ dueDate: z.string(), paymentCents: z.number().int() }).nullable(),
});
export type LoanSummary = z.infer<typeof loanSummarySchema>;

export const loanListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(loanKinds),
  lender: z.string().nullable(),
  owner: ownerSchema,
  ownHome: z.boolean(),
  extraEffect: z.enum(extraRepaymentEffects),
  penaltyFreeBp: z.number().int(),
  partsCount: z.number().int(),
  /** What the parts borrowed together. */
  principalCents: z.number().int(),
  /** The earliest part's start. */
  startDate: z.string(),
  /** The whole loan. */
  summary: loanSummarySchema,
  /** The scope's part of it: the whole for the household, a member's share for a member. */
  scope: loanSummarySchema,
  /** Whether the monthly payment is booked as a recurring expense. */
  booked: z.boolean(),
});
export type LoanListItem = z.infer<typeof loanListItemSchema>;

export const loanListSchema = z.object({
  loans: z.array(loanListItemSchema),
  /** Sums of the scope's parts over the loans. */
  totals: z.object({
    balanceCents: z.number().int(),
    thisMonthPaymentCents: z.number().int(),
    interestToComeCents: z.number().int(),
  }),
  /** For the household: each member's part of today's balances, the household's own loans apart. */
  perMember: z.array(z.object({ memberId: z.string(), balanceCents: z.number().int() })),
  householdOwnedCents: z.number().int(),
});
export type LoanList = z.infer<typeof loanListSchema>;

/** One month of a part: the regular payment (interest + repayment), an extra, the balance after. */
export const scheduleRowSchema = z.object({
  number: z.number().int(),
  dueDate: z.string(),
  annualRateBp: z.number().int(),
  paymentCents: z.number().int(),
  interestCents: z.number().int(),
  repaymentCents: z.number().int(),
  extraRepaymentCents: z.number().int(),
  balanceCents: z.number().int(),
});

/** A month (`YYYY-MM`) of the whole loan: its parts' rows due that month added up. */
export const loanMonthSchema = scheduleRowSchema
  .omit({ number: true, dueDate: true, annualRateBp: true })
  .extend({ month: z.string() });
export type LoanMonth = z.infer<typeof loanMonthSchema>;

export const loanPartSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  position: z.number().int(),
  principalCents: z.number().int(),
  startDate: z.string(),
  termMonths: z.number().int(),
  repaymentType: z.enum(repaymentTypes),
  rateBp: z.number().int(),
  fixedMonths: z.number().int().nullable(),
  followingRateBp: z.number().int().nullable(),
  summary: loanSummarySchema,
  rows: z.array(scheduleRowSchema),
});
export type LoanPart = z.infer<typeof loanPartSchema>;

export const extraRepaymentSchema = z.object({
  id: z.string(),
  partId: z.string(),
  kind: z.enum(extraRepaymentKinds),
  date: z.string(),
  untilDate: z.string().nullable(),
  amountCents: z.number().int(),
  note: z.string().nullable(),
});
export type ExtraRepayment = z.infer<typeof extraRepaymentSchema>;

/** The extra repayments per calendar year against what may be repaid without a penalty. */
export const allowanceSchema = z.object({
  penaltyFreeBp: z.number().int(),
  /** The penalty-free amount a year: `penaltyFreeBp` of what the parts borrowed. */
  allowanceCents: z.number().int(),
  /** Every calendar year of the loan. */
  years: z.array(
    z.object({
      year: z.number().int(),
      extraRepaymentCents: z.number().int(),
      allowanceCents: z.number().int(),
      overAllowance: z.boolean(),
    }),
  ),
  /** Whether any year's extras go past the allowance (the warning). */
  overAllowance: z.boolean(),
});
export type Allowance = z.infer<typeof allowanceSchema>;

/**
 * The loan with its extra repayments beside the same loan without them (for a what-if: the loan
 * as it is beside the loan with the extra too): the interest saved, the end dates, and the
 * regular payment due first after `payment.after` either way.
 */
export const comparisonSchema = z.object({
  interestSavedCents: z.number().int(),
  totalInterestCents: z.object({ withExtras: z.number().int(), withoutExtras: z.number().int() }),
  payoffDate: z.object({ withExtras: z.string(), withoutExtras: z.string() }),
  payment: z.object({
    /** Today, or the (last) extra repayment's date when that is later. */
    after: z.string(),
    withExtras: z.number().int().nullable(),
    withoutExtras: z.number().int().nullable(),
  }),
});
export type Comparison = z.infer<typeof comparisonSchema>;

/** The booked payment: a monthly recurring expense whose every amount is that month's payment. */
export const loanBookingSchema = recurringRuleSchema;

export const loanDetailSchema = loanListItemSchema.extend({
  parts: z.array(loanPartSchema),
  /** The whole loan month by month, from the first payment to the last. */
  months: z.array(loanMonthSchema),
  /** By date. */
  extras: z.array(extraRepaymentSchema),
  allowance: allowanceSchema,
  comparison: comparisonSchema,
  booking: loanBookingSchema.nullable(),
});
export type LoanDetail = z.infer<typeof loanDetailSchema>;

/** A what-if's answer: nothing is stored. */
export const whatIfSchema = z.object({
  comparison: comparisonSchema,
  /** The allowance with the extra: whether it would go past what is penalty-free. */
  allowance: allowanceSchema,
  /** The loan month by month with the extra. */
  months: z.array(loanMonthSchema),
});
export type WhatIf = z.infer<typeof whatIfSchema>;
