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

/** The end of a period that starts at `from`: a calendar month or a year later (UTC). */
export function addPeriod(from: Date, period: BillingPeriod, times = 1): Date {
  const end = new Date(from);
  if (period === "annual") end.setUTCFullYear(end.getUTCFullYear() + times);
  else end.setUTCMonth(end.getUTCMonth() + times);
  return end;
}

/** What changing a running plan costs now (see decision 016). */
export type PlanChangeQuote = {
  /** Charged now: the new plan's price for the time it covers, less the unused time paid for. */
  amountDueCents: number;
  /** Unused time paid for that is worth more than the change: taken off the next payments. */
  creditCents: number;
  /** True when the period changes (monthly ↔ annual): a new period starts now. */
  startsNewPeriod: boolean;
  /** When the (new) period ends and the next payment is due. */
  periodEnd: Date;
};

/**
 * Proration as Stripe does it by default, on whole cents: the unused part of what was paid for
 * this period is a credit; the same period keeps its end and costs the new price for the part
 * left, a new period (monthly ↔ annual) starts now and costs the new price in full.
 */
export function quotePlanChange(input: {
  paidCents: number;
  period: BillingPeriod;
  periodEnd: Date;
  newPriceCents: number;
  newPeriod: BillingPeriod;
  now?: Date;
}): PlanChangeQuote {
  const now = input.now ?? new Date();
  const start = addPeriod(input.periodEnd, input.period, -1);
  const total = input.periodEnd.getTime() - start.getTime();
  const left = Math.min(total, Math.max(0, input.periodEnd.getTime() - now.getTime()));
  const fraction = total > 0 ? left / total : 0;
  const unused = Math.round(input.paidCents * fraction);
  const startsNewPeriod = input.newPeriod !== input.period;
  const cost = startsNewPeriod
    ? input.newPriceCents - unused
    : Math.round(input.newPriceCents * fraction) - unused;
  return {
    amountDueCents: Math.max(0, cost),
    creditCents: Math.max(0, -cost),
    startsNewPeriod,
    periodEnd: startsNewPeriod ? addPeriod(now, input.newPeriod) : input.periodEnd,
  };
}
