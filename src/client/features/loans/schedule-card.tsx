import { ChevronRightIcon } from "lucide-react";
import { Fragment, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { currentMonth } from "#client/features/income-spending/money-format.ts";
import { cn } from "#client/lib/cn.ts";
import type { LoanDetail } from "#shared/schemas/loans.schema.ts";
import { usePartLabel } from "./extra-fields.tsx";
import { byYear, rowsOf, wholeLoan } from "./schedule-rows.ts";
import { useLoansFormat } from "./loans-format.ts";

/**
 * The full schedule, month by month, of the whole loan or one part: a row per calendar year
 * with its sums (a button opens its months), this month marked. Hundreds of months stay a few
 * dozen rows until a year is opened; the table scrolls sideways inside its own box on a phone.
 */
export function ScheduleCard({ detail }: { detail: LoanDetail }) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const partLabel = usePartLabel();
  const uid = useId();
  const [shown, setShown] = useState(wholeLoan);
  const rows = rowsOf(detail, shown);
  const years = byYear(rows);
  const now = currentMonth();
  const thisYear = Number(now.slice(0, 4));
  const firstYear = years[0]?.year ?? thisYear;
  const [open, setOpen] = useState<ReadonlySet<number>>(
    () => new Set([years.some((year) => year.year === thisYear) ? thisYear : firstYear]),
  );
  const isPart = shown !== wholeLoan;
  const toggle = (year: number) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(year)) next.delete(year);
      else next.add(year);
      return next;
    });
  const allOpen = years.every((year) => open.has(year.year));
  const head = [
    t("schedule.month"),
    ...(isPart ? [t("schedule.rate")] : []),
    t("schedule.payment"),
    t("schedule.interest"),
    t("schedule.repayment"),
    t("schedule.extra"),
    t("schedule.balance"),
  ];
  const money = (cents: number) => format.money(cents);
  const caption = isPart
    ? t("schedule.captionPart", { part: selectedLabel() })
    : t("schedule.captionLoan", { name: detail.name });

  function selectedLabel() {
    const index = detail.parts.findIndex((part) => part.id === shown);
    const part = detail.parts[index];
    return part ? partLabel(part, index) : detail.name;
  }

  return (
    <Card className="min-w-0 gap-4" data-testid="loan-schedule">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 max-sm:px-4">
        <div className="min-w-0 space-y-1">
          <CardTitle className="text-base">{t("schedule.title")}</CardTitle>
          <CardDescription>{t("schedule.description")}</CardDescription>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {detail.parts.length > 1 ? (
            <div className="grid gap-1.5">
              <Label htmlFor={`${uid}-shown`} className="text-xs text-muted-foreground">
                {t("schedule.show")}
              </Label>
              <NativeSelect
                id={`${uid}-shown`}
                value={shown}
                onChange={(event) => setShown(event.target.value)}
                className="h-8 w-auto"
                data-testid="schedule-shown"
              >
                <option value={wholeLoan}>{t("schedule.wholeLoan")}</option>
                {detail.parts.map((part, index) => (
                  <option key={part.id} value={part.id}>
                    {partLabel(part, index)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => setOpen(allOpen ? new Set() : new Set(years.map((year) => year.year)))}
          >
            {allOpen ? t("schedule.closeAll") : t("schedule.openAll")}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="min-w-0 max-sm:px-4">
        <div
          className="max-w-full overflow-x-auto rounded-lg border"
          role="region"
          aria-label={caption}
          tabIndex={0}
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-muted/50">
              <tr className="text-left text-muted-foreground">
                {head.map((cell, index) => (
                  <th
                    key={cell}
                    scope="col"
                    className={cn(
                      "px-3 py-2 font-medium whitespace-nowrap",
                      index > 0 && "text-right",
                    )}
                  >
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            {years.map((year) => {
              const expanded = open.has(year.year);
              const bodyId = `${uid}-year-${year.year}`;
              return (
                <Fragment key={year.year}>
                  <tbody className="border-t">
                    <tr
                      className={cn("bg-card", year.year === thisYear && "bg-primary/5")}
                      data-testid="schedule-year"
                      data-year={year.year}
                    >
                      <th scope="row" className="px-1 py-1 text-left font-medium">
                        <button
                          type="button"
                          className="flex items-center gap-1 rounded-md px-2 py-1 whitespace-nowrap hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                          aria-expanded={expanded}
                          aria-controls={bodyId}
                          onClick={() => toggle(year.year)}
                        >
                          <ChevronRightIcon
                            className={cn(
                              "size-4 shrink-0 transition-transform motion-reduce:transition-none",
                              expanded && "rotate-90",
                            )}
                            aria-hidden="true"
                          />
                          {year.year}
                          <span className="sr-only">
                            {t("schedule.yearMonths", { count: year.rows.length })}
                          </span>
                        </button>
                      </th>
                      {isPart ? <td /> : null}
                      <YearCell>{money(year.paymentCents)}</YearCell>
                      <YearCell>{money(year.interestCents)}</YearCell>
                      <YearCell>{money(year.repaymentCents)}</YearCell>
                      <YearCell>
                        {year.extraRepaymentCents > 0 ? money(year.extraRepaymentCents) : "—"}
                      </YearCell>
                      <YearCell>{money(year.balanceCents)}</YearCell>
                    </tr>
                  </tbody>
                  <tbody id={bodyId} hidden={!expanded}>
                    {expanded
                      ? year.rows.map((row) => {
                          const current = row.month === now;
                          return (
                            <tr
                              key={row.month}
                              className={cn(
                                "border-t text-muted-foreground",
                                current && "bg-primary/10 text-foreground",
                              )}
                              aria-current={current ? "date" : undefined}
                              data-testid="schedule-row"
                              data-month={row.month}
                            >
                              <th
                                scope="row"
                                className="py-1.5 pr-3 pl-9 text-left font-normal whitespace-nowrap"
                              >
                                {row.dueDate
                                  ? format.day(row.dueDate, true)
                                  : format.month(row.month)}
                                {current ? (
                                  <Badge variant="default" className="ml-2">
                                    {t("schedule.now")}
                                  </Badge>
                                ) : null}
                              </th>
                              {isPart ? (
                                <MonthCell>
                                  {row.rateBp === null ? "" : format.rate(row.rateBp)}
                                </MonthCell>
                              ) : null}
                              <MonthCell testId="row-payment">{money(row.paymentCents)}</MonthCell>
                              <MonthCell testId="row-interest">
                                {money(row.interestCents)}
                              </MonthCell>
                              <MonthCell testId="row-repayment">
                                {money(row.repaymentCents)}
                              </MonthCell>
                              <MonthCell testId="row-extra">
                                {row.extraRepaymentCents > 0 ? money(row.extraRepaymentCents) : "—"}
                              </MonthCell>
                              <MonthCell testId="row-balance">{money(row.balanceCents)}</MonthCell>
                            </tr>
                          );
                        })
                      : null}
                  </tbody>
                </Fragment>
              );
            })}
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

function YearCell({ children }: { children: ReactNode }) {
  return (
    <td className="px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums">{children}</td>
  );
}

function MonthCell({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums" data-testid={testId}>
      {children}
    </td>
  );
}
