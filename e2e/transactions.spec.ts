import { readFileSync } from "node:fs";
import { adminEmails, expect, newPerson, test } from "./fixtures.ts";
import { type ApiPerson, coupleSignedIn } from "./page-models/household-api.ts";
import { toast } from "./page-models/household-sidebar.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { NotFoundPage } from "./page-models/not-found-page.ts";
import { apiCall, EntryDialog, householdBasics, TransactionsPage } from "./page-models/entries.ts";

// axe-core is injected into the pages (the app's CSP would refuse it); animations off.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

async function addExpense(
  person: ApiPerson,
  fields: { amountCents: number; occurredOn: string; category: string; merchant: string },
) {
  const { memberId, byName } = await householdBasics(person);
  await apiCall(person, "POST", "/transactions", {
    kind: "expense",
    amountCents: fields.amountCents,
    occurredOn: fields.occurredOn,
    categoryId: byName(fields.category),
    merchant: fields.merchant,
    splitMode: "personal",
    memberId,
    paidByMemberId: memberId,
  });
}

test("an expense split 60/40 between two members, entered with the keyboard only", async ({
  page,
  baseURL,
  mailbox,
}) => {
  await coupleSignedIn(page, baseURL, mailbox);
  await page.goto("/dashboard");
  await expect(page.getByTestId("add-entry")).toHaveAttribute("aria-keyshortcuts", "N");

  // "n" opens the form in place; the amount has the focus.
  await page.locator("body").press("n");
  const form = new EntryDialog(page);
  await expect(form.dialog).toBeVisible();
  await expect(form.amount).toBeFocused();
  await page.keyboard.type("100.00");

  await form.tabTo(form.category);
  await page.keyboard.type("Groceries");
  await expect(form.category.locator("option:checked")).toHaveText("Groceries");

  const personal = form.dialog.getByRole("radio", { name: "One person" });
  await form.tabTo(personal);
  await page.keyboard.press("ArrowRight");
  await expect(form.dialog.getByRole("radio", { name: "Split" })).toBeChecked();
  // Split equally is the default.
  await expect(form.percentOf("Anna de Vries")).toHaveValue("50");
  await expect(form.percentOf("Sam Bakker")).toHaveValue("50");

  await form.tabTo(form.percentOf("Anna de Vries"));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("60");
  await expect(form.remainder).toHaveText("10% too much");
  await form.tabTo(form.percentOf("Sam Bakker"));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("40");
  await expect(form.remainder).toHaveText("Adds up exactly");
  await expect(form.dialog).toContainText("€60.00");
  await expect(form.dialog).toContainText("€40.00");
  await page.keyboard.press("Enter");

  await expect(toast(page, "Expense added")).toBeVisible();
  await expect(form.dialog).toBeHidden();
  // Opened with "n", nothing had the focus: it goes to the top bar's button, not the page body.
  await expect(page.getByTestId("add-entry")).toBeFocused();

  // The list shows it; opening it shows the shares as they were stored.
  const list = new TransactionsPage(page);
  await list.goto();
  await expect(list.rows).toHaveCount(1);
  await expect(list.rows.first()).toContainText("€100.00");
  await list.rows.first().getByRole("button").click();
  await expect(form.dialog).toBeVisible();
  await expect(form.dialog.getByRole("radio", { name: "Split" })).toBeChecked();
  await expect(form.percentOf("Anna de Vries")).toHaveValue("60");
  await expect(form.percentOf("Sam Bakker")).toHaveValue("40");
  await expect(form.remainder).toHaveText("Adds up exactly");
});

test("the list's filter lives in the URL and survives a reload", async ({
  page,
  baseURL,
  mailbox,
}) => {
  const { owner } = await coupleSignedIn(page, baseURL, mailbox);
  await addExpense(owner, {
    amountCents: 1250,
    occurredOn: "2026-03-02",
    category: "Groceries",
    merchant: "Corner bakery",
  });
  await addExpense(owner, {
    amountCents: 4599,
    occurredOn: "2026-03-05",
    category: "Transport",
    merchant: "Railway",
  });
  await addExpense(owner, {
    amountCents: 820,
    occurredOn: "2026-03-09",
    category: "Groceries",
    merchant: "Bakery on the square",
  });

  const list = new TransactionsPage(page);
  await list.goto();
  await expect(list.rows).toHaveCount(3);
  await expect(list.summary).toContainText("3 entries");

  await list.search.fill("bakery");
  await expect(page).toHaveURL(/q=bakery/);
  await expect(list.rows).toHaveCount(2);
  await expect(list.summary).toContainText("2 entries");
  await expect(list.summary).toContainText("Expenses €20.70");

  await page.getByLabel("Minimum amount").fill("10.00");
  await page.getByLabel("Minimum amount").press("Enter");
  await expect(page).toHaveURL(/min=1000/);
  await expect(list.rows).toHaveCount(1);
  await expect(list.rows.first()).toContainText("Corner bakery");

  await page.reload();
  await expect(list.search).toHaveValue("bakery");
  await expect(page.getByLabel("Minimum amount")).toHaveValue("10.00");
  await expect(list.rows).toHaveCount(1);
  await expect(list.rows.first()).toContainText("Corner bakery");

  // Bulk delete with confirmation, then undo from the toast.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(list.rows).toHaveCount(3);
  await page.getByLabel("Select all loaded entries").check();
  await page.getByRole("button", { name: "Delete selected" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "3 entries deleted")).toBeVisible();
  await expect(page.getByTestId("transactions-empty")).toBeVisible();
  await toast(page, "3 entries deleted").getByRole("button", { name: "Undo" }).click();
  await expect(list.rows).toHaveCount(3);
});

test("in Dutch the amount is typed with a decimal comma", async ({ page, baseURL, mailbox }) => {
  await coupleSignedIn(page, baseURL, mailbox);
  await page.addInitScript(() => localStorage.setItem("language", "nl"));
  await page.goto("/dashboard/transactions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transacties");
  await page.getByTestId("add-entry").click();
  const form = new EntryDialog(page);
  await expect(form.amount).toHaveAttribute("placeholder", "0,00");
  await form.amount.fill("12,50");
  // The household started in English: its default category is named in the reader's language.
  await form.category.selectOption({ label: "Boodschappen" });
  await form.dialog.getByRole("button", { name: "Post opslaan" }).click();
  await expect(toast(page, "Uitgave toegevoegd")).toBeVisible();
  const list = new TransactionsPage(page);
  await expect(list.rows).toHaveCount(1);
  await expect(list.rows.first()).toContainText("€ -12,50");

  // A message of the shared schema, in Dutch. Closing gave the focus back to the button.
  await expect(form.dialog).toBeHidden();
  await expect(page.getByTestId("add-entry")).toBeFocused();
  await page.getByTestId("add-entry").click();
  await form.amount.fill("12,5x");
  await form.dialog.getByRole("button", { name: "Post opslaan" }).click();
  await expect(form.dialog).toContainText("Voer een geldig bedrag in");
  await expect(form.dialog).toContainText("Categorie is verplicht");
});

test("quick entry: Enter saves and the form stays ready; others get the not-found page", async ({
  page,
  browser,
  baseURL,
  signInAsAdmin,
  signUpAndVerify,
}) => {
  await signInAsAdmin(page, adminEmails[1]);
  await page.goto("/dashboard/snelle-transactie");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quick entry");
  const amount = page.getByLabel("Amount");
  await expect(amount).toBeFocused();
  await page.getByLabel("Category").selectOption({ label: "Eating out" });
  await amount.fill("7.25");
  await amount.press("Enter");
  await expect(toast(page, "Saved: €7.25")).toBeVisible();
  await expect(amount).toHaveValue("");
  await expect(amount).toBeFocused();
  await expect(page.getByTestId("quick-recent").locator("li").first()).toContainText("€7.25");
  await page.keyboard.type("3,10");
  await page.keyboard.press("Enter");
  await expect(toast(page, "Saved: €3.10")).toBeVisible();
  await expect(page.getByTestId("quick-recent").locator("li").first()).toContainText("€3.10");

  const other = await browser.newContext({ baseURL, locale: "en-GB" });
  const otherPage = await other.newPage();
  await signUpAndVerify(otherPage, newPerson("quick"));
  await otherPage.goto("/dashboard/snelle-transactie");
  await expect(new NotFoundPage(otherPage).heading).toBeVisible();
  await other.close();
});

test("a CSV import through the preview: a bad row with its reason, then the same file adds nothing twice", async ({
  page,
  baseURL,
  mailbox,
}) => {
  await coupleSignedIn(page, baseURL, mailbox);
  const csv = [
    "Date,Amount,Category,Description",
    "2026-01-05,-42.10,Groceries,Market",
    "2026-01-06,2500.00,Salary,Employer",
    "not a date,-3.00,Groceries,Oops",
  ].join("\n");
  const list = new TransactionsPage(page);
  await list.goto();
  await expect(page.getByTestId("transactions-empty")).toBeVisible();

  const importOnce = async () => {
    await page.getByRole("button", { name: "Import CSV" }).first().click();
    const dialog = page.getByTestId("import-dialog");
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "bank.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await expect(dialog.getByTestId("import-good")).toHaveText("2 rows ready to import");
    await expect(dialog.getByTestId("import-bad")).toHaveText("1 row will be skipped");
    await expect(dialog.getByTestId("import-bad-rows")).toContainText(
      "Line 4: Please enter a valid date",
    );
    await expect(dialog.getByTestId("import-preview-amount")).toHaveText(["€42.10", "€2,500.00"]);
    await dialog.getByRole("button", { name: "Import 2 rows" }).click();
    const result = dialog.getByTestId("import-result");
    await expect(result).toBeVisible();
    return { dialog, result };
  };

  const first = await importOnce();
  await expect(first.result).toContainText("2 entries imported");
  await expect(first.result).toContainText("0 already imported before");
  await expect(first.result).toContainText("1 bad row skipped");
  await first.dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(list.rows).toHaveCount(2);
  await expect(list.summary).toContainText("Income €2,500.00");

  const second = await importOnce();
  await expect(second.result).toContainText("0 entries imported");
  await expect(second.result).toContainText("2 already imported before");
  await second.dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(list.rows).toHaveCount(2);

  // Export what the list shows, in the language's separators.
  await page.getByRole("button", { name: "Export CSV" }).first().click();
  const exportDialog = page.getByTestId("export-dialog");
  await expect(exportDialog.getByLabel("Separator")).toHaveValue("comma");
  const download = page.waitForEvent("download");
  await exportDialog.getByRole("button", { name: "Download" }).click();
  const file = await download;
  const text = readFileSync(await file.path(), "utf8");
  expect(text).toContain("Market");
  expect(text).toContain("42.10");
});

test("in Dutch: a CSV with a decimal comma and thousands points", async ({
  page,
  baseURL,
  mailbox,
}) => {
  await coupleSignedIn(page, baseURL, mailbox);
  await page.addInitScript(() => localStorage.setItem("language", "nl"));
  const csv = [
    "Datum;Bedrag;Omschrijving",
    "05-01-2026;-1.234,56;Meubelzaak",
    "06-01-2026;-12,50;Bakker",
  ].join("\n");
  await page.goto("/dashboard/transactions");
  await page.getByRole("button", { name: "CSV importeren" }).first().click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByLabel("CSV-bestand").setInputFiles({
    name: "ing.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(dialog.getByLabel("Datumnotatie")).toHaveValue("DD-MM-YYYY");
  await expect(dialog.getByLabel("Decimaalteken")).toHaveValue("comma");
  await expect(dialog.getByTestId("import-good")).toHaveText("2 rijen klaar om te importeren");
  await expect(dialog.getByTestId("import-preview-amount")).toHaveText(["€ 1.234,56", "€ 12,50"]);
  await dialog.getByRole("button", { name: "2 rijen importeren" }).click();
  await expect(dialog.getByTestId("import-result")).toContainText("2 posten geïmporteerd");
  await dialog.getByRole("button", { name: "Sluiten" }).last().click();
  const list = new TransactionsPage(page);
  await expect(list.rows).toHaveCount(2);
  await expect(list.rows.first()).toContainText("€ -12,50");
  await expect(list.rows.nth(1)).toContainText("€ -1.234,56");
  await expect(list.summary).toContainText("Uitgaven € 1.247,06");
});

test("a recurring entry: repeat from the form, and an occurrence changed with all that follow", async ({
  page,
  baseURL,
  mailbox,
}) => {
  const { owner } = await coupleSignedIn(page, baseURL, mailbox);
  const { memberId, byName } = await householdBasics(owner);
  const now = new Date();
  const start = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 3, 1));
  await apiCall(owner, "POST", "/recurring", {
    kind: "expense",
    amountCents: 2000,
    occurredOn: start.toISOString().slice(0, 10),
    categoryId: byName("Subscriptions"),
    merchant: "Streaming",
    splitMode: "personal",
    memberId,
    paidByMemberId: memberId,
    frequency: "monthly",
  });
  const list = new TransactionsPage(page);
  await list.goto("?q=Streaming");
  await expect(list.rows).toHaveCount(4);

  await list.rows.nth(1).getByRole("button").click();
  const form = new EntryDialog(page);
  await form.amount.fill("55.00");
  await form.dialog.getByRole("button", { name: "Save changes" }).click();
  const choice = page.getByRole("alertdialog");
  await expect(choice).toContainText("Change only this one, or this one and all that follow?");
  await choice.getByRole("button", { name: "This and all following" }).click();
  await expect(toast(page, "This and the following entries were changed")).toBeVisible();
  await expect(list.rows.getByTestId("row-amount")).toHaveText([
    "-€55.00",
    "-€55.00",
    "-€20.00",
    "-€20.00",
  ]);

  // Only this one.
  await list.rows.nth(3).getByRole("button").click();
  await form.amount.fill("21.00");
  await form.dialog.getByRole("button", { name: "Save changes" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Only this one" }).click();
  await expect(toast(page, "Entry saved")).toBeVisible();
  await expect(list.rows.getByTestId("row-amount")).toHaveText([
    "-€55.00",
    "-€55.00",
    "-€20.00",
    "-€21.00",
  ]);

  // A new entry that repeats goes to the recurring series.
  await expect(form.dialog).toBeHidden();
  await page.getByTestId("add-entry").click();
  await form.amount.fill("9.99");
  await form.category.selectOption({ label: "Subscriptions" });
  await form.dialog.getByLabel("Merchant").fill("Streaming extra");
  await form.dialog.getByText("Repeat this entry").click();
  await form.dialog.getByLabel("How often").selectOption("weekly");
  await form.dialog.getByRole("button", { name: "Save entry" }).click();
  await expect(toast(page, "Recurring entry added")).toBeVisible();
  await expect(list.rows.filter({ hasText: "Streaming extra" })).toHaveCount(1);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the list, the entry form and the import preview have no serious accessibility violations (${colorScheme})`, async ({
    page,
    baseURL,
    mailbox,
  }) => {
    await page.emulateMedia({ colorScheme });
    const { owner } = await coupleSignedIn(page, baseURL, mailbox);
    await addExpense(owner, {
      amountCents: 1250,
      occurredOn: "2026-03-02",
      category: "Groceries",
      merchant: "Corner bakery",
    });
    const list = new TransactionsPage(page);
    await list.goto();
    await expect(list.rows).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, `/dashboard/transactions (${colorScheme})`);

    await page.getByTestId("add-entry").click();
    const form = new EntryDialog(page);
    await form.amount.fill("30");
    await form.dialog.getByText("Split", { exact: true }).click();
    await expect(form.remainder).toBeVisible();
    await expectNoSeriousA11yViolations(page, `entry form, split (${colorScheme})`);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Import CSV" }).first().click();
    await page
      .getByTestId("import-dialog")
      .getByLabel("CSV file")
      .setInputFiles({
        name: "bank.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("Date,Amount\n2026-01-05,-42.10\nbad,1\n"),
      });
    await expect(page.getByTestId("import-bad-rows")).toBeVisible();
    await expectNoSeriousA11yViolations(page, `import preview (${colorScheme})`);
  });
}
