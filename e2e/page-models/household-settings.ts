import { expect, type Locator, type Page } from "@playwright/test";

/** The profile's Household tab: the name, the members with remove, the invitations. */
export class HouseholdSettingsPage {
  constructor(private readonly page: Page) {}

  get panel(): Locator {
    return this.page.getByTestId("household-settings");
  }

  get memberRows(): Locator {
    return this.panel.getByTestId("member-row");
  }

  /** Opens the profile and chooses the Household tab, as a person would. */
  async goto() {
    await this.page.goto("/dashboard/profile");
    await this.page.getByRole("tab", { name: /^(Household|Huishouden)$/ }).click();
    await expect(this.page).toHaveURL(/[?&]tab=household/);
    await expect(this.panel).toBeVisible();
  }

  async removeMember(name: string) {
    await this.panel.getByRole("button", { name: `Remove ${name} from the household` }).click();
    const confirm = this.page.getByRole("alertdialog");
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  }
}
