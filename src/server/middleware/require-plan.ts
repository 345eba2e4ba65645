import { createMiddleware } from "hono/factory";
import type { Db } from "#server/db/client.ts";
import { viewerPlan } from "#server/features/billing/entitlement.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { AppEnv } from "#server/lib/router.ts";
import type { BillingMode } from "#shared/billing.ts";
import { areaMinPlan, hasAccess, type GatedArea } from "#shared/plans.ts";
import { requireViewer } from "./session.ts";

const planLabel = { free: "Free", premium: "Premium", pro: "Pro" } as const;

/**
 * Refuses every call of a gated area unless the household's plan opens it: 401 when signed out,
 * 403 PLAN_REQUIRED when the plan is too low. The plan comes from the one entitlement function.
 */
export function requirePlan(area: GatedArea, deps: { db: Db; billing: BillingMode }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const viewer = requireViewer(c);
    const plan = await viewerPlan(deps.db, viewer, deps.billing);
    if (!hasAccess(plan, area)) {
      throw new AppError(
        "PLAN_REQUIRED",
        `This part of Hearth needs the ${planLabel[areaMinPlan[area]]} plan.`,
      );
    }
    await next();
  });
}
