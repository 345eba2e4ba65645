import { useTranslation } from "react-i18next";
import { SuccessPanel } from "#client/features/billing/success-panel.tsx";
import { SiteLayout } from "#client/features/site/site-layout.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** `/subscription-success`: after a checkout, confirms the plan once the server has it. */
export function Component() {
  const { t } = useTranslation("billing");
  useDocumentTitle(t("success.documentTitle"));
  return (
    <SiteLayout className="grid place-items-center px-4 py-16 sm:py-24">
      <SuccessPanel />
    </SiteLayout>
  );
}
