import type { Locator, Page } from "@playwright/test";
import { expect, otherStrongPassword, test } from "./fixtures.ts";
import { type ApiPerson, coupleSignedIn } from "./page-models/household-api.ts";
import { apiCall, EntryDialog, householdBasics, TransactionsPage } from "./page-models/entries.ts";
import { ProfilePage } from "./page-models/profile-page.ts";

// Issue 16, item 10: a week's small frictions, each as a person meets it.
test.use({ reducedMotion: "reduce" });

/** A phone: the width the tour was taken at. */
const phone = { width: 390, height: 700 };

/** An entry of today through the API: Anna's own, or split 50/50 ("split"). */
async function addEntry(
  person: ApiPerson,
  fields: {
    kind?: "expense" | "income";
    amountCents: number;
    category: string;
    merchant: string;
    occurredOn?: string;
  },
) {
  const { memberId, byName } = await householdBasics(person);
  await apiCall(person, "POST", "/transactions", {
    kind: fields.kind ?? "expense",
    amountCents: fields.amountCents,
    occurredOn: fields.occurredOn ?? new Date().toLocaleDateString("sv-SE"),
    categoryId: byName(fields.category),
    merchant: fields.merchant,
    splitMode: "personal",
    memberId,
    ...(fields.kind === "income" ? { receivedByMemberId: memberId } : { paidByMemberId: memberId }),
  });
}

/** Shows the app in `language` from the next page on. */
async function useLanguage(page: Page, language: "en" | "nl") {
  await page.evaluate((lang) => localStorage.setItem("language", lang), language);
}

/** Text with its no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** The element that has the focus in the page. */
function focused(page: Page): Locator {
  return page.locator("*:focus");
}

test("a split that does not add up: on a phone its message is scrolled above the Save bar and focused", async ({
  page,
  baseURL,
  mailbox,
}) => {
  await page.setViewportSize(phone);
  await coupleSignedIn(page, baseURL, mailbox);
  await page.goto("/dashboard");
  await page.getByTestId("add-entry").click();
  const form = new EntryDialog(page);
  await expect(form.dialog).toBeVisible();
  await form.amount.fill("100.00");
  await form.category.selectOption({ label: "Groceries" });
  await form.dialog.getByRole("radio", { name: "Split" }).check({ force: true });
  await form.percentOf("Anna de Vries").fill("60");
  await expect(form.remainder).toHaveText("10% too much");
  // The fields scroll back up (the amount has just been typed), then Save.
  await form.dialog.getByTestId("entry-form-body").evaluate((body) => body.scrollTo(0, 0));
  const save = form.dialog.getByRole("button", { name: "Save" });
  await save.click();

  const message = form.dialog.getByText("Split percentages must add up to 100%");
  await expect(message).toBeVisible();
  await expect(message).toBeFocused();
  await expect(message).toBeInViewport();
  const messageBox = await message.boundingBox();
  const saveBox = await save.boundingBox();
  expect(messageBox && saveBox && messageBox.y + messageBox.height).toBeLessThanOrEqual(
    saveBox?.y ?? 0,
  );

  // A wrong field is focused itself, in reading order: the amount before the split.
  await form.amount.fill("");
  await save.click();
  await expect(form.amount).toBeFocused();
  await expect(focused(page)).toHaveAttribute("aria-invalid", "true");
});

test("every page opens at its top: Start for free from the pricing, the footer's Privacy from the terms", async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await page.goto("/");
  const startFree = page.getByRole("link", { name: "Start for free" });
  await startFree.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await startFree.click();
  const signUp = page.getByRole("heading", { level: 1, name: "Create your account" });
  await expect(signUp).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goto("/terms");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Back returns to where the terms were left (the browser's own restoring).
  await page.goBack();
  await expect(page).toHaveURL(/\/terms$/);
});

test.describe(() => {
  // The refused request itself is logged by the browser (a 401); any other error still fails.
  test.use({
    noConsoleErrors: async ({ context }, use) => {
      const problems: string[] = [];
      context.on("console", (message) => {
        if (message.type() !== "error") return;
        if (/^Failed to load resource: .* 401 \(Unauthorized\)$/.test(message.text())) return;
        problems.push(message.text());
      });
      context.on("weberror", (error) => problems.push(error.error().message));
      await use(undefined);
      expect(problems).toEqual([]);
    },
  });

  test("one failure, one message: a wrong current password is said under the field, with no toast", async ({
    page,
    signUpAndVerify,
  }) => {
    await signUpAndVerify(page);
    const profile = new ProfilePage(page);
    await profile.goto("password");
    await profile.choosePassword("Not my password 12", otherStrongPassword);
    await expect(page.getByText("This is not your current password.")).toBeVisible();
    await expect(profile.currentPassword).toBeFocused();
    // Give a second toast time to come, then count: none.
    await page.waitForTimeout(500);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  });
});

test("money out is written one way, the language's, in the list and on the overview", async ({
  page,
  baseURL,
  mailbox,
}) => {
  const { owner } = await coupleSignedIn(page, baseURL, mailbox);
  await addEntry(owner, { amountCents: 1250, category: "Groceries", merchant: "Bakker Bart" });
  await addEntry(owner, {
    kind: "income",
    amountCents: 320000,
    category: "Salary",
    merchant: "Acme",
  });
  await page.goto("/dashboard");
  await useLanguage(page, "nl");
  const list = new TransactionsPage(page);
  await list.goto();
  await expect(list.rows).toHaveCount(2);
  const amounts = (await page.getByTestId("row-amount").allTextContents()).map(plain);
  expect(amounts.sort()).toEqual(["€ +3.200,00", "€ -12,50"]);
  // The overview's recent entries say it the same way, never with a typographic minus before €.
  await page.goto("/dashboard");
  const recent = page.getByText(/€\s-12,50/).first();
  await expect(recent).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("−€");

  await useLanguage(page, "en");
  await list.goto();
  await expect(list.rows).toHaveCount(2);
  expect((await page.getByTestId("row-amount").allTextContents()).sort()).toEqual([
    "+€3,200.00",
    "-€12.50",
  ]);
});

test("the recurring and upcoming lists say whose each entry is: two Zilveren Kruis rows, one each, and a split one", async ({
  page,
  baseURL,
  mailbox,
}) => {
  const { owner, partner } = await coupleSignedIn(page, baseURL, mailbox);
  const anna = await householdBasics(owner);
  const sam = await householdBasics(partner);
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString("sv-SE");
  const premium = {
    kind: "expense",
    amountCents: 14_250,
    occurredOn: tomorrow,
    categoryId: anna.byName("Insurance"),
    merchant: "Zilveren Kruis",
    frequency: "monthly",
  };
  for (const memberId of [anna.memberId, sam.memberId]) {
    await apiCall(owner, "POST", "/recurring", {
      ...premium,
      splitMode: "personal",
      memberId,
      paidByMemberId: memberId,
    });
  }
  await apiCall(owner, "POST", "/recurring", {
    ...premium,
    merchant: "Energie Direct",
    splitMode: "percent",
    memberId: null,
    paidByMemberId: anna.memberId,
    shares: [
      { memberId: anna.memberId, percentBp: 5000 },
      { memberId: sam.memberId, percentBp: 5000 },
    ],
  });

  await page.setViewportSize(phone);
  await page.goto("/dashboard/income-spending?tab=expenses");
  const rules = page.getByTestId("expense-recurring").getByTestId("recurring-rule");
  await expect(rules).toHaveCount(3);
  await expect(rules.filter({ hasText: "Zilveren Kruis" })).toHaveCount(2);
  await expect(rules.filter({ hasText: "Zilveren Kruis · Anna de Vries ·" })).toHaveCount(1);
  await expect(rules.filter({ hasText: "Zilveren Kruis · Sam Bakker ·" })).toHaveCount(1);
  await expect(
    rules.filter({ hasText: "Energie Direct · Split: Anna de Vries and Sam Bakker ·" }),
  ).toHaveCount(1);
  const whose = page.getByTestId("expense-upcoming").getByTestId("upcoming-whose");
  await expect(whose).toHaveCount(3);
  expect((await whose.allTextContents()).sort()).toEqual([
    "Anna de Vries",
    "Sam Bakker",
    "Split: Anna de Vries and Sam Bakker",
  ]);

  await useLanguage(page, "nl");
  await page.reload();
  await expect(whose.filter({ hasText: "Gedeeld: Anna de Vries en Sam Bakker" })).toHaveCount(1);
});

test("the amount filters filter as they are typed, like the search", async ({
  page,
  baseURL,
  mailbox,
}) => {
  const { owner } = await coupleSignedIn(page, baseURL, mailbox);
  await addEntry(owner, { amountCents: 1250, category: "Groceries", merchant: "Bakker Bart" });
  await addEntry(owner, { amountCents: 8900, category: "Groceries", merchant: "Albert Heijn" });
  await addEntry(owner, { amountCents: 24_000, category: "Groceries", merchant: "Makro" });
  const list = new TransactionsPage(page);
  await list.goto();
  await expect(list.rows).toHaveCount(3);

  const min = page.getByLabel("Minimum amount");
  await min.click();
  await page.keyboard.type("20");
  // No blur, no Enter: the field keeps the focus and what was typed, and the list follows.
  await expect(list.rows).toHaveCount(2);
  await expect(min).toBeFocused();
  await expect(min).toHaveValue("20");
  await expect(page).toHaveURL(/min=2000/);
  await page.keyboard.type("0.5");
  await expect(list.rows).toHaveCount(1);
  await expect(min).toHaveValue("200.5");

  const max = page.getByLabel("Maximum amount");
  await min.fill("");
  await max.click();
  await page.keyboard.type("100");
  await expect(list.rows).toHaveCount(2);
  await expect(page).not.toHaveURL(/min=/);
  await expect(max).toBeFocused();
});

test("split by amounts fills in the last share with what remains; on a phone the toast stays clear of the buttons", async ({
  page,
  baseURL,
  mailbox,
}) => {
  await page.setViewportSize(phone);
  await coupleSignedIn(page, baseURL, mailbox);
  await page.goto("/dashboard");
  await page.getByTestId("add-entry").click();
  const form = new EntryDialog(page);
  await expect(form.dialog).toBeVisible();
  await form.amount.fill("100.00");
  await form.category.selectOption({ label: "Groceries" });
  await form.dialog.getByRole("radio", { name: "Split" }).check({ force: true });
  await form.dialog.getByRole("radio", { name: "Amounts" }).check({ force: true });
  const anna = form.dialog.getByLabel("Amount of Anna de Vries");
  const sam = form.dialog.getByLabel("Amount of Sam Bakker");
  await anna.fill("");
  await anna.pressSequentially("70");
  // Sam's share is what remains, shown in the field; the split adds up.
  await expect(sam).toHaveValue("30.00");
  await expect(form.remainder).toHaveText("Adds up exactly");
  await anna.pressSequentially(".5");
  await expect(sam).toHaveValue("29.50");
  // A new total keeps Anna's typed share and refills Sam's.
  await form.amount.fill("120.00");
  await expect(anna).toHaveValue("70.5");
  await expect(sam).toHaveValue("49.50");
  // Typing Sam's share too: nothing is filled in any more.
  await sam.fill("40");
  await expect(anna).toHaveValue("70.5");
  await expect(form.remainder).toHaveText("€9.50 left to divide");
  await sam.fill("49.50");

  const save = form.dialog.getByRole("button", { name: "Save" });
  const saveBox = await save.boundingBox();
  await save.click();
  const added = page.locator("[data-sonner-toast]").filter({ hasText: "Expense added" });
  await expect(added).toBeVisible();
  const toastBox = await added.boundingBox();
  expect(toastBox && saveBox).toBeTruthy();
  if (!toastBox || !saveBox) return;
  // At the top of the screen, not over where the sticky buttons are.
  expect(toastBox.y + toastBox.height).toBeLessThan(saveBox.y);
  expect(toastBox.y).toBeLessThan(phone.height / 3);
});

test("the import dialog's button stays in view under a long preview on a phone", async ({
  page,
  baseURL,
  mailbox,
}) => {
  await page.setViewportSize(phone);
  await coupleSignedIn(page, baseURL, mailbox);
  const csv = [
    "Date,Amount,Category,Description",
    ...Array.from(
      { length: 30 },
      (_, i) => `2026-01-${String(i + 1).padStart(2, "0")},-${i + 10}.50,Groceries,Market ${i + 1}`,
    ),
  ].join("\n");
  const list = new TransactionsPage(page);
  await list.goto();
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "bank.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(dialog.getByTestId("import-good")).toHaveText("30 rows ready to import");
  const importButton = dialog.getByRole("button", { name: "Import 30 rows" });
  // Without scrolling the dialog, the button is wholly on screen, at the dialog's bottom.
  await expect(importButton).toBeInViewport({ ratio: 1 });
  const buttonBox = await importButton.boundingBox();
  const dialogBox = await dialog.boundingBox();
  expect(buttonBox && dialogBox).toBeTruthy();
  if (!buttonBox || !dialogBox) return;
  expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(dialogBox.y + dialogBox.height);
  expect(dialogBox.y + dialogBox.height - (buttonBox.y + buttonBox.height)).toBeLessThan(120);
  // Scrolled to its end, the last row is not hidden under the buttons.
  await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(importButton).toBeInViewport({ ratio: 1 });
  await importButton.click();
  await expect(dialog.getByTestId("import-result")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" }).last()).toBeInViewport({ ratio: 1 });
});
