import { and, eq, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import type Stripe from "stripe";
import type { Db } from "#server/db/client.ts";
import { stripeEvents, subscriptionPlans, subscriptions } from "#server/db/schema/billing.ts";
import { households } from "#server/db/schema/households.ts";
import { isUuid } from "#shared/ids.ts";
import { errorBody } from "#server/lib/app-error.ts";
import type { AppEnv } from "#server/lib/router.ts";
import { isPlanName, type PlanName } from "#shared/plans.ts";
import type { BillingPeriod } from "#shared/billing.ts";
import { setOwnerPlanName } from "./billing.service.ts";
import { entitles } from "./entitlement.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Why an event changed nothing: said in the log, never as an error to Stripe (decision 016). */
type Ignored = { ignored: string; householdId?: string | null; subscriptionId?: string | null };
type Outcome = Ignored | null;

/** Whether a household id from Stripe names a household that still exists. */
async function householdExists(tx: Tx, householdId: string): Promise<boolean> {
  if (!isUuid(householdId)) return false;
  const [row] = await tx
    .select({ id: households.id })
    .from(households)
    .where(eq(households.id, householdId))
    .limit(1);
  return row !== undefined;
}

/** Signatures older than this are refused (Stripe's default). */
export const webhookToleranceSeconds = 300;

/**
 * The order of events within one second: a later kind wins a tie, so `created` never undoes an
 * `updated` or `deleted` of the same second. Stored as created × 10 + rank.
 */
const rank: Record<string, number> = {
  "customer.subscription.created": 1,
  "checkout.session.completed": 2,
  "customer.subscription.updated": 3,
  "customer.subscription.deleted": 4,
};
const orderKey = (event: Stripe.Event) => event.created * 10 + (rank[event.type] ?? 0);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

function periodOf(value: unknown): BillingPeriod | null {
  return value === "monthly" || value === "annual" ? value : null;
}

/** The plan and period a Stripe price id stands for, from the plans table. */
async function planByPrice(tx: Tx, priceId: string | null) {
  if (!priceId) return null;
  const [plan] = await tx
    .select({
      name: subscriptionPlans.name,
      monthly: subscriptionPlans.stripeMonthlyPriceId,
      monthlyCents: subscriptionPlans.monthlyPriceCents,
      annualCents: subscriptionPlans.annualPriceCents,
    })
    .from(subscriptionPlans)
    .where(
      or(
        eq(subscriptionPlans.stripeMonthlyPriceId, priceId),
        eq(subscriptionPlans.stripeAnnualPriceId, priceId),
      ),
    )
    .limit(1);
  if (!plan) return null;
  const period: BillingPeriod = plan.monthly === priceId ? "monthly" : "annual";
  return {
    planName: plan.name,
    period,
    priceCents: period === "monthly" ? plan.monthlyCents : plan.annualCents,
  };
}

/**
 * Writes the state an event carries into the household's row, unless a newer event has already
 * been applied. Then keeps the owner's plan_name in line with what the row entitles.
 */
async function applyState(
  tx: Tx,
  event: Stripe.Event,
  householdId: string,
  state: Partial<typeof subscriptions.$inferInsert> & {
    planName: PlanName;
    billingPeriod: BillingPeriod;
    status: string;
  },
): Promise<Outcome> {
  // A household that is gone (or never was) has no row to write: Stripe hears 200, the log why.
  if (!(await householdExists(tx, householdId))) {
    return {
      ignored: "unknown household",
      householdId,
      subscriptionId: state.stripeSubscriptionId ?? null,
    };
  }
  const key = orderKey(event);
  const values = { ...state, stripeEventCreated: key, updatedAt: new Date() };
  await tx
    .insert(subscriptions)
    .values({ householdId, ...values })
    .onConflictDoUpdate({
      target: subscriptions.householdId,
      set: values,
      setWhere: sql`${subscriptions.stripeEventCreated} is null or ${subscriptions.stripeEventCreated} <= ${key}`,
    });
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.householdId, householdId))
    .limit(1);
  if (row) await setOwnerPlanName(tx, householdId, entitles(row) ? row.planName : "free");
  return null;
}

async function householdOfSubscription(tx: Tx, subscription: Stripe.Subscription) {
  const fromMetadata = subscription.metadata["household_id"];
  if (fromMetadata) return fromMetadata;
  const [row] = await tx
    .select({ householdId: subscriptions.householdId })
    .from(subscriptions)
    .where(
      or(
        eq(subscriptions.stripeSubscriptionId, subscription.id),
        and(
          eq(subscriptions.stripeCustomerId, idOf(subscription.customer) ?? ""),
          sql`${subscriptions.stripeCustomerId} <> ''`,
        ),
      ),
    )
    .limit(1);
  return row?.householdId ?? null;
}

async function applySubscription(
  tx: Tx,
  event: Stripe.Event,
  subscription: Stripe.Subscription,
): Promise<Outcome> {
  const householdId = await householdOfSubscription(tx, subscription);
  if (!householdId) return { ignored: "unknown subscription", subscriptionId: subscription.id };
  const item = subscription.items.data[0];
  const byPrice = await planByPrice(tx, item?.price.id ?? null);
  const metadataPlan = subscription.metadata["plan"];
  const planName = byPrice?.planName ?? (isPlanName(metadataPlan) ? metadataPlan : null);
  const billingPeriod = byPrice?.period ?? periodOf(subscription.metadata["period"]);
  if (!planName || !billingPeriod) {
    return { ignored: "unknown price", householdId, subscriptionId: subscription.id };
  }
  const deleted = event.type === "customer.subscription.deleted";
  const endedAt = subscription.ended_at ?? (deleted ? event.created : null);
  const periodEndSeconds = deleted ? endedAt : (item?.current_period_end ?? null);
  return applyState(tx, event, householdId, {
    planName,
    billingPeriod,
    status: deleted ? "canceled" : subscription.status,
    currentPeriodEnd: periodEndSeconds === null ? null : new Date(periodEndSeconds * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    priceCents: item?.price.unit_amount ?? byPrice?.priceCents ?? 0,
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: idOf(subscription.customer),
  });
}

async function applyCheckout(
  tx: Tx,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<Outcome> {
  const householdId = session.client_reference_id ?? session.metadata?.["household_id"] ?? null;
  const planName = session.metadata?.["plan"];
  const billingPeriod = periodOf(session.metadata?.["period"]);
  if (!householdId || !isPlanName(planName) || !billingPeriod) {
    return { ignored: "checkout without Hearth's household, plan or period", householdId };
  }
  if (session.mode !== "subscription" || session.status !== "complete") return null;
  const paid =
    session.payment_status === "paid" || session.payment_status === "no_payment_required";
  return applyState(tx, event, householdId, {
    planName,
    billingPeriod,
    status: paid ? "active" : "incomplete",
    priceCents: session.amount_total ?? 0,
    stripeSubscriptionId: idOf(session.subscription),
    stripeCustomerId: idOf(session.customer),
  });
}

/**
 * Applies one verified event, once: the event id goes into stripe_events in the same
 * transaction, so a replay (or a concurrent duplicate) changes nothing.
 */
export async function processStripeEvent(
  db: Db,
  event: Stripe.Event,
): Promise<{ result: "applied" | "duplicate" } | ({ result: "ignored" } & Ignored)> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return { result: "duplicate" as const };
    let outcome: Outcome = null;
    switch (event.type) {
      case "checkout.session.completed":
        outcome = await applyCheckout(tx, event, event.data.object);
        break;
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        outcome = await applySubscription(tx, event, event.data.object);
        break;
      default:
        break;
    }
    return outcome ? { result: "ignored" as const, ...outcome } : { result: "applied" as const };
  });
}

/**
 * POST /api/webhooks/stripe: reads the raw body, verifies the signature (300 s tolerance) and
 * processes the event. No cookies, no session, no CSRF check needed: the signature is the proof.
 */
export function stripeWebhookRoutes(deps: {
  db: Db;
  stripe: Stripe | undefined;
  webhookSecret: string | undefined;
}) {
  return new Hono<AppEnv>().post("/webhooks/stripe", async (c) => {
    const { stripe, webhookSecret } = deps;
    if (!stripe || !webhookSecret) {
      return c.json(errorBody("NOT_FOUND", "Stripe billing is not enabled."), 404);
    }
    const payload = await c.req.text();
    const signature = c.req.header("stripe-signature") ?? "";
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        payload,
        signature,
        webhookSecret,
        webhookToleranceSeconds,
      );
    } catch {
      return c.json(errorBody("VALIDATION", "The Stripe signature is not valid."), 400);
    }
    const processed = await processStripeEvent(deps.db, event);
    if (processed.result === "ignored") {
      // Stripe retries anything but a 2xx for days: an event Hearth cannot place is logged, once.
      c.var.logger.warn("stripe event ignored", {
        eventId: event.id,
        type: event.type,
        reason: processed.ignored,
        householdId: processed.householdId ?? null,
        subscriptionId: processed.subscriptionId ?? null,
      });
    }
    return c.json({ received: true, duplicate: processed.result === "duplicate" }, 200);
  });
}
