import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { stripeEvents, subscriptionPlans, subscriptions } from "#server/db/schema/billing.ts";
import { households } from "#server/db/schema/households.ts";
import { outboxVerificationLink, signUpAndVerify } from "#test/accounts.ts";
import { TestClient, errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp, type TestApp } from "#test/test-app.ts";
import { stripePaymentProvider } from "./payment-provider.ts";

const secret = "whsec_test_secret_for_hearth";
const stripe = new Stripe("sk_test_not_used_offline");

/**
 * Issue 11, item 5 (decision 016): a signed webhook for a household or subscription Hearth does
 * not have (any more) answers 200 and is logged, never 500; a checkout while Stripe cannot be
 * reached answers "payment unavailable" (503), never 500.
 */
describeOnEachDatabase("Stripe events Hearth cannot place, and Stripe out of reach", (database) => {
  const testApp = useTestApp(database, {
    BILLING: "stripe",
    STRIPE_SECRET_KEY: "sk_test_not_used_offline",
    STRIPE_WEBHOOK_SECRET: secret,
  });
  const db = () => testApp().deps.database.db;

  const send = (event: unknown) => {
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return testApp().request("/api/webhooks/stripe", {
      method: "POST",
      headers: { "stripe-signature": header, "content-type": "application/json" },
      body: payload,
    });
  };
  const now = () => Math.floor(Date.now() / 1000);

  function subscriptionEvent(type: string, householdId: string | null, subscriptionId: string) {
    return {
      id: `evt_${randomUUID()}`,
      object: "event",
      type,
      created: now(),
      data: {
        object: {
          id: subscriptionId,
          object: "subscription",
          customer: `cus_${randomUUID().slice(0, 8)}`,
          status: type.endsWith("deleted") ? "canceled" : "active",
          cancel_at_period_end: false,
          ended_at: null,
          metadata: householdId
            ? { household_id: householdId, plan: "premium", period: "monthly" }
            : {},
          items: {
            data: [
              {
                current_period_end: now() + 30 * 86_400,
                price: { id: "price_unknown", unit_amount: 499 },
              },
            ],
          },
        },
      },
    };
  }

  function checkoutEvent(householdId: string) {
    return {
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "checkout.session.completed",
      created: now(),
      data: {
        object: {
          id: `cs_${randomUUID()}`,
          object: "checkout.session",
          mode: "subscription",
          status: "complete",
          payment_status: "paid",
          client_reference_id: householdId,
          customer: "cus_gone",
          subscription: "sub_gone",
          amount_total: 499,
          metadata: { plan: "premium", period: "monthly", household_id: householdId },
        },
      },
    };
  }

  it("answers 200 for a household that is gone, unknown, or not an id, and stores nothing", async () => {
    const owner = await signUpAndVerify(testApp, {
      verificationLink: outboxVerificationLink(testApp),
    });
    const answer = (await (await owner.client.get("/api/me")).json()) as {
      household: { id: string };
    };
    const gone = answer.household.id;
    const subscriptionId = `sub_${randomUUID()}`;
    expect(
      (await send(subscriptionEvent("customer.subscription.created", gone, subscriptionId))).status,
    ).toBe(200);
    // The household is deleted (as accepting an invitation did) while Stripe still knows it.
    await db().delete(households).where(eq(households.id, gone));

    const events = [
      subscriptionEvent("customer.subscription.updated", gone, subscriptionId),
      subscriptionEvent("customer.subscription.deleted", gone, subscriptionId),
      subscriptionEvent("customer.subscription.updated", randomUUID(), `sub_${randomUUID()}`),
      subscriptionEvent("customer.subscription.updated", "not-a-household", `sub_${randomUUID()}`),
      subscriptionEvent("customer.subscription.updated", null, `sub_${randomUUID()}`),
      checkoutEvent(gone),
      checkoutEvent(randomUUID()),
      checkoutEvent("42"),
    ];
    for (const event of events) {
      const response = await send(event);
      expect(response.status, `${event.type} ${JSON.stringify(event.data.object.metadata)}`).toBe(
        200,
      );
      // Recorded as seen, so Stripe's retry is a duplicate.
      const seen = await db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
      expect(seen).toHaveLength(1);
    }
    expect(
      await db().select().from(subscriptions).where(eq(subscriptions.householdId, gone)),
    ).toEqual([]);
  });

  describe("with Stripe out of reach", () => {
    let closed: Server;
    let port = 0;
    let unreachable: TestApp;
    beforeAll(async () => {
      // A port that was just free and is closed again: connections are refused at once.
      closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const address = closed.address();
      port = typeof address === "object" && address ? address.port : 0;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const base = testApp();
      const client = new Stripe("sk_test_not_used_offline", {
        host: "127.0.0.1",
        port,
        protocol: "http",
        maxNetworkRetries: 0,
        timeout: 2_000,
      });
      const provider = stripePaymentProvider(
        base.deps.database.db,
        client,
        base.config.baseUrl,
        base.deps.logger,
      );
      const app = createApp({ ...base.deps, paymentProvider: provider });
      unreachable = { ...base, app, request: async (path, init) => app.request(path, init) };
    });
    afterAll(() => {
      closed.close();
    });

    it("answers 503 with the payment-unavailable message for a checkout, in the person's language", async () => {
      const owner = await signUpAndVerify(testApp, {
        language: "nl",
        verificationLink: outboxVerificationLink(testApp),
      });
      const client = new TestClient(() => unreachable, {
        headers: { "x-hearth-language": "nl" },
      });
      for (const [name, value] of owner.client.cookies) client.cookies.set(name, value);
      await db()
        .update(subscriptionPlans)
        .set({ stripeMonthlyPriceId: "price_premium_m" })
        .where(eq(subscriptionPlans.name, "premium"));
      const response = await client.post("/api/create-checkout", {
        priceId: "price_premium_m",
        planName: "premium",
      });
      expect(response.status).toBe(503);
      const error = await errorOf(response);
      expect(error.code).toBe("UNAVAILABLE");
      expect(error.message).toContain("De betaaldienst is nu niet bereikbaar");
    });
  });
});
