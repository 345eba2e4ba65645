import {
  CalendarPlusIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  DownloadIcon,
  HandCoinsIcon,
  PlusIcon,
  ReceiptTextIcon,
  ScaleIcon,
  WalletIcon,
} from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FigureCard } from "#client/components/figure-card.tsx";
import { DashboardPage, PageHeader } from "#client/components/layout/dashboard-page.tsx";
import { pageIcons } from "#client/components/layout/nav-items.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { ScopeLine, useScope } from "#client/features/households/scope-picker.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { usePeople } from "#client/features/savings/use-people.ts";
import { ApiError } from "#client/lib/api.ts";
import type { TaxDeadline, TaxItem } from "#shared/schemas/taxes.schema.ts";
import { Box3Card } from "./box3-card.tsx";
import { DeadlineDialog } from "./deadline-dialog.tsx";
import { DeadlinesCard } from "./deadlines-card.tsx";
import { ExportDialog } from "./export-dialog.tsx";
import { ItemDialog } from "./item-dialog.tsx";
import { ItemsCard } from "./items-card.tsx";
import { ReturnCard } from "./return-card.tsx";
import { TaxesLockedPage } from "./taxes-locked.tsx";
import {
  firstTaxYear,
  lastTaxYear,
  useTaxesFormat,
  yearChoices,
  yearFromSearch,
} from "./taxes-format.ts";
import { useTaxYear, useTaxYears } from "./taxes.queries.ts";

/** Which form is open: a payment or refund, a deadline (each new or changed), or the export. */
type Open =
  | { form: "item"; editing: TaxItem | null }
  | { form: "deadline"; editing: TaxDeadline | null }
  | { form: "export" }
  | null;

/**
 * Taxes (Pro), one tax year at a time (`?year=`): what was paid and is still due, refunds,
 * deadlines with their reminders, what the return needs from the other areas, the export for the
 * return and the box 3 estimate — for the household or the scope's member.
 */
export function TaxesPage({ account }: { account: Account }) {
  const { t } = useTranslation("taxes");
  const { t: tDashboard } = useTranslation("dashboard");
  const format = useTaxesFormat();
  const uid = useId();
  const [search, setSearch] = useSearchParams();
  const year = yearFromSearch(search);
  const { member } = useScope(account);
  const memberId = member?.id ?? null;
  const years = useTaxYears();
  const overview = useTaxYear(year, memberId);
  const { nameOf } = usePeople(account);
  const [open, setOpen] = useState<Open>(null);

  if (overview.error instanceof ApiError && overview.error.code === "PLAN_REQUIRED") {
    return <TaxesLockedPage plan="free" owner={account.member.role === "owner"} />;
  }

  const choices = yearChoices(
    years.data?.years.map((row) => row.year) ?? [],
    years.data?.box3Years ?? [],
    year,
  );
  const goTo = (next: number) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set("year", String(next));
        return params;
      },
      { preventScrollReset: true },
    );
  const data = overview.data;
  const totals = data?.totals;
  const loading = overview.isPending;
  const icon = (Icon: typeof WalletIcon) => (
    <Icon className="size-4 text-primary" aria-hidden="true" />
  );

  return (
    <DashboardPage>
      <PageHeader
        icon={pageIcons.taxes}
        title={tDashboard("areas.taxes.title")}
        description={tDashboard("areas.taxes.description")}
      />

      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${uid}-year`}>{t("year.label")}</Label>
            <div className="flex items-center gap-1">
              <Button
                size="icon"
                variant="outline"
                aria-label={t("year.previous", { year: year - 1 })}
                disabled={year <= firstTaxYear}
                onClick={() => goTo(year - 1)}
              >
                <ChevronLeftIcon aria-hidden="true" />
              </Button>
              <NativeSelect
                id={`${uid}-year`}
                className="w-28"
                value={String(year)}
                onChange={(event) => goTo(Number(event.target.value))}
                data-testid="tax-year"
              >
                {choices.map((choice) => (
                  <option key={choice} value={String(choice)}>
                    {choice}
                  </option>
                ))}
              </NativeSelect>
              <Button
                size="icon"
                variant="outline"
                aria-label={t("year.next", { year: year + 1 })}
                disabled={year >= lastTaxYear}
                onClick={() => goTo(year + 1)}
              >
                <ChevronRightIcon aria-hidden="true" />
              </Button>
            </div>
          </div>
          <ScopeLine account={account} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => setOpen({ form: "item", editing: null })}
            data-testid="new-tax-item"
          >
            <PlusIcon aria-hidden="true" />
            {t("actions.addItem")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setOpen({ form: "deadline", editing: null })}
            data-testid="new-tax-deadline"
          >
            <CalendarPlusIcon aria-hidden="true" />
            {t("actions.addDeadline")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setOpen({ form: "export" })}
            data-testid="tax-export"
          >
            <DownloadIcon aria-hidden="true" />
            {t("actions.export")}
          </Button>
        </div>
      </div>

      {overview.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {t("loadFailed")} {errorText(t, overview.error)}
        </p>
      ) : null}

      <section
        aria-label={t("totals.label", { year })}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <FigureCard
          label={t("totals.paid")}
          value={format.money(totals?.paidCents ?? 0)}
          hint={t("totals.paidHint", { year })}
          loading={loading}
          testId="tax-paid"
          icon={icon(WalletIcon)}
        />
        <FigureCard
          label={t("totals.due")}
          value={format.money(totals?.dueCents ?? 0)}
          hint={t("totals.dueHint")}
          loading={loading}
          testId="tax-due"
          icon={icon(ReceiptTextIcon)}
        />
        <FigureCard
          label={t("totals.refunds")}
          value={format.money((totals?.receivedCents ?? 0) + (totals?.toReceiveCents ?? 0))}
          hint={
            (totals?.toReceiveCents ?? 0) > 0
              ? t("totals.refundsHint", { toReceive: format.money(totals?.toReceiveCents ?? 0) })
              : t("totals.refundsNoneHint", { year })
          }
          loading={loading}
          testId="tax-refunds"
          icon={icon(HandCoinsIcon)}
        />
        <FigureCard
          label={t("totals.balance")}
          value={format.money(Math.abs(totals?.balanceCents ?? 0))}
          hint={(totals?.balanceCents ?? 0) < 0 ? t("totals.balanceBack") : t("totals.balanceHint")}
          loading={loading}
          testId="tax-balance"
          icon={icon(ScaleIcon)}
        />
      </section>

      <ItemsCard
        year={year}
        items={data?.items ?? []}
        loading={loading}
        nameOf={nameOf}
        onAdd={() => setOpen({ form: "item", editing: null })}
        onEdit={(item) => setOpen({ form: "item", editing: item })}
      />

      <DeadlinesCard
        year={year}
        deadlines={data?.deadlines ?? []}
        loading={loading}
        nameOf={nameOf}
        onAdd={() => setOpen({ form: "deadline", editing: null })}
        onEdit={(deadline) => setOpen({ form: "deadline", editing: deadline })}
      />

      <ReturnCard year={year} overview={data} loading={loading} memberId={memberId} />

      <Box3Card account={account} year={year} memberId={memberId} />

      {open?.form === "item" ? (
        <ItemDialog
          account={account}
          year={year}
          editing={open.editing}
          scopeMemberId={memberId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.form === "deadline" ? (
        <DeadlineDialog
          account={account}
          year={year}
          editing={open.editing}
          scopeMemberId={memberId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.form === "export" ? (
        <ExportDialog year={year} memberId={memberId} onClose={() => setOpen(null)} />
      ) : null}
    </DashboardPage>
  );
}
