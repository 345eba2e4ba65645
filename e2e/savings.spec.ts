import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test, type Mailbox, named } from "./fixtures.ts";
import { browserCookies, call, householdOfTwo } from "./page-models/household-api.ts";
import { toast } from "./page-models/household-sidebar.ts";
import {
  choose,
  premiumThroughApi,
  SavingsAccountPage,
  SavingsPage,
  tabTo,
} from "./page-models/savings.ts";

/**
 * Savings as a couple uses it (issue 12, items 1-3): a Premium household of two opens an account
 * they share 60/40, deposits joint money, checks Hearth's balance against the bank's statement
 * and books the difference, and plans a goal whose status and reach date follow the what-if.
 * Once in English, light, on a laptop; once in Dutch, dark, on a phone with the keyboard.
 */

// axe-core is injected into the pages (the app's CSP would refuse it); animations off.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** A Premium household of two (`owner` owns it), with the owner signed in in `page`. */
async function premiumCouple(
  page: Page,
  baseURL: string | undefined,
  mailbox: Mailbox,
  names: { owner: string; partner: string },
) {
  if (!baseURL) throw new Error("baseURL is not set");
  const couple = await householdOfTwo(baseURL, mailbox, {
    owner: named(names.owner, "savings-owner"),
    partner: named(names.partner, "savings-partner"),
  });
  await premiumThroughApi(couple.owner);
  await page.context().addCookies(browserCookies(couple.owner));
  return couple;
}

/**
 * A day as `YYYY-MM-DD`, `days` from today in the browser's time zone (Europe/Amsterdam).
 * Movements and statements are dated in the past: the server counts balances up to its own
 * today (its TZ, UTC here), which is a day behind the browser's just after midnight.
 */
function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(
    new Date(),
  );
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** About two years from now: the same month, two years on (on the 28th at the latest). */
function twoYearsOn(): string {
  const [year, month, day] = dayFromToday(0).split("-").map(Number) as [number, number, number];
  return `${year + 2}-${String(month).padStart(2, "0")}-${String(Math.min(day, 28)).padStart(2, "0")}`;
}

/** How far the page sticks out sideways (0 or less: it fits the screen). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** "Reached in March 2028" (a goal's reach, or the what-if's answer) as a comparable number. */
function reachedMonth(text: string | null): number {
  const month = /Reached in (\w+ \d{4})/.exec(text ?? "")?.[1];
  if (!month) throw new Error(`No reach month in "${text}"`);
  const time = Date.parse(`1 ${month} UTC`);
  if (Number.isNaN(time)) throw new Error(`Cannot read the month "${month}"`);
  return time;
}

test.describe("in English, light, on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });

  test("a shared account: deposit, statement check and correction, the partner's share, and a goal with a what-if", async ({
    page,
    baseURL,
    mailbox,
  }) => {
    await premiumCouple(page, baseURL, mailbox, {
      owner: "Lotte Vermeer",
      partner: "Joris Vermeer",
    });
    const savings = new SavingsPage(page);
    await savings.goto();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await expect(savings.emptyAccounts).toBeVisible();

    // A new account, shared 60/40, at 2.25 %, with what was on it a month ago.
    await savings.newAccount.click();
    const form = savings.accountDialog;
    await expect(form.name).toBeFocused();
    await form.name.fill("Holiday savings");
    await form.institution.fill("ING");
    await choose(form.owner("shared"));
    await expect(form.percentOf("Lotte Vermeer")).toHaveValue("50");
    await form.percentOf("Lotte Vermeer").fill("60");
    await expect(form.ownerRemainder).toHaveText("10% too much");
    await form.percentOf("Joris Vermeer").fill("40");
    await expect(form.ownerRemainder).toHaveText("The shares add up to 100%.");
    await form.openingBalance.fill("1000");
    await form.openedOn.fill(dayFromToday(-30));
    await form.rate.fill("2.25");
    await form.submit.click();
    await expect(toast(page, "Holiday savings was added.")).toBeVisible();
    await expect(form.dialog).toBeHidden();

    const row = savings.account("Holiday savings");
    await expect(savings.balanceOf("Holiday savings")).toHaveText("€1,000.00");
    await expect(row).toContainText("ING · Savings · Lotte Vermeer 60% · Joris Vermeer 40%");
    await expect(row).toContainText("Rate today 2.25%");

    // € 200 from the joint money.
    await savings.depositTo("Holiday savings").click();
    const deposit = savings.movementDialog;
    await expect(deposit.kind("deposit")).toBeChecked();
    await expect(deposit.amount).toBeFocused();
    await deposit.amount.fill("200");
    await deposit.date.fill(dayFromToday(-7));
    await expect(deposit.from.locator("option:checked")).toHaveText("Joint money");
    await deposit.submit.click();
    await expect(toast(page, "€200.00 deposited to Holiday savings.")).toBeVisible();
    await expect(deposit.dialog).toBeHidden();
    await expect(savings.balanceOf("Holiday savings")).toHaveText("€1,200.00");
    await expect(savings.total).toHaveText("€1,200.00");
    await expect(savings.perMemberRow("Lotte Vermeer")).toContainText("€720.00");
    await expect(savings.perMemberRow("Joris Vermeer")).toContainText("€480.00");
    await expect(savings.perMemberRow("The household together")).toContainText("€0.00");
    await expectNoSeriousA11yViolations(page, "the Current tab with a shared account");

    // The account's page: the bank says € 3.47 more; the difference is booked as a correction.
    await savings.open("Holiday savings").click();
    const detail = new SavingsAccountPage(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Holiday savings");
    await expect(detail.balance).toHaveText("€1,200.00");
    await expect(detail.movements).toHaveCount(2);
    await detail.enterStatement.click();
    const statement = detail.statementDialog;
    await expect(statement.balance).toBeFocused();
    await statement.date.fill(dayFromToday(-1));
    await statement.balance.fill("1203.47");
    await statement.compare.click();
    await expect(statement.check).toHaveAttribute("data-difference", "347");
    await expect(statement.check).toContainText(
      "Hearth computed €1,200.00, the statement says €1,203.47, difference +€3.47.",
    );
    await statement.book.click();
    await expect(
      toast(page, "A correction of +€3.47 was booked: the difference is now 0."),
    ).toBeVisible();
    await expect(statement.dialog).toBeHidden();
    await expect(detail.balance).toHaveText("€1,203.47");
    await expect(detail.movements.first()).toHaveAttribute("data-kind", "correction");
    await expect(detail.statements).toHaveCount(1);
    const booked = detail.statements.first().getByTestId("statement-check");
    await expect(booked).toHaveAttribute("data-difference", "0");
    await expect(booked).toContainText(
      "the statement says €1,203.47, the same as Hearth computed.",
    );
    // Only the statement's own row is left: no difference waits above the movements.
    await expect(page.getByTestId("statement-check")).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, "the account's page after a correction");

    // Joris's scope: his 40 % of the shared account.
    await savings.scope.choose("Joris Vermeer");
    await expect(detail.balance).toHaveText("€1,203.47");
    await expect(detail.share).toHaveText("your share €481.39 of €1,203.47");
    await detail.back.click();
    await expect(savings.scope.line).toHaveText("Showing: Joris Vermeer");
    await expect(page.getByTestId("savings-total")).toContainText("Your savings");
    await expect(savings.total).toHaveText("€481.39");
    await expect(savings.shareOf("Holiday savings")).toHaveText("your share €481.39 of €1,203.47");
    await expect(savings.perMember).toHaveCount(0);
    await savings.scope.choose("Household");
    await expect(savings.scope.line).toHaveText("Showing: Household");
    await expect(savings.total).toHaveText("€1,203.47");
    await expect(savings.shareOf("Holiday savings")).toHaveCount(0);

    // Future: a goal two years out, on track without a plan of its own.
    await savings.tab("future").click();
    await expect(page).toHaveURL(/\?tab=future$/);
    await savings.newGoal.click();
    const goalForm = savings.goalDialog;
    await expect(goalForm.name).toBeFocused();
    await goalForm.name.fill("Summer house");
    await goalForm.target.fill("5000");
    await goalForm.targetDate.fill(twoYearsOn());
    await expect(goalForm.account("Holiday savings")).toBeChecked();
    await goalForm.submit.click();
    await expect(toast(page, "The goal Summer house was added.")).toBeVisible();
    await expect(goalForm.dialog).toBeHidden();

    const goal = savings.goal("Summer house");
    await expect(goal.status).toHaveText("On track");
    await expect(goal.status).toHaveAttribute("data-status", "on-track");
    await expect(goal.saved).toHaveText("€1,203.47");
    await expect(goal.progress).toHaveAttribute("aria-valuenow", "24");
    await expect(goal.needed).toHaveText(/^Put aside €1\d\d\.\d\d a month$/);
    await expect(goal.pace).toHaveText(/^No plan yet: counted at €1\d\d\.\d\d a month$/);
    await expect(goal.reach).toHaveText(/^Reached in \w+ \d{4}$/);
    const onTime = reachedMonth(await goal.reach.textContent());
    await expectNoSeriousA11yViolations(page, "the Future tab with a goal");

    // What if € 250 a month: earlier, and ahead once saved as the plan.
    await goal.whatIfToggle.click();
    await expect(goal.byAmount).toBeChecked();
    await goal.whatIfAmount.fill("250");
    await expect(goal.whatIfResult).toHaveText(/^Reached in \w+ \d{4}: \d+ months? early\.$/);
    const early = reachedMonth(await goal.whatIfResult.textContent());
    expect(early).toBeLessThan(onTime);
    await goal.savePlan.click();
    await expect(toast(page, "The plan of Summer house was saved.")).toBeVisible();
    await expect(goal.status).toHaveText("Ahead");
    await expect(goal.pace).toHaveText("€250.00 a month, as planned");
    await expect(goal.whatIfResult).toHaveCount(0);
    expect(reachedMonth(await goal.reach.textContent())).toBe(early);

    // And € 100 a month: late, and behind.
    await goal.whatIfToggle.click();
    await expect(goal.whatIfAmount).toHaveValue("250.00");
    await goal.whatIfAmount.fill("100");
    await expect(goal.whatIfResult).toHaveText(/^Reached in \w+ \d{4}: \d+ months? late\.$/);
    const late = reachedMonth(await goal.whatIfResult.textContent());
    expect(late).toBeGreaterThan(onTime);
    await goal.savePlan.click();
    await expect(goal.status).toHaveText("Behind");
    await expect(goal.status).toHaveAttribute("data-status", "behind");
    await expect(goal.pace).toHaveText("€100.00 a month, as planned");
    expect(reachedMonth(await goal.reach.textContent())).toBe(late);
  });

  test("money put aside from the entry dialog raises the account and is no spending", async ({
    page,
    baseURL,
    mailbox,
  }) => {
    const { owner } = await premiumCouple(page, baseURL, mailbox, {
      owner: "Femke Jansen",
      partner: "Ruben Jansen",
    });
    await call(owner, "POST", "/savings/accounts", {
      name: "Buffer",
      openedOn: dayFromToday(-30),
      openingBalanceCents: 50_000,
    });
    const savings = new SavingsPage(page);
    await savings.goto();
    await expect(savings.balanceOf("Buffer")).toHaveText("€500.00");

    // "n" opens the entry dialog; "Put aside" turns it into a deposit.
    await page.keyboard.press("n");
    const dialog = page.getByTestId("entry-dialog");
    await choose(dialog.getByRole("radio", { name: "Put aside" }));
    const form = dialog.getByTestId("put-aside-form");
    await expect(form.getByLabel("Savings account")).toHaveValue(/.+/);
    await form.getByLabel("Amount").fill("75");
    await form.getByLabel("Date").fill(dayFromToday(-1));
    await expect(form.getByLabel("From").locator("option:checked")).toHaveText("Joint money");
    await expectNoSeriousA11yViolations(page, "the entry dialog putting money aside");
    await form.getByRole("button", { name: "Put aside" }).click();
    await expect(toast(page, "€75.00 put aside in Buffer.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(savings.balanceOf("Buffer")).toHaveText("€575.00");

    // Put aside again, then take it back from the toast, after the dialog has closed.
    await page.keyboard.press("n");
    await choose(dialog.getByRole("radio", { name: "Put aside" }));
    await form.getByLabel("Amount").fill("25");
    await form.getByRole("button", { name: "Put aside" }).click();
    const putAside = toast(page, "€25.00 put aside in Buffer.");
    await expect(dialog).toBeHidden();
    await expect(savings.balanceOf("Buffer")).toHaveText("€600.00");
    await putAside.getByRole("button", { name: "Undo" }).click();
    await expect(toast(page, "The movement was taken back.")).toBeVisible();
    await expect(savings.balanceOf("Buffer")).toHaveText("€575.00");

    // Back to an expense: the dialog is the entry form again.
    await page.keyboard.press("n");
    await choose(dialog.getByRole("radio", { name: "Put aside" }));
    await choose(dialog.getByRole("radio", { name: "Expense" }));
    await expect(dialog.getByLabel("Category")).toBeVisible();
    await page.keyboard.press("Escape");

    // Nothing was spent: the list has no entry and its summary no spending.
    const summary = await call<{ count: number; expenseCents: number }>(
      owner,
      "GET",
      "/transactions/summary",
    );
    expect(summary).toMatchObject({ count: 0, expenseCents: 0 });
  });
});

test.describe("in Dutch, dark, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });

  test("met het toetsenbord: een gedeelde rekening, inleg, het verschil met het afschrift geboekt en een doel", async ({
    page,
    baseURL,
    mailbox,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem("language", "nl");
      localStorage.setItem("theme", "dark");
    });
    await premiumCouple(page, baseURL, mailbox, { owner: "Anouk Smit", partner: "Bram Smit" });
    const savings = new SavingsPage(page);
    await savings.goto();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sparen");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(savings.emptyAccounts).toContainText("Nog geen spaarrekeningen");

    // A new account with the keyboard: shared 60/40, € 1.234,56 on it, 2,25 %.
    await savings.newAccount.focus();
    await page.keyboard.press("Enter");
    const form = savings.accountDialog;
    await expect(form.name).toBeFocused();
    await page.keyboard.type("Vakantiegeld");
    await tabTo(page, form.owner("household"));
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(form.owner("shared")).toBeChecked();
    await tabTo(page, form.percentOf("Anouk Smit"));
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("60");
    await tabTo(page, form.percentOf("Bram Smit"));
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("40");
    await expect(form.ownerRemainder).toHaveText("De delen zijn samen 100%.");
    await tabTo(page, form.openingBalance);
    await page.keyboard.type("1.234,56");
    await tabTo(page, form.openedOn);
    await form.openedOn.fill(dayFromToday(-30));
    await tabTo(page, form.rate);
    await page.keyboard.type("2,25");
    await page.keyboard.press("Enter");
    await expect(toast(page, "Vakantiegeld is toegevoegd.")).toBeVisible();
    await expect(form.dialog).toBeHidden();
    await expect(savings.balanceOf("Vakantiegeld")).toHaveText("€ 1.234,56");
    await expect(savings.account("Vakantiegeld")).toContainText(
      "Spaarrekening · Anouk Smit 60% · Bram Smit 40%",
    );
    await expect(savings.account("Vakantiegeld")).toContainText("Rente nu 2,25%");

    // A deposit with the keyboard: € 200,00 from the joint money.
    await savings.depositTo("Vakantiegeld").focus();
    await page.keyboard.press("Enter");
    const deposit = savings.movementDialog;
    await expect(deposit.amount).toBeFocused();
    await page.keyboard.type("200,00");
    await tabTo(page, deposit.date);
    await deposit.date.fill(dayFromToday(-7));
    await expect(deposit.from.locator("option:checked")).toHaveText("Gezamenlijk geld");
    await page.keyboard.press("Enter");
    await expect(toast(page, "€ 200,00 ingelegd op Vakantiegeld.")).toBeVisible();
    await expect(deposit.dialog).toBeHidden();
    await expect(savings.balanceOf("Vakantiegeld")).toHaveText("€ 1.434,56");
    await expect(savings.total).toHaveText("€ 1.434,56");

    // The statement says € 4,56 less: compared on the account's page, booked from the list.
    await savings.open("Vakantiegeld").click();
    const detail = new SavingsAccountPage(page);
    await expect(detail.balance).toHaveText("€ 1.434,56");
    await detail.enterStatement.click();
    const statement = detail.statementDialog;
    await expect(statement.balance).toBeFocused();
    await tabTo(page, statement.date, { backwards: true });
    await statement.date.fill(dayFromToday(-1));
    await tabTo(page, statement.balance);
    await page.keyboard.type("1.430,00");
    await page.keyboard.press("Enter");
    await expect(statement.check).toHaveAttribute("data-difference", "-456");
    await expect(statement.check).toContainText(
      "Hearth rekende € 1.434,56, het afschrift zegt € 1.430,00, verschil € -4,56.",
    );
    await statement.dialog.getByRole("button", { name: "Klaar" }).click();
    await expect(statement.dialog).toBeHidden();
    await detail.back.click();
    await expect(savings.differenceOf("Vakantiegeld")).toHaveAttribute("data-difference", "-456");
    await savings.bookDifferenceOf("Vakantiegeld").focus();
    await page.keyboard.press("Enter");
    await expect(
      toast(page, "Er is een correctie van € -4,56 geboekt: het verschil is nu 0."),
    ).toBeVisible();
    await expect(savings.differenceOf("Vakantiegeld")).toHaveCount(0);
    await expect(savings.balanceOf("Vakantiegeld")).toHaveText("€ 1.430,00");
    await expectNoSeriousA11yViolations(page, "het tabblad Nu (donker, telefoon)");
    expect(await overflow(page), "the Current tab is wider than the phone").toBeLessThanOrEqual(0);

    // A goal two years out, on schedule; a larger monthly amount puts it ahead.
    await savings.tab("future").click();
    await savings.newGoal.click();
    const goalForm = savings.goalDialog;
    await expect(goalForm.name).toBeFocused();
    await page.keyboard.type("Nieuwe auto");
    await tabTo(page, goalForm.target);
    await page.keyboard.type("8.000,00");
    await tabTo(page, goalForm.targetDate);
    await goalForm.targetDate.fill(twoYearsOn());
    await expect(goalForm.account("Vakantiegeld")).toBeChecked();
    await goalForm.submit.click();
    await expect(toast(page, "Het doel Nieuwe auto is toegevoegd.")).toBeVisible();

    const goal = savings.goal("Nieuwe auto");
    await expect(goal.status).toHaveText("Ligt op schema");
    await expect(goal.saved).toHaveText("€ 1.430,00");
    await expect(goal.card).toContainText("van € 8.000,00");
    await expect(goal.needed).toHaveText(/^Zet €\s2\d\d,\d\d per maand opzij$/);
    await expect(goal.reach).toHaveText(/^Bereikt in \S+ \d{4}$/);

    await goal.whatIfToggle.click();
    await goal.whatIfAmount.fill("400");
    await expect(goal.whatIfResult).toHaveText(/^Bereikt in \S+ \d{4}: \d+ maanden? eerder\.$/);
    await goal.savePlan.click();
    await expect(toast(page, "Het plan van Nieuwe auto is opgeslagen.")).toBeVisible();
    await expect(goal.status).toHaveText("Loopt voor");
    await expect(goal.pace).toHaveText("€ 400,00 per maand, zoals gepland");
    await expectNoSeriousA11yViolations(page, "het tabblad Toekomst (donker, telefoon)");
    expect(await overflow(page), "the Future tab is wider than the phone").toBeLessThanOrEqual(0);
  });
});
