import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { ClaimsSection } from "./claims-section.tsx";
import { ClosingSection } from "./closing-section.tsx";
import { FaqSection } from "./faq-section.tsx";
import { FeaturesSection } from "./features-section.tsx";
import { HeroSection } from "./hero-section.tsx";
import { PricingSection } from "./pricing-section.tsx";
import { SiteLayout } from "./site-layout.tsx";

/** `/`: what Hearth is, what it does for a family, what it costs, and questions answered. */
export function LandingPage() {
  const { t } = useTranslation("landing");
  useDocumentTitle(t("documentTitle"));
  return (
    <SiteLayout>
      <HeroSection />
      <ClaimsSection />
      <FeaturesSection />
      <PricingSection />
      <FaqSection />
      <ClosingSection />
    </SiteLayout>
  );
}
