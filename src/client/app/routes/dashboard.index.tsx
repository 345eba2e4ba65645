import { DashboardPage } from "#client/components/layout/dashboard-page.tsx";
import { useAccount } from "#client/features/account/account.queries.ts";
import { WelcomePanel } from "#client/features/dashboard/welcome-panel.tsx";
import { ScopeLine } from "#client/features/households/scope-picker.tsx";
import { activePeople, useMembers } from "#client/features/households/households.queries.ts";

/** /dashboard: the greeting and the first steps, until the overview of figures lands. */
export function Component() {
  const { data: account } = useAccount();
  const members = useMembers(account);
  return (
    <DashboardPage>
      {account ? (
        <WelcomePanel
          account={account}
          scope={<ScopeLine account={account} />}
          memberCount={members.data ? activePeople(members.data).length : 1}
        />
      ) : null}
    </DashboardPage>
  );
}
