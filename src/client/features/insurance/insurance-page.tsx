import { CalendarDaysIcon, CalendarRangeIcon, PlusIcon, ShieldCheckIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FigureCard } from "#client/components/figure-card.tsx";
import { DashboardPage, PageHeader } from "#client/components/layout/dashboard-page.tsx";
import { pageIcons } from "#client/components/layout/nav-items.ts";
import { PerMemberCard } from "#client/components/per-member-card.tsx";
import { Button } from "#client/components/ui/button.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { BreakdownCard, seriesFills } from "#client/features/dashboard/charts.tsx";
import { ScopeLine, useScope } from "#client/features/households/scope-picker.tsx";
import type { NameOf } from "#client/features/savings/savings-format.ts";
import { usePeople } from "#client/features/savings/use-people.ts";
import { ApiError } from "#client/lib/api.ts";
import type { InsuranceKind, InsuranceOverview, Policy } from "#shared/schemas/insurance.schema.ts";
import { BookingDialog } from "./booking-dialog.tsx";
import { CancelDialog } from "./cancel-dialog.tsx";
import { CoverageCard } from "./coverage-card.tsx";
import { DeductibleCard } from "./deductible-card.tsx";
import { InsuranceLockedPage } from "./insurance-locked.tsx";
import { useInsuranceFormat } from "./insurance-format.ts";
import { useInsuranceOverview, usePolicies } from "./insurance.queries.ts";
import { PoliciesCard } from "./policies-card.tsx";
import { PolicyDialog } from "./policy-dialog.tsx";
import { UpcomingCard } from "./upcoming-card.tsx";

/** Which form is open: a policy (new of a kind, or changed), or cancelling one. */
type Open =
  | { form: "policy"; editing: Policy | null; kind: InsuranceKind }
  | { form: "cancel"; policy: Policy }
  | { form: "book"; policy: Policy }
  | null;

/**
 * Insurance (Pro): what the scope's policies cost a month and a year, per person and by kind,
 * who is covered for what and where nobody is, the renewals and notice deadlines of the next 60
 * days, and every policy — for the household, or the scope's member and their part.
 */
export function InsurancePage({ account }: { account: Account }) {
  const { t } = useTranslation("insurance");
  const { t: tDashboard } = useTranslation("dashboard");
  const { member } = useScope(account);
  const memberId = member?.id ?? null;
  const overview = useInsuranceOverview(memberId);
  const policies = usePolicies(memberId);
  const { nameOf } = usePeople(account);
  const [open, setOpen] = useState<Open>(null);
  // A link to one policy (#policy-<id>, from a recurring premium or the dashboard) marks it;
  // the dashboard's layout brings it into view and focus (useHashTarget).
  const [shown, setShown] = useState<string | null>(
    () => /^#policy-(.+)$/.exec(window.location.hash)?.[1] ?? null,
  );

  /** A policy opened from the grid or what is coming up: its row in the list, in view and focused. */
  const show = (policy: Policy) => {
    setShown(policy.id);
    const row = document.getElementById(`policy-${policy.id}`);
    row?.scrollIntoView({ block: "center" });
    row?.focus({ preventScroll: true });
  };
  const refused = [overview.error, policies.error].find(
    (error) => error instanceof ApiError && error.code === "PLAN_REQUIRED",
  );
  if (refused) return <InsuranceLockedPage plan="free" owner={account.member.role === "owner"} />;

  const list = policies.data?.policies ?? [];
  const data = overview.data;
  const add = (kind: InsuranceKind = "health-basic") =>
    setOpen({ form: "policy", editing: null, kind });

  return (
    <DashboardPage>
      <PageHeader
        icon={pageIcons.insurance}
        title={tDashboard("areas.insurance.title")}
        description={tDashboard("areas.insurance.description")}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ScopeLine account={account} />
        <Button size="sm" onClick={() => add()} data-testid="new-policy">
          <PlusIcon aria-hidden="true" />
          {t("actions.add")}
        </Button>
      </div>

      {data ? <UpcomingCard upcoming={data.upcoming} policies={list} onOpen={show} /> : null}

      {/* Before the first policy there is nothing to add up: the empty list says what to do. */}
      {policies.isSuccess && list.length === 0 ? null : (
        <>
          <Totals
            overview={data}
            cancelled={list.filter((policy) => policy.status === "cancelled").length}
            loading={overview.isPending}
            memberId={memberId}
            nameOf={nameOf}
          />
          {data && data.totals.policies > 0 ? (
            <>
              <CoverageCard
                coverage={data.coverage}
                policies={list}
                nameOf={nameOf}
                onOpen={show}
              />
              <DeductibleCard
                rows={data.healthDeductible ?? []}
                policies={list}
                nameOf={nameOf}
                onOpen={show}
              />
              <ByKind overview={data} />
            </>
          ) : null}
        </>
      )}

      <PoliciesCard
        policies={list}
        loading={policies.isPending}
        error={policies.error}
        memberId={memberId}
        nameOf={nameOf}
        shown={shown}
        onAdd={add}
        onEdit={(policy) => setOpen({ form: "policy", editing: policy, kind: policy.kind })}
        onCancel={(policy) => setOpen({ form: "cancel", policy })}
        onBook={(policy) => setOpen({ form: "book", policy })}
      />

      {open?.form === "policy" ? (
        <PolicyDialog
          account={account}
          editing={open.editing}
          kind={open.kind}
          scopeMemberId={memberId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.form === "cancel" ? (
        <CancelDialog policy={open.policy} onClose={() => setOpen(null)} />
      ) : null}
      {open?.form === "book" ? (
        <BookingDialog account={account} policy={open.policy} onClose={() => setOpen(null)} />
      ) : null}
    </DashboardPage>
  );
}

function Totals({
  overview,
  cancelled,
  loading,
  memberId,
  nameOf,
}: {
  overview: InsuranceOverview | undefined;
  cancelled: number;
  loading: boolean;
  memberId: string | null;
  nameOf: NameOf;
}) {
  const { t } = useTranslation("insurance");
  const format = useInsuranceFormat();
  const totals = overview?.totals;
  const icon = (Icon: typeof ShieldCheckIcon) => (
    <Icon className="size-4 text-primary" aria-hidden="true" />
  );
  return (
    <section aria-label={t("totals.label")} className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <FigureCard
        label={memberId ? t("totals.monthMember") : t("totals.month")}
        value={format.money(totals?.monthCents ?? 0)}
        hint={t("totals.monthHint")}
        loading={loading}
        testId="insurance-month"
        icon={icon(CalendarDaysIcon)}
      />
      <FigureCard
        label={memberId ? t("totals.yearMember") : t("totals.year")}
        value={format.money(totals?.yearCents ?? 0)}
        hint={t("totals.yearHint")}
        loading={loading}
        testId="insurance-year"
        icon={icon(CalendarRangeIcon)}
      />
      <FigureCard
        label={t("totals.policies")}
        value={format.number(totals?.policies ?? 0)}
        hint={cancelled > 0 ? t("totals.policiesHint", { count: cancelled }) : undefined}
        loading={loading}
        testId="insurance-policies"
        icon={icon(ShieldCheckIcon)}
      />
      {memberId === null ? (
        <PerMemberCard
          title={t("totals.perMember")}
          rows={(overview?.perMember ?? []).map((row) => ({
            key: row.memberId,
            name: nameOf(row.memberId),
            value: format.money(row.yearCents),
          }))}
          household={{ label: t("totals.together"), value: format.money(totals?.yearCents ?? 0) }}
          loading={loading}
          testId="insurance-per-member"
          className="sm:col-span-3"
          listClassName="gap-x-10 sm:grid-cols-2 lg:grid-cols-3"
        />
      ) : null}
    </section>
  );
}

/** The year's premium per kind as a ring with its legend, or as a table. */
function ByKind({ overview }: { overview: InsuranceOverview }) {
  const { t } = useTranslation("insurance");
  const format = useInsuranceFormat();
  const items = [...overview.perKind]
    .sort((a, b) => b.yearCents - a.yearCents)
    .map((row, index) => ({
      key: row.kind,
      label: format.kind(row.kind),
      fill: seriesFills[index % seriesFills.length] ?? "currentColor",
      cents: row.yearCents,
    }));
  return (
    <BreakdownCard
      title={t("byKind.title")}
      items={items}
      labelHead={t("byKind.kind")}
      testId="insurance-by-kind"
    />
  );
}
