import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Db } from "#server/db/client.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import type { Config } from "#server/env.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type { Logger } from "#server/lib/logger.ts";
import { addPeriod, type BillingMode, type BillingPeriod } from "#shared/billing.ts";
import type { BillingMessages } from "./billing-messages.ts";
import {
  changeKind,
  changeTestSubscription,
  createTestCheckout,
  resumeTestSubscription,
  subscriptionRow,
  testQuote,
  usableCoupon,
  type PlanChange,
  type PlanRow,
} from "./billing.service.ts";

export type CheckoutRequest = {
  viewer: Viewer;
  plan: PlanRow;
  period: BillingPeriod;
  priceId: string;
  priceCents: number;
  couponCode: string | undefined;
  t: BillingMessages;
};

/** The one interface the routes talk to; BILLING chooses the implementation. */
export interface PaymentProvider {
  readonly kind: BillingMode;
  /** Checks the coupon, then starts a checkout and answers the URL the browser goes to. */
  startCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  /** Cancels the household's subscription at the end of its period. */
  cancelSubscription(viewer: Viewer, t: BillingMessages): Promise<void>;
  /** The customer portal, for changing and cancelling (Stripe only). */
  openPortal(viewer: Viewer, t: BillingMessages): Promise<{ url: string }>;
  /** What changing the running subscription to another plan or period costs now. */
  previewChange(viewer: Viewer, change: PlanChange, t: BillingMessages): Promise<ChangeQuote>;
  /** Changes the running subscription now, prorated; the same plan and period resumes it. */
  changeSubscription(viewer: Viewer, change: PlanChange, t: BillingMessages): Promise<void>;
  /** Takes back a cancellation while the period runs. */
  resumeSubscription(viewer: Viewer, t: BillingMessages): Promise<void>;
}

export type ChangeQuote = {
  amountDueCents: number;
  creditCents: number;
  startsNewPeriod: boolean;
  periodEnd: Date;
};

/** BILLING=test: a checkout page inside Hearth that honours the stored coupons. */
export function testPaymentProvider(db: Db): PaymentProvider {
  return {
    kind: "test",
    async startCheckout({ viewer, plan, period, priceCents, couponCode, t }) {
      const coupon = couponCode ? await usableCoupon(db, couponCode, t) : null;
      const row = await createTestCheckout(db, viewer, { plan, period, priceCents, coupon });
      return { url: `/checkout/${row.id}` };
    },
    async cancelSubscription(viewer, t) {
      const updated = await db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true, updatedAt: new Date() })
        .where(eq(subscriptions.householdId, viewer.householdId))
        .returning({ status: subscriptions.status });
      if (!updated[0] || !["active", "trialing"].includes(updated[0].status)) {
        throw new AppError("CONFLICT", t.noSubscription);
      }
    },
    openPortal(_viewer, t) {
      return Promise.reject(new AppError("CONFLICT", t.portalStripeOnly));
    },
    async previewChange(viewer, change, t) {
      const row = await subscriptionRow(db, viewer.householdId);
      changeKind(row, change, t);
      if (!row) throw new AppError("CONFLICT", t.subscriptionEnded);
      return testQuote(row, change);
    },
    changeSubscription: (viewer, change, t) => changeTestSubscription(db, viewer, change, t),
    resumeSubscription: (viewer, t) => resumeTestSubscription(db, viewer, t),
  };
}

/** BILLING=off: nothing is sold; every household has Pro. */
export function offPaymentProvider(): PaymentProvider {
  const refuse = (t: BillingMessages) => Promise.reject(new AppError("CONFLICT", t.billingOff));
  return {
    kind: "off",
    startCheckout: ({ t }) => refuse(t),
    cancelSubscription: (_viewer, t) => refuse(t),
    openPortal: (_viewer, t) => refuse(t),
    previewChange: (_viewer, _change, t) => refuse(t),
    changeSubscription: (_viewer, _change, t) => refuse(t),
    resumeSubscription: (_viewer, t) => refuse(t),
  };
}

export function createStripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

/**
 * Calls Stripe; when Stripe cannot be reached (or refuses the call) the person hears "payment
 * unavailable" (503, nothing charged) instead of a 500, and the cause goes to the log.
 */
async function reach<T>(
  t: BillingMessages,
  logger: Logger | undefined,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger?.error("stripe call failed", { error });
    throw new AppError("UNAVAILABLE", t.paymentUnavailable);
  }
}

/**
 * BILLING=stripe: Stripe Checkout Sessions with the plan's price ids and the coupon as a
 * promotion code. Nothing here grants a plan: only the signed webhook does.
 */
export function stripePaymentProvider(
  db: Db,
  stripe: Stripe,
  baseUrl: string,
  logger?: Logger,
): PaymentProvider {
  /** The household's Stripe subscription and its first item, for a change. */
  async function running(viewer: Viewer, change: PlanChange | null, t: BillingMessages) {
    const row = await subscriptionRow(db, viewer.householdId);
    const kind = change ? changeKind(row, change, t) : "resume";
    if (!row?.stripeSubscriptionId) throw new AppError("CONFLICT", t.subscriptionEnded);
    const subscriptionId = row.stripeSubscriptionId;
    const subscription = await reach(t, logger, () =>
      stripe.subscriptions.retrieve(subscriptionId),
    );
    const item = subscription.items.data[0];
    if (!item) throw new AppError("CONFLICT", t.subscriptionEnded);
    return { row, kind, subscription, item };
  }
  return {
    kind: "stripe",
    async startCheckout({ viewer, plan, period, priceId, couponCode, t }) {
      let promotionCode: string | undefined;
      if (couponCode) {
        const found = await reach(t, logger, () =>
          stripe.promotionCodes.list({ code: couponCode, active: true, limit: 1 }),
        );
        const first = found.data[0];
        if (!first)
          throw new AppError("VALIDATION", t.couponUnknown, { couponCode: t.couponUnknown });
        promotionCode = first.id;
      }
      const existing = await subscriptionRow(db, viewer.householdId);
      const metadata = { plan: plan.name, period, household_id: viewer.householdId };
      const session = await reach(t, logger, () =>
        stripe.checkout.sessions.create({
          mode: "subscription",
          line_items: [{ price: priceId, quantity: 1 }],
          client_reference_id: viewer.householdId,
          metadata,
          subscription_data: { metadata },
          ...(existing?.stripeCustomerId
            ? { customer: existing.stripeCustomerId }
            : { customer_email: viewer.email }),
          ...(promotionCode ? { discounts: [{ promotion_code: promotionCode }] } : {}),
          success_url: `${baseUrl}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${baseUrl}/select-plan`,
        }),
      );
      if (!session.url) throw new AppError("UNAVAILABLE", t.paymentFailed);
      return { url: session.url };
    },
    async cancelSubscription(viewer, t) {
      const row = await subscriptionRow(db, viewer.householdId);
      const subscriptionId = row?.stripeSubscriptionId;
      if (!subscriptionId) throw new AppError("CONFLICT", t.noSubscription);
      // The webhook that follows records the change.
      await reach(t, logger, () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
    },
    async openPortal(viewer, t) {
      const row = await subscriptionRow(db, viewer.householdId);
      const customer = row?.stripeCustomerId;
      if (!customer) throw new AppError("CONFLICT", t.noSubscription);
      const portal = await reach(t, logger, () =>
        stripe.billingPortal.sessions.create({
          customer,
          return_url: `${baseUrl}/dashboard/profile`,
        }),
      );
      return { url: portal.url };
    },
    async previewChange(viewer, change, t) {
      const { kind, subscription, item } = await running(viewer, change, t);
      const periodEnd = new Date(item.current_period_end * 1000);
      if (kind === "resume") {
        return { amountDueCents: 0, creditCents: 0, startsNewPeriod: false, periodEnd };
      }
      const startsNewPeriod = item.price.recurring?.interval !== intervalOf(change.period);
      const invoice = await reach(t, logger, () =>
        stripe.invoices.createPreview({
          customer: idOf(subscription.customer),
          subscription: subscription.id,
          subscription_details: {
            items: [{ id: item.id, price: change.priceId }],
            proration_behavior: "always_invoice",
          },
        }),
      );
      return {
        amountDueCents: Math.max(0, invoice.amount_due),
        creditCents: Math.max(0, -invoice.total),
        startsNewPeriod,
        periodEnd: startsNewPeriod ? addPeriod(new Date(), change.period) : periodEnd,
      };
    },
    async changeSubscription(viewer, change, t) {
      const { kind, subscription, item } = await running(viewer, change, t);
      // The webhook that follows records the change; a declined payment changes nothing.
      await reach(t, logger, () =>
        stripe.subscriptions.update(
          subscription.id,
          kind === "resume"
            ? { cancel_at_period_end: false }
            : {
                items: [{ id: item.id, price: change.priceId }],
                proration_behavior: "always_invoice",
                payment_behavior: "error_if_incomplete",
                cancel_at_period_end: false,
                metadata: {
                  plan: change.plan.name,
                  period: change.period,
                  household_id: viewer.householdId,
                },
              },
        ),
      );
    },
    async resumeSubscription(viewer, t) {
      const row = await subscriptionRow(db, viewer.householdId);
      const subscriptionId = row?.stripeSubscriptionId;
      if (!row || !subscriptionId || !row.cancelAtPeriodEnd || row.status === "canceled") {
        throw new AppError("CONFLICT", t.notResumable);
      }
      await reach(t, logger, () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
      );
    },
  };
}

const intervalOf = (period: BillingPeriod) => (period === "annual" ? "year" : "month");
const idOf = (value: string | { id: string }) => (typeof value === "string" ? value : value.id);

export function createPaymentProvider(config: Config, db: Db, logger?: Logger): PaymentProvider {
  if (config.billing === "off") return offPaymentProvider();
  if (config.billing === "stripe" && config.stripe) {
    return stripePaymentProvider(
      db,
      createStripeClient(config.stripe.secretKey),
      config.baseUrl,
      logger,
    );
  }
  return testPaymentProvider(db);
}
