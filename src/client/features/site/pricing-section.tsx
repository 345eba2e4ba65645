import { CheckIcon, ServerIcon, ShieldCheckIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import { currentLanguage } from "#client/lib/i18n.ts";
import { formatMoney } from "#shared/money.ts";
import {
  annualMonthlyEquivalentCents,
  annualSavingPercent,
  publicPlans,
  type PublicPlan,
} from "#shared/pricing.ts";

type Period = "monthly" | "annual";
const periods: readonly Period[] = ["monthly", "annual"];

/** The best annual saving of the paid plans, for the switch's label ("save 17%"). */
const annualSaving = Math.max(...publicPlans.map(annualSavingPercent));

/** Three plan cards with a monthly / annual switch. */
export function PricingSection() {
  const { t } = useTranslation("landing");
  const [period, setPeriod] = useState<Period>("monthly");
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
              <button
                key={value}
                type="button"
                aria-pressed={period === value}
                onClick={() => setPeriod(value)}
                className={cn(
                  "inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  period === value
                    ? "bg-primary text-primary-foreground shadow-xs"
                    : "text-muted-foreground hover:text-foreground",
                )}
              >
                {t(`pricing.period.${value}`)}
                {value === "annual" ? (
                  <span
                    className={cn(
                      "rounded-full px-2 py-0.5 text-xs font-semibold",
                      period === value
                        ? "bg-primary-foreground/15 text-primary-foreground"
                        : "bg-accent text-accent-foreground",
                    )}
                  >
                    {t("pricing.period.save", { percent: annualSaving })}
                  </span>
                ) : null}
              </button>
            ))}
          </div>
        </div>

        <ul className="mt-10 grid gap-6 lg:grid-cols-3">
          {publicPlans.map((plan) => (
            <li key={plan.name} className="flex">
              <PlanCard plan={plan} period={period} />
            </li>
          ))}
        </ul>

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

function PlanCard({ plan, period }: { plan: PublicPlan; period: Period }) {
  const { t } = useTranslation("landing");
  const language = currentLanguage();
  const free = plan.monthlyCents === 0 && plan.annualCents === 0;
  const perMonth =
    period === "annual" ? annualMonthlyEquivalentCents(plan.annualCents) : plan.monthlyCents;
  const name = t(`pricing.plans.${plan.name}.name`);
  const titleId = `plan-${plan.name}`;

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "relative flex w-full flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-xs sm:p-8",
        plan.recommended && "border-primary shadow-lg shadow-primary/10 ring-1 ring-primary",
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="text-lg font-semibold">
          {name}
        </h3>
        {plan.recommended ? (
          <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-medium text-primary-foreground">
            {t("pricing.recommended")}
          </span>
        ) : null}
      </div>
      <p className="mt-2 min-h-12 text-sm leading-6 text-muted-foreground">
        {t(`pricing.plans.${plan.name}.description`)}
      </p>

      <p className="mt-6 flex items-baseline gap-1.5">
        <span className="text-4xl font-semibold tracking-tight tabular-nums">
          {free ? t("pricing.free") : formatMoney(perMonth, language)}
        </span>
        {free ? null : (
          <span className="text-sm text-muted-foreground">{t("pricing.perMonth")}</span>
        )}
      </p>
      <p className="mt-1 min-h-5 text-sm text-muted-foreground">
        {free
          ? t("pricing.forever")
          : period === "annual"
            ? t("pricing.billedAnnually", { price: formatMoney(plan.annualCents, language) })
            : t("pricing.billedMonthly")}
      </p>

      <ul className="mt-6 mb-8 space-y-3 text-sm">
        {plan.features.slice(0, 5).map((feature) => (
          <li key={feature} className="flex items-start gap-3">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              {feature === "members"
                ? t("pricing.features.members", { count: plan.memberLimit })
                : t(`pricing.features.${feature}`)}
            </span>
          </li>
        ))}
      </ul>

      <Button
        asChild
        variant={plan.recommended ? "default" : "outline"}
        size="lg"
        className="mt-auto w-full"
      >
        <Link to="/auth?mode=sign-up">
          {free ? t("pricing.choose.free") : t("pricing.choose.paid", { plan: name })}
        </Link>
      </Button>
    </article>
  );
}
