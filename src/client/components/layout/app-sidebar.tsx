import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  SidebarSeparator,
  useSidebar,
} from "#client/components/ui/sidebar.tsx";
import { effectivePlan, type PlanName } from "#shared/plans.ts";
import { HouseholdBlock, type HouseholdMember } from "./household-block.tsx";
import { LanguagePicker } from "./language-picker.tsx";
import { Logo } from "./logo.tsx";
import {
  adminNav,
  canOpen,
  mainNav,
  pageIcons,
  pathOf,
  requiredPlan,
  type DashboardPageKey,
} from "./nav-items.ts";
import { PlanLockBadge } from "./plan-lock-badge.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { UpgradeCard } from "./upgrade-card.tsx";
import { UserMenu } from "./user-menu.tsx";

/** What the shell needs to know about the signed-in person (a subset of the account). */
export type ShellAccount = {
  user: { name: string; email: string };
  profile: { fullName: string; avatarUrl: string | null };
  /** The household's plan as the server enforces it (Pro for everyone with billing off). */
  household: { name: string; planName: string };
  member: { id: string; role: "owner" | "member" };
  isAdmin: boolean;
};

function NavItem({
  page,
  plan,
  onLockedItem,
}: {
  page: DashboardPageKey;
  plan: PlanName;
  onLockedItem?: (page: DashboardPageKey) => void;
}) {
  const { t } = useTranslation("dashboard");
  const { setOpenMobile } = useSidebar();
  const Icon = pageIcons[page];
  const label = t(`areas.${page}.title`);
  const lock = canOpen(plan, page) ? null : requiredPlan(page);
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild tooltip={lock ? `${label} · ${t(`plans.${lock}`)}` : label}>
        <NavLink
          to={pathOf(page)}
          end={page === "dashboard"}
          aria-haspopup={lock && onLockedItem ? "dialog" : undefined}
          onClick={(event) => {
            setOpenMobile(false);
            if (lock && onLockedItem) {
              event.preventDefault();
              onLockedItem(page);
            }
          }}
        >
          <Icon aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate">{label}</span>
          {lock ? (
            <PlanLockBadge plan={lock} className="group-data-[collapsible=icon]:sr-only" />
          ) : null}
        </NavLink>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

/**
 * The dashboard's sidebar: Hearth, the navigation with its plan locks, the household, an
 * upgrade offer, the theme and language, and the person's menu.
 */
export function AppSidebar({
  account,
  members,
  signingOut,
  onSignOut,
  householdActions,
  onLockedItem,
}: {
  account: ShellAccount;
  members: HouseholdMember[];
  signingOut: boolean;
  onSignOut: () => void;
  householdActions?: ReactNode;
  /** A locked item was clicked: instead of its page, offer the plans (the plan dialog). */
  onLockedItem?: (page: DashboardPageKey) => void;
}) {
  const { t } = useTranslation("dashboard");
  const { isMobile, setOpenMobile } = useSidebar();
  const plan = effectivePlan(account.household.planName);
  const name = account.profile.fullName || account.user.name;
  const selfIndex = Math.max(
    0,
    members.findIndex((member) => member.isSelf),
  );

  return (
    <Sidebar
      collapsible="icon"
      mobileTitle={t("shell.menuTitle")}
      mobileDescription={t("shell.menuDescription")}
      closeLabel={t("shell.closeMenu")}
      aria-label={t("shell.sidebarLabel")}
    >
      <SidebarHeader className="h-14 justify-center border-b border-sidebar-border">
        <Link
          to="/dashboard"
          onClick={() => setOpenMobile(false)}
          className="flex items-center gap-2 rounded-md px-1.5 py-1 outline-hidden focus-visible:ring-2 focus-visible:ring-sidebar-ring group-data-[collapsible=icon]:px-0.5"
        >
          <Logo withName={false} />
          <span className="text-lg font-semibold tracking-tight group-data-[collapsible=icon]:sr-only">
            {t("common:appName")}
          </span>
        </Link>
      </SidebarHeader>

      <SidebarContent>
        <nav aria-label={t("shell.navLabel")}>
          <SidebarGroup>
            <SidebarMenu>
              {mainNav.map((page) => (
                <NavItem key={page} page={page} plan={plan} onLockedItem={onLockedItem} />
              ))}
            </SidebarMenu>
          </SidebarGroup>
          {account.isAdmin ? (
            <SidebarGroup>
              <SidebarGroupLabel>{t("shell.adminHeading")}</SidebarGroupLabel>
              <SidebarMenu>
                {adminNav.map((page) => (
                  <NavItem key={page} page={page} plan={plan} />
                ))}
              </SidebarMenu>
            </SidebarGroup>
          ) : null}
        </nav>

        <SidebarSeparator />
        <HouseholdBlock name={account.household.name} members={members}>
          {householdActions}
        </HouseholdBlock>

        <UpgradeCard plan={plan} owner={account.member.role === "owner"} className="mt-auto mb-2" />
      </SidebarContent>

      <SidebarFooter className="border-t border-sidebar-border">
        {isMobile ? null : (
          <div
            role="group"
            aria-label={t("shell.preferences")}
            className="flex items-center gap-1 group-data-[collapsible=icon]:flex-col"
          >
            <ThemeToggle className="size-8" />
            <LanguagePicker className="size-8" saveToProfile />
          </div>
        )}
        <UserMenu
          name={name}
          email={account.user.email}
          avatarUrl={account.profile.avatarUrl}
          colorIndex={selfIndex}
          signingOut={signingOut}
          onSignOut={onSignOut}
        />
      </SidebarFooter>
      <SidebarRail label={t("shell.toggleSidebar")} />
    </Sidebar>
  );
}
