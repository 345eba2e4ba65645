import type { Page } from "@playwright/test";
import {
  compareExtraRepayments,
  loanSchedule,
  summarize,
  type ExtraRepayment,
  type Loan,
  type LoanPart,
} from "#shared/loan-math.ts";
import { today } from "#shared/dates.ts";
import { formatMoney } from "#shared/money.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, newPerson, test, type Mailbox, type Person } from "./fixtures.ts";
import {
  browserCookies,
  call,
  householdOfTwo,
  signUpThroughApi,
} from "./page-models/household-api.ts";
import { toast } from "./page-models/household-sidebar.ts";
import { LoanPage, LoansPage } from "./page-models/loans.ts";
import { choose, planThroughApi, tabTo } from "./page-models/savings.ts";

/** A date as Hearth's English date fields show it: day first, dd/mm/yyyy. */
const shown = (iso: string) => iso.split("-").reverse().join("/");

/**
 * Loans as a family uses them (issue 13, items 1-4): a Pro household enters its mortgage as the
 * bank wrote it — an annuity part and a linear part — reads the schedule, adds extra repayments
 * (the interest saved, the part that ends sooner, the warning past the penalty-free allowance),
 * books the payment and sees its debt in net worth; and, in Dutch on a phone with the keyboard,
 * a linear car loan with a what-if kept as a real extra repayment. Every figure expected here is
 * worked out by src/shared/loan-math.ts, never read off the screen.
 */

// axe-core is injected into the pages (the app's CSP would refuse it); animations off.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

function named(name: string, tag: string): Person {
  return { ...newPerson(tag), name };
}

/** The server's today (the tests share its time zone), which its schedules count payments up to. */
function serverToday(): string {
  return today();
}

/** The first of this month, a year ago (`YYYY-MM-01`). */
function firstOfMonthAYearAgo(): string {
  const [year = "", month = ""] = serverToday().split("-");
  return `${Number(year) - 1}-${month}-01`;
}

function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`No item ${index} in a list of ${list.length}`);
  return item;
}

const last = <T>(list: readonly T[]): T => at(list, list.length - 1);

const euros = (cents: number, language: "en" | "nl" = "en") => formatMoney(cents, language);

/** "November 2055" / "november 2055": how the page names a month. */
const monthName = (date: string, language: "en" | "nl" = "en") =>
  new Intl.DateTimeFormat(language === "nl" ? "nl-NL" : "en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date.slice(0, 7)}-01T00:00:00Z`));

function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

function part(
  fields: Pick<
    LoanPart,
    "principalCents" | "startDate" | "termMonths" | "repaymentType" | "annualRateBp"
  >,
): LoanPart {
  return { ...fields, fixedRateMonths: null, rateAfterFixedBp: null, extraRepayments: [] };
}

const once = (date: string, amountCents: number): ExtraRepayment => ({
  kind: "one-off",
  date,
  amountCents,
});

async function proCouple(page: Page, baseURL: string | undefined, mailbox: Mailbox) {
  if (!baseURL) throw new Error("baseURL is not set");
  const couple = await householdOfTwo(baseURL, mailbox, {
    owner: named("Lotte Vermeer", "loans-owner"),
    partner: named("Joris Vermeer", "loans-partner"),
  });
  await planThroughApi(couple.owner, "pro");
  await page.context().addCookies(browserCookies(couple.owner));
  return couple;
}

test.describe("in English, light, on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });

  test("a two-part mortgage: its schedule, extra repayments past the allowance, the booked payment and the debt in net worth", async ({
    page,
    baseURL,
    mailbox,
  }) => {
    // Two sign-ups, a plan, a form of two parts, extras, a booking and two axe scans.
    test.setTimeout(120_000);
    await proCouple(page, baseURL, mailbox);
    const today = serverToday();
    const start = firstOfMonthAYearAgo();
    const annuity = part({
      principalCents: 20_000_000,
      startDate: start,
      termMonths: 360,
      repaymentType: "annuity",
      annualRateBp: 400,
    });
    const linear = part({
      principalCents: 10_000_000,
      startDate: start,
      termMonths: 360,
      repaymentType: "linear",
      annualRateBp: 350,
    });
    const mortgage: Loan = { parts: [annuity, linear], extraRepaymentEffect: "shorter-term" };
    const plain = loanSchedule(mortgage);
    const firstAnnuity = at(at(plain.parts, 0).rows, 0);
    const firstLinear = at(at(plain.parts, 1).rows, 0);

    const loans = new LoansPage(page);
    await loans.goto();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await expect(loans.empty).toContainText("Add your mortgage as the bank wrote it");
    await expectNoSeriousA11yViolations(page, "/dashboard/loans, empty");

    // The mortgage as the bank wrote it: two parts.
    await loans.newLoan.click();
    const form = loans.loanDialog;
    await expect(form.name).toBeFocused();
    await form.name.fill("Mortgage");
    await expect(form.kind).toHaveValue("mortgage");
    await form.lender.fill("ING");
    await form.ownHome.check();
    const first = form.part(0);
    await first.principal.fill("200,000.00");
    await first.startDate.fill(start);
    await expect(first.termYears).toHaveValue("30");
    await expect(first.type("annuity")).toBeChecked();
    await first.rate.fill("4");
    await expect(first.monthlyRate).toHaveText(
      "0.3333% a month: the yearly rate ÷ 12, as Dutch lenders quote it.",
    );
    await expect(first.firstPayment).toContainText(
      `${euros(firstAnnuity.paymentCents)} (${euros(firstAnnuity.interestCents)} interest, ${euros(firstAnnuity.repaymentCents)} repayment)`,
    );
    await form.addPart.click();
    const second = form.part(1);
    await second.principal.fill("100000");
    await second.startDate.fill(start);
    await second.termYears.fill("30");
    await choose(second.type("linear"));
    await second.rate.fill("3.5");
    await expect(second.firstPayment).toContainText(
      `${euros(firstLinear.paymentCents)} (${euros(firstLinear.interestCents)} interest, ${euros(firstLinear.repaymentCents)} repayment)`,
    );
    await expect(form.penaltyFree).toHaveValue("10");
    await expect(form.effect("shorter-term")).toBeChecked();
    await expectNoSeriousA11yViolations(page, "the loan form with two parts");
    await form.submit.click();
    await expect(toast(page, "Mortgage was added.")).toBeVisible();
    await expect(form.dialog).toBeHidden();

    // Its page: today's balance, and each part's first month in the schedule.
    const loan = new LoanPage(page);
    await expect(page).toHaveURL(/\/dashboard\/loans\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mortgage");
    await expect(loan.balance).toHaveText(euros(summarize(plain.parts, today).balanceCents));
    const firstMonth = firstAnnuity.dueDate.slice(0, 7);
    const firstYear = Number(firstMonth.slice(0, 4));
    await loan.scheduleShown.selectOption({ label: "Part 1 · Annuity" });
    await loan.openYear(firstYear);
    await expect(loan.cell(firstMonth, "payment")).toHaveText(euros(firstAnnuity.paymentCents));
    await expect(loan.cell(firstMonth, "interest")).toHaveText(euros(firstAnnuity.interestCents));
    await expect(loan.cell(firstMonth, "repayment")).toHaveText(euros(firstAnnuity.repaymentCents));
    await loan.scheduleShown.selectOption({ label: "Part 2 · Linear" });
    await loan.openYear(firstYear);
    await expect(loan.cell(firstMonth, "payment")).toHaveText(euros(firstLinear.paymentCents));
    await expect(loan.cell(firstMonth, "interest")).toHaveText(euros(firstLinear.interestCents));
    await expect(loan.cell(firstMonth, "repayment")).toHaveText(euros(firstLinear.repaymentCents));
    await loan.scheduleShown.selectOption({ label: "The whole loan" });
    await loan.openYear(firstYear);
    await expect(loan.cell(firstMonth, "payment")).toHaveText(
      euros(firstAnnuity.paymentCents + firstLinear.paymentCents),
    );
    // The current month is marked.
    await loan.openYear(Number(today.slice(0, 4)));
    await expect(loan.schedule.locator("[aria-current=date]")).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, "a mortgage's page");

    // € 20,000 extra on the annuity part today: interest saved, and that part ends sooner.
    const withOne: Loan = {
      ...mortgage,
      parts: [{ ...annuity, extraRepayments: [once(today, 2_000_000)] }, linear],
    };
    const effectOne = compareExtraRepayments(withOne, today);
    const annuityEnd = last(at(effectOne.withExtras.parts, 0).rows).dueDate;
    const contractedEnd = last(at(plain.parts, 0).rows).dueDate;
    await loan.addExtra.click();
    const extra = loan.extraFields;
    await expect(extra.part).toHaveValue(/.+/);
    await expect(extra.kind("once")).toBeChecked();
    await extra.amount.fill("20000");
    await extra.date.fill(today);
    await expectNoSeriousA11yViolations(page, "the extra repayment dialog");
    await loan.saveExtra.click();
    await expect(toast(page, "An extra repayment of €20,000.00 was added.")).toBeVisible();
    await expect(loan.extraDialog).toBeHidden();
    await expect(loan.extras).toHaveCount(1);
    await expect(loan.effect.interestSaved).toHaveText(
      `${euros(effectOne.interestSavedCents)} less interest`,
    );
    await expect(loan.effect.notes).toHaveText(
      `Part 1 · Annuity ends sooner: the last payment in ${monthName(annuityEnd)} instead of ${monthName(contractedEnd)}.`,
    );
    await expect(loan.effect.line).toHaveText(
      `The last payment stays in ${monthName(effectOne.payoffDate.withExtras)}.`,
    );
    await expect(loan.allowanceWarning).toHaveCount(0);

    // € 15,000 more this year goes past the € 30,000 (10 %) that is penalty-free.
    await loan.addExtra.click();
    await extra.amount.fill("15000");
    await extra.date.fill(today);
    await loan.saveExtra.click();
    await expect(toast(page, "An extra repayment of €15,000.00 was added.")).toBeVisible();
    await expect(loan.extras).toHaveCount(2);
    await expect(loan.allowanceWarning).toContainText(
      `In ${today.slice(0, 4)} you repay €35,000.00 on top: €5,000.00 more than the €30,000.00 you may repay without a penalty.`,
    );
    const withTwo: Loan = {
      ...mortgage,
      parts: [
        { ...annuity, extraRepayments: [once(today, 2_000_000), once(today, 1_500_000)] },
        linear,
      ],
    };
    const effectTwo = compareExtraRepayments(withTwo, today);
    await expect(loan.effect.interestSaved).toHaveText(
      `${euros(effectTwo.interestSavedCents)} less interest`,
    );
    await expectNoSeriousA11yViolations(page, "a mortgage past its penalty-free allowance");

    // Book the payment: the next one, in "Rent or mortgage", split between the two of them.
    const now = summarize(effectTwo.withExtras.parts, today);
    const next = now.nextPayment;
    if (!next) throw new Error("The mortgage has no next payment");
    await loan.book.click();
    await expect(loan.bookingCategory.locator("option:checked")).toHaveText("Rent or mortgage");
    await expect(loan.bookingStart).toHaveValue(shown(next.dueDate));
    await expectNoSeriousA11yViolations(page, "the booking dialog");
    await loan.bookingSubmit.click();
    await expect(toast(page, "The payment of Mortgage is booked.")).toBeVisible();
    await expect(loan.bookingState).toContainText(
      `Booked as a recurring expense in Rent or mortgage: the next entry is ${euros(next.paymentCents)} on`,
    );
    await expect(loan.bookingState).toContainText("Lotte Vermeer 50% · Joris Vermeer 50%");

    // Among the recurring expenses of income & spending.
    await loan.recurringLink.click();
    await expect(page).toHaveURL(/\/dashboard\/income-spending\?tab=expenses$/);
    const rule = page.getByTestId("expense-recurring").getByTestId("recurring-rule");
    await expect(rule).toHaveCount(1);
    await expect(rule).toContainText("Rent or mortgage");
    await expect(rule).toContainText(euros(next.paymentCents));
    await expect(rule).toContainText("ING");
    await expect(rule.getByTestId("recurring-loan")).toHaveText(
      "A loan's payment: each month's amount from its schedule",
    );

    // The list: today's balance and the booking.
    await loans.goto();
    await expect(loans.balance).toHaveText(euros(now.balanceCents));
    await expect(loans.row("Mortgage").getByTestId("loan-booked")).toHaveText("Booked");
    await expectNoSeriousA11yViolations(page, "/dashboard/loans with a mortgage");

    // Net worth on the dashboard counts the debt, and leads to the loans.
    await page.goto("/dashboard");
    await expect(page.getByTestId("net-worth-debts")).toHaveText(euros(-now.balanceCents));
    await expect(page.getByTestId("net-worth-debts-locked")).toHaveCount(0);
    await page
      .getByTestId("net-worth-figure")
      .getByRole("link", { name: "Debts", exact: true })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/loans$/);
  });

  test("below Pro, net worth says debts count with Pro, and a member is told to ask the owner", async ({
    page,
    baseURL,
    mailbox,
    browser,
  }) => {
    if (!baseURL) throw new Error("baseURL is not set");
    const { owner, partner } = await householdOfTwo(baseURL, mailbox, {
      owner: named("Femke Jansen", "networth-owner"),
      partner: named("Ruben Jansen", "networth-partner"),
    });
    await planThroughApi(owner, "premium");
    await call(owner, "POST", "/savings/accounts", {
      name: "Buffer",
      openedOn: firstOfMonthAYearAgo(),
      openingBalanceCents: 50_000,
    });
    await page.context().addCookies(browserCookies(owner));
    await page.goto("/dashboard");
    await expect(page.getByTestId("net-worth-total")).toHaveText("€500.00");
    await expect(page.getByTestId("net-worth-debts-locked")).toHaveText("Counted with Pro");
    await expect(page.getByTestId("net-worth-debts")).toHaveCount(0);
    await expect(
      page.getByTestId("net-worth-figure").getByRole("button", { name: "Upgrade to Pro" }),
    ).toBeVisible();

    const context = await browser.newContext({ baseURL, bypassCSP: true });
    try {
      await context.addCookies(browserCookies(partner));
      const member = await context.newPage();
      await member.goto("/dashboard");
      const figure = member.getByTestId("net-worth-figure");
      await expect(figure.getByTestId("net-worth-debts-locked")).toHaveText("Counted with Pro");
      await expect(figure.getByTestId("ask-owner")).toBeVisible();
      await expect(figure.getByRole("button", { name: "Upgrade to Pro" })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

test.describe("in Dutch, dark, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });

  test("met het toetsenbord: een lineaire autolening, de rekenhulp en de extra aflossing bewaard", async ({
    page,
    baseURL,
    mailbox,
  }) => {
    if (!baseURL) throw new Error("baseURL is not set");
    await page.addInitScript(() => {
      localStorage.setItem("language", "nl");
      localStorage.setItem("theme", "dark");
    });
    const owner = await signUpThroughApi(baseURL, mailbox, named("Anouk Smit", "loans-nl"));
    await planThroughApi(owner, "pro");
    await page.context().addCookies(browserCookies(owner));
    const today = serverToday();
    const start = firstOfMonthAYearAgo();
    const car = part({
      principalCents: 1_800_000,
      startDate: start,
      termMonths: 60,
      repaymentType: "linear",
      annualRateBp: 690,
    });
    const asItIs: Loan = { parts: [car], extraRepaymentEffect: "shorter-term" };
    const firstRow = at(at(loanSchedule(asItIs).parts, 0).rows, 0);

    const loans = new LoansPage(page);
    await loans.goto();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leningen");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(loans.empty).toContainText("Voer je hypotheek in zoals de bank hem schreef");
    await expectNoSeriousA11yViolations(page, "leningen, leeg (donker, telefoon)");
    expect(await overflow(page), "the empty list is wider than the phone").toBeLessThanOrEqual(0);

    // A car loan with the keyboard: € 18.000,00 over 5 years, linear, 6,9 %.
    await loans.newLoan.focus();
    await page.keyboard.press("Enter");
    const form = loans.loanDialog;
    await expect(form.name).toBeFocused();
    await page.keyboard.type("Auto");
    await tabTo(page, form.kind);
    await form.kind.selectOption("car");
    await tabTo(page, form.lender);
    await page.keyboard.type("Volkswagen Bank");
    await expect(form.ownHome).toHaveCount(0);
    const fields = form.part(0);
    await tabTo(page, fields.principal);
    await page.keyboard.type("18.000,00");
    await tabTo(page, fields.startDate);
    await fields.startDate.fill(start);
    await expect(fields.termYears).toHaveValue("5");
    await tabTo(page, fields.type("annuity"));
    await page.keyboard.press("ArrowRight");
    await expect(fields.type("linear")).toBeChecked();
    await tabTo(page, fields.rate);
    await page.keyboard.type("6,9");
    await expect(fields.monthlyRate).toHaveText(
      "0,5750% per maand: de jaarrente ÷ 12, zoals Nederlandse geldverstrekkers rekenen.",
    );
    await expect(fields.firstPayment).toContainText(
      `${euros(firstRow.paymentCents, "nl")} (${euros(firstRow.interestCents, "nl")} rente, ${euros(firstRow.repaymentCents, "nl")} aflossing)`,
    );
    await expectNoSeriousA11yViolations(page, "het leningformulier (donker, telefoon)");
    expect(await overflow(page), "the loan form is wider than the phone").toBeLessThanOrEqual(0);
    await page.keyboard.press("Enter");
    await expect(toast(page, "Auto is toegevoegd.")).toBeVisible();
    await expect(form.dialog).toBeHidden();

    // Its page and its schedule's first month.
    const loan = new LoanPage(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Auto");
    await expect(loan.root).toContainText("Autolening · Volkswagen Bank");
    const firstMonth = firstRow.dueDate.slice(0, 7);
    await loan.openYear(Number(firstMonth.slice(0, 4)));
    await expect(loan.cell(firstMonth, "payment")).toHaveText(euros(firstRow.paymentCents, "nl"));
    await expect(loan.cell(firstMonth, "interest")).toHaveText(euros(firstRow.interestCents, "nl"));
    await expect(loan.cell(firstMonth, "repayment")).toHaveText(
      euros(firstRow.repaymentCents, "nl"),
    );
    await expectNoSeriousA11yViolations(page, "de pagina van de lening (donker, telefoon)");
    expect(await overflow(page), "the loan's page is wider than the phone").toBeLessThanOrEqual(0);

    // What if we repaid € 2.000,00 today: less interest, sooner repaid, past the € 1.800,00.
    const withExtra: Loan = {
      ...asItIs,
      parts: [{ ...car, extraRepayments: [once(today, 200_000)] }],
    };
    const effect = compareExtraRepayments(withExtra, today);
    const whatIf = loan.whatIfFields;
    // Up from the schedule's year just opened, to the what-if above it.
    await tabTo(page, whatIf.amount, { backwards: true });
    await page.keyboard.type("2.000,00");
    await tabTo(page, whatIf.date);
    await whatIf.date.fill(today);
    await tabTo(page, loan.workItOut);
    await page.keyboard.press("Enter");
    await expect(loan.whatIfEffect.interestSaved).toHaveText(
      `${euros(effect.interestSavedCents, "nl")} minder rente`,
    );
    await expect(loan.whatIfEffect.line).toHaveText(
      new RegExp(
        `eerder afgelost: de laatste termijn in ${monthName(effect.payoffDate.withExtras, "nl")}\\.$`,
      ),
    );
    await expect(page.getByTestId("what-if-allowance-warning")).toContainText(
      `€ 200,00 meer dan de € 1.800,00 die je boetevrij mag aflossen`,
    );
    await expect(loan.extras).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "de rekenhulp met een antwoord (donker, telefoon)");
    expect(await overflow(page), "the what-if is wider than the phone").toBeLessThanOrEqual(0);

    // Kept as a real extra repayment: the loan's own effect is the what-if's.
    await loan.whatIfSave.focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Er is een extra aflossing van € 2.000,00 toegevoegd.")).toBeVisible();
    await expect(loan.extras).toHaveCount(1);
    await expect(loan.effect.interestSaved).toHaveText(
      `${euros(effect.interestSavedCents, "nl")} minder rente`,
    );
    await expect(loan.allowanceWarning).toBeVisible();

    // Booking the payment: its dialog fits the phone; Escape closes it without booking.
    await loan.book.focus();
    await page.keyboard.press("Enter");
    await expect(loan.bookingCategory).toBeVisible();
    await expectNoSeriousA11yViolations(page, "het boeken van de maandlast (donker, telefoon)");
    expect(await overflow(page), "the booking dialog is wider than the phone").toBeLessThanOrEqual(
      0,
    );
    await page.keyboard.press("Escape");
    await expect(loan.bookingDialog).toBeHidden();
    await expect(loan.bookingState).toContainText("Niet geboekt.");

    // Deleted after the question, with the keyboard: the list is empty again.
    await loan.delete.focus();
    await page.keyboard.press("Enter");
    await expect(loan.confirm).toContainText("Auto verwijderen?");
    await expectNoSeriousA11yViolations(page, "de vraag voor het verwijderen (donker, telefoon)");
    await loan.confirm.getByRole("button", { name: "Lening verwijderen" }).focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Auto is verwijderd.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/loans$/);
    await expect(loans.empty).toBeVisible();
  });
});
