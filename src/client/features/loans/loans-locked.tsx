import { AreaLockedPage } from "#client/components/layout/area-locked.tsx";
import type { PlanName } from "#shared/plans.ts";

/** The loans page for a household whose plan does not open it: what it does, and the lock. */
export function LoansLockedPage({ plan, owner }: { plan: PlanName; owner: boolean }) {
  return (
    <AreaLockedPage
      area="loans"
      plan={plan}
      owner={owner}
      namespace="loans"
      items={["schedule", "extras", "netWorth"]}
    />
  );
}
