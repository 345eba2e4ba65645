import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { expect, it } from "vitest";
import { stripeEvents, subscriptionPlans, subscriptions } from "#server/db/schema/billing.ts";
import { outboxVerificationLink, signUpAndVerify } from "#test/accounts.ts";
import type { TestClient } from "#test/client.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";

const secret = "whsec_test_secret_for_hearth";
const stripe = new Stripe("sk_test_not_used_offline");

describeOnEachDatabase("the Stripe webhook", (database) => {
  const testApp = useTestApp(database, {
    BILLING: "stripe",
    STRIPE_SECRET_KEY: "sk_test_not_used_offline",
    STRIPE_WEBHOOK_SECRET: secret,
  });
  const db = () => testApp().deps.database.db;
  const signUp = () =>
    signUpAndVerify(testApp, { verificationLink: outboxVerificationLink(testApp) });

  async function householdOf(client: TestClient) {
    const response = await client.get("/api/me");
    return ((await response.json()) as { household: { id: string } }).household.id;
  }

  async function setPriceIds() {
    await db()
      .update(subscriptionPlans)
      .set({ stripeMonthlyPriceId: "price_premium_m", stripeAnnualPriceId: "price_premium_y" })
      .where(eq(subscriptionPlans.name, "premium"));
    await db()
      .update(subscriptionPlans)
      .set({ stripeMonthlyPriceId: "price_pro_m", stripeAnnualPriceId: "price_pro_y" })
      .where(eq(subscriptionPlans.name, "pro"));
  }

  function subscriptionEvent(
    type: string,
    householdId: string,
    options: {
      created: number;
      status?: string;
      price?: string;
      id?: string;
      subscriptionId?: string;
    },
  ) {
    return {
      id: options.id ?? `evt_${randomUUID()}`,
      object: "event",
      type,
      created: options.created,
      data: {
        object: {
          id: options.subscriptionId ?? `sub_${householdId.slice(0, 8)}`,
          object: "subscription",
          customer: "cus_test",
          status: options.status ?? "active",
          cancel_at_period_end: false,
          ended_at: null,
          metadata: { household_id: householdId, plan: "premium", period: "monthly" },
          items: {
            data: [
              {
                current_period_end: options.created + 30 * 86_400,
                price: { id: options.price ?? "price_premium_m", unit_amount: 499 },
              },
            ],
          },
        },
      },
    };
  }

  const send = (event: unknown, options: { secret?: string; timestamp?: number } = {}) => {
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? secret,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
    return testApp().request("/api/webhooks/stripe", {
      method: "POST",
      headers: { "stripe-signature": header, "content-type": "application/json" },
      body: payload,
    });
  };
  const planOf = async (client: TestClient) =>
    ((await (await client.post("/api/check-subscription")).json()) as { plan_name: string })
      .plan_name;
  const now = () => Math.floor(Date.now() / 1000);

  it("upgrades on a valid checkout.session.completed", async () => {
    await setPriceIds();
    const owner = await signUp();
    const householdId = await householdOf(owner.client);
    const response = await send({
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "checkout.session.completed",
      created: now(),
      data: {
        object: {
          id: "cs_test_1",
          object: "checkout.session",
          mode: "subscription",
          status: "complete",
          payment_status: "paid",
          client_reference_id: householdId,
          customer: "cus_1",
          subscription: "sub_1",
          amount_total: 4990,
          metadata: { plan: "premium", period: "annual", household_id: householdId },
        },
      },
    });
    expect(response.status).toBe(200);
    expect(await planOf(owner.client)).toBe("premium");
    expect(
      ((await (await owner.client.get("/api/me")).json()) as { profile: { planName: string } })
        .profile.planName,
    ).toBe("premium");
  });

  it("refuses a bad or stale signature with 400 and changes nothing", async () => {
    const owner = await signUp();
    const householdId = await householdOf(owner.client);
    const event = subscriptionEvent("customer.subscription.created", householdId, {
      created: now(),
    });
    const bad = await send(event, { secret: "whsec_wrong" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("VALIDATION");
    const stale = await send(event, { timestamp: now() - 301 });
    expect(stale.status).toBe(400);
    const unsigned = await testApp().request("/api/webhooks/stripe", {
      method: "POST",
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect(await planOf(owner.client)).toBe("free");
    expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
  });

  it("changes the state once when the same event comes 10 times", async () => {
    await setPriceIds();
    const owner = await signUp();
    const householdId = await householdOf(owner.client);
    const event = subscriptionEvent("customer.subscription.created", householdId, {
      created: now(),
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(event)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { duplicate: boolean }[];
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    expect(
      await db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id)),
    ).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.householdId, householdId));
    const updatedAt = row?.updatedAt;
    await send(event);
    const [again] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.householdId, householdId));
    expect(again?.updatedAt).toEqual(updatedAt);
    expect(await planOf(owner.client)).toBe("premium");
  });

  it("ends right when updated arrives before created, and deleted ends the plan", async () => {
    await setPriceIds();
    const owner = await signUp();
    const householdId = await householdOf(owner.client);
    const t = now();
    const created = subscriptionEvent("customer.subscription.created", householdId, {
      created: t - 60,
      status: "incomplete",
    });
    const updated = subscriptionEvent("customer.subscription.updated", householdId, {
      created: t - 30,
      price: "price_pro_y",
    });
    expect((await send(updated)).status).toBe(200);
    expect((await send(created)).status).toBe(200);
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.householdId, householdId));
    expect(row).toMatchObject({ planName: "pro", billingPeriod: "annual", status: "active" });
    expect(await planOf(owner.client)).toBe("pro");
    expect((await owner.client.get("/api/loans")).status).toBe(200);

    // Same second: created never undoes an updated.
    const tie = subscriptionEvent("customer.subscription.created", householdId, {
      created: t - 30,
      status: "incomplete",
    });
    await send(tie);
    expect(await planOf(owner.client)).toBe("pro");

    await send(
      subscriptionEvent("customer.subscription.deleted", householdId, {
        created: t,
        status: "canceled",
      }),
    );
    expect(await planOf(owner.client)).toBe("free");
    expect((await owner.client.get("/api/loans")).status).toBe(403);
    // A late updated from before the deletion changes nothing.
    await send(
      subscriptionEvent("customer.subscription.updated", householdId, { created: t - 10 }),
    );
    expect(await planOf(owner.client)).toBe("free");
  });

  it("grants nothing on the success redirect alone, and test checkouts cannot be paid", async () => {
    const owner = await signUp();
    await owner.client.get("/subscription-success?session_id=cs_test_forged");
    expect(await planOf(owner.client)).toBe("free");
    const pay = await owner.client.post(`/api/checkouts/${randomUUID()}/pay`);
    expect(pay.status).toBe(404);
    expect(await planOf(owner.client)).toBe("free");
  });
});
