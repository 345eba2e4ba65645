import { ShieldUserIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DashboardPage, PageHeader } from "#client/components/layout/dashboard-page.tsx";
import { useAccount } from "#client/features/account/account.queries.ts";
import { AdminCoupons, AdminPlans } from "#client/features/admin/admin-panels.tsx";
import { Component as NotFound } from "./not-found.tsx";

/** /dashboard/admin: plans, their features and coupons. Everyone else gets the not-found page. */
export function Component() {
  const { t } = useTranslation("admin");
  const { data: account } = useAccount();
  if (!account?.isAdmin) return <NotFound />;
  return (
    <DashboardPage>
      <PageHeader icon={ShieldUserIcon} title={t("title")} description={t("description")} />
      <div className="grid gap-8">
        <section aria-labelledby="admin-plans" className="grid gap-4">
          <h2 id="admin-plans" className="text-lg font-semibold">
            {t("plans.title")}
          </h2>
          <AdminPlans />
        </section>
        <section aria-labelledby="admin-coupons" className="grid gap-4">
          <h2 id="admin-coupons" className="sr-only">
            {t("coupons.title")}
          </h2>
          <AdminCoupons />
        </section>
      </div>
    </DashboardPage>
  );
}
