import { AlertTriangleIcon, PiggyBankIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "#client/lib/cn.ts";
import type { ExtraRepaymentEffect } from "#shared/loan-math.ts";
import type { Allowance, Comparison } from "#shared/schemas/loans.schema.ts";
import { useLoansFormat } from "./loans-format.ts";

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));

/**
 * A loan with and without extra repayments side by side (the loan's own extras, or a what-if's
 * one): the interest saved, then total interest, the payoff date and the payment after the
 * extras, each way. `effect` says which of the last two the extras changed.
 */
export function ComparisonTable({
  comparison,
  effect,
  withLabel,
  withoutLabel,
  notes = [],
  testId,
}: {
  comparison: Comparison;
  effect: ExtraRepaymentEffect;
  withLabel: string;
  withoutLabel: string;
  /** More lines under the effect (a part that ends sooner while the loan's last part does not). */
  notes?: readonly string[];
  testId: string;
}) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const { payoffDate, payment, totalInterestCents } = comparison;
  const sooner = monthIndex(payoffDate.withoutExtras) - monthIndex(payoffDate.withExtras);
  const lower =
    payment.withExtras !== null && payment.withoutExtras !== null
      ? payment.withoutExtras - payment.withExtras
      : 0;
  const money = (cents: number | null) =>
    cents === null ? t("effect.repaid") : format.money(cents);
  // A what-if that lowers the payment makes every extra do so: that may cost more than now.
  const costs = comparison.interestSavedCents < 0;

  return (
    <div className="grid gap-3" data-testid={testId}>
      <div
        className={cn(
          "flex items-start gap-3 rounded-lg px-4 py-3",
          costs
            ? "bg-amber-50 text-amber-950 dark:bg-amber-400/10 dark:text-amber-50"
            : "bg-emerald-50 text-emerald-950 dark:bg-emerald-400/10 dark:text-emerald-50",
        )}
      >
        {costs ? (
          <AlertTriangleIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        ) : (
          <PiggyBankIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        )}
        <div className="grid gap-0.5">
          <p className="font-medium" data-testid="interest-saved">
            {costs
              ? t("effect.costs", { amount: format.money(-comparison.interestSavedCents) })
              : t("effect.saved", { amount: format.money(comparison.interestSavedCents) })}
          </p>
          <p className="text-sm" data-testid="effect-line">
            {effect === "shorter-term"
              ? sooner > 0
                ? t("effect.sooner", {
                    term: format.term(sooner),
                    date: format.monthOf(payoffDate.withExtras),
                  })
                : t("effect.sameEnd", { date: format.monthOf(payoffDate.withExtras) })
              : lower > 0 && payment.withExtras !== null
                ? t("effect.lower", {
                    amount: format.money(lower),
                    payment: format.money(payment.withExtras),
                    date: format.day(payment.after, true),
                  })
                : t("effect.samePayment")}
          </p>
          {notes.map((note) => (
            <p key={note} className="text-sm" data-testid="effect-note">
              {note}
            </p>
          ))}
        </div>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("effect.caption")}</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <td className="py-2" />
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                {withoutLabel}
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                {withLabel}
              </th>
            </tr>
          </thead>
          <tbody className="[&_td]:py-2 [&_td]:pl-3 [&_td]:text-right [&_td]:whitespace-nowrap [&_td]:tabular-nums [&_th]:py-2 [&_th]:text-left [&_th]:font-normal [&_tr]:border-b [&_tr:last-child]:border-0">
            <tr>
              <th scope="row">{t("effect.totalInterest")}</th>
              <td>{format.money(totalInterestCents.withoutExtras)}</td>
              <td className="font-medium" data-testid="total-interest-with">
                {format.money(totalInterestCents.withExtras)}
              </td>
            </tr>
            <tr>
              <th scope="row">{t("effect.payoff")}</th>
              <td>{format.monthOf(payoffDate.withoutExtras)}</td>
              <td
                className={cn(effect === "shorter-term" && "font-medium")}
                data-testid="payoff-with"
              >
                {format.monthOf(payoffDate.withExtras)}
              </td>
            </tr>
            <tr>
              <th scope="row">
                {t("effect.paymentAfter", { date: format.day(payment.after, true) })}
              </th>
              <td>{money(payment.withoutExtras)}</td>
              <td
                className={cn(effect === "lower-payment" && "font-medium")}
                data-testid="payment-with"
              >
                {money(payment.withExtras)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * The years whose extra repayments go past what may be repaid without a penalty, as a warning
 * (nothing when none does).
 */
export function AllowanceWarning({
  allowance,
  testId = "allowance-warning",
}: {
  allowance: Allowance;
  testId?: string;
}) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const over = allowance.years.filter((year) => year.overAllowance);
  if (over.length === 0) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-50"
      data-testid={testId}
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        {over.map((year) => (
          <p key={year.year} className="text-pretty">
            {t("allowance.over", {
              year: year.year,
              amount: format.money(year.extraRepaymentCents),
              allowance: format.money(year.allowanceCents),
              excess: format.money(year.extraRepaymentCents - year.allowanceCents),
            })}
          </p>
        ))}
        <p className="text-pretty">{t("allowance.overHint")}</p>
      </div>
    </div>
  );
}
