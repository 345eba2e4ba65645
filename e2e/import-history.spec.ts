import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, newPerson, test } from "./fixtures.ts";
import { browserCookies, signUpThroughApi } from "./page-models/household-api.ts";
import { TransactionsPage } from "./page-models/entries.ts";
import { toast } from "./page-models/household-sidebar.ts";

/**
 * Imports are things (decision 031): an ING file imported without touching a control shows in
 * the import history with its bank and counts; undoing it (after asking) takes its entries and
 * the figures with them, and the toast's Undo brings them back.
 */

const ingFile = readFileSync(
  join(import.meta.dirname, "..", "test", "fixtures", "bank-files", "ing.csv"),
);

test("an ING file in the history, undone in one step, and the undo undone", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("historie"));
  await page.context().addCookies(browserCookies(person));
  const list = new TransactionsPage(page);
  await list.goto();
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const dialog = page.getByTestId("import-dialog");

  // Before any import: the history says what it will hold.
  await dialog.getByRole("tab", { name: "History" }).click();
  await expect(dialog.getByTestId("import-history-empty")).toContainText("No imports yet");
  await dialog.getByRole("tab", { name: "Import a file" }).click();

  await dialog.getByLabel("CSV file").setInputFiles({
    name: "NL00INGB0001234567_01-01-2025_31-01-2025.csv",
    mimeType: "text/csv",
    buffer: ingFile,
  });
  await dialog.getByRole("button", { name: "Import 4 rows" }).click();
  await expect(dialog.getByTestId("import-result")).toContainText("4 entries imported");
  await expect(list.rows).toHaveCount(4);
  await expect(list.summary).toContainText("Income €2,500.00");

  await dialog.getByRole("button", { name: "See the history" }).click();
  const item = dialog.getByTestId("import-history-item");
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("import-history-file")).toHaveText(
    "NL00INGB0001234567_01-01-2025_31-01-2025.csv",
  );
  await expect(item).toContainText("ING ·");
  await expect(item.getByTestId("import-history-counts")).toHaveText(
    "4 imported · 0 already there · 0 skipped",
  );

  // Undo, after asking.
  await item.getByRole("button", { name: "Undo import" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Undo this import?");
  await expect(confirm).toContainText(
    "The 4 entries imported from “NL00INGB0001234567_01-01-2025_31-01-2025.csv” are removed",
  );
  await confirm.getByRole("button", { name: "Undo import" }).click();
  // The dialog closes on the list: the entries are gone and the figures with them.
  const undone = toast(page, "Import undone: 4 entries removed");
  await expect(undone).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(list.rows).toHaveCount(0);
  await expect(list.summary).not.toContainText("€2,500.00");

  // The undo's undo, from the toast.
  await undone.getByRole("button", { name: "Undo" }).click();
  await expect(toast(page, "Import back: 4 entries restored")).toBeVisible();
  await expect(list.rows).toHaveCount(4);
  await expect(list.summary).toContainText("Income €2,500.00");

  // The history says it stands again.
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  await dialog.getByRole("tab", { name: "History" }).click();
  await expect(item.getByTestId("import-history-undone")).toHaveCount(0);
  await expect(item.getByRole("button", { name: "Undo import" })).toBeVisible();
});
