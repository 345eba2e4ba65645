import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { profiles } from "#server/db/schema/households.ts";
import { findMembership } from "#server/features/households/households.service.ts";
import type { PlanName } from "#shared/plans.ts";

/**
 * Gives a person's household a plan directly, as a paid checkout would leave it: an active
 * subscription row (none for Free) and the person's plan_name.
 */
export async function setHouseholdPlan(db: Db, userId: string, plan: PlanName): Promise<void> {
  await db.update(profiles).set({ planName: plan }).where(eq(profiles.id, userId));
  const membership = await findMembership(db, userId);
  if (!membership || membership.role !== "owner") return;
  if (plan === "free") {
    await db.delete(subscriptions).where(eq(subscriptions.householdId, membership.householdId));
    return;
  }
  const values = {
    planName: plan,
    billingPeriod: "monthly" as const,
    status: "active",
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    cancelAtPeriodEnd: false,
    priceCents: plan === "pro" ? 999 : 499,
  };
  await db
    .insert(subscriptions)
    .values({ householdId: membership.householdId, ...values })
    .onConflictDoUpdate({ target: subscriptions.householdId, set: values });
}
