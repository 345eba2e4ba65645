import { useTranslation } from "react-i18next";
import { DashboardPage, PageHeader } from "#client/components/layout/dashboard-page.tsx";
import { pageIcons } from "#client/components/layout/nav-items.ts";
import { AreaLockedNotice } from "#client/features/savings/savings-locked.tsx";
import type { PlanName } from "#shared/plans.ts";

/** The investments page for a household whose plan does not open it: what it does, and the lock. */
export function InvestmentsLockedPage({ plan, owner }: { plan: PlanName; owner: boolean }) {
  const { t } = useTranslation("dashboard");
  const { t: ti } = useTranslation("investments");
  return (
    <DashboardPage>
      <PageHeader
        icon={pageIcons.investments}
        title={t("areas.investments.title")}
        description={t("areas.investments.description")}
      />
      <AreaLockedNotice area="investments" plan={plan} owner={owner} />
      <section
        aria-labelledby="investments-preview"
        className="grid gap-3 rounded-xl border border-dashed bg-muted/40 px-6 py-8 sm:grid-cols-3"
      >
        <h2 id="investments-preview" className="sr-only">
          {ti("locked.previewTitle")}
        </h2>
        {(["holdings", "returns", "netWorth"] as const).map((item) => (
          <div key={item} className="space-y-1">
            <p className="font-medium">{ti(`locked.${item}.title`)}</p>
            <p className="text-sm text-muted-foreground text-pretty">{ti(`locked.${item}.body`)}</p>
          </div>
        ))}
      </section>
    </DashboardPage>
  );
}
