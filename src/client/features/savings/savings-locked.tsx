import { AreaLockedPage } from "#client/components/layout/area-locked.tsx";
import type { PlanName } from "#shared/plans.ts";

/** The savings page for a household whose plan does not open it: what it does, and the lock. */
export function SavingsLockedPage({ plan, owner }: { plan: PlanName; owner: boolean }) {
  return (
    <AreaLockedPage
      area="saving"
      plan={plan}
      owner={owner}
      namespace="savings"
      items={["accounts", "goals", "whatIf"]}
    />
  );
}
