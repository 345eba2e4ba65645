import { useAccount } from "#client/features/account/account.queries.ts";
import { shownPlan, useSubscriptionCheckFailed } from "#client/features/billing/billing.queries.ts";
import { OverviewPage } from "#client/features/dashboard/overview-page.tsx";

/** /dashboard: the overview of the household's money (or one member's). */
export function Component() {
  const { data: account } = useAccount();
  const checkFailed = useSubscriptionCheckFailed();
  if (!account) return null;
  return <OverviewPage account={account} plan={shownPlan(account, checkFailed)} />;
}
