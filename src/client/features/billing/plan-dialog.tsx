import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { pickerCurrent, shownPlan, usePlans, useSubscriptionPolling } from "./billing.queries.ts";
import { closePlanDialog, openPlanDialog, usePlanDialog } from "./plan-dialog-store.ts";
import { PlanPicker } from "./plan-picker.tsx";

/** The spec's delay before a person without a plan is asked to choose one. */
export const forcedDialogDelayMs = 500;

/**
 * The plan dialog. `forced`: the person has no plan yet and must choose one, so Escape, a click
 * outside and the (absent) close button do nothing.
 */
export function PlanDialog({ account, forced }: { account: Account; forced: boolean }) {
  const { t } = useTranslation("billing");
  const { open, target } = usePlanDialog();
  const current = pickerCurrent(account);
  const owner = account.member.role === "owner";
  const keep = (event: Event) => {
    if (forced) event.preventDefault();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !forced) closePlanDialog();
      }}
    >
      <DialogContent
        data-testid="plan-dialog"
        data-forced={forced || undefined}
        closeLabel={forced ? undefined : t("common:actions.close")}
        onEscapeKeyDown={keep}
        onPointerDownOutside={keep}
        onInteractOutside={keep}
        className="max-w-5xl gap-6 sm:p-8"
      >
        <DialogHeader>
          <DialogTitle className="text-xl sm:text-2xl">
            {forced ? t("dialog.forcedTitle") : t("dialog.title")}
          </DialogTitle>
          <DialogDescription>
            {forced ? t("dialog.forcedDescription") : t("dialog.description")}
          </DialogDescription>
        </DialogHeader>
        {owner || forced ? (
          <PlanPicker
            key={`${target ?? "none"}`}
            current={current}
            initialPlan={target}
            onFreeChosen={closePlanDialog}
            footer={
              forced ? null : (
                <Button variant="outline" size="lg" onClick={closePlanDialog}>
                  {t("dialog.notNow")}
                </Button>
              )
            }
          />
        ) : (
          <div className="grid gap-4">
            <p className="rounded-lg border bg-muted/40 p-4 text-sm">
              {t("dialog.memberOnly", { plan: t(`plans.${shownPlan(account, false)}`) })}
            </p>
            <div className="flex justify-end">
              <Button variant="outline" onClick={closePlanDialog}>
                {t("common:actions.close")}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Everything billing adds to the dashboard: the subscription check (1 s after sign-in, every
 * 60 s), the forced plan choice 500 ms after load for a person without a plan, and the dialog.
 */
export function BillingHost({
  account,
  paused = false,
}: {
  account: Account;
  /** True while signing out: no check may reach the server once the session is ending. */
  paused?: boolean;
}) {
  useSubscriptionPolling(paused ? null : account);
  const plans = usePlans();
  const billingOff = account.household.billing === "off" || plans.data?.billing === "off";
  // Only an owner chooses the household's plan; a member joined a household that has one.
  const needsPlan =
    account.profile.planName === null && account.member.role === "owner" && !billingOff;
  const [forcedShown, setForcedShown] = useState(false);

  useEffect(() => {
    if (!needsPlan) return;
    const timer = window.setTimeout(() => {
      setForcedShown(true);
      openPlanDialog(null);
    }, forcedDialogDelayMs);
    return () => window.clearTimeout(timer);
  }, [needsPlan]);

  // Once a plan is chosen, a forced dialog that is still open closes.
  useEffect(() => {
    if (!needsPlan && forcedShown) closePlanDialog();
  }, [needsPlan, forcedShown]);

  return <PlanDialog account={account} forced={needsPlan && forcedShown} />;
}
