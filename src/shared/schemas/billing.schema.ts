import { z } from "zod";
import { billingModes, billingPeriods, couponMaxLength, normalizeCoupon } from "#shared/billing.ts";
import { planNames } from "#shared/plans.ts";

/**
 * Requests and answers of the plans, checkout, subscription and administrators' routes. The
 * server validates with these; the client may reuse the request schemas.
 */
export const pricingNotConfiguredMessage = "Pricing not configured for this plan";

export const planFeatureSchema = z.object({
  id: z.string(),
  text: z.string(),
  isIncluded: z.boolean(),
  isHighlighted: z.boolean(),
  category: z.string().nullable(),
  displayOrder: z.number().int(),
});

export const planSchema = z.object({
  id: z.string(),
  name: z.enum(planNames),
  displayName: z.string(),
  description: z.string(),
  monthlyPriceCents: z.number().int(),
  annualPriceCents: z.number().int(),
  stripeMonthlyPriceId: z.string().nullable(),
  stripeAnnualPriceId: z.string().nullable(),
  isPopular: z.boolean(),
  isPro: z.boolean(),
  displayOrder: z.number().int(),
  features: z.array(planFeatureSchema),
});
export type Plan = z.infer<typeof planSchema>;

export const plansAnswerSchema = z.object({
  plans: z.array(planSchema),
  billing: z.enum(billingModes),
});

/** A coupon as typed: trimmed, upper-cased, cut at 50 characters; empty means none. */
export const couponInputSchema = z
  .string()
  .max(200, { error: `A coupon code has at most ${couponMaxLength} characters.` })
  .optional()
  .nullable()
  .transform((value) => normalizeCoupon(value));

export const createCheckoutSchema = z.object({
  priceId: z.string({ error: pricingNotConfiguredMessage }).trim().max(200),
  planName: z.enum(planNames, { error: "Choose a plan." }),
  couponCode: couponInputSchema,
});
export type CreateCheckoutInput = z.input<typeof createCheckoutSchema>;

export const checkoutSchema = z.object({
  id: z.string(),
  planName: z.enum(planNames),
  billingPeriod: z.enum(billingPeriods),
  priceCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  couponCode: z.string().nullable(),
  status: z.enum(["pending", "paid", "cancelled"]),
});
export type Checkout = z.infer<typeof checkoutSchema>;

export const checkSubscriptionSchema = z.object({
  subscribed: z.boolean(),
  plan_name: z.enum(planNames),
  subscription_status: z.string().nullable(),
});

export const subscriptionSchema = z.object({
  planName: z.enum(planNames),
  billingPeriod: z.enum(billingPeriods).nullable(),
  status: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  couponCode: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  isOwner: z.boolean(),
  billing: z.enum(billingModes),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** A change of the running paid plan: another plan, another period, or both. */
export const planChangeSchema = z.object({
  planName: z.enum(planNames, { error: "Choose a plan." }),
  period: z.enum(billingPeriods, { error: "Choose monthly or annual." }),
});
export type PlanChangeInput = z.input<typeof planChangeSchema>;

/** What a change costs now (decision 016). */
export const planChangeQuoteSchema = z.object({
  planName: z.enum(planNames),
  billingPeriod: z.enum(billingPeriods),
  amountDueCents: z.number().int(),
  creditCents: z.number().int(),
  startsNewPeriod: z.boolean(),
  periodEnd: z.string(),
});
export type PlanChangeQuoteAnswer = z.infer<typeof planChangeQuoteSchema>;

// Administrators

const optionalPriceId = z
  .string()
  .trim()
  .max(200)
  .nullable()
  .transform((value) => (value === "" || value === null ? null : value));
const cents = z
  .number({ error: "Enter an amount in cents." })
  .int({ error: "Enter an amount in cents." })
  .min(0, { error: "A price cannot be negative." })
  .max(100_000_000);

export const adminPlanSchema = planSchema.omit({ features: true }).extend({
  displayNameNl: z.string(),
  descriptionNl: z.string(),
  isActive: z.boolean(),
  features: z.array(
    planFeatureSchema.omit({ text: true }).extend({ text: z.string(), textNl: z.string() }),
  ),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

export const updatePlanSchema = z
  .object({
    displayName: z.string().trim().min(1, { error: "Fill in a name." }).max(80),
    displayNameNl: z.string().trim().min(1, { error: "Fill in a name." }).max(80),
    description: z.string().trim().max(500),
    descriptionNl: z.string().trim().max(500),
    monthlyPriceCents: cents,
    annualPriceCents: cents,
    stripeMonthlyPriceId: optionalPriceId,
    stripeAnnualPriceId: optionalPriceId,
    isPopular: z.boolean(),
    isPro: z.boolean(),
    isActive: z.boolean(),
    displayOrder: z.number().int().min(0).max(1000),
  })
  .partial();
export type UpdatePlanInput = z.input<typeof updatePlanSchema>;

export const planFeatureInputSchema = z.object({
  text: z.string().trim().min(1, { error: "Fill in the feature." }).max(200),
  textNl: z.string().trim().min(1, { error: "Fill in the feature." }).max(200),
  isIncluded: z.boolean().default(true),
  isHighlighted: z.boolean().default(false),
  displayOrder: z.number().int().min(0).max(1000).default(0),
  category: z.string().trim().max(50).nullable().default(null),
});
export type PlanFeatureInput = z.input<typeof planFeatureInputSchema>;
export const updatePlanFeatureSchema = planFeatureInputSchema.partial();

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  timesUsed: z.number().int(),
  isActive: z.boolean(),
});
export type Coupon = z.infer<typeof couponSchema>;

const couponFields = {
  percentOff: z
    .number()
    .int()
    .min(1, { error: "A percentage from 1 to 100." })
    .max(100, { error: "A percentage from 1 to 100." })
    .nullable()
    .default(null),
  amountOffCents: z
    .number()
    .int()
    .min(1, { error: "An amount of at least 1 cent." })
    .max(100_000_000)
    .nullable()
    .default(null),
  validUntil: z.iso.datetime({ offset: true, error: "A date and time." }).nullable().default(null),
  maxUses: z.number().int().min(1, { error: "At least 1 use." }).nullable().default(null),
  isActive: z.boolean().default(true),
};
const oneDiscount = (value: { percentOff: number | null; amountOffCents: number | null }) =>
  (value.percentOff === null) !== (value.amountOffCents === null);
const oneDiscountMessage = {
  error: "Give either a percentage or an amount off, not both.",
  path: ["percentOff"],
};

export const couponInputSchemaAdmin = z
  .object({
    code: z
      .string()
      .trim()
      .max(couponMaxLength, { error: `A coupon code has at most ${couponMaxLength} characters.` })
      .transform((value) => normalizeCoupon(value) ?? "")
      .pipe(z.string().min(1, { error: "Fill in a code." })),
    ...couponFields,
  })
  .refine(oneDiscount, oneDiscountMessage);
export type CouponInput = z.input<typeof couponInputSchemaAdmin>;
export const updateCouponSchema = z
  .object({
    percentOff: couponFields.percentOff,
    amountOffCents: couponFields.amountOffCents,
    validUntil: couponFields.validUntil,
    maxUses: couponFields.maxUses,
    isActive: couponFields.isActive,
  })
  .refine(oneDiscount, oneDiscountMessage);

export const idParamSchema = z.object({ id: z.string() });
export const featureParamSchema = z.object({ id: z.string(), featureId: z.string() });
