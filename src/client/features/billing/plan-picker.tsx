import { ArrowRightIcon, InfoIcon, LoaderCircleIcon, TicketIcon } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { ApiError } from "#client/lib/api.ts";
import { translateError } from "#client/lib/errors.ts";
import { currentLanguage } from "#client/lib/i18n.ts";
import { annualSavingPercent, couponMaxLength, normalizeCoupon } from "#shared/billing.ts";
import { formatMoney } from "#shared/money.ts";
import { isPlanName, type PlanName } from "#shared/plans.ts";
import { BillingPeriodSwitch } from "./billing-period-switch.tsx";
import {
  billingQueries,
  couponError,
  createCheckout,
  useChangePlan,
  usePlanChangeQuote,
  usePlans,
  useResumeSubscription,
  useSelectFreePlan,
  type BillingPeriod,
  type Plan,
} from "./billing.queries.ts";
import { PlanCard } from "./plan-card.tsx";

/** The server's message when a plan has no price for the period (shown translated). */
const pricingMissingMessage = "Pricing not configured for this plan";

/** The best annual saving among the paid plans, for the switch ("save 17%"). */
export function bestSaving(plans: readonly Plan[]): number {
  return Math.max(
    0,
    ...plans.map((plan) => annualSavingPercent(plan.monthlyPriceCents, plan.annualPriceCents)),
  );
}

/** Says that billing is off: every household has everything. */
export function BillingOffNotice() {
  const { t } = useTranslation("billing");
  return (
    <div
      className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4 text-sm"
      data-testid="billing-off"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-medium">{t("off.title")}</p>
        <p className="text-muted-foreground">{t("off.body")}</p>
      </div>
    </div>
  );
}

/** The plans could not be loaded: the server's message or "Failed to fetch plans". */
export function PlansError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("billing");
  const message =
    error instanceof ApiError &&
    error.status > 0 &&
    error.message &&
    !/^HTTP \d+$/.test(error.message)
      ? error.message
      : t("errors.fetchPlans");
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-lg border border-destructive/40 p-4 text-sm"
    >
      <p className="text-destructive">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t("common:actions.tryAgain")}
      </Button>
    </div>
  );
}

/** What switching costs now, before the owner confirms (decision 016). */
function ChangeQuote({
  quote,
  error,
  formatDate,
}: {
  quote: {
    amountDueCents: number;
    creditCents: number;
    startsNewPeriod: boolean;
    periodEnd: string;
  } | null;
  error: string | null;
  formatDate: (iso: string) => string;
}) {
  const { t } = useTranslation("billing");
  const language = currentLanguage();
  if (error) {
    return (
      <p role="alert" className="text-sm text-destructive sm:max-w-sm">
        {error}
      </p>
    );
  }
  if (!quote) {
    return <Skeleton className="h-10 w-full sm:max-w-sm" />;
  }
  const date = formatDate(quote.periodEnd);
  return (
    <p className="text-sm sm:max-w-sm" data-testid="plan-change-quote" aria-live="polite">
      {quote.amountDueCents > 0
        ? t("change.due", { amount: formatMoney(quote.amountDueCents, language) })
        : quote.creditCents > 0
          ? t("change.credit", { amount: formatMoney(quote.creditCents, language) })
          : t("change.nothingDue")}{" "}
      {quote.startsNewPeriod ? t("change.newPeriod", { date }) : t("change.samePeriod", { date })}
    </p>
  );
}

/**
 * Choosing a plan: the period, the three plans, a coupon for a paid plan and the button. Free
 * is activated at once ("Free plan activated!"); a paid plan creates a checkout and the browser
 * goes to its URL. Used by the plan dialog and by /select-plan.
 */
export function PlanPicker({
  current,
  initialPlan,
  onFreeChosen,
  footer,
}: {
  /** The household's plan, or null when none was chosen yet. */
  current: PlanName | null;
  /** The plan selected at first (the upgrade target). */
  initialPlan?: PlanName | null;
  onFreeChosen?: () => void;
  /** Extra buttons beside the main one (a "Not now" in a dismissable dialog). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation("billing");
  const plans = usePlans();
  const groupName = useId();
  const couponId = useId();
  const couponErrorId = useId();
  const [chosenPeriod, setPeriod] = useState<BillingPeriod | null>(null);
  const [selected, setSelected] = useState<PlanName | null>(initialPlan ?? null);
  const [coupon, setCoupon] = useState("");
  const [couponMessage, setCouponMessage] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [creating, setCreating] = useState(false);
  const selectFree = useSelectFreePlan();
  const changePlan = useChangePlan();
  const resume = useResumeSubscription();
  // A household that pays: the picker changes, resumes or ends its plan instead of a checkout.
  const subscription = useQuery({
    ...billingQueries.subscription(),
    enabled: current !== null && current !== "free",
  });
  const sub = subscription.data;
  const running =
    sub && sub.planName !== "free" && sub.billingPeriod !== null && sub.status !== "canceled"
      ? { plan: sub.planName, period: sub.billingPeriod, cancelled: sub.cancelAtPeriodEnd }
      : null;
  const period: BillingPeriod = chosenPeriod ?? running?.period ?? "monthly";
  const plansList = plans.data?.plans ?? [];
  const selectedPlan =
    plansList.find((plan) => plan.name === selected) ??
    plansList.find((plan) => plan.name !== current && plan.isPopular) ??
    plansList[0];
  const selectedPaid = selectedPlan
    ? selectedPlan.monthlyPriceCents > 0 || selectedPlan.annualPriceCents > 0
    : false;
  const switching =
    running !== null &&
    selectedPaid &&
    selectedPlan !== undefined &&
    isPlanName(selectedPlan.name) &&
    !(selectedPlan.name === running.plan && period === running.period);
  // Once the change is made (or being made) there is nothing left to quote for it.
  const quote = usePlanChangeQuote(
    switching &&
      !changePlan.isPending &&
      !changePlan.isSuccess &&
      selectedPlan &&
      isPlanName(selectedPlan.name)
      ? { planName: selectedPlan.name, period }
      : null,
  );

  if (plans.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <span className="sr-only">{t("common:loading")}</span>
        <Skeleton className="mx-auto h-11 w-64 rounded-full" />
        <div className="grid gap-4 md:grid-cols-3">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      </div>
    );
  }
  if (plans.isError) {
    return <PlansError error={plans.error} onRetry={() => void plans.refetch()} />;
  }

  const { plans: list, billing } = plans.data;
  if (billing === "off") return <BillingOffNotice />;

  const choice = selectedPlan;
  const paid = selectedPaid;
  const language = currentLanguage();
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(language === "nl" ? "nl-NL" : "en-GB", { dateStyle: "long" }).format(
      new Date(iso),
    );
  // The plan and period the household has now, still running: nothing to choose.
  const isCurrent = running
    ? choice?.name === running.plan && period === running.period && !running.cancelled
    : choice?.name === current;
  // The same plan and period, cancelled: choosing it takes the cancellation back.
  const resuming =
    running !== null &&
    running.cancelled &&
    choice?.name === running.plan &&
    period === running.period;
  // Free while paying: the plan ends at the period's end (already so when it was cancelled).
  const downgrading = running !== null && !paid;
  const freeAlreadyNext = downgrading && running.cancelled;
  const busy =
    selectFree.isPending || creating || redirecting || changePlan.isPending || resume.isPending;

  const choose = async () => {
    if (!choice || !isPlanName(choice.name)) return;
    if (resuming) {
      try {
        await resume.mutateAsync();
        toast.success(t("toasts.resumed"));
        onFreeChosen?.();
      } catch (error) {
        toast.error(translateError(t, error));
      }
      return;
    }
    if (switching) {
      try {
        await changePlan.mutateAsync({ planName: choice.name, period });
        toast.success(
          t("toasts.changed", { plan: choice.displayName, period: t(`period.${period}`) }),
        );
        onFreeChosen?.();
      } catch (error) {
        toast.error(translateError(t, error));
      }
      return;
    }
    if (!paid) {
      try {
        const answer = await selectFree.mutateAsync();
        toast.success(
          answer.endsAt
            ? t("toasts.freeAtPeriodEnd", { date: formatDate(answer.endsAt) })
            : t("toasts.freeActivated"),
        );
        onFreeChosen?.();
      } catch (error) {
        // A household that pays is told, in its language, to cancel instead (CONFLICT).
        toast.error(
          error instanceof ApiError && error.code === "CONFLICT"
            ? error.message
            : t("errors.selection"),
        );
      }
      return;
    }
    const priceId = period === "annual" ? choice.stripeAnnualPriceId : choice.stripeMonthlyPriceId;
    if (!priceId) {
      toast.error(t("errors.pricingMissing"));
      return;
    }
    const couponCode = normalizeCoupon(coupon);
    setCouponMessage(null);
    setCreating(true);
    try {
      const { url } = await createCheckout({
        priceId,
        planName: choice.name,
        ...(couponCode ? { couponCode } : {}),
      });
      if (!url) {
        toast.error(t("errors.noUrl"));
        return;
      }
      setRedirecting(true);
      window.location.assign(url);
    } catch (error) {
      if (couponError(error)) {
        setCouponMessage(t("coupon.invalid"));
        document.getElementById(couponId)?.focus();
      } else if (error instanceof ApiError && error.message === pricingMissingMessage) {
        toast.error(t("errors.pricingMissing"));
      } else if (error instanceof ApiError && error.code === "CONFLICT") {
        toast.error(t("errors.billingOff"));
      } else {
        toast.error(t("errors.selection"));
      }
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="grid gap-5">
      <div className="flex justify-center">
        <BillingPeriodSwitch value={period} onChange={setPeriod} savingPercent={bestSaving(list)} />
      </div>
      <fieldset className="min-w-0">
        <legend className="sr-only">{t("picker.legend")}</legend>
        <div className="grid gap-4 md:grid-cols-3">
          {list.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              period={period}
              name={groupName}
              checked={plan.name === choice?.name}
              current={plan.name === current}
              disabled={busy}
              onSelect={() => {
                setSelected(isPlanName(plan.name) ? plan.name : null);
                setCouponMessage(null);
              }}
            />
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        {switching ? (
          <ChangeQuote
            quote={quote.data ?? null}
            error={quote.isError ? translateError(t, quote.error) : null}
            formatDate={formatDate}
          />
        ) : downgrading && running && sub?.currentPeriodEnd ? (
          <p className="text-sm text-muted-foreground sm:max-w-sm" data-testid="plan-change-note">
            {t("change.freeNote", { date: formatDate(sub.currentPeriodEnd) })}
          </p>
        ) : resuming && sub?.currentPeriodEnd ? (
          <p className="text-sm text-muted-foreground sm:max-w-sm" data-testid="plan-change-note">
            {t("change.resumeNote", { date: formatDate(sub.currentPeriodEnd) })}
          </p>
        ) : paid && !isCurrent && !running ? (
          <div className="grid w-full gap-1.5 sm:max-w-xs">
            <Label htmlFor={couponId} className="flex items-center gap-2">
              <TicketIcon className="size-4 text-muted-foreground" aria-hidden="true" />
              {t("coupon.label")}
            </Label>
            <Input
              id={couponId}
              value={coupon}
              maxLength={couponMaxLength}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              placeholder={t("coupon.placeholder")}
              aria-invalid={couponMessage ? true : undefined}
              aria-describedby={couponMessage ? couponErrorId : undefined}
              onChange={(event) => {
                setCoupon(event.target.value.toUpperCase().slice(0, couponMaxLength));
                setCouponMessage(null);
              }}
              disabled={busy}
              className="uppercase"
            />
            {couponMessage ? (
              <p id={couponErrorId} className="text-sm text-destructive">
                {couponMessage}
              </p>
            ) : (
              <p className="text-xs text-muted-foreground">{t("coupon.hint")}</p>
            )}
          </div>
        ) : (
          <div />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {footer}
          <Button
            size="lg"
            disabled={!choice || busy || isCurrent || freeAlreadyNext}
            aria-busy={busy}
            onClick={() => void choose()}
            data-testid="choose-plan"
          >
            {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            {isCurrent
              ? t("picker.current")
              : busy
                ? t("picker.working")
                : resuming
                  ? t("picker.resume", { plan: choice?.displayName ?? "" })
                  : switching
                    ? t("picker.switch", {
                        plan: choice?.displayName ?? "",
                        period: t(`period.${period}`),
                      })
                    : freeAlreadyNext
                      ? t("picker.freeNext")
                      : downgrading
                        ? t("picker.freeAtPeriodEnd")
                        : paid
                          ? t("picker.continuePaid", { plan: choice?.displayName ?? "" })
                          : t("picker.chooseFree")}
            {!busy && !isCurrent ? <ArrowRightIcon aria-hidden="true" /> : null}
          </Button>
        </div>
      </div>
    </div>
  );
}
