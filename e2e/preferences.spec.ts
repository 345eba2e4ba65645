import { expect, test } from "./fixtures.ts";
import { AuthPage } from "./page-models/auth-page.ts";
import { DashboardShell } from "./page-models/dashboard-shell.ts";
import { LandingPage } from "./page-models/landing-page.ts";

test("switching to Dutch shows Dutch, also after a reload", async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.goto();
  await expect(landing.heading).toHaveText(LandingPage.title.en);
  await expect(landing.language.button).toHaveAccessibleName(/Language: English$/);

  await landing.language.choose("Nederlands");
  await expect(landing.heading).toHaveText(LandingPage.title.nl);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");

  await page.reload();
  await expect(landing.heading).toHaveText(LandingPage.title.nl);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(landing.language.button).toHaveAccessibleName(/Taal: Nederlands$/);

  // Other pages follow the choice.
  await landing.signInLink.click();
  await expect(page).toHaveURL("/auth");
  await expect(page.getByRole("heading", { level: 1, name: "Welkom terug" })).toBeVisible();
  await expect(page.getByRole("main").getByLabel("E-mailadres", { exact: true })).toBeVisible();
});

test("a Dutch browser gets the landing page in Dutch on its first visit", async ({
  browser,
  baseURL,
}) => {
  // Nothing chosen yet in this browser: its own language decides.
  const context = await browser.newContext({ baseURL, locale: "nl-NL" });
  const page = await context.newPage();
  const landing = new LandingPage(page);
  await landing.goto();
  await expect(landing.heading).toHaveText(LandingPage.title.nl);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(landing.language.button).toHaveAccessibleName(/Taal: Nederlands$/);
  await context.close();
});

test("a language chosen in the dashboard follows the person when they sign in elsewhere", async ({
  page,
  person,
  signUpAndVerify,
}) => {
  await signUpAndVerify(page, person);
  const shell = new DashboardShell(page);
  // The dashboard asks for the subscription a second after it opens: that answer is awaited
  // before the cookies go, or it would be asked without them (a 401 in the console).
  const subscriptionChecked = page.waitForResponse((response) =>
    response.url().endsWith("/api/check-subscription"),
  );
  await page.goto("/dashboard");
  await shell.expectSignedIn(person);
  await shell.language.choose("Nederlands");
  await expect(shell.mainHeading).toHaveText(/^(Goedemorgen|Goedemiddag|Goedenavond), Robin/);

  // Another browser: nothing in local storage, no session. Signing in applies the profile's language.
  await subscriptionChecked;
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await new AuthPage(page).goto();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  await new AuthPage(page).signIn(person.email, person.password);
  await expect(page).toHaveURL("/dashboard");
  await expect(shell.mainHeading).toHaveText(/^(Goedemorgen|Goedemiddag|Goedenavond), Robin/);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
});

type ThemeProbe = {
  /** When the parser inserted #root, before any of the app's script ran. */
  atRoot: { dark: boolean } | null;
  /** In the first animation frame, i.e. just before the first paint. */
  firstFrame: { dark: boolean; background: string | null } | null;
};

test("the dark theme is kept after a reload, with no flash of the light one", async ({ page }) => {
  const landing = new LandingPage(page);
  const html = page.locator("html");
  await landing.goto();
  await expect(landing.heading).toBeVisible();
  await expect(html).toHaveClass(/\blight\b/);
  const lightBackground = await page.evaluate(
    () => getComputedStyle(document.body).backgroundColor,
  );

  await landing.theme.choose("Dark");
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(darkBackground).not.toBe(lightBackground);

  // Watch the next page load from its very start: the class on <html> when the parser reaches
  // #root (the app's module script has not run then) and the colours of the first frame.
  await page.addInitScript(() => {
    const probe: ThemeProbe = { atRoot: null, firstFrame: null };
    Object.assign(window, { themeProbe: probe });
    const isDark = () => document.documentElement.classList.contains("dark");
    const observer = new MutationObserver(() => {
      const root = document.getElementById("root");
      if (!root) return;
      // The parser has just inserted #root: no module script (the page's own) has run yet.
      probe.atRoot = { dark: isDark() };
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
    requestAnimationFrame(() => {
      probe.firstFrame = {
        dark: isDark(),
        background: document.body ? getComputedStyle(document.body).backgroundColor : null,
      };
    });
  });
  await page.reload();
  await expect(landing.heading).toBeVisible();
  const probe = await page.evaluate(
    () => (window as unknown as { themeProbe: ThemeProbe }).themeProbe,
  );

  expect(probe.atRoot, "the probe saw #root being inserted").not.toBeNull();
  expect(probe.atRoot?.dark, "<html> is dark before the app's script runs").toBe(true);
  expect(probe.firstFrame?.dark, "<html> is dark in the first frame").toBe(true);
  expect(probe.firstFrame?.background, "the first frame has the dark background").toBe(
    darkBackground,
  );
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).not.toHaveClass(/\blight\b/);
  await landing.theme.open();
  await expect(page.getByRole("menuitemradio", { name: "Dark" })).toBeChecked();
  await page.keyboard.press("Escape");
});
