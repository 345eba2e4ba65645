import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coupons, subscriptionPlans, subscriptions } from "#server/db/schema/billing.ts";
import { members, profiles } from "#server/db/schema/households.ts";
import { outboxVerificationLink, signUpAndVerify, uniqueEmail } from "#test/accounts.ts";
import { TestClient, errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";
import { gatedAreas, hasAccess, planNames } from "#shared/plans.ts";

type Plans = {
  plans: {
    id: string;
    name: string;
    displayName: string;
    monthlyPriceCents: number;
    annualPriceCents: number;
    stripeMonthlyPriceId: string | null;
    stripeAnnualPriceId: string | null;
    isPopular: boolean;
    isPro: boolean;
    displayOrder: number;
    features: { text: string; displayOrder: number; isHighlighted: boolean }[];
  }[];
  billing: string;
};
type Checkout = {
  id: string;
  planName: string;
  billingPeriod: string;
  priceCents: number;
  discountCents: number;
  totalCents: number;
  couponCode: string | null;
  status: string;
};

async function json<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) {
    throw new Error(`Expected ${status}, got ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

describeOnEachDatabase("plans, checkout, subscription and gating (test billing)", (database) => {
  const adminEmail = uniqueEmail("admin");
  const testApp = useTestApp(database, () => ({ ADMIN_EMAILS: adminEmail }));
  const db = () => testApp().deps.database.db;
  const signUp = (options: { name?: string; email?: string; language?: "en" | "nl" } = {}) =>
    signUpAndVerify(testApp, { ...options, verificationLink: outboxVerificationLink(testApp) });
  const me = async (client: TestClient) =>
    json<{ household: { id: string }; profile: { planName: string | null } }>(
      await client.get("/api/me"),
    );
  const plansOf = async (client: TestClient) => json<Plans>(await client.get("/api/plans"));
  const checkout = async (
    client: TestClient,
    planName: string,
    period: "monthly" | "annual",
    couponCode?: string,
  ) => {
    const plan = (await plansOf(client)).plans.find((p) => p.name === planName);
    const priceId = period === "monthly" ? plan?.stripeMonthlyPriceId : plan?.stripeAnnualPriceId;
    return client.post("/api/create-checkout", { priceId, planName, couponCode });
  };

  describe("reading the plans", () => {
    it("lists the active plans by display_order with their features, in English", async () => {
      const answer = await plansOf(new TestClient(testApp));
      expect(answer.billing).toBe("test");
      expect(answer.plans.map((p) => [p.name, p.monthlyPriceCents, p.annualPriceCents])).toEqual([
        ["free", 0, 0],
        ["premium", 499, 4990],
        ["pro", 999, 9990],
      ]);
      const [free, premium, pro] = answer.plans;
      expect(premium?.isPopular).toBe(true);
      expect(pro?.isPro).toBe(true);
      expect(free?.stripeMonthlyPriceId).toBeNull();
      expect(premium?.stripeAnnualPriceId).toBe("test_premium_annual");
      expect(premium?.features[0]?.text).toBe("Up to 5 household members");
      for (const plan of answer.plans) {
        const orders = plan.features.map((f) => f.displayOrder);
        expect(orders).toEqual([...orders].sort((a, b) => a - b));
      }
    });

    it("answers in Dutch, by header or by profile", async () => {
      const byHeader = await json<Plans>(
        await new TestClient(testApp).get("/api/plans", {
          headers: { "x-hearth-language": "nl" },
        }),
      );
      expect(byHeader.plans[0]?.displayName).toBe("Gratis");
      expect(byHeader.plans[1]?.features[0]?.text).toBe("Tot 5 leden in je huishouden");
      const dutch = await signUp({ language: "nl" });
      expect((await plansOf(dutch.client)).plans[2]?.features[2]?.text).toBe("Leningen");
    });

    it("leaves out an inactive plan and follows a new order", async () => {
      await db()
        .update(subscriptionPlans)
        .set({ displayOrder: 0 })
        .where(eq(subscriptionPlans.name, "pro"));
      await db()
        .update(subscriptionPlans)
        .set({ isActive: false })
        .where(eq(subscriptionPlans.name, "free"));
      try {
        const names = (await plansOf(new TestClient(testApp))).plans.map((p) => p.name);
        expect(names).toEqual(["pro", "premium"]);
      } finally {
        await db()
          .update(subscriptionPlans)
          .set({ displayOrder: 3 })
          .where(eq(subscriptionPlans.name, "pro"));
        await db()
          .update(subscriptionPlans)
          .set({ isActive: true })
          .where(eq(subscriptionPlans.name, "free"));
      }
    });
  });

  describe("choosing a plan", () => {
    it("activates Free for the owner only", async () => {
      const owner = await signUp();
      expect((await me(owner.client)).profile.planName).toBeNull();
      expect(await json(await owner.client.post("/api/select-free-plan"))).toEqual({
        planName: "free",
        endsAt: null,
      });
      expect((await me(owner.client)).profile.planName).toBe("free");
      expect(await json(await owner.client.post("/api/check-subscription"))).toEqual({
        subscribed: false,
        plan_name: "free",
        subscription_status: null,
      });
      const signedOut = await new TestClient(testApp).post("/api/select-free-plan");
      expect(signedOut.status).toBe(401);
    });

    it("takes a test checkout from creation to an active subscription, and the member limit follows", async () => {
      const owner = await signUp({ name: "Olga" });
      const householdId = (await me(owner.client)).household.id;
      const { url } = await json<{ url: string }>(
        await checkout(owner.client, "premium", "annual"),
      );
      expect(url).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
      const id = url.split("/").pop() ?? "";
      // Creating a checkout grants nothing.
      expect(
        (await json<{ plan_name: string }>(await owner.client.post("/api/check-subscription")))
          .plan_name,
      ).toBe("free");
      expect(await json<Checkout>(await owner.client.get(`/api/checkouts/${id}`))).toEqual({
        id,
        planName: "premium",
        billingPeriod: "annual",
        priceCents: 4990,
        discountCents: 0,
        totalCents: 4990,
        couponCode: null,
        status: "pending",
      });
      // Someone else's checkout is not found.
      const stranger = await signUp();
      expect((await stranger.client.get(`/api/checkouts/${id}`)).status).toBe(404);
      expect((await stranger.client.post(`/api/checkouts/${id}/pay`)).status).toBe(404);

      expect(await json(await owner.client.post(`/api/checkouts/${id}/pay`))).toEqual({
        redirect: "/subscription-success",
      });
      const [row] = await db()
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.householdId, householdId));
      expect(row).toMatchObject({
        planName: "premium",
        billingPeriod: "annual",
        status: "active",
        priceCents: 4990,
      });
      const end = row?.currentPeriodEnd?.getTime() ?? 0;
      expect(end - Date.now()).toBeGreaterThan(364 * 86_400_000);
      expect(end - Date.now()).toBeLessThan(367 * 86_400_000);
      // Paying twice changes nothing.
      const updatedAt = row?.updatedAt;
      await json(await owner.client.post(`/api/checkouts/${id}/pay`));
      const [again] = await db()
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.householdId, householdId));
      expect(again?.updatedAt).toEqual(updatedAt);

      expect(await json(await owner.client.post("/api/check-subscription"))).toEqual({
        subscribed: true,
        plan_name: "premium",
        subscription_status: "active",
      });
      expect((await me(owner.client)).profile.planName).toBe("premium");
      const limit = await json<{ householdPlan: string; message: string }>(
        await owner.client.post("/api/check-household-member-limit", { householdId }),
      );
      expect(limit.householdPlan).toBe("premium");
      expect(limit.message).toContain("of 5 places");
      const subscription = await json<{
        planName: string;
        status: string;
        isOwner: boolean;
        cancelAtPeriodEnd: boolean;
      }>(await owner.client.get("/api/subscription"));
      expect(subscription).toMatchObject({
        planName: "premium",
        status: "active",
        isOwner: true,
        cancelAtPeriodEnd: false,
      });

      // Choosing Free while paying cancels at the period's end (decision 016): the plan stays.
      const free = await json<{ endsAt: string | null }>(
        await owner.client.post("/api/select-free-plan"),
      );
      expect(free.endsAt).toBe(row?.currentPeriodEnd?.toISOString());
      expect((await me(owner.client)).profile.planName).toBe("premium");
      const cancelled = await json<{ planName: string; cancelAtPeriodEnd: boolean }>(
        await owner.client.get("/api/subscription"),
      );
      expect(cancelled).toMatchObject({ planName: "premium", cancelAtPeriodEnd: true });
    });

    it("refuses a price id that is not the plan's, and a cancelled checkout cannot be paid", async () => {
      const owner = await signUp();
      const wrong = await owner.client.post("/api/create-checkout", {
        priceId: "test_pro_monthly",
        planName: "premium",
      });
      expect(wrong.status).toBe(400);
      expect((await errorOf(wrong)).message).toBe("Pricing not configured for this plan");
      await db()
        .update(subscriptionPlans)
        .set({ stripeMonthlyPriceId: null })
        .where(eq(subscriptionPlans.name, "pro"));
      try {
        const cleared = await owner.client.post("/api/create-checkout", {
          priceId: "",
          planName: "pro",
        });
        expect((await errorOf(cleared)).message).toBe("Pricing not configured for this plan");
      } finally {
        await db()
          .update(subscriptionPlans)
          .set({ stripeMonthlyPriceId: "test_pro_monthly" })
          .where(eq(subscriptionPlans.name, "pro"));
      }
      const { url } = await json<{ url: string }>(await checkout(owner.client, "pro", "monthly"));
      const id = url.split("/").pop() ?? "";
      expect(await json(await owner.client.post(`/api/checkouts/${id}/cancel`))).toEqual({
        redirect: "/select-plan",
      });
      expect((await owner.client.post(`/api/checkouts/${id}/pay`)).status).toBe(409);
      expect(
        (await json<{ plan_name: string }>(await owner.client.post("/api/check-subscription")))
          .plan_name,
      ).toBe("free");
    });

    it("lets only the owner change the plan; members see it", async () => {
      const owner = await signUp();
      const partner = await signUp();
      const householdId = (await me(owner.client)).household.id;
      // Moves the partner into the owner's household as a member.
      await db()
        .update(members)
        .set({ householdId, role: "member" })
        .where(and(eq(members.userId, partner.userId), eq(members.isHousehold, false)));
      await setHouseholdPlan(db(), owner.userId, "premium");
      for (const response of [
        await partner.client.post("/api/select-free-plan"),
        await checkout(partner.client, "pro", "monthly"),
        await partner.client.post("/api/subscription/cancel"),
      ]) {
        expect(response.status).toBe(403);
        expect((await errorOf(response)).code).toBe("FORBIDDEN");
      }
      expect(
        await json<{ planName: string; isOwner: boolean }>(
          await partner.client.get("/api/subscription"),
        ),
      ).toMatchObject({ planName: "premium", isOwner: false });
      expect(await json(await partner.client.get("/api/savings/accounts"))).toMatchObject({
        accounts: [],
        totalCents: 0,
      });
      const signedOut = await new TestClient(testApp).post("/api/create-checkout", {
        priceId: "test_premium_monthly",
        planName: "premium",
      });
      expect(signedOut.status).toBe(401);
    });
  });

  describe("coupons", () => {
    const addCoupon = async (values: Partial<typeof coupons.$inferInsert> & { code: string }) => {
      await db()
        .insert(coupons)
        .values({ percentOff: 10, ...values });
    };

    it("normalises the code and applies a percentage or an amount", async () => {
      const code = `PCT${Date.now()}`;
      await addCoupon({ code, percentOff: 20 });
      const owner = await signUp();
      const { url } = await json<{ url: string }>(
        await checkout(owner.client, "premium", "annual", `  ${code.toLowerCase()} `),
      );
      const made = await json<Checkout>(
        await owner.client.get(`/api/checkouts/${url.split("/").pop() ?? ""}`),
      );
      expect(made).toMatchObject({
        couponCode: code,
        priceCents: 4990,
        discountCents: 998,
        totalCents: 3992,
      });

      const amount = `AMT${Date.now()}`;
      await addCoupon({ code: amount, percentOff: null, amountOffCents: 200 });
      const second = await json<{ url: string }>(
        await checkout(owner.client, "premium", "monthly", amount),
      );
      const id = second.url.split("/").pop() ?? "";
      expect(await json<Checkout>(await owner.client.get(`/api/checkouts/${id}`))).toMatchObject({
        discountCents: 200,
        totalCents: 299,
      });
      await json(await owner.client.post(`/api/checkouts/${id}/pay`));
      const [coupon] = await db().select().from(coupons).where(eq(coupons.code, amount));
      expect(coupon?.timesUsed).toBe(1);
      const subscription = await json<{ couponCode: string; priceCents: number }>(
        await owner.client.get("/api/subscription"),
      );
      expect(subscription).toMatchObject({ couponCode: amount, priceCents: 299 });
    });

    it("refuses an unknown, expired or used-up coupon before any checkout", async () => {
      const expired = `OLD${Date.now()}`;
      const usedUp = `GONE${Date.now()}`;
      await addCoupon({ code: expired, validUntil: new Date(Date.now() - 60_000) });
      await addCoupon({ code: usedUp, maxUses: 1, timesUsed: 1 });
      const owner = await signUp();
      for (const [code, message] of [
        ["NOPE", "This coupon code does not exist."],
        [expired, "This coupon code has expired."],
        [usedUp, "This coupon code has been used up."],
      ] as const) {
        const response = await checkout(owner.client, "pro", "monthly", code);
        expect(response.status).toBe(400);
        const error = await errorOf(response);
        expect(error.code).toBe("VALIDATION");
        expect(error.fields?.["couponCode"]).toBe(message);
      }
      const tooLong = await checkout(owner.client, "pro", "monthly", "x".repeat(201));
      expect(tooLong.status).toBe(400);
    });
  });

  describe("the plan gate", () => {
    it("refuses every gated area on Free with PLAN_REQUIRED and opens them by plan", async () => {
      const owner = await signUp();
      for (const plan of planNames) {
        await setHouseholdPlan(db(), owner.userId, plan);
        for (const area of gatedAreas) {
          // Every area answers on its own routes.
          const opened = {
            savings: "/api/savings/accounts",
            investments: "/api/investments/portfolios",
            loans: "/api/loans",
            taxes: "/api/taxes/years",
            insurance: "/api/insurance/policies",
          }[area];
          const response = await owner.client.get(opened);
          if (hasAccess(plan, area)) {
            expect(response.status).toBe(200);
          } else {
            expect(response.status).toBe(403);
            expect((await errorOf(response)).code).toBe("PLAN_REQUIRED");
          }
        }
      }
      // Any path under an area is gated, even one no route answers yet.
      await setHouseholdPlan(db(), owner.userId, "free");
      expect((await errorOf(await owner.client.get("/api/loans/anything"))).code).toBe(
        "PLAN_REQUIRED",
      );
      expect((await new TestClient(testApp).get("/api/savings/accounts")).status).toBe(401);
    });

    it("grants nothing for a visit to the success page or a redirect", async () => {
      const owner = await signUp();
      await owner.client.get("/subscription-success?session_id=cs_test_forged");
      await owner.client.get("/api/subscription-success?session_id=cs_test_forged");
      expect((await errorOf(await owner.client.get("/api/savings/accounts"))).code).toBe(
        "PLAN_REQUIRED",
      );
      const [profile] = await db().select().from(profiles).where(eq(profiles.id, owner.userId));
      expect(profile?.planName).toBeNull();
    });
  });

  describe("administrators", () => {
    it("answers 404 to everyone but an administrator", async () => {
      const person = await signUp();
      const paths = ["/api/admin/plans", "/api/admin/coupons"];
      for (const path of paths) {
        expect((await errorOf(await new TestClient(testApp).get(path))).code).toBe("NOT_FOUND");
        const response = await person.client.get(path);
        expect(response.status).toBe(404);
      }
      expect(
        (await person.client.post("/api/admin/coupons", { code: "X", percentOff: 5 })).status,
      ).toBe(404);
      const admin = await signUp({ email: adminEmail });
      const { plans } = await json<{
        plans: { id: string; name: string; features: { id: string }[] }[];
      }>(await admin.client.get("/api/admin/plans"));
      expect(plans.map((p) => p.name)).toEqual(["free", "premium", "pro"]);
      const pro = plans[2];
      if (!pro) throw new Error("no pro plan");
      const edited = await json<{ monthlyPriceCents: number; displayNameNl: string }>(
        await admin.client.put(`/api/admin/plans/${pro.id}`, {
          monthlyPriceCents: 1099,
          displayNameNl: "Pro+",
        }),
      );
      expect(edited).toMatchObject({ monthlyPriceCents: 1099, displayNameNl: "Pro+" });
      await admin.client.put(`/api/admin/plans/${pro.id}`, {
        monthlyPriceCents: 999,
        displayNameNl: "Pro",
      });
      const coupon = await json<{ code: string; id: string }>(
        await admin.client.post("/api/admin/coupons", {
          code: " spring25 ",
          percentOff: 25,
          maxUses: 10,
        }),
      );
      expect(coupon.code).toBe("SPRING25");
      const both = await admin.client.post("/api/admin/coupons", {
        code: "BOTH",
        percentOff: 5,
        amountOffCents: 100,
      });
      expect(both.status).toBe(400);
      expect((await admin.client.request("DELETE", `/api/admin/coupons/${coupon.id}`)).status).toBe(
        200,
      );
    });
  });
});

describeOnEachDatabase("billing off", (database) => {
  const testApp = useTestApp(database, { BILLING: "off" });
  it("gives every household Pro and refuses checkouts", async () => {
    const owner = await signUpAndVerify(testApp, {
      verificationLink: outboxVerificationLink(testApp),
    });
    expect(await json(await owner.client.post("/api/check-subscription"))).toEqual({
      subscribed: true,
      plan_name: "pro",
      subscription_status: "active",
    });
    // Pro opens every area, insurance too.
    expect(await json(await owner.client.get("/api/insurance/overview"))).toMatchObject({
      totals: { yearCents: 0, monthCents: 0, policies: 0 },
    });
    expect((await json<Plans>(await owner.client.get("/api/plans"))).billing).toBe("off");
    const refused = await owner.client.post("/api/create-checkout", {
      priceId: "x",
      planName: "pro",
    });
    expect(refused.status).toBe(409);
  });
});
