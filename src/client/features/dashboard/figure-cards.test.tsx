import { cleanup, render, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import enDashboard from "#client/locales/en/dashboard.json";
import nlDashboard from "#client/locales/nl/dashboard.json";
import type { Dashboard, DashboardFigures } from "#shared/schemas/dashboard.schema.ts";
import { FigureCards } from "./figure-cards.tsx";

afterEach(cleanup);

const figures = (incomeCents: number, expenseCents: number): DashboardFigures => ({
  incomeCents,
  expenseCents,
  netCents: incomeCents - expenseCents,
  savingsRateBp:
    incomeCents > 0 ? Math.trunc(((incomeCents - expenseCents) * 10_000) / incomeCents) : null,
});

/** The figure cards of November on the 26th, against 1–26 October, with the real texts. */
function renderCards(
  current: DashboardFigures,
  previous: DashboardFigures,
  language: "en" | "nl" = "en",
  period = { from: "2026-11-01", to: "2026-11-30" },
) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: "en",
    ns: ["dashboard"],
    defaultNS: "dashboard",
    resources: { en: { dashboard: enDashboard }, nl: { dashboard: nlDashboard } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const board = {
    period,
    compared: { from: period.from, to: "2026-11-26" },
    previous: { from: "2026-10-01", to: "2026-10-26" },
    figures: { current, previous },
  } as Dashboard;
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={["/dashboard"]}>
        <FigureCards board={board} member={null} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  const card = (key: string) => within(view.getByTestId(`figure-${key}`));
  return { view, card };
}

describe("FigureCards: comparisons that mean something", () => {
  it("compares the month so far with the same days before, linking both to their entries", () => {
    const { view, card } = renderCards(figures(300_000, 110_000), figures(250_000, 100_000));
    expect(card("income").getByText("+20.0%")).toBeTruthy();
    expect(card("spending").getByText("+10.0%")).toBeTruthy();
    expect(view.getByTestId("figure-income-previous").textContent).toBe(
      "1 Oct – 26 Oct: €2,500.00",
    );
    expect(view.getByTestId("figure-income-value").getAttribute("href")).toBe(
      "/dashboard/transactions?kind=income&from=2026-11-01&to=2026-11-26&member=household",
    );
    expect(view.getByTestId("figure-income-previous").getAttribute("href")).toBe(
      "/dashboard/transactions?kind=income&from=2026-10-01&to=2026-10-26&member=household",
    );
    expect(view.queryByTestId("figure-income-too-little")).toBeNull();
  });

  it("gives no percentage against too little (under €50, or under 5 % of now), and says so", () => {
    // €1,908.71 of spending against €29.99: a rise of thousands of per cent said nothing.
    const { view, card } = renderCards(figures(0, 190_871), figures(0, 2_999));
    expect(view.getByTestId("figure-spending-too-little").textContent).toBe(
      "too little last month to compare",
    );
    expect(card("spending").queryByText(/%/)).toBeNull();
    // Nothing then, nothing now: the same, nothing to say.
    expect(view.queryByTestId("figure-income-too-little")).toBeNull();
    cleanup();
    // €60 before is enough for a percentage, unless now is over twenty times as much.
    const enough = renderCards(figures(0, 9_000), figures(0, 6_000)).card("spending");
    expect(enough.getByText("+50.0%")).toBeTruthy();
    cleanup();
    const far = renderCards(figures(0, 130_000), figures(0, 6_000));
    expect(far.view.getByTestId("figure-spending-too-little")).toBeTruthy();
    cleanup();
    // A year, in Dutch.
    const year = renderCards(figures(500_000, 0), figures(1_000, 0), "nl", {
      from: "2026-01-01",
      to: "2026-12-31",
    });
    expect(year.view.getByTestId("figure-income-too-little").textContent).toBe(
      "te weinig het jaar ervoor om mee te vergelijken",
    );
  });

  it("writes the net's change with the language's sign, as every other amount", () => {
    const { card } = renderCards(figures(100_000, 90_000), figures(100_000, 80_000), "nl");
    expect(card("net").getByText(/^€\s-100,00$/)).toBeTruthy();
    expect(card("net").queryByText(/−/)).toBeNull();
  });
});
