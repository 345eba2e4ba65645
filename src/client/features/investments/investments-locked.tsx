import { AreaLockedPage } from "#client/components/layout/area-locked.tsx";
import type { PlanName } from "#shared/plans.ts";

/** The investments page for a household whose plan does not open it: what it does, and the lock. */
export function InvestmentsLockedPage({ plan, owner }: { plan: PlanName; owner: boolean }) {
  return (
    <AreaLockedPage
      area="investments"
      plan={plan}
      owner={owner}
      namespace="investments"
      items={["holdings", "returns", "netWorth"]}
    />
  );
}
