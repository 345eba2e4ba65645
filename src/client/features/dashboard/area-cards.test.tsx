import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, renderHook, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { closePlanDialog, usePlanDialog } from "#client/features/billing/plan-dialog-store.ts";
import enDashboard from "#client/locales/en/dashboard.json";
import nlDashboard from "#client/locales/nl/dashboard.json";
import type { PlanName } from "#shared/plans.ts";
import { AreaCards } from "./area-cards.tsx";

afterEach(() => {
  cleanup();
  closePlanDialog();
  vi.unstubAllGlobals();
});

/**
 * The overview's savings, investments and net worth cards for a plan and a role, in a language,
 * with the real dashboard texts. A locked card loads nothing: fetch fails the test if asked.
 */
function renderCards(plan: PlanName, owner: boolean, language: "en" | "nl" = "en") {
  const fetch = vi.fn(() => {
    throw new Error("A locked card asked the server for something.");
  });
  vi.stubGlobal("fetch", fetch);
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
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={["/dashboard"]}>
          <AreaCards plan={plan} owner={owner} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const netWorth = within(view.getByTestId("area-card-netWorth"));
  return { view, netWorth, fetch };
}

describe("AreaCards: the net worth teaser on Free", () => {
  it("tells a member to ask the owner, with no upgrade button", () => {
    const { view, netWorth, fetch } = renderCards("free", false);
    expect(view.getByTestId("area-card-netWorth").dataset.locked).toBe("true");
    expect(netWorth.getByText("Net worth")).toBeTruthy();
    expect(
      netWorth.getByText("Savings plus investments minus loans, over time, in one figure."),
    ).toBeTruthy();
    expect(netWorth.getByTestId("ask-owner").textContent).toBe(
      "Only the owner of your household changes the plan: ask the owner.",
    );
    expect(netWorth.queryByRole("button")).toBeNull();
    expect(netWorth.queryByText(/Upgrade to/)).toBeNull();
    // Not one upgrade button on any of the three locked cards.
    expect(view.queryAllByRole("button")).toEqual([]);
    expect(view.getAllByTestId("ask-owner")).toHaveLength(3);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says the same to a member in Dutch", () => {
    const { netWorth } = renderCards("free", false, "nl");
    expect(netWorth.getByText("Vermogen")).toBeTruthy();
    expect(netWorth.getByTestId("ask-owner").textContent).toBe(
      "Alleen de eigenaar van je huishouden wijzigt het abonnement: vraag het de eigenaar.",
    );
    expect(netWorth.queryByRole("button")).toBeNull();
  });

  it("offers the owner the upgrade to Premium instead, which opens the plan dialog on Premium", () => {
    const { netWorth, fetch } = renderCards("free", true);
    expect(
      netWorth.getByText("Savings plus investments minus loans, over time, in one figure."),
    ).toBeTruthy();
    expect(netWorth.queryByTestId("ask-owner")).toBeNull();
    expect(netWorth.queryByText(/ask the owner/)).toBeNull();
    const upgrade = netWorth.getByRole("button", { name: "Upgrade to Premium" });
    const dialog = renderHook(() => usePlanDialog());
    expect(dialog.result.current.open).toBe(false);
    act(() => fireEvent.click(upgrade));
    expect(dialog.result.current).toEqual({ open: true, target: "premium" });
    expect(fetch).not.toHaveBeenCalled();
  });
});
