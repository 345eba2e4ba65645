import { ChevronLeftIcon, ChevronRightIcon, TagsIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DashboardPage, PageHeader } from "#client/components/layout/dashboard-page.tsx";
import { pageIcons } from "#client/components/layout/nav-items.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { BudgetsTab } from "#client/features/budgets/budgets-tab.tsx";
import { CategoryManager } from "#client/features/categories/category-manager.tsx";
import { ScopeLine, useScope } from "#client/features/households/scope-picker.tsx";
import { SettleUpCard } from "#client/features/settle-up/settle-up-card.tsx";
import { KindTab } from "./kind-tab.tsx";
import { addMonths } from "#shared/dates.ts";
import { currentMonth, isMonth, useMoneyFormat } from "./money-format.ts";

const tabs = ["income", "expenses", "budgets"] as const;
type Tab = (typeof tabs)[number];

function isTab(value: string | null): value is Tab {
  return (tabs as readonly (string | null)[]).includes(value);
}

/**
 * Income & spending: one month at a time (?month=YYYY-MM), in the tabs Income, Expenses and
 * Budgets (?tab=), for the household or the member chosen in the scope picker.
 */
export function IncomeSpendingPage({ account }: { account: Account }) {
  const { t } = useTranslation("money");
  const { t: tDashboard } = useTranslation("dashboard");
  const format = useMoneyFormat();
  const [params, setParams] = useSearchParams();
  // `?manage=categories` opens the categories (the taxes page sends people here to mark some).
  const [managing, setManaging] = useState(() => params.get("manage") === "categories");
  const { member, people } = useScope(account);
  const month = isMonth(params.get("month")) ? (params.get("month") as string) : currentMonth();
  const tab: Tab = isTab(params.get("tab")) ? (params.get("tab") as Tab) : "expenses";
  const memberId = member?.id ?? null;

  const update = (changes: Record<string, string>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <DashboardPage>
      <PageHeader
        icon={pageIcons["income-spending"]}
        title={tDashboard("areas.income-spending.title")}
        description={tDashboard("areas.income-spending.description")}
      >
        <Button
          variant="outline"
          size="sm"
          className="hidden sm:inline-flex"
          onClick={() => setManaging(true)}
        >
          <TagsIcon aria-hidden="true" />
          {t("categories.manage")}
        </Button>
      </PageHeader>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          className="flex items-center gap-1 rounded-lg border bg-card p-1 shadow-xs"
          role="group"
          aria-label={t("month.label")}
        >
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={t("month.previous")}
            onClick={() => update({ month: addMonths(month, -1) })}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <span
            className="min-w-36 text-center text-sm font-medium capitalize tabular-nums"
            aria-live="polite"
            data-testid="month-label"
          >
            {format.month(month)}
          </span>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={t("month.next")}
            onClick={() => update({ month: addMonths(month, 1) })}
          >
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
        <div className="flex items-center gap-3">
          <ScopeLine account={account} />
          <Button
            variant="outline"
            size="sm"
            className="sm:hidden"
            onClick={() => setManaging(true)}
          >
            <TagsIcon aria-hidden="true" />
            {t("categories.manageShort")}
          </Button>
        </div>
      </div>

      {people.length >= 2 ? <SettleUpCard people={people} /> : null}

      <Tabs value={tab} onValueChange={(value) => update({ tab: value })}>
        <TabsList aria-label={t("tabs.label")}>
          <TabsTrigger value="income">{t("tabs.income")}</TabsTrigger>
          <TabsTrigger value="expenses">{t("tabs.expenses")}</TabsTrigger>
          <TabsTrigger value="budgets">{t("tabs.budgets")}</TabsTrigger>
        </TabsList>
        <TabsContent value="income" className="min-w-0">
          <KindTab kind="income" month={month} memberId={memberId} />
        </TabsContent>
        <TabsContent value="expenses" className="min-w-0">
          <KindTab kind="expense" month={month} memberId={memberId} />
        </TabsContent>
        <TabsContent value="budgets" className="min-w-0">
          <BudgetsTab month={month} memberId={memberId} memberName={member?.name ?? null} />
        </TabsContent>
      </Tabs>

      <CategoryManager open={managing} onOpenChange={setManaging} />
    </DashboardPage>
  );
}
