import { SparklesIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import { useSidebar } from "#client/components/ui/sidebar.tsx";
import { cn } from "#client/lib/cn.ts";
import { upgradeTarget, type PlanName } from "#shared/plans.ts";

/**
 * Offers the next plan (Premium from Free, Pro from Premium); nothing on Pro or in icon mode. Only
 * the owner changes the plan: a member is told to ask the owner, with no button leading nowhere.
 */
export function UpgradeCard({
  plan,
  owner = true,
  className,
}: {
  plan: PlanName;
  owner?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("dashboard");
  const { setOpenMobile } = useSidebar();
  const target = upgradeTarget(plan);
  if (!target) return null;
  return (
    <div
      data-testid="upgrade-card"
      className={cn(
        "mx-2 rounded-lg border border-sidebar-border bg-background/70 p-3 shadow-xs group-data-[collapsible=icon]:hidden",
        className,
      )}
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <SparklesIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {t(`upgrade.${target}.title`)}
      </p>
      {/* On a short window (a 1280×800 laptop) the pitch gives way, so the card fits above the
          sidebar's footer instead of running under it; the title and the button stay. */}
      <p className="mt-1 text-xs leading-snug text-muted-foreground [@media(max-height:56rem)]:hidden">
        {t(`upgrade.${target}.body`)}
      </p>
      {owner ? (
        <Button asChild size="sm" className="mt-2.5 w-full">
          <Link to="/select-plan" onClick={() => setOpenMobile(false)}>
            {t("upgrade.cta")}
          </Link>
        </Button>
      ) : (
        <p className="mt-2 text-xs font-medium" data-testid="ask-owner">
          {t("upgrade.askOwner")}
        </p>
      )}
    </div>
  );
}
