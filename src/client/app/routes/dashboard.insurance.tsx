import { canOpen } from "#client/components/layout/nav-items.ts";
import { useAccount } from "#client/features/account/account.queries.ts";
import { shownPlan } from "#client/features/billing/billing.queries.ts";
import { InsuranceLockedPage } from "#client/features/insurance/insurance-locked.tsx";
import { InsurancePage } from "#client/features/insurance/insurance-page.tsx";
import { Component as NotFound } from "./not-found.tsx";

/**
 * /dashboard/insurance (the policies with their premiums a month and a year, by person and by
 * kind, who is covered for what, and the renewals and notice deadlines coming up). A household
 * whose plan does not open insurance sees the lock, and nothing is asked of the server.
 */
export function Component() {
  const { data: account } = useAccount();
  if (!account) return <NotFound />;
  const plan = shownPlan(account, false);
  if (!canOpen(plan, "insurance")) {
    return <InsuranceLockedPage plan={plan} owner={account.member.role === "owner"} />;
  }
  return <InsurancePage account={account} />;
}
