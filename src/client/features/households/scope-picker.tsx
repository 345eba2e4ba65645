import { ChevronsUpDownIcon, HouseIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { MemberAvatar } from "#client/components/layout/member-avatar.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#client/components/ui/dropdown-menu.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import {
  activePeople,
  useMembers,
  useSetScope,
  type HouseholdMemberRow,
} from "./households.queries.ts";
import { serverMessage } from "./server-message.ts";

const householdValue = "household";

/**
 * Whose figures the screens show: the whole household, or one active member. A saved member
 * who has since left counts as the household.
 */
export function useScope(account: Account | null | undefined): {
  member: HouseholdMemberRow | null;
  people: HouseholdMemberRow[];
  label: string;
} {
  const { t } = useTranslation("households");
  const members = useMembers(account);
  const people = members.data ? activePeople(members.data) : [];
  const scopeMemberId = account?.profile.scopeMemberId ?? null;
  const member = people.find((person) => person.id === scopeMemberId) ?? null;
  return { member, people, label: member ? member.name : t("scope.household") };
}

/** The top bar's choice of scope: "Household" or one member, kept per person on the server. */
export function ScopePicker({ account }: { account: Account }) {
  const { t } = useTranslation("households");
  const { member, people, label } = useScope(account);
  const setScope = useSetScope();
  const value = member?.id ?? householdValue;
  const index = member ? people.indexOf(member) : -1;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="max-w-44 gap-2 sm:max-w-56"
          data-testid="scope-picker"
          aria-label={`${t("scope.label")}: ${label}`}
        >
          {member ? (
            <MemberAvatar
              name={member.name}
              index={index}
              avatarUrl={member.avatarUrl}
              className="size-5 rounded-md text-[0.6rem]"
            />
          ) : (
            <HouseIcon className="text-primary" aria-hidden="true" />
          )}
          <span className="truncate">{label}</span>
          <ChevronsUpDownIcon className="text-muted-foreground" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-52">
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
          {t("scope.label")}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={value}
          onValueChange={(next) =>
            setScope.mutate(next === householdValue ? null : next, {
              onError: (error) =>
                toast.error(t("toasts.scopeFailed"), { description: serverMessage(t, error) }),
            })
          }
        >
          <DropdownMenuRadioItem value={householdValue}>
            <HouseIcon className="text-primary" aria-hidden="true" />
            {t("scope.household")}
          </DropdownMenuRadioItem>
          {people.length > 0 ? <DropdownMenuSeparator /> : null}
          {people.map((person, position) => (
            <DropdownMenuRadioItem key={person.id} value={person.id}>
              <MemberAvatar
                name={person.name}
                index={position}
                avatarUrl={person.avatarUrl}
                className="size-5 rounded-md text-[0.6rem]"
              />
              <span className="truncate">
                {person.name}
                {person.isSelf ? (
                  <span className="text-muted-foreground"> ({t("members.you")})</span>
                ) : null}
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** "Showing: Household" or "Showing: Anna": whose figures the page shows. */
export function ScopeLine({ account }: { account: Account }) {
  const { t } = useTranslation("households");
  const { member, label } = useScope(account);
  return (
    <p
      className="flex items-center gap-2 text-sm font-medium text-muted-foreground"
      data-testid="scope-line"
    >
      {member ? null : <HouseIcon className="size-4 text-primary" aria-hidden="true" />}
      {t("scope.showing", { scope: label })}
    </p>
  );
}
