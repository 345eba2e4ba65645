import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, newPerson, test } from "./fixtures.ts";
import { browserCookies, call, signUpThroughApi } from "./page-models/household-api.ts";
import { TransactionsPage } from "./page-models/entries.ts";

/**
 * Banks' statement files (decision 036) through the same import dialog: a CAMT.053 imports
 * without touching a control, an MT940 in Dutch too, and a broken OFX says why in the person's
 * language.
 */

const bankFile = (name: string) =>
  readFileSync(join(import.meta.dirname, "..", "test", "fixtures", "bank-files", name));

test("ING's CAMT.053 imports without touching a control", async ({ page, baseURL, mailbox }) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("camt"));
  await page.context().addCookies(browserCookies(person));
  const list = new TransactionsPage(page);
  await list.goto();
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "camt053-NL69INGB0123456789.xml",
    mimeType: "application/xml",
    buffer: bankFile("camt053-ing.xml"),
  });
  await expect(dialog.getByTestId("csv-format")).toContainText("CAMT.053 statement");
  await expect(dialog.getByTestId("import-doubts")).toHaveCount(0);
  await expect(dialog.getByTestId("import-good")).toHaveText("6 rows ready to import");
  await expect(dialog.getByTestId("import-preview-amount")).toHaveText([
    "€23.45",
    "€2,150.00",
    "€850.00",
    "€42.10",
    "€2.40",
  ]);
  await expect(dialog.getByRole("row").nth(2)).toContainText("Werkgever B.V.");
  await expect(dialog.getByRole("row").nth(2)).toContainText("Income");
  await dialog.getByRole("button", { name: "Import 6 rows" }).click();
  await expect(dialog.getByTestId("import-result")).toContainText("6 entries imported");
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(list.rows).toHaveCount(6);
  await expect(list.summary).toContainText("Income €2,150.00");
});

test("in Dutch: ABN AMRO's MT940 imports as it is, a broken OFX says why", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("mt940"));
  await page.context().addCookies(browserCookies(person));
  await page.addInitScript(() => localStorage.setItem("language", "nl"));
  await page.goto("/dashboard/transactions");
  await page.getByRole("button", { name: "CSV importeren" }).first().click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByLabel("CSV-bestand").setInputFiles({
    name: "kapot.ofx",
    mimeType: "application/x-ofx",
    buffer: Buffer.from(bankFile("qfx-us-card.qfx").toString("utf8").replace("</STMTTRN>", "")),
  });
  await expect(dialog.getByTestId("csv-read-failed")).toHaveText(
    "Dit bestand lijkt een OFX- of QFX-bankbestand maar is niet te lezen: download het opnieuw bij je bank, of kies de CSV-export",
  );
  await dialog.getByLabel("CSV-bestand").setInputFiles({
    name: "MT940250131.STA",
    mimeType: "text/plain",
    buffer: bankFile("mt940-abnamro.sta"),
  });
  await expect(dialog.getByTestId("csv-format")).toContainText("MT940-afschrift");
  await expect(dialog.getByTestId("import-doubts")).toHaveCount(0);
  await expect(dialog.getByTestId("import-good")).toHaveText("6 rijen klaar om te importeren");
  await expect(dialog.getByRole("row").nth(3)).toContainText("WONINGSTICHTING EIGEN HAARD");
  await dialog.getByRole("button", { name: "6 rijen importeren" }).click();
  await expect(dialog.getByTestId("import-result")).toContainText("6 posten geïmporteerd");
});

test("a row that is an entry typed by hand is a likely match, linked instead of doubled", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("match"));
  const { account } = await call<{ account: { member: { id: string } } }>(
    person,
    "GET",
    "/session",
  );
  const { categories } = await call<{ categories: { id: string; kind: string }[] }>(
    person,
    "GET",
    "/categories",
  );
  const groceries = categories.find((category) => category.kind === "expense");
  if (!groceries) throw new Error("No expense category.");
  // Typed by hand two days before the bank booked it.
  await call(person, "POST", "/transactions", {
    kind: "expense",
    amountCents: 2345,
    occurredOn: "2025-01-01",
    categoryId: groceries.id,
    merchant: "Boodschappen",
    splitMode: "personal",
    memberId: account.member.id,
    paidByMemberId: account.member.id,
  });
  await page.context().addCookies(browserCookies(person));
  const list = new TransactionsPage(page);
  await list.goto();
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "camt053.xml",
    mimeType: "application/xml",
    buffer: bankFile("camt053-ing.xml"),
  });
  const matches = dialog.getByTestId("import-matches");
  await expect(matches).toContainText("1 row looks like an entry you typed yourself");
  await expect(matches.getByTestId("import-match")).toHaveText([
    "3 Jan 2025 · €23.45 · Albert Heijn 1234: your entry of 1 Jan 2025, Boodschappen",
  ]);
  await expect(matches.getByRole("checkbox")).toBeChecked();
  await dialog.getByRole("button", { name: "Import 6 rows" }).click();
  const done = dialog.getByTestId("import-result");
  await expect(done).toContainText("5 entries imported");
  await expect(done.getByTestId("import-linked")).toHaveText(
    "1 linked to an entry you typed yourself",
  );
  await dialog.getByRole("button", { name: "Close" }).last().click();
  // Five from the bank and the one typed by hand: no second €23.45.
  await expect(list.rows).toHaveCount(6);
});
