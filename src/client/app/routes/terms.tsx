import { LegalPage } from "#client/features/site/legal-page.tsx";

/** `/terms`: the terms of use. */
export function Component() {
  return <LegalPage document="terms" />;
}
