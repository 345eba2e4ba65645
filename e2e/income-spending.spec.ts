import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test, named } from "./fixtures.ts";
import {
  browserCookies,
  call as api,
  householdOf,
  householdOfTwo,
  signUpThroughApi,
  type ApiPerson,
} from "./page-models/household-api.ts";

// axe-core is injected into the pages (the app's CSP would refuse it); animations off.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

type MemberRow = { id: string; name: string; isHousehold: boolean };
type CategoryRow = { id: string; name: string; kind: string };

async function membersOf(person: ApiPerson): Promise<MemberRow[]> {
  const household = await householdOf(person);
  const { members } = await api<{ members: MemberRow[] }>(
    person,
    "GET",
    `/households/${household.id}/members`,
  );
  return members.filter((member) => !member.isHousehold);
}

async function category(person: ApiPerson, name: string): Promise<CategoryRow> {
  const { categories } = await api<{ categories: CategoryRow[] }>(person, "GET", "/categories");
  const found = categories.find((row) => row.name === name);
  if (!found) throw new Error(`No category ${name}`);
  return found;
}

function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
}

function todayIso(): string {
  return `${thisMonth()}-${String(new Date().getDate()).padStart(2, "0")}`;
}

/** The income & spending page's tab panel in view. */
function panel(page: Page) {
  return page.getByRole("tabpanel");
}

test("a split expense shows who owes whom; recording the settlement brings everyone to zero", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const { owner } = await householdOfTwo(baseURL, mailbox, {
    owner: named("Anna de Vries", "anna"),
    partner: named("Ben Bakker", "ben"),
  });
  const members = await membersOf(owner);
  const anna = members.find((member) => member.name === "Anna de Vries");
  const ben = members.find((member) => member.name === "Ben Bakker");
  if (!anna || !ben) throw new Error("members missing");
  const groceries = await category(owner, "Groceries");
  // € 123.40 paid by Anna, split 60/40: Ben owes Anna € 49.36.
  await api(owner, "POST", "/transactions", {
    kind: "expense",
    amountCents: 12340,
    occurredOn: todayIso(),
    categoryId: groceries.id,
    splitMode: "percent",
    paidByMemberId: anna.id,
    shares: [
      { memberId: anna.id, percentBp: 6000 },
      { memberId: ben.id, percentBp: 4000 },
    ],
  });

  await page.context().addCookies(browserCookies(owner));
  await page.goto("/dashboard/income-spending");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Income & spending");
  const settle = page.getByTestId("settle-up");
  await expect(settle.getByTestId("settle-balance").filter({ hasText: "Anna" })).toContainText(
    "is owed €49.36",
  );
  await expect(settle.getByTestId("settle-balance").filter({ hasText: "Ben" })).toContainText(
    "owes €49.36",
  );
  const payment = settle.getByTestId("settle-payment");
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText("Ben Bakker pays Anna de Vries €49.36");
  await expect(panel(page).getByTestId("expense-total")).toHaveText("€123.40");
  await expectNoSeriousA11yViolations(page, "the income & spending page");

  await payment.getByRole("button", { name: "Record settlement" }).click();
  const dialog = page.getByTestId("settlement-dialog");
  await expect(dialog).toContainText("Ben Bakker owes Anna de Vries €49.36");
  await expect(dialog.getByLabel("Amount")).toHaveValue("49.36");
  await dialog.getByRole("button", { name: "Record settlement" }).click();
  await expect(settle.getByTestId("settled")).toHaveText("Everyone is settled up.");
  await expect(settle.getByTestId("settle-balance").filter({ hasText: "Ben" })).toContainText(
    "is settled",
  );
  const balances = await api<{ balances: { balanceCents: number }[] }>(owner, "GET", "/settle-up");
  expect(balances.balances.map((balance) => balance.balanceCents)).toEqual([0, 0]);

  // Undo from the toast brings the proposal back.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(settle.getByTestId("settle-payment")).toHaveCount(1);

  // Ben's scope: his 40 % share of the groceries, and the list link filters on him.
  await page.getByTestId("scope-picker").click();
  await page.getByRole("menuitemradio", { name: "Ben Bakker" }).click();
  await expect(panel(page).getByTestId("expense-total")).toHaveText("€49.36");
  await expect(panel(page).getByTestId("category-total")).toHaveAttribute(
    "href",
    new RegExp(`category=${groceries.id}&.*member=${ben.id}$`),
  );
});

test("a monthly entry on the 31st falls on the last day of February", async ({
  page,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const owner = await signUpThroughApi(baseURL, mailbox, named("Anna de Vries", "rent"));
  const [anna] = await membersOf(owner);
  if (!anna) throw new Error("member missing");
  const rent = await category(owner, "Rent or mortgage");
  // A February that has passed: this year's from March on, else last year's.
  const now = new Date();
  const year = now.getMonth() >= 2 ? now.getFullYear() : now.getFullYear() - 1;
  await api(owner, "POST", "/recurring", {
    kind: "expense",
    amountCents: 95000,
    occurredOn: `${year}-01-31`,
    categoryId: rent.id,
    merchant: "Woonstichting",
    splitMode: "personal",
    memberId: anna.id,
    paidByMemberId: anna.id,
    frequency: "monthly",
  });
  const lastDay = new Date(Date.UTC(year, 2, 0)).getUTCDate();

  await page.context().addCookies(browserCookies(owner));
  await page.goto(`/dashboard/income-spending?tab=expenses&month=${year}-02`);
  await expect(page.getByTestId("month-label")).toHaveText(`February ${year}`);
  await expect(panel(page).getByTestId("expense-total")).toHaveText("€950.00");
  const row = panel(page).getByTestId("category-total");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Rent or mortgage");
  await expect(row).toContainText("1 entry");
  await expect(row).toHaveAttribute(
    "href",
    `/dashboard/transactions?kind=expense&category=${rent.id}&from=${year}-02-01&to=${year}-02-${lastDay}`,
  );
  const rule = panel(page).getByTestId("recurring-rule");
  await expect(rule).toContainText("Every month");
  await expect(rule).toContainText("Woonstichting");

  const { items } = await api<{ items: { occurredOn: string }[] }>(
    owner,
    "GET",
    `/transactions?from=${year}-02-01&to=${year}-02-${lastDay}`,
  );
  expect(items.map((item) => item.occurredOn)).toEqual([`${year}-02-${lastDay}`]);

  // March returns to the 31st.
  await page.getByRole("button", { name: "Next month" }).click();
  await expect(page).toHaveURL(new RegExp(`month=${year}-03`));
  await expect(panel(page).getByTestId("expense-total")).toHaveText("€950.00");

  // "Add expense" opens the dashboard's entry form in place.
  await panel(page).getByRole("button", { name: "Add expense" }).click();
  const entryForm = page.getByRole("dialog", { name: "Add an entry" });
  await expect(entryForm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(entryForm).toBeHidden();

  // Stopping asks first and keeps the past entries.
  await panel(page)
    .getByRole("button", { name: "Stop the recurring Rent or mortgage entry" })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Stop" }).click();
  await expect(rule).toContainText("Ended");
  await expect(panel(page).getByTestId("expense-total")).toHaveText("€950.00");
});

test("a budget warns at 80 % and shows when it is over", async ({ page, baseURL, mailbox }) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const owner = await signUpThroughApi(baseURL, mailbox, named("Anna de Vries", "budget"));
  const [anna] = await membersOf(owner);
  if (!anna) throw new Error("member missing");
  const groceries = await category(owner, "Groceries");

  await page.context().addCookies(browserCookies(owner));
  await page.goto("/dashboard/income-spending?tab=budgets");
  await expect(panel(page)).toContainText("No budgets for this month");
  await panel(page).getByRole("button", { name: "Set budget for Groceries" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Budget for the month").fill("abc");
  await dialog.getByRole("button", { name: "Save budget" }).click();
  await expect(dialog).toContainText("Enter a valid amount.");
  await dialog.getByLabel("Budget for the month").fill("200");
  await dialog.getByText("Carry what’s left", { exact: true }).click();
  await dialog.getByRole("button", { name: "Save budget" }).click();
  await expect(dialog).toBeHidden();
  const budget = panel(page).getByTestId("budget-row");
  await expect(budget).toContainText("€0.00 of €200.00");
  await expect(budget).toHaveAttribute("data-state", "ok");
  await expect(budget).toContainText("Carries what’s left");

  const expense = (amountCents: number) =>
    api(owner, "POST", "/transactions", {
      kind: "expense",
      amountCents,
      occurredOn: todayIso(),
      categoryId: groceries.id,
      splitMode: "personal",
      memberId: anna.id,
      paidByMemberId: anna.id,
    });
  await expense(17000);
  await page.reload();
  await expect(budget).toHaveAttribute("data-state", "warning");
  await expect(budget.getByTestId("budget-state")).toHaveText("85% used · €30.00 left");
  await expect(budget.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "85");
  await expectNoSeriousA11yViolations(page, "the budgets tab");

  await expense(5000);
  await page.reload();
  await expect(budget).toHaveAttribute("data-state", "over");
  await expect(budget.getByTestId("budget-state")).toHaveText("Over budget by €20.00");

  await budget.getByRole("button", { name: "Delete the budget for Groceries" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete budget" }).click();
  await expect(panel(page)).toContainText("No budgets for this month");
});

test("categories are added and archived from the page", async ({ page, signUpAndVerify }) => {
  await signUpAndVerify(page);
  await page.goto("/dashboard/income-spending");
  await page.getByRole("button", { name: "Manage categories" }).click();
  const sheet = page.getByTestId("category-manager");
  await expect(sheet.getByTestId("category-row").filter({ hasText: "Groceries" })).toBeVisible();
  await sheet.getByRole("button", { name: "Add category" }).click();
  const form = page.getByRole("dialog", { name: "Add an expense category" });
  await form.getByLabel("Name").fill("Pet food");
  // The tiles a person clicks; the radios inside them are for the keyboard and screen readers.
  await form.getByTitle("Dog", { exact: true }).click();
  await expect(form.getByRole("radio", { name: "Dog" })).toBeChecked();
  await form.getByTitle("Amber", { exact: true }).click();
  await expect(form.getByRole("radio", { name: "Amber" })).toBeChecked();
  await form.getByText("Tax-relevant", { exact: true }).click();
  await form.getByRole("button", { name: "Add category" }).click();
  await expect(form).toBeHidden();
  const row = sheet.getByTestId("category-row").filter({ hasText: "Pet food" });
  await expect(row).toContainText("Tax");

  await row.getByRole("button", { name: "Actions for Pet food" }).click();
  await page.getByRole("menuitem", { name: "Archive" }).click();
  await expect(row).toHaveAttribute("data-archived", "true");
  await expect(row).toContainText("Archived");

  // Merging asks first, then says how many entries moved.
  await row.getByRole("button", { name: "Actions for Pet food" }).click();
  await page.getByRole("menuitem", { name: "Merge into…" }).click();
  const merge = page.getByRole("alertdialog");
  await merge.getByLabel("Merge into").selectOption({ label: "Groceries" });
  await merge.getByRole("button", { name: "Merge" }).click();
  await expect(
    page.getByText("Pet food was merged into Groceries: 0 entries moved."),
  ).toBeVisible();
  await expect(row).toHaveCount(0);

  // Health care: the default set's category counts against the health deductible; a new one is
  // marked so in its form, and still is after a reload.
  const named = (name: string) =>
    sheet.getByTestId("category-row").filter({ has: page.getByText(name, { exact: true }) });
  await expect(named("Health care").getByTestId("category-health-badge")).toHaveText(
    "Health deductible",
  );
  await expect(named("Groceries").getByTestId("category-health-badge")).toHaveCount(0);
  const healthCare = "Health care — counts against the health deductible (eigen risico)";
  await sheet.getByRole("button", { name: "Add category" }).click();
  await form.getByLabel("Name").fill("Physiotherapy");
  await expect(form.getByRole("checkbox", { name: healthCare })).not.toBeChecked();
  await form.getByRole("checkbox", { name: healthCare }).check();
  await form.getByRole("button", { name: "Add category" }).click();
  await expect(form).toBeHidden();
  await expect(named("Physiotherapy").getByTestId("category-health-badge")).toBeVisible();

  await page.reload();
  await page.getByRole("button", { name: "Manage categories" }).click();
  await expect(named("Physiotherapy").getByTestId("category-health-badge")).toHaveText(
    "Health deductible",
  );
  await named("Physiotherapy").getByRole("button", { name: "Actions for Physiotherapy" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit category" });
  await expect(edit.getByRole("checkbox", { name: healthCare })).toBeChecked();
  await edit.getByRole("checkbox", { name: healthCare }).uncheck();
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(named("Physiotherapy").getByTestId("category-health-badge")).toHaveCount(0);

  // Income is never health care: its form has no such mark.
  await sheet.getByRole("tab", { name: "Income" }).click();
  await sheet.getByRole("button", { name: "Add category" }).click();
  const income = page.getByRole("dialog", { name: "Add an income category" });
  await expect(income.getByRole("checkbox", { name: "Tax-relevant" })).toBeVisible();
  await expect(income.getByRole("checkbox", { name: healthCare })).toHaveCount(0);
});

test("in Dutch: tabs, months and amounts with a decimal comma", async ({
  page,
  signUpAndVerify,
}) => {
  await page.addInitScript(() => localStorage.setItem("language", "nl"));
  await signUpAndVerify(page);
  await page.goto("/dashboard/income-spending?tab=budgets&month=2026-03");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inkomsten & uitgaven");
  await expect(page.getByTestId("month-label")).toHaveText("maart 2026");
  await expect(page.getByRole("tab", { name: "Budgetten" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await panel(page).getByRole("button", { name: "Budget instellen voor Boodschappen" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Budget voor de maand").fill("250,50");
  await dialog.getByRole("button", { name: "Budget opslaan" }).click();
  await expect(panel(page).getByTestId("budget-row")).toContainText("€ 0,00 van € 250,50");
  await page.getByRole("tab", { name: "Uitgaven" }).click();
  await expect(page).toHaveURL(/tab=expenses/);
  await expect(panel(page)).toContainText("Nog geen uitgaven deze maand");
});
