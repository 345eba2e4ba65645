import { ArrowRightIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { upgradeTarget } from "#shared/plans.ts";
import { BillingPeriodSwitch } from "./billing-period-switch.tsx";
import { pickerCurrent, usePlans, type BillingPeriod } from "./billing.queries.ts";
import { PlanFeatures, PlanPrice } from "./plan-card.tsx";
import { BillingOffNotice, bestSaving, PlanPicker, PlansError } from "./plan-picker.tsx";

/** The plans for a visitor who is not signed in: compare, then create an account. */
function PublicPlans() {
  const { t } = useTranslation("billing");
  const plans = usePlans();
  const [period, setPeriod] = useState<BillingPeriod>("monthly");
  if (plans.isPending)
    return <p className="text-center text-muted-foreground">{t("common:loading")}</p>;
  if (plans.isError) return <PlansError error={plans.error} onRetry={() => void plans.refetch()} />;
  if (plans.data.billing === "off") return <BillingOffNotice />;
  return (
    <div className="grid gap-6">
      <div className="flex justify-center">
        <BillingPeriodSwitch
          value={period}
          onChange={setPeriod}
          savingPercent={bestSaving(plans.data.plans)}
        />
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {plans.data.plans.map((plan) => (
          <li key={plan.id} className="flex flex-col rounded-xl border bg-card p-5 shadow-xs">
            <h2 className="text-base font-semibold">{plan.displayName}</h2>
            <p className="mt-1.5 text-sm text-muted-foreground">{plan.description}</p>
            <div className="mt-4">
              <PlanPrice plan={plan} period={period} />
            </div>
            <PlanFeatures plan={plan} className="mt-4 mb-6" />
            <Button asChild className="mt-auto" variant={plan.isPopular ? "default" : "outline"}>
              <Link to="/auth?mode=sign-up">{t("select.signUp")}</Link>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `/select-plan`: signed in, the picker (with the upgrade target selected); otherwise the plans. */
export function SelectPlanPage({
  account,
  onDone,
}: {
  account: Account | null;
  onDone: () => void;
}) {
  const { t } = useTranslation("billing");
  const current = account ? pickerCurrent(account) : null;
  const owner = account?.member.role === "owner";
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          {t("select.title")}
        </h1>
        <p className="mt-3 text-lg text-muted-foreground">{t("select.lead")}</p>
      </div>
      {!account ? (
        <PublicPlans />
      ) : owner || current === null ? (
        <PlanPicker
          current={current}
          initialPlan={current ? upgradeTarget(current) : null}
          onFreeChosen={onDone}
        />
      ) : (
        <p className="rounded-lg border bg-muted/40 p-4 text-center text-sm">
          {t("dialog.memberOnly", { plan: t(`plans.${current}`) })}
        </p>
      )}
      {account ? (
        <div className="flex justify-center">
          <Button asChild variant="ghost">
            <Link to="/dashboard">
              {t("common:actions.toDashboard")}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
