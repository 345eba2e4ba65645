import { CheckIcon, ServerIcon, ShieldCheckIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import { currentLanguage } from "#client/lib/i18n.ts";
import { usePlans, type Plan } from "#client/features/billing/billing.queries.ts";
import { translateError } from "#client/lib/errors.ts";
import { annualSavingPercent, monthlyEquivalentCents } from "#shared/billing.ts";
import { formatMoney } from "#shared/money.ts";

type Period = "monthly" | "annual";
const periods: readonly Period[] = ["monthly", "annual"];
/** A plan card shows at most this many features. */
const maxFeatures = 5;

/** The active plans from the plans table, as cards with a monthly / annual switch. */
export function PricingSection() {
  const { t } = useTranslation("landing");
  const [period, setPeriod] = useState<Period>("monthly");
  const plans = usePlans();
  const paid = plans.data?.plans.filter((plan) => plan.annualPriceCents > 0) ?? [];
  // The best annual saving of the paid plans, for the switch's label ("save 17%").
  const annualSaving = Math.max(
    0,
    ...paid.map((plan) => annualSavingPercent(plan.monthlyPriceCents, plan.annualPriceCents)),
  );
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-16 border-t bg-muted/40"
    >
      <div className="mx-auto max-w-6xl px-4 py-20 sm:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="pricing-title"
            className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            {t("pricing.title")}
          </h2>
          <p className="mt-4 text-lg leading-8 text-muted-foreground">{t("pricing.lead")}</p>
        </div>

        <div className="mt-10 flex justify-center">
          <div
            role="group"
            aria-label={t("pricing.period.label")}
            className="inline-flex rounded-full border bg-background p-1 shadow-xs"
          >
            {periods.map((value) => (
              // The look follows aria-pressed, so the server-rendered page's script
              // (landing/enhance.ts) switches it by setting that alone.
              <button
                key={value}
                type="button"
                aria-pressed={period === value}
                data-period-choice={value}
                onClick={() => setPeriod(value)}
                className="group inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:bg-primary aria-pressed:text-primary-foreground aria-pressed:shadow-xs aria-pressed:hover:text-primary-foreground"
              >
                {t(`pricing.period.${value}`)}
                {value === "annual" && annualSaving > 0 ? (
                  <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground group-aria-pressed:bg-primary-foreground/15 group-aria-pressed:text-primary-foreground">
                    {t("pricing.period.save", { percent: annualSaving })}
                  </span>
                ) : null}
              </button>
            ))}
          </div>
        </div>

        {plans.isError ? (
          <div role="alert" className="mt-10 text-center text-sm text-muted-foreground">
            <p>{t("pricing.loadFailed")}</p>
            <p className="mt-1">{translateError(t, plans.error)}</p>
            <Button className="mt-4" variant="outline" onClick={() => void plans.refetch()}>
              {t("common:actions.tryAgain")}
            </Button>
          </div>
        ) : (
          <ul className="mt-10 grid gap-6 lg:grid-cols-3" aria-busy={plans.isPending}>
            {plans.data
              ? plans.data.plans.map((plan) => (
                  <li key={plan.id} className="flex">
                    <PlanCard plan={plan} period={period} />
                  </li>
                ))
              : [0, 1, 2].map((index) => (
                  <li key={index} className="h-96 animate-pulse rounded-2xl border bg-card" />
                ))}
          </ul>
        )}

        <div className="mx-auto mt-10 flex max-w-3xl flex-col gap-3 text-sm text-muted-foreground sm:flex-row sm:justify-center sm:gap-8">
          <p className="flex items-start gap-2">
            <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {t("pricing.guarantee")}
          </p>
          <p className="flex items-start gap-2">
            <ServerIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {t("pricing.selfHost")}
          </p>
        </div>
      </div>
    </section>
  );
}

function PlanCard({ plan, period }: { plan: Plan; period: Period }) {
  const { t } = useTranslation("landing");
  const language = currentLanguage();
  const free = plan.monthlyPriceCents === 0 && plan.annualPriceCents === 0;
  const titleId = `plan-${plan.name}`;
  const features = plan.features.filter((feature) => feature.isIncluded).slice(0, maxFeatures);

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "relative flex w-full flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-xs sm:p-8",
        plan.isPopular && "border-primary shadow-lg shadow-primary/10 ring-1 ring-primary",
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="text-lg font-semibold">
          {plan.displayName}
        </h3>
        {plan.isPopular ? (
          <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-medium text-primary-foreground">
            {t("pricing.recommended")}
          </span>
        ) : null}
      </div>
      <p className="mt-2 min-h-12 text-sm leading-6 text-muted-foreground">{plan.description}</p>

      {/* Both periods are in the page, the other one hidden (see the switch above). */}
      {periods.map((shown) => (
        <div key={shown} data-period={shown} hidden={shown !== period}>
          <p className="mt-6 flex items-baseline gap-1.5">
            <span className="text-4xl font-semibold tracking-tight tabular-nums">
              {free
                ? t("pricing.free")
                : formatMoney(
                    shown === "annual"
                      ? monthlyEquivalentCents(plan.annualPriceCents)
                      : plan.monthlyPriceCents,
                    language,
                  )}
            </span>
            {free ? null : (
              <span className="text-sm text-muted-foreground">{t("pricing.perMonth")}</span>
            )}
          </p>
          <p className="mt-1 min-h-5 text-sm text-muted-foreground">
            {free
              ? t("pricing.forever")
              : shown === "annual"
                ? t("pricing.billedAnnually", {
                    price: formatMoney(plan.annualPriceCents, language),
                  })
                : t("pricing.billedMonthly")}
          </p>
        </div>
      ))}

      <ul className="mt-6 mb-8 space-y-3 text-sm">
        {features.map((feature) => (
          <li key={feature.id} className="flex items-start gap-3">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className={cn(feature.isHighlighted && "font-medium")}>{feature.text}</span>
          </li>
        ))}
      </ul>

      <Button
        asChild
        variant={plan.isPopular ? "default" : "outline"}
        size="lg"
        className="mt-auto w-full"
      >
        <Link to="/auth?mode=sign-up">
          {free ? t("pricing.choose.free") : t("pricing.choose.paid", { plan: plan.displayName })}
        </Link>
      </Button>
    </article>
  );
}
