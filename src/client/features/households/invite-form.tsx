import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircleIcon, MailPlusIcon } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import {
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { ApiError } from "#client/lib/api.ts";
import { memberLimit, upgradeTarget, type PlanName } from "#shared/plans.ts";
import { checkMemberLimit, useSendInvitation } from "./households.queries.ts";
import { serverMessage } from "./server-message.ts";
import { openPlanDialog } from "#client/features/billing/plan-dialog-store.ts";

/** Messages are keys of the "households" namespace, translated where they are shown. */
const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, { error: "invite.invalidEmail" })
    .pipe(z.email({ error: "invite.invalidEmail" })),
});
type InviteInput = z.infer<typeof inviteSchema>;

/**
 * The invite dialog's form (invite-dialog.tsx draws the dialog around it and loads this when a
 * person reaches for it). Before sending, the member-limit check runs: a refusal shows "Member
 * Limit Reached" and offers the next plan; a failure of the check itself lets the invitation go
 * ahead (the server checks again anyway).
 */
export function InviteForm({
  householdId,
  plan,
  onClose,
}: {
  householdId: string;
  /** The household's plan (the owner's, who is the one inviting). */
  plan: PlanName;
  /** Closes the dialog (the form starts afresh at the next opening). */
  onClose: () => void;
}) {
  const { t } = useTranslation("households");
  const send = useSendInvitation();
  const inputId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput>({ resolver: zodResolver(inviteSchema), defaultValues: { email: "" } });

  const limitReached = (plan: PlanName, message: string | null) => {
    const description =
      message || t("limit.description", { plan: t(`plans.${plan}`), count: memberLimit[plan] });
    toast.error(t("toasts.limitReached"), { description });
    onClose();
    // The plan dialog of the billing feature, with the upgrade target selected.
    openPlanDialog(upgradeTarget(plan));
  };

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const check = await checkMemberLimit(householdId);
      if (!check.canAddMember) {
        limitReached(check.householdPlan, check.message);
        return;
      }
    } catch {
      // The check could not be made: the invitation goes ahead, the server decides.
    }
    try {
      await send.mutateAsync({ email, householdId });
    } catch (error) {
      if (error instanceof ApiError && error.code === "VALIDATION" && error.fields?.email) {
        setError(
          "email",
          { type: "server", message: "invite.invalidEmail" },
          { shouldFocus: true },
        );
        return;
      }
      if (error instanceof ApiError && error.code === "MEMBER_LIMIT_REACHED") {
        limitReached(plan, error.message);
        return;
      }
      toast.error(t("toasts.inviteFailed"), { description: serverMessage(t, error) });
      return;
    }
    toast.success(t("toasts.inviteSent", { email }));
    onClose();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{t("invite.title")}</DialogTitle>
        <DialogDescription>{t("invite.description")}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{t("invite.email")}</Label>
        <Input
          id={inputId}
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          placeholder={t("invite.placeholder")}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? errorId : undefined}
          {...register("email")}
        />
        {errors.email?.message ? (
          <p id={errorId} className="text-sm text-destructive">
            {t(errors.email.message)}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <MailPlusIcon aria-hidden="true" />
          )}
          {isSubmitting ? t("invite.sending") : t("invite.send")}
        </Button>
      </DialogFooter>
    </form>
  );
}
