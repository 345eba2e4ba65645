import type { Page } from "@playwright/test";
import { LanguageMenu, ThemeMenu } from "./site-menus.ts";

/** The public landing page at `/`. */
export class LandingPage {
  readonly language: LanguageMenu;
  readonly theme: ThemeMenu;

  constructor(private readonly page: Page) {
    this.language = new LanguageMenu(page);
    this.theme = new ThemeMenu(page);
  }

  async goto() {
    await this.page.goto("/");
  }

  /** The hero's title: the page's only level-1 heading. */
  get heading() {
    return this.page.getByRole("heading", { level: 1 });
  }

  static readonly title = {
    en: "Every euro of your household, in one calm place",
    nl: "Elke euro van je huishouden, op één rustige plek",
  } as const;

  get signInLink() {
    return this.page.getByRole("banner").getByRole("link", { name: /^(Sign in|Inloggen)$/ });
  }
}
