import { expect, type Page } from "@playwright/test";
import type { Person } from "../fixtures.ts";

/** `/auth`: sign in (default), sign up (`?mode=sign-up`) and forgot password (`?mode=forgot`). */
export class AuthPage {
  constructor(private readonly page: Page) {}

  async goto(mode: "sign-in" | "sign-up" | "forgot" = "sign-in") {
    await this.page.goto(mode === "sign-in" ? "/auth" : `/auth?mode=${mode}`);
  }

  get main() {
    return this.page.getByRole("main");
  }

  get fullName() {
    return this.main.getByLabel("Full name", { exact: true });
  }

  get email() {
    return this.main.getByLabel("E-mail address", { exact: true });
  }

  get password() {
    return this.main.getByLabel("Password", { exact: true });
  }

  /** The form's alert: a server error such as a wrong password. */
  get alert() {
    return this.main.getByRole("alert");
  }

  async signIn(email: string, password: string) {
    await expect(this.main.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await this.email.fill(email);
    await this.password.fill(password);
    await this.main.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  async signUp(person: Person) {
    await expect(this.main.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await this.fullName.fill(person.name);
    await this.email.fill(person.email);
    await this.password.fill(person.password);
    await this.main.getByRole("button", { name: "Create account", exact: true }).click();
  }

  /** From the sign-in form, follows "Forgot password?" and asks for the link. */
  async forgotPassword(email: string) {
    await this.main.getByRole("link", { name: "Forgot password?" }).click();
    await expect(this.main.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await this.email.fill(email);
    await this.main.getByRole("button", { name: "Send the link" }).click();
  }
}

/** `/auth/verify-email?email=…`: "check your inbox", with a resend button. */
export class VerifyEmailPage {
  constructor(private readonly page: Page) {}

  get heading() {
    return this.page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" });
  }

  get resend() {
    return this.page.getByRole("button", { name: "Send the e-mail again" });
  }
}

/** `/auth/email-verified`: where the confirmation link lands. */
export class EmailVerifiedPage {
  constructor(private readonly page: Page) {}

  get heading() {
    return this.page.getByRole("heading", { level: 1, name: "Your e-mail address is confirmed" });
  }

  get toDashboard() {
    return this.page.getByRole("link", { name: "Go to the dashboard" });
  }
}

/** `/auth/password-reset-sent?email=…`. */
export class PasswordResetSentPage {
  constructor(private readonly page: Page) {}

  get heading() {
    return this.page.getByRole("heading", { level: 1, name: "Check your inbox" });
  }
}

/** `/reset-password?token=…`: choose a new password, or a used/expired link. */
export class ResetPasswordPage {
  constructor(private readonly page: Page) {}

  get heading() {
    return this.page.getByRole("heading", { level: 1, name: "Choose a new password" });
  }

  get invalidHeading() {
    return this.page.getByRole("heading", { level: 1, name: "This link can no longer be used" });
  }

  async choose(password: string) {
    await expect(this.heading).toBeVisible();
    const main = this.page.getByRole("main");
    await main.getByLabel("New password", { exact: true }).fill(password);
    await main.getByLabel("Repeat the new password", { exact: true }).fill(password);
    await main.getByRole("button", { name: "Save the new password" }).click();
  }
}
