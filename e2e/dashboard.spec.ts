import { expect, test } from "./fixtures.ts";
import { DashboardShell } from "./page-models/dashboard-shell.ts";
import { LandingPage } from "./page-models/landing-page.ts";
import { NotFoundPage } from "./page-models/not-found-page.ts";

test("the dashboard greets the person and its navigation reaches every area", async ({
  page,
  person,
  signUpAndVerify,
}) => {
  await signUpAndVerify(page, person);
  const shell = new DashboardShell(page);
  await page.goto("/dashboard");
  await shell.expectSignedIn(person);
  await expect(shell.mainHeading).toHaveText(/^Good (morning|afternoon|evening), Robin$/);
  await expect(shell.currentNavLink).toHaveAccessibleName(/^Dashboard/);

  await shell.nav.getByRole("link", { name: /^Income & spending/ }).click();
  await expect(page).toHaveURL("/dashboard/income-spending");
  await expect(shell.mainHeading).toHaveText("Income & spending");
  await expect(shell.currentNavLink).toHaveAccessibleName(/^Income & spending/);
});

test("Ctrl+B collapses the sidebar and the choice survives a reload", async ({
  page,
  person,
  signUpAndVerify,
}) => {
  await signUpAndVerify(page, person);
  const shell = new DashboardShell(page);
  await page.goto("/dashboard");
  await shell.expectSignedIn(person);
  await expect(shell.trigger).toHaveAttribute("aria-expanded", "true");
  await expect.poll(() => shell.sidebarWidth()).toBeGreaterThan(200);

  await page.keyboard.press("Control+b");
  await expect(shell.trigger).toHaveAttribute("aria-expanded", "false");
  await expect.poll(() => shell.sidebarWidth()).toBeLessThanOrEqual(48);
  const cookie = (await page.context().cookies()).find((c) => c.name === "sidebar_state");
  expect(cookie?.value).toBe("false");
  // Kept for 7 days.
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);

  await page.reload();
  await expect(shell.mainHeading).toBeVisible();
  await expect(shell.trigger).toHaveAttribute("aria-expanded", "false");
  await expect.poll(() => shell.sidebarWidth()).toBeLessThanOrEqual(48);

  await page.keyboard.press("Control+b");
  await expect(shell.trigger).toHaveAttribute("aria-expanded", "true");
  await expect.poll(() => shell.sidebarWidth()).toBeGreaterThan(200);
  await page.reload();
  await expect(shell.trigger).toHaveAttribute("aria-expanded", "true");
  await expect.poll(() => shell.sidebarWidth()).toBeGreaterThan(200);
});

test("an unknown address under /dashboard shows the not-found page inside the shell", async ({
  page,
  person,
  signUpAndVerify,
}) => {
  await signUpAndVerify(page, person);
  const shell = new DashboardShell(page);
  const notFound = new NotFoundPage(page);
  await page.goto("/dashboard/no-such-area");
  await expect(notFound.heading).toBeVisible();
  await expect(shell.nav).toBeVisible();
  await notFound.backToDashboard.click();
  await expect(page).toHaveURL("/dashboard");
  await shell.expectSignedIn(person);
});

test.describe("on a 390 px wide phone", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });

  test("the sidebar is a sheet opened by the trigger, and the page fits the screen", async ({
    page,
    person,
    signUpAndVerify,
  }) => {
    await signUpAndVerify(page, person);
    const shell = new DashboardShell(page);
    await page.goto("/dashboard");
    await shell.expectSignedIn(person);
    await expect(shell.nav).toBeHidden();
    await expect(shell.trigger).toHaveAttribute("aria-expanded", "false");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await shell.openSheet();
    const sheetBox = await shell.sheet.boundingBox();
    expect(sheetBox?.width).toBeLessThanOrEqual(390);
    await expect(shell.sheet.getByRole("navigation")).toBeVisible();
    await expect(shell.userMenuButton(person)).toBeVisible();

    await shell.nav.getByRole("link", { name: /^Transactions/ }).click();
    await expect(shell.sheet).toBeHidden();
    await expect(page).toHaveURL("/dashboard/transactions");
    await expect(shell.mainHeading).toHaveText("Transactions");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // The sheet closes with its close button, and the person can sign out from it.
    await shell.openSheet();
    await shell.sheet.getByRole("button", { name: "Close menu" }).click();
    await expect(shell.sheet).toBeHidden();
    await shell.signOut(person);
    await expect(page).toHaveURL("/");
  });

  test("the public pages fit the screen", async ({ page }) => {
    const pages: [string, string][] = [
      ["/", LandingPage.title.en],
      ["/auth", "Welcome back"],
      ["/auth?mode=sign-up", "Create your account"],
      ["/no-such-page", "Page not found"],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is no wider than the screen`).toBeLessThanOrEqual(390);
    }
  });
});
