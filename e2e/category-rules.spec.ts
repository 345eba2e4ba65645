import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, newPerson, test } from "./fixtures.ts";
import { browserCookies, signUpThroughApi } from "./page-models/household-api.ts";
import { apiCall, TransactionsPage } from "./page-models/entries.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";

/**
 * Categories at import (decision 037): a rule made from the import's preview in one click files
 * the row at once, the import puts the entry there, and the rule is listed with the categories
 * (where it can be applied to existing entries).
 */

const ingFile = readFileSync(
  join(import.meta.dirname, "..", "test", "fixtures", "bank-files", "ing.csv"),
);

// Axe is injected as a script tag (e2e/axe.ts).
test.use({ bypassCSP: true, reducedMotion: "reduce" });

test("make a rule from the preview", async ({ page, baseURL, mailbox }) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("regels"));
  await page.context().addCookies(browserCookies(person));
  const list = new TransactionsPage(page);
  await list.goto();
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "ing.csv",
    mimeType: "text/csv",
    buffer: ingFile,
  });

  // The file has no category column: the rows start in the default category, to be created.
  const preview = dialog.getByRole("row").filter({ hasText: "Albert Heijn 1234" });
  await expect(preview.getByTestId("import-preview-category")).toHaveText("Imported");
  await expect(dialog.getByTestId("import-new-categories")).toContainText("Imported");

  await preview.getByRole("button", { name: "Always… — a rule for Albert Heijn 1234" }).click();
  const form = dialog.getByTestId("import-rule-form");
  await form.getByLabel("Always put Albert Heijn 1234 in").selectOption({ label: "Groceries" });
  await expectNoSeriousA11yViolations(page, "the import's rule form");
  await form.getByRole("button", { name: "Save rule" }).click();
  await expect(dialog.getByTestId("import-rule-notice")).toHaveText(
    "From now on Albert Heijn 1234 goes to Groceries.",
  );
  await expect(form).toHaveCount(0);

  // The preview asked again: the row is in Groceries now, by the rule; the others did not move.
  await expect(preview.getByTestId("import-preview-category")).toHaveText("Groceries");
  await expect(preview.getByTestId("import-category-rule")).toHaveText("rule");
  await expect(
    dialog
      .getByRole("row")
      .filter({ hasText: "Café Müller" })
      .getByTestId("import-preview-category"),
  ).toHaveText("Imported");

  await dialog.getByRole("button", { name: "Import 4 rows" }).click();
  await expect(dialog.getByTestId("import-result")).toContainText("4 entries imported");
  await dialog.getByRole("button", { name: "Close" }).last().click();

  // The entry went to Groceries.
  const { items } = await apiCall<{ items: { merchant: string; categoryId: string }[] }>(
    person,
    "GET",
    "/transactions",
  );
  const { categories } = await apiCall<{ categories: { id: string; name: string }[] }>(
    person,
    "GET",
    "/categories",
  );
  const groceries = categories.find((category) => category.name === "Groceries")?.id;
  expect(items.find((item) => item.merchant === "Albert Heijn 1234")?.categoryId).toBe(groceries);

  // The rule is listed with the categories; applying it finds nothing left to move.
  await page.goto("/dashboard/income-spending");
  await page.getByRole("button", { name: "Manage categories" }).click();
  const sheet = page.getByTestId("category-manager");
  await sheet.getByRole("tab", { name: "Rules" }).click();
  const rule = sheet.getByTestId("category-rule");
  await expect(rule).toHaveCount(1);
  await expect(rule).toContainText("Counterparty contains “Albert Heijn 1234”");
  await expect(rule).toContainText("Groceries");
  await sheet.getByRole("button", { name: "Apply rules to existing entries" }).click();
  await expect(sheet.getByTestId("category-rules-applied")).toHaveText(
    "No entries needed a rule's category.",
  );

  // A rule added here, applied to what is already in: the café's entry leaves "Imported".
  await sheet.getByLabel("When").selectOption({ label: "Counterparty contains" });
  await sheet.getByLabel("Text").fill("cafe muller");
  await sheet.getByLabel("Put it in").selectOption({ label: "Eating out" });
  await sheet.getByRole("button", { name: "Add rule" }).click();
  await expect(sheet.getByTestId("category-rules-notice")).toHaveText("The rule was added.");
  await expect(rule).toHaveCount(2);
  await expect(rule.nth(1)).toContainText("Counterparty contains “cafe muller”");
  await sheet.getByRole("button", { name: "Apply rules to existing entries" }).click();
  await expect(sheet.getByTestId("category-rules-applied")).toHaveText(
    "1 entry was moved to its rule's category.",
  );
  const after = await apiCall<{ items: { merchant: string; categoryId: string }[] }>(
    person,
    "GET",
    "/transactions",
  );
  const eatingOut = categories.find((category) => category.name === "Eating out")?.id;
  expect(after.items.find((item) => item.merchant === "Café Müller")?.categoryId).toBe(eatingOut);
  await expectNoSeriousA11yViolations(page, "the category rules");
});
