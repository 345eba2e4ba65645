import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { box3Year, box3Years, estimateBox3 } from "#shared/box3.ts";
import { addDays, today } from "#shared/dates.ts";
import { allocate, formatMoney } from "#shared/money.ts";
import { nthOccurrence } from "#shared/recurrence.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test, type Mailbox, named } from "./fixtures.ts";
import {
  browserCookies,
  call,
  householdOfTwo,
  signUpThroughApi,
  type ApiPerson,
} from "./page-models/household-api.ts";
import { toast } from "./page-models/household-sidebar.ts";
import { choose, planThroughApi, tabTo } from "./page-models/savings.ts";
import { TaxesPage } from "./page-models/taxes.ts";

/**
 * Taxes as a family uses them (issue 13, items 5-6): the tax year's provisional assessment in
 * monthly terms, a term marked paid (and taken back), a refund, the filing deadline with its
 * reminder, the export for the return, and the box 3 estimate — alone and as fiscal partners —
 * from a savings account's balance on 1 January; and, in Dutch on a phone with the keyboard, an
 * assessment, an objection deadline and the partners' choice. Every amount expected here is
 * worked out by the shared code (allocate, estimateBox3), never read off the screen.
 */

// axe-core is injected into the pages (the app's CSP would refuse it); animations off.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** The server's today (UTC), which decides whether a term is paid or due. */
const serverToday = () => today();

const euros = (cents: number, language: "en" | "nl" = "en") => formatMoney(cents, language);

/** Whole euros as the box 3 card writes them: "€1,234" / "€ 1.234". */
const wholeEuros = (value: number, language: "en" | "nl" = "en") =>
  new Intl.NumberFormat(language === "nl" ? "nl-NL" : "en-GB", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(value);

/** "17 Apr 2027" / "17 apr 2027": a day with its year, as the page writes it. */
const dayWithYear = (date: string, language: "en" | "nl" = "en") =>
  new Intl.DateTimeFormat(language === "nl" ? "nl-NL" : "en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

/** The latest year Hearth has box 3 parameters for, up to this one. */
function box3YearUpToNow(): number {
  const now = Number(serverToday().slice(0, 4));
  const years = box3Years.map((row) => row.year).filter((year) => year <= now);
  const year = years.at(-1);
  if (year === undefined) throw new Error("No box 3 year up to now");
  return year;
}

function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function memberIdOf(person: ApiPerson): Promise<string> {
  const { account } = await call<{ account: { member: { id: string } } }>(
    person,
    "GET",
    "/session",
  );
  return account.member.id;
}

/** A savings account of one person, opened with `cents` on `openedOn`. */
async function savingsAccount(owner: ApiPerson, memberId: string, cents: number, openedOn: string) {
  await call(owner, "POST", "/savings/accounts", {
    name: "Spaarrekening",
    institution: "ASN Bank",
    kind: "savings",
    ownerKind: "member",
    memberId,
    rateBp: 150,
    openingBalanceCents: cents,
    openedOn,
  });
}

async function couple(page: Page, baseURL: string | undefined, mailbox: Mailbox) {
  if (!baseURL) throw new Error("baseURL is not set");
  const people = await householdOfTwo(baseURL, mailbox, {
    owner: named("Lotte Vermeer", "taxes-owner"),
    partner: named("Joris Vermeer", "taxes-partner"),
  });
  await page.context().addCookies(browserCookies(people.owner));
  return people;
}

test.describe("in English, light, on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });

  test("a tax year: the assessment in terms, a term paid and taken back, a refund, the deadline, the export and box 3 alone and as partners", async ({
    page,
    baseURL,
    mailbox,
  }) => {
    const { owner } = await couple(page, baseURL, mailbox);
    const taxes = new TaxesPage(page);

    // Below Pro the area is locked, and the owner is shown the way to the plans.
    await taxes.goto();
    await expect(taxes.locked).toBeVisible();
    await expect(taxes.locked.getByRole("link", { name: "Compare plans" })).toBeVisible();
    await expect(taxes.newItem).toHaveCount(0);

    await planThroughApi(owner, "pro");
    await taxes.goto();
    await expect(taxes.heading).toBeVisible();
    await expect(taxes.itemsEmpty).toContainText("Add the provisional assessment");
    await expect(taxes.deadlinesEmpty).toBeVisible();
    await expect(taxes.figure("tax-paid")).toHaveText(euros(0));
    await expectNoSeriousA11yViolations(page, "/dashboard/taxes, empty");

    // The provisional assessment: € 1,668.05 over 11 monthly terms from the first of this month.
    const today = serverToday();
    const year = Number(today.slice(0, 4));
    const firstTerm = `${today.slice(0, 7)}-01`;
    const total = 166_805;
    const terms = allocate(
      total,
      Array.from({ length: 11 }, () => 1),
    );
    const dates = terms.map((_, index) =>
      nthOccurrence({ frequency: "monthly", startDate: firstTerm }, index),
    );
    const paidCents = terms
      .filter((_, index) => (dates[index] ?? "") <= today)
      .reduce((sum, cents) => sum + cents, 0);
    expect(paidCents, "the first term falls today or before").toBe(terms[0]);

    await taxes.newItem.click();
    const item = taxes.itemDialog;
    await expect(item.amount).toBeFocused();
    await expect(item.kind).toHaveValue("provisional-assessment");
    await expect(item.year).toHaveValue(String(year));
    await item.submit.click();
    await expect(item.dialog.getByText("Amount is required")).toBeVisible();
    await item.amount.fill("1,668.05");
    await item.installments.selectOption("11");
    await expect(item.dialog.getByText(/Terms up to today are marked paid/)).toBeVisible();
    await item.date.fill(firstTerm);
    await item.whose.selectOption({ label: "Lotte Vermeer" });
    await item.note.fill("Voorlopige aanslag inkomstenbelasting");
    await item.submit.click();
    await expect(toast(page, `${euros(total)} added in 11 monthly terms`)).toBeVisible();
    await expect(item.dialog).toHaveCount(0);

    const series = taxes.series;
    await expect(series).toHaveAttribute("data-count", "11");
    await expect(series).toContainText("1 of 11 paid");
    await expect(series.getByTestId("tax-series-total")).toHaveText(euros(total));
    await expect(taxes.figure("tax-paid")).toHaveText(euros(paidCents));
    await expect(taxes.figure("tax-due")).toHaveText(euros(total - paidCents));

    // The next term paid with one click, and taken back from the toast.
    const second = terms[1] ?? 0;
    await series.getByRole("button", { name: /^Mark paid \d/ }).click();
    await expect(series).toContainText("2 of 11 paid");
    await expect(taxes.figure("tax-paid")).toHaveText(euros(paidCents + second));
    await toast(page, /marked paid/)
      .getByRole("button", { name: "Undo" })
      .click();
    await expect(series).toContainText("1 of 11 paid");
    await expect(taxes.figure("tax-due")).toHaveText(euros(total - paidCents));

    // Its terms open beneath it, each to the cent.
    await series.getByRole("button", { name: "Terms" }).click();
    const termRows = series.getByTestId("tax-item");
    await expect(termRows).toHaveCount(11);
    await expect(termRows.first()).toContainText("Term 1");
    await expect(termRows.first().getByTestId("tax-item-amount")).toHaveText(euros(terms[0] ?? 0));
    await expect(termRows.last().getByTestId("tax-item-amount")).toHaveText(euros(terms[10] ?? 0));
    await expect(termRows.first()).toHaveAttribute("data-status", "paid");
    await expect(termRows.last()).toHaveAttribute("data-status", "due");

    // A refund of last year's income tax, received today.
    await taxes.newItem.click();
    await choose(item.direction("refund"));
    await item.kind.selectOption({ label: "Income tax (final assessment)" });
    await item.amount.fill("412.50");
    await item.date.fill(today);
    await choose(item.status("Received"));
    await item.submit.click();
    await expect(toast(page, `Refund of ${euros(41_250)} added`)).toBeVisible();
    await expect(taxes.figure("tax-refunds")).toHaveText(euros(41_250));
    await expect(taxes.figure("tax-balance")).toHaveText(euros(total - 41_250));
    const refund = taxes.singleItems.filter({ hasText: "Income tax (final assessment)" });
    await expect(refund).toHaveAttribute("data-status", "received");
    await expect(refund.getByTestId("tax-item-amount")).toHaveText(`+${euros(41_250)}`);

    // Filing the return: the deadline of 1 May next year, with a reminder mail 14 days before.
    await taxes.newDeadline.click();
    const deadline = taxes.deadlineDialog;
    await expect(deadline.kind).toHaveValue("file-return");
    await expect(deadline.dueOn).toHaveValue(`01/05/${year + 1}`); // day first, in English
    await expect(deadline.remind).toHaveValue("14");
    const remindOn = addDays(`${year + 1}-05-01`, -14);
    await expect(
      deadline.dialog.getByText(
        `Everyone in the household with a confirmed address gets it on ${dayWithYear(remindOn)}.`,
      ),
    ).toBeVisible();
    await deadline.submit.click();
    await expect(toast(page, "Deadline added")).toBeVisible();
    const row = taxes.deadlines.first();
    await expect(row).toContainText("File the tax return");
    await expect(row.getByTestId("tax-deadline-reminder")).toHaveText(
      `Reminder mail to everyone on ${dayWithYear(remindOn)}`,
    );
    await row.getByRole("button", { name: "Done" }).click();
    await expect(row).toHaveAttribute("data-status", "done");
    await toast(page, "File the tax return: done").getByRole("button", { name: "Undo" }).click();
    await expect(row).toHaveAttribute("data-status", "open");
    // Until the change and what it refreshes are done, its button waits (dimmed).
    await expect(row.getByRole("button", { name: "Done" })).toBeEnabled();
    await expect(series.getByRole("button", { name: /^Mark paid \d/ })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, "/dashboard/taxes, a year");

    // The export for the return: the year's records in one CSV.
    await taxes.export.click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("tax-export-dialog").getByRole("button", { name: "Download CSV" }).click(),
    ]);
    const file = await readFile(await download.path(), "utf8");
    expect(file).toContain("Provisional assessment");
    expect(file).toContain("Income tax (final assessment)");
    expect(file).toContain("File the tax return");
    expect(file).toContain("Voorlopige aanslag inkomstenbelasting");

    // Box 3: € 100,000 in Lotte's savings on 1 January, alone and then with Joris as partners.
    const box3 = box3YearUpToNow();
    const parameters = box3Year(box3);
    if (!parameters) throw new Error(`No box 3 parameters for ${box3}`);
    const lotte = await memberIdOf(owner);
    await savingsAccount(owner, lotte, 10_000_000, `${box3 - 1}-06-01`);
    const wealth = { bankCents: 10_000_000, otherCents: 0, debtsCents: 0 };
    const alone = estimateBox3(parameters, { ...wealth, partners: false });
    const together = estimateBox3(parameters, {
      ...wealth,
      partners: true,
      firstPartnerSplitBp: 5_000,
    });
    expect(alone.taxEuros, "the example pays box 3 alone").toBeGreaterThan(together.taxEuros);

    await taxes.goto(box3);
    await expect(taxes.year).toHaveValue(String(box3));
    await expect(taxes.box3Tax).toHaveText(wholeEuros(alone.taxEuros));
    await expect(taxes.box3.getByTestId("box3-return")).toHaveCount(2);
    await taxes.editPartners.click();
    const partners = taxes.partnersDialog;
    await choose(partners.together);
    await partners.first.selectOption({ label: "Lotte Vermeer" });
    await partners.second.selectOption({ label: "Joris Vermeer" });
    await partners.split.fill("50");
    await partners.save.click();
    await expect(toast(page, `Fiscal partners for ${box3} saved`)).toBeVisible();
    await expect(taxes.box3Tax).toHaveText(wholeEuros(together.taxEuros));
    await expect(taxes.box3.getByTestId("box3-return")).toHaveCount(1);
    await expect(taxes.box3Partners).toContainText(
      "Lotte Vermeer and Joris Vermeer are fiscal partners",
    );
    await expectNoSeriousA11yViolations(page, "/dashboard/taxes, box 3");
  });
});

test.describe("in Dutch, dark, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });

  test("met het toetsenbord: een voorlopige aanslag en een bezwaartermijn met herinnering", async ({
    page,
    baseURL,
    mailbox,
  }) => {
    if (!baseURL) throw new Error("baseURL is not set");
    await page.addInitScript(() => {
      localStorage.setItem("language", "nl");
      localStorage.setItem("theme", "dark");
    });
    const owner = await signUpThroughApi(baseURL, mailbox, named("Anouk Smit", "taxes-nl"));
    await planThroughApi(owner, "pro");
    await page.context().addCookies(browserCookies(owner));
    const today = serverToday();
    const year = Number(today.slice(0, 4));

    const taxes = new TaxesPage(page);
    await taxes.goto();
    await expect(taxes.heading).toHaveText("Belastingen");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(taxes.itemsEmpty).toContainText("Voeg de voorlopige aanslag");
    await expectNoSeriousA11yViolations(page, "belastingen, leeg (donker, telefoon)");
    expect(await overflow(page), "the empty year is wider than the phone").toBeLessThanOrEqual(0);

    // The assessment with the keyboard: € 1.234,56 at once, paid today.
    await tabTo(page, taxes.newItem);
    await page.keyboard.press("Enter");
    const item = taxes.itemDialog;
    await expect(item.amount).toBeFocused();
    await page.keyboard.type("1.234,56");
    await item.date.fill(today);
    await choose(item.status("Betaald"));
    await item.submit.focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, `Betaling van ${euros(123_456, "nl")} toegevoegd`)).toBeVisible();
    await expect(taxes.figure("tax-paid")).toHaveText(euros(123_456, "nl"));
    const paid = taxes.singleItems.first();
    await expect(paid).toContainText("Voorlopige aanslag");
    await expect(paid).toContainText("Betaald");

    // An objection deadline six weeks from now, a reminder 7 days before, for Anouk herself.
    const dueOn = addDays(today, 42);
    await tabTo(page, taxes.newDeadline);
    await page.keyboard.press("Enter");
    const deadline = taxes.deadlineDialog;
    await expect(deadline.kind).toBeFocused();
    await deadline.kind.selectOption({ label: "Bezwaar maken tegen een aanslag" });
    await deadline.title.fill("Bezwaar tegen de aanslag");
    await deadline.dueOn.fill(dueOn);
    await deadline.remind.selectOption({ label: "7 dagen vooraf" });
    await deadline.whose.selectOption({ label: "Anouk Smit" });
    await expect(
      deadline.dialog.getByText(
        `Deze persoon krijgt hem op ${dayWithYear(addDays(dueOn, -7), "nl")}.`,
      ),
    ).toBeVisible();
    await deadline.submit.focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Uiterste datum toegevoegd")).toBeVisible();
    const row = taxes.deadlines.filter({ hasText: "Bezwaar tegen de aanslag" });
    await expect(row.getByTestId("tax-deadline-reminder")).toHaveText(
      `Herinneringsmail op ${dayWithYear(addDays(dueOn, -7), "nl")} aan Anouk Smit`,
    );
    await expect(row).toContainText("Bezwaar maken tegen een aanslag");

    // Alone in the household: nobody to be fiscal partners with.
    if (box3Years.some((row) => row.year === year)) {
      await expect(taxes.box3Partners).toContainText("Met één persoon in het huishouden");
    } else {
      await expect(taxes.box3.getByTestId("box3-unknown-year")).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page, "belastingen, een jaar (donker, telefoon)");
    expect(await overflow(page), "the year is wider than the phone").toBeLessThanOrEqual(0);
  });
});
