import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, newPerson, test } from "./fixtures.ts";
import { browserCookies, signUpThroughApi } from "./page-models/household-api.ts";
import { TransactionsPage } from "./page-models/entries.ts";

/**
 * Bank files that used to come in wrong: ABN AMRO's .TAB file (no header, Windows-1252) became
 * expenses of the account number; a file whose amount column cannot be told must be confirmed
 * before it imports; a US card file's month-first dates and card number.
 */

const bankFile = (name: string) =>
  readFileSync(join(import.meta.dirname, "..", "test", "fixtures", "bank-files", name));

test("ABN AMRO's .TAB file: the amounts, not the account number, and the accents kept", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("abn"));
  await page.context().addCookies(browserCookies(person));
  const list = new TransactionsPage(page);
  await list.goto();
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "TXT250131.TAB",
    mimeType: "text/plain",
    buffer: bankFile("abnamro.TAB"),
  });
  await expect(dialog.getByTestId("csv-encoding")).toContainText("Windows-1252");
  await expect(dialog.getByLabel("The first row holds the column names")).not.toBeChecked();
  await expect(dialog.getByLabel("Date format")).toHaveValue("YYYYMMDD");
  await expect(dialog.getByLabel("Amount", { exact: true })).toHaveValue("6");
  await expect(dialog.getByTestId("import-doubts")).toHaveCount(0);
  await expect(dialog.getByTestId("import-good")).toHaveText("4 rows ready to import");
  await expect(dialog.getByTestId("import-preview-amount")).toHaveText([
    "€23.45",
    "€2,500.00",
    "€8.10",
    "€1,234.56",
  ]);
  await expect(dialog.getByRole("row").nth(3)).toContainText("Café Müller");
  await expect(dialog.getByRole("row").nth(2)).toContainText("Income");
  await dialog.getByRole("button", { name: "Import 4 rows" }).click();
  await expect(dialog.getByTestId("import-result")).toContainText("4 entries imported");
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(list.rows).toHaveCount(4);
  await expect(list.summary).toContainText("Income €2,500.00");
});

test("in Dutch: a file whose amount column cannot be told is said so and must be confirmed", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("twijfel"));
  await page.context().addCookies(browserCookies(person));
  await page.addInitScript(() => localStorage.setItem("language", "nl"));
  await page.goto("/dashboard/transactions");
  await page.getByRole("button", { name: "CSV importeren" }).first().click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByLabel("CSV-bestand").setInputFiles({
    name: "export.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "02-01-2025;12,50;3,10;Bakker\n03-01-2025;8,00;99,99;Slager\n04-01-2025;1,25;7,00;Kroeg\n",
    ),
  });
  const doubts = dialog.getByTestId("import-doubts");
  await expect(doubts.getByTestId("import-doubt-amount")).toHaveText(
    "Niet zeker welke kolom de bedragen bevat: “Kolom 2” is gekozen. Controleer de bedragkolom en het voorbeeld hieronder.",
  );
  await expect(doubts.getByTestId("import-doubt-date-order")).toContainText(
    "Ze worden gelezen als DD-MM-YYYY: 02-01-2025 is 2 jan 2025.",
  );
  await expect(doubts.getByTestId("import-doubt-kind")).toContainText(
    "elke rij wordt geïmporteerd als Uitgave",
  );
  const submit = dialog.getByRole("button", { name: "3 rijen importeren" });
  await expect(submit).toBeDisabled();
  // The amounts are in the third column: choose it, see the preview follow, and confirm.
  await dialog.getByLabel("Bedrag", { exact: true }).selectOption("2");
  await expect(dialog.getByTestId("import-preview-amount")).toHaveText([
    "€ 3,10",
    "€ 99,99",
    "€ 7,00",
  ]);
  await expect(submit).toBeDisabled();
  await doubts.getByLabel("Ik heb de kolommen gecontroleerd: het voorbeeld klopt").check();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(dialog.getByTestId("import-result")).toContainText("3 posten geïmporteerd");
});

test("US card files: month-first dates from the whole file, debit and credit columns, not the card number, and a sign turned round", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("card"));
  await page.context().addCookies(browserCookies(person));
  await page.goto("/dashboard/transactions");
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "capital-one.csv",
    mimeType: "text/csv",
    buffer: bankFile("us-card.csv"),
  });
  await expect(dialog.getByLabel("Date format")).toHaveValue("MM/DD/YYYY");
  await expect(dialog.getByLabel("Income or expense from")).toHaveValue("split");
  await expect(dialog.getByLabel("Amount: money out")).toHaveValue("5");
  await expect(dialog.getByLabel("Amount: money in")).toHaveValue("6");
  await expect(dialog.getByTestId("import-doubts")).toHaveCount(0);
  await expect(dialog.getByTestId("import-preview-amount")).toHaveText([
    "€4.50",
    "€82.17",
    "€500.00",
    "€38.00",
    "€19.99",
  ]);
  await expect(dialog.getByRole("row").nth(1)).toContainText("5 Jan 2025");
  await expect(dialog.getByRole("row").nth(5)).toContainText("28 Jan 2025");
  await expect(dialog.getByRole("row").nth(3)).toContainText("Income");

  // An Amex file writes spending positive: recognised, its preset turns every row round.
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "amex.csv",
    mimeType: "text/csv",
    buffer: bankFile("amex.csv"),
  });
  await expect(dialog.getByTestId("import-bank")).toHaveText("Recognised: American Express");
  await expect(dialog.getByTestId("import-doubts")).toHaveCount(0);
  await expect(
    dialog.getByLabel("Money out is written as a positive amount: turn every row round"),
  ).toBeChecked();
  await expect(dialog.getByRole("row").nth(1)).toContainText("Expense");
  await expect(dialog.getByRole("row").nth(3)).toContainText("Income");
  await dialog.getByRole("button", { name: "Import 5 rows" }).click();
  await expect(dialog.getByTestId("import-result")).toContainText("5 entries imported");
});

test("in Dutch: Knab's file with its title line, D/C words and a choice of which one means money out", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("knab"));
  await page.context().addCookies(browserCookies(person));
  await page.addInitScript(() => localStorage.setItem("language", "nl"));
  await page.goto("/dashboard/transactions");
  await page.getByRole("button", { name: "CSV importeren" }).first().click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByLabel("CSV-bestand").setInputFiles({
    name: "knab.csv",
    mimeType: "text/csv",
    buffer: bankFile("knab.csv"),
  });
  await expect(dialog.getByTestId("import-skipped")).toHaveText(
    "Weggelaten omdat ze niet bij de tabel horen: 1 regel(s) erboven en 0 eronder (titels, totalen).",
  );
  await expect(dialog.getByLabel("Regels boven de tabel weglaten")).toHaveValue("1");
  await expect(dialog.getByLabel("Inkomen of uitgave volgens")).toHaveValue("column");
  await expect(dialog.getByTestId("import-preview-amount")).toHaveText([
    "€ 23,45",
    "€ 2.500,00",
    "€ 8,10",
    "€ 1.234,56",
  ]);
  await expect(dialog.getByRole("row").nth(1)).toContainText("Uitgave");
  await expect(dialog.getByRole("row").nth(2)).toContainText("Inkomen");
  // Choosing "C" as money out turns the rows round, in the preview as on import.
  await dialog.getByLabel("Geld dat afgaat herken je aan").selectOption("c");
  await expect(dialog.getByRole("row").nth(1)).toContainText("Inkomen");
  await expect(dialog.getByRole("row").nth(2)).toContainText("Uitgave");
  await dialog.getByLabel("Geld dat afgaat herken je aan").selectOption("");
  await dialog.getByRole("button", { name: "4 rijen importeren" }).click();
  await expect(dialog.getByTestId("import-result")).toContainText("4 posten geïmporteerd");
});
