import { ChartNoAxesColumnIcon } from "lucide-react";
import { useId, useState, type ComponentProps, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DashboardPage } from "#client/components/layout/dashboard-page.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { LoadingRegion } from "#client/components/ui/loading-region.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { categoryMap, useCategories } from "#client/features/categories/categories.queries.ts";
import { ScopeLine, useScope } from "#client/features/households/scope-picker.tsx";
import { useBudgets, useSettleUp } from "#client/features/income-spending/money.queries.ts";
import { useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { memberColour } from "#client/lib/colours.ts";
import { deferredModule, preload } from "#client/lib/deferred-module.ts";
import { today } from "#shared/dates.ts";
import { firstName } from "#shared/names.ts";
import type { PlanName } from "#shared/plans.ts";
import type * as DateInputModule from "#client/components/forms/date-input.tsx";
import type { Dashboard } from "#shared/schemas/dashboard.schema.ts";
import { AreaCards } from "./area-cards.tsx";
import { BreakdownCard, fillOf, MonthlyCard, type BreakdownItem } from "./charts.tsx";
import { useOverview } from "./dashboard.queries.ts";
import { FigureCards } from "./figure-cards.tsx";
import { FirstRunChecklist } from "./first-run.tsx";
import { DueList } from "./due-list.tsx";
import { BalancesCard, BudgetWatch, LatestList } from "./overview-lists.tsx";
import { partOfDay } from "./part-of-day.ts";
import {
  entriesLink,
  periodFromParams,
  periodPresets,
  type Period,
  type PeriodChoice,
} from "./period.ts";

/**
 * /dashboard: the household's (or one member's) money at a glance for a period: the figures
 * against the period before, where the money goes, twelve months, the budgets, what is due and
 * what was entered last; the first steps while a household is new; the areas of later plans.
 */
export function OverviewPage({ account, plan }: { account: Account; plan: PlanName }) {
  const { t } = useTranslation("dashboard");
  const [moment] = useState(() => partOfDay(new Date().getHours()));
  const [params, setParams] = useSearchParams();
  const day = today();
  const { choice, period } = periodFromParams(params, day);
  const scope = useScope(account);
  const member = scope.member?.id ?? null;
  const overview = useOverview(period, member, day);
  const name = firstName(account.profile.fullName || account.user.name);

  const choose = (next: PeriodChoice, range?: Period) => {
    const search = new URLSearchParams();
    if (next !== "this-month") search.set("period", next);
    if (next === "custom" && range) {
      search.set("from", range.from);
      search.set("to", range.to);
    }
    setParams(search, { replace: true });
  };

  const board = overview.data;
  const started = board ? board.setup.hasIncome || board.setup.hasExpense : false;
  const stepsLeft = board
    ? !(board.setup.hasIncome && board.setup.hasExpense && board.setup.hasBudget) ||
      (!board.setup.hasPartner && account.member.role === "owner")
    : false;

  return (
    <DashboardPage>
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="min-w-0 space-y-2">
          <h1
            className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl"
            data-testid="greeting"
          >
            {t(`home.greeting.${moment}`, { name })}
          </h1>
          <ScopeLine account={account} />
        </div>
        <PeriodPicker choice={choice} period={period} onChoose={choose} />
      </div>

      {overview.isError && !board ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm"
        >
          {t("overview.loadFailed")}
          <Button type="button" variant="outline" size="sm" onClick={() => void overview.refetch()}>
            {t("overview.retry")}
          </Button>
        </div>
      ) : !board ? (
        <OverviewSkeleton />
      ) : (
        <>
          {stepsLeft ? (
            <FirstRunChecklist setup={board.setup} canInvite={account.member.role === "owner"} />
          ) : null}
          {started ? (
            <Figures
              plan={plan}
              board={board}
              member={member}
              people={scope.people}
              period={period}
              day={day}
            />
          ) : (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-muted/40 px-6 py-10 text-center">
              <span className="grid size-12 place-items-center rounded-full bg-background text-muted-foreground shadow-xs">
                <ChartNoAxesColumnIcon className="size-6" aria-hidden="true" />
              </span>
              <h2 className="font-medium">{t("home.overview.title")}</h2>
              <p className="max-w-lg text-sm text-muted-foreground text-pretty">
                {t("home.overview.body")}
              </p>
            </div>
          )}
          <AreaCards plan={plan} owner={account.member.role === "owner"} member={member} />
        </>
      )}
    </DashboardPage>
  );
}

/** Everything with figures, once the household has entries. */
function Figures({
  plan,
  board,
  member,
  people,
  period,
  day,
}: {
  plan: PlanName;
  board: Dashboard;
  member: string | null;
  people: { id: string; name: string }[];
  period: Period;
  day: string;
}) {
  const { t } = useTranslation("dashboard");
  const format = useMoneyFormat();
  const categories = useCategories();
  const byId = categoryMap(categories.data);
  // The budgets of the period's last month, or of this month while the period runs.
  const lastMonth = period.to.slice(0, 7);
  const budgetMonth = lastMonth > day.slice(0, 7) ? day.slice(0, 7) : lastMonth;
  const month = budgetMonth < period.from.slice(0, 7) ? lastMonth : budgetMonth;
  const budgets = useBudgets(month, member);
  const settleUp = useSettleUp(people.length > 1);

  const nameOf = (id: string) =>
    people.find((person) => person.id === id)?.name ?? t("overview.formerMember");
  const categoryItems: BreakdownItem[] = board.spendingByCategory.map((row) => {
    const category = row.categoryId ? byId.get(row.categoryId) : undefined;
    return {
      key: row.categoryId ?? "none",
      label: category?.name ?? t("overview.uncategorised"),
      fill: fillOf(category?.color ?? "slate"),
      cents: row.totalCents,
      href: entriesLink({ ...period, member, kind: "expense", category: row.categoryId }),
    };
  });
  const memberItems: BreakdownItem[] = (board.memberSpending ?? []).map((row) => {
    const index = people.findIndex((person) => person.id === row.memberId);
    return {
      key: row.memberId,
      label: nameOf(row.memberId),
      fill: memberColour(index < 0 ? people.length : index).fill,
      cents: row.expenseCents,
      href: entriesLink({ ...period, member: row.memberId, kind: "expense" }),
    };
  });
  const owing = settleUp.data && settleUp.data.payments.length > 0 ? settleUp.data : null;
  const range = t("overview.range", {
    from: format.day(board.period.from, true),
    to: format.day(board.period.to, true),
  });

  return (
    <>
      <section aria-labelledby="figures-heading" className="space-y-3">
        <h2 id="figures-heading" className="sr-only">
          {t("overview.figuresOf", { range })}
        </h2>
        <FigureCards board={board} member={member} />
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        {categoryItems.length > 0 ? (
          <BreakdownCard
            title={t("overview.byCategory.title")}
            description={range}
            items={categoryItems}
            other={(rest) => ({
              key: "other",
              label: t("overview.byCategory.other", { count: rest.length }),
              fill: "var(--muted-foreground)",
              cents: rest.reduce((sum, item) => sum + item.cents, 0),
              href: entriesLink({
                ...period,
                member,
                kind: "expense",
                category: rest.map((item) => item.key).join(","),
              }),
            })}
            labelHead={t("overview.table.category")}
            testId="spending-by-category"
          />
        ) : (
          <div className="rounded-xl border border-dashed p-6 text-sm text-muted-foreground">
            {t("overview.byCategory.empty")}
          </div>
        )}
        <MonthlyCard months={board.monthly} member={member} />
        <BudgetWatch
          month={month}
          budgets={budgets.data ?? []}
          categories={byId}
          member={member}
          loading={budgets.isPending}
        />
        {memberItems.length > 1 ? (
          <BreakdownCard
            title={t("overview.byMember.title")}
            description={range}
            items={memberItems}
            labelHead={t("overview.table.member")}
            testId="spending-by-member"
          />
        ) : null}
        <DueList plan={plan} member={member} categories={byId} />
        <LatestList items={board.latest} categories={byId} nameOf={nameOf} />
        {owing ? <BalancesCard settleUp={owing} nameOf={nameOf} /> : null}
      </div>
    </>
  );
}

/**
 * The date fields (with their calendar) load when a person reaches for the period picker; only
 * a range of their own shows them.
 */
const dateInput = deferredModule(() => import("#client/components/forms/date-input.tsx"));
const preloadDateInput = () => preload(dateInput);

/** The period: a preset, or a range of the person's own. */
function PeriodPicker({
  choice,
  period,
  onChoose,
}: {
  choice: PeriodChoice;
  period: Period;
  onChoose: (choice: PeriodChoice, range?: Period) => void;
}) {
  const { t } = useTranslation("dashboard");
  const id = useId();
  const [custom, setCustom] = useState(choice === "custom");
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [error, setError] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setError(t("overview.period.datesRequired"));
    if (to < from) return setError(t("overview.period.endBeforeStart"));
    setError(null);
    onChoose("custom", { from, to });
  };

  return (
    <div className="flex flex-col gap-2 md:items-end">
      <div className="flex items-center gap-2">
        <Label htmlFor={`${id}-period`} className="shrink-0 text-muted-foreground">
          {t("overview.period.label")}
        </Label>
        <NativeSelect
          id={`${id}-period`}
          className="w-48"
          value={custom ? "custom" : choice}
          onPointerEnter={preloadDateInput}
          onFocus={preloadDateInput}
          onChange={(event) => {
            const value = event.target.value as PeriodChoice;
            if (value === "custom") {
              setFrom(period.from);
              setTo(period.to);
              setCustom(true);
              return;
            }
            setCustom(false);
            onChoose(value);
          }}
        >
          {periodPresets.map((preset) => (
            <option key={preset} value={preset}>
              {t(`overview.period.${preset}`)}
            </option>
          ))}
          <option value="custom">{t("overview.period.custom")}</option>
        </NativeSelect>
      </div>
      {custom ? (
        <form className="flex flex-wrap items-end gap-2" onSubmit={apply} noValidate>
          <div className="space-y-1">
            <Label htmlFor={`${id}-from`} className="text-xs text-muted-foreground">
              {t("overview.period.from")}
            </Label>
            <PeriodDateField
              id={`${id}-from`}
              className="w-40"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={error !== null}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-to`} className="text-xs text-muted-foreground">
              {t("overview.period.to")}
            </Label>
            <PeriodDateField
              id={`${id}-to`}
              className="w-40"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error !== null}
            />
          </div>
          <Button type="submit" variant="secondary">
            {t("overview.period.apply")}
          </Button>
          {error ? (
            <p className="w-full text-sm text-destructive" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}

type DateFieldProps = ComponentProps<typeof DateInputModule.DateInput>;

/** A date field of the range; until its code is there, a block of its size. */
function PeriodDateField(props: DateFieldProps) {
  const fields = dateInput.use(true);
  if (fields) return <fields.DateInput {...props} />;
  return (
    <LoadingRegion className={props.className}>
      <Skeleton className="h-9" />
    </LoadingRegion>
  );
}

function OverviewSkeleton() {
  return (
    <div className="space-y-4" aria-hidden="true">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}
