import { expect, type Locator, type Page } from "@playwright/test";

/** Two valid 8×8 PNGs (orange and teal), made for the tests: no fixture files. */
export const orangePng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGN4VqeEFTEMLQkASgJhgTHXKdIAAAAASUVORK5CYII=",
  "base64",
);
export const tealPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGMQW9CKFTEMLQkAqcpOwfRtyx0AAAAASUVORK5CYII=",
  "base64",
);

/** /dashboard/profile: the tabs, the General form with the avatar, and the Password form. */
export class ProfilePage {
  constructor(private readonly page: Page) {}

  async goto(tab?: "general" | "household" | "password" | "subscription") {
    await this.page.goto(tab ? `/dashboard/profile?tab=${tab}` : "/dashboard/profile");
    await expect(this.heading).toBeVisible();
  }

  get main() {
    return this.page.getByRole("main");
  }

  get heading() {
    return this.main.getByRole("heading", { level: 1, name: /^(Profile|Profiel)$/ });
  }

  tab(name: RegExp | string): Locator {
    return this.main.getByRole("tab", { name });
  }

  // General
  get fullName() {
    return this.main.getByLabel(/^(Full name|Volledige naam)$/);
  }

  get phone() {
    return this.main.getByLabel(/^(Phone number|Telefoonnummer)/);
  }

  get dateOfBirth() {
    return this.main.getByLabel(/^(Date of birth|Geboortedatum)/);
  }

  get city() {
    return this.main.getByLabel(/^(City|Plaats)/);
  }

  get save() {
    return this.main.getByRole("button", { name: /^(Save changes|Wijzigingen opslaan)$/ });
  }

  /** The avatar's <img>, once there is a picture. */
  get avatarImage() {
    return this.main.getByTestId("profile-avatar").locator("img");
  }

  get avatarFile() {
    return this.main.getByTestId("avatar-file");
  }

  async uploadAvatar(name: string, mimeType: string, buffer: Buffer) {
    await this.avatarFile.setInputFiles({ name, mimeType, buffer });
  }

  // Password
  get currentPassword() {
    return this.main.getByLabel(/^(Current password|Huidig wachtwoord)$/);
  }

  get newPassword() {
    return this.main.getByLabel(/^(New password|Nieuw wachtwoord)$/);
  }

  get confirmPassword() {
    return this.main.getByLabel(/^(Confirm new password|Nieuw wachtwoord bevestigen)$/);
  }

  get changePassword() {
    return this.main.getByRole("button", { name: /^(Change password|Wachtwoord wijzigen)$/ });
  }

  async choosePassword(current: string, next: string) {
    await this.currentPassword.fill(current);
    await this.newPassword.fill(next);
    await this.confirmPassword.fill(next);
    await this.changePassword.click();
  }
}

export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}
