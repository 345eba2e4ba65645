import { ArrowRightIcon, InfoIcon, LoaderCircleIcon, TicketIcon } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { ApiError } from "#client/lib/api.ts";
import { annualSavingPercent, couponMaxLength, normalizeCoupon } from "#shared/billing.ts";
import { isPlanName, type PlanName } from "#shared/plans.ts";
import { BillingPeriodSwitch } from "./billing-period-switch.tsx";
import {
  couponError,
  createCheckout,
  usePlans,
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
  const [period, setPeriod] = useState<BillingPeriod>("monthly");
  const [selected, setSelected] = useState<PlanName | null>(initialPlan ?? null);
  const [coupon, setCoupon] = useState("");
  const [couponMessage, setCouponMessage] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [creating, setCreating] = useState(false);
  const selectFree = useSelectFreePlan();

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

  const choice =
    list.find((plan) => plan.name === selected) ??
    list.find((plan) => plan.name !== current && plan.isPopular) ??
    list[0];
  const paid = choice ? choice.monthlyPriceCents > 0 || choice.annualPriceCents > 0 : false;
  const isCurrent = choice?.name === current;
  const busy = selectFree.isPending || creating || redirecting;

  const choose = async () => {
    if (!choice || !isPlanName(choice.name)) return;
    if (!paid) {
      try {
        await selectFree.mutateAsync();
        toast.success(t("toasts.freeActivated"));
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
        {paid && !isCurrent ? (
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
            disabled={!choice || busy || isCurrent}
            aria-busy={busy}
            onClick={() => void choose()}
            data-testid="choose-plan"
          >
            {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            {isCurrent
              ? t("picker.current")
              : busy
                ? t("picker.working")
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
