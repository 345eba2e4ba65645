import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test, type Mailbox, named } from "./fixtures.ts";
import { browserCookies, call, householdOfTwo } from "./page-models/household-api.ts";
import { toast } from "./page-models/household-sidebar.ts";
import { premiumThroughApi } from "./page-models/savings.ts";

/**
 * Investments and net worth as a couple uses them (issue 12, items 4 and 5): a Premium household
 * opens a portfolio, adds an ETF, books a buy, enters the price it looked up, and sees the gain,
 * the allocation and net worth on the dashboard; selling more than it holds is refused on the
 * field. Once in English, light, on a laptop; once in Dutch, dark, on a phone, with a fund
 * quoted in dollars.
 */

// axe-core is injected into the pages (the app's CSP would refuse it); animations off.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

async function premiumCouple(page: Page, baseURL: string | undefined, mailbox: Mailbox) {
  if (!baseURL) throw new Error("baseURL is not set");
  const couple = await householdOfTwo(baseURL, mailbox, {
    owner: named("Eva de Graaf", "invest-owner"),
    partner: named("Tim de Graaf", "invest-partner"),
  });
  await premiumThroughApi(couple.owner);
  await page.context().addCookies(browserCookies(couple.owner));
  return couple;
}

/** A day as `YYYY-MM-DD`, `days` from today (UTC, the server's today; always in the past here). */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe("in English, light, on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });

  test("a portfolio, an ETF bought and priced: gain, allocation and net worth; no selling what is not held", async ({
    page,
    baseURL,
    mailbox,
  }) => {
    await premiumCouple(page, baseURL, mailbox);
    await page.goto("/dashboard/investments");
    await expect(page.getByTestId("investments-empty")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/dashboard/investments, empty");

    // A portfolio at the broker.
    await page.getByRole("button", { name: "Open your first portfolio" }).click();
    const portfolioDialog = page.getByTestId("portfolio-dialog");
    await expect(portfolioDialog.getByLabel("Name")).toBeFocused();
    await portfolioDialog.getByLabel("Name").fill("Index funds");
    await portfolioDialog.getByLabel("Broker").fill("DEGIRO");
    await portfolioDialog.getByRole("button", { name: "Create portfolio" }).click();
    await expect(toast(page, "Portfolio Index funds created")).toBeVisible();
    const portfolio = page.getByTestId("portfolio").filter({ hasText: "Index funds" });
    await expect(portfolio).toContainText("DEGIRO");

    // An ETF: a wrong ISIN is named on its field.
    await portfolio.getByRole("button", { name: "Add holding" }).click();
    const holdingDialog = page.getByTestId("holding-dialog");
    await holdingDialog.getByLabel("Name").fill("Vanguard FTSE All-World");
    await holdingDialog.getByLabel("Symbol (optional)").fill("VWRL");
    await holdingDialog.getByLabel("ISIN (optional)").fill("IE00BK5BQT81");
    await holdingDialog.getByRole("button", { name: "Add holding" }).click();
    await expect(holdingDialog).toContainText("An ISIN is 2 letters, 9 letters or digits");
    await holdingDialog.getByLabel("ISIN (optional)").fill("IE00BK5BQT80");
    await holdingDialog.getByRole("button", { name: "Add holding" }).click();
    await expect(holdingDialog).toBeHidden();
    await portfolio
      .getByTestId("holding-row")
      .filter({ hasText: "Vanguard FTSE All-World" })
      .click();

    // The holding's page: a buy of 10 at € 100 with € 5 fees, forty days ago.
    await expect(page).toHaveURL(/\/dashboard\/investments\/holdings\/[\w-]+$/);
    await expect(page.getByTestId("trades-empty")).toBeVisible();
    await page.getByRole("button", { name: "Add your first buy" }).click();
    const trade = page.getByTestId("trade-dialog");
    await expect(trade.getByTestId("trade-kind")).toHaveValue("buy");
    await trade.getByLabel("Units", { exact: true }).fill("10");
    await trade.getByLabel("Price per unit (EUR)").fill("100");
    await trade.getByLabel("Fees").fill("5");
    await trade.getByLabel("Date").fill(dayFromToday(-40));
    await expect(trade.getByTestId("trade-total-value")).toHaveText("€1,005.00");
    await trade.getByRole("button", { name: "Book buy" }).click();
    await expect(trade).toBeHidden();
    await expect(page.getByTestId("holding-quantity")).toHaveText("10");
    await expect(page.getByTestId("holding-cost")).toHaveText("€1,005.00");
    // The buy's own price is the value until a newer price is entered: 40 days old, stale.
    await expect(page.getByTestId("holding-price-stale")).toBeVisible();

    // The price looked up yesterday: € 120.
    await page.getByRole("button", { name: "Enter price" }).first().click();
    const price = page.getByTestId("price-dialog");
    await price.getByLabel("Date").fill(dayFromToday(-1));
    await price.getByLabel("Price per unit (EUR)").fill("120");
    await price.getByRole("button", { name: "Save price" }).click();
    await expect(price).toBeHidden();
    await expect(page.getByTestId("holding-value")).toHaveText("€1,200.00");
    await expect(page.getByTestId("holding-unrealised")).toHaveText("+€195.00");
    await expect(page.getByTestId("holding-price-stale")).toHaveCount(0);
    await expect(page.getByTestId("holding-xirr")).not.toHaveText("—");
    await expectNoSeriousA11yViolations(page, "a holding's page with a buy and a price");

    // Selling 20 of the 10 units held: refused on the field, nothing booked.
    await page.getByRole("button", { name: "Add trade" }).first().click();
    await trade.getByTestId("trade-kind").selectOption("sell");
    await trade.getByLabel("Units", { exact: true }).fill("20");
    await trade.getByLabel("Price per unit (EUR)").fill("120");
    await trade.getByRole("button", { name: "Book sell" }).click();
    await expect(trade).toContainText("There are not that many units held on that date");
    await trade.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("trade")).toHaveCount(1);

    // The area: value, gain and the allocation, also as a table.
    await page.goto("/dashboard/investments");
    await expect(page.getByTestId("investments-value-value")).toHaveText("€1,200.00");
    await expect(page.getByTestId("investments-unrealised-value")).toHaveText("+€195.00");
    const byKind = page.getByTestId("allocation-kind");
    await expect(byKind).toContainText("ETF");
    await expect(byKind).toContainText("100");
    await byKind.getByRole("button", { name: "Show as table" }).click();
    await expect(byKind.getByRole("table")).toContainText("€1,200.00");
    await expect(page.getByTestId("investments-history")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/dashboard/investments with a holding");

    // Net worth on the dashboard: no savings, the ETF's value.
    await page.goto("/dashboard");
    await expect(page.getByTestId("net-worth-total")).toHaveText("€1,200.00");
    await expect(page.getByTestId("net-worth-investments")).toHaveText("€1,200.00");
    await expect(page.getByTestId("invested-total")).toHaveText("€1,200.00");
  });
});

test.describe("in Dutch, dark, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });

  test("een fonds in dollars: waarde in euro's, alles past op het scherm", async ({
    page,
    baseURL,
    mailbox,
  }) => {
    const { owner } = await premiumCouple(page, baseURL, mailbox);
    const portfolio = await call<{ id: string }>(owner, "POST", "/investments/portfolios", {
      name: "Pensioen",
      broker: "Meesman",
      ownerKind: "household",
    });
    const holding = await call<{ id: string }>(
      owner,
      "POST",
      `/investments/portfolios/${portfolio.id}/holdings`,
      { name: "iShares Core S&P 500", symbol: "CSPX", kind: "etf", currency: "USD" },
    );
    await call(owner, "POST", `/investments/holdings/${holding.id}/trades`, {
      kind: "buy",
      occurredOn: dayFromToday(-60),
      quantity: 4,
      price: 500,
      fxRate: 0.9,
      feesCents: 200,
    });
    await page.addInitScript(() => {
      localStorage.setItem("language", "nl");
      localStorage.setItem("theme", "dark");
    });

    await page.goto(`/dashboard/investments/holdings/${holding.id}`);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    // 4 × $ 500 × 0.9 = € 1.800 plus € 2 fees.
    await expect(page.getByTestId("holding-cost")).toHaveText("€ 1.802,00");
    await expect(page.getByTestId("holding-price")).toContainText("500");

    // A new price by keyboard: $ 550 at 0,92.
    await page.getByRole("button", { name: "Koers invoeren" }).first().click();
    const price = page.getByTestId("price-dialog");
    await price.getByLabel("Datum").fill(dayFromToday(-1));
    await price.getByLabel(/^Koers per stuk/).fill("550");
    await price.getByLabel(/^Wisselkoers/).fill("0,92");
    await price.getByLabel(/^Wisselkoers/).press("Enter");
    await expect(price).toBeHidden();
    // 4 × 550 × 0,92 = € 2.024.
    await expect(page.getByTestId("holding-value")).toHaveText("€ 2.024,00");
    expect(await overflow(page), "the holding's page is wider than the screen").toBeLessThanOrEqual(
      0,
    );
    await expectNoSeriousA11yViolations(page, "de pagina van een positie (nl, donker, 390 px)");

    await page.goto("/dashboard/investments");
    await expect(page.getByTestId("investments-value-value")).toHaveText("€ 2.024,00");
    await expect(page.getByTestId("allocation-holding")).toContainText("iShares Core S&P 500");
    expect(
      await overflow(page),
      "the investments page is wider than the screen",
    ).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, "/dashboard/investments (nl, donker, 390 px)");

    await page.goto("/dashboard");
    await expect(page.getByTestId("net-worth-total")).toHaveText("€ 2.024,00");
    expect(await overflow(page), "the dashboard is wider than the screen").toBeLessThanOrEqual(0);
  });
});

test.describe("importing trades, in Dutch, light, on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });

  test("een export van de broker: voorbeeld, slechte regel, en nog eens importeren voegt niets toe", async ({
    page,
    baseURL,
    mailbox,
  }) => {
    const { owner } = await premiumCouple(page, baseURL, mailbox);
    const portfolio = await call<{ id: string }>(owner, "POST", "/investments/portfolios", {
      name: "Beleggen",
      broker: "DEGIRO",
      ownerKind: "household",
    });
    await call(owner, "POST", `/investments/portfolios/${portfolio.id}/holdings`, {
      name: "Vanguard FTSE All-World",
      symbol: "VWRL",
      isin: "IE00B3RBWM25",
      kind: "etf",
      currency: "EUR",
    });
    await page.addInitScript(() => localStorage.setItem("language", "nl"));
    const file = {
      name: "transacties.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        [
          "Datum;Product;ISIN;Aantal;Koers;Transactiekosten",
          `${dutchDate(-90)};VANGUARD FTSE ALL-WORLD;IE00B3RBWM25;10;100,50;2,00`,
          `${dutchDate(-60)};VANGUARD FTSE ALL-WORLD;IE00B3RBWM25;5;104,00;2,00`,
          `${dutchDate(-30)};ONBEKEND FONDS;NL0000000000;3;10,00;0,00`,
        ].join("\n"),
      ),
    };

    await page.goto("/dashboard/investments");
    await page.getByTestId("import-trades").click();
    const dialog = page.getByTestId("trade-import-dialog");
    await dialog.getByTestId("trade-import-file").setInputFiles(file);
    await expect(dialog.getByTestId("trade-import-good")).toContainText("2");
    await expect(dialog.getByTestId("trade-import-bad")).toContainText("1");
    await expect(dialog.getByTestId("trade-import-bad-rows")).toContainText("4");
    await expectNoSeriousA11yViolations(page, "het voorbeeld van een import");
    await dialog.getByTestId("trade-import-submit").click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId("holding-row").filter({ hasText: "Vanguard FTSE All-World" });
    await expect(row).toContainText("15 stuks");

    // The same file again: nothing twice.
    await page.getByTestId("import-trades").click();
    await dialog.getByTestId("trade-import-file").setInputFiles(file);
    await dialog.getByTestId("trade-import-submit").click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("15 stuks");
  });
});

/** A day `days` from today as DD-MM-YYYY, the way a Dutch broker writes it. */
function dutchDate(days: number): string {
  const [year, month, day] = dayFromToday(days).split("-");
  return `${day}-${month}-${year}`;
}
