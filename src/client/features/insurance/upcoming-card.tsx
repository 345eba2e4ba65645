import { BellRingIcon, CalendarClockIcon, RefreshCwIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { InsuranceOverview, Policy } from "#shared/schemas/insurance.schema.ts";
import { useInsuranceFormat } from "./insurance-format.ts";

/**
 * What to do by when, at the top of the page: each notice deadline (the last day to cancel
 * before it renews) and renewal of the next 60 days, soonest first, each opening its policy.
 */
export function UpcomingCard({
  upcoming,
  policies,
  onOpen,
}: {
  upcoming: InsuranceOverview["upcoming"];
  policies: readonly Policy[];
  onOpen: (policy: Policy) => void;
}) {
  const { t } = useTranslation("insurance");
  const format = useInsuranceFormat();
  if (upcoming.length === 0) return null;
  const byId = new Map(policies.map((policy) => [policy.id, policy]));
  return (
    <section
      aria-labelledby="insurance-upcoming"
      className="grid gap-3 rounded-xl border border-amber-300/70 bg-amber-50 p-4 text-amber-950 sm:p-5 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-50"
      data-testid="insurance-upcoming"
    >
      <div className="flex items-start gap-3">
        <BellRingIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="space-y-1">
          <h2 id="insurance-upcoming" className="font-medium">
            {t("upcoming.title")}
          </h2>
          <p className="text-sm">{t("upcoming.description")}</p>
        </div>
      </div>
      <ul className="grid gap-2">
        {upcoming.map((item) => {
          const policy = byId.get(item.policyId);
          const kind = format.kind(item.kind);
          const Icon = item.event === "notice" ? CalendarClockIcon : RefreshCwIcon;
          const when =
            item.daysAway === 0
              ? t("upcoming.today")
              : t("upcoming.inDays", { count: item.daysAway });
          const sentence =
            item.event === "notice"
              ? t("upcoming.notice", {
                  kind,
                  insurer: item.insurer,
                  day: format.day(item.date, true),
                  renewal: format.day(item.renewalDate, true),
                })
              : t("upcoming.renewal", {
                  kind,
                  insurer: item.insurer,
                  day: format.day(item.date, true),
                });
          const body = (
            <>
              <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 flex-1 text-left text-pretty">{sentence}</span>
              <span className="shrink-0 rounded-md bg-amber-200/70 px-1.5 py-0.5 text-xs font-medium tabular-nums dark:bg-amber-400/20">
                {when}
              </span>
            </>
          );
          return (
            <li
              key={`${item.policyId}-${item.event}-${item.date}`}
              data-testid="upcoming-item"
              data-event={item.event}
            >
              {policy ? (
                <button
                  type="button"
                  onClick={() => onOpen(policy)}
                  className="flex w-full items-start gap-2 rounded-md p-1.5 text-sm hover:bg-amber-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none dark:hover:bg-amber-400/10"
                >
                  {body}
                </button>
              ) : (
                <div className="flex items-start gap-2 p-1.5 text-sm">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
