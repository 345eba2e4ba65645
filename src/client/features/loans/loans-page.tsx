import {
  CalendarClockIcon,
  ChevronRightIcon,
  HourglassIcon,
  LandmarkIcon,
  PlusIcon,
  RepeatIcon,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "#client/components/empty-state.tsx";
import { FigureCard } from "#client/components/figure-card.tsx";
import { DashboardPage, PageHeader } from "#client/components/layout/dashboard-page.tsx";
import { pageIcons } from "#client/components/layout/nav-items.ts";
import { PerMemberCard } from "#client/components/per-member-card.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { ScopeLine, useScope } from "#client/features/households/scope-picker.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import type { NameOf } from "#client/features/savings/savings-format.ts";
import { usePeople } from "#client/features/savings/use-people.ts";
import { ApiError } from "#client/lib/api.ts";
import type { LoanList, LoanListItem } from "#shared/schemas/loans.schema.ts";
import { LoanDialog } from "./loan-dialog.tsx";
import { LoansLockedPage } from "./loans-locked.tsx";
import { loanPath, useDescribeLoan, useLoansFormat } from "./loans-format.ts";
import { useLoans } from "./loans.queries.ts";

/**
 * Loans (Pro): what the scope owes today across its loans, this month's payments and the
 * interest still to come, each member's part, and every loan with where it stands.
 */
export function LoansPage({ account }: { account: Account }) {
  const { t } = useTranslation("loans");
  const { t: tDashboard } = useTranslation("dashboard");
  const { member } = useScope(account);
  const memberId = member?.id ?? null;
  const loans = useLoans(memberId);
  const { nameOf } = usePeople(account);
  const [creating, setCreating] = useState(false);
  if (loans.error instanceof ApiError && loans.error.code === "PLAN_REQUIRED") {
    return <LoansLockedPage plan="free" owner={account.member.role === "owner"} />;
  }
  const list = loans.data?.loans ?? [];

  return (
    <DashboardPage>
      <PageHeader
        icon={pageIcons.loans}
        title={tDashboard("areas.loans.title")}
        description={tDashboard("areas.loans.description")}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ScopeLine account={account} />
        <Button size="sm" onClick={() => setCreating(true)} data-testid="new-loan">
          <PlusIcon aria-hidden="true" />
          {t("list.new")}
        </Button>
      </div>

      {/* Before the first loan there is nothing to add up: the empty list says what to do. */}
      {loans.isSuccess && list.length === 0 ? null : (
        <Totals list={loans.data} loading={loans.isPending} memberId={memberId} nameOf={nameOf} />
      )}

      <Card className="gap-4" data-testid="loans-list">
        <CardHeader className="max-sm:px-4">
          <CardTitle className="text-base">{t("list.title")}</CardTitle>
          <CardDescription>{t("list.description")}</CardDescription>
        </CardHeader>
        <CardContent className="max-sm:px-4">
          {loans.isPending ? (
            <div className="grid gap-3" aria-busy="true">
              {[0, 1].map((index) => (
                <Skeleton key={index} className="h-32 w-full" />
              ))}
            </div>
          ) : loans.isError ? (
            <p className="text-sm text-destructive" role="alert">
              {t("loadFailed")} {errorText(t, loans.error)}
            </p>
          ) : list.length === 0 ? (
            <EmptyState
              icon={LandmarkIcon}
              title={t("list.emptyTitle")}
              body={t("list.emptyBody")}
              testId="loans-empty"
              action={
                <Button size="sm" onClick={() => setCreating(true)}>
                  <PlusIcon aria-hidden="true" />
                  {t("list.addFirst")}
                </Button>
              }
            />
          ) : (
            <ul className="grid grid-cols-1 gap-3" aria-label={t("list.title")}>
              {list.map((item) => (
                <LoanRow key={item.id} item={item} memberId={memberId} nameOf={nameOf} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {creating ? (
        <LoanDialog
          account={account}
          editing={null}
          scopeMemberId={memberId}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </DashboardPage>
  );
}

function Totals({
  list,
  loading,
  memberId,
  nameOf,
}: {
  list: LoanList | undefined;
  loading: boolean;
  memberId: string | null;
  nameOf: NameOf;
}) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const totals = list?.totals;
  const icon = (Icon: typeof LandmarkIcon) => (
    <Icon className="size-4 text-primary" aria-hidden="true" />
  );
  return (
    <section aria-label={t("totals.label")} className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <FigureCard
        label={memberId ? t("totals.owedMember") : t("totals.owed")}
        value={format.money(totals?.balanceCents ?? 0)}
        hint={t("totals.loans", { count: list?.loans.length ?? 0 })}
        loading={loading}
        testId="loans-balance"
        icon={icon(LandmarkIcon)}
      />
      <FigureCard
        label={t("totals.thisMonth")}
        value={format.money(totals?.thisMonthPaymentCents ?? 0)}
        hint={t("totals.thisMonthHint")}
        loading={loading}
        testId="loans-this-month"
        icon={icon(CalendarClockIcon)}
      />
      <FigureCard
        label={t("totals.interestToCome")}
        value={format.money(totals?.interestToComeCents ?? 0)}
        hint={t("totals.interestToComeHint")}
        loading={loading}
        testId="loans-interest-to-come"
        icon={icon(HourglassIcon)}
      />
      {memberId === null ? (
        <PerMemberCard
          title={t("totals.perMember")}
          rows={(list?.perMember ?? []).map((row) => ({
            key: row.memberId,
            name: nameOf(row.memberId),
            value: format.money(row.balanceCents),
          }))}
          household={{
            label: t("totals.householdOwned"),
            value: format.money(list?.householdOwnedCents ?? 0),
          }}
          loading={loading}
          testId="loans-per-member"
          className="sm:col-span-3"
          listClassName="gap-x-10 sm:grid-cols-2 lg:grid-cols-3"
        />
      ) : null}
    </section>
  );
}

function LoanRow({
  item,
  memberId,
  nameOf,
}: {
  item: LoanListItem;
  memberId: string | null;
  nameOf: NameOf;
}) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const describe = useDescribeLoan(nameOf);
  const scope = item.scope;
  const partial = memberId !== null && item.owner.kind === "shared";
  const repaid = item.summary.nextPayment === null;
  const figure = (label: string, value: string, testId: string) => (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );

  return (
    <li
      className="grid gap-3 rounded-lg border p-3 sm:p-4"
      data-testid="loan-row"
      data-loan-id={item.id}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h3 className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
            <Link
              to={loanPath(item.id)}
              className="min-w-0 rounded-sm break-words hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              {item.name}
            </Link>
            {item.ownHome ? <Badge variant="muted">{t("ownHome.badge")}</Badge> : null}
            {repaid ? <Badge variant="muted">{t("list.repaid")}</Badge> : null}
          </h3>
          <p className="text-sm text-muted-foreground">{describe(item)}</p>
        </div>
        <div className="shrink-0 text-right">
          <p
            className="text-lg font-semibold tracking-tight tabular-nums sm:text-xl"
            data-testid="loan-balance"
          >
            {format.money(scope.balanceCents)}
          </p>
          <p className="text-xs text-muted-foreground">{t("list.owedToday")}</p>
        </div>
      </div>
      {partial ? (
        <p className="text-xs text-muted-foreground" data-testid="loan-share">
          {t("list.yourShare", {
            share: format.money(scope.balanceCents),
            whole: format.money(item.summary.balanceCents),
          })}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {figure(t("list.thisMonth"), format.money(scope.thisMonthPaymentCents), "loan-this-month")}
        {figure(
          t("list.interestToCome"),
          format.money(scope.interestToComeCents),
          "loan-interest-to-come",
        )}
        {figure(
          t("list.payoff"),
          item.summary.payoffDate ? format.monthOf(item.summary.payoffDate) : "—",
          "loan-payoff",
        )}
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">{t("list.booking")}</dt>
          <dd className="flex items-center gap-1.5 font-medium" data-testid="loan-booked">
            {item.booked ? (
              <>
                <RepeatIcon className="size-3.5 text-primary" aria-hidden="true" />
                {t("list.booked")}
              </>
            ) : (
              <span className="text-muted-foreground">{t("list.notBooked")}</span>
            )}
          </dd>
        </div>
      </dl>
      {/* On phones the loan's name is the way in: no row for the button alone. */}
      <div className="flex justify-end max-sm:hidden">
        <Button asChild size="sm" variant="ghost">
          <Link to={loanPath(item.id)} aria-label={t("list.openNamed", { name: item.name })}>
            <span className="max-sm:sr-only">{t("list.open")}</span>
            <ChevronRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </li>
  );
}
