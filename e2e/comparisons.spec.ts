import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, newPerson, test } from "./fixtures.ts";
import { apiCall, householdBasics } from "./page-models/entries.ts";
import { browserCookies, signUpThroughApi } from "./page-models/household-api.ts";

// axe-core is injected into the pages (the app's CSP would refuse it); animations off.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

test("on the 26th the dashboard compares the month so far with the same days before, and gives no percentage against too little", async ({
  page,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error("baseURL is not set");
  const me = await signUpThroughApi(baseURL, mailbox, { ...newPerson("compare"), name: "Anna" });
  const { memberId, byName } = await householdBasics(me);
  const entry = (kind: "income" | "expense", category: string, amountCents: number, on: string) =>
    apiCall(me, "POST", "/transactions", {
      kind,
      amountCents,
      occurredOn: on,
      categoryId: byName(category),
      splitMode: "personal",
      memberId,
      ...(kind === "income" ? { receivedByMemberId: memberId } : { paidByMemberId: memberId }),
    });
  // October: €800 on the 1st and the salary of the 28th; €29.99 of groceries.
  await entry("income", "Salary", 80_000, "2026-10-01");
  await entry("income", "Salary", 300_000, "2026-10-28");
  await entry("expense", "Groceries", 2_999, "2026-10-05");
  // November up to the 26th: €1,000 in, €1,908.71 out.
  await entry("income", "Salary", 100_000, "2026-11-01");
  await entry("expense", "Groceries", 190_871, "2026-11-03");

  await page.context().addCookies(browserCookies(me));
  await page.clock.setFixedTime(new Date("2026-11-26T12:00:00"));
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dashboard");
    await page.evaluate(() => localStorage.setItem("language", "en"));
    await page.reload();
    // 1–26 November against 1–26 October: +25 %, not −74 % against the whole of October.
    await expect(page.getByTestId("figure-income-value")).toHaveText("€1,000.00");
    await expect(page.getByTestId("figure-income")).toContainText("+25.0%");
    await expect(page.getByTestId("figure-income-previous")).toHaveText("1 Oct – 26 Oct: €800.00");
    // Against €29.99, no "+6,264.6%": it says so.
    await expect(page.getByTestId("figure-spending-value")).toHaveText("€1,908.71");
    await expect(page.getByTestId("figure-spending-too-little")).toHaveText(
      "too little last month to compare",
    );
    await expect(page.getByTestId("figure-spending")).not.toContainText("%");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `/dashboard at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
  }
  await expectNoSeriousA11yViolations(page, "/dashboard comparing the month so far");

  // Each side opens exactly its days.
  await page.getByTestId("figure-income-previous").click();
  await expect(page).toHaveURL(
    "/dashboard/transactions?kind=income&from=2026-10-01&to=2026-10-26&member=household",
  );
  await expect(page.getByTestId("transactions-summary")).toContainText("Income €800.00");

  // In Dutch.
  await page.evaluate(() => localStorage.setItem("language", "nl"));
  await page.goto("/dashboard");
  await expect(page.getByTestId("figure-income-previous")).toHaveText("1 okt – 26 okt: € 800,00");
  await expect(page.getByTestId("figure-spending-too-little")).toHaveText(
    "te weinig vorige maand om mee te vergelijken",
  );

  // Last month is over: the whole of October against the whole of September.
  await page.goto("/dashboard?period=last-month");
  await expect(page.getByTestId("figure-income-value")).toHaveText("€ 3.800,00");
  await expect(page.getByTestId("figure-income-previous")).toHaveText("1 sep – 30 sep: € 0,00");
});
