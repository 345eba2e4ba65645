import { LockIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "#client/components/ui/badge.tsx";
import { cn } from "#client/lib/cn.ts";
import type { UnlockPlan } from "./nav-items.ts";

/**
 * Shows that an area needs a higher plan: a lock and the plan's name. Screen readers hear
 * "needs Premium". The billing work makes a locked item open the plan dialog.
 */
export function PlanLockBadge({ plan, className }: { plan: UnlockPlan; className?: string }) {
  const { t } = useTranslation("dashboard");
  const name = t(`plans.${plan}`);
  return (
    <Badge variant={plan} className={cn("px-1.5", className)} data-slot="plan-lock-badge">
      <LockIcon aria-hidden="true" />
      <span aria-hidden="true">{name}</span>
      <span className="sr-only">{t("lock.needs", { plan: name })}</span>
    </Badge>
  );
}
