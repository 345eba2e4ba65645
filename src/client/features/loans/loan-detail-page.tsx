import { PencilIcon, PlusIcon, RepeatIcon, Trash2Icon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmDelete } from "#client/components/confirm-delete.tsx";
import {
  BackLink as AreaBackLink,
  DashboardPage,
  DetailPageLoading,
  DetailPageMissing,
  PageHeader,
} from "#client/components/layout/dashboard-page.tsx";
import { pageIcons } from "#client/components/layout/nav-items.ts";
import { Button } from "#client/components/ui/button.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { useScope } from "#client/features/households/scope-picker.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { usePeople } from "#client/features/savings/use-people.ts";
import { ApiError } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import type { LoanDetail, LoanPart, LoanSummary } from "#shared/schemas/loans.schema.ts";
import { BookingCard } from "./booking-card.tsx";
import { usePartLabel } from "./extra-fields.tsx";
import { ExtrasCard } from "./extras-card.tsx";
import { BalanceCard, PaymentsCard } from "./loan-charts.tsx";
import { LoanDialog } from "./loan-dialog.tsx";
import { LoansLockedPage } from "./loans-locked.tsx";
import { loansPath, useDescribeLoan, useLoansFormat, type LoansFormat } from "./loans-format.ts";
import { useDeleteLoan, useLoan } from "./loans.queries.ts";
import { ScheduleCard } from "./schedule-card.tsx";
import { WhatIfCard } from "./what-if-card.tsx";

/**
 * One loan's own page (/dashboard/loans/:id): where it stands today, per part and in all; its
 * balance and payments over time; its booking; its extra repayments with the penalty-free
 * allowance and their effect; a what-if; and the full schedule month by month.
 */
export function LoanDetailPage({ account, loanId }: { account: Account; loanId: string }) {
  const { t } = useTranslation("loans");
  const { member } = useScope(account);
  const detail = useLoan(loanId, member?.id ?? null);
  // Kept here, above the view: after a delete the loan's query fails (it is gone), and the view
  // must stay until the page has moved on.
  const removeLoan = useDeleteLoan();
  const leaving = removeLoan.isPending || removeLoan.isSuccess;

  if (detail.isPending) return <DetailPageLoading back={<BackLink />} />;
  if (detail.error instanceof ApiError && detail.error.code === "PLAN_REQUIRED") {
    return <LoansLockedPage plan="free" owner={account.member.role === "owner"} />;
  }
  const data = detail.data;
  if (!data || (detail.isError && !leaving)) {
    const missing = detail.error instanceof ApiError && detail.error.code === "NOT_FOUND";
    return (
      <DetailPageMissing
        back={<BackLink />}
        title={missing ? t("detail.notFound") : t("loadFailed")}
        detail={missing ? null : errorText(t, detail.error)}
        testId="loan-not-found"
      />
    );
  }
  return (
    <LoanDetailView
      account={account}
      detail={data}
      partial={member !== null && data.owner.kind === "shared"}
      removeLoan={removeLoan}
    />
  );
}

function BackLink() {
  const { t } = useTranslation("loans");
  return <AreaBackLink to={loansPath}>{t("detail.back")}</AreaBackLink>;
}

type Dialog = "edit" | "extra" | "booking" | "delete" | null;

function LoanDetailView({
  account,
  detail,
  partial,
  removeLoan,
}: {
  account: Account;
  detail: LoanDetail;
  partial: boolean;
  removeLoan: ReturnType<typeof useDeleteLoan>;
}) {
  const { t } = useTranslation("loans");
  const navigate = useNavigate();
  const { nameOf } = usePeople(account);
  const describe = useDescribeLoan(nameOf);
  const [dialog, setDialog] = useState<Dialog>(null);
  const opener = (which: Exclude<Dialog, null>) => (open: boolean) =>
    setDialog(open ? which : null);
  const hasPayments = detail.summary.nextPayment !== null;

  return (
    <DashboardPage data-testid="loan-detail">
      <BackLink />
      <PageHeader icon={pageIcons.loans} title={detail.name} description={describe(detail)} />

      <div className="flex flex-wrap gap-2" role="group" aria-label={t("detail.actions")}>
        <Button size="sm" onClick={() => setDialog("extra")}>
          <PlusIcon aria-hidden="true" />
          {t("extras.add")}
        </Button>
        {detail.booking === null && hasPayments ? (
          <Button size="sm" variant="outline" onClick={() => setDialog("booking")}>
            <RepeatIcon aria-hidden="true" />
            {t("booking.book")}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={() => setDialog("edit")}>
          <PencilIcon aria-hidden="true" />
          {t("detail.edit")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:text-destructive"
          onClick={() => setDialog("delete")}
        >
          <Trash2Icon aria-hidden="true" />
          {t("detail.delete")}
        </Button>
      </div>

      <LoanFigures detail={detail} partial={partial} />
      {detail.parts.length > 1 ? <Parts detail={detail} /> : null}

      <BookingCard
        account={account}
        detail={detail}
        booking={dialog === "booking"}
        onBooking={opener("booking")}
      />

      <div className="grid min-w-0 grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <BalanceCard detail={detail} />
        <PaymentsCard detail={detail} />
      </div>

      <ExtrasCard detail={detail} adding={dialog === "extra"} onAdding={opener("extra")} />
      <WhatIfCard detail={detail} />
      <ScheduleCard detail={detail} />

      {dialog === "edit" ? (
        <LoanDialog account={account} editing={detail} onClose={() => setDialog(null)} />
      ) : null}
      <ConfirmDelete
        item={dialog === "delete" ? detail : null}
        onClose={() => setDialog(null)}
        title={t("detail.deleteTitle", { name: detail.name })}
        description={() =>
          t("detail.deleteBody", {
            parts: t("detail.deleteParts", { count: detail.parts.length }),
            extras: t("detail.deleteExtras", { count: detail.extras.length }),
          })
        }
        confirmLabel={t("detail.deleteConfirm")}
        remove={removeLoan}
        deleted={() => t("detail.deleted", { name: detail.name })}
        failed={t("detail.deleteFailed")}
        errorOf={(error) => errorText(t, error)}
        onDeleted={() => void navigate(loansPath, { replace: true })}
      />
    </DashboardPage>
  );
}

/** A figure of a summary: its label, its value (`testId`), and a line under it. */
function Figure({
  label,
  value,
  testId,
  extra,
  large = false,
  className,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  extra?: ReactNode;
  large?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("min-w-0 space-y-1", className)}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          "tabular-nums",
          large ? "text-2xl font-semibold tracking-tight" : "text-lg font-medium",
        )}
        data-testid={testId}
      >
        {value}
      </dd>
      {extra ? <dd className="text-xs text-muted-foreground">{extra}</dd> : null}
    </div>
  );
}

/** A summary's figures: owed, this month, next, interest paid, to come and in all, payoff. */
function SummaryFigures({
  summary,
  borrowedCents,
  format,
  prefix,
  large,
}: {
  summary: LoanSummary;
  borrowedCents: number;
  format: LoansFormat;
  prefix: string;
  large: boolean;
}) {
  const { t } = useTranslation("loans");
  const next = summary.nextPayment;
  return (
    <>
      <Figure
        label={t("figures.balance")}
        value={format.money(summary.balanceCents)}
        testId={`${prefix}-balance`}
        extra={t("figures.ofBorrowed", { amount: format.money(borrowedCents) })}
        large={large}
        className={large ? "col-span-2" : undefined}
      />
      <Figure
        label={t("figures.thisMonth")}
        value={format.money(summary.thisMonthPaymentCents)}
        testId={`${prefix}-this-month`}
      />
      <Figure
        label={t("figures.next")}
        value={next ? format.money(next.paymentCents) : "—"}
        testId={`${prefix}-next`}
        extra={next ? t("figures.nextOn", { date: format.day(next.dueDate, true) }) : null}
      />
      <Figure
        label={t("figures.interestPaid")}
        value={format.money(summary.interestPaidCents)}
        testId={`${prefix}-interest-paid`}
      />
      <Figure
        label={t("figures.interestToCome")}
        value={format.money(summary.interestToComeCents)}
        testId={`${prefix}-interest-to-come`}
      />
      <Figure
        label={t("figures.totalInterest")}
        value={format.money(summary.totalInterestCents)}
        testId={`${prefix}-total-interest`}
      />
      <Figure
        label={t("figures.payoff")}
        value={summary.payoffDate ? format.day(summary.payoffDate, true) : "—"}
        testId={`${prefix}-payoff`}
      />
    </>
  );
}

/** The whole loan today, and the scope's part of it for a member of a shared loan. */
function LoanFigures({ detail, partial }: { detail: LoanDetail; partial: boolean }) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const single = detail.parts.length === 1 ? detail.parts[0] : undefined;
  return (
    <section aria-labelledby="loan-figures-title" className="grid gap-2">
      <h2 id="loan-figures-title" className="sr-only">
        {t("figures.title")}
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-5 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-4 sm:p-6">
        <SummaryFigures
          summary={detail.summary}
          borrowedCents={detail.principalCents}
          format={format}
          prefix="loan"
          large
        />
      </dl>
      {single ? <PartTerms part={single} withType /> : null}
      {partial ? (
        <p className="text-sm text-muted-foreground" data-testid="loan-share">
          {t("figures.yourShare", {
            balance: format.money(detail.scope.balanceCents),
            month: format.money(detail.scope.thisMonthPaymentCents),
            interest: format.money(detail.scope.interestToComeCents),
          })}
        </p>
      ) : null}
      {detail.ownHome ? (
        <p className="text-sm text-muted-foreground text-pretty">{t("ownHome.note")}</p>
      ) : null}
    </section>
  );
}

/** A part's terms in a line: "€ 200,000.00 over 30 years from 1 Nov 2025 · annuity · 4.00% …" */
function PartTerms({ part, withType = false }: { part: LoanPart; withType?: boolean }) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const rate =
    part.fixedMonths === null
      ? t("parts.rateFixed", { rate: format.rate(part.rateBp) })
      : t("parts.rateThen", {
          rate: format.rate(part.rateBp),
          period: format.term(part.fixedMonths),
          following: format.rate(part.followingRateBp ?? part.rateBp),
        });
  return (
    <p className="text-sm text-muted-foreground text-pretty" data-testid="part-terms">
      {[
        t("parts.terms", {
          principal: format.money(part.principalCents),
          term: format.term(part.termMonths),
          date: format.day(part.startDate, true),
        }),
        withType ? t(`types.${part.repaymentType}.label`) : null,
        rate,
        t("parts.monthly", { rate: format.monthlyRate(part.rateBp) }),
      ]
        .filter(Boolean)
        .join(" · ")}
    </p>
  );
}

/** Every part (leningdeel) with its terms and where it stands today. */
function Parts({ detail }: { detail: LoanDetail }) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const partLabel = usePartLabel();
  return (
    <section aria-labelledby="loan-parts-title" className="grid gap-3">
      <h2 id="loan-parts-title" className="text-lg font-semibold">
        {t("parts.title")}
      </h2>
      <ul className="grid gap-4 lg:grid-cols-2">
        {detail.parts.map((part, index) => (
          <li
            key={part.id}
            className="grid content-start gap-3 rounded-xl border bg-card p-4 shadow-sm"
            data-testid="loan-part"
          >
            <div className="grid gap-1">
              <h3 className="font-medium">{partLabel(part, index)}</h3>
              <PartTerms part={part} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
              <SummaryFigures
                summary={part.summary}
                borrowedCents={part.principalCents}
                format={format}
                prefix="part"
                large={false}
              />
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
