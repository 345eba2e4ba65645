/**
 * Billing rules both sides share: coupon codes and the price arithmetic of the plan cards.
 * Prices are integer cents (PRODUCT.md section 5).
 */
export const billingModes = ["test", "stripe", "off"] as const;
export type BillingMode = (typeof billingModes)[number];

export const billingPeriods = ["monthly", "annual"] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

export const couponMaxLength = 50;

/** A coupon as typed: trimmed, upper-cased, at most 50 characters; undefined when empty. */
export function normalizeCoupon(input: string | null | undefined): string | undefined {
  const code = (input ?? "").trim().toUpperCase().slice(0, couponMaxLength).trim();
  return code === "" ? undefined : code;
}

/** What a year costs per month: the annual price divided by 12, rounded on cents. */
export function monthlyEquivalentCents(annualCents: number): number {
  return Math.round(annualCents / 12);
}

/** How much paying per year saves against twelve monthly payments, in whole percent (17 for 4.99/49.90). */
export function annualSavingPercent(monthlyCents: number, annualCents: number): number {
  const twelveMonths = monthlyCents * 12;
  if (twelveMonths <= 0) return 0;
  return Math.max(0, Math.round(((twelveMonths - annualCents) / twelveMonths) * 100));
}

/** The discount a coupon gives on a price, never more than the price. */
export function couponDiscountCents(
  priceCents: number,
  coupon: { percentOff: number | null; amountOffCents: number | null },
): number {
  const raw =
    coupon.percentOff !== null
      ? Math.round((priceCents * coupon.percentOff) / 100)
      : (coupon.amountOffCents ?? 0);
  return Math.min(priceCents, Math.max(0, raw));
}
