import { demo } from "./demo.ts";
import { expect, test } from "./fixtures.ts";
import { LandingPage } from "./page-models/landing-page.ts";
import { signIn } from "./page-weight.ts";

// `/` is rendered by the server (decision 040): complete HTML in the visitor's language, with one
// small script for the menus and the pricing switch. These tests hold it to the app's own page.

test("the landing page arrives as complete HTML in the browser's language, without the app", async ({
  page,
  baseURL,
}) => {
  const english = await page.request.get(`${baseURL}/`, {
    headers: { "accept-language": "en-GB,en;q=0.9" },
  });
  const englishHtml = await english.text();
  expect(englishHtml).toContain('<html lang="en">');
  expect(englishHtml).toContain(`>${LandingPage.title.en}</h1>`);
  expect(english.headers()["cache-control"]).toBe("private, no-cache");

  const dutch = await page.request.get(`${baseURL}/`, {
    headers: { "accept-language": "nl-BE,nl;q=0.9,en;q=0.5" },
  });
  const dutchHtml = await dutch.text();
  expect(dutchHtml).toContain('<html lang="nl">');
  expect(dutchHtml).toContain(`>${LandingPage.title.nl}</h1>`);
  // The app's entry is not on the page: only the landing page's own script.
  expect(dutchHtml).not.toMatch(/src="\/assets\/index-[^"]+\.js"/);

  // A language chosen in this browser (the cookie the app writes) wins over the browser's.
  const chosen = await page.request.get(`${baseURL}/`, {
    headers: { "accept-language": "nl-NL", cookie: "hearth-language=en" },
  });
  expect(await chosen.text()).toContain(`>${LandingPage.title.en}</h1>`);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the page, its prices and its links are all there", async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await expect(landing.heading).toHaveText(LandingPage.title.en);
    const pricing = page.locator("#pricing");
    await expect(pricing.getByRole("heading", { level: 3 })).toHaveText(["Free", "Premium", "Pro"]);
    await expect(pricing.getByRole("article").nth(1)).toContainText(/€\d/);
    await expect(landing.signInLink).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("link", { name: "Create an account" }).first()).toHaveAttribute(
      "href",
      "/auth?mode=sign-up",
    );
  });
});

test("the server's page says what the app's page says", async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.goto();
  await expect(landing.heading).toHaveText(LandingPage.title.en);
  const rendered = await page.getByRole("main").innerText();

  // The same page drawn by the app: open /auth, then the logo (a navigation inside the app).
  await landing.signInLink.click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole("banner").getByRole("link", { name: "Hearth" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("#pricing ul[aria-busy='false']")).toBeVisible();
  expect(await page.getByRole("main").innerText()).toBe(rendered);
});

test("the menus work from the keyboard and the pricing switch shows the annual prices", async ({
  page,
}) => {
  const landing = new LandingPage(page);
  await landing.goto();

  const theme = landing.theme.button;
  await theme.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(theme).toHaveAttribute("aria-expanded", "true");
  // The current choice (System) has the focus; Up moves to Dark.
  await expect(page.getByRole("menuitemradio", { name: "System" })).toBeFocused();
  await expect(page.getByRole("menuitemradio", { name: "System" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("menuitemradio", { name: "Dark" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(theme).toBeFocused();
  await expect(theme).toHaveAttribute("aria-expanded", "false");

  await landing.theme.choose("Dark");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);

  const premium = page.locator("#pricing").getByRole("article").nth(1);
  const monthly = await premium.locator("[data-period='monthly']").innerText();
  await page.getByRole("button", { name: /^Annual/ }).click();
  await expect(page.getByRole("button", { name: /^Annual/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(premium.locator("[data-period='monthly']")).toBeHidden();
  await expect(premium.locator("[data-period='annual']")).toBeVisible();
  await expect(premium.locator("[data-period='annual']")).toContainText(/billed once a year/i);
  expect(await premium.locator("[data-period='annual']").innerText()).not.toBe(monthly);
});

test("a language chosen in the app, or in an earlier Hearth, shows the landing page in it", async ({
  page,
}) => {
  const landing = new LandingPage(page);
  // Chosen on the sign-in page (the app): the landing page follows.
  await page.goto("/auth");
  await landing.language.choose("Nederlands");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welkom terug");
  await landing.goto();
  await expect(landing.heading).toHaveText(LandingPage.title.nl);

  // A choice kept only in local storage (no cookie yet): shown in it after one reload.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.setItem("language", "nl"));
  await landing.goto();
  await expect(landing.heading).toHaveText(LandingPage.title.nl);
  expect((await page.context().cookies()).find((c) => c.name === "hearth-language")?.value).toBe(
    "nl",
  );

  // Chosen on the landing page itself: kept for the app too.
  await landing.language.choose("English");
  await expect(landing.heading).toHaveText(LandingPage.title.en);
  await landing.signInLink.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
});

test("someone signed in sees the way to their dashboard", async ({ page, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is not set");
  await signIn(page, baseURL, demo.email, demo.password);
  await new LandingPage(page).goto();
  const toDashboard = page.getByRole("banner").getByRole("link", { name: "Dashboard" });
  await expect(toDashboard).toHaveAttribute("href", "/dashboard");
  await toDashboard.click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
