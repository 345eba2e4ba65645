import { useParams } from "react-router";
import { canOpen } from "#client/components/layout/nav-items.ts";
import { useAccount } from "#client/features/account/account.queries.ts";
import { shownPlan } from "#client/features/billing/billing.queries.ts";
import { AccountDetailPage } from "#client/features/savings/account-detail-page.tsx";
import { SavingsLockedPage } from "#client/features/savings/savings-locked.tsx";
import { SavingsPage } from "#client/features/savings/savings-page.tsx";
import { Component as NotFound } from "./not-found.tsx";

/**
 * /dashboard/saving (Current and Future) and /dashboard/saving/accounts/:accountId (one
 * account). A household whose plan does not open savings sees the lock, and nothing is asked
 * of the server.
 */
export function Component() {
  const { data: account } = useAccount();
  const { accountId } = useParams();
  if (!account) return <NotFound />;
  const plan = shownPlan(account, false);
  if (!canOpen(plan, "saving")) {
    return <SavingsLockedPage plan={plan} owner={account.member.role === "owner"} />;
  }
  return accountId ? (
    <AccountDetailPage key={accountId} account={account} accountId={accountId} />
  ) : (
    <SavingsPage account={account} />
  );
}
