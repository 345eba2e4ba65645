/**
 * Entitlements: the one table the sidebar and the server's plan gate both read.
 * The server decides; the client only shows.
 */
export const planNames = ["free", "premium", "pro"] as const;
export type PlanName = (typeof planNames)[number];

export const planRank = { free: 0, premium: 1, pro: 2 } as const satisfies Record<PlanName, number>;

export const gatedAreas = ["savings", "investments", "loans", "taxes", "insurance"] as const;
export type GatedArea = (typeof gatedAreas)[number];

export const areaMinPlan = {
  savings: "premium",
  investments: "premium",
  loans: "pro",
  taxes: "pro",
  insurance: "pro",
} as const satisfies Record<GatedArea, PlanName>;

export const memberLimit = { free: 2, premium: 5, pro: 10 } as const satisfies Record<
  PlanName,
  number
>;

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === "string" && (planNames as readonly string[]).includes(value);
}

/** A missing or unknown plan counts as free. */
export function effectivePlan(value: string | null | undefined): PlanName {
  return isPlanName(value) ? value : "free";
}

export function hasAccess(plan: PlanName, area: GatedArea): boolean {
  return planRank[plan] >= planRank[areaMinPlan[area]];
}

/** The plan to offer next: Premium from Free, Pro from Premium, nothing past Pro. */
export function upgradeTarget(plan: PlanName): PlanName | null {
  if (plan === "free") return "premium";
  if (plan === "premium") return "pro";
  return null;
}
