import { ChartNoAxesColumnIcon, HouseIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "#client/components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { firstName } from "#shared/names.ts";
import { effectivePlan } from "#shared/plans.ts";
import { NextSteps } from "./next-steps.tsx";
import { partOfDay } from "./part-of-day.ts";

/** The dashboard's first page: a greeting, what to do first, and where the overview will come. */
export function WelcomePanel({
  account,
  scope,
  memberCount = 1,
}: {
  account: Account;
  /** The line under the greeting that says whose figures are shown (the scope picker's choice). */
  scope?: ReactNode;
  /** How many people the household has. */
  memberCount?: number;
}) {
  const { t } = useTranslation("dashboard");
  const [moment] = useState(() => partOfDay(new Date().getHours()));
  const name = firstName(account.profile.fullName || account.user.name);
  const plan = effectivePlan(account.profile.planName);
  return (
    <>
      <div className="space-y-2">
        <h1
          className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl"
          data-testid="greeting"
        >
          {t(`home.greeting.${moment}`, { name })}
        </h1>
        {scope}
        <p className="max-w-2xl text-muted-foreground text-pretty">{t("home.intro")}</p>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <NextSteps canInvite={account.member.role === "owner"} />

        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-1">
          <Card className="gap-4">
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <HouseIcon className="size-4 text-primary" aria-hidden="true" />
                {t("home.household.title")}
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-3 text-sm">
              <p className="font-medium break-words">{account.household.name}</p>
              <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-muted-foreground">
                <dt>{t("home.household.plan")}</dt>
                <dd className="justify-self-end">
                  <Badge variant={plan === "free" ? "secondary" : plan}>{t(`plans.${plan}`)}</Badge>
                </dd>
                <dt className="sr-only">{t("household.members")}</dt>
                <dd className="col-span-2">
                  {t("home.household.members", { count: memberCount })}
                </dd>
              </dl>
            </CardContent>
          </Card>

          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-muted/40 px-6 py-8 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-background text-muted-foreground shadow-xs">
              <ChartNoAxesColumnIcon className="size-6" aria-hidden="true" />
            </span>
            <h2 className="font-medium">{t("home.overview.title")}</h2>
            <p className="text-sm text-muted-foreground text-pretty">{t("home.overview.body")}</p>
          </div>
        </div>
      </div>
    </>
  );
}
