import { CrownIcon, UserMinusIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { MemberAvatar } from "#client/components/layout/member-avatar.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import {
  useRemoveMember,
  useTransferOwnership,
  type HouseholdMemberRow,
} from "./households.queries.ts";
import { serverMessage } from "./server-message.ts";

/**
 * The household's people in member order, each avatar in the colour of its place. The owner
 * (`canManage`) can remove anyone but themselves, and hand the household over to a member with
 * an account of their own; the aggregate row is never in `members`.
 */
export function MemberList({
  members,
  canManage,
  householdId,
}: {
  members: readonly HouseholdMemberRow[];
  canManage: boolean;
  householdId: string;
}) {
  const { t, i18n } = useTranslation("households");
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium" });
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState<HouseholdMemberRow | null>(null);
  const transfer = useTransferOwnership();
  const [handingOver, setHandingOver] = useState<HouseholdMemberRow | null>(null);

  const onHandOver = () => {
    if (!handingOver) return;
    const name = handingOver.name;
    transfer.mutate(
      { householdId, memberId: handingOver.id },
      {
        onSuccess: () => toast.success(t("toasts.handedOver", { name })),
        onError: (error) =>
          toast.error(t("toasts.handOverFailed"), { description: serverMessage(t, error) }),
        onSettled: () => setHandingOver(null),
      },
    );
  };

  const onConfirm = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => toast.success(t("toasts.removed")),
      onError: (error) =>
        toast.error(t("toasts.removeFailed"), { description: serverMessage(t, error) }),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <>
      <ul className="grid gap-2" aria-label={t("members.label")} data-testid="member-list">
        {members.map((member, index) => (
          <li
            key={member.id}
            data-testid="member-row"
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2.5"
          >
            {/* On a phone the badge and the owner's buttons go under the name when it needs room. */}
            <span className="flex min-w-40 flex-1 items-center gap-3">
              <MemberAvatar
                name={member.name}
                index={index}
                avatarUrl={member.avatarUrl}
                className="size-9 text-xs"
              />
              <span className="grid min-w-0 flex-1 gap-0.5 leading-tight">
                <span className="truncate font-medium">
                  {member.name}
                  {member.isSelf ? (
                    <span className="font-normal text-muted-foreground"> ({t("members.you")})</span>
                  ) : null}
                </span>
                <span className="text-xs text-muted-foreground">
                  {t("members.since", { date: dateFormat.format(new Date(member.createdAt)) })}
                </span>
              </span>
            </span>
            <span className="ml-auto flex items-center gap-1">
              <Badge variant={member.role === "owner" ? "default" : "secondary"}>
                {t(`members.roles.${member.role}`)}
              </Badge>
              {canManage && !member.isSelf && member.userId ? (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-muted-foreground hover:text-primary"
                  aria-label={t("members.handOverLabel", { name: member.name })}
                  title={t("members.handOverLabel", { name: member.name })}
                  onClick={() => setHandingOver(member)}
                >
                  <CrownIcon aria-hidden="true" />
                </Button>
              ) : null}
              {canManage && !member.isSelf ? (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-muted-foreground hover:text-destructive"
                  aria-label={t("members.removeLabel", { name: member.name })}
                  onClick={() => setConfirming(member)}
                >
                  <UserMinusIcon aria-hidden="true" />
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title={t("members.confirmTitle", { name: confirming?.name ?? "" })}
        description={t("members.confirmBody", { name: confirming?.name ?? "" })}
        confirmLabel={t("members.confirm")}
        pending={remove.isPending}
        onConfirm={onConfirm}
      />
      <ConfirmDialog
        open={handingOver !== null}
        onOpenChange={(open) => (open ? null : setHandingOver(null))}
        title={t("members.handOverTitle", { name: handingOver?.name ?? "" })}
        description={t("members.handOverBody", { name: handingOver?.name ?? "" })}
        confirmLabel={t("members.handOverConfirm", { name: handingOver?.name ?? "" })}
        pending={transfer.isPending}
        onConfirm={onHandOver}
      />
    </>
  );
}
