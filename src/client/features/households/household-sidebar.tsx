import { UserPlusIcon } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import type { HouseholdMember } from "#client/components/layout/household-block.tsx";
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "#client/components/ui/sidebar.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { shownPlan } from "#client/features/billing/billing.queries.ts";
import { activePeople, useInvitations, useMembers } from "./households.queries.ts";
import { InvitationList } from "./invitation-list.tsx";
import { InviteDialog } from "./invite-dialog.tsx";

/**
 * The household's people for the sidebar, in member order. Until they are loaded (or when
 * loading fails, with the toast "Failed to load household data") the person sees themselves.
 */
export function useShellMembers(account: Account | null | undefined): HouseholdMember[] {
  const { t } = useTranslation("households");
  const members = useMembers(account);
  const invitations = useInvitations(account);
  const failed = members.isError || invitations.isError;
  useEffect(() => {
    if (failed) toast.news(t("toasts.loadFailed"), { tone: "error", id: "household-load-failed" });
  }, [failed, t]);

  if (!account) return [];
  if (!members.data) {
    return [
      {
        id: account.member.id,
        name: account.profile.fullName || account.user.name,
        role: account.member.role,
        avatarUrl: account.profile.avatarUrl,
        isSelf: true,
      },
    ];
  }
  return activePeople(members.data).map((member) => ({
    id: member.id,
    name: member.name,
    role: member.role,
    avatarUrl: member.avatarUrl,
    isSelf: member.isSelf,
  }));
}

/** Under the members in the sidebar, for the owner: pending invitations and the invite button. */
export function HouseholdSidebarActions({ account }: { account: Account }) {
  const { t } = useTranslation("households");
  const invitations = useInvitations(account);
  if (account.member.role !== "owner") return null;
  return (
    <>
      <InvitationList
        invitations={invitations.data ?? []}
        compact
        className="mt-1 group-data-[collapsible=icon]:hidden"
      />
      <SidebarMenu className="mt-1">
        <SidebarMenuItem>
          <InviteDialog
            householdId={account.household.id}
            plan={shownPlan(account, false)}
            trigger={(open, preload) => (
              <SidebarMenuButton
                onPointerEnter={preload}
                onFocus={preload}
                onClick={open}
                tooltip={t("invite.button")}
                className="text-primary hover:text-primary"
              >
                <UserPlusIcon aria-hidden="true" />
                <span>{t("invite.button")}</span>
              </SidebarMenuButton>
            )}
          />
        </SidebarMenuItem>
      </SidebarMenu>
    </>
  );
}
