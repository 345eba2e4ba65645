import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, newPerson, test } from "./fixtures.ts";
import { browserCookies, signUpThroughApi } from "./page-models/household-api.ts";
import { apiCall, TransactionsPage } from "./page-models/entries.ts";
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

test("in Dutch: a row deleted after its import stays out of the same file again, unless asked", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("weer"));
  await page.context().addCookies(browserCookies(person));
  await page.addInitScript(() => localStorage.setItem("language", "nl"));
  const list = new TransactionsPage(page);
  await list.goto();
  const importFile = async () => {
    await page.getByRole("button", { name: "CSV importeren" }).first().click();
    const dialog = page.getByTestId("import-dialog");
    await dialog.getByLabel("CSV-bestand").setInputFiles({
      name: "ing.csv",
      mimeType: "text/csv",
      buffer: ingFile,
    });
    await dialog.getByRole("button", { name: "4 rijen importeren" }).click();
    await expect(dialog.getByTestId("import-result")).toBeVisible();
    return dialog;
  };
  let dialog = await importFile();
  await dialog.getByRole("button", { name: "Sluiten" }).last().click();
  await expect(list.rows).toHaveCount(4);

  // One entry deleted by hand: the same file again leaves it out, and says so.
  const { items } = await apiCall<{ items: { id: string; merchant: string }[] }>(
    person,
    "GET",
    "/transactions",
  );
  const cafe = items.find((item) => item.merchant === "Café Müller");
  await apiCall(person, "POST", "/transactions/delete", { ids: [cafe?.id] });
  await page.reload();
  await expect(list.rows).toHaveCount(3);
  dialog = await importFile();
  const result = dialog.getByTestId("import-result");
  await expect(result).toContainText("0 posten geïmporteerd");
  await expect(dialog.getByTestId("import-deleted-before")).toHaveText(
    "Daarvan had je er 1 verwijderd. Toch weer importeren",
  );
  await dialog.getByRole("button", { name: "Toch weer importeren" }).click();
  await expect(result).toContainText("1 post geïmporteerd");
  await expect(dialog.getByTestId("import-deleted-before")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Sluiten" }).last().click();
  await expect(list.rows).toHaveCount(4);
});
