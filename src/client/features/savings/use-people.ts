import { useTranslation } from "react-i18next";
import type { Account } from "#client/features/account/account.queries.ts";
import { activePeople, useMembers } from "#client/features/households/households.queries.ts";
import type { NameOf } from "./savings-format.ts";

/** The household's people (for owner and "from" pickers) and a name for any member id. */
export function usePeople(account: Account) {
  const { t } = useTranslation("savings");
  const members = useMembers(account);
  const all = members.data ?? [];
  const people = activePeople(all);
  const nameOf: NameOf = (memberId) =>
    all.find((member) => member.id === memberId)?.name ?? t("owner.formerMember");
  /** The household's aggregate row stands for joint money (a deposit "from" the household). */
  const isJoint = (memberId: string | null) =>
    memberId === null || all.some((member) => member.id === memberId && member.isHousehold);
  return { people, nameOf, isJoint, loading: members.isPending };
}
