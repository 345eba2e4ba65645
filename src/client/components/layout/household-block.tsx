import { HouseIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  SidebarGroup,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuItem,
} from "#client/components/ui/sidebar.tsx";
import { shortName } from "#shared/names.ts";
import { MemberAvatar } from "./member-avatar.tsx";

export type HouseholdMember = {
  id: string;
  name: string;
  role: "owner" | "member";
  avatarUrl?: string | null;
  isSelf: boolean;
};

/**
 * The household in the sidebar: its name and its active members, in member order, each with
 * an avatar whose colour follows that order. `children` is the place for pending invitations
 * and the invite button (the households work adds them).
 */
export function HouseholdBlock({
  name,
  members,
  children,
}: {
  name: string;
  members: HouseholdMember[];
  children?: ReactNode;
}) {
  const { t } = useTranslation("dashboard");
  const labelId = useId();
  return (
    <SidebarGroup role="group" aria-labelledby={labelId}>
      <SidebarGroupLabel id={labelId}>
        <HouseIcon aria-hidden="true" />
        <span className="truncate">{name}</span>
      </SidebarGroupLabel>
      <SidebarMenu aria-label={t("household.members")}>
        {members.map((member, index) => (
          <SidebarMenuItem key={member.id}>
            <div
              className="flex min-h-10 items-center gap-2 overflow-hidden rounded-md px-2 py-1 text-sm group-data-[collapsible=icon]:size-8 group-data-[collapsible=icon]:min-h-0 group-data-[collapsible=icon]:p-1"
              data-testid="household-member"
            >
              <MemberAvatar
                name={member.name}
                index={index}
                avatarUrl={member.avatarUrl}
                className="size-6 text-[0.65rem]"
              />
              <span className="grid min-w-0 flex-1 leading-tight">
                <span className="truncate">{shortName(member.name)}</span>
                <span className="truncate text-xs text-muted-foreground">
                  {member.role === "owner" ? t("household.owner") : t("household.member")}
                  {member.isSelf ? ` · ${t("household.you")}` : null}
                </span>
              </span>
            </div>
          </SidebarMenuItem>
        ))}
      </SidebarMenu>
      {children}
    </SidebarGroup>
  );
}
