import { PlanPendingPage } from "#client/features/site/plan-pending-page.tsx";

/** `/subscription-success`: after a checkout, until the billing work builds it. */
export function Component() {
  return <PlanPendingPage page="subscriptionSuccess" />;
}
