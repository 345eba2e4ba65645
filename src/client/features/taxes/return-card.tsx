import { HomeIcon, TagIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { entriesLink } from "#client/features/dashboard/period.ts";
import { loanPath, loansPath } from "#client/features/loans/loans-format.ts";
import type { TaxYearOverview } from "#shared/schemas/taxes.schema.ts";
import { useTaxesFormat } from "./taxes-format.ts";

const linkClass =
  "rounded-sm break-words hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

/**
 * What the year's return needs from the other areas: the totals of the categories marked
 * tax-relevant (each opening its entries) and the own home's mortgage interest from the loans.
 */
export function ReturnCard({
  year,
  overview,
  loading,
  memberId,
}: {
  year: number;
  overview: TaxYearOverview | undefined;
  loading: boolean;
  memberId: string | null;
}) {
  const { t } = useTranslation("taxes");
  const format = useTaxesFormat();
  const categories = overview?.categories ?? [];
  const interest = overview?.ownHomeInterest;
  // A mortgage not running in the year (not started, or repaid) has no interest to show.
  const paying = interest?.loans.filter((loan) => loan.interestCents > 0) ?? [];
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;

  return (
    <Card className="gap-4" data-testid="tax-return">
      <CardHeader className="max-sm:px-4">
        <CardTitle className="text-base">{t("return.title", { year })}</CardTitle>
        <CardDescription>{t("return.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 max-sm:px-4 lg:grid-cols-2">
        <section aria-labelledby="tax-categories" className="grid content-start gap-3">
          <h3 id="tax-categories" className="flex items-center gap-2 text-sm font-medium">
            <TagIcon className="size-4 text-primary" aria-hidden="true" />
            {t("return.categories")}
          </h3>
          {loading ? (
            <Skeleton className="h-20 w-full" />
          ) : categories.length === 0 ? (
            <div
              className="grid gap-2 text-sm text-muted-foreground"
              data-testid="tax-categories-empty"
            >
              <p>{t("return.noCategories")}</p>
              <Button asChild size="sm" variant="outline" className="justify-self-start">
                <Link to="/dashboard/income-spending?manage=categories">
                  {t("return.markCategories")}
                </Link>
              </Button>
            </div>
          ) : (
            <ul className="divide-y text-sm" data-testid="tax-categories">
              {categories.map((category) => (
                <li
                  key={category.categoryId}
                  className="flex items-baseline justify-between gap-3 py-2"
                  data-testid="tax-category"
                >
                  <span className="min-w-0">
                    <Link
                      className={linkClass}
                      to={entriesLink({
                        from,
                        to,
                        member: memberId,
                        kind: category.kind,
                        category: category.categoryId,
                      })}
                    >
                      {category.name}
                    </Link>
                    <span className="ml-2 text-xs text-muted-foreground">
                      {t(`return.entries.${category.kind}`, { count: category.count })}
                    </span>
                  </span>
                  <span className="font-medium tabular-nums">
                    {format.money(category.totalCents)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="tax-own-home" className="grid content-start gap-3">
          <h3 id="tax-own-home" className="flex items-center gap-2 text-sm font-medium">
            <HomeIcon className="size-4 text-primary" aria-hidden="true" />
            {t("return.ownHome")}
          </h3>
          {loading ? (
            <Skeleton className="h-20 w-full" />
          ) : !interest || interest.loans.length === 0 ? (
            <div
              className="grid gap-2 text-sm text-muted-foreground"
              data-testid="tax-interest-empty"
            >
              <p>{t("return.noOwnHome")}</p>
              <Button asChild size="sm" variant="outline" className="justify-self-start">
                <Link to={loansPath}>{t("return.toLoans")}</Link>
              </Button>
            </div>
          ) : paying.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="tax-interest-none">
              {t("return.noInterestInYear", { year })}
            </p>
          ) : (
            <div className="grid gap-2 text-sm">
              <ul className="divide-y">
                {paying.map((loan) => (
                  <li key={loan.loanId} className="flex items-baseline justify-between gap-3 py-2">
                    <span className="min-w-0">
                      <Link className={linkClass} to={loanPath(loan.loanId)}>
                        {loan.name}
                      </Link>
                      {loan.scopeInterestCents !== loan.interestCents ? (
                        <span className="block text-xs text-muted-foreground">
                          {t("return.shareOf", { whole: format.money(loan.interestCents) })}
                        </span>
                      ) : null}
                    </span>
                    <span className="font-medium tabular-nums">
                      {format.money(loan.scopeInterestCents)}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="flex items-baseline justify-between gap-3 border-t pt-2 font-medium">
                <span>{t("return.deductible")}</span>
                <span className="tabular-nums" data-testid="tax-interest-total">
                  {format.money(interest.totalCents)}
                </span>
              </p>
              <p className="text-xs text-muted-foreground">{t("return.interestHint")}</p>
            </div>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
