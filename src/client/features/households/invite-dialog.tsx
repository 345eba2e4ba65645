import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.tsx";
import { LoadingRegion } from "#client/components/ui/loading-region.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { deferredModule, preload, useFocusOnArrival } from "#client/lib/deferred-module.ts";
import type { PlanName } from "#shared/plans.ts";

/**
 * The form (invite-form.tsx, with zod and react-hook-form) loads when a person reaches for the
 * invite button: on hover, focus or press. The dialog shows at once, a skeleton until then.
 */
const inviteForm = deferredModule(() => import("./invite-form.tsx"));

/** Starts loading the invite form: for the invite button, on hover or focus. */
export function preloadInviteDialog(): void {
  preload(inviteForm);
}

/**
 * The invite button and its dialog. Before sending, the member-limit check runs: a refusal
 * shows "Member Limit Reached" and offers the next plan; a failure of the check itself lets
 * the invitation go ahead (the server checks again anyway).
 */
export function InviteDialog({
  householdId,
  plan,
  trigger,
}: {
  householdId: string;
  /** The household's plan (the owner's, who is the one inviting). */
  plan: PlanName;
  /** Renders the button that opens the dialog; `preload` is for its hover and focus. */
  trigger: (open: () => void, preload: () => void) => ReactNode;
}) {
  const { t } = useTranslation("households");
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const form = inviteForm.use(open, close);
  const contentRef = useFocusOnArrival<HTMLDivElement>(open && form !== undefined);

  return (
    <>
      {trigger(() => setOpen(true), preloadInviteDialog)}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent ref={contentRef} closeLabel={t("common:actions.close")}>
          {form ? (
            <form.InviteForm householdId={householdId} plan={plan} onClose={close} />
          ) : (
            <div className="grid gap-5">
              <DialogHeader>
                <DialogTitle>{t("invite.title")}</DialogTitle>
                <DialogDescription>{t("invite.description")}</DialogDescription>
              </DialogHeader>
              <LoadingRegion className="grid gap-2">
                <Skeleton className="h-5 w-32" />
                <Skeleton className="h-9" />
              </LoadingRegion>
            </div>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
