import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The household in the dashboard's sidebar: its members (avatars in member order), and for
 * the owner the pending invitations and the invite button, with the invite dialog.
 */
export class HouseholdSidebar {
  constructor(private readonly page: Page) {}

  get sidebar(): Locator {
    return this.page.locator("[data-sidebar=sidebar]").first();
  }

  /** The people listed (not the aggregate "Household" row). */
  get members(): Locator {
    return this.page.getByTestId("household-member");
  }

  /** The avatar (initials on a colour) of each member, in order. */
  get memberAvatars(): Locator {
    return this.members.locator("[data-slot=avatar-fallback]");
  }

  get invitations(): Locator {
    return this.page.getByTestId("pending-invitation");
  }

  get inviteButton(): Locator {
    return this.page.getByRole("button", { name: /^(Invite|Uitnodigen)$/ });
  }

  get inviteDialog(): Locator {
    return this.page.getByRole("dialog", { name: /Invite someone|Iemand uitnodigen/ });
  }

  member(name: string): Locator {
    return this.members.filter({ hasText: name });
  }

  async invite(email: string) {
    await this.inviteButton.click();
    await expect(this.inviteDialog).toBeVisible();
    await this.inviteDialog.getByLabel(/^(E-mail address|E-mailadres)$/).fill(email);
    await this.inviteDialog
      .getByRole("button", { name: /^(Send invitation|Uitnodiging versturen)$/ })
      .click();
  }

  async cancelInvitation(email: string) {
    await this.page.getByRole("button", { name: `Cancel invitation to ${email}` }).click();
    const confirm = this.page.getByRole("alertdialog");
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel invitation" }).click();
  }
}

/** A toast with this text (sonner's list items). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}
