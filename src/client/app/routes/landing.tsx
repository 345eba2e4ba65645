import { LandingPage } from "#client/features/site/landing-page.tsx";

/** `/`: the landing page. */
export function Component() {
  return <LandingPage />;
}
