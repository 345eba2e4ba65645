import { AreaLockedPage } from "#client/components/layout/area-locked.tsx";
import type { PlanName } from "#shared/plans.ts";

/** The taxes page for a household whose plan does not open it: what it does, and the lock. */
export function TaxesLockedPage({ plan, owner }: { plan: PlanName; owner: boolean }) {
  return (
    <AreaLockedPage
      area="taxes"
      plan={plan}
      owner={owner}
      namespace="taxes"
      items={["year", "deadlines", "box3"]}
    />
  );
}
