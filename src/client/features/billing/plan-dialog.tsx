import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";
import { LoadingRegion } from "#client/components/ui/loading-region.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { pickerCurrent, shownPlan, usePlans, useSubscriptionPolling } from "./billing.queries.ts";
import { deferredModule, useFocusOnArrival } from "#client/lib/deferred-module.ts";
import { closePlanDialog, openPlanDialog, usePlanDialog } from "./plan-dialog-store.ts";

/**
 * The plans and their checkout (plan-picker.tsx) load when the dialog opens, or as soon as the
 * dashboard knows the person must choose one; the dialog shows at once, a skeleton until then.
 */
const planPicker = deferredModule(() => import("./plan-picker.tsx"));

/** The spec's delay before a person without a plan is asked to choose one. */
export const forcedDialogDelayMs = 500;

/**
 * The plan dialog. `forced`: the person has no plan yet and must choose one, so Escape, a click
 * outside and the (absent) close button do nothing.
 */
export function PlanDialog({ account, forced }: { account: Account; forced: boolean }) {
  const { t } = useTranslation("billing");
  const { open, target } = usePlanDialog();
  const owner = account.member.role === "owner";
  const picker = planPicker.use(open && (owner || forced), forced ? undefined : closePlanDialog);
  const contentRef = useFocusOnArrival<HTMLDivElement>(open && picker !== undefined);
  const current = pickerCurrent(account);
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
        ref={contentRef}
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
          picker ? (
            <picker.PlanPicker
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
            // The picker's own skeleton while the plans load (plan-picker.tsx).
            <LoadingRegion className="grid gap-4">
              <Skeleton className="mx-auto h-11 w-64 rounded-full" />
              <div className="grid gap-4 md:grid-cols-3">
                <Skeleton className="h-72" />
                <Skeleton className="h-72" />
                <Skeleton className="h-72" />
              </div>
            </LoadingRegion>
          )
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
  // The plans load during the delay, so the forced dialog opens with them.
  planPicker.use(needsPlan);

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
