import { expect, type Page } from "@playwright/test";
import type { Person } from "../fixtures.ts";
import { LanguageMenu, ThemeMenu } from "./site-menus.ts";

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Below this width the sidebar is a sheet (PRODUCT.md section 2: mobile below 768 px). */
const mobileBelow = 768;

/**
 * The dashboard shell around every signed-in page: the sidebar (navigation, household, theme,
 * language, the person's menu), the top bar with the sidebar trigger, and the page's <main>.
 */
export class DashboardShell {
  readonly language: LanguageMenu;
  readonly theme: ThemeMenu;

  constructor(private readonly page: Page) {
    this.language = new LanguageMenu(page);
    this.theme = new ThemeMenu(page);
  }

  get isMobile(): boolean {
    return (this.page.viewportSize()?.width ?? 1280) < mobileBelow;
  }

  /** The sidebar's navigation (inside the sheet on a narrow screen). */
  get nav() {
    return this.page.getByRole("navigation", { name: /^(Main|Hoofdmenu)$/ });
  }

  /** The navigation link of the page being shown. */
  get currentNavLink() {
    return this.nav.locator('a[aria-current="page"]');
  }

  /** The sidebar trigger in the top bar (the rail on the sidebar's edge has the same name). */
  get trigger() {
    return this.page
      .getByRole("banner")
      .getByRole("button", { name: /^(Toggle sidebar|Zijbalk tonen of verbergen)$/ });
  }

  /** The sheet that holds the sidebar on a narrow screen. */
  get sheet() {
    return this.page.getByRole("dialog", { name: "Menu" });
  }

  get main() {
    return this.page.getByRole("main");
  }

  /** The page's title: its only level-1 heading. */
  get mainHeading() {
    return this.main.getByRole("heading", { level: 1 });
  }

  /** The button at the foot of the sidebar with the person's name and address. */
  userMenuButton(person: Person) {
    return this.page.getByRole("button", { name: new RegExp(escapeRegExp(person.email)) });
  }

  async openSheet() {
    await this.trigger.click();
    await expect(this.sheet).toBeVisible();
  }

  async expectSignedIn(person: Person) {
    await expect(this.page).toHaveURL(/\/dashboard(\/|$)/);
    await expect(this.mainHeading).toBeVisible();
    await expect(this.trigger).toBeVisible();
    if (!this.isMobile) {
      await expect(this.nav).toBeVisible();
      await expect(this.userMenuButton(person)).toBeVisible();
    }
  }

  async signOut(person: Person) {
    if (this.isMobile && !(await this.sheet.isVisible())) await this.openSheet();
    await this.userMenuButton(person).click();
    await this.page.getByRole("menuitem", { name: /^(Sign Out|Uitloggen)$/ }).click();
  }

  /** The width the sidebar takes on a wide screen: about 256 px open, 48 px in icon mode. */
  async sidebarWidth(): Promise<number> {
    const box = await this.nav.boundingBox();
    if (!box) throw new Error("The sidebar's navigation is not on screen.");
    return box.width;
  }
}
