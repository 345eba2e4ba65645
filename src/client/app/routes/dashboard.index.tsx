import { DashboardPage } from "#client/components/layout/dashboard-page.tsx";
import { useAccount } from "#client/features/account/account.queries.ts";
import { WelcomePanel } from "#client/features/dashboard/welcome-panel.tsx";

/** /dashboard: the greeting and the first steps, until the overview of figures lands. */
export function Component() {
  const { data: account } = useAccount();
  return <DashboardPage>{account ? <WelcomePanel account={account} /> : null}</DashboardPage>;
}
