import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  annualSavingPercent,
  couponDiscountCents,
  couponMaxLength,
  monthlyEquivalentCents,
  normalizeCoupon,
} from "./billing.ts";

describe("normalizeCoupon", () => {
  it("trims and upper-cases", () => {
    expect(normalizeCoupon("  welcome10 ")).toBe("WELCOME10");
  });
  it("gives undefined for nothing, so nothing is sent", () => {
    expect(normalizeCoupon("")).toBeUndefined();
    expect(normalizeCoupon("   ")).toBeUndefined();
    expect(normalizeCoupon(undefined)).toBeUndefined();
    expect(normalizeCoupon(null)).toBeUndefined();
  });
  it("keeps at most 50 characters", () => {
    expect(normalizeCoupon("a".repeat(80))).toBe("A".repeat(couponMaxLength));
  });
  it("is idempotent and never longer than 50", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (input) => {
        const once = normalizeCoupon(input);
        expect(normalizeCoupon(once)).toBe(once);
        expect((once ?? "").length).toBeLessThanOrEqual(couponMaxLength);
      }),
    );
  });
});

describe("price helpers", () => {
  it("gives the monthly equivalent of an annual price, rounded on cents", () => {
    expect(monthlyEquivalentCents(4990)).toBe(416); // 415.83
    expect(monthlyEquivalentCents(9990)).toBe(833); // 832.5 rounds up
    expect(monthlyEquivalentCents(0)).toBe(0);
  });
  it("saves 17% on the seeded plans and nothing on Free", () => {
    expect(annualSavingPercent(499, 4990)).toBe(17);
    expect(annualSavingPercent(999, 9990)).toBe(17);
    expect(annualSavingPercent(0, 0)).toBe(0);
    expect(annualSavingPercent(100, 2000)).toBe(0);
  });
  it("discounts by percent or amount, never below zero", () => {
    expect(couponDiscountCents(4990, { percentOff: 20, amountOffCents: null })).toBe(998);
    expect(couponDiscountCents(499, { percentOff: null, amountOffCents: 200 })).toBe(200);
    expect(couponDiscountCents(499, { percentOff: null, amountOffCents: 9999 })).toBe(499);
    expect(couponDiscountCents(499, { percentOff: 100, amountOffCents: null })).toBe(499);
  });
});
