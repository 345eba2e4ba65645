import type { Page } from "@playwright/test";

/** The not-found page, shown for any unknown path (public or under /dashboard). */
export class NotFoundPage {
  constructor(private readonly page: Page) {}

  get heading() {
    return this.page.getByRole("heading", { level: 1, name: "Page not found" });
  }

  get backHome() {
    return this.page.getByRole("link", { name: "Back to the home page" });
  }

  get backToDashboard() {
    return this.page.getByRole("link", { name: "Back to the dashboard" });
  }
}
