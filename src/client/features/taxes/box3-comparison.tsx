import { TrendingDownIcon, TrendingUpIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "#client/lib/cn.ts";
import type { Box3EstimateAnswer } from "#shared/schemas/taxes.schema.ts";
import { realVersusDeemed, useBox3Format } from "./box3-format.ts";
import { Box3Section, FigureList, FigureRow } from "./box3-parts.tsx";

/**
 * The year's real return beside the deemed one, for the scope: interest booked against the
 * bank balances' deemed return, the investments' real return against the other assets', and
 * what that means (a lower real return may be proven: the tegenbewijsregeling).
 */
export function Box3Comparison({ data }: { data: Box3EstimateAnswer }) {
  const { t } = useTranslation("box3");
  const format = useBox3Format();
  const { comparison, parameters } = data;
  const { bank, other, through } = comparison;
  const verdict = realVersusDeemed(comparison, data.year);
  const intro =
    through === null
      ? t("comparison.notStarted", { year: data.year })
      : verdict?.soFar
        ? t("comparison.introSoFar", { date: format.longDay(through) })
        : t("comparison.intro", { year: data.year });
  const real = other.real;
  // Under the tax-free allowance there is no tax a lower real return could take off.
  const noTax = data.returns.every((item) => item.taxEuros === 0);
  const lowerNoTax = verdict?.outcome === "lower" && noTax;

  return (
    <Box3Section title={t("comparison.title")} intro={intro} testId="box3-comparison">
      <div className="grid gap-3 sm:grid-cols-2">
        <FigureList title={t("comparison.bank")}>
          <FigureRow label={t("comparison.valueOn")} value={format.money(bank.valueCents)} />
          <FigureRow
            label={t("comparison.deemed", { percent: format.rate(parameters.used.bankBp) })}
            value={format.money(bank.deemedReturnCents)}
          />
          <FigureRow
            total
            label={t("comparison.interest")}
            value={
              bank.interestCents === null
                ? t("comparison.notYet")
                : format.money(bank.interestCents)
            }
          />
        </FigureList>
        <FigureList title={t("comparison.other")}>
          <FigureRow label={t("comparison.valueOn")} value={format.money(other.valueCents)} />
          <FigureRow
            label={t("comparison.deemed", { percent: format.rate(parameters.used.otherBp) })}
            value={format.money(other.deemedReturnCents)}
          />
          {real && through ? (
            <>
              <FigureRow label={t("comparison.start")} value={format.money(real.startValueCents)} />
              <FigureRow
                label={t("comparison.end", { date: format.day(through, true) })}
                value={format.money(real.endValueCents)}
              />
              <FigureRow
                label={t("comparison.dividends")}
                hint={t("comparison.dividendsHint")}
                value={format.money(real.dividendsCents)}
              />
              <FigureRow
                label={t("comparison.moneyIn")}
                hint={t("comparison.moneyInHint")}
                value={format.signedCents(real.moneyInCents)}
              />
              <FigureRow
                total
                label={t("comparison.realReturn")}
                hint={t("comparison.realReturnHint")}
                value={format.signedCents(real.returnCents)}
              />
            </>
          ) : (
            <FigureRow
              total
              label={t("comparison.realReturn")}
              hint={through ? t("comparison.noInvestments") : undefined}
              value={t("comparison.notYet")}
            />
          )}
        </FigureList>
      </div>
      {verdict && verdict.outcome !== "same" ? (
        <div
          className={cn(
            "flex items-start gap-3 rounded-lg px-4 py-3 text-sm",
            verdict.outcome === "lower" && !lowerNoTax
              ? "bg-emerald-50 text-emerald-950 dark:bg-emerald-400/10 dark:text-emerald-50"
              : "bg-muted/60",
          )}
          data-testid="box3-verdict"
          data-outcome={verdict.outcome}
        >
          {verdict.outcome === "lower" ? (
            <TrendingDownIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <TrendingUpIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <p className="text-pretty">
            {t(
              lowerNoTax
                ? verdict.soFar
                  ? "comparison.lowerSoFarNoTax"
                  : "comparison.lowerNoTax"
                : `comparison.${verdict.outcome}${verdict.soFar ? "SoFar" : ""}`,
              {
                real: format.money(verdict.realCents),
                deemed: format.money(verdict.deemedCents),
              },
            )}
          </p>
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground text-pretty">{t("comparison.debtsLeftOut")}</p>
    </Box3Section>
  );
}
