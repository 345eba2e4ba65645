import { ArrowRightIcon, LandmarkIcon, LockIcon, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  canOpen,
  pageIcons,
  pathOf,
  requiredPlan,
  type DashboardArea,
} from "#client/components/layout/nav-items.ts";
import { useQuery } from "@tanstack/react-query";
import { Button } from "#client/components/ui/button.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { openPlanDialog } from "#client/features/billing/plan-dialog-store.ts";
import { useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { savingsQueries } from "#client/features/savings/savings.queries.ts";
import { InvestedFigure, NetWorthFigure, NetWorthHistory } from "./net-worth-card.tsx";
import type { PlanName } from "#shared/plans.ts";

type AreaCard = {
  key: "saving" | "investments" | "netWorth";
  icon: LucideIcon;
  /** The area whose plan the card needs (net worth: savings and investments). */
  area: DashboardArea;
};

const cards: AreaCard[] = [
  { key: "saving", icon: pageIcons.saving, area: "saving" },
  { key: "investments", icon: pageIcons.investments, area: "investments" },
  { key: "netWorth", icon: LandmarkIcon, area: "investments" },
];

/**
 * Savings, investments and net worth on the overview. A plan without them shows what they
 * would add and the upgrade; a plan with them shows the scope's savings, its holdings' value
 * and net worth with its parts, and net worth month by month.
 */
export function AreaCards({
  plan,
  owner = true,
  member = null,
}: {
  plan: PlanName;
  owner?: boolean;
  /** The scope: one member's id, or null for the household. */
  member?: string | null;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <section aria-labelledby="area-cards-heading" className="space-y-3">
      <h2 id="area-cards-heading" className="text-lg font-semibold">
        {t("overview.areas.title")}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {cards.map((card) => {
          const Icon = card.icon;
          const lock = canOpen(plan, card.area) ? null : requiredPlan(card.area);
          const title = t(`overview.areas.${card.key}.title`);
          return (
            <div
              key={card.key}
              className="flex flex-col gap-3 rounded-xl border border-dashed bg-muted/30 p-5"
              data-testid={`area-card-${card.key}`}
              data-locked={lock !== null}
            >
              <div className="flex items-center gap-3">
                <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-background text-muted-foreground shadow-xs">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <h3 className="flex-1 font-medium">{title}</h3>
                {lock ? (
                  <LockIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                ) : null}
              </div>
              {!lock && card.key === "saving" ? (
                <SavedFigure member={member} />
              ) : !lock && card.key === "investments" ? (
                <InvestedFigure member={member} />
              ) : !lock && card.key === "netWorth" ? (
                <NetWorthFigure member={member} owner={owner} />
              ) : (
                <p className="flex-1 text-sm text-muted-foreground text-pretty">
                  {lock
                    ? t(`overview.areas.${card.key}.locked`)
                    : t(`overview.areas.${card.key}.empty`)}
                </p>
              )}
              {lock && !owner ? (
                <p className="text-sm font-medium" data-testid="ask-owner">
                  {t("upgrade.askOwner")}
                </p>
              ) : lock ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="self-start"
                  onClick={() => openPlanDialog(lock)}
                >
                  {t("overview.areas.upgrade", { plan: t(`plans.${lock}`) })}
                </Button>
              ) : card.key === "netWorth" ? null : (
                <Link
                  to={pathOf(card.area)}
                  className="inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  {t("overview.areas.open", { area: title })}
                  <ArrowRightIcon className="size-3.5" aria-hidden="true" />
                </Link>
              )}
            </div>
          );
        })}
      </div>
      {canOpen(plan, "investments") ? <NetWorthHistory member={member} /> : null}
    </section>
  );
}

/** What the scope has saved today and the interest it earned this year; a hint while it has none. */
function SavedFigure({ member }: { member: string | null }) {
  const { t } = useTranslation("dashboard");
  const format = useMoneyFormat();
  const accounts = useQuery(savingsQueries.accounts(member));
  if (accounts.isPending) return <Skeleton className="h-12 w-40" />;
  const list = accounts.data;
  if (!list || list.accounts.length === 0) {
    return (
      <p className="flex-1 text-sm text-muted-foreground text-pretty">
        {t("overview.areas.saving.empty")}
      </p>
    );
  }
  return (
    <div className="flex-1 space-y-1" data-testid="saved-figure">
      <p className="text-2xl font-semibold tabular-nums" data-testid="saved-total">
        {format.money(list.totalCents)}
      </p>
      <p className="text-sm text-muted-foreground">
        {t("overview.areas.saving.figure", {
          count: list.accounts.length,
          interest: format.money(list.interestThisYearCents),
        })}
      </p>
    </div>
  );
}
