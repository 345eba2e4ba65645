import { AreaLockedPage } from "#client/components/layout/area-locked.tsx";
import type { PlanName } from "#shared/plans.ts";

/** The insurance page for a household whose plan does not open it: what it does, and the lock. */
export function InsuranceLockedPage({ plan, owner }: { plan: PlanName; owner: boolean }) {
  return (
    <AreaLockedPage
      area="insurance"
      plan={plan}
      owner={owner}
      namespace="insurance"
      items={["policies", "coverage", "notice"]}
    />
  );
}
