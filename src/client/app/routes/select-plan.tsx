import { PlanPendingPage } from "#client/features/site/plan-pending-page.tsx";

/** `/select-plan`: plan selection, until the billing work builds it. */
export function Component() {
  return <PlanPendingPage page="selectPlan" />;
}
