import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAccount } from "#client/features/account/account.queries.ts";
import { SelectPlanPage } from "#client/features/billing/select-plan-page.tsx";
import { SiteLayout } from "#client/features/site/site-layout.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** `/select-plan`: the plans, to choose one when signed in. */
export function Component() {
  const { t } = useTranslation("billing");
  const { data: account } = useAccount();
  const navigate = useNavigate();
  useDocumentTitle(t("select.documentTitle"));
  return (
    <SiteLayout className="px-4 py-12 sm:py-16">
      <SelectPlanPage account={account ?? null} onDone={() => void navigate("/dashboard")} />
    </SiteLayout>
  );
}
