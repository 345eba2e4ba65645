import type { Page } from "@playwright/test";

/** The language picker (public header and dashboard shell): a button "Language: English". */
export class LanguageMenu {
  constructor(private readonly page: Page) {}

  /**
   * The picker's button, in either language: "Language: English" (icon only) or, with the
   * visible code first, "EN — Language: English"; "Taal: Nederlands" in Dutch.
   */
  get button() {
    return this.page.getByRole("button", { name: /(Language|Taal): (English|Nederlands)$/ });
  }

  async choose(language: "English" | "Nederlands") {
    await this.button.first().click();
    await this.page.getByRole("menuitemradio", { name: language }).click();
  }
}

/** The theme switch (public header and dashboard shell): light, dark or system. */
export class ThemeMenu {
  constructor(private readonly page: Page) {}

  get button() {
    return this.page.getByRole("button", { name: /^(Theme|Thema)$/ });
  }

  async open() {
    await this.button.first().click();
    return this.page.getByRole("menu");
  }

  async choose(theme: "Light" | "Dark" | "System") {
    await this.open();
    await this.page.getByRole("menuitemradio", { name: theme }).click();
  }
}
