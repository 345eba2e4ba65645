import { SparklesIcon, UsersIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.tsx";
import { memberLimit, type PlanName } from "#shared/plans.ts";

/**
 * Offers the next plan when the household is full: what it adds and how many people it has
 * room for, with the way to the plans. (The billing work replaces it with the plan dialog.)
 */
export function UpgradeDialog({
  target,
  onOpenChange,
}: {
  target: PlanName | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("households");
  const plan = target ?? "premium";
  const planName = t(`plans.${plan}`);
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} data-testid="upgrade-dialog">
        <DialogHeader>
          <span className="mb-2 grid size-11 place-items-center rounded-full bg-primary/10 text-primary">
            <SparklesIcon className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle>{t("upgrade.title", { plan: planName })}</DialogTitle>
          <DialogDescription>{t(`upgrade.adds.${plan}`)}</DialogDescription>
        </DialogHeader>
        <p className="flex items-center gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
          <UsersIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
          {t("upgrade.members", { plan: planName, count: memberLimit[plan] })}
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("upgrade.later")}
          </Button>
          <Button asChild>
            <Link to="/select-plan">{t("upgrade.cta", { plan: planName })}</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
