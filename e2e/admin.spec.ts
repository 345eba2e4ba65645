import { expect, test } from "./fixtures.ts";

test("an administrator edits a plan feature and a coupon; others find no admin page", async ({
  page,
  browser,
  baseURL,
  signInAsAdmin,
  signUpAndVerify,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  await signInAsAdmin(page, "admin2@e2e.hearth.test");
  const code = `ADM${Date.now().toString(36).toUpperCase()}`;
  const created = await page.request.post(`${baseURL}/api/admin/coupons`, {
    headers: { origin: baseURL },
    data: { code, percentOff: 10, amountOffCents: null, validUntil: null, maxUses: 3 },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto("/dashboard/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();

  // Rename the first feature of a plan in place; the public plans show the new text.
  const firstFeature = page.getByRole("textbox", { name: /^Feature \(English\): / }).first();
  const before = await firstFeature.inputValue();
  const renamed = `${before} (edited)`;
  await firstFeature.fill(renamed);
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("textbox", { name: `Feature (English): ${before}` }) });
  await row.getByRole("button", { name: `Save: ${before}` }).click();
  await expect(page.getByText("Saved").first()).toBeVisible();
  const plans = await (await page.request.get(`${baseURL}/api/plans`)).json();
  expect(JSON.stringify(plans)).toContain(renamed);

  // Switch the coupon off; the API reports it inactive.
  await page.getByRole("checkbox", { name: `Active: ${code}` }).uncheck();
  await page.getByRole("button", { name: `Save: ${code}` }).click();
  await expect
    .poll(async () => {
      const list = await (await page.request.get(`${baseURL}/api/admin/coupons`)).json();
      return list.coupons.find((c: { code: string }) => c.code === code)?.isActive;
    })
    .toBe(false);

  // Deleting asks first.
  await page.getByRole("button", { name: `Delete: ${code}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(code);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("button", { name: `Delete: ${code}` })).toHaveCount(0);

  // Someone who is not an administrator gets the not-found page, and 404 from the API.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUpAndVerify(otherPage);
  await otherPage.goto("/dashboard/admin");
  await expect(otherPage.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect((await otherPage.request.get(`${baseURL}/api/admin/coupons`)).status()).toBe(404);
  await other.close();
});
