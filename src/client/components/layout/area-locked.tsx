import { LockIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import type { PlanName } from "#shared/plans.ts";
import { DashboardPage, PageHeader } from "./dashboard-page.tsx";
import { pageIcons, requiredPlan, type DashboardArea } from "./nav-items.ts";

/**
 * The notice of an area the household's plan does not open: the plan that does, and the way
 * to it (the owner) or whom to ask (a member).
 */
export function AreaLockedNotice({
  area,
  plan,
  owner,
}: {
  area: DashboardArea;
  plan: PlanName;
  owner: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const lock = requiredPlan(area);
  if (!lock) return null;
  const title = t(`areas.${area}.title`);
  return (
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
  );
}

/**
 * The page of an area for a household whose plan does not open it: its title, the lock, and
 * what the area does — three items of the area's namespace, `locked.<item>.title` and `.body`
 * (with `locked.previewTitle` over them for screen readers).
 */
export function AreaLockedPage({
  area,
  plan,
  owner,
  namespace,
  items,
}: {
  area: DashboardArea;
  plan: PlanName;
  owner: boolean;
  namespace: string;
  items: readonly string[];
}) {
  const { t } = useTranslation("dashboard");
  const { t: tArea } = useTranslation(namespace);
  const previewId = `${area}-preview`;
  return (
    <DashboardPage>
      <PageHeader
        icon={pageIcons[area]}
        title={t(`areas.${area}.title`)}
        description={t(`areas.${area}.description`)}
      />
      <AreaLockedNotice area={area} plan={plan} owner={owner} />
      <section
        aria-labelledby={previewId}
        className="grid gap-3 rounded-xl border border-dashed bg-muted/40 px-6 py-8 sm:grid-cols-3"
      >
        <h2 id={previewId} className="sr-only">
          {tArea("locked.previewTitle")}
        </h2>
        {items.map((item) => (
          <div key={item} className="space-y-1">
            <p className="font-medium">{tArea(`locked.${item}.title`)}</p>
            <p className="text-sm text-muted-foreground text-pretty">
              {tArea(`locked.${item}.body`)}
            </p>
          </div>
        ))}
      </section>
    </DashboardPage>
  );
}
