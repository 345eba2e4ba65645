import type { Page } from "@playwright/test";
import { addDays, today } from "#shared/dates.ts";
import { noticeDeadline } from "#shared/insurance-math.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { demo } from "./demo.ts";
import { expect, newPerson, test } from "./fixtures.ts";
import {
  browserCookies,
  householdOf,
  householdOfTwo,
  type ApiPerson,
} from "./page-models/household-api.ts";
import { apiCall, EntryDialog, householdBasics, TransactionsPage } from "./page-models/entries.ts";
import { toast } from "./page-models/household-sidebar.ts";
import { InsurancePage } from "./page-models/insurance.ts";
import { planThroughApi, ScopePicker } from "./page-models/savings.ts";

// axe-core is injected into the pages (the app's CSP would refuse it); animations off.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** Signs the demo account (seeded before the server started) in, in the page's context. */
async function signInAsDemo(page: Page, baseURL: string | undefined) {
  if (!baseURL) throw new Error("baseURL is not set");
  const signedIn = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    headers: { origin: baseURL },
    data: { email: demo.email, password: demo.password },
  });
  expect(signedIn.ok(), `signing the demo account in answered ${signedIn.status()}`).toBe(true);
}

/** The figures' money as each language writes it: `€1,234.56`, `€ 1.234,56` (maybe negative). */
const moneyPattern = {
  en: /^-?€-?[\d,]+\.\d{2}$/,
  nl: /^€\s-?[\d.]+,\d{2}$/,
} as const;

test("the demo household's overview in English and Dutch, light and dark, desktop and phone", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInAsDemo(page, baseURL);
  await page.goto("/dashboard");
  const headings = {
    en: {
      greeting: /^Good (morning|afternoon|evening), Sanne$/,
      byCategory: "Spending by category",
    },
    nl: { greeting: /^Goede(morgen|middag|navond), Sanne$/, byCategory: "Uitgaven per categorie" },
  } as const;

  for (const language of ["en", "nl"] as const) {
    for (const theme of ["light", "dark"] as const) {
      for (const width of [1280, 390]) {
        const where = `/dashboard (${language}, ${theme}, ${width} px)`;
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(
          ({ lang, mode }) => {
            localStorage.setItem("language", lang);
            localStorage.setItem("theme", mode);
          },
          { lang: language, mode: theme },
        );
        await page.goto("/dashboard");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          headings[language].greeting,
        );
        await expect(page.locator("html")).toHaveClass(
          theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
        );
        const spending = page.getByTestId("figure-spending-value");
        await expect(spending).toHaveText(moneyPattern[language]);
        await expect(page.getByTestId("figure-income-value")).toHaveText(moneyPattern[language]);
        await expect(
          page.getByTestId("spending-by-category").getByRole("heading", {
            name: headings[language].byCategory,
          }),
        ).toBeVisible();
        await expect(page.getByTestId("monthly-chart").locator("svg").first()).toBeVisible();
        await expect(
          page.getByTestId("budget-watch").getByRole("progressbar").first(),
        ).toBeVisible();
        await expect(page.getByTestId("latest").getByRole("button")).toHaveCount(5);
        // The demo household is on Premium: the savings card shows what it has saved.
        const saving = page.getByTestId("area-card-saving");
        await expect(saving).toHaveAttribute("data-locked", "false");
        await expect(saving.getByTestId("saved-total")).toHaveText(moneyPattern[language]);
        // Nothing sticks out sideways on a phone.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${where} is wider than the screen`).toBeLessThanOrEqual(0);
        await expectNoSeriousA11yViolations(page, where);
      }
    }
  }

  // The numbers of a chart can be read as a table.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.goto("/dashboard");
  const monthly = page.getByTestId("monthly-chart");
  await monthly.getByRole("button", { name: "Show as table" }).click();
  await expect(monthly.getByRole("table")).toBeVisible();
  await expect(monthly.getByRole("row")).toHaveCount(13);
  await expectNoSeriousA11yViolations(page, "/dashboard with a chart as a table");
});

test("a category's spending opens the list with exactly those entries", async ({
  page,
  baseURL,
}) => {
  await signInAsDemo(page, baseURL);
  await page.goto("/dashboard");
  await page.evaluate(() => localStorage.setItem("language", "en"));
  // A range of one's own: refused in the wrong order, then kept in the URL.
  await page.goto("/dashboard");
  await page.getByLabel("Period", { exact: true }).selectOption("custom");
  await page.getByLabel("From", { exact: true }).fill("2026-05-01");
  await page.getByLabel("To", { exact: true }).fill("2026-04-30");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "The end date must be on or after the start date.",
  );
  await page.getByLabel("To", { exact: true }).fill("2026-05-31");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL("/dashboard?period=custom&from=2026-05-01&to=2026-05-31");
  await expect(page.getByTestId("spending-by-category")).toContainText("1 May 2026 – 31 May 2026");

  // Last month: a whole month of the demo's entries.
  await page.goto("/dashboard?period=last-month");
  await expect(page.getByLabel("Period", { exact: true })).toHaveValue("last-month");
  const link = page.getByTestId("spending-by-category").getByTestId("breakdown-link").first();
  const amount = (await link.locator("span").last().textContent()) ?? "";
  expect(amount).toMatch(moneyPattern.en);
  await link.click();

  await expect(page).toHaveURL(
    /\/dashboard\/transactions\?kind=expense&category=[\w-]+&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}&member=household$/,
  );
  const list = new TransactionsPage(page);
  await expect(list.summary).toContainText(`Expenses ${amount}`);
  await expect(list.summary).toContainText("Income €0.00");
  await expect(list.rows.first()).toBeVisible();

  // The spending figure leads to the same sum over every category.
  await page.goBack();
  const spending = page.getByTestId("figure-spending-value");
  const total = (await spending.textContent()) ?? "";
  await spending.click();
  await expect(page).toHaveURL(/\/dashboard\/transactions\?kind=expense&from=.*&member=household$/);
  await expect(list.summary).toContainText(`Expenses ${total}`);
});

test("a new household sees its first steps, ticked off as they are done", async ({
  page,
  baseURL,
  person,
  signUpAndVerify,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  await signUpAndVerify(page, person);
  await page.goto("/dashboard");
  const steps = page.getByTestId("first-run");
  await expect(steps.getByRole("heading", { name: "Your first steps" })).toBeVisible();
  await expect(page.getByTestId("first-run-progress")).toHaveText("0 of 4 done");
  // No empty charts: the overview says it will come.
  await expect(page.getByText("Your overview will appear here")).toBeVisible();
  await expect(page.getByTestId("spending-by-category")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "/dashboard, a new household");

  // An income, from the step itself.
  await steps.getByRole("button", { name: /^Add an income/ }).click();
  const form = new EntryDialog(page);
  await form.amount.fill("2500");
  await form.category.selectOption({ label: "Salary" });
  await form.dialog.getByRole("button", { name: "Save entry" }).click();
  await expect(toast(page, "Income added")).toBeVisible();
  await expect(page.getByTestId("first-run-income")).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("first-run-progress")).toHaveText("1 of 4 done");
  await expect(page.getByTestId("figure-income-value")).toHaveText("€2,500.00");

  // An expense.
  await steps.getByRole("button", { name: /^Add an expense/ }).click();
  await form.amount.fill("45.60");
  await form.category.selectOption({ label: "Groceries" });
  await form.dialog.getByRole("button", { name: "Save entry" }).click();
  await expect(page.getByTestId("first-run-progress")).toHaveText("2 of 4 done");
  await expect(page.getByTestId("figure-spending-value")).toHaveText("€45.60");
  await expect(page.getByTestId("figure-net-value")).toHaveText("€2,454.40");
  await expect(page.getByTestId("figure-savingsRate-value")).toHaveText("98.2%");

  // A budget (through the API, as the budget tab's own tests cover its form), then a partner.
  const cookies = await page.context().cookies();
  const me: ApiPerson = {
    ...person,
    baseURL,
    cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
  };
  const { byName } = await householdBasics(me);
  const month = new Date().toISOString().slice(0, 7);
  await apiCall(me, "PUT", "/budgets", {
    categoryId: byName("Groceries"),
    memberId: null,
    month,
    amountCents: 40_000,
    rollover: "none",
  });
  await steps.getByRole("link", { name: /^Set a budget/ }).click();
  await expect(page).toHaveURL("/dashboard/income-spending?tab=budgets");
  await page.goBack();
  await expect(page.getByTestId("first-run-budget")).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("first-run-progress")).toHaveText("3 of 4 done");

  const household = await householdOf(me);
  await apiCall(me, "POST", "/send-invitation", {
    email: `partner-${Date.now()}@example.com`,
    householdId: household.id,
  });
  await page.reload();
  // Every step done: the list gives way to the overview.
  await expect(page.getByTestId("figure-income-value")).toBeVisible();
  await expect(page.getByTestId("first-run")).toHaveCount(0);
});

/** "12 Jun" / "12 jun": a day as the overview's lists write it. */
const shortDay = (date: string, language: "en" | "nl" = "en") =>
  new Intl.DateTimeFormat(language === "nl" ? "nl-NL" : "en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

test("on Pro, what is due lists the scope's insurance renewals and notice deadlines among the recurring entries", async ({
  page,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error("baseURL is not set");
  const { owner, partner } = await householdOfTwo(baseURL, mailbox, {
    owner: { ...newPerson("due-owner"), name: "Lotte Vermeer" },
    partner: { ...newPerson("due-partner"), name: "Joris Vermeer" },
  });
  await planThroughApi(owner, "pro");
  const { memberId: lotte, byName } = await householdBasics(owner);
  const { memberId: joris } = await householdBasics(partner);

  // Dates as the server counts them (UTC); the entries' as the browser does.
  const serverToday = today();
  const localToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(
    new Date(),
  );
  // An expense today (so the overview shows its figures), and Lotte's rent from in five days.
  const lotteAlone = { splitMode: "personal", memberId: lotte, paidByMemberId: lotte };
  await apiCall(owner, "POST", "/transactions", {
    kind: "expense",
    amountCents: 4_560,
    occurredOn: localToday,
    categoryId: byName("Groceries"),
    ...lotteAlone,
  });
  const rentDay = addDays(localToday, 5);
  await apiCall(owner, "POST", "/recurring", {
    kind: "expense",
    amountCents: 95_000,
    occurredOn: rentDay,
    categoryId: byName("Rent or mortgage"),
    merchant: "Woonstichting",
    frequency: "monthly",
    ...lotteAlone,
  });

  // Liability for the household, renewing in 40 days with a month's notice; Joris's basic
  // health insurance renewing in 50 days with 14 days' notice; Lotte's car insurance renewing
  // in 120 days with a month's notice (both dates beyond 60 days: not listed).
  const policy = (fields: Record<string, unknown>) =>
    apiCall<{ id: string }>(owner, "POST", "/insurance/policies", {
      premiumCents: 6_850,
      frequency: "yearly",
      startDate: "2025-01-01",
      ...fields,
    });
  const liabilityRenews = addDays(serverToday, 40);
  const liabilityNotice = noticeDeadline(liabilityRenews, { value: 1, unit: "months" });
  const healthRenews = addDays(serverToday, 50);
  const healthNotice = noticeDeadline(healthRenews, { value: 14, unit: "days" });
  const liability = await policy({
    kind: "liability",
    insurer: "Centraal Beheer",
    renewalDate: liabilityRenews,
    noticePeriod: { value: 1, unit: "months" },
  });
  const health = await policy({
    kind: "health-basic",
    insurer: "Zilveren Kruis",
    renewalDate: healthRenews,
    noticePeriod: { value: 14, unit: "days" },
    insured: "members",
    members: [{ memberId: joris, shareBp: null }],
  });
  await policy({
    kind: "car",
    insurer: "ANWB",
    renewalDate: addDays(serverToday, 120),
    noticePeriod: { value: 1, unit: "months" },
    insured: "members",
    members: [{ memberId: lotte, shareBp: null }],
  });

  await page.context().addCookies(browserCookies(owner));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/dashboard");
  const due = page.getByTestId("upcoming");
  await expect(due.getByRole("heading", { name: "Due soon" })).toBeVisible();
  const lines = due.getByRole("listitem");
  // Soonest first, the rent among them; each policy's notice deadline and renewal.
  await expect(lines).toHaveText([
    `${shortDay(rentDay)}Woonstichting-€950.00`,
    `${shortDay(liabilityNotice)}Liability insuranceNotice deadlineCentraal Beheer`,
    `${shortDay(healthNotice)}Basic health insuranceNotice deadlineZilveren Kruis`,
    `${shortDay(liabilityRenews)}Liability insuranceRenews· Centraal Beheer`,
    `${shortDay(healthRenews)}Basic health insuranceRenews· Zilveren Kruis`,
  ]);
  const insurance = due.getByTestId("due-insurance");
  await expect(insurance.first()).toHaveAttribute("data-event", "notice");
  await expect(insurance.first()).toHaveAttribute(
    "href",
    `/dashboard/insurance#policy-${liability.id}`,
  );
  // The notice deadlines stand out from the renewals.
  const background = (index: number) =>
    insurance.nth(index).evaluate((element) => getComputedStyle(element).backgroundColor);
  const [notice, renewal] = await Promise.all([background(0), background(2)]);
  expect(renewal).toBe("rgba(0, 0, 0, 0)");
  expect(notice, "a notice deadline has a background of its own").not.toBe(renewal);
  await expectNoSeriousA11yViolations(page, "/dashboard with insurance dates");

  // A line opens its policy on the insurance page: in view, focused.
  await insurance.filter({ hasText: "Zilveren Kruis" }).first().click();
  await expect(page).toHaveURL(`/dashboard/insurance#policy-${health.id}`);
  await expect(new InsurancePage(page).policy("Zilveren Kruis")).toBeFocused();

  // A member's scope: their own policies and the household's, nobody else's.
  await page.goto("/dashboard");
  const scope = new ScopePicker(page);
  await scope.choose("Lotte Vermeer");
  await expect(lines).toHaveText([
    `${shortDay(rentDay)}Woonstichting-€950.00`,
    `${shortDay(liabilityNotice)}Liability insuranceNotice deadlineCentraal Beheer`,
    `${shortDay(liabilityRenews)}Liability insuranceRenews· Centraal Beheer`,
  ]);
  await scope.choose("Joris Vermeer");
  await expect(lines).toHaveText([
    `${shortDay(liabilityNotice)}Liability insuranceNotice deadlineCentraal Beheer`,
    `${shortDay(healthNotice)}Basic health insuranceNotice deadlineZilveren Kruis`,
    `${shortDay(liabilityRenews)}Liability insuranceRenews· Centraal Beheer`,
    `${shortDay(healthRenews)}Basic health insuranceRenews· Zilveren Kruis`,
  ]);

  // In Dutch, dark, on a phone: the same, fitting the screen.
  await scope.choose("Household");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => {
    localStorage.setItem("language", "nl");
    localStorage.setItem("theme", "dark");
  });
  await page.goto("/dashboard");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(due.getByRole("heading", { name: "Binnenkort" })).toBeVisible();
  await expect(insurance.first()).toHaveText(
    `${shortDay(liabilityNotice, "nl")}AansprakelijkheidsverzekeringOpzegtermijn verlooptCentraal Beheer`,
  );
  await expect(insurance.last()).toHaveText(
    `${shortDay(healthRenews, "nl")}ZorgverzekeringVerlengt· Zilveren Kruis`,
  );
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, "the overview is wider than the phone").toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, "/dashboard with insurance dates (nl, dark, phone)");
});
