import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkouts, coupons, subscriptions } from "#server/db/schema/billing.ts";
import { households, invitations, members, profiles } from "#server/db/schema/households.ts";
import {
  latestOutboxMail,
  linkIn,
  outboxVerificationLink,
  signUpAndVerify,
  uniqueEmail,
} from "#test/accounts.ts";
import { TestClient, errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";

/**
 * Issue 11, items 5–9 (decision 016): a paying owner cannot leave his subscription behind,
 * coupons are checked again when paying, every billing action is the owner's, the plan shown is
 * the household's, and the owner switches period, resumes and downgrades where he is.
 */

async function json<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) {
    throw new Error(`Expected ${status}, got ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

type Me = {
  household: { id: string; planName: string; billing: string };
  profile: { planName: string | null };
  member: { role: string };
};
type Sub = {
  planName: string;
  billingPeriod: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  priceCents: number | null;
  status: string | null;
};
type Quote = {
  planName: string;
  billingPeriod: string;
  amountDueCents: number;
  creditCents: number;
  startsNewPeriod: boolean;
  periodEnd: string;
};

describeOnEachDatabase("the household's plan (test billing)", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  const signUp = (options: { email?: string; language?: "en" | "nl" } = {}) =>
    signUpAndVerify(testApp, { ...options, verificationLink: outboxVerificationLink(testApp) });
  const me = async (client: TestClient) => json<Me>(await client.get("/api/me"));
  const pay = async (client: TestClient, planName: string, period: string, couponCode?: string) => {
    const priceId = `test_${planName}_${period}`;
    const { url } = await json<{ url: string }>(
      await client.post("/api/create-checkout", { priceId, planName, couponCode }),
    );
    return url.split("/").pop() ?? "";
  };

  /** An owner, and a second person moved into the owner's household as a member. */
  async function household() {
    const owner = await signUp();
    const member = await signUp();
    const householdId = (await me(owner.client)).household.id;
    await db()
      .update(members)
      .set({ householdId, role: "member" })
      .where(and(eq(members.userId, member.userId), eq(members.isHousehold, false)));
    return { owner, member, householdId };
  }

  async function invite(owner: { client: TestClient }, email: string) {
    const householdId = (await me(owner.client)).household.id;
    await json(await owner.client.post("/api/send-invitation", { email, householdId }));
    const mail = await latestOutboxMail(testApp(), email);
    const link = linkIn(mail.text, "/invitation?token=");
    return new URL(link).searchParams.get("token") ?? "";
  }

  describe("item 5: a paying owner joining another household", () => {
    it("is refused while the plan is charged, changes nothing, and may join once it is cancelled", async () => {
      const payer = await signUp({ language: "nl" });
      const payerHousehold = (await me(payer.client)).household.id;
      await json(
        await payer.client.post(
          `/api/checkouts/${await pay(payer.client, "premium", "annual")}/pay`,
        ),
      );
      const inviter = await signUp();
      const token = await invite(inviter, payer.email);

      const refused = await payer.client.post("/api/accept-invitation", { invitationToken: token });
      expect(refused.status).toBe(409);
      const error = await errorOf(refused);
      expect(error.code).toBe("CONFLICT");
      expect(error.message).toContain("Zeg het eerst op");
      // Nothing changed: the household, its subscription, the membership and the invitation.
      expect(
        await db().select().from(households).where(eq(households.id, payerHousehold)),
      ).toHaveLength(1);
      const [row] = await db()
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.householdId, payerHousehold));
      expect(row).toMatchObject({
        planName: "premium",
        status: "active",
        cancelAtPeriodEnd: false,
      });
      expect((await me(payer.client)).household.id).toBe(payerHousehold);
      const [invitation] = await db()
        .select()
        .from(invitations)
        .where(eq(invitations.invitedEmail, payer.email.toLowerCase()));
      expect(invitation?.status).toBe("pending");

      // Cancelled (nothing more is charged): accepting is the owner's choice again.
      await json(await payer.client.post("/api/subscription/cancel"));
      await json(await payer.client.post("/api/accept-invitation", { invitationToken: token }));
      expect((await me(payer.client)).household.id).not.toBe(payerHousehold);
    });
  });

  describe("item 6: coupons checked again when paying", () => {
    it("lets a single-use coupon pay once across two households", async () => {
      const code = `ONCE${Date.now()}`;
      await db().insert(coupons).values({ code, percentOff: 100, maxUses: 1 });
      const first = await signUp();
      const second = await signUp();
      const a = await pay(first.client, "premium", "monthly", code);
      const b = await pay(second.client, "pro", "annual", code);
      const c = await pay(second.client, "pro", "monthly", code);
      await json(await first.client.post(`/api/checkouts/${a}/pay`));
      for (const id of [b, c]) {
        const refused = await second.client.post(`/api/checkouts/${id}/pay`);
        expect(refused.status).toBe(400);
        expect((await errorOf(refused)).fields?.["couponCode"]).toBe(
          "This coupon code has been used up.",
        );
      }
      const [coupon] = await db().select().from(coupons).where(eq(coupons.code, code));
      expect(coupon?.timesUsed).toBe(1);
      expect((await me(second.client)).household.planName).toBe("free");
      const [left] = await db().select().from(checkouts).where(eq(checkouts.id, b));
      expect(left?.status).toBe("pending");
    });

    it("refuses at pay time a coupon that expired or was switched off after the checkout", async () => {
      const expiring = `LATE${Date.now()}`;
      const switched = `OFF${Date.now()}`;
      await db()
        .insert(coupons)
        .values([
          { code: expiring, percentOff: 50 },
          { code: switched, percentOff: 50 },
        ]);
      const owner = await signUp();
      const late = await pay(owner.client, "premium", "monthly", expiring);
      const off = await pay(owner.client, "premium", "monthly", switched);
      await db()
        .update(coupons)
        .set({ validUntil: new Date(Date.now() - 1000) })
        .where(eq(coupons.code, expiring));
      await db().update(coupons).set({ isActive: false }).where(eq(coupons.code, switched));
      const expired = await owner.client.post(`/api/checkouts/${late}/pay`);
      expect(expired.status).toBe(400);
      expect((await errorOf(expired)).fields?.["couponCode"]).toBe("This coupon code has expired.");
      const deactivated = await owner.client.post(`/api/checkouts/${off}/pay`);
      expect(deactivated.status).toBe(400);
      expect((await me(owner.client)).household.planName).toBe("free");
      const used = await db().select().from(coupons).where(eq(coupons.code, expiring));
      expect(used[0]?.timesUsed).toBe(0);
    });
  });

  describe("item 7: every billing action is the owner's", () => {
    it("refuses a member cancelling the owner's checkout, which stays payable", async () => {
      const { owner, member } = await household();
      const id = await pay(owner.client, "pro", "monthly");
      const refused = await member.client.post(`/api/checkouts/${id}/cancel`);
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).code).toBe("FORBIDDEN");
      const [row] = await db().select().from(checkouts).where(eq(checkouts.id, id));
      expect(row?.status).toBe("pending");
      for (const path of [
        `/api/checkouts/${id}/pay`,
        "/api/subscription/resume",
        "/api/subscription/portal",
      ]) {
        expect((await member.client.post(path)).status).toBe(403);
      }
      for (const path of ["/api/subscription/change", "/api/subscription/preview-change"]) {
        const answer = await member.client.post(path, { planName: "pro", period: "annual" });
        expect(answer.status).toBe(403);
      }
      await json(await owner.client.post(`/api/checkouts/${id}/pay`));
      expect((await me(owner.client)).household.planName).toBe("pro");
    });
  });

  describe("item 8: the plan is the household's", () => {
    it("tells a member of a Premium household that it is on Premium", async () => {
      const { owner, member } = await household();
      await json(
        await owner.client.post(
          `/api/checkouts/${await pay(owner.client, "premium", "monthly")}/pay`,
        ),
      );
      const seen = await me(member.client);
      expect(seen.household).toMatchObject({ planName: "premium", billing: "test" });
      expect(seen.member.role).toBe("member");
      expect((await me(owner.client)).household.planName).toBe("premium");
      // The member's own (stale) profile choice does not matter.
      await setHouseholdPlan(db(), member.userId, "free");
      expect((await me(member.client)).household.planName).toBe("premium");
    });
  });

  describe("item 9: switching, resuming and downgrading", () => {
    it("switches Premium monthly to annual with the prorated cost, also after cancelling", async () => {
      const owner = await signUp();
      await json(
        await owner.client.post(
          `/api/checkouts/${await pay(owner.client, "premium", "monthly")}/pay`,
        ),
      );
      await json(await owner.client.post("/api/subscription/cancel"));
      const body = { planName: "premium", period: "annual" };
      const quote = await json<Quote>(
        await owner.client.post("/api/subscription/preview-change", body),
      );
      // A new (annual) period starts now: 49.90 less the unused part of the month just paid.
      expect(quote).toMatchObject({
        planName: "premium",
        billingPeriod: "annual",
        startsNewPeriod: true,
      });
      expect(quote.amountDueCents).toBeGreaterThanOrEqual(4990 - 499);
      expect(quote.amountDueCents).toBeLessThanOrEqual(4990 - 490);
      const changed = await json<Sub>(await owner.client.post("/api/subscription/change", body));
      expect(changed).toMatchObject({
        planName: "premium",
        billingPeriod: "annual",
        cancelAtPeriodEnd: false,
        priceCents: 4990,
      });
      const end = new Date(changed.currentPeriodEnd ?? 0).getTime();
      expect(end - Date.now()).toBeGreaterThan(364 * 86_400_000);
      // The same plan and period again: nothing to change.
      const same = await owner.client.post("/api/subscription/change", body);
      expect(same.status).toBe(409);
    });

    it("upgrades mid-period for the prorated difference and keeps the period's end", async () => {
      const owner = await signUp();
      await json(
        await owner.client.post(
          `/api/checkouts/${await pay(owner.client, "premium", "annual")}/pay`,
        ),
      );
      const before = await json<Sub>(await owner.client.get("/api/subscription"));
      // Half the year has gone: the period ends in six months.
      const end = new Date(Date.now() + 182.5 * 86_400_000);
      await db()
        .update(subscriptions)
        .set({ currentPeriodEnd: end })
        .where(eq(subscriptions.householdId, (await me(owner.client)).household.id));
      const quote = await json<Quote>(
        await owner.client.post("/api/subscription/preview-change", {
          planName: "pro",
          period: "annual",
        }),
      );
      expect(quote.startsNewPeriod).toBe(false);
      // (99.90 − 49.90) for about half a year.
      expect(Math.abs(quote.amountDueCents - 2500)).toBeLessThan(30);
      expect(new Date(quote.periodEnd).getTime()).toBe(end.getTime());
      const changed = await json<Sub>(
        await owner.client.post("/api/subscription/change", { planName: "pro", period: "annual" }),
      );
      expect(changed).toMatchObject({ planName: "pro", billingPeriod: "annual" });
      expect(changed.currentPeriodEnd).toBe(end.toISOString());
      expect(before.planName).toBe("premium");
      expect((await owner.client.get("/api/loans")).status).toBe(200);
    });

    it("resumes a cancelled plan, and choosing Free while paying cancels at the period's end", async () => {
      const owner = await signUp();
      await json(
        await owner.client.post(`/api/checkouts/${await pay(owner.client, "pro", "monthly")}/pay`),
      );
      const nothing = await owner.client.post("/api/subscription/resume");
      expect(nothing.status).toBe(409);

      const free = await json<{ planName: string; endsAt: string | null }>(
        await owner.client.post("/api/select-free-plan"),
      );
      const sub = await json<Sub>(await owner.client.get("/api/subscription"));
      expect(sub).toMatchObject({ planName: "pro", cancelAtPeriodEnd: true });
      expect(free).toEqual({ planName: "free", endsAt: sub.currentPeriodEnd });

      const resumed = await json<Sub>(await owner.client.post("/api/subscription/resume"));
      expect(resumed).toMatchObject({
        planName: "pro",
        cancelAtPeriodEnd: false,
        status: "active",
      });
      expect((await me(owner.client)).household.planName).toBe("pro");
    });

    it("refuses a change without a running paid plan, and Free as a change", async () => {
      const owner = await signUp();
      const none = await owner.client.post("/api/subscription/change", {
        planName: "premium",
        period: "annual",
      });
      expect(none.status).toBe(409);
      const toFree = await owner.client.post("/api/subscription/preview-change", {
        planName: "free",
        period: "monthly",
      });
      expect(toFree.status).toBe(400);
    });
  });
});

describeOnEachDatabase("the household's plan with billing off", (database) => {
  const testApp = useTestApp(database, { BILLING: "off" });
  const db = () => testApp().deps.database.db;
  it("says Pro in /api/me for owner and member, whatever the profiles say", async () => {
    const signUp = () =>
      signUpAndVerify(testApp, {
        email: uniqueEmail("off"),
        verificationLink: outboxVerificationLink(testApp),
      });
    const owner = await signUp();
    const member = await signUp();
    const householdId = (await json<Me>(await owner.client.get("/api/me"))).household.id;
    await db()
      .update(members)
      .set({ householdId, role: "member" })
      .where(and(eq(members.userId, member.userId), eq(members.isHousehold, false)));
    // The profiles say Free (the owner's choice) and nothing (the member never chose).
    await db().update(profiles).set({ planName: "free" }).where(eq(profiles.id, owner.userId));
    await db().update(profiles).set({ planName: null }).where(eq(profiles.id, member.userId));

    for (const [person, role] of [
      [owner, "owner"],
      [member, "member"],
    ] as const) {
      const answer = await json<Me>(await person.client.get("/api/me"));
      expect(answer.member.role).toBe(role);
      expect(answer.household).toMatchObject({ id: householdId, planName: "pro", billing: "off" });
      const session = await json<{ account: Me }>(await person.client.get("/api/session"));
      expect(session.account.household).toMatchObject({ planName: "pro", billing: "off" });
      const check = await json<{ plan_name: string }>(
        await person.client.post("/api/check-subscription"),
      );
      expect(check.plan_name).toBe("pro");
    }
    const resumed = await owner.client.post("/api/subscription/resume");
    expect(resumed.status).toBe(409);
    expect((await new TestClient(testApp).get("/api/me")).status).toBe(401);
  });
});
