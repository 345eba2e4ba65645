import { ExternalLinkIcon, RefreshCwIcon } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "#client/components/ui/dialog.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { currentLanguage } from "#client/lib/i18n.ts";
import { translateError } from "#client/lib/errors.ts";
import { formatMoney } from "#shared/money.ts";
import { memberLimit, upgradeTarget } from "#shared/plans.ts";
import {
  billingQueries,
  useCancelSubscription,
  useOpenPortal,
  useResumeSubscription,
} from "./billing.queries.ts";
import { openPlanDialog } from "./plan-dialog-store.ts";
import { BillingOffNotice } from "./plan-picker.tsx";

function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(currentLanguage() === "nl" ? "nl-NL" : "en-GB", {
    dateStyle: "long",
  }).format(new Date(iso));
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The profile's Subscription tab: plan, period, status, renewal or end date, coupon; change
 * the plan, cancel at the period's end (owner only; members see it), or the Stripe portal.
 */
export function SubscriptionPanel() {
  const { t } = useTranslation("billing");
  const subscription = useQuery(billingQueries.subscription());
  const cancel = useCancelSubscription();
  const portal = useOpenPortal();
  const resume = useResumeSubscription();
  const [confirming, setConfirming] = useState(false);

  if (subscription.isPending) return <Skeleton className="h-40 w-full" />;
  if (subscription.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 text-sm">
        <p className="text-destructive">{translateError(t, subscription.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void subscription.refetch()}>
          {t("common:actions.tryAgain")}
        </Button>
      </div>
    );
  }

  const sub = subscription.data;
  if (sub.billing === "off") return <BillingOffNotice />;
  const language = currentLanguage();
  const paid = sub.planName !== "free";
  const canCancel = sub.isOwner && paid && !sub.cancelAtPeriodEnd && sub.status === "active";
  const canResume = sub.isOwner && paid && sub.cancelAtPeriodEnd && sub.status === "active";

  return (
    <div className="grid gap-6" data-testid="subscription-panel">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-2xl font-semibold" data-testid="current-plan">
          {t(`plans.${sub.planName}`)}
        </p>
        <Badge variant={sub.planName === "free" ? "muted" : sub.planName}>
          {t("panel.members", { count: memberLimit[sub.planName] })}
        </Badge>
        {sub.cancelAtPeriodEnd ? <Badge variant="outline">{t("panel.ending")}</Badge> : null}
      </div>

      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact
          label={t("panel.period")}
          value={sub.billingPeriod ? t(`period.${sub.billingPeriod}`) : t("panel.none")}
        />
        <Fact
          label={t("panel.status")}
          value={
            sub.status
              ? t(`panel.statuses.${sub.status}`, { defaultValue: sub.status })
              : t("panel.statuses.free")
          }
          testId="subscription-status"
        />
        {sub.priceCents !== null && paid ? (
          <Fact label={t("panel.price")} value={formatMoney(sub.priceCents, language)} />
        ) : null}
        {sub.currentPeriodEnd && paid ? (
          <Fact
            label={sub.cancelAtPeriodEnd ? t("panel.endsOn") : t("panel.renewsOn")}
            value={formatDate(sub.currentPeriodEnd)}
          />
        ) : null}
        <Fact label={t("panel.coupon")} value={sub.couponCode ?? t("panel.none")} />
      </dl>

      {sub.cancelAtPeriodEnd && sub.currentPeriodEnd ? (
        <p className="text-sm text-muted-foreground">
          {t("panel.endingNote", { date: formatDate(sub.currentPeriodEnd) })}
        </p>
      ) : null}

      {sub.isOwner ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {canResume ? (
            <Button
              disabled={resume.isPending}
              onClick={() =>
                resume.mutate(undefined, {
                  onSuccess: () => toast.success(t("toasts.resumed")),
                  onError: (error) => toast.error(translateError(t, error)),
                })
              }
            >
              {t("panel.resume")}
            </Button>
          ) : null}
          <Button
            variant={canResume ? "outline" : "default"}
            onClick={() => openPlanDialog(upgradeTarget(sub.planName) ?? sub.planName)}
          >
            <RefreshCwIcon aria-hidden="true" />
            {t("panel.change")}
          </Button>
          {sub.billing === "stripe" && paid ? (
            <Button
              variant="outline"
              disabled={portal.isPending}
              onClick={() =>
                portal.mutate(undefined, {
                  onError: (error) => toast.error(translateError(t, error)),
                })
              }
            >
              <ExternalLinkIcon aria-hidden="true" />
              {t("panel.portal")}
            </Button>
          ) : null}
          {canCancel ? (
            <Button
              variant="ghost"
              className="text-destructive"
              onClick={() => setConfirming(true)}
            >
              {t("panel.cancel")}
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("panel.memberNote")}</p>
      )}

      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <div className="grid gap-2">
            <AlertDialogTitle>{t("panel.confirmTitle")}</AlertDialogTitle>
            <AlertDialogDescription>
              {sub.currentPeriodEnd
                ? t("panel.confirmBody", { date: formatDate(sub.currentPeriodEnd) })
                : t("panel.confirmBodyNoDate")}
            </AlertDialogDescription>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={cancel.isPending}>
                {t("panel.keep")}
              </Button>
            </AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success(t("toasts.cancelled"));
                  },
                  onError: (error) => toast.error(translateError(t, error)),
                })
              }
            >
              {cancel.isPending ? t("panel.working") : t("panel.confirmCancel")}
            </Button>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
