import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { type ApiPerson, coupleSignedIn } from "./page-models/household-api.ts";
import { apiCall, householdBasics } from "./page-models/entries.ts";
import { DashboardShell } from "./page-models/dashboard-shell.ts";
import { ProfilePage } from "./page-models/profile-page.ts";

// Issue 16, item 10: two toasters, each where it fits; one colour meaning everywhere.
test.use({ reducedMotion: "reduce" });

const phone = { width: 390, height: 700 };

const todayIso = () => new Date().toLocaleDateString("sv-SE");

/** An expense of today, `member`'s own. */
async function spend(person: ApiPerson, member: string, category: string, amountCents: number) {
  await apiCall(person, "POST", "/transactions", {
    kind: "expense",
    amountCents,
    occurredOn: todayIso(),
    categoryId: category,
    merchant: "Albert Heijn",
    splitMode: "personal",
    memberId: member,
    paidByMemberId: member,
  });
}

/** The main toaster (one at a time) and the stacked one (news), by their regions' names. */
const mainToasts = (page: Page) =>
  page.getByRole("region", { name: /^Notifications/ }).locator("[data-sonner-toast]");
const newsToasts = (page: Page) =>
  page.getByRole("region", { name: /^Updates/ }).locator("[data-sonner-toast]");
const shown = (toasts: Locator) => toasts.and(toasts.page().locator('[data-visible="true"]'));

/** A screenshot in the test's report, to look at what the test saw. */
async function shot(page: Page, name: string) {
  await test.info().attach(name, { body: await page.screenshot(), contentType: "image/png" });
}

/** Whether two boxes on the screen share any pixel. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
type Box = { x: number; y: number; width: number; height: number };
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("The element has no box on the screen.");
  return box;
}

const colourOf = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).backgroundColor);

test("the main toaster says one thing at a time, the news stack beside it", async ({
  page,
  signUpAndVerify,
}) => {
  await signUpAndVerify(page);
  await page.goto("/dashboard/income-spending?tab=budgets");
  const budgets = page.getByRole("tabpanel");
  await budgets.getByRole("button", { name: "Set budget for Groceries" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Budget for the month").fill("200");
  await dialog.getByRole("button", { name: "Save budget" }).click();
  await expect(shown(mainToasts(page))).toHaveText(/The budget for Groceries was saved/);

  // The next action's message replaces the last one's: one toast, the newest.
  await budgets.getByRole("button", { name: "Copy last month’s budgets" }).click();
  await expect(shown(mainToasts(page))).toHaveText(/^Nothing to copy/);
  await expect(mainToasts(page)).toHaveCount(1);
  await shot(page, "main-one-at-a-time-1280");

  // News from the background (the downloads arriving) stack in their own toaster ...
  const profile = new ProfilePage(page);
  await profile.goto("general");
  await page.getByRole("button", { name: "Download as JSON" }).click();
  await expect(shown(newsToasts(page))).toHaveCount(1);
  // The pointer rests on the news, which keeps them while it does, as it would for a person
  // reading them (a slow machine's zip would otherwise outlast the first one's four seconds);
  // the rest is pressed with keys.
  await newsToasts(page).first().hover();
  await page.getByRole("button", { name: "Download as CSV files (zip)" }).focus();
  await page.keyboard.press("Enter");
  await expect(shown(newsToasts(page))).toHaveCount(2);
  await expect(newsToasts(page).first()).toHaveText(/Your export has been downloaded/);
  // ... and an action's toast does not push them away.
  await profile.save.focus();
  await page.keyboard.press("Enter");
  await expect(shown(mainToasts(page))).toHaveText(/Profile updated successfully/);
  await expect(mainToasts(page)).toHaveCount(1);
  await expect(shown(newsToasts(page))).toHaveCount(2);
  await shot(page, "news-and-main-1280");
});

for (const [device, size] of [
  ["a phone", phone],
  ["a computer", { width: 1280, height: 720 }],
] as const) {
  test(`on ${device} the toasts stay clear of the top bar's Add entry and of the button pressed`, async ({
    page,
    signUpAndVerify,
  }) => {
    await page.setViewportSize(size);
    await signUpAndVerify(page);
    await page.goto("/dashboard/income-spending?tab=budgets");
    const add = page.getByTestId("add-entry");
    const copy = page
      .getByRole("tabpanel")
      .getByRole("button", { name: "Copy last month’s budgets" });
    await copy.click();
    const toast = shown(mainToasts(page));
    await expect(toast).toHaveText(/^Nothing to copy/);
    const toastBox = await boxOf(toast);
    expect(overlap(toastBox, await boxOf(add)), "the toast covers Add entry").toBe(false);
    expect(overlap(toastBox, await boxOf(copy)), "the toast covers the button pressed").toBe(false);
    await shot(page, `main-${size.width}`);

    // The profile's Save changes, at the bottom of a long form, and the news of a download.
    const profile = new ProfilePage(page);
    await profile.goto("general");
    await page.getByRole("button", { name: "Download as JSON" }).click();
    const news = shown(newsToasts(page));
    await expect(news).toHaveCount(1);
    expect(overlap(await boxOf(news), await boxOf(add)), "the news cover Add entry").toBe(false);
    await profile.save.scrollIntoViewIfNeeded();
    await profile.save.click();
    const saved = shown(mainToasts(page));
    await expect(saved).toHaveText(/Profile updated successfully/);
    expect(overlap(await boxOf(saved), await boxOf(profile.save)), "the toast covers Save").toBe(
      false,
    );
    expect(overlap(await boxOf(saved), await boxOf(add)), "the toast covers Add entry").toBe(false);
    await shot(page, `profile-${size.width}`);
  });
}

test("one colour meaning: a budget's state and a member have one colour on every screen", async ({
  page,
  baseURL,
  mailbox,
}) => {
  const { owner, partner } = await coupleSignedIn(page, baseURL, mailbox);
  const { memberId: anna, byName } = await householdBasics(owner);
  const { memberId: sam } = await householdBasics(partner);
  const month = todayIso().slice(0, 7);
  // Groceries comfortably under its budget, eating out over.
  await spend(owner, anna, byName("Groceries"), 5_000);
  await spend(owner, sam, byName("Eating out"), 3_000);
  for (const [category, amountCents] of [
    ["Groceries", 20_000],
    ["Eating out", 2_000],
  ] as const)
    await apiCall(owner, "PUT", "/budgets", { categoryId: byName(category), month, amountCents });

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/dashboard");
    const watch = page.getByTestId("budget-watch");
    const onDashboard = (name: string) =>
      watch.locator("li").filter({ hasText: name }).getByRole("progressbar").locator("div");
    await expect(watch.locator('li[data-state="over"]')).toHaveCount(1);
    const dashboard = {
      ok: await colourOf(onDashboard("Groceries")),
      over: await colourOf(onDashboard("Eating out")),
    };

    // A member's avatar (the sidebar's household) and their part of spending by person.
    for (const name of ["Anna de Vries", "Sam Bakker"]) {
      const avatar = page
        .getByTestId("household-member")
        .filter({ hasText: shortName(name) })
        .locator('[data-slot="avatar-fallback"]');
      const legend = page
        .getByTestId("spending-by-member")
        .getByTestId("breakdown-link")
        .filter({ hasText: name })
        .locator("span")
        .first();
      expect(await colourOf(avatar), `${name}'s colour in ${scheme}`).toBe(await colourOf(legend));
    }
    await shot(page, `dashboard-${scheme}-1280`);

    await page.goto("/dashboard/income-spending?tab=budgets");
    const onTab = (name: string) =>
      page
        .getByTestId("budget-row")
        .filter({ hasText: name })
        .getByRole("progressbar")
        .locator("div");
    expect(await colourOf(onTab("Groceries")), `under budget in ${scheme}`).toBe(dashboard.ok);
    expect(await colourOf(onTab("Eating out")), `over budget in ${scheme}`).toBe(dashboard.over);
    expect(dashboard.ok).not.toBe(dashboard.over);
    await shot(page, `budgets-${scheme}-1280`);

    // The landing page's picture of the dashboard: a budget under its limit in the same green.
    await page.goto("/");
    const pictured = page
      .getByTestId("preview-budget")
      .filter({ hasText: "Eating out" })
      .getByTestId("preview-budget-bar");
    expect(await colourOf(pictured), `the landing page's budget in ${scheme}`).toBe(dashboard.ok);
  }
});

test("the household's name follows the language picked in the menu, at once", async ({
  page,
  person,
  signUpAndVerify,
}) => {
  await signUpAndVerify(page, person);
  const profile = new ProfilePage(page);
  await profile.goto("household");
  const first = person.name.split(" ")[0] ?? person.name;
  // The owner sees it in the field that renames it, and in the sidebar.
  const field = page.getByRole("main").getByLabel(/^(Household name|Naam van het huishouden)$/);
  await expect(field).toHaveValue(`${first}'s household`);
  await new DashboardShell(page).language.choose("Nederlands");
  await expect(field).toHaveValue(`Huishouden van ${first}`);
  await expect(page.getByRole("group", { name: `Huishouden van ${first}` })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(`${first}'s household`);
});

/** The sidebar writes a long name as its first word (more than 15 characters). */
const shortName = (name: string) => (name.length > 15 ? (name.split(" ")[0] ?? name) : name);
