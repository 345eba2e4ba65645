import { FlaskConicalIcon, LoaderCircleIcon, LockIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { currentLanguage } from "#client/lib/i18n.ts";
import { translateError } from "#client/lib/errors.ts";
import { formatMoney } from "#shared/money.ts";
import { useQuery } from "@tanstack/react-query";
import { billingQueries, useCancelCheckout, usePayCheckout } from "./billing.queries.ts";

/** The banner on every screen of the test checkout: nothing here charges anyone. */
export function TestModeBanner() {
  const { t } = useTranslation("billing");
  return (
    <p
      className="flex items-center justify-center gap-2 rounded-lg border border-warning/40 bg-warning/10 px-4 py-2.5 text-sm font-medium"
      data-testid="test-checkout-banner"
    >
      <FlaskConicalIcon className="size-4 shrink-0 text-warning" aria-hidden="true" />
      {t("checkout.testBanner")}
    </p>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className={strong ? "font-semibold" : "text-muted-foreground"}>{label}</dt>
      <dd className={strong ? "text-lg font-semibold tabular-nums" : "tabular-nums"}>{value}</dd>
    </div>
  );
}

/**
 * The test-mode checkout: plan, period, the coupon's discount and the total, with Pay and
 * Cancel. Pay records the subscription as a confirmed payment would and leads to the success
 * page; Cancel goes back to the plans.
 */
export function CheckoutPage({ checkoutId }: { checkoutId: string }) {
  const { t } = useTranslation("billing");
  const navigate = useNavigate();
  const language = currentLanguage();
  const checkout = useQuery(billingQueries.checkout(checkoutId));
  const pay = usePayCheckout(checkoutId);
  const cancel = useCancelCheckout(checkoutId);
  const busy = pay.isPending || cancel.isPending;

  const follow = (redirect: string) => {
    if (redirect.startsWith("/")) void navigate(redirect);
    else window.location.assign(redirect);
  };

  return (
    <div className="mx-auto grid w-full max-w-md gap-5">
      <TestModeBanner />
      <section
        aria-labelledby="checkout-title"
        className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
      >
        <h1 id="checkout-title" className="text-2xl font-semibold tracking-tight">
          {t("checkout.title")}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("checkout.lead")}</p>

        {checkout.isPending ? (
          <div className="mt-6 grid gap-3" aria-busy="true">
            <span className="sr-only">{t("common:loading")}</span>
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-2/3" />
          </div>
        ) : checkout.isError ? (
          <div role="alert" className="mt-6 grid gap-4">
            <p className="text-destructive">{translateError(t, checkout.error)}</p>
            <Button asChild variant="outline">
              <Link to="/select-plan">{t("checkout.backToPlans")}</Link>
            </Button>
          </div>
        ) : (
          <>
            <dl className="mt-6 divide-y text-sm" data-testid="checkout-summary">
              <Row label={t("checkout.plan")} value={t(`plans.${checkout.data.planName}`)} />
              <Row
                label={t("checkout.period")}
                value={t(`period.${checkout.data.billingPeriod}`)}
              />
              <Row
                label={t("checkout.price")}
                value={formatMoney(checkout.data.priceCents, language)}
              />
              {checkout.data.couponCode ? (
                <Row
                  label={t("checkout.discount", { code: checkout.data.couponCode })}
                  value={formatMoney(-checkout.data.discountCents, language)}
                />
              ) : null}
              <Row
                label={
                  checkout.data.billingPeriod === "annual"
                    ? t("checkout.totalAnnual")
                    : t("checkout.totalMonthly")
                }
                value={formatMoney(checkout.data.totalCents, language)}
                strong
              />
            </dl>
            {checkout.data.status === "pending" ? (
              <div className="mt-6 grid gap-2">
                <Button
                  size="lg"
                  disabled={busy}
                  aria-busy={pay.isPending}
                  onClick={() =>
                    pay.mutate(undefined, { onSuccess: ({ redirect }) => follow(redirect) })
                  }
                >
                  {pay.isPending ? (
                    <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
                  ) : (
                    <LockIcon aria-hidden="true" />
                  )}
                  {t("checkout.pay", { amount: formatMoney(checkout.data.totalCents, language) })}
                </Button>
                <Button
                  variant="ghost"
                  disabled={busy}
                  onClick={() =>
                    cancel.mutate(undefined, { onSuccess: ({ redirect }) => follow(redirect) })
                  }
                >
                  {t("checkout.cancel")}
                </Button>
                {pay.isError || cancel.isError ? (
                  <p role="alert" className="text-sm text-destructive">
                    {translateError(t, pay.error ?? cancel.error)}
                  </p>
                ) : null}
              </div>
            ) : (
              <div className="mt-6 grid gap-3">
                <p className="text-sm">{t(`checkout.status.${checkout.data.status}`)}</p>
                <Button asChild variant="outline">
                  <Link to={checkout.data.status === "paid" ? "/dashboard" : "/select-plan"}>
                    {checkout.data.status === "paid"
                      ? t("common:actions.toDashboard")
                      : t("checkout.backToPlans")}
                  </Link>
                </Button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
