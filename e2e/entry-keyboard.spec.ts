import type { Locator, Page } from "@playwright/test";
import { adminEmails, expect, newPerson, test, type Mailbox } from "./fixtures.ts";
import { browserCookies, signUpThroughApi, type ApiPerson } from "./page-models/household-api.ts";
import { apiCall, EntryDialog, householdBasics, TransactionsPage } from "./page-models/entries.ts";

// Issue 16, item 10: the entry form is keyboard-first, and dates are typed and picked in
// Hearth's language, whatever the browser's.
test.use({ reducedMotion: "reduce", locale: "en-US" });

type Entry = {
  occurredOn: string;
  merchant: string | null;
  categoryId: string | null;
  amountCents: number;
};

async function signedIn(page: Page, baseURL: string | undefined, mailbox: Mailbox) {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await signUpThroughApi(baseURL, mailbox, newPerson("keyboard"));
  await page.context().addCookies(browserCookies(person));
  return person;
}

async function entries(person: ApiPerson): Promise<Entry[]> {
  return (await apiCall<{ items: Entry[] }>(person, "GET", "/transactions")).items;
}

/** Waits until the field has the focus (a poll needs its matcher, or it waits for nothing). */
const isFocused = (locator: Locator) =>
  expect.poll(() => locator.evaluate((element) => element === document.activeElement)).toBe(true);

test("in an English browser with Hearth in Dutch, the entry's date is typed and picked as dd-mm-jjjj and saved as that day", async ({
  page,
  baseURL,
  mailbox,
}) => {
  const person = await signedIn(page, baseURL, mailbox);
  await page.goto("/dashboard");
  await page.evaluate(() => localStorage.setItem("language", "nl"));
  await page.goto("/dashboard");
  await page.getByTestId("add-entry").click();
  const form = new EntryDialog(page);
  await expect(form.dialog).toBeVisible();
  const date = form.dialog.getByLabel("Datum", { exact: true });
  await expect(date).toHaveAttribute("placeholder", "dd-mm-jjjj");
  const today = new Date().toLocaleDateString("sv-SE");
  await expect(date).toHaveValue(today.split("-").reverse().join("-"));

  await form.amount.fill("12,50");
  // Digits alone: the separators come by themselves, day first.
  await date.click();
  await date.press("ControlOrMeta+a");
  await date.pressSequentially("03022026");
  await expect(date).toHaveValue("03-02-2026");

  // The calendar speaks Dutch: February's name, Monday first, and picks a day.
  await form.dialog.getByRole("button", { name: "Kalender openen" }).click();
  const calendar = page.getByTestId("date-calendar");
  await expect(calendar.getByText("februari 2026")).toBeVisible();
  await expect(calendar.getByRole("columnheader").first()).toHaveText("ma");
  await calendar.getByRole("button", { name: "dinsdag 10 februari 2026" }).click();
  await expect(date).toHaveValue("10-02-2026");
  await isFocused(date);
  // And by keyboard: Alt+↓ opens it on the day typed, → moves a day, Enter picks.
  await date.press("Alt+ArrowDown");
  await isFocused(calendar.getByRole("button", { name: "dinsdag 10 februari 2026" }));
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(date).toHaveValue("11-02-2026");
  await isFocused(date);

  await form.category.selectOption({ label: "Boodschappen" });
  await form.dialog.getByRole("button", { name: "Opslaan" }).click();
  await expect(form.dialog).toBeHidden();
  const saved = await entries(person);
  expect(saved.map((entry) => entry.occurredOn)).toEqual(["2026-02-11"]);

  // Typed short and left: the year is this one's.
  await page.getByTestId("add-entry").click();
  await date.fill("7-3");
  await date.press("Tab");
  await expect(date).toHaveValue(`07-03-${today.slice(0, 4)}`);
});

test("an entry with the keyboard alone: amount, Tab, date, Tab, a known merchant picked from the list proposes its category, Enter saves", async ({
  page,
  baseURL,
  mailbox,
}) => {
  const person = await signedIn(page, baseURL, mailbox);
  const { memberId, byName } = await householdBasics(person);
  for (const [merchant, category, occurredOn] of [
    ["Bakkerij Bart", "Groceries", "2026-01-10"],
    ["Bakkerij Bart", "Eating out", "2026-02-14"],
    ["Bakker Bosman", "Groceries", "2026-01-20"],
  ] as const) {
    await apiCall(person, "POST", "/transactions", {
      kind: "expense",
      amountCents: 500,
      occurredOn,
      categoryId: byName(category),
      merchant,
      splitMode: "personal",
      memberId,
      paidByMemberId: memberId,
    });
  }
  await page.goto("/dashboard");
  await expect(page.getByTestId("add-entry")).toBeVisible();
  await page.keyboard.press("n");
  const form = new EntryDialog(page);
  await expect(form.dialog).toBeVisible();
  await isFocused(form.amount);
  await page.keyboard.type("7.25");

  // One Tab to the date, typed in Hearth's English form (dd/mm/yyyy).
  await page.keyboard.press("Tab");
  const date = form.dialog.getByLabel("Date", { exact: true });
  await isFocused(date);
  await expect(date).toHaveAttribute("placeholder", "dd/mm/yyyy");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("05032026");
  await expect(date).toHaveValue("05/03/2026");

  // One Tab to the merchant: the household's merchants as one types, the most used first.
  await page.keyboard.press("Tab");
  const merchant = form.dialog.getByRole("combobox", { name: "Merchant" });
  await isFocused(merchant);
  await page.keyboard.type("bak");
  const list = page.getByRole("listbox");
  await expect(list.getByRole("option")).toHaveText([
    /^Bakkerij Bart\s*Eating out$/,
    /^Bakker Bosman\s*Groceries$/,
  ]);
  // Escape closes the list, not the form; ↓ opens it again.
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(form.dialog).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await expect(merchant).toHaveAttribute(
    "aria-activedescendant",
    (await list.getByRole("option").first().getAttribute("id")) ?? "",
  );
  // Enter picks (the list is open); its last category is proposed.
  await page.keyboard.press("Enter");
  await expect(merchant).toHaveValue("Bakkerij Bart");
  await expect(list).toBeHidden();
  await expect(form.category.locator("option:checked")).toHaveText("Eating out");
  await expect(form.dialog).toBeVisible();

  // The next Tab is the category; Enter on it saves, as from anywhere in the form.
  await page.keyboard.press("Tab");
  await isFocused(form.category);
  await page.keyboard.press("Enter");
  await expect(form.dialog).toBeHidden();

  const transactions = new TransactionsPage(page);
  await transactions.goto("?q=Bakkerij");
  await expect(transactions.rows).toHaveCount(3);
  const row = transactions.rows.filter({ hasText: "7.25" });
  await expect(row).toContainText("Eating out");
  const saved = (await entries(person)).find((entry) => entry.occurredOn === "2026-03-05");
  expect(saved).toMatchObject({ merchant: "Bakkerij Bart", categoryId: byName("Eating out") });

  // A category chosen by the person stays when a merchant is picked after it.
  await page.keyboard.press("n");
  await expect(form.dialog).toBeVisible();
  await form.amount.fill("3.00");
  await form.category.selectOption({ label: "Transport" });
  await merchant.fill("Bakkerij");
  await page.getByRole("option", { name: /Bakkerij Bart/ }).click();
  await expect(merchant).toHaveValue("Bakkerij Bart");
  await expect(form.category.locator("option:checked")).toHaveText("Transport");
});

test("what is typed right after n, while the form's code is still on its way, is the amount: no digit is lost", async ({
  page,
  baseURL,
  mailbox,
}) => {
  const person = await signedIn(page, baseURL, mailbox);
  // The dialog's form is a deferred chunk: held back here for three seconds, as on a slow
  // connection (one second was sometimes over before a slow machine had typed and looked).
  let held = 0;
  await page.route("**/assets/entry-dialog-body-*.js", async (route) => {
    held += 1;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  const transactions = new TransactionsPage(page);
  await transactions.goto();
  await expect(page.getByTestId("add-entry")).toBeVisible();
  const form = new EntryDialog(page);

  // "n", then the amount at once, with no wait for the form (a slip taken back with Backspace).
  await page.keyboard.press("n");
  await page.keyboard.type("12.59");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("0");
  await expect(form.dialog).toBeVisible();
  expect(await form.amount.count()).toBe(0);

  await expect(form.amount).toHaveValue("12.50");
  await isFocused(form.amount);
  expect(held).toBe(1);
  await expect(form.dialog.getByText("Saves €12.50")).toBeVisible();
  // Typing on goes after what was kept.
  await page.keyboard.type("5");
  await expect(form.amount).toHaveValue("12.505");
  await page.keyboard.press("Backspace");

  await form.category.selectOption({ label: "Groceries" });
  await form.category.press("Enter");
  await expect(form.dialog).toBeHidden();
  const saved = await entries(person);
  expect(saved.map((entry) => entry.amountCents)).toEqual([1250]);
  await expect(transactions.rows.filter({ hasText: "12.50" })).toHaveCount(1);
});

test("Enter on Quick entry's category saves the entry", async ({ page, signInAsAdmin }) => {
  await signInAsAdmin(page, adminEmails[0]);
  await page.goto("/dashboard/snelle-transactie");
  const form = page.getByRole("form", { name: "Quick entry" });
  await expect(form).toBeVisible();
  const amount = form.getByLabel("Amount");
  await isFocused(amount);
  const merchant = `Kiosk ${Date.now()}`;
  await form.getByLabel("Merchant (optional)").fill(merchant);
  await amount.fill("4.20");
  await page.keyboard.press("Tab");
  const category = form.getByLabel("Category");
  await isFocused(category);
  await category.selectOption({ label: "Transport" });
  await category.press("Enter");
  await expect(page.getByTestId("quick-recent")).toContainText("4.20");
  await expect(form.getByLabel("Merchant (optional)")).toHaveValue("");
  await isFocused(amount);

  // The merchant just used is suggested with its category, which is proposed when picked.
  await amount.fill("1.80");
  await category.selectOption({ value: "" });
  const merchantField = form.getByRole("combobox", { name: "Merchant (optional)" });
  await merchantField.fill(merchant.slice(0, 9));
  const list = page.getByRole("listbox");
  await expect(list.getByRole("option").first()).toHaveText(
    new RegExp(`^${merchant}\\s*Transport$`),
  );
  await merchantField.press("ArrowDown");
  await merchantField.press("Enter");
  await expect(merchantField).toHaveValue(merchant);
  await expect(category.locator("option:checked")).toHaveText("Transport");
  await merchantField.press("Enter");
  await expect(page.getByTestId("quick-recent")).toContainText("1.80");
});
