import { ConstructionIcon, LockIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DashboardPage, PageHeader } from "#client/components/layout/dashboard-page.tsx";
import {
  canOpen,
  isAdminArea,
  pageIcons,
  requiredPlan,
  type DashboardArea,
} from "#client/components/layout/nav-items.ts";
import { Button } from "#client/components/ui/button.tsx";
import type { PlanName } from "#shared/plans.ts";

/**
 * The page of an area whose work has not landed yet: what the area will do, a plain notice that
 * it is being built, and for a locked area the plan that unlocks it.
 */
export function AreaPlaceholder({
  area,
  plan,
  owner = true,
}: {
  area: DashboardArea;
  plan: PlanName;
  /** Only the owner changes the plan; a member is told to ask the owner. */
  owner?: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const title = t(`areas.${area}.title`);
  const lock = canOpen(plan, area) ? null : requiredPlan(area);
  return (
    <DashboardPage>
      <PageHeader
        icon={pageIcons[area]}
        title={title}
        description={t(`areas.${area}.description`)}
      />

      {lock ? (
        <section
          aria-labelledby="area-locked"
          className="flex gap-4 rounded-xl border border-amber-300/70 bg-amber-50 p-5 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-50"
          data-testid="area-locked"
        >
          <LockIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
            <div className="flex-1 space-y-1">
              <h2 id="area-locked" className="font-medium">
                {t("area.locked.title", { plan: t(`plans.${lock}`) })}
              </h2>
              <p className="text-sm">
                {t("area.locked.body", {
                  area: title,
                  plan: t(`plans.${lock}`),
                  current: t(`plans.${plan}`),
                })}
              </p>
            </div>
            {owner ? (
              <Button asChild size="sm" variant="outline" className="self-start sm:self-center">
                <Link to="/select-plan">{t("area.seePlans")}</Link>
              </Button>
            ) : (
              <p className="text-sm font-medium" data-testid="ask-owner">
                {t("upgrade.askOwner")}
              </p>
            )}
          </div>
        </section>
      ) : null}

      <section
        aria-labelledby="area-building"
        className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-muted/40 px-6 py-12 text-center sm:py-16"
        data-testid="area-building"
      >
        <span className="grid size-14 place-items-center rounded-full bg-background text-primary shadow-xs">
          <ConstructionIcon className="size-7" aria-hidden="true" />
        </span>
        <h2 id="area-building" className="text-lg font-semibold">
          {t("area.building.title")}
        </h2>
        <p className="max-w-md text-sm text-muted-foreground text-pretty">
          {t("area.building.body")}
        </p>
        {isAdminArea(area) ? (
          <p className="text-xs text-muted-foreground">{t("area.adminOnly")}</p>
        ) : null}
        <Button asChild variant="outline">
          <Link to="/dashboard">{t("area.backToDashboard")}</Link>
        </Button>
      </section>
    </DashboardPage>
  );
}
