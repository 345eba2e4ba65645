import { z } from "zod";
import { noticeUnits, premiumFrequencies } from "../insurance-math.ts";
import { recurringRuleSchema } from "./recurring.schema.ts";
import { optionalText, scopeQuerySchema } from "./savings.schema.ts";
import { remindDaysSchema } from "./taxes.schema.ts";
import {
  amountCentsSchema,
  entryFieldsSchema,
  isoDateSchema,
  maxAmountCents,
} from "./transactions.schema.ts";

/**
 * Insurance (Pro): a household's policies — kind, insurer, premium at its frequency, deductibles,
 * the renewal and the notice period (opzegtermijn) — and who each covers: the whole household,
 * or one or more members sharing its premium evenly or by percentages. Messages are validation
 * keys (src/shared/validation.ts); the same schema checks the form on the client and the request
 * on the server. Amounts are integer cents, shares basis points, dates `YYYY-MM-DD`.
 */
export const insuranceKinds = [
  "health-basic",
  "health-supplementary",
  "home",
  "contents",
  "liability",
  "car",
  "travel",
  "life",
  "disability",
  "legal",
  "funeral",
  "pet",
  "other",
] as const;
export type InsuranceKind = (typeof insuranceKinds)[number];

/**
 * The kinds a Dutch household is expected to have: basic health insurance is compulsory for
 * everyone who lives here, and liability insurance is the classic gap. The coverage grid names
 * a person without them.
 */
export const essentialKinds = ["health-basic", "liability"] as const satisfies InsuranceKind[];

export const policyStatuses = ["active", "cancelled"] as const;
export type PolicyStatus = (typeof policyStatuses)[number];
/** Who a policy covers: the whole household, or the members it names. */
export const insuredKinds = ["household", "members"] as const;
export type InsuredKind = (typeof insuredKinds)[number];

/** The longest notice period: 24 months, or 365 days. */
export const maxNoticeMonths = 24;
export const maxNoticeDays = 365;
/** Basic health insurance's voluntary deductible: € 0 to € 500 in steps of € 100. */
export const voluntaryDeductibleStepCents = 10_000;
export const maxVoluntaryDeductibleCents = 50_000;
/** A policy names at most this many members. */
export const maxInsuredMembers = 20;

const nullable = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => value ?? null);

/** A deductible (eigen risico) a year: € 0 or more. */
const deductibleSchema = z
  .number({ error: "deductibleInvalid" })
  .int({ error: "deductibleInvalid" })
  .min(0, { error: "deductibleInvalid" })
  .max(maxAmountCents, { error: "deductibleInvalid" });

/** The notice period: a number of months (1–24) or days (1–365). */
export const noticePeriodSchema = z
  .object(
    {
      value: z
        .number({ error: "noticePeriodInvalid" })
        .int({ error: "noticePeriodInvalid" })
        .min(1, { error: "noticePeriodInvalid" })
        .max(maxNoticeDays, { error: "noticePeriodInvalid" }),
      unit: z.enum(noticeUnits, { error: "noticePeriodInvalid" }),
    },
    { error: "noticePeriodInvalid" },
  )
  .superRefine((value, ctx) => {
    if (value.unit === "months" && value.value > maxNoticeMonths) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "noticePeriodInvalid" });
    }
  });
export type NoticePeriodInput = z.input<typeof noticePeriodSchema>;

/** A member a policy covers, and their share of the premium (left out: evenly). */
export const insuredMemberSchema = z.object({
  memberId: z.string({ error: "selectMember" }).min(1, { error: "selectMember" }),
  shareBp: nullable(
    z
      .number({ error: "invalid" })
      .int({ error: "invalid" })
      .min(1, { error: "invalid" })
      .max(10_000, { error: "invalid" }),
  ),
});

const policyFields = z.object({
  kind: z.enum(insuranceKinds, { error: "insuranceKindRequired" }),
  insurer: z
    .string({ error: "insurerRequired" })
    .trim()
    .min(1, { error: "insurerRequired" })
    .max(100, { error: "textTooLong" }),
  policyNumber: optionalText(60),
  /** What the insurer charges per payment. */
  premiumCents: amountCentsSchema,
  frequency: z.enum(premiumFrequencies, { error: "premiumFrequencyRequired" }).default("monthly"),
  /** The deductible a year (for basic health insurance: the mandatory eigen risico). */
  deductibleCents: nullable(deductibleSchema),
  /** Basic health insurance only: the voluntary eigen risico, € 0 to € 500 in steps of € 100. */
  voluntaryDeductibleCents: nullable(
    z
      .number({ error: "voluntaryDeductibleSteps" })
      .int({ error: "voluntaryDeductibleSteps" })
      .min(0, { error: "voluntaryDeductibleSteps" })
      .max(maxVoluntaryDeductibleCents, { error: "voluntaryDeductibleSteps" })
      .multipleOf(voluntaryDeductibleStepCents, { error: "voluntaryDeductibleSteps" }),
  ),
  coverageNotes: optionalText(2000),
  startDate: isoDateSchema,
  /** The day it renews (every year on its anniversary); none: not known. */
  renewalDate: nullable(isoDateSchema),
  noticePeriod: nullable(noticePeriodSchema),
  /** Days before the notice deadline to mail a reminder (none: no reminder, the default). */
  remindDaysBefore: remindDaysSchema,
  insured: z.enum(insuredKinds, { error: "invalid" }).default("household"),
  /** With `insured: "members"`: who, with shares for all of them or none (evenly). */
  members: z
    .array(insuredMemberSchema, { error: "invalid" })
    .max(maxInsuredMembers, { error: "invalid" })
    .default([]),
});

type PolicyFields = z.output<typeof policyFields>;

function checkPolicy(value: PolicyFields, ctx: z.RefinementCtx) {
  if (value.voluntaryDeductibleCents !== null && value.kind !== "health-basic") {
    ctx.addIssue({
      code: "custom",
      path: ["voluntaryDeductibleCents"],
      message: "voluntaryDeductibleHealthOnly",
    });
  }
  if (value.renewalDate !== null && value.renewalDate <= value.startDate) {
    ctx.addIssue({ code: "custom", path: ["renewalDate"], message: "renewalAfterStart" });
  }
  if (
    value.remindDaysBefore !== null &&
    (value.renewalDate === null || value.noticePeriod === null)
  ) {
    ctx.addIssue({ code: "custom", path: ["remindDaysBefore"], message: "reminderNeedsNotice" });
  }
  if (value.insured !== "members") return;
  if (value.members.length === 0) {
    ctx.addIssue({ code: "custom", path: ["members"], message: "insuredMembersRequired" });
    return;
  }
  const ids = new Set(value.members.map((member) => member.memberId));
  if (ids.size !== value.members.length) {
    ctx.addIssue({ code: "custom", path: ["members"], message: "splitMemberTwice" });
  }
  const given = value.members.filter((member) => member.shareBp !== null);
  if (given.length === 0) return;
  if (given.length !== value.members.length) {
    ctx.addIssue({ code: "custom", path: ["members"], message: "insuranceSharesAllOrNone" });
  } else if (given.reduce((sum, member) => sum + (member.shareBp ?? 0), 0) !== 10_000) {
    ctx.addIssue({ code: "custom", path: ["members"], message: "splitPercentsMustTotal100" });
  }
}

/** A new policy. */
export const createPolicySchema = policyFields.superRefine(checkPolicy);
export type CreatePolicyInput = z.input<typeof createPolicySchema>;

/**
 * A change of a policy, every field again. It names who is insured again, as a loan's change
 * names its owner: left out, the policy would quietly become the household's.
 */
export const updatePolicySchema = policyFields
  .extend({
    insured: z.enum(insuredKinds, { error: "invalid" }),
    /**
     * A booked premium: the day a new premium, frequency or split applies from (left out:
     * today). The booked series is rewritten from its first date on or after it.
     */
    changesOn: isoDateSchema.optional(),
  })
  .superRefine(checkPolicy);
export type UpdatePolicyInput = z.input<typeof updatePolicySchema>;

/**
 * Booking the premium as a recurring expense (decision 024): its category, who pays (left out:
 * the first person it covers), the entries' merchant (left out: the insurer) and notes, and the
 * first premium to book (left out: the next on or after today of the series from the policy's
 * start). The amount, frequency and split (the policy's parts) come from the policy.
 */
export const policyBookingInputSchema = entryFieldsSchema
  .pick({ categoryId: true, merchant: true, notes: true, paidByMemberId: true })
  .extend({ startDate: isoDateSchema.optional() });
export type PolicyBookingInput = z.input<typeof policyBookingInputSchema>;

/** Cancelling a policy: the last day it covers (on or after its start). It is kept. */
export const cancelPolicySchema = z.object({ endsOn: isoDateSchema });
export type CancelPolicyInput = z.input<typeof cancelPolicySchema>;

/** The scope: a member's policies and parts; without it, the household's. */
export const insuranceQuerySchema = scopeQuerySchema;

/** A premium as the pages show it: per payment, a year (exact) and a month (rounded). */
export const premiumFiguresSchema = z.object({
  premiumCents: z.number().int(),
  yearCents: z.number().int(),
  monthCents: z.number().int(),
});
export type PremiumFigures = z.infer<typeof premiumFiguresSchema>;

export const policySchema = z.object({
  id: z.string(),
  kind: z.enum(insuranceKinds),
  insurer: z.string(),
  policyNumber: z.string().nullable(),
  frequency: z.enum(premiumFrequencies),
  /** The premium per payment, a year and a month. */
  premium: premiumFiguresSchema,
  deductibleCents: z.number().int().nullable(),
  voluntaryDeductibleCents: z.number().int().nullable(),
  coverageNotes: z.string().nullable(),
  startDate: z.string(),
  renewalDate: z.string().nullable(),
  noticePeriod: z.object({ value: z.number().int(), unit: z.enum(noticeUnits) }).nullable(),
  remindDaysBefore: z.number().int().nullable(),
  status: z.enum(policyStatuses),
  /** A cancelled policy's last day of cover. */
  endsOn: z.string().nullable(),
  /** Started by today and not ended: it counts in the totals and the coverage grid. */
  inForce: z.boolean(),
  insured: z.enum(insuredKinds),
  /** The members it names, in order, with their shares (null: evenly). */
  members: z.array(z.object({ memberId: z.string(), shareBp: z.number().int().nullable() })),
  /**
   * Everyone's part of the premium: the named members', or for the household's policy every
   * active person's, evenly. The parts add up to the premium exactly, per payment and a year.
   */
  parts: z.array(premiumFiguresSchema.extend({ memberId: z.string() })),
  /** The scope's part: all of it for the household, a member's part for a member. */
  scope: premiumFiguresSchema,
  /** An active policy's next renewal on or after today (null: none known, or cancelled). */
  nextRenewal: z.string().nullable(),
  /** The next notice deadline still to come, the renewal it is for and its reminder's day. */
  notice: z
    .object({ deadline: z.string(), renewalDate: z.string(), remindOn: z.string().nullable() })
    .nullable(),
  /**
   * The booked premium: the recurring rule that books it from now on (after a change of
   * premium, the later of the two), null when it is not booked (decision 024).
   */
  booking: recurringRuleSchema.nullable().optional(),
});
export type Policy = z.infer<typeof policySchema>;

const totalsSchema = z.object({ yearCents: z.number().int(), monthCents: z.number().int() });

export const policyListSchema = z.object({
  /** The scope: a member, or null for the household. */
  memberId: z.string().nullable(),
  /** The scope's policies, cancelled ones too (kept as history), by kind and insurer. */
  policies: z.array(policySchema),
  /** The scope's part of the policies in force, a year (exact) and a month. */
  totals: totalsSchema,
});
export type PolicyList = z.infer<typeof policyListSchema>;

export const upcomingEvents = ["notice", "renewal"] as const;

/**
 * A person's health deductible (eigen risico) this year: the basic health policy in force that
 * covers them, its mandatory plus voluntary deductible, their share of the year's expenses in
 * health-care categories (`spentCents`), what of the deductible that used and what is left.
 */
export const deductibleRowSchema = z.object({
  memberId: z.string(),
  policyId: z.string(),
  insurer: z.string(),
  year: z.number().int(),
  deductibleCents: z.number().int(),
  spentCents: z.number().int(),
  usedCents: z.number().int(),
  leftCents: z.number().int(),
});
export type DeductibleRow = z.infer<typeof deductibleRowSchema>;

export const insuranceOverviewSchema = z.object({
  memberId: z.string().nullable(),
  /** The day the figures are for (today). */
  day: z.string(),
  /** The scope's part of the policies in force. */
  totals: totalsSchema.extend({ policies: z.number().int() }),
  /**
   * For the household: each person's part (the active people, and anyone else a policy still
   * names); the years add up to the total exactly. Empty for a member's scope.
   */
  perMember: z.array(totalsSchema.extend({ memberId: z.string() })),
  /** Per kind with a policy in force, in the kinds' order; the years add up to the total. */
  perKind: z.array(
    totalsSchema.extend({ kind: z.enum(insuranceKinds), policies: z.number().int() }),
  ),
  /**
   * Who is insured for what: a row per person (the household's active people, or the member),
   * a cell per kind with the policies in force that cover them (empty: a gap), and the
   * essential kinds they lack.
   */
  coverage: z.object({
    kinds: z.array(z.enum(insuranceKinds)),
    rows: z.array(
      z.object({
        memberId: z.string(),
        cells: z.array(z.object({ kind: z.enum(insuranceKinds), policyIds: z.array(z.string()) })),
        gaps: z.array(z.enum(insuranceKinds)),
      }),
    ),
  }),
  /** Renewals and notice deadlines of the scope's active policies within 60 days, by date. */
  upcoming: z.array(
    z.object({
      policyId: z.string(),
      kind: z.enum(insuranceKinds),
      insurer: z.string(),
      event: z.enum(upcomingEvents),
      date: z.string(),
      /** The renewal the date belongs to (a renewal's own date, or the one notice is due for). */
      renewalDate: z.string(),
      daysAway: z.number().int(),
    }),
  ),
  /**
   * This year's health deductible per person of the scope covered by basic health insurance
   * in force, in the coverage grid's order (decision 024).
   */
  healthDeductible: z.array(deductibleRowSchema).optional(),
});
export type InsuranceOverview = z.infer<typeof insuranceOverviewSchema>;
