import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  checkouts,
  coupons,
  subscriptionPlanFeatures,
  subscriptionPlans,
  subscriptions,
} from "#server/db/schema/billing.ts";
import { members, profiles } from "#server/db/schema/households.ts";
import { findProfile } from "#server/features/households/households.service.ts";
import { isUuid } from "#shared/ids.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { couponDiscountCents, type BillingMode, type BillingPeriod } from "#shared/billing.ts";
import { isLanguage, type Language } from "#shared/i18n.ts";
import type { PlanName } from "#shared/plans.ts";
import { billingMessages, type BillingMessages } from "./billing-messages.ts";
import { entitles, householdPlan } from "./entitlement.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Queryable = Db | Tx;

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/** The viewer's language: the one the client shows (header), else the profile's, else English. */
export async function languageFor(
  db: Db,
  viewer: Viewer | null,
  header: string | undefined,
): Promise<Language> {
  // The language on the person's screen first, then the one kept in their profile.
  if (isLanguage(header)) return header;
  if (viewer) {
    const profile = await findProfile(db, viewer.userId);
    if (profile && isLanguage(profile.preferredLanguage)) return profile.preferredLanguage;
  }
  return "en";
}

export const messagesIn = (language: Language): BillingMessages => billingMessages[language];

/** The active plans by display_order, each with its features by display_order, in a language. */
export async function listPlans(db: Db, language: Language) {
  const plans = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.displayOrder), asc(subscriptionPlans.name));
  const features = await db
    .select()
    .from(subscriptionPlanFeatures)
    .orderBy(asc(subscriptionPlanFeatures.displayOrder), asc(subscriptionPlanFeatures.id));
  const nl = language === "nl";
  return plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    displayName: nl ? plan.displayNameNl : plan.displayName,
    description: nl ? plan.descriptionNl : plan.description,
    monthlyPriceCents: plan.monthlyPriceCents,
    annualPriceCents: plan.annualPriceCents,
    stripeMonthlyPriceId: plan.stripeMonthlyPriceId,
    stripeAnnualPriceId: plan.stripeAnnualPriceId,
    isPopular: plan.isPopular,
    isPro: plan.isPro,
    displayOrder: plan.displayOrder,
    features: features
      .filter((feature) => feature.planId === plan.id)
      .map((feature) => ({
        id: feature.id,
        text: nl ? feature.featureTextNl : feature.featureText,
        isIncluded: feature.isIncluded,
        isHighlighted: feature.isHighlighted,
        category: feature.category,
        displayOrder: feature.displayOrder,
      })),
  }));
}

export function assertPlanOwner(viewer: Viewer, t: BillingMessages) {
  if (viewer.role !== "owner") throw new AppError("FORBIDDEN", t.ownerOnly);
}

/** Sets the household owner's `plan_name` (the spec's field: null means "not chosen yet"). */
export async function setOwnerPlanName(db: Queryable, householdId: string, planName: PlanName) {
  const owners = db
    .select({ id: members.userId })
    .from(members)
    .where(
      and(
        eq(members.householdId, householdId),
        eq(members.role, "owner"),
        eq(members.isHousehold, false),
        eq(members.invitationStatus, "active"),
      ),
    );
  await db
    .update(profiles)
    .set({ planName, updatedAt: new Date() })
    .where(sql`${profiles.id} in (${owners})`);
}

export async function selectFreePlan(
  db: Db,
  viewer: Viewer,
  billing: BillingMode,
  t: BillingMessages,
) {
  assertPlanOwner(viewer, t);
  // Choosing Free does not end a paid subscription: that is cancelling, at the period's end.
  if (billing !== "off" && (await householdPlan(db, viewer.householdId, billing)) !== "free") {
    throw new AppError("CONFLICT", t.cancelFirst);
  }
  await setOwnerPlanName(db, viewer.householdId, "free");
  return { planName: "free" as const };
}

/** The active plan a price id belongs to, and the period it prices; or a VALIDATION error. */
export async function priceOf(
  db: Db,
  input: { planName: PlanName; priceId: string },
  t: BillingMessages,
): Promise<{ plan: PlanRow; period: BillingPeriod; priceCents: number }> {
  const [plan] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.name, input.planName), eq(subscriptionPlans.isActive, true)))
    .limit(1);
  if (!plan) throw new AppError("NOT_FOUND", t.planNotFound);
  if (plan.monthlyPriceCents === 0 && plan.annualPriceCents === 0) {
    throw new AppError("VALIDATION", t.freeIsNotSold, { planName: t.freeIsNotSold });
  }
  const priceId = input.priceId.trim();
  if (priceId !== "" && priceId === plan.stripeMonthlyPriceId) {
    return { plan, period: "monthly", priceCents: plan.monthlyPriceCents };
  }
  if (priceId !== "" && priceId === plan.stripeAnnualPriceId) {
    return { plan, period: "annual", priceCents: plan.annualPriceCents };
  }
  throw new AppError("VALIDATION", t.pricingNotConfigured, { priceId: t.pricingNotConfigured });
}

export type CouponRow = typeof coupons.$inferSelect;

/** A stored coupon that can still be used, or a VALIDATION error naming `couponCode`. */
export async function usableCoupon(
  db: Queryable,
  code: string,
  t: BillingMessages,
  now = new Date(),
): Promise<CouponRow> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  const refuse = (message: string) => new AppError("VALIDATION", message, { couponCode: message });
  if (!coupon || !coupon.isActive) throw refuse(t.couponUnknown);
  if (coupon.validUntil && coupon.validUntil <= now) throw refuse(t.couponExpired);
  if (coupon.maxUses !== null && coupon.timesUsed >= coupon.maxUses) throw refuse(t.couponUsedUp);
  return coupon;
}

export function checkoutAnswer(row: typeof checkouts.$inferSelect) {
  return {
    id: row.id,
    planName: row.planName,
    billingPeriod: row.billingPeriod,
    priceCents: row.priceCents,
    discountCents: row.discountCents,
    totalCents: row.priceCents - row.discountCents,
    couponCode: row.couponCode,
    status: row.status,
  };
}

/** Creates a test checkout for a priced plan, the coupon already checked. */
export async function createTestCheckout(
  db: Db,
  viewer: Viewer,
  input: { plan: PlanRow; period: BillingPeriod; priceCents: number; coupon: CouponRow | null },
) {
  const discountCents = input.coupon ? couponDiscountCents(input.priceCents, input.coupon) : 0;
  const [row] = await db
    .insert(checkouts)
    .values({
      householdId: viewer.householdId,
      createdBy: viewer.userId,
      planName: input.plan.name,
      billingPeriod: input.period,
      priceCents: input.priceCents,
      discountCents,
      couponCode: input.coupon?.code ?? null,
    })
    .returning();
  if (!row) throw new Error("checkout insert returned nothing");
  return row;
}

async function ownCheckout(db: Queryable, viewer: Viewer, id: string, t: BillingMessages) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", t.checkoutNotFound);
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, id), eq(checkouts.householdId, viewer.householdId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", t.checkoutNotFound);
  return row;
}

export async function getCheckout(db: Db, viewer: Viewer, id: string, t: BillingMessages) {
  return checkoutAnswer(await ownCheckout(db, viewer, id, t));
}

export function periodEnd(from: Date, period: BillingPeriod): Date {
  const end = new Date(from);
  if (period === "annual") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * Pays a test checkout: records the subscription exactly as a confirmed Stripe payment would
 * (active, period end a month or a year ahead, period, price, coupon), counts the coupon's use
 * and sets the owner's plan_name. A checkout is paid once; paying again changes nothing.
 */
export async function payTestCheckout(db: Db, viewer: Viewer, id: string, t: BillingMessages) {
  assertPlanOwner(viewer, t);
  await db.transaction(async (tx) => {
    await ownCheckout(tx, viewer, id, t);
    const [claimed] = await tx
      .update(checkouts)
      .set({ status: "paid" })
      .where(and(eq(checkouts.id, id), eq(checkouts.status, "pending")))
      .returning();
    if (!claimed) {
      const [current] = await tx.select().from(checkouts).where(eq(checkouts.id, id)).limit(1);
      if (current?.status === "cancelled") throw new AppError("CONFLICT", t.checkoutClosed);
      return; // already paid
    }
    if (claimed.couponCode) {
      await tx
        .update(coupons)
        .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
        .where(eq(coupons.code, claimed.couponCode));
    }
    const now = new Date();
    const values = {
      planName: claimed.planName,
      billingPeriod: claimed.billingPeriod,
      status: "active",
      currentPeriodEnd: periodEnd(now, claimed.billingPeriod),
      cancelAtPeriodEnd: false,
      priceCents: claimed.priceCents - claimed.discountCents,
      couponCode: claimed.couponCode,
      updatedAt: now,
    };
    await tx
      .insert(subscriptions)
      .values({ householdId: viewer.householdId, ...values })
      .onConflictDoUpdate({ target: subscriptions.householdId, set: values });
    await setOwnerPlanName(tx, viewer.householdId, claimed.planName);
  });
  return { redirect: "/subscription-success" as const };
}

export async function cancelTestCheckout(db: Db, viewer: Viewer, id: string, t: BillingMessages) {
  await ownCheckout(db, viewer, id, t);
  await db
    .update(checkouts)
    .set({ status: "cancelled" })
    .where(and(eq(checkouts.id, id), eq(checkouts.status, "pending")));
  return { redirect: "/select-plan" as const };
}

export async function subscriptionRow(db: Db, householdId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.householdId, householdId))
    .limit(1);
  return row ?? null;
}

export async function checkSubscription(db: Db, viewer: Viewer, billing: BillingMode) {
  const plan = await householdPlan(db, viewer.householdId, billing);
  const row = billing === "off" ? null : await subscriptionRow(db, viewer.householdId);
  return {
    subscribed: plan !== "free",
    plan_name: plan,
    subscription_status: billing === "off" ? "active" : (row?.status ?? null),
  };
}

export async function getSubscription(db: Db, viewer: Viewer, billing: BillingMode) {
  const plan = await householdPlan(db, viewer.householdId, billing);
  const row = billing === "off" ? null : await subscriptionRow(db, viewer.householdId);
  const current = row && entitles(row) ? row : null;
  return {
    planName: plan,
    billingPeriod: current?.billingPeriod ?? null,
    status: billing === "off" ? "active" : (row?.status ?? null),
    currentPeriodEnd: current?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: current?.cancelAtPeriodEnd ?? false,
    couponCode: current?.couponCode ?? null,
    priceCents: current?.priceCents ?? null,
    isOwner: viewer.role === "owner",
    billing,
  };
}
