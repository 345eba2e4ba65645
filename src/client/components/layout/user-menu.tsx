import { ChevronsUpDownIcon, LogOutIcon, UserRoundIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#client/components/ui/dropdown-menu.tsx";
import {
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from "#client/components/ui/sidebar.tsx";
import { shortName } from "#shared/names.ts";
import { MemberAvatar } from "./member-avatar.tsx";

/**
 * The person at the foot of the sidebar: avatar and name (its first word past 15 characters),
 * opening a menu with Profile Settings and Sign Out.
 */
export function UserMenu({
  name,
  email,
  avatarUrl,
  colorIndex,
  signingOut,
  onSignOut,
}: {
  name: string;
  email: string;
  avatarUrl: string | null;
  colorIndex: number;
  signingOut: boolean;
  onSignOut: () => void;
}) {
  const { t } = useTranslation("dashboard");
  const { isMobile, setOpenMobile } = useSidebar();
  const displayName = shortName(name);
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton
              size="lg"
              tooltip={displayName}
              className="data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground"
            >
              <MemberAvatar name={name} index={colorIndex} avatarUrl={avatarUrl} />
              <span className="grid min-w-0 flex-1 text-left leading-tight">
                <span className="truncate font-medium" data-testid="user-menu-name">
                  {displayName}
                </span>
                <span className="truncate text-xs text-muted-foreground">{email}</span>
              </span>
              <ChevronsUpDownIcon className="ml-auto size-4" aria-hidden="true" />
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            className="w-(--radix-dropdown-menu-trigger-width) min-w-56 rounded-lg"
            side={isMobile ? "top" : "right"}
            align="end"
            sideOffset={isMobile ? 8 : 14}
          >
            <DropdownMenuLabel className="p-0 font-normal">
              <span className="flex items-center gap-2 px-1 py-1.5 text-left text-sm">
                <MemberAvatar name={name} index={colorIndex} avatarUrl={avatarUrl} />
                <span className="grid min-w-0 flex-1 leading-tight">
                  <span className="truncate font-medium">{name}</span>
                  <span className="truncate text-xs text-muted-foreground">{email}</span>
                </span>
              </span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuGroup>
              <DropdownMenuItem asChild>
                <Link to="/dashboard/profile" onClick={() => setOpenMobile(false)}>
                  <UserRoundIcon aria-hidden="true" />
                  {t("userMenu.profile")}
                </Link>
              </DropdownMenuItem>
            </DropdownMenuGroup>
            <DropdownMenuSeparator />
            <DropdownMenuItem disabled={signingOut} onSelect={onSignOut}>
              <LogOutIcon aria-hidden="true" />
              {signingOut ? t("userMenu.signingOut") : t("userMenu.signOut")}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
