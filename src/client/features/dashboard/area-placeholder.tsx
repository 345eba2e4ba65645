import { ConstructionIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AreaLockedNotice } from "#client/components/layout/area-locked.tsx";
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

      {lock ? <AreaLockedNotice area={area} plan={plan} owner={owner} /> : null}

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
