import { canOpen } from "#client/components/layout/nav-items.ts";
import { useAccount } from "#client/features/account/account.queries.ts";
import { shownPlan } from "#client/features/billing/billing.queries.ts";
import { TaxesLockedPage } from "#client/features/taxes/taxes-locked.tsx";
import { TaxesPage } from "#client/features/taxes/taxes-page.tsx";
import { Component as NotFound } from "./not-found.tsx";

/**
 * /dashboard/taxes?year= (a tax year: payments and refunds, deadlines, what the return needs and
 * the box 3 estimate). A household whose plan does not open taxes sees the lock, and nothing is
 * asked of the server.
 */
export function Component() {
  const { data: account } = useAccount();
  if (!account) return <NotFound />;
  const plan = shownPlan(account, false);
  if (!canOpen(plan, "taxes")) {
    return <TaxesLockedPage plan={plan} owner={account.member.role === "owner"} />;
  }
  return <TaxesPage account={account} />;
}
