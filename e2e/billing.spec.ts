import { expect, test } from "./fixtures.ts";
import { CheckoutPage, PlanDialog } from "./page-models/billing-plan-dialog.ts";
import { DashboardShell } from "./page-models/dashboard-shell.ts";

test("a new user must choose a plan; Premium annual with a coupon unlocks Savings without a reload", async ({
  page,
  browser,
  baseURL,
  signUpAndVerify,
  signInAsAdmin,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  // An administrator creates the coupon through the admin API.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAsAdmin(adminPage, "admin@e2e.hearth.test");
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const created = await adminPage.request.post(`${baseURL}/api/admin/coupons`, {
    headers: { origin: baseURL },
    data: { code, percentOff: 20, amountOffCents: null, validUntil: null, maxUses: 5 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await adminContext.close();

  await signUpAndVerify(page, undefined, { choosePlan: false });
  await page.goto("/dashboard");
  const dialog = new PlanDialog(page);
  await expect(dialog.root).toBeVisible();
  await expect(dialog.root.getByRole("button", { name: "Close" })).toHaveCount(0);

  // Escape and a click outside leave it open.
  await page.keyboard.press("Escape");
  await expect(dialog.root).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog.root).toBeVisible();

  await dialog.period("Annual").click();
  await dialog.card("premium").click();
  await expect(dialog.card("premium")).toContainText("save 17%");
  await dialog.coupon.fill(`  ${code.toLowerCase()}`);
  await expect(dialog.coupon).toHaveValue(`  ${code}`);
  await dialog.choose.click();

  await expect(page).toHaveURL(/\/checkout\//);
  const checkout = new CheckoutPage(page);
  await expect(checkout.banner).toHaveText("Test checkout — no real payment");
  await expect(checkout.summary).toContainText("Premium");
  await expect(checkout.summary).toContainText("Annual");
  await expect(checkout.summary).toContainText(`Coupon ${code}`);
  await expect(checkout.summary).toContainText("€49.90");
  await expect(checkout.summary).toContainText("€39.92");
  // Signed in, the public header leads back to the dashboard instead of offering to sign in.
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  await checkout.pay.click();

  await expect(page).toHaveURL(/\/subscription-success$/);
  await expect(page.getByRole("heading", { name: "Welcome to Premium!" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
  const shell = new DashboardShell(page);
  await expect(shell.nav.getByRole("link", { name: "Savings", exact: true })).toBeVisible();
});

test("a Free user clicking a locked item gets the plan dialog with Premium selected", async ({
  page,
  signUpAndVerify,
}) => {
  await signUpAndVerify(page);
  await page.goto("/dashboard");
  const shell = new DashboardShell(page);
  await shell.nav.getByRole("link", { name: /^Loans/ }).click();
  const dialog = new PlanDialog(page);
  await expect(dialog.root).toBeVisible();
  await expect(dialog.radio("Premium")).toBeChecked();
  await expect(dialog.card("free")).toContainText("Current plan");
  await expect(page).toHaveURL("/dashboard");
  await page.keyboard.press("Escape");
  await expect(dialog.root).toBeHidden();
});
