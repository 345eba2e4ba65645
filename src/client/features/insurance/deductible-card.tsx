import { ArrowRightIcon, HeartPulseIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { useCategories } from "#client/features/categories/categories.queries.ts";
import type { NameOf } from "#client/features/savings/savings-format.ts";
import { cn } from "#client/lib/cn.ts";
import type { DeductibleRow, Policy } from "#shared/schemas/insurance.schema.ts";
import { useInsuranceFormat } from "./insurance-format.ts";

/** Where the categories are managed (the income & spending area's "Categories"). */
const categoriesPath = "/dashboard/income-spending?tab=expenses";

/**
 * This year's health deductible (eigen risico) per person with basic health insurance: the
 * mandatory plus voluntary deductible, what the year's care costs (expenses in categories marked
 * as health care, each person's share) used of it, and what is left. Without a health-care
 * category nothing can count: the card says where to mark one.
 */
export function DeductibleCard({
  rows,
  policies,
  nameOf,
  onOpen,
}: {
  rows: readonly DeductibleRow[];
  policies: readonly Policy[];
  nameOf: NameOf;
  onOpen: (policy: Policy) => void;
}) {
  const { t } = useTranslation("insurance");
  const format = useInsuranceFormat();
  const categories = useCategories();
  if (rows.length === 0) return null;
  const year = rows[0]?.year ?? new Date().getUTCFullYear();
  const marked = (categories.data ?? []).filter((category) => category.healthCare);
  const byId = new Map(policies.map((policy) => [policy.id, policy]));

  return (
    <Card className="gap-4" data-testid="health-deductible">
      <CardHeader className="max-sm:px-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <HeartPulseIcon className="size-4 text-primary" aria-hidden="true" />
          {t("deductible.title", { year })}
        </CardTitle>
        <CardDescription>
          {marked.length > 0
            ? t("deductible.description", {
                categories: marked.map((category) => category.name).join(", "),
              })
            : t("deductible.descriptionNone")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 max-sm:px-4">
        <ul className="grid gap-4 sm:grid-cols-2">
          {rows.map((row) => {
            const none = row.deductibleCents === 0;
            const used = none
              ? 0
              : Math.min(100, Math.round((row.usedCents / row.deductibleCents) * 100));
            const name = nameOf(row.memberId);
            const policy = byId.get(row.policyId);
            const full = row.leftCents === 0 && !none;
            return (
              <li
                key={row.memberId}
                className="grid gap-2"
                data-testid="deductible-row"
                data-member-id={row.memberId}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="min-w-0 font-medium break-words">{name}</span>
                  {policy ? (
                    <button
                      type="button"
                      onClick={() => onOpen(policy)}
                      className="rounded-sm text-xs text-muted-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                    >
                      {row.insurer}
                    </button>
                  ) : (
                    <span className="text-xs text-muted-foreground">{row.insurer}</span>
                  )}
                </div>
                {none ? (
                  // Children under 18 have no deductible: nothing to use up.
                  <p className="text-sm text-muted-foreground" data-testid="deductible-none">
                    {t("deductible.none")}
                  </p>
                ) : (
                  <>
                    <div
                      role="progressbar"
                      aria-label={t("deductible.barLabel", { name })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={used}
                      className="h-2 overflow-hidden rounded-full bg-muted"
                    >
                      <div
                        className={cn("h-full rounded-full", full ? "bg-amber-500" : "bg-primary")}
                        style={{ width: `${used}%` }}
                      />
                    </div>
                    <p className="text-sm tabular-nums" data-testid="deductible-used">
                      {t("deductible.used", {
                        used: format.money(row.usedCents),
                        deductible: format.money(row.deductibleCents),
                      })}
                    </p>
                    <p
                      className={cn(
                        "text-sm tabular-nums",
                        full
                          ? "font-medium text-amber-700 dark:text-amber-400"
                          : "text-muted-foreground",
                      )}
                      data-testid="deductible-left"
                    >
                      {full
                        ? t("deductible.full")
                        : t("deductible.left", { left: format.money(row.leftCents) })}
                    </p>
                  </>
                )}
              </li>
            );
          })}
        </ul>
        {marked.length === 0 ? (
          <Link
            to={categoriesPath}
            className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm font-medium text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            {t("deductible.markLink")}
            <ArrowRightIcon className="size-3.5" aria-hidden="true" />
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
