import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useMatches, useNavigate } from "react-router";
import {
  DashboardShell,
  DashboardShellSkeleton,
} from "#client/components/layout/dashboard-shell.tsx";
import {
  areaOfHandle,
  isAdminArea,
  type DashboardPageKey,
} from "#client/components/layout/nav-items.ts";
import { TooltipProvider } from "#client/components/ui/tooltip.tsx";
import { useAccount, useSignOut } from "#client/features/account/account.queries.ts";
import { shownPlan, useSubscriptionCheckFailed } from "#client/features/billing/billing.queries.ts";
import { BillingHost } from "#client/features/billing/plan-dialog.tsx";
import { openPlanDialog } from "#client/features/billing/plan-dialog-store.ts";
import {
  HouseholdSidebarActions,
  useShellMembers,
} from "#client/features/households/household-sidebar.tsx";
import { ScopePicker } from "#client/features/households/scope-picker.tsx";
import { AddEntryButton, EntryDialogHost } from "#client/features/transactions/entry-dialog.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { useHashTarget } from "#client/lib/use-hash-target.ts";
import { upgradeTarget } from "#shared/plans.ts";

/** The layout of every /dashboard page: the shell around the page. The loader ensures an account. */
export function Component() {
  const { t } = useTranslation("dashboard");
  const { data: account } = useAccount();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const matches = useMatches();
  const { pathname } = useLocation();

  const area =
    matches.map((match) => areaOfHandle(match.handle)).findLast((value) => value !== null) ?? null;
  const isIndex = pathname.replace(/\/+$/, "") === "/dashboard";
  const page: DashboardPageKey | null =
    area && (!isAdminArea(area) || account?.isAdmin) ? area : isIndex ? "dashboard" : null;
  const title = page ? t(`areas.${page}.title`) : t("common:notFound.title");

  useDocumentTitle(title);
  // A link to a row of a page (`#id`) lands on it once the page shows it.
  useHashTarget();
  const members = useShellMembers(account);
  const checkFailed = useSubscriptionCheckFailed();

  // Right after signing out the account is gone while the navigation away is under way.
  if (!account) return <DashboardShellSkeleton />;

  // The household's plan, whoever looks; Pro with billing off; Free while the subscription
  // check fails (the server decides anyway).
  const plan = shownPlan(account, checkFailed);
  const shown = { ...account, household: { ...account.household, planName: plan } };

  // Tooltips live in the dashboard only: their provider (and Radix's popper) stays off the
  // public pages' first load.
  return (
    <TooltipProvider>
      <DashboardShell
        account={shown}
        onLockedItem={() => openPlanDialog(upgradeTarget(plan))}
        members={members}
        title={title}
        topBarActions={
          <>
            <ScopePicker account={account} />
            <AddEntryButton />
          </>
        }
        householdActions={<HouseholdSidebarActions account={account} />}
        signingOut={signOut.isPending}
        onSignOut={() =>
          signOut.mutate(undefined, { onSuccess: () => navigate("/", { replace: true }) })
        }
      >
        <Outlet />
        <BillingHost account={account} paused={signOut.isPending} />
        <EntryDialogHost account={account} />
      </DashboardShell>
    </TooltipProvider>
  );
}
