import { MailIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { useCancelInvitation, type PendingInvitation } from "./households.queries.ts";
import { serverMessage } from "./server-message.ts";

/**
 * The household's pending invitations, newest first, each with a cancel button (the owner's
 * view). `compact` is the sidebar's version; the profile shows the sent date too.
 */
export function InvitationList({
  invitations,
  compact = false,
  className,
}: {
  invitations: readonly PendingInvitation[];
  compact?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation("households");
  const cancel = useCancelInvitation();
  const [confirming, setConfirming] = useState<PendingInvitation | null>(null);
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium" });

  const onConfirm = () => {
    if (!confirming) return;
    cancel.mutate(confirming.id, {
      onSuccess: () => toast.success(t("toasts.cancelled")),
      onError: (error) =>
        toast.error(t("toasts.cancelFailed"), { description: serverMessage(t, error) }),
      onSettled: () => setConfirming(null),
    });
  };

  if (invitations.length === 0) return null;
  return (
    <>
      <ul
        className={cn("grid", compact ? "gap-0.5" : "gap-2", className)}
        aria-label={t("invitations.label")}
        data-testid="pending-invitations"
      >
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            data-testid="pending-invitation"
            className={cn(
              "flex items-center gap-2",
              compact ? "min-h-9 rounded-md px-2 text-sm" : "rounded-lg border px-3 py-2.5",
            )}
          >
            <span
              className={cn(
                "grid shrink-0 place-items-center rounded-lg border border-dashed text-muted-foreground",
                compact ? "size-6" : "size-9",
              )}
            >
              <MailIcon className={compact ? "size-3" : "size-4"} aria-hidden="true" />
            </span>
            <span className="grid min-w-0 flex-1 leading-tight">
              <span className="truncate" title={invitation.invitedEmail}>
                {invitation.invitedEmail}
              </span>
              <span className="truncate text-xs text-muted-foreground">
                {compact
                  ? t("invitations.pending")
                  : t("invitations.sentOn", {
                      date: dateFormat.format(new Date(invitation.createdAt)),
                    })}
              </span>
            </span>
            <Button
              variant="ghost"
              size={compact ? "icon" : "sm"}
              className={cn(compact && "size-7 text-muted-foreground")}
              aria-label={t("invitations.cancelLabel", { email: invitation.invitedEmail })}
              onClick={() => setConfirming(invitation)}
            >
              <XIcon aria-hidden="true" />
              {compact ? null : <span aria-hidden="true">{t("invitations.cancel")}</span>}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title={t("invitations.confirmTitle")}
        description={t("invitations.confirmBody", { email: confirming?.invitedEmail ?? "" })}
        confirmLabel={t("invitations.confirm")}
        pending={cancel.isPending}
        onConfirm={onConfirm}
      />
    </>
  );
}
