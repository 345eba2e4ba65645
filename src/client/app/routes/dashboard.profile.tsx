import { CreditCardIcon, HomeIcon, KeyRoundIcon, UserRoundIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DashboardPage, PageHeader } from "#client/components/layout/dashboard-page.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { useAccount } from "#client/features/account/account.queries.ts";
import { SubscriptionPanel } from "#client/features/billing/subscription-panel.tsx";
import { activePeople, useMembers } from "#client/features/households/households.queries.ts";
import { HouseholdSettings } from "#client/features/households/household-settings.tsx";
import { ExportData } from "#client/features/profile/export-data.tsx";
import { DeleteAccount } from "#client/features/profile/delete-account.tsx";
import { GeneralPanel } from "#client/features/profile/general-panel.tsx";
import { PasswordForm } from "#client/features/profile/password-form.tsx";

const tabs = [
  { value: "general", icon: UserRoundIcon },
  { value: "household", icon: HomeIcon },
  { value: "password", icon: KeyRoundIcon },
  { value: "subscription", icon: CreditCardIcon },
] as const;
type Tab = (typeof tabs)[number]["value"];

function isTab(value: string | null): value is Tab {
  return tabs.some((tab) => tab.value === value);
}

/** /dashboard/profile: General, Household, Password and Subscription; the tab is in `?tab=`. */
export function Component() {
  const { t } = useTranslation("profile");
  const { data: account } = useAccount();
  const members = useMembers(account);
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = isTab(requested) ? requested : "general";

  const select = (value: string) => {
    if (!isTab(value)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "general") next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true },
    );
  };

  const colorIndex = Math.max(
    0,
    activePeople(members.data ?? []).findIndex((member) => member.isSelf),
  );

  return (
    <DashboardPage>
      <PageHeader icon={UserRoundIcon} title={t("title")} description={t("description")} />
      <Tabs value={tab} onValueChange={select}>
        {/* Two by two on a phone, one row from the small breakpoint on. */}
        <TabsList
          aria-label={t("tabs.label")}
          className="grid h-auto grid-cols-2 sm:inline-flex sm:h-10"
        >
          {tabs.map(({ value, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="h-9 sm:h-full">
              <Icon aria-hidden="true" className="hidden sm:block" />
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="general">
          <Card>
            <CardHeader>
              <CardTitle>{t("general.title")}</CardTitle>
              <CardDescription>{t("general.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              <GeneralPanel colorIndex={colorIndex} />
            </CardContent>
          </Card>
          <div className="mt-6">
            <ExportData />
          </div>
          <div className="mt-6">
            <DeleteAccount />
          </div>
        </TabsContent>

        <TabsContent value="household">
          <HouseholdSettings />
        </TabsContent>

        <TabsContent value="password">
          <Card>
            <CardHeader>
              <CardTitle>{t("password.title")}</CardTitle>
              <CardDescription>{t("password.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              {account ? (
                <PasswordForm email={account.user.email} name={account.profile.fullName} />
              ) : (
                <Skeleton className="h-64 w-full max-w-md" />
              )}
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="subscription">
          <Card>
            <CardHeader>
              <CardTitle>{t("subscription.title")}</CardTitle>
            </CardHeader>
            <CardContent>
              <SubscriptionPanel />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </DashboardPage>
  );
}
