import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, newPerson, test } from "./fixtures.ts";
import { browserCookies, signUpThroughApi } from "./page-models/household-api.ts";
import { TransactionsPage } from "./page-models/entries.ts";

/**
 * Bank presets and remembered mappings (issue 17, item 3; decision 035): a Rabobank export in
 * Windows-1252 is recognised and imported without touching a control; the next file of that
 * shape gets the family's own choices back; the bank's Volgnr keeps the second import from
 * doubling anything.
 */

const bankFile = (name: string) =>
  readFileSync(join(import.meta.dirname, "..", "test", "fixtures", "bank-files", name));

test("a Rabobank file is recognised and imported without touching a control; the next one gets the family's choices", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("rabo"));
  await page.context().addCookies(browserCookies(person));
  const list = new TransactionsPage(page);
  await list.goto();
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const dialog = page.getByTestId("import-dialog");
  const chooseFile = () =>
    dialog.locator('input[type="file"]').setInputFiles({
      name: "CSV_A_NL00RABO0123456789_EUR_20250101_20250131.csv",
      mimeType: "text/csv",
      buffer: bankFile("rabobank.csv"),
    });
  await chooseFile();
  await expect(dialog.getByTestId("import-bank")).toHaveText("Recognised: Rabobank");
  await expect(dialog.getByTestId("import-remembered")).toHaveCount(0);
  await expect(dialog.getByTestId("csv-encoding")).toContainText("Windows-1252");
  // A CSV file is not named as a statement format (no "csv.formats.csv" on the screen).
  await expect(dialog.getByTestId("csv-format")).toHaveCount(0);
  await expect(dialog).not.toContainText("csv.formats");
  await expect(dialog.getByTestId("import-doubts")).toHaveCount(0);
  // The preset's mapping, every control still there to change.
  await expect(dialog.getByLabel("Amount", { exact: true })).toHaveValue("6");
  await expect(dialog.getByLabel("Merchant", { exact: true })).toHaveValue("9");
  await expect(dialog.getByLabel("Bank's reference")).toHaveValue("3");
  await expect(dialog.getByTestId("import-good")).toHaveText("4 rows ready to import");
  await expect(dialog.getByTestId("import-preview-amount")).toHaveText([
    "€23.45",
    "€2,500.00",
    "€8.10",
    "€1,234.56",
  ]);
  await expect(dialog.getByRole("row").nth(3)).toContainText("Café Müller");
  await page.screenshot({
    path: test.info().outputPath("rabobank-recognised.png"),
    fullPage: true,
  });
  await dialog.getByRole("button", { name: "Import 4 rows" }).click();
  await expect(dialog.getByTestId("import-result")).toContainText("4 entries imported");
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(list.rows).toHaveCount(4);
  await expect(list.summary).toContainText("Income €2,500.00");

  // The same layout again: the family's last mapping is proposed, and nothing is doubled.
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  await chooseFile();
  await expect(dialog.getByTestId("import-remembered")).toBeVisible();
  await expect(dialog.getByTestId("import-bank")).toHaveText("Recognised: Rabobank");
  await expect(dialog.getByLabel("Bank's reference")).toHaveValue("3");
  await dialog.getByRole("button", { name: "Import 4 rows" }).click();
  await expect(dialog.getByTestId("import-result")).toContainText("0 entries imported");
  await expect(dialog.getByTestId("import-result")).toContainText("4 already imported before");
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(list.rows).toHaveCount(4);
});

test("in Dutch, on a phone: the bank named and its columns set", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("knab"));
  await page.context().addCookies(browserCookies(person));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem("language", "nl"));
  await page.goto("/dashboard/transactions");
  await page.getByRole("button", { name: "CSV importeren" }).first().click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "knab-export.csv",
    mimeType: "text/csv",
    buffer: bankFile("knab.csv"),
  });
  await expect(dialog.getByTestId("import-bank")).toHaveText("Herkend: Knab");
  await expect(dialog.getByLabel("Referentie van de bank")).toHaveValue("14");
  await expect(dialog.getByTestId("import-good")).toContainText("4");
  // The note fits the phone's dialog.
  const note = await dialog.getByTestId("import-recognised").boundingBox();
  const box = await dialog.boundingBox();
  expect(note && box && note.x + note.width <= box.x + box.width).toBe(true);
  await page.screenshot({ path: test.info().outputPath("knab-nl-phone.png") });
});

test("a Belfius file: its statement number beside the bank's reference, and on a phone nothing scrolls sideways", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("belfius"));
  await page.context().addCookies(browserCookies(person));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/dashboard/transactions");
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "BE00000000000002 2025-01.csv",
    mimeType: "text/csv",
    buffer: bankFile("belfius.csv"),
  });
  await expect(dialog.getByTestId("import-bank")).toHaveText("Recognised: Belfius");
  const reference = dialog.getByLabel("Bank's reference");
  const statement = dialog.getByLabel("Statement number");
  await expect(reference).toHaveValue("3");
  await expect(statement).toHaveValue("2");
  // On three columns the two share a row, the statement number right after the reference.
  const referenceBox = await reference.boundingBox();
  const statementBox = await statement.boundingBox();
  expect(referenceBox && statementBox).toBeTruthy();
  if (!referenceBox || !statementBox) return;
  expect(statementBox.y).toBe(referenceBox.y);
  expect(statementBox.x).toBeGreaterThan(referenceBox.x);
  // On a phone the preview's table scrolls in its own box; the dialog and the page do not.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByTestId("import-good")).toHaveText("3 rows ready to import");
  const sideways = (element: HTMLElement) => element.scrollWidth - element.clientWidth;
  await expect.poll(() => dialog.evaluate(sideways)).toBeLessThanOrEqual(0);
  expect(await page.locator("html").evaluate(sideways)).toBeLessThanOrEqual(0);
});
