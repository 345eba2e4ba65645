import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Db } from "#server/db/client.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import type { Config } from "#server/env.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type { BillingMode, BillingPeriod } from "#shared/billing.ts";
import type { BillingMessages } from "./billing-messages.ts";
import {
  createTestCheckout,
  subscriptionRow,
  usableCoupon,
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
}

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
  };
}

export function createStripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

/**
 * BILLING=stripe: Stripe Checkout Sessions with the plan's price ids and the coupon as a
 * promotion code. Nothing here grants a plan: only the signed webhook does.
 */
export function stripePaymentProvider(db: Db, stripe: Stripe, baseUrl: string): PaymentProvider {
  return {
    kind: "stripe",
    async startCheckout({ viewer, plan, period, priceId, couponCode, t }) {
      let promotionCode: string | undefined;
      if (couponCode) {
        const found = await stripe.promotionCodes.list({
          code: couponCode,
          active: true,
          limit: 1,
        });
        const first = found.data[0];
        if (!first)
          throw new AppError("VALIDATION", t.couponUnknown, { couponCode: t.couponUnknown });
        promotionCode = first.id;
      }
      const existing = await subscriptionRow(db, viewer.householdId);
      const metadata = { plan: plan.name, period, household_id: viewer.householdId };
      const session = await stripe.checkout.sessions.create({
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
      });
      if (!session.url) throw new AppError("UNAVAILABLE", t.paymentFailed);
      return { url: session.url };
    },
    async cancelSubscription(viewer, t) {
      const row = await subscriptionRow(db, viewer.householdId);
      if (!row?.stripeSubscriptionId) throw new AppError("CONFLICT", t.noSubscription);
      // The webhook that follows records the change.
      await stripe.subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: true });
    },
    async openPortal(viewer, t) {
      const row = await subscriptionRow(db, viewer.householdId);
      if (!row?.stripeCustomerId) throw new AppError("CONFLICT", t.noSubscription);
      const portal = await stripe.billingPortal.sessions.create({
        customer: row.stripeCustomerId,
        return_url: `${baseUrl}/dashboard/profile`,
      });
      return { url: portal.url };
    },
  };
}

export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.billing === "off") return offPaymentProvider();
  if (config.billing === "stripe" && config.stripe) {
    return stripePaymentProvider(db, createStripeClient(config.stripe.secretKey), config.baseUrl);
  }
  return testPaymentProvider(db);
}
