import { CalculatorIcon, InfoIcon } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Segmented } from "#client/components/forms/segmented.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { usePeople } from "#client/features/savings/use-people.ts";
import { ApiError } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import type { Box3Basis, Box3EstimateAnswer } from "#shared/schemas/taxes.schema.ts";
import { Box3Comparison } from "./box3-comparison.tsx";
import { useBox3Format, wealthIsEmpty, type Box3NameOf } from "./box3-format.ts";
import { Box3Parameters } from "./box3-parameters.tsx";
import { Box3Partners } from "./box3-partners.tsx";
import { Box3Returns } from "./box3-returns.tsx";
import { Box3Wealth } from "./box3-wealth.tsx";
import { useBox3, useTaxYears } from "./taxes.queries.ts";

const linkClass =
  "rounded-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

/**
 * The box 3 estimate of a tax year for the scope (the household, or one member's part): the
 * tax and the benefit, 1 January's wealth per person, the fiscal partners (to change here), each
 * return step by step, the real return beside the deemed one, and the year's parameters with
 * their sources. A year Hearth has no parameters for says which years it can estimate.
 */
export function Box3Card({
  account,
  year,
  memberId,
}: {
  account: Account;
  year: number;
  memberId: string | null;
}) {
  const { t } = useTranslation("box3");
  const format = useBox3Format();
  const uid = useId();
  const years = useTaxYears();
  // The chosen percentages hold for the year they were chosen in; another year starts over.
  const [choice, setChoice] = useState<{ year: number; basis: Box3Basis } | null>(null);
  const basis = choice?.year === year ? choice.basis : undefined;
  // A year without parameters is not asked for: the card says which years it can estimate.
  const box3 = useBox3(year, memberId, basis, years.data?.box3Years.includes(year) ?? false);

  // While the other percentages load, the answer shown stays (same year and scope).
  const key = `${year}:${memberId ?? ""}`;
  const [last, setLast] = useState<{ key: string; data: Box3EstimateAnswer } | null>(null);
  if (box3.data && last?.data !== box3.data) setLast({ key, data: box3.data });
  const data: Box3EstimateAnswer | undefined =
    box3.data ?? (last?.key === key && box3.isPending ? last.data : undefined);
  const switching = box3.isPending && data !== undefined;

  const { nameOf: memberName } = usePeople(account);
  const nameOf: Box3NameOf = (id) =>
    data?.people.find((person) => person.memberId === id)?.name ?? memberName(id);

  const box3Years = years.data?.box3Years;
  const refusedYear =
    box3.error instanceof ApiError && box3.error.status === 400 && box3.error.fields?.year;
  const unknownYear = (box3Years !== undefined && !box3Years.includes(year)) || refusedYear;

  let body;
  if (unknownYear) {
    body = (
      <p
        className="rounded-lg border border-dashed bg-muted/40 px-4 py-6 text-center text-sm text-muted-foreground text-pretty"
        data-testid="box3-unknown-year"
      >
        {box3Years && box3Years.length > 0
          ? t("unknownYear", { year, years: format.list(box3Years.map(String)) })
          : box3.error
            ? errorText(t, box3.error)
            : t("unknownYearNone", { year })}
      </p>
    );
  } else if (data) {
    body = (
      <Box3Body
        account={account}
        data={data}
        nameOf={nameOf}
        busy={switching}
        basisSwitch={
          data.bases.length > 1 ? (
            <Segmented
              name={`${uid}-basis`}
              legend={t("basis.legend")}
              value={basis ?? data.basis}
              options={data.bases.map((value) => ({ value, label: t(`basis.${value}`) }))}
              onChange={(value) => setChoice({ year, basis: value })}
              className="w-full sm:w-72"
            />
          ) : null
        }
      />
    );
  } else if (box3.isError) {
    body = (
      <p className="text-sm text-destructive" role="alert">
        {t("loadFailed")} {errorText(t, box3.error)}
      </p>
    );
  } else {
    body = (
      <div className="grid gap-4" aria-busy="true" data-testid="box3-loading">
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-32" />
        <Skeleton className="h-48" />
      </div>
    );
  }

  return (
    <Card className="gap-4" data-testid="box3-card">
      <CardHeader className="max-sm:px-4">
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <CalculatorIcon className="size-4 text-primary" aria-hidden="true" />
          {t("title")}
          <Badge variant="muted">{t("estimate")}</Badge>
        </CardTitle>
        <CardDescription>{t("description", { year })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 max-sm:px-4">{body}</CardContent>
    </Card>
  );
}

/** The estimate itself, once it is there. */
function Box3Body({
  account,
  data,
  nameOf,
  busy,
  basisSwitch,
}: {
  account: Account;
  data: Box3EstimateAnswer;
  nameOf: Box3NameOf;
  busy: boolean;
  basisSwitch: ReactNode;
}) {
  const { t } = useTranslation("box3");
  const format = useBox3Format();
  const published = data.parameters.definitive?.published;
  const basisLine =
    data.basis === "definitive" && published
      ? t("basis.usedDefinitive", { date: format.longDay(published) })
      : published
        ? t("basis.usedProvisional", { date: format.longDay(published) })
        : t("basis.usedProvisionalOnly", { year: data.year });
  const scopeLine = data.memberId
    ? t("summary.memberScope", { name: nameOf(data.memberId) })
    : data.people.length > 1
      ? t("summary.householdScope")
      : null;

  return (
    <div
      className={cn("grid gap-6 transition-opacity", busy && "opacity-60")}
      aria-busy={busy || undefined}
    >
      <section aria-label={t("summary.label")} className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <dl className="flex flex-wrap gap-x-10 gap-y-3">
            <div className="grid gap-1">
              <dt className="text-sm text-muted-foreground">{t("summary.tax")}</dt>
              <dd
                className="text-3xl font-semibold tracking-tight tabular-nums"
                data-testid="box3-tax"
              >
                {format.euros(data.scope.taxEuros)}
              </dd>
              {scopeLine ? <dd className="text-xs text-muted-foreground">{scopeLine}</dd> : null}
            </div>
            <div className="grid gap-1">
              <dt className="text-sm text-muted-foreground">{t("summary.benefit")}</dt>
              <dd
                className="text-3xl font-semibold tracking-tight text-muted-foreground tabular-nums"
                data-testid="box3-benefit"
              >
                {format.euros(data.scope.benefitEuros)}
              </dd>
              <dd className="text-xs text-muted-foreground">{t("summary.benefitHint")}</dd>
            </div>
          </dl>
          {basisSwitch}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant={data.basis === "definitive" ? "secondary" : "outline"}>
            {t(`basis.badge.${data.basis}`)}
          </Badge>
          <p className="min-w-0 flex-1 basis-64 text-muted-foreground text-pretty">{basisLine}</p>
        </div>
        {data.wealthIsForecast ? (
          <p
            className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 text-pretty dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-50"
            data-testid="box3-forecast"
          >
            {t("forecast", { date: format.longDay(data.wealthOn) })}
          </p>
        ) : null}
        {wealthIsEmpty(data) ? (
          <p
            className="rounded-lg border border-dashed bg-muted/40 px-4 py-3 text-sm text-muted-foreground text-pretty"
            data-testid="box3-empty"
          >
            {t("empty.body", { date: format.longDay(data.wealthOn) })}{" "}
            <Link to="/dashboard/saving" className={linkClass}>
              {t("empty.savings")}
            </Link>
            {" · "}
            <Link to="/dashboard/investments" className={linkClass}>
              {t("empty.investments")}
            </Link>
          </p>
        ) : null}
        <div className="flex items-start gap-3 rounded-lg bg-muted/50 px-4 py-3 text-xs text-muted-foreground">
          <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p className="text-pretty" data-testid="box3-notice">
            {data.notice}
          </p>
        </div>
      </section>

      <Box3Wealth data={data} nameOf={nameOf} />
      <Box3Partners account={account} data={data} nameOf={nameOf} />
      <Box3Returns data={data} nameOf={nameOf} />
      <Box3Comparison data={data} />
      <Box3Parameters data={data} />
    </div>
  );
}
