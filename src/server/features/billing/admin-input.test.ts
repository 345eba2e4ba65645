import { beforeAll, expect, it } from "vitest";
import {
  outboxVerificationLink,
  signUpAndVerify,
  uniqueEmail,
  type SignedUp,
} from "#test/accounts.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import { couponMaxLength } from "#shared/billing.ts";

type AdminPlans = {
  plans: { id: string; name: string; features: { id: string; isHighlighted: boolean }[] }[];
};

/** What the administration pages refuse, and that a refusal leaves everything as it was. */
describeOnEachDatabase("the administration's input", (database) => {
  const adminEmail = uniqueEmail("admin-input");
  const testApp = useTestApp(database, { ADMIN_EMAILS: adminEmail });
  let admin: SignedUp;
  beforeAll(async () => {
    admin = await signUpAndVerify(testApp, {
      email: adminEmail,
      verificationLink: outboxVerificationLink(testApp),
    });
  });

  it("leaves a feature of one plan alone when it is named under another plan", async () => {
    const plansNow = async () =>
      ((await (await admin.client.get("/api/admin/plans")).json()) as AdminPlans).plans;
    const [, premium, pro] = await plansNow();
    const feature = pro?.features[0];
    if (!premium || !pro || !feature) throw new Error("The seeded plans have no features.");
    const wrongPlan = `/api/admin/plans/${premium.id}/features/${feature.id}`;

    const update = await admin.client.put(wrongPlan, { isHighlighted: !feature.isHighlighted });
    expect(update.status).toBe(404);
    const remove = await admin.client.request("DELETE", wrongPlan);
    expect(remove.status).toBe(404);
    expect((await errorOf(remove)).code).toBe("NOT_FOUND");

    const after = (await plansNow()).find((plan) => plan.id === pro.id);
    expect(after?.features.find((one) => one.id === feature.id)).toEqual(feature);
  });

  it("refuses a coupon code longer than a code may be, instead of cutting it", async () => {
    const long = await admin.client.post("/api/admin/coupons", {
      code: `LONG${"X".repeat(80_000)}`,
      percentOff: 10,
    });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).fields?.code).toContain(String(couponMaxLength));
    const { coupons: list } = (await (await admin.client.get("/api/admin/coupons")).json()) as {
      coupons: { code: string }[];
    };
    expect(list.some((coupon) => coupon.code.startsWith("LONGX"))).toBe(false);
    const fits = await admin.client.post("/api/admin/coupons", {
      code: "F".repeat(couponMaxLength),
      percentOff: 10,
    });
    expect(fits.status).toBe(200);
  });
});
