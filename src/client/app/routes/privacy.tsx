import { LegalPage } from "#client/features/site/legal-page.tsx";

/** `/privacy`: the privacy statement. */
export function Component() {
  return <LegalPage document="privacy" />;
}
