import { memberLimit, type PlanName } from "./plans.ts";

/**
 * The plans as the public site shows them, prices in cents (PRODUCT.md section 5).
 *
 * A plain constant for now: the billing issue replaces it with the `subscription_plans` and
 * `subscription_plan_features` tables (seeded on first start, edited by administrators) and the
 * landing page then reads the active plans from the API, ordered by `display_order`.
 */
export type PlanFeature =
  | "members"
  | "dashboard"
  | "incomeSpending"
  | "recurringSplits"
  | "transactionsExport"
  | "everythingInFree"
  | "savings"
  | "investments"
  | "netWorth"
  | "everythingInPremium"
  | "loans"
  | "taxes"
  | "insurance";

export interface PublicPlan {
  readonly name: PlanName;
  readonly monthlyCents: number;
  readonly annualCents: number;
  readonly memberLimit: number;
  /** At most 5 features are shown on a plan card; the first is the member limit. */
  readonly features: readonly PlanFeature[];
  readonly recommended: boolean;
}

export const publicPlans: readonly PublicPlan[] = [
  {
    name: "free",
    monthlyCents: 0,
    annualCents: 0,
    memberLimit: memberLimit.free,
    features: ["members", "dashboard", "incomeSpending", "recurringSplits", "transactionsExport"],
    recommended: false,
  },
  {
    name: "premium",
    monthlyCents: 499,
    annualCents: 4990,
    memberLimit: memberLimit.premium,
    features: ["members", "everythingInFree", "savings", "investments", "netWorth"],
    recommended: true,
  },
  {
    name: "pro",
    monthlyCents: 999,
    annualCents: 9990,
    memberLimit: memberLimit.pro,
    features: ["members", "everythingInPremium", "loans", "taxes", "insurance"],
    recommended: false,
  },
];

/** What a year costs per month: the annual price divided by 12, rounded on cents. */
export function annualMonthlyEquivalentCents(annualCents: number): number {
  return Math.round(annualCents / 12);
}

/** How much paying per year saves against twelve monthly payments, in whole percent. */
export function annualSavingPercent(
  plan: Pick<PublicPlan, "monthlyCents" | "annualCents">,
): number {
  const twelveMonths = plan.monthlyCents * 12;
  if (twelveMonths === 0) return 0;
  return Math.round(((twelveMonths - plan.annualCents) / twelveMonths) * 100);
}
