import { useQuery } from "@tanstack/react-query";
import { CalendarClockIcon, RepeatIcon, ShieldCheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { canOpen, pathOf } from "#client/components/layout/nav-items.ts";
import { useUpcoming } from "#client/features/income-spending/money.queries.ts";
import { useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { insuranceQueries } from "#client/features/insurance/insurance.queries.ts";
import { cn } from "#client/lib/cn.ts";
import type { PlanName } from "#shared/plans.ts";
import type { Category } from "#shared/schemas/categories.schema.ts";
import { dueItems, type InsuranceDue } from "./due-items.ts";
import { ListCard } from "./overview-lists.tsx";

/** Recurring entries are listed this many days ahead; the insurance overview looks 60 ahead. */
const recurringDays = 30;

/**
 * What is due for the scope: what recurring entries will book in the next 30 days and, on a
 * plan with insurance, the scope's policy renewals and notice deadlines of the next 60 days
 * (from the insurance overview; below the plan it is never asked for), soonest first. A notice
 * deadline stands out: it is the one to act on. Each policy's line opens it on the insurance page.
 */
export function DueList({
  plan,
  member,
  categories,
}: {
  plan: PlanName;
  /** The scope: one member's id, or null for the household. */
  member: string | null;
  categories: Map<string, Category>;
}) {
  const { t } = useTranslation("dashboard");
  const format = useMoneyFormat();
  const withInsurance = canOpen(plan, "insurance");
  const upcoming = useUpcoming(recurringDays, member);
  const insurance = useQuery({ ...insuranceQueries.overview(member), enabled: withInsurance });
  const items = dueItems(
    upcoming.data ?? [],
    withInsurance ? (insurance.data?.upcoming ?? []) : [],
  );
  const insuranceFailed = withInsurance && insurance.isError;

  return (
    <ListCard
      title={withInsurance ? t("overview.upcoming.titleSoon") : t("overview.upcoming.title")}
      description={withInsurance ? t("overview.upcoming.descriptionSoon") : undefined}
      more={{ to: "/dashboard/income-spending?tab=expenses", label: t("overview.upcoming.all") }}
      empty={
        items.length > 0 || insuranceFailed
          ? null
          : withInsurance
            ? t("overview.upcoming.emptySoon")
            : t("overview.upcoming.empty")
      }
      loading={upcoming.isPending || (withInsurance && insurance.isPending)}
      testId="upcoming"
    >
      <ul className="-mx-2 divide-y">
        {items.map((item) => {
          if (item.type === "insurance") {
            return (
              <li key={item.key}>
                <InsuranceLine item={item.insurance} />
              </li>
            );
          }
          const entry = item.recurring;
          const category = categories.get(entry.categoryId);
          const cents = entry.memberShareCents ?? entry.amountCents;
          return (
            <li
              key={item.key}
              className="flex items-center gap-3 px-2 py-2"
              data-testid="due-entry"
            >
              <span className="w-14 shrink-0 text-sm text-muted-foreground tabular-nums">
                {format.day(entry.date)}
              </span>
              <RepeatIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate text-sm">
                {entry.merchant || category?.name}
              </span>
              <span
                className={cn(
                  "shrink-0 text-sm font-medium tabular-nums",
                  entry.kind === "income" && "text-success",
                )}
              >
                {format.signedMoney(entry.kind === "income" ? cents : -cents)}
              </span>
            </li>
          );
        })}
      </ul>
      {insuranceFailed ? (
        <p className="mt-2 text-sm text-muted-foreground" role="status">
          {t("overview.upcoming.insuranceFailed")}
        </p>
      ) : null}
    </ListCard>
  );
}

/**
 * A policy's renewal or notice deadline: its day, its kind, what happens then and the insurer,
 * as a link to the policy. A notice deadline is highlighted: it is the one to act on.
 */
function InsuranceLine({ item }: { item: InsuranceDue }) {
  const { t } = useTranslation("dashboard");
  const format = useMoneyFormat();
  const notice = item.event === "notice";
  const Icon = notice ? CalendarClockIcon : ShieldCheckIcon;
  return (
    <Link
      to={`${pathOf("insurance")}#policy-${item.policyId}`}
      className={cn(
        "flex items-center gap-3 px-2 py-2 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
        notice &&
          "bg-amber-50 text-amber-950 hover:bg-amber-100 dark:bg-amber-400/10 dark:text-amber-50 dark:hover:bg-amber-400/15",
      )}
      data-testid="due-insurance"
      data-event={item.event}
    >
      <span
        className={cn(
          "w-14 shrink-0 text-sm tabular-nums",
          notice ? "font-medium" : "text-muted-foreground",
        )}
      >
        {format.day(item.date)}
      </span>
      <Icon
        className={cn(
          "size-3.5 shrink-0",
          notice ? "text-amber-700 dark:text-amber-300" : "text-muted-foreground",
        )}
        aria-hidden="true"
      />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate text-sm">{t(`overview.upcoming.kinds.${item.kind}`)}</span>
        <span className="flex min-w-0 items-center gap-1.5 text-xs">
          <span
            className={cn(
              "shrink-0",
              notice
                ? "rounded-md bg-amber-200/70 px-1.5 py-px font-medium text-amber-950 dark:bg-amber-400/20 dark:text-amber-100"
                : "text-muted-foreground",
            )}
          >
            {notice ? t("overview.upcoming.notice") : t("overview.upcoming.renewal")}
          </span>
          <span
            className={cn(
              "truncate",
              notice ? "text-amber-900/80 dark:text-amber-100/80" : "text-muted-foreground",
            )}
          >
            {notice ? null : <span aria-hidden="true">· </span>}
            {item.insurer}
          </span>
        </span>
      </span>
    </Link>
  );
}
