import { adminEmails, expect, newPerson, test } from "./fixtures.ts";
import { browserCookies, signUpThroughApi } from "./page-models/household-api.ts";
import { toast } from "./page-models/household-sidebar.ts";
import { apiCall, EntryDialog, TransactionsPage } from "./page-models/entries.ts";

// Animations off, so a message is there as soon as it is drawn.
test.use({ reducedMotion: "reduce" });

/**
 * In Dutch "12,345" was saved as € 12.345,00 without a word. An amount that reads two ways is
 * refused with both readings, and the form says what it will save before it does.
 */
test("in Dutch an amount that reads two ways is refused with both readings, and the form shows what it saves", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, {
    ...newPerson("amounts"),
    name: "Sanne Bakker",
  });
  await page.context().addCookies(browserCookies(person));
  await page.addInitScript(() => localStorage.setItem("language", "nl"));
  await page.goto("/dashboard/transactions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transacties");
  await page.getByTestId("add-entry").click();
  const form = new EntryDialog(page);
  const both = "12,345 is te lezen als € 12.345,00 of € 12,35 — schrijf 12345 of 12,35";

  // While typing, the line under the amount already says it reads two ways.
  await form.amount.fill("12,345");
  await form.category.selectOption({ label: "Boodschappen" });
  await expect(form.dialog).toContainText(both);
  await expect(form.dialog).not.toContainText("Wordt opgeslagen als");

  // Saving refuses it, with the message under the field and read with it.
  await form.dialog.getByRole("button", { name: "Post opslaan" }).click();
  await expect(form.amount).toHaveAttribute("aria-invalid", "true");
  const errorId = (await form.amount.getAttribute("aria-describedby"))?.split(" ")[0] ?? "";
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText(both);
  await expect(form.dialog).toBeVisible();
  const saved = await apiCall<{ items: unknown[] }>(person, "GET", "/transactions");
  expect(saved.items).toHaveLength(0);

  // Written one way, the form says what it will save, and saves that.
  await form.amount.fill("12,35");
  await expect(form.dialog).toContainText("Wordt opgeslagen als € 12,35");
  await expect(form.dialog).not.toContainText("is te lezen als");
  await expect(form.amount).not.toHaveAttribute("aria-invalid", "true");
  await form.amount.fill("1.234,56");
  await expect(form.dialog).toContainText("Wordt opgeslagen als € 1.234,56");
  await form.amount.fill("12,35");
  await form.dialog.getByRole("button", { name: "Post opslaan" }).click();
  await expect(toast(page, "Uitgave toegevoegd")).toBeVisible();
  const list = new TransactionsPage(page);
  await expect(list.rows).toHaveCount(1);
  await expect(list.rows.first()).toContainText("€ -12,35");
});

test("quick entry refuses an amount that reads two ways and says what Enter will save", async ({
  page,
  signInAsAdmin,
}) => {
  await signInAsAdmin(page, adminEmails[1]);
  await page.goto("/dashboard/snelle-transactie");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quick entry");
  const amount = page.getByLabel("Amount");
  await page.getByLabel("Category").selectOption({ label: "Eating out" });
  await amount.fill("1,000");
  await amount.press("Enter");
  const both = "1,000 can be read as €1,000.00 or €1.00 — write 1000 or 1.00";
  await expect(page.getByRole("form", { name: "Quick entry" })).toContainText(both);
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("quick-recent").filter({ hasText: "€1,000.00" })).toHaveCount(0);

  await amount.fill("1000");
  await expect(page.getByText("Saves €1,000.00")).toBeVisible();
  await amount.press("Enter");
  await expect(toast(page, "Saved: €1,000.00")).toBeVisible();
  await expect(page.getByTestId("quick-recent").locator("li").first()).toContainText("€1,000.00");
});
