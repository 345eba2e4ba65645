import { z } from "zod";
import { scopeQuerySchema } from "./savings.schema.ts";
import { amountCentsSchema, isoDateSchema, optionalText } from "./transactions.schema.ts";
import { decimalSeparators } from "../csv-import.ts";
import { csvDelimiters, type CsvDelimiterName } from "../csv-export.ts";

/**
 * Taxes (Pro), per tax year: payments and refunds ("tax items"), deadlines with a reminder, the
 * year's overview and export, and the box 3 estimate with the household's choice of fiscal
 * partners. Messages are validation keys (src/shared/validation.ts). Amounts are integer cents.
 */
export const taxItemKinds = [
  "income-tax",
  "provisional-assessment",
  "municipal",
  "water-board",
  "road-tax",
  "other",
] as const;
export type TaxItemKind = (typeof taxItemKinds)[number];
/** A payment is due or paid; a refund is to receive or received. */
export const taxItemStatuses = ["due", "paid", "to-receive", "received"] as const;
export type TaxItemStatus = (typeof taxItemStatuses)[number];
export const taxDeadlineKinds = [
  "file-return",
  "object-assessment",
  "pay-assessment",
  "request-provisional",
  "other",
] as const;
export type TaxDeadlineKind = (typeof taxDeadlineKinds)[number];
export const taxDeadlineStatuses = ["open", "done"] as const;
export type TaxDeadlineStatus = (typeof taxDeadlineStatuses)[number];

/** Whether a status is a refund's (money coming in) rather than a payment's. */
export const isRefund = (status: TaxItemStatus) => status === "to-receive" || status === "received";

/** The most monthly terms a total can be spread over (a provisional assessment has up to 12). */
export const maxInstallments = 12;

export const taxYearSchema = z
  .number({ error: "taxYearInvalid" })
  .int({ error: "taxYearInvalid" })
  .min(1900, { error: "taxYearInvalid" })
  .max(2099, { error: "taxYearInvalid" });

/** The year in a path (`/taxes/years/2025`). */
export const taxYearParamSchema = z.object({
  year: z.coerce
    .number({ error: "taxYearInvalid" })
    .int({ error: "taxYearInvalid" })
    .min(1900, { error: "taxYearInvalid" })
    .max(2099, { error: "taxYearInvalid" }),
});

/** Whose it is: a member of the household, or null (left out) for the household's. */
const memberIdSchema = z
  .string({ error: "selectMember" })
  .nullish()
  .transform((value) => value || null);

export const taxItemInputSchema = z.object({
  year: taxYearSchema,
  kind: z.enum(taxItemKinds, { error: "taxItemKindRequired" }),
  status: z.enum(taxItemStatuses, { error: "taxItemStatusRequired" }),
  /** Always positive: the status says whether it is paid out or received. */
  amountCents: amountCentsSchema,
  /** The day it is due, or was paid or received. */
  onDate: isoDateSchema,
  description: optionalText(200),
  memberId: memberIdSchema,
});
export type TaxItemInput = z.input<typeof taxItemInputSchema>;

/**
 * A new tax item, or a total spread over monthly terms: with `installments` above 1 the amount is
 * the total, split to the cent over the terms (largest remainder: the first terms take the odd
 * cents), one a month from `onDate` (a day past a month's end falls on its last day). Each term's
 * status follows its date: a payment's terms up to today are paid and later ones due; a
 * refund's are received and to receive. The status sent only says payment or refund.
 */
export const createTaxItemSchema = taxItemInputSchema
  .extend({
    installments: z
      .number({ error: "installmentsRange" })
      .int({ error: "installmentsRange" })
      .min(1, { error: "installmentsRange" })
      .max(maxInstallments, { error: "installmentsRange" })
      .default(1),
  })
  .superRefine((value, ctx) => {
    if (value.amountCents < value.installments) {
      ctx.addIssue({ code: "custom", path: ["amountCents"], message: "installmentsTooSmall" });
    }
  });
export type CreateTaxItemInput = z.input<typeof createTaxItemSchema>;

export const taxItemSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  kind: z.enum(taxItemKinds),
  status: z.enum(taxItemStatuses),
  amountCents: z.number().int(),
  onDate: z.string(),
  description: z.string().nullable(),
  memberId: z.string().nullable(),
});
export type TaxItem = z.infer<typeof taxItemSchema>;

export const remindDaysSchema = z
  .number({ error: "remindDaysRange" })
  .int({ error: "remindDaysRange" })
  .min(0, { error: "remindDaysRange" })
  .max(365, { error: "remindDaysRange" })
  .nullish()
  .transform((value) => value ?? null);

export const taxDeadlineInputSchema = z.object({
  year: taxYearSchema,
  kind: z.enum(taxDeadlineKinds, { error: "taxDeadlineKindRequired" }),
  title: optionalText(200),
  dueOn: isoDateSchema,
  status: z.enum(taxDeadlineStatuses, { error: "taxDeadlineStatusInvalid" }).default("open"),
  /** Days before `dueOn` to mail a reminder (null: none). */
  remindDaysBefore: remindDaysSchema,
  memberId: memberIdSchema,
});
export type TaxDeadlineInput = z.input<typeof taxDeadlineInputSchema>;

export const taxDeadlineSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  kind: z.enum(taxDeadlineKinds),
  title: z.string().nullable(),
  dueOn: z.string(),
  status: z.enum(taxDeadlineStatuses),
  remindDaysBefore: z.number().int().nullable(),
  /** The day the reminder goes out (null: none). */
  remindOn: z.string().nullable(),
  /** When the reminder was sent (null: not yet). */
  remindedAt: z.string().nullable(),
  memberId: z.string().nullable(),
  /** Open and its day has passed. */
  overdue: z.boolean(),
});
export type TaxDeadline = z.infer<typeof taxDeadlineSchema>;

/** A year's page: items, deadlines, tax-relevant categories and the own home's interest. */
export const taxYearQuerySchema = scopeQuerySchema;

export const taxItemTotalsSchema = z.object({
  /** Payments made (status paid). */
  paidCents: z.number().int(),
  /** Payments still to make (status due). */
  dueCents: z.number().int(),
  /** Refunds received. */
  receivedCents: z.number().int(),
  /** Refunds still to come. */
  toReceiveCents: z.number().int(),
  /** What the year costs on balance: every payment minus every refund (negative: money back). */
  balanceCents: z.number().int(),
});
export type TaxItemTotals = z.infer<typeof taxItemTotalsSchema>;

export const taxCategoryTotalSchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  kind: z.enum(["income", "expense"]),
  totalCents: z.number().int(),
  count: z.number().int(),
});

export const ownHomeInterestSchema = z.object({
  loans: z.array(
    z.object({
      loanId: z.string(),
      name: z.string(),
      /** The interest of the loan's payments due in the year (all of it). */
      interestCents: z.number().int(),
      /** The scope's part of it. */
      scopeInterestCents: z.number().int(),
    }),
  ),
  /** The scope's deductible interest: the sum of `scopeInterestCents`. */
  totalCents: z.number().int(),
});

export const taxYearOverviewSchema = z.object({
  year: z.number().int(),
  /** The scope: a member, or null for the household. */
  memberId: z.string().nullable(),
  items: z.array(taxItemSchema),
  totals: taxItemTotalsSchema,
  deadlines: z.array(taxDeadlineSchema),
  categories: z.array(taxCategoryTotalSchema),
  ownHomeInterest: ownHomeInterestSchema,
});
export type TaxYearOverview = z.infer<typeof taxYearOverviewSchema>;

export const taxYearListSchema = z.object({
  years: z.array(
    z.object({ year: z.number().int(), items: z.number().int(), deadlines: z.number().int() }),
  ),
  /** The years Hearth has box 3 parameters for. */
  box3Years: z.array(z.number().int()),
});
export type TaxYearList = z.infer<typeof taxYearListSchema>;

/** The export: the scope, the delimiter and the decimal mark (by default the language's). */
export const taxExportQuerySchema = scopeQuerySchema.extend({
  delimiter: z
    .enum(Object.keys(csvDelimiters) as [CsvDelimiterName, ...CsvDelimiterName[]], {
      error: "invalid",
    })
    .optional(),
  decimal: z.enum(decimalSeparators, { error: "invalid" }).optional(),
});

/**
 * The household's box 3 choice for a year: two people who are fiscal partners (the whole year),
 * and the part of their joint base the first one takes, in basis points; no people: everyone
 * files alone.
 */
export const box3SettingsInputSchema = z
  .object({
    partnerIds: z
      .array(z.string({ error: "selectMember" }), { error: "partnersNeedTwo" })
      .max(2, { error: "partnersNeedTwo" }),
    firstPartnerSplitBp: z
      .number({ error: "partnerSplitInvalid" })
      .int({ error: "partnerSplitInvalid" })
      .min(0, { error: "partnerSplitInvalid" })
      .max(10_000, { error: "partnerSplitInvalid" })
      .default(5_000),
  })
  .superRefine((value, ctx) => {
    const [first, second] = value.partnerIds;
    if (value.partnerIds.length === 1 || (first !== undefined && first === second)) {
      ctx.addIssue({ code: "custom", path: ["partnerIds"], message: "partnersNeedTwo" });
    }
  });
export type Box3SettingsInput = z.input<typeof box3SettingsInputSchema>;

export const box3SettingsSchema = z.object({
  year: z.number().int(),
  /** Two members, or none. */
  partnerIds: z.array(z.string()),
  firstPartnerSplitBp: z.number().int(),
});
export type Box3Settings = z.infer<typeof box3SettingsSchema>;

export const box3Bases = ["definitive", "provisional"] as const;
export type Box3Basis = (typeof box3Bases)[number];

export const box3QuerySchema = scopeQuerySchema.extend({
  /** Left out: the definitive percentages once published, else the provisional ones. */
  basis: z.enum(box3Bases, { error: "invalid" }).optional(),
});

const ratesSchema = z.object({
  bankBp: z.number().int(),
  otherBp: z.number().int(),
  debtsBp: z.number().int(),
});

/** What a person (or the household's own assets) has on 1 January, in cents. */
const wealthSchema = z.object({
  bankCents: z.number().int(),
  otherCents: z.number().int(),
  debtsCents: z.number().int(),
});

const box3PersonSchema = z.object({
  memberId: z.string(),
  baseEuros: z.number().int(),
  shareBp: z.number().int(),
  benefitEuros: z.number().int(),
  taxEuros: z.number().int(),
});

/** One return: a person alone or two fiscal partners, with every step of the tax office. */
export const box3ReturnSchema = z.object({
  partners: z.boolean(),
  /** Partners: the part of the joint base the first one takes. */
  firstPartnerSplitBp: z.number().int().nullable(),
  wealth: wealthSchema,
  bankEuros: z.number().int(),
  otherEuros: z.number().int(),
  debtsEuros: z.number().int(),
  thresholdEuros: z.number().int(),
  deductibleDebtsEuros: z.number().int(),
  bankReturnEuros: z.number().int(),
  otherReturnEuros: z.number().int(),
  debtsReturnEuros: z.number().int(),
  totalReturnEuros: z.number().int(),
  yieldBaseEuros: z.number().int(),
  allowanceEuros: z.number().int(),
  baseEuros: z.number().int(),
  /** The person, or the two partners in order. */
  people: z.array(box3PersonSchema),
  benefitEuros: z.number().int(),
  taxEuros: z.number().int(),
});
export type Box3Return = z.infer<typeof box3ReturnSchema>;

/** The real return of the year beside the deemed one, for the scope. */
export const box3ComparisonSchema = z.object({
  /** The last day counted: 31 December, or today for the current year (null: a later year). */
  through: z.string().nullable(),
  bank: z.object({
    valueCents: z.number().int(),
    deemedReturnCents: z.number().int(),
    /** Interest booked on the savings accounts in the year (null: a later year). */
    interestCents: z.number().int().nullable(),
  }),
  other: z.object({
    valueCents: z.number().int(),
    deemedReturnCents: z.number().int(),
    /** Null when the investments area has nothing for the year (nothing held or traded). */
    real: z
      .object({
        startValueCents: z.number().int(),
        endValueCents: z.number().int(),
        /** Dividends after the tax withheld. */
        dividendsCents: z.number().int(),
        /** Buys and their fees, fees and transfers in, minus what sells and transfers out brought. */
        moneyInCents: z.number().int(),
        /** end − start + dividends − money put in. */
        returnCents: z.number().int(),
      })
      .nullable(),
  }),
});

export const box3EstimateSchema = z.object({
  year: z.number().int(),
  /** Always true: an estimate, not the tax office's assessment. */
  estimate: z.literal(true),
  /** What the estimate is and what it leaves out, in the caller's language. */
  notice: z.string(),
  basis: z.enum(box3Bases),
  /** The bases that can be asked for (definitive only once published). */
  bases: z.array(z.enum(box3Bases)),
  parameters: z.object({
    allowanceCents: z.number().int(),
    debtThresholdCents: z.number().int(),
    taxRateBp: z.number().int(),
    provisional: ratesSchema,
    definitive: ratesSchema.extend({ published: z.string() }).nullable(),
    /** The percentages this estimate used. */
    used: ratesSchema,
    sources: z.array(z.object({ title: z.string(), url: z.string() })),
  }),
  /** 1 January of the year: what was held at its start (everything up to 31 December before). */
  wealthOn: z.string(),
  /** 1 January lies after today: the wealth is what is recorded so far. */
  wealthIsForecast: z.boolean(),
  /** The scope: a member, or null for the household. */
  memberId: z.string().nullable(),
  /** Each person's wealth (their shares, and their part of the household's own). */
  people: z.array(wealthSchema.extend({ memberId: z.string(), name: z.string() })),
  /** What belongs to the household as a whole, and whom it is split between, evenly. */
  householdOwned: wealthSchema.extend({
    splitBetween: z.array(z.string()),
    splitReason: z.enum(["partners", "people"]),
  }),
  partners: z
    .object({ memberIds: z.array(z.string()), firstPartnerSplitBp: z.number().int() })
    .nullable(),
  /** The returns of the scope: everyone's, or the one that holds the member. */
  returns: z.array(box3ReturnSchema),
  /** The scope's box 3 tax and benefit: all returns', or the member's own part. */
  scope: z.object({ benefitEuros: z.number().int(), taxEuros: z.number().int() }),
  comparison: box3ComparisonSchema,
});
export type Box3EstimateAnswer = z.infer<typeof box3EstimateSchema>;
