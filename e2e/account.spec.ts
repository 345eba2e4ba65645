import { expect, mailLinks, otherStrongPassword, test } from "./fixtures.ts";
import {
  AuthPage,
  EmailVerifiedPage,
  PasswordResetSentPage,
  ResetPasswordPage,
  VerifyEmailPage,
} from "./page-models/auth-page.ts";
import { PlanDialog } from "./page-models/billing-plan-dialog.ts";
import { DashboardShell } from "./page-models/dashboard-shell.ts";
import { LandingPage } from "./page-models/landing-page.ts";

test("sign up, confirm the e-mail, sign in, reach the dashboard and sign out", async ({
  page,
  person,
  mailbox,
}) => {
  const auth = new AuthPage(page);
  const shell = new DashboardShell(page);

  await page.goto("/");
  await page.getByRole("link", { name: "Create an account" }).first().click();
  await expect(page).toHaveURL(/\/auth\?mode=sign-up$/);
  await auth.signUp(person);

  await expect(page).toHaveURL(`/auth/verify-email?email=${encodeURIComponent(person.email)}`);
  const verify = new VerifyEmailPage(page);
  await expect(verify.heading).toBeVisible();
  await expect(page.getByRole("main")).toContainText(person.email);
  await expect(verify.resend).toBeVisible();

  const mail = await mailbox.waitFor(person.email, { containing: mailLinks.verify });
  expect(mail.subject).toBe("Confirm your e-mail address for Hearth");
  await page.goto(mailbox.linkIn(mail));
  const verified = new EmailVerifiedPage(page);
  await expect(page).toHaveURL(/\/auth\/email-verified$/);
  await expect(verified.heading).toBeVisible();

  // The link signed them in: the dashboard opens, and signing out ends the session.
  await verified.toDashboard.click();
  await expect(page).toHaveURL("/dashboard");
  // A new person chooses a plan first: the dialog asks, and Free is one click.
  const plans = new PlanDialog(page);
  await expect(plans.root).toBeVisible();
  await plans.card("free").click();
  await plans.choose.click();
  await expect(page.getByText("Free plan activated!")).toBeVisible();
  await expect(plans.root).toBeHidden();
  await shell.expectSignedIn(person);
  await shell.signOut(person);
  await expect(page).toHaveURL("/");
  await expect(new LandingPage(page).heading).toHaveText(LandingPage.title.en);

  // Signing in with the password they chose.
  await auth.goto();
  await auth.signIn(person.email, person.password);
  await expect(page).toHaveURL("/dashboard");
  await shell.expectSignedIn(person);

  await shell.signOut(person);
  await expect(page).toHaveURL("/");
  // The session is gone on the server too: the dashboard sends them to sign in.
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/auth?redirect=%2Fdashboard");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
});

test("forgot password: the mail's link sets a new password that signs in, once", async ({
  page,
  person,
  mailbox,
  signUpAndVerify,
}) => {
  await signUpAndVerify(page, person);
  await page.context().clearCookies();

  const auth = new AuthPage(page);
  await auth.goto();
  await auth.forgotPassword(person.email);
  await expect(page).toHaveURL(
    `/auth/password-reset-sent?email=${encodeURIComponent(person.email)}`,
  );
  await expect(new PasswordResetSentPage(page).heading).toBeVisible();
  await expect(page.getByRole("main")).toContainText(person.email);

  const mail = await mailbox.waitFor(person.email, { containing: mailLinks.reset });
  expect(mail.subject).toBe("Reset your Hearth password");
  const link = mailbox.linkIn(mail);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const reset = new ResetPasswordPage(page);
  await reset.choose(otherStrongPassword);

  // Back at sign in (or signed in straight away): either way the new password must work.
  await expect(page).toHaveURL(/\/(auth|dashboard)(\?|$)/);
  if (new URL(page.url()).pathname === "/auth") {
    await expect(
      auth.main.getByText("Your password was changed. Sign in with your new password."),
    ).toBeVisible();
    await auth.signIn(person.email, otherStrongPassword);
  }
  await expect(page).toHaveURL("/dashboard");
  await new DashboardShell(page).expectSignedIn(person);

  // The link works once.
  await page.goto(link);
  await expect(reset.invalidHeading).toBeVisible();
});

test("a signed-out visit to /dashboard/saving comes back there after signing in", async ({
  page,
  person,
  signUpAndVerify,
}) => {
  await signUpAndVerify(page, person);
  await page.context().clearCookies();

  await page.goto("/dashboard/saving");
  await expect(page).toHaveURL("/auth?redirect=%2Fdashboard%2Fsaving");
  await new AuthPage(page).signIn(person.email, person.password);

  await expect(page).toHaveURL("/dashboard/saving");
  const shell = new DashboardShell(page);
  await shell.expectSignedIn(person);
  await expect(shell.mainHeading).toHaveText("Savings");
  await expect(shell.currentNavLink).toHaveAccessibleName(/^Savings/);
});
