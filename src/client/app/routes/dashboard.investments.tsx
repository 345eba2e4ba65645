import { useParams } from "react-router";
import { canOpen } from "#client/components/layout/nav-items.ts";
import { useAccount } from "#client/features/account/account.queries.ts";
import { shownPlan } from "#client/features/billing/billing.queries.ts";
import { HoldingDetailPage } from "#client/features/investments/holding-detail-page.tsx";
import { InvestmentsLockedPage } from "#client/features/investments/investments-locked.tsx";
import { InvestmentsPage } from "#client/features/investments/investments-page.tsx";
import { Component as NotFound } from "./not-found.tsx";

/**
 * /dashboard/investments (portfolios, figures, allocation) and
 * /dashboard/investments/holdings/:holdingId (one holding). A household whose plan does not
 * open investments sees the lock, and nothing is asked of the server.
 */
export function Component() {
  const { data: account } = useAccount();
  const { holdingId } = useParams();
  if (!account) return <NotFound />;
  const plan = shownPlan(account, false);
  if (!canOpen(plan, "investments")) {
    return <InvestmentsLockedPage plan={plan} owner={account.member.role === "owner"} />;
  }
  return holdingId ? (
    <HoldingDetailPage key={holdingId} account={account} holdingId={holdingId} />
  ) : (
    <InvestmentsPage account={account} />
  );
}
