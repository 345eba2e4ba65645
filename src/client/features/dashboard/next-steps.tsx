import {
  ArrowRightIcon,
  SparklesIcon,
  TargetIcon,
  UserPlusIcon,
  WalletIcon,
  type LucideIcon,
} from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#client/components/ui/badge.tsx";

type Step = {
  key: "invite" | "entries" | "budget" | "plan";
  to: string;
  icon: LucideIcon;
  /** False while the area behind the step is not built: the step then says "coming soon". */
  ready: boolean;
};

const steps: Step[] = [
  { key: "invite", to: "/dashboard/profile?tab=household", icon: UserPlusIcon, ready: true },
  { key: "entries", to: "/dashboard/income-spending", icon: WalletIcon, ready: true },
  { key: "budget", to: "/dashboard/income-spending?tab=budgets", icon: TargetIcon, ready: true },
  { key: "plan", to: "/select-plan", icon: SparklesIcon, ready: true },
];

/** What to do first, each step linking to its area. Only owners invite, so only they see that step. */
export function NextSteps({ canInvite }: { canInvite: boolean }) {
  const { t } = useTranslation("dashboard");
  const headingId = useId();
  const shown = steps.filter((step) => step.key !== "invite" || canInvite);
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {t("home.steps.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("home.steps.note")}</p>
      </div>
      <ol className="space-y-3">
        {shown.map((step, index) => {
          const Icon = step.icon;
          return (
            <li
              key={step.key}
              className="group relative flex items-start gap-4 rounded-xl border bg-card p-4 shadow-xs transition-colors focus-within:border-ring hover:border-primary/40 hover:bg-accent/40 sm:p-5"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1 space-y-1">
                <h3 className="font-medium">
                  <Link
                    to={step.to}
                    className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50"
                  >
                    <span className="sr-only">{index + 1}. </span>
                    {t(`home.steps.${step.key}.title`)}
                  </Link>
                </h3>
                <p className="text-sm text-muted-foreground">{t(`home.steps.${step.key}.body`)}</p>
                {step.ready ? null : (
                  <Badge variant="muted" className="mt-2 sm:hidden">
                    {t("home.steps.comingSoon")}
                  </Badge>
                )}
              </div>
              {step.ready ? (
                <span className="hidden shrink-0 items-center gap-1 self-center text-sm font-medium text-primary sm:flex">
                  {t("home.steps.open")}
                  <ArrowRightIcon
                    className="size-4 transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </span>
              ) : (
                <Badge variant="muted" className="hidden shrink-0 self-center sm:inline-flex">
                  {t("home.steps.comingSoon")}
                </Badge>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
