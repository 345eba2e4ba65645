import {
  ArrowRightIcon,
  CheckIcon,
  HandCoinsIcon,
  ReceiptIcon,
  TargetIcon,
  UserPlusIcon,
  type LucideIcon,
} from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { openEntryDialog } from "#client/features/transactions/entry-dialog-store.ts";
import { cn } from "#client/lib/cn.ts";
import type { Dashboard } from "#shared/schemas/dashboard.schema.ts";

type StepKey = "income" | "expense" | "budget" | "invite";
type Step = {
  key: StepKey;
  icon: LucideIcon;
  done: boolean;
  /** A page to open, or an action in place (the entry form). */
  action: { to: string } | { run: () => void };
};

/**
 * The first steps of a household, ticked off as they are done: an income, an expense, a
 * budget, a partner. Only owners invite; a member's household has a second person anyway.
 */
export function FirstRunChecklist({
  setup,
  canInvite,
}: {
  setup: Dashboard["setup"];
  canInvite: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const headingId = useId();
  const steps: Step[] = [
    {
      key: "income",
      icon: HandCoinsIcon,
      done: setup.hasIncome,
      action: { run: () => openEntryDialog({ kind: "income" }) },
    },
    {
      key: "expense",
      icon: ReceiptIcon,
      done: setup.hasExpense,
      action: { run: () => openEntryDialog({ kind: "expense" }) },
    },
    {
      key: "budget",
      icon: TargetIcon,
      done: setup.hasBudget,
      action: { to: "/dashboard/income-spending?tab=budgets" },
    },
    ...(canInvite || !setup.hasPartner
      ? [
          {
            key: "invite" as const,
            icon: UserPlusIcon,
            done: setup.hasPartner,
            action: { to: "/dashboard/profile?tab=household" },
          },
        ]
      : []),
  ];
  const done = steps.filter((step) => step.done).length;

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border bg-card p-5 shadow-xs sm:p-6"
      data-testid="first-run"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h2 id={headingId} className="text-lg font-semibold">
            {t("overview.firstRun.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("overview.firstRun.note")}</p>
        </div>
        <p className="text-sm font-medium text-muted-foreground" data-testid="first-run-progress">
          {t("overview.firstRun.progress", { done, total: steps.length })}
        </p>
      </div>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={t("overview.firstRun.progress", { done, total: steps.length })}
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${(done / steps.length) * 100}%` }}
        />
      </div>
      <ol className="grid gap-3 sm:grid-cols-2">
        {steps.map((step) => {
          const Icon = step.done ? CheckIcon : step.icon;
          const title = t(`overview.firstRun.${step.key}.title`);
          const body = (
            <>
              <span
                className={cn(
                  "grid size-9 shrink-0 place-items-center rounded-full",
                  step.done ? "bg-success/15 text-success" : "bg-primary/10 text-primary",
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1 space-y-0.5">
                <span className={cn("block font-medium", step.done && "text-muted-foreground")}>
                  {title}
                  <span className="sr-only">
                    {" "}
                    ({step.done ? t("overview.firstRun.done") : t("overview.firstRun.todo")})
                  </span>
                </span>
                <span className="block text-sm text-muted-foreground">
                  {t(`overview.firstRun.${step.key}.body`)}
                </span>
              </span>
              {step.done ? null : (
                <ArrowRightIcon
                  className="size-4 shrink-0 self-center text-primary"
                  aria-hidden="true"
                />
              )}
            </>
          );
          const className = cn(
            "flex w-full items-start gap-3 rounded-lg border p-3 text-left transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
            step.done ? "bg-muted/40" : "hover:border-primary/40 hover:bg-accent/40",
          );
          return (
            <li key={step.key} data-done={step.done} data-testid={`first-run-${step.key}`}>
              {"to" in step.action ? (
                <Link to={step.action.to} className={className}>
                  {body}
                </Link>
              ) : (
                <button type="button" className={className} onClick={step.action.run}>
                  {body}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
