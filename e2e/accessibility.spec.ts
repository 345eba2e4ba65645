import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { DashboardShell } from "./page-models/dashboard-shell.ts";
import { LandingPage } from "./page-models/landing-page.ts";

// Axe is injected as a script tag, which the app's CSP refuses: this spec alone bypasses the CSP.
// Every other spec runs under the real CSP, where a violation is a console error that fails it.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test("the landing page has no serious accessibility violations", async ({ page }) => {
      const landing = new LandingPage(page);
      await landing.goto();
      await expect(landing.heading).toHaveText(LandingPage.title.en);
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
      await expectNoSeriousA11yViolations(page, `the landing page (${colorScheme})`);
    });

    test("the account pages have no serious accessibility violations", async ({ page, person }) => {
      const pages: [string, string][] = [
        ["/auth", "Welcome back"],
        ["/auth?mode=sign-up", "Create your account"],
        ["/auth?mode=forgot", "Forgot your password?"],
        [
          `/auth/verify-email?email=${encodeURIComponent(person.email)}`,
          "Confirm your e-mail address",
        ],
        [`/auth/password-reset-sent?email=${encodeURIComponent(person.email)}`, "Check your inbox"],
        ["/reset-password?token=not-a-real-token", "Choose a new password"],
        ["/reset-password?error=INVALID_TOKEN", "This link can no longer be used"],
      ];
      for (const [path, heading] of pages) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expectNoSeriousA11yViolations(page, `${path} (${colorScheme})`);
      }
    });

    test("the dashboard has no serious accessibility violations", async ({
      page,
      person,
      signUpAndVerify,
    }) => {
      await signUpAndVerify(page, person);
      await expect(
        page.getByRole("heading", { level: 1, name: "Your e-mail address is confirmed" }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/auth/email-verified (${colorScheme})`);

      const shell = new DashboardShell(page);
      for (const path of [
        "/dashboard",
        "/dashboard/saving",
        "/dashboard/income-spending",
        "/dashboard/nowhere",
        "/dashboard/profile",
        "/dashboard/profile?tab=household",
        "/dashboard/profile?tab=password",
        "/dashboard/profile?tab=subscription",
      ]) {
        await page.goto(path);
        await shell.expectSignedIn(person);
        await expectNoSeriousA11yViolations(page, `${path} (${colorScheme})`);
      }
      await page.keyboard.press("Control+b");
      await expect(shell.trigger).toHaveAttribute("aria-expanded", "false");
      await expectNoSeriousA11yViolations(
        page,
        `/dashboard/nowhere with the sidebar collapsed (${colorScheme})`,
      );
    });
  });
}
