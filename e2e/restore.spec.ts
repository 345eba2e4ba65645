import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { demo } from "./demo.ts";
import { expect, test } from "./fixtures.ts";
import { ProfilePage, toast } from "./page-models/profile-page.ts";

type Dashboard = { figures: { current: { incomeCents: number; expenseCents: number } } };

// Axe is injected as a script tag, which the app's CSP refuses unless bypassed (e2e/axe.ts).
test.use({ bypassCSP: true });

// The second restore's refusal is logged by the browser (a 409); any other error still fails.
test.use({
  noConsoleErrors: async ({ context }, use) => {
    const problems: string[] = [];
    context.on("console", (message) => {
      if (message.type() !== "error") return;
      if (/^Failed to load resource: .* 409 \(Conflict\)$/.test(message.text())) return;
      problems.push(message.text());
    });
    context.on("weberror", (error) => problems.push(error.error().message));
    await use(undefined);
    expect(problems).toEqual([]);
  },
});

const euros = (cents: number) =>
  new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(cents / 100);

test("a new account restores the demo household's export from the profile, and the dashboard shows its figures", async ({
  page,
  baseURL,
  signUpAndVerify,
}, testInfo) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error("baseURL is not set");
  const origin = { origin: baseURL };

  // The demo household's export and its dashboard over the last 12 months.
  const signedIn = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    headers: origin,
    data: { email: demo.email, password: demo.password },
  });
  expect(signedIn.ok()).toBe(true);
  const me = (await (await page.request.get(`${baseURL}/api/me`)).json()) as {
    household: { id: string };
  };
  const exported = await page.request.get(
    `${baseURL}/api/households/${me.household.id}/export?format=json`,
  );
  expect(exported.ok()).toBe(true);
  // The dashboard's "last 12 months": from the first day of the month 11 months ago to today.
  const now = new Date();
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))
    .toISOString()
    .slice(0, 10);
  const before = (await (
    await page.request.get(`${baseURL}/api/dashboard?from=${from}&to=${to}`)
  ).json()) as Dashboard;
  await page.context().clearCookies();
  // As if it came from another Hearth: the same rows under another household's id, so the
  // test can run again on the same server (an export is restored once per Hearth).
  const file = testInfo.outputPath("hearth-export.json");
  await writeFile(file, (await exported.text()).replaceAll(me.household.id, randomUUID()));

  // A new account restores it from "Your data".
  await signUpAndVerify(page);
  const profile = new ProfilePage(page);
  await profile.goto();
  const restoreHeading = profile.main.getByRole("heading", { name: "Restore from an export" });
  await expect(restoreHeading).toBeVisible();
  await restoreHeading.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("restore-card-en.png") });
  await page.locator("#restore-file").setInputFiles(file);
  const dialog = page.getByRole("alertdialog", { name: "Restore this export?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("You take the place of the person who exported it");
  await expect(dialog).toContainText("Your household must still be empty");
  await page.screenshot({ path: testInfo.outputPath("restore-dialog-en.png") });
  await dialog.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(toast(page, "Your household has been restored")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The dashboard shows the demo household's figures.
  await page.goto("/dashboard?period=last-12-months");
  await expect(page.getByTestId("figure-income-value")).toHaveText(
    euros(before.figures.current.incomeCents),
  );
  await expect(page.getByTestId("figure-spending-value")).toHaveText(
    euros(before.figures.current.expenseCents),
  );

  // The same file again: the dialog says why nothing happens.
  await profile.goto();
  await page.locator("#restore-file").setInputFiles(file);
  await dialog.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "This export has already been restored in this Hearth.",
  );
  await page.screenshot({ path: testInfo.outputPath("restore-refused-en.png") });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // In Dutch, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem("language", "nl"));
  await profile.goto();
  await expect(
    profile.main.getByRole("heading", { name: "Terugzetten vanuit een export" }),
  ).toBeVisible();
  await profile.main
    .getByRole("heading", { name: "Terugzetten vanuit een export" })
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("restore-card-nl-390.png") });
  await page.locator("#restore-file").setInputFiles(file);
  const dutch = page.getByRole("alertdialog", { name: "Deze export terugzetten?" });
  await expect(dutch).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("restore-dialog-nl-390.png") });
  await expectNoSeriousA11yViolations(page, "the restore dialog (nl, 390 px)");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  );
  expect(overflow).toBe(false);
});
