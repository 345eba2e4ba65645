import { useParams } from "react-router";
import { canOpen } from "#client/components/layout/nav-items.ts";
import { useAccount } from "#client/features/account/account.queries.ts";
import { shownPlan } from "#client/features/billing/billing.queries.ts";
import { LoanDetailPage } from "#client/features/loans/loan-detail-page.tsx";
import { LoansLockedPage } from "#client/features/loans/loans-locked.tsx";
import { LoansPage } from "#client/features/loans/loans-page.tsx";
import { Component as NotFound } from "./not-found.tsx";

/**
 * /dashboard/loans (the scope's loans and totals) and /dashboard/loans/:loanId (one loan: its
 * schedule, extra repayments, what-if and booking). A household whose plan does not open loans
 * sees the lock, and nothing is asked of the server.
 */
export function Component() {
  const { data: account } = useAccount();
  const { loanId } = useParams();
  if (!account) return <NotFound />;
  const plan = shownPlan(account, false);
  if (!canOpen(plan, "loans")) {
    return <LoansLockedPage plan={plan} owner={account.member.role === "owner"} />;
  }
  return loanId ? (
    <LoanDetailPage key={loanId} account={account} loanId={loanId} />
  ) : (
    <LoansPage account={account} />
  );
}
