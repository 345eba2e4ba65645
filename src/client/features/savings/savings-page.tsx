import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DashboardPage, PageHeader } from "#client/components/layout/dashboard-page.tsx";
import { pageIcons } from "#client/components/layout/nav-items.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { ScopeLine, useScope } from "#client/features/households/scope-picker.tsx";
import { ApiError } from "#client/lib/api.ts";
import { CurrentTab } from "./current-tab.tsx";
import { FutureTab } from "./future-tab.tsx";
import { SavingsLockedPage } from "./savings-locked.tsx";
import { useSavingsAccounts } from "./savings.queries.ts";

const tabs = ["current", "future"] as const;
type Tab = (typeof tabs)[number];

function isTab(value: string | null): value is Tab {
  return (tabs as readonly (string | null)[]).includes(value);
}

/**
 * Savings (Premium): the tabs Current (accounts, totals, history) and Future (goals), kept in
 * the URL (?tab=future), for the household or the member chosen in the scope picker.
 */
export function SavingsPage({ account }: { account: Account }) {
  const { t } = useTranslation("savings");
  const { t: tDashboard } = useTranslation("dashboard");
  const [params, setParams] = useSearchParams();
  const { member } = useScope(account);
  const memberId = member?.id ?? null;
  const tab: Tab = isTab(params.get("tab")) ? (params.get("tab") as Tab) : "current";
  // The server decides: a plan the client took for Premium may still be refused.
  const accounts = useSavingsAccounts(memberId);
  if (accounts.error instanceof ApiError && accounts.error.code === "PLAN_REQUIRED") {
    return <SavingsLockedPage plan="free" owner={account.member.role === "owner"} />;
  }

  return (
    <DashboardPage>
      <PageHeader
        icon={pageIcons.saving}
        title={tDashboard("areas.saving.title")}
        description={tDashboard("areas.saving.description")}
      />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              if (value === "current") next.delete("tab");
              else next.set("tab", value);
              return next;
            },
            { replace: true },
          )
        }
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label={t("tabs.label")}>
            <TabsTrigger value="current">{t("tabs.current")}</TabsTrigger>
            <TabsTrigger value="future">{t("tabs.future")}</TabsTrigger>
          </TabsList>
          <ScopeLine account={account} />
        </div>
        <TabsContent value="current" className="min-w-0">
          <CurrentTab account={account} memberId={memberId} />
        </TabsContent>
        <TabsContent value="future" className="min-w-0">
          <FutureTab account={account} memberId={memberId} />
        </TabsContent>
      </Tabs>
    </DashboardPage>
  );
}
