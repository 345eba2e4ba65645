import { useAccount } from "#client/features/account/account.queries.ts";
import { IncomeSpendingPage } from "#client/features/income-spending/income-spending-page.tsx";
import { Component as NotFound } from "./not-found.tsx";

/** /dashboard/income-spending: the month's income, expenses and budgets, and settling up. */
export function Component() {
  const { data: account } = useAccount();
  if (!account) return <NotFound />;
  return <IncomeSpendingPage account={account} />;
}
