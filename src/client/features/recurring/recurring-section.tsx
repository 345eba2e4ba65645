import {
  CalendarClockIcon,
  CircleStopIcon,
  LandmarkIcon,
  RepeatIcon,
  ShieldCheckIcon,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "#client/lib/toast.ts";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { useAccount } from "#client/features/account/account.queries.ts";
import { categoryMap, useCategories } from "#client/features/categories/categories.queries.ts";
import { CategoryBadge } from "#client/features/categories/category-badge.tsx";
import {
  useRecurringRules,
  useStopRule,
  useUpcoming,
} from "#client/features/income-spending/money.queries.ts";
import { activePeople, useMembers } from "#client/features/households/households.queries.ts";
import { errorText, useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { insurancePath } from "#client/features/insurance/insurance-format.ts";
import { loanPath } from "#client/features/loans/loans-format.ts";
import type { EntryKind } from "#shared/schemas/categories.schema.ts";
import type { RecurringRule } from "#shared/schemas/recurring.schema.ts";

/**
 * Whose a series is: the person's name, or "Split: Anna and Sam" (two identical "Zilveren
 * Kruis" rows were one for each of them).
 */
export function whoseRule(
  rule: Pick<RecurringRule, "splitMode" | "shares">,
  nameOf: (memberId: string) => string,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
  /** The member's place in the household (its order of joining), so names come in one order. */
  rank: (memberId: string) => number = () => 0,
): string {
  const place = (memberId: string) => {
    const index = rank(memberId);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  const names = [...rule.shares]
    .sort((a, b) => place(a.memberId) - place(b.memberId))
    .map((share) => nameOf(share.memberId));
  if (rule.splitMode === "personal") return names[0] ?? "";
  const list = new Intl.ListFormat(language === "nl" ? "nl-NL" : "en-GB", {
    type: "conjunction",
  }).format(names);
  return t("common:whose.split", { names: list });
}

/** How many days of upcoming occurrences the tab lists. */
const upcomingDays = 30;

/** The recurring entries of one kind, with their next date and a stop action, and what is due soon. */
export function RecurringSection({ kind, memberId }: { kind: EntryKind; memberId: string | null }) {
  const { t } = useTranslation("money");
  const format = useMoneyFormat();
  const rules = useRecurringRules(memberId);
  const upcoming = useUpcoming(upcomingDays, memberId);
  const categories = useCategories();
  const byId = categoryMap(categories.data);
  const stop = useStopRule();
  const { data: account } = useAccount();
  const members = useMembers(account);
  const nameOf = (memberId: string) =>
    members.data?.find((member) => member.id === memberId)?.name ?? t("common:whose.formerMember");
  const joined = activePeople(members.data ?? []).map((member) => member.id);
  const ruleById = new Map((rules.data ?? []).map((rule) => [rule.id, rule]));
  const whose = (rule: RecurringRule | undefined) =>
    rule && members.data
      ? whoseRule(rule, nameOf, t, format.language, (id) => joined.indexOf(id))
      : null;
  const [stopping, setStopping] = useState<RecurringRule | null>(null);

  const mine = (rules.data ?? []).filter((rule) => rule.kind === kind);
  const active = mine.filter((rule) => rule.nextDate !== null);
  const ended = mine.filter((rule) => rule.nextDate === null);
  const soon = (upcoming.data ?? []).filter((item) => item.kind === kind);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card data-testid={`${kind}-recurring`}>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <RepeatIcon className="size-4 text-primary" aria-hidden="true" />
            {t(`recurring.${kind}.title`)}
          </CardTitle>
          <CardDescription>{t("recurring.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {rules.isPending ? (
            <div className="grid gap-3" aria-hidden="true">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : rules.isError ? (
            <p className="text-sm text-destructive" role="alert">
              {t("loadFailed")}
            </p>
          ) : mine.length === 0 ? (
            <p className="rounded-lg border border-dashed bg-muted/40 px-4 py-6 text-center text-sm text-muted-foreground">
              {t(`recurring.${kind}.empty`)}
            </p>
          ) : (
            <ul className="grid grid-cols-1 divide-y">
              {[...active, ...ended].map((rule) => (
                <li
                  key={rule.id}
                  className="grid gap-1 py-3 first:pt-0 last:pb-0"
                  data-testid="recurring-rule"
                >
                  <div className="flex items-center justify-between gap-3">
                    <CategoryBadge
                      category={byId.get(rule.categoryId)}
                      fallback={t("unknownCategory")}
                      className="text-sm font-medium"
                    />
                    <span className="shrink-0 text-sm font-semibold tabular-nums">
                      {format.money(rule.amountCents)}
                    </span>
                  </div>
                  <div className="flex items-center justify-between gap-3 pl-8">
                    <p className="min-w-0 text-xs text-muted-foreground">
                      {[
                        rule.merchant,
                        whose(rule),
                        t(`frequency.${rule.frequency}`),
                        rule.nextDate
                          ? t("recurring.next", { date: format.day(rule.nextDate, true) })
                          : t("recurring.ended", {
                              date: rule.endDate ? format.day(rule.endDate, true) : "",
                            }),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                      {rule.loanId ? (
                        <Link
                          to={loanPath(rule.loanId)}
                          className="mt-0.5 flex w-fit items-center gap-1 rounded-sm font-medium text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                          data-testid="recurring-loan"
                        >
                          <LandmarkIcon className="size-3.5" aria-hidden="true" />
                          {t("recurring.loanPayment")}
                        </Link>
                      ) : rule.policyId ? (
                        <Link
                          to={`${insurancePath}#policy-${rule.policyId}`}
                          className="mt-0.5 flex w-fit items-center gap-1 rounded-sm font-medium text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                          data-testid="recurring-policy"
                        >
                          <ShieldCheckIcon className="size-3.5" aria-hidden="true" />
                          {t("recurring.policyPremium")}
                        </Link>
                      ) : null}
                    </p>
                    {rule.nextDate ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="-my-1 shrink-0 text-muted-foreground hover:text-destructive"
                        onClick={() => setStopping(rule)}
                        aria-label={t("recurring.stopNamed", {
                          name: byId.get(rule.categoryId)?.name ?? "",
                        })}
                      >
                        <CircleStopIcon aria-hidden="true" />
                        {t("recurring.stop")}
                      </Button>
                    ) : (
                      <Badge variant="outline" className="shrink-0">
                        {t("recurring.endedBadge")}
                      </Badge>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card data-testid={`${kind}-upcoming`}>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <CalendarClockIcon className="size-4 text-primary" aria-hidden="true" />
            {t("upcoming.title")}
          </CardTitle>
          <CardDescription>{t("upcoming.description", { count: upcomingDays })}</CardDescription>
        </CardHeader>
        <CardContent>
          {upcoming.isPending ? (
            <div className="grid gap-3" aria-hidden="true">
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
            </div>
          ) : soon.length === 0 ? (
            <p className="rounded-lg border border-dashed bg-muted/40 px-4 py-6 text-center text-sm text-muted-foreground">
              {t("upcoming.empty")}
            </p>
          ) : (
            <ul className="grid grid-cols-1 gap-2">
              {soon.slice(0, 12).map((item) => (
                <li
                  key={`${item.ruleId}-${item.date}`}
                  className="flex items-center justify-between gap-3 text-sm"
                  data-testid="upcoming-item"
                >
                  <span className="w-16 shrink-0 text-muted-foreground tabular-nums">
                    {format.day(item.date)}
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <CategoryBadge
                      category={byId.get(item.categoryId)}
                      fallback={item.merchant ?? t("unknownCategory")}
                    />
                    {whose(ruleById.get(item.ruleId)) ? (
                      <span
                        className="pl-8 text-xs break-words text-muted-foreground"
                        data-testid="upcoming-whose"
                      >
                        {whose(ruleById.get(item.ruleId))}
                      </span>
                    ) : null}
                  </span>
                  <span className="font-medium tabular-nums">
                    {format.money(item.memberShareCents ?? item.amountCents)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={stopping !== null}
        onOpenChange={(open) => {
          if (!open) setStopping(null);
        }}
        title={t("recurring.stopTitle")}
        description={t("recurring.stopBody", {
          name: stopping ? (byId.get(stopping.categoryId)?.name ?? "") : "",
        })}
        confirmLabel={t("recurring.stop")}
        pending={stop.isPending}
        onConfirm={() => {
          if (!stopping) return;
          stop.mutate(stopping.id, {
            onSuccess: () => {
              toast.success(t("recurring.stopped"));
              setStopping(null);
            },
            onError: (error) =>
              toast.error(t("recurring.stopFailed"), { description: errorText(t, error) }),
          });
        }}
      />
    </div>
  );
}
