import { ArrowRightIcon, SparklesIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { memberLimit, type PlanName } from "#shared/plans.ts";

/** The current plan and a plain note that changing it comes with billing. */
export function SubscriptionPanel({ plan }: { plan: PlanName }) {
  const { t } = useTranslation("profile");
  return (
    <div className="grid gap-6" data-testid="subscription-panel">
      <div className="flex flex-col gap-4 rounded-xl border bg-muted/30 p-5 sm:flex-row sm:items-center">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
          <SparklesIcon className="size-6" aria-hidden="true" />
        </span>
        <div className="grid flex-1 gap-1">
          <p className="text-sm text-muted-foreground">{t("subscription.current")}</p>
          <p className="flex items-center gap-2 text-2xl font-semibold" data-testid="current-plan">
            {t(`subscription.plans.${plan}`)}
            <Badge variant={plan === "free" ? "muted" : plan} className="font-normal">
              {t("subscription.members", { count: memberLimit[plan] })}
            </Badge>
          </p>
          <p className="text-sm text-muted-foreground">{t(`subscription.summaries.${plan}`)}</p>
        </div>
      </div>
      <p className="max-w-prose text-sm text-pretty text-muted-foreground">
        {t("subscription.note")}
      </p>
      <div>
        <Button asChild variant="outline">
          <Link to="/select-plan">
            {t("subscription.seePlans")}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </div>
  );
}
