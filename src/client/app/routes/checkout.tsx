import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { CheckoutPage } from "#client/features/billing/checkout-page.tsx";
import { SiteLayout } from "#client/features/site/site-layout.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** `/checkout/:checkoutId`: the test-mode checkout inside Hearth. */
export function Component() {
  const { t } = useTranslation("billing");
  const { checkoutId = "" } = useParams();
  useDocumentTitle(t("checkout.documentTitle"));
  return (
    <SiteLayout className="px-4 py-12 sm:py-16">
      <CheckoutPage checkoutId={checkoutId} />
    </SiteLayout>
  );
}
