import { useAccount } from "#client/features/account/account.queries.ts";
import { QuickEntryPage } from "#client/features/transactions/quick-entry-page.tsx";
import { Component as NotFound } from "./not-found.tsx";

/** /dashboard/snelle-transactie: quick entry for administrators; everyone else gets not-found. */
export function Component() {
  const { data: account } = useAccount();
  if (!account?.isAdmin) return <NotFound />;
  return <QuickEntryPage />;
}
