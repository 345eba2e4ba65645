import type { Page } from "@playwright/test";
import { addDays, daysBetween, today } from "#shared/dates.ts";
import {
  memberParts,
  nextPremiumOn,
  noticeDeadline,
  perMonth,
  premiumFigures,
} from "#shared/insurance-math.ts";
import { formatMoney } from "#shared/money.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test, type Mailbox, named } from "./fixtures.ts";
import {
  browserCookies,
  call,
  householdOf,
  householdOfTwo,
  signUpThroughApi,
  type ApiPerson,
} from "./page-models/household-api.ts";
import { toast } from "./page-models/household-sidebar.ts";
import { InsurancePage } from "./page-models/insurance.ts";
import { choose, planThroughApi, ScopePicker, tabTo } from "./page-models/savings.ts";

/**
 * Insurance as a family uses it (issue 14, items 1-3 and 7): basic health insurance for one
 * partner paid monthly and liability insurance for the household paid yearly, the coverage grid
 * with the gap, the totals a year and a month and per person, a premium changed, a policy
 * cancelled (kept as history) and one deleted and brought back; and, in Dutch on a phone with
 * the keyboard, a first policy from the empty list's one-click start with its notice deadline
 * highlighted. Every amount and date expected here is worked out by the shared code
 * (insurance-math), never read off the screen.
 */

// axe-core is injected into the pages (the app's CSP would refuse it); animations off.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** The server's today (UTC), which decides what is in force and what is coming up. */
const serverToday = () => today();

const euros = (cents: number, language: "en" | "nl" = "en") => formatMoney(cents, language);

/** "17 Apr 2027" / "17 apr 2027": a day with its year, as the page writes it. */
const dayWithYear = (date: string, language: "en" | "nl" = "en") =>
  new Intl.DateTimeFormat(language === "nl" ? "nl-NL" : "en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

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

async function couple(page: Page, baseURL: string | undefined, mailbox: Mailbox) {
  if (!baseURL) throw new Error("baseURL is not set");
  const people = await householdOfTwo(baseURL, mailbox, {
    owner: named("Lotte Vermeer", "insurance-owner"),
    partner: named("Joris Vermeer", "insurance-partner"),
  });
  await page.context().addCookies(browserCookies(people.owner));
  return people;
}

test.describe("in English, light, on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });

  test("health insurance for one and liability for the household: the grid and its gap, the totals, a premium changed, a policy cancelled and one deleted and brought back", async ({
    page,
    baseURL,
    mailbox,
  }) => {
    // Two sign-ups, a plan, three axe scans and a dozen changes: more than the default minute.
    test.setTimeout(120_000);
    const { owner, partner } = await couple(page, baseURL, mailbox);
    const lotte = await memberIdOf(owner);
    const joris = await memberIdOf(partner);
    const insurance = new InsurancePage(page);

    // Below Pro the area is locked, and the owner is shown the way to the plans.
    await insurance.goto();
    await expect(insurance.locked).toBeVisible();
    await expect(insurance.locked.getByRole("link", { name: "Compare plans" })).toBeVisible();
    await expect(insurance.newPolicy).toHaveCount(0);

    await planThroughApi(owner, "pro");
    await insurance.goto();
    await expect(insurance.heading).toBeVisible();
    await expect(insurance.empty).toContainText("No policies yet");
    await expectNoSeriousA11yViolations(page, "/dashboard/insurance, empty");

    // Basic health insurance for Lotte: € 142.50 a month, € 200 voluntary deductible.
    await insurance.start("health-basic").click();
    const form = insurance.policyDialog;
    await expect(form.kind).toHaveValue("health-basic");
    await expect(form.insurer).toBeFocused();
    await form.submit.click();
    await expect(form.dialog.getByText("Enter the insurer (at most 100 characters)")).toBeVisible();
    await form.insurer.fill("Zilveren Kruis");
    await form.policyNumber.fill("ZK 1234567");
    await choose(form.insured("members"));
    await form.person("Lotte Vermeer").check();
    await form.premium.fill("142.50");
    await expect(form.frequency).toHaveValue("monthly");
    const health = premiumFigures(14_250, "monthly");
    await expect(form.figures).toHaveText(
      `${euros(health.yearCents)} a year · ${euros(health.monthCents)} a month`,
    );
    await form.voluntary.selectOption({ label: euros(20_000) });
    await form.startDate.fill("2025-01-01");
    await form.submit.click();
    await expect(toast(page, "Basic health insurance at Zilveren Kruis added")).toBeVisible();
    await expect(form.dialog).toHaveCount(0);

    // Liability for the household: € 68.50 a year, shared evenly by the two of them.
    await insurance.newPolicy.click();
    await form.kind.selectOption({ label: "Liability" });
    await form.insurer.fill("Centraal Beheer");
    await expect(form.insured("household")).toBeChecked();
    await form.premium.fill("68.50");
    await form.frequency.selectOption({ label: "Yearly" });
    await expect(form.figures).toHaveText(
      `${euros(6_850)} a year · ${euros(perMonth(6_850))} a month`,
    );
    await form.startDate.fill("2025-01-01");
    await form.submit.click();
    await expect(toast(page, "Liability at Centraal Beheer added")).toBeVisible();

    // The grid: Lotte has both, Joris only liability — and the gap is named.
    await expect(insurance.cell("health-basic", lotte)).toContainText("Zilveren Kruis");
    await expect(insurance.cell("health-basic", joris)).toHaveAttribute(
      "data-testid",
      "coverage-gap",
    );
    await expect(insurance.cell("health-basic", joris)).toContainText(
      "Joris Vermeer has no Basic health insurance",
    );
    await expect(insurance.cell("liability", lotte)).toContainText("Centraal Beheer");
    await expect(insurance.cell("liability", joris)).toContainText("Centraal Beheer");
    await expect(insurance.gaps).toHaveText("Joris Vermeer has no basic health insurance.");

    // The totals: a year exactly, a month from the year; each person's part of the year.
    const liability = memberParts(6_850, [{ shareBp: null }, { shareBp: null }]);
    let year = health.yearCents + 6_850;
    await expect(insurance.figure("insurance-year")).toHaveText(euros(year));
    await expect(insurance.figure("insurance-month")).toHaveText(euros(perMonth(year)));
    await expect(insurance.figure("insurance-policies")).toHaveText("2");
    await expect(insurance.perMember).toContainText(
      `Lotte Vermeer${euros(health.yearCents + (liability[0] ?? 0))}`,
    );
    await expect(insurance.perMember).toContainText(`Joris Vermeer${euros(liability[1] ?? 0)}`);
    await expect(insurance.byKind).toContainText(euros(health.yearCents));
    await insurance.byKind.getByRole("button", { name: "Show as table" }).click();
    await expect(insurance.byKind.getByRole("row", { name: /Liability/ })).toContainText(
      euros(6_850),
    );
    await expectNoSeriousA11yViolations(page, "/dashboard/insurance, two policies");

    // A cell opens its policy: the row in the list, in view and focused.
    await insurance.cell("health-basic", lotte).getByRole("button").click();
    const healthRow = insurance.policy("Zilveren Kruis");
    await expect(healthRow).toBeFocused();
    await expect(healthRow.getByTestId("policy-premium")).toHaveText(`${euros(14_250)} a month`);
    await expect(healthRow.getByTestId("policy-year")).toHaveText(
      `${euros(health.yearCents)} a year`,
    );
    await expect(healthRow.getByTestId("policy-covered")).toHaveText("Lotte Vermeer");
    await expect(healthRow.getByTestId("policy-deductible")).toContainText(
      `${euros(20_000)} voluntary`,
    );

    // The premium goes up to € 150.00 a month: the totals follow.
    await healthRow.getByTestId("policy-edit").click();
    await expect(form.premium).toHaveValue("142.50");
    await form.premium.fill("150.00");
    const raised = premiumFigures(15_000, "monthly");
    await expect(form.figures).toHaveText(
      `${euros(raised.yearCents)} a year · ${euros(raised.monthCents)} a month`,
    );
    await form.submit.click();
    await expect(toast(page, "Basic health insurance at Zilveren Kruis saved")).toBeVisible();
    year = raised.yearCents + 6_850;
    await expect(insurance.figure("insurance-year")).toHaveText(euros(year));
    await expect(insurance.figure("insurance-month")).toHaveText(euros(perMonth(year)));
    await expect(healthRow.getByTestId("policy-premium")).toHaveText(`${euros(15_000)} a month`);

    // Liability cancelled up to yesterday: kept as history, out of the totals and the grid.
    const yesterday = addDays(serverToday(), -1);
    await insurance.policy("Centraal Beheer").getByTestId("policy-cancel").click();
    await insurance.cancelDialog.endsOn.fill(yesterday);
    await insurance.cancelDialog.submit.click();
    await expect(toast(page, "Policy cancelled")).toBeVisible();
    const cancelled = insurance.history.getByTestId("policy-row");
    await expect(cancelled).toHaveCount(1);
    await expect(cancelled).toContainText("Centraal Beheer");
    await expect(cancelled.getByTestId("policy-ends")).toHaveText(
      `Covered until ${dayWithYear(yesterday)}`,
    );
    await expect(insurance.figure("insurance-year")).toHaveText(euros(raised.yearCents));
    await expect(insurance.figure("insurance-policies")).toHaveText("1");
    await expect(insurance.cell("liability", joris)).toHaveAttribute("data-testid", "coverage-gap");
    await expect(insurance.gaps).toContainText(
      "Joris Vermeer has no basic health insurance or liability insurance.",
    );

    // Deleted after asking, and brought back from the toast.
    await healthRow.getByTestId("policy-delete").click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Delete this policy?");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(insurance.policy("Zilveren Kruis")).toHaveCount(0);
    await toast(page, "Policy deleted").getByRole("button", { name: "Undo" }).click();
    await expect(toast(page, "Policy restored")).toBeVisible();
    await expect(insurance.policy("Zilveren Kruis").getByTestId("policy-premium")).toHaveText(
      `${euros(15_000)} a month`,
    );
    await expect(insurance.figure("insurance-year")).toHaveText(euros(raised.yearCents));
    await expect(insurance.cell("health-basic", lotte)).toContainText("Zilveren Kruis");
    expect(await overflow(page), "the page is wider than the window").toBeLessThanOrEqual(0);
  });
});

test.describe("in English, dark, on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: "dark" });

  test("a premium booked as a recurring expense follows the policy, care costs count against the health deductible, and each person sees their own policies and part", async ({
    page,
    baseURL,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    const { owner } = await couple(page, baseURL, mailbox);
    const { members } = await call<{ members: { id: string; name: string }[] }>(
      owner,
      "GET",
      `/households/${(await householdOf(owner)).id}/members`,
    );
    const joris = members.find((member) => member.name === "Joris Vermeer")?.id ?? "";
    expect(joris).not.toBe("");
    await planThroughApi(owner, "pro");
    const today = serverToday();

    // Joris's basic health insurance (€ 385 + € 200 voluntary), liability for the household,
    // and € 120 of care costs of his this year.
    const health = {
      kind: "health-basic",
      insurer: "VGZ",
      premiumCents: 13_995,
      frequency: "monthly",
      deductibleCents: 38_500,
      voluntaryDeductibleCents: 20_000,
      startDate: "2025-01-01",
      insured: "members",
      members: [{ memberId: joris, shareBp: null }],
    } as const;
    await call(owner, "POST", "/insurance/policies", health);
    await call(owner, "POST", "/insurance/policies", {
      kind: "liability",
      insurer: "Centraal Beheer",
      premiumCents: 6_850,
      frequency: "yearly",
      startDate: "2025-01-01",
      insured: "household",
    });
    const { categories } = await call<{ categories: { id: string; name: string }[] }>(
      owner,
      "GET",
      "/categories",
    );
    const care = categories.find((category) => category.name === "Health care");
    await call(owner, "POST", "/transactions", {
      kind: "expense",
      amountCents: 12_000,
      occurredOn: today,
      categoryId: care?.id,
      merchant: "Fysio Centrum",
      splitMode: "personal",
      memberId: joris,
      paidByMemberId: joris,
    });

    const insurance = new InsurancePage(page);
    await insurance.goto();
    await expect(insurance.heading).toBeVisible();

    // The deductible: Joris's € 585 for the year, € 120 of it used by his care costs.
    const deductible = page.getByTestId("health-deductible");
    await expect(deductible).toContainText(`Health deductible ${today.slice(0, 4)}`);
    await expect(deductible).toContainText("care costs in Health care count against it");
    const rows = deductible.getByTestId("deductible-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId("deductible-used")).toHaveText(
      `${euros(12_000)} used of ${euros(58_500)}`,
    );
    await expect(rows.getByTestId("deductible-left")).toHaveText(`${euros(46_500)} left this year`);

    // Booking the premium: Insurance as its category, Joris pays, from the next premium.
    const healthRow = insurance.policy("VGZ");
    const booking = healthRow.getByTestId("policy-booking");
    await expect(booking).toContainText("Not booked as an expense yet.");
    const book = booking.getByTestId("policy-book");
    await expect(book).toHaveAccessibleName(/^Book the premium ?: Basic health insurance at VGZ$/);
    await book.click();
    const dialog = page.getByTestId("policy-booking-dialog");
    await expect(dialog.getByLabel("Category")).toHaveValue(/.+/);
    await expect(dialog.getByLabel("Category").locator("option:checked")).toHaveText("Insurance");
    await expect(dialog.getByLabel("Paid by").locator("option:checked")).toHaveText(
      "Joris Vermeer",
    );
    const first = nextPremiumOn({ ...health, endsOn: null }, today) ?? "";
    // Shown the English way, day first.
    await expect(dialog.getByLabel("First premium to book")).toHaveValue(
      first.split("-").reverse().join("/"),
    );
    await expect(dialog.getByTestId("booking-split")).toContainText(
      "The expense is Joris Vermeer's.",
    );
    await expectNoSeriousA11yViolations(page, "/dashboard/insurance, booking a premium (dark)");
    await dialog.getByRole("button", { name: "Book", exact: true }).click();
    await expect(
      toast(page, "The premium of Basic health insurance at VGZ is booked"),
    ).toBeVisible();
    // A premium due today is booked at once: the next one is then a month on.
    const next =
      first === today
        ? (nextPremiumOn({ ...health, endsOn: null }, addDays(today, 1)) ?? "")
        : first;
    await expect(booking).toContainText(
      `Booked in Insurance: next ${euros(13_995)} on ${dayWithYear(next)}.`,
    );

    // The premium goes up: the booking follows from today on.
    await healthRow.getByTestId("policy-edit").click();
    await insurance.policyDialog.premium.fill("152.40");
    await insurance.policyDialog.submit.click();
    await expect(toast(page, "Basic health insurance at VGZ saved")).toBeVisible();
    await expect(booking).toContainText(
      `Booked in Insurance: next ${euros(15_240)} on ${dayWithYear(next)}.`,
    );

    // In income & spending: the recurring expense, tied to its policy, and what is coming up.
    await booking.getByRole("link", { name: "Recurring expenses" }).click();
    await expect(page).toHaveURL(/\/dashboard\/income-spending\?tab=expenses$/);
    const rule = page
      .getByTestId("expense-recurring")
      .getByTestId("recurring-rule")
      .filter({ hasText: "VGZ" })
      .filter({ hasText: euros(15_240) });
    await expect(rule).toHaveCount(1);
    if (daysBetween(today, next) <= 30) {
      await expect(
        page
          .getByTestId("expense-upcoming")
          .getByTestId("upcoming-item")
          .filter({ hasText: euros(15_240) }),
      ).toHaveCount(1);
    }
    await rule.getByTestId("recurring-policy").click();
    await expect(insurance.heading).toBeVisible();
    await expect(insurance.policy("VGZ")).toBeFocused();

    // Joris's scope: his policies, and his part of the household's liability.
    const scope = new ScopePicker(page);
    await scope.choose("Joris Vermeer");
    await expect(scope.line).toHaveText("Showing: Joris Vermeer");
    const liabilityParts = memberParts(6_850, [{ shareBp: null }, { shareBp: null }]);
    const jorisYear = premiumFigures(15_240, "monthly").yearCents + (liabilityParts[1] ?? 0);
    await expect(insurance.figure("insurance-year")).toHaveText(euros(jorisYear));
    await expect(insurance.policies).toHaveCount(2);
    await expect(insurance.policy("Centraal Beheer").getByTestId("policy-share")).toHaveText(
      `Your part: ${euros(liabilityParts[1] ?? 0)} a year of ${euros(6_850)}`,
    );
    await expect(insurance.gaps).toHaveText(
      "Everyone has basic health insurance and liability insurance.",
    );
    await expect(page.getByTestId("deductible-row")).toHaveCount(1);

    // Lotte's: only the liability, no deductible, and the gap is hers.
    await scope.choose("Lotte Vermeer");
    await expect(insurance.policies).toHaveCount(1);
    await expect(insurance.figure("insurance-year")).toHaveText(euros(liabilityParts[0] ?? 0));
    await expect(page.getByTestId("health-deductible")).toHaveCount(0);
    await expect(insurance.gaps).toHaveText("Lotte Vermeer has no basic health insurance.");

    // Back to the household: the booking stopped after asking; what it booked stays.
    await scope.choose("Household");
    const stop = insurance.policy("VGZ").getByTestId("policy-unbook");
    await expect(stop).toHaveAccessibleName(/^Stop booking ?: Basic health insurance at VGZ$/);
    await stop.click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Stop booking this premium?");
    await confirm.getByRole("button", { name: "Stop booking" }).click();
    await expect(toast(page, "The premium is no longer booked")).toBeVisible();
    await expect(insurance.policy("VGZ").getByTestId("policy-booking")).toContainText(
      "Not booked as an expense yet.",
    );
    expect(await overflow(page), "the page is wider than the window").toBeLessThanOrEqual(0);
  });
});

test.describe("in Dutch, dark, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });

  test("met het toetsenbord: een eerste polis met één klik, en de opzegtermijn binnen 60 dagen bovenaan", async ({
    page,
    baseURL,
    mailbox,
  }) => {
    if (!baseURL) throw new Error("baseURL is not set");
    await page.addInitScript(() => {
      localStorage.setItem("language", "nl");
      localStorage.setItem("theme", "dark");
    });
    const owner = await signUpThroughApi(baseURL, mailbox, named("Anouk Smit", "insurance-nl"));
    await planThroughApi(owner, "pro");
    await page.context().addCookies(browserCookies(owner));
    const today = serverToday();

    const insurance = new InsurancePage(page);
    await insurance.goto();
    await expect(insurance.heading).toHaveText("Verzekeringen");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(insurance.empty).toContainText("Nog geen polissen");
    await expect(insurance.start("health-basic")).toHaveText("Zorgverzekering");
    await expectNoSeriousA11yViolations(page, "verzekeringen, leeg (donker, telefoon)");
    expect(await overflow(page), "the empty page is wider than the phone").toBeLessThanOrEqual(0);

    // Inboedel from its one-click start, renewing in 45 days with a month's notice.
    const renewal = addDays(today, 45);
    const deadline = noticeDeadline(renewal, { value: 1, unit: "months" });
    await tabTo(page, insurance.start("contents"));
    await page.keyboard.press("Enter");
    const form = insurance.policyDialog;
    await expect(form.kind).toHaveValue("contents");
    await expect(form.insurer).toBeFocused();
    await page.keyboard.type("Interpolis");
    await form.premium.fill("31,20");
    await form.frequency.selectOption({ label: "Per kwartaal" });
    const contents = premiumFigures(3_120, "quarterly");
    await expect(form.figures).toHaveText(
      `${euros(contents.yearCents, "nl")} per jaar · ${euros(contents.monthCents, "nl")} per maand`,
    );
    await form.startDate.fill("2024-06-01");
    await form.renewalDate.fill(renewal);
    await form.noticeValue.fill("1");
    await expect(form.noticeBy).toHaveText(
      `Zeg uiterlijk ${dayWithYear(deadline, "nl")} op om hem op ${dayWithYear(renewal, "nl")} te laten eindigen.`,
    );
    await form.remind.selectOption({ label: "7 dagen voor de uiterste opzegdatum" });
    await expect(
      form.dialog.getByText(`Verstuurd op ${dayWithYear(addDays(deadline, -7), "nl")}.`),
    ).toBeVisible();
    await form.submit.focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Inboedel bij Interpolis toegevoegd")).toBeVisible();
    await expect(form.dialog).toHaveCount(0);

    // Bovenaan: what to do by when — the notice deadline first, then the renewal.
    const items = insurance.upcoming.getByTestId("upcoming-item");
    await expect(items).toHaveCount(2);
    await expect(items.first()).toHaveAttribute("data-event", "notice");
    await expect(items.first()).toContainText(
      `Zeg Inboedel bij Interpolis uiterlijk ${dayWithYear(deadline, "nl")} op, anders wordt hij op ${dayWithYear(renewal, "nl")} verlengd.`,
    );
    await expect(items.last()).toContainText(
      `Inboedel bij Interpolis wordt op ${dayWithYear(renewal, "nl")} verlengd.`,
    );
    await expect(items.last()).toContainText("over 45 dagen");

    const row = insurance.policy("Interpolis");
    await expect(row.getByTestId("policy-premium")).toHaveText(
      `${euros(3_120, "nl")} per kwartaal`,
    );
    await expect(row.getByTestId("policy-notice")).toContainText(dayWithYear(deadline, "nl"));
    await expect(row.getByTestId("policy-notice")).toContainText(
      `Herinneringsmail ${dayWithYear(addDays(deadline, -7), "nl")}`,
    );
    await expect(insurance.figure("insurance-year")).toHaveText(euros(contents.yearCents, "nl"));
    await expect(insurance.gaps).toHaveText(
      "Anouk Smit heeft geen zorgverzekering of aansprakelijkheidsverzekering.",
    );

    // The highlight opens its policy with the keyboard.
    await tabTo(page, items.first().getByRole("button"));
    await page.keyboard.press("Enter");
    await expect(row).toBeFocused();

    await expectNoSeriousA11yViolations(page, "verzekeringen, een polis (donker, telefoon)");
    expect(await overflow(page), "the page is wider than the phone").toBeLessThanOrEqual(0);
  });
});
