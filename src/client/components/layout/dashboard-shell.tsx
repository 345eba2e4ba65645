import { useEffect, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SidebarInset, SidebarProvider } from "#client/components/ui/sidebar.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { preloadToasters } from "#client/lib/toast.ts";
import { AppSidebar, type ShellAccount } from "./app-sidebar.tsx";
import type { HouseholdMember } from "./household-block.tsx";
import type { DashboardPageKey } from "./nav-items.ts";
import { TopBar } from "./top-bar.tsx";

/** Moves focus to the page's <main id="main">, past the sidebar and the top bar. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById("main");
  if (!main) return;
  event.preventDefault();
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus();
  main.scrollIntoView({ block: "start" });
}

/**
 * Everything around a dashboard page: the skip link, the sidebar and the top bar. Each page
 * renders its own <main id="main"> (see DashboardPage), so the not-found page fits in too.
 */
export function DashboardShell({
  account,
  members,
  title,
  signingOut,
  onSignOut,
  topBarActions,
  householdActions,
  onLockedItem,
  children,
}: {
  account: ShellAccount;
  members: HouseholdMember[];
  title: string;
  signingOut: boolean;
  onSignOut: () => void;
  topBarActions?: ReactNode;
  /** Under the household's members in the sidebar: pending invitations and the invite button. */
  householdActions?: ReactNode;
  /** A locked sidebar item was clicked (the page offers the plans instead of navigating). */
  onLockedItem?: (page: DashboardPageKey) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("dashboard");
  // Toasts are frequent here: the toasters are there from the start (sonner comes with the
  // dashboard's entry form anyway), so none waits for them.
  useEffect(preloadToasters, []);
  return (
    <SidebarProvider>
      <a
        href="#main"
        onClick={skipToMain}
        className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {t("common:skipToContent")}
      </a>
      <AppSidebar
        account={account}
        members={members}
        signingOut={signingOut}
        onSignOut={onSignOut}
        householdActions={householdActions}
        onLockedItem={onLockedItem}
      />
      <SidebarInset>
        <TopBar title={title} actions={topBarActions} />
        {children}
      </SidebarInset>
    </SidebarProvider>
  );
}

/** The shell's outline while the account is not there (a moment after signing out). */
export function DashboardShellSkeleton() {
  return (
    <div className="flex min-h-svh w-full" aria-busy="true">
      <div className="hidden w-64 shrink-0 flex-col gap-3 border-r bg-sidebar p-4 md:flex">
        <Skeleton className="h-7 w-28" />
        <Skeleton className="mt-4 h-8 w-full" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-4/5" />
      </div>
      <div className="flex flex-1 flex-col">
        <div className="h-14 border-b" />
        <div className="space-y-4 p-6">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-4 w-96 max-w-full" />
        </div>
      </div>
    </div>
  );
}
