import { useAccount } from "#client/features/account/account.queries.ts";
import { TransactionsPage } from "#client/features/transactions/transactions-page.tsx";

/** /dashboard/transactions: every entry of the household, filtered by the URL. */
export function Component() {
  const { data: account } = useAccount();
  if (!account) return null;
  return <TransactionsPage account={account} />;
}
