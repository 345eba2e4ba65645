import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type { BillingMode } from "#shared/billing.ts";
import { effectivePlan, type PlanName } from "#shared/plans.ts";

type SubscriptionState = Pick<
  typeof subscriptions.$inferSelect,
  "planName" | "status" | "currentPeriodEnd"
>;

/**
 * Whether a subscription row still entitles its plan: active or trialing, or cancelled with a
 * period that has not ended yet. Everything else (past_due, incomplete, unpaid…) counts as Free.
 */
export function entitles(row: SubscriptionState, now = new Date()): boolean {
  if (row.status === "active" || row.status === "trialing") return true;
  if (row.status === "canceled" && row.currentPeriodEnd) return row.currentPeriodEnd > now;
  return false;
}

/**
 * The one answer to "which plan does this household have": with billing off every household
 * has Pro; otherwise the plan of its subscription while that entitles it, else Free. The member
 * limit, the plan gate and check-subscription all read this.
 */
export async function householdPlan(
  db: Db,
  householdId: string,
  billing: BillingMode,
): Promise<PlanName> {
  if (billing === "off") return "pro";
  const [row] = await db
    .select({
      planName: subscriptions.planName,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .where(eq(subscriptions.householdId, householdId))
    .limit(1);
  return planOf(row);
}

/** The plan a household's subscription row gives it (none, or one that ended: Free). */
const planOf = (row: SubscriptionState | null | undefined): PlanName =>
  row && entitles(row) ? effectivePlan(row.planName) : "free";

/**
 * The viewer's household's plan: from the subscription read with the session when it was
 * (middleware/session.ts, the same request), else from the database.
 */
export async function viewerPlan(db: Db, viewer: Viewer, billing: BillingMode): Promise<PlanName> {
  if (billing === "off") return "pro";
  if (!viewer.loaded) return householdPlan(db, viewer.householdId, billing);
  return planOf(viewer.loaded.subscription);
}
