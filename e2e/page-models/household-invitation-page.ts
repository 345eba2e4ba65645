import type { Locator, Page } from "@playwright/test";

/** `/invitation?token=…`: the page an invitation mail links to. */
export class InvitationPage {
  constructor(private readonly page: Page) {}

  get panel(): Locator {
    return this.page.getByTestId("invitation-panel");
  }

  get heading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  get signIn(): Locator {
    return this.panel.getByRole("link", { name: "Sign in" });
  }

  get signUp(): Locator {
    return this.panel.getByRole("link", { name: "Create an account" });
  }

  get accept(): Locator {
    return this.panel.getByRole("button", { name: "Accept invitation" });
  }

  get decline(): Locator {
    return this.panel.getByRole("button", { name: "Decline" });
  }

  get switchAccount(): Locator {
    return this.panel.getByRole("button", { name: "Sign out and switch account" });
  }
}
