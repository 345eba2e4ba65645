import { useTranslation } from "react-i18next";
import { cn } from "#client/lib/cn.ts";
import type { BillingPeriod } from "./billing.queries.ts";

const periods: readonly BillingPeriod[] = ["monthly", "annual"];

/** Monthly or annual, as two pressed-state buttons; annual carries "save 17%". */
export function BillingPeriodSwitch({
  value,
  onChange,
  savingPercent,
  className,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  savingPercent: number;
  className?: string;
}) {
  const { t } = useTranslation("billing");
  return (
    <div
      role="group"
      aria-label={t("period.label")}
      className={cn("inline-flex rounded-full border bg-background p-1 shadow-xs", className)}
    >
      {periods.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={value === period}
          onClick={() => onChange(period)}
          className={cn(
            "inline-flex h-9 items-center gap-2 rounded-full px-3 text-sm font-medium whitespace-nowrap transition-colors sm:px-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
            value === period
              ? "bg-primary text-primary-foreground shadow-xs"
              : "text-muted-foreground hover:text-foreground",
          )}
        >
          {t(`period.${period}`)}
          {period === "annual" && savingPercent > 0 ? (
            <span
              className={cn(
                "rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
                value === period
                  ? "bg-primary-foreground/15 text-primary-foreground"
                  : "bg-accent text-accent-foreground",
              )}
            >
              {t("period.save", { percent: savingPercent })}
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
