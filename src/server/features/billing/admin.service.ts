import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { coupons, subscriptionPlanFeatures, subscriptionPlans } from "#server/db/schema/billing.ts";
import { isUuid } from "#shared/ids.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { z } from "zod";
import type {
  couponInputSchemaAdmin,
  planFeatureInputSchema,
  updateCouponSchema,
  updatePlanFeatureSchema,
  updatePlanSchema,
} from "#shared/schemas/billing.schema.ts";

const notFound = () => new AppError("NOT_FOUND", "There is no such item.");

function adminPlan(
  plan: typeof subscriptionPlans.$inferSelect,
  features: (typeof subscriptionPlanFeatures.$inferSelect)[],
) {
  return {
    id: plan.id,
    name: plan.name,
    displayName: plan.displayName,
    displayNameNl: plan.displayNameNl,
    description: plan.description,
    descriptionNl: plan.descriptionNl,
    monthlyPriceCents: plan.monthlyPriceCents,
    annualPriceCents: plan.annualPriceCents,
    stripeMonthlyPriceId: plan.stripeMonthlyPriceId,
    stripeAnnualPriceId: plan.stripeAnnualPriceId,
    isPopular: plan.isPopular,
    isPro: plan.isPro,
    isActive: plan.isActive,
    displayOrder: plan.displayOrder,
    features: features
      .filter((f) => f.planId === plan.id)
      .map((f) => ({
        id: f.id,
        text: f.featureText,
        textNl: f.featureTextNl,
        isIncluded: f.isIncluded,
        isHighlighted: f.isHighlighted,
        category: f.category,
        displayOrder: f.displayOrder,
      })),
  };
}

/** Every plan, active or not, with both languages, by display_order. */
export async function listAdminPlans(db: Db) {
  const plans = await db
    .select()
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.displayOrder), asc(subscriptionPlans.name));
  const features = await db
    .select()
    .from(subscriptionPlanFeatures)
    .orderBy(asc(subscriptionPlanFeatures.displayOrder), asc(subscriptionPlanFeatures.id));
  return plans.map((plan) => adminPlan(plan, features));
}

async function adminPlanById(db: Db, id: string) {
  const plan = (await listAdminPlans(db)).find((p) => p.id === id);
  if (!plan) throw notFound();
  return plan;
}

export async function updatePlan(db: Db, id: string, input: z.output<typeof updatePlanSchema>) {
  if (!isUuid(id)) throw notFound();
  if (Object.keys(input).length > 0) {
    const [row] = await db
      .update(subscriptionPlans)
      .set(input)
      .where(eq(subscriptionPlans.id, id))
      .returning({ id: subscriptionPlans.id });
    if (!row) throw notFound();
  }
  return adminPlanById(db, id);
}

export async function addFeature(
  db: Db,
  planId: string,
  input: z.output<typeof planFeatureInputSchema>,
) {
  if (!isUuid(planId)) throw notFound();
  const [plan] = await db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, planId));
  if (!plan) throw notFound();
  await db.insert(subscriptionPlanFeatures).values({
    planId,
    featureText: input.text,
    featureTextNl: input.textNl,
    isIncluded: input.isIncluded,
    isHighlighted: input.isHighlighted,
    displayOrder: input.displayOrder,
    category: input.category,
  });
  return adminPlanById(db, planId);
}

export async function updateFeature(
  db: Db,
  planId: string,
  featureId: string,
  input: z.output<typeof updatePlanFeatureSchema>,
) {
  if (!isUuid(planId) || !isUuid(featureId)) throw notFound();
  const { text, textNl, ...rest } = input;
  const set = {
    ...rest,
    ...(text === undefined ? {} : { featureText: text }),
    ...(textNl === undefined ? {} : { featureTextNl: textNl }),
  };
  const [row] = await db
    .update(subscriptionPlanFeatures)
    .set(Object.keys(set).length > 0 ? set : { planId })
    // Both ids: a feature of another plan is not found, and stays as it was.
    .where(
      and(eq(subscriptionPlanFeatures.id, featureId), eq(subscriptionPlanFeatures.planId, planId)),
    )
    .returning({ planId: subscriptionPlanFeatures.planId });
  if (row?.planId !== planId) throw notFound();
  return adminPlanById(db, planId);
}

export async function deleteFeature(db: Db, planId: string, featureId: string) {
  if (!isUuid(planId) || !isUuid(featureId)) throw notFound();
  const [row] = await db
    .delete(subscriptionPlanFeatures)
    // Both ids: a feature of another plan is not found, and stays as it was.
    .where(
      and(eq(subscriptionPlanFeatures.id, featureId), eq(subscriptionPlanFeatures.planId, planId)),
    )
    .returning({ planId: subscriptionPlanFeatures.planId });
  if (row?.planId !== planId) throw notFound();
  return adminPlanById(db, planId);
}

function couponAnswer(row: typeof coupons.$inferSelect) {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    validUntil: row.validUntil?.toISOString() ?? null,
    maxUses: row.maxUses,
    timesUsed: row.timesUsed,
    isActive: row.isActive,
  };
}

export async function listCoupons(db: Db) {
  return (await db.select().from(coupons).orderBy(asc(coupons.code))).map(couponAnswer);
}

export async function createCoupon(db: Db, input: z.output<typeof couponInputSchemaAdmin>) {
  const [row] = await db
    .insert(coupons)
    .values({ ...input, validUntil: input.validUntil ? new Date(input.validUntil) : null })
    .onConflictDoNothing({ target: coupons.code })
    .returning();
  if (!row) {
    throw new AppError("CONFLICT", "A coupon with this code exists already.", {
      code: "A coupon with this code exists already.",
    });
  }
  return couponAnswer(row);
}

export async function updateCoupon(db: Db, id: string, input: z.output<typeof updateCouponSchema>) {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(coupons)
    .set({ ...input, validUntil: input.validUntil ? new Date(input.validUntil) : null })
    .where(eq(coupons.id, id))
    .returning();
  if (!row) throw notFound();
  return couponAnswer(row);
}

export async function deleteCoupon(db: Db, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  if (!row) throw notFound();
  return { deleted: true as const };
}
