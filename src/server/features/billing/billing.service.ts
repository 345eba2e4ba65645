import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
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
import {
  addPeriod,
  couponDiscountCents,
  quotePlanChange,
  type BillingMode,
  type BillingPeriod,
  type PlanChangeQuote,
} from "#shared/billing.ts";
import { isLanguage, type Language } from "#shared/i18n.ts";
import { effectivePlan, type PlanName } from "#shared/plans.ts";
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

/**
 * The owner chooses Free. Without a paid plan it is recorded at once; while the household pays,
 * choosing Free is cancelling at the period's end (`cancelAtPeriodEnd`, the provider's call):
 * the plan stays until `endsAt`, then Free follows.
 */
export async function selectFreePlan(
  db: Db,
  viewer: Viewer,
  billing: BillingMode,
  t: BillingMessages,
  cancelAtPeriodEnd: () => Promise<void>,
): Promise<{ planName: "free"; endsAt: string | null }> {
  assertPlanOwner(viewer, t);
  if (billing !== "off" && (await householdPlan(db, viewer.householdId, billing)) !== "free") {
    const row = await subscriptionRow(db, viewer.householdId);
    if (row && !row.cancelAtPeriodEnd && row.status !== "canceled") await cancelAtPeriodEnd();
    return { planName: "free", endsAt: row?.currentPeriodEnd?.toISOString() ?? null };
  }
  await setOwnerPlanName(db, viewer.householdId, "free");
  return { planName: "free", endsAt: null };
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

/**
 * Counts one use of a coupon at pay time, atomically: the row is only updated while it is active,
 * not expired and not used up, so two payments cannot both take a coupon's last use (the second
 * waits for the first's row lock, then finds the condition false). A coupon that can no longer be
 * used refuses the payment with the reason, and the caller's transaction changes nothing.
 */
export async function useCoupon(tx: Tx, code: string, t: BillingMessages, now = new Date()) {
  const [used] = await tx
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(
      and(
        eq(coupons.code, code),
        eq(coupons.isActive, true),
        or(isNull(coupons.validUntil), gt(coupons.validUntil, now)),
        or(isNull(coupons.maxUses), lt(coupons.timesUsed, coupons.maxUses)),
      ),
    )
    .returning({ id: coupons.id });
  if (used) return;
  await usableCoupon(tx, code, t, now); // throws the reason (unknown, expired, used up)
  throw new AppError("VALIDATION", t.couponInvalid, { couponCode: t.couponInvalid });
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
  return addPeriod(from, period);
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
    const now = new Date();
    if (claimed.couponCode) await useCoupon(tx, claimed.couponCode, t, now);
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
  // The checkout is the owner's, as every billing action: a member cannot end it either.
  assertPlanOwner(viewer, t);
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

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Statuses after which Stripe charges nothing more for a subscription. */
const endedStatuses = ["canceled", "incomplete_expired"];

/**
 * Whether a subscription is still being charged: a paid plan that has not ended and is not set
 * to end at the period's end. A household in this state must not be deleted (decision 016).
 */
export function isCharging(
  row: Pick<SubscriptionRow, "planName" | "status" | "cancelAtPeriodEnd">,
) {
  return row.planName !== "free" && !row.cancelAtPeriodEnd && !endedStatuses.includes(row.status);
}

export async function chargingSubscription(db: Queryable, householdId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.householdId, householdId))
    .limit(1);
  return row && isCharging(row) ? row : null;
}

/** A plan and period to change a running subscription to, with its price. */
export type PlanChange = {
  plan: PlanRow;
  period: BillingPeriod;
  priceId: string;
  priceCents: number;
};

/** The active paid plan and the price of a period, or NOT_FOUND / VALIDATION. */
export async function planPrice(
  db: Db,
  input: { planName: PlanName; period: BillingPeriod },
  t: BillingMessages,
): Promise<PlanChange> {
  const [plan] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.name, input.planName), eq(subscriptionPlans.isActive, true)))
    .limit(1);
  if (!plan) throw new AppError("NOT_FOUND", t.planNotFound);
  const priceCents = input.period === "annual" ? plan.annualPriceCents : plan.monthlyPriceCents;
  const priceId =
    (input.period === "annual" ? plan.stripeAnnualPriceId : plan.stripeMonthlyPriceId) ?? "";
  if (plan.monthlyPriceCents === 0 && plan.annualPriceCents === 0) {
    throw new AppError("VALIDATION", t.freeIsNotSold, { planName: t.freeIsNotSold });
  }
  if (priceId.trim() === "") {
    throw new AppError("VALIDATION", t.pricingNotConfigured, { period: t.pricingNotConfigured });
  }
  return { plan, period: input.period, priceId: priceId.trim(), priceCents };
}

/** What a requested change means for a subscription row: nothing, resuming, or a change. */
export function changeKind(
  row: SubscriptionRow | null,
  change: Pick<PlanChange, "plan" | "period">,
  t: BillingMessages,
  now = new Date(),
): "resume" | "change" {
  if (!row || row.planName === "free" || !["active", "trialing"].includes(row.status)) {
    throw new AppError("CONFLICT", t.subscriptionEnded);
  }
  if (!entitles(row, now) || (row.currentPeriodEnd && row.currentPeriodEnd <= now)) {
    throw new AppError("CONFLICT", t.subscriptionEnded);
  }
  if (row.planName === change.plan.name && row.billingPeriod === change.period) {
    if (row.cancelAtPeriodEnd) return "resume";
    throw new AppError("CONFLICT", t.alreadyOnPlan);
  }
  return "change";
}

export function quoteAnswer(change: Pick<PlanChange, "plan" | "period">, quote: PlanChangeQuote) {
  return {
    planName: effectivePlan(change.plan.name),
    billingPeriod: change.period,
    amountDueCents: quote.amountDueCents,
    creditCents: quote.creditCents,
    startsNewPeriod: quote.startsNewPeriod,
    periodEnd: quote.periodEnd.toISOString(),
  };
}

/** BILLING=test: the quote from the stored row (what was paid, the period's end). */
export function testQuote(row: SubscriptionRow, change: PlanChange, now = new Date()) {
  if (changeKindQuiet(row, change) === "resume") {
    return {
      amountDueCents: 0,
      creditCents: 0,
      startsNewPeriod: false,
      periodEnd: row.currentPeriodEnd ?? now,
    };
  }
  return quotePlanChange({
    paidCents: row.priceCents,
    period: row.billingPeriod,
    periodEnd: row.currentPeriodEnd ?? now,
    newPriceCents: change.priceCents,
    newPeriod: change.period,
    now,
  });
}

function changeKindQuiet(row: SubscriptionRow, change: Pick<PlanChange, "plan" | "period">) {
  return row.planName === change.plan.name && row.billingPeriod === change.period
    ? "resume"
    : "change";
}

/**
 * BILLING=test: changes the running subscription now, as a confirmed prorated payment would:
 * plan, period and price; the same period keeps its end, a new period starts now; a change also
 * takes back a cancellation. Same plan and period while cancelled: resumes.
 */
export async function changeTestSubscription(
  db: Db,
  viewer: Viewer,
  change: PlanChange,
  t: BillingMessages,
) {
  assertPlanOwner(viewer, t);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.householdId, viewer.householdId))
      .limit(1)
      .for("update");
    const now = new Date();
    const kind = changeKind(row ?? null, change, t, now);
    if (!row) return;
    if (kind === "resume") {
      await tx
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: false, updatedAt: now })
        .where(eq(subscriptions.householdId, viewer.householdId));
      return;
    }
    const quote = testQuote(row, change, now);
    await tx
      .update(subscriptions)
      .set({
        planName: change.plan.name,
        billingPeriod: change.period,
        priceCents: change.priceCents,
        currentPeriodEnd: quote.periodEnd,
        cancelAtPeriodEnd: false,
        couponCode: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.householdId, viewer.householdId));
    await setOwnerPlanName(tx, viewer.householdId, effectivePlan(change.plan.name));
  });
}

/** BILLING=test: takes back a cancellation while the period runs. */
export async function resumeTestSubscription(db: Db, viewer: Viewer, t: BillingMessages) {
  assertPlanOwner(viewer, t);
  const [resumed] = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: false, updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.householdId, viewer.householdId),
        eq(subscriptions.cancelAtPeriodEnd, true),
        or(eq(subscriptions.status, "active"), eq(subscriptions.status, "trialing")),
        gt(subscriptions.currentPeriodEnd, new Date()),
      ),
    )
    .returning({ id: subscriptions.householdId });
  if (!resumed) throw new AppError("CONFLICT", t.notResumable);
}
