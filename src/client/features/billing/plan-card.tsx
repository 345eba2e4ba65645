import { CheckIcon, MinusIcon, SparklesIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "#client/components/ui/badge.tsx";
import { cn } from "#client/lib/cn.ts";
import { currentLanguage } from "#client/lib/i18n.ts";
import { annualSavingPercent, monthlyEquivalentCents } from "#shared/billing.ts";
import { formatMoney } from "#shared/money.ts";
import type { BillingPeriod, Plan } from "./billing.queries.ts";

/** A plan card shows at most this many features. */
export const maxCardFeatures = 5;

/** The price of a plan for a period, as the card shows it. */
export function PlanPrice({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const { t } = useTranslation("billing");
  const language = currentLanguage();
  const free = plan.monthlyPriceCents === 0 && plan.annualPriceCents === 0;
  const perMonth =
    period === "annual" ? monthlyEquivalentCents(plan.annualPriceCents) : plan.monthlyPriceCents;
  const saving = annualSavingPercent(plan.monthlyPriceCents, plan.annualPriceCents);
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span
          className="text-3xl font-semibold tracking-tight tabular-nums"
          data-testid="plan-price"
        >
          {free ? t("price.free") : formatMoney(perMonth, language)}
        </span>
        {free ? null : <span className="text-sm text-muted-foreground">{t("price.perMonth")}</span>}
      </p>
      <p className="mt-1 flex min-h-5 flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
        {free
          ? t("price.forever")
          : period === "annual"
            ? t("price.billedAnnually", { price: formatMoney(plan.annualPriceCents, language) })
            : t("price.billedMonthly")}
        {!free && period === "annual" && saving > 0 ? (
          <span className="font-medium text-success">{t("period.save", { percent: saving })}</span>
        ) : null}
      </p>
    </div>
  );
}

/** The first features of a plan (at most 5), highlighted ones marked. */
export function PlanFeatures({ plan, className }: { plan: Plan; className?: string }) {
  const { t } = useTranslation("billing");
  const features = [...plan.features]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .slice(0, maxCardFeatures);
  return (
    <ul className={cn("space-y-2.5 text-sm", className)}>
      {features.map((feature) => (
        <li
          key={feature.id}
          className={cn(
            "flex items-start gap-2.5",
            !feature.isIncluded && "text-muted-foreground",
            feature.isHighlighted && "font-medium",
          )}
          data-highlighted={feature.isHighlighted || undefined}
        >
          {!feature.isIncluded ? (
            <MinusIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : feature.isHighlighted ? (
            <SparklesIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          ) : (
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          )}
          <span>
            {feature.text}
            {!feature.isIncluded ? (
              <span className="sr-only"> ({t("features.notIncluded")})</span>
            ) : feature.isHighlighted ? (
              <span className="sr-only"> ({t("features.highlighted")})</span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * One plan to choose in the picker: a radio button dressed as a card, with its price for the
 * period, its description, the popular and current marks and its first features.
 */
export function PlanCard({
  plan,
  period,
  name,
  checked,
  current,
  disabled,
  onSelect,
}: {
  plan: Plan;
  period: BillingPeriod;
  /** The radio group's name. */
  name: string;
  checked: boolean;
  current: boolean;
  disabled?: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation("billing");
  const titleId = `${name}-${plan.name}-title`;
  return (
    <label
      data-testid={`plan-card-${plan.name}`}
      data-selected={checked || undefined}
      className={cn(
        "relative flex h-full cursor-pointer flex-col rounded-xl border bg-card p-5 text-card-foreground shadow-xs transition-[border-color,box-shadow] hover:border-primary/50",
        "has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
        checked && "border-primary ring-1 ring-primary",
        disabled && "cursor-not-allowed opacity-70",
      )}
    >
      <input
        type="radio"
        name={name}
        value={plan.name}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        aria-labelledby={titleId}
        className="sr-only"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={titleId} className="text-base font-semibold">
          {plan.displayName}
        </span>
        <span className="flex flex-wrap gap-1.5">
          {current ? (
            <Badge variant="secondary" data-testid="current-plan-badge">
              {t("card.current")}
            </Badge>
          ) : null}
          {plan.isPopular ? <Badge>{t("card.popular")}</Badge> : null}
        </span>
      </div>
      <p className="mt-1.5 text-sm leading-6 text-pretty text-muted-foreground">
        {plan.description}
      </p>
      <div className="mt-4">
        <PlanPrice plan={plan} period={period} />
      </div>
      <PlanFeatures plan={plan} className="mt-4" />
    </label>
  );
}
