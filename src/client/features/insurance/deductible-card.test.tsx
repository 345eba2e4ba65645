import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { categoryQueries } from "#client/features/categories/categories.queries.ts";
import enInsurance from "#client/locales/en/insurance.json";
import nlInsurance from "#client/locales/nl/insurance.json";
import type { Category } from "#shared/schemas/categories.schema.ts";
import type { DeductibleRow } from "#shared/schemas/insurance.schema.ts";
import { DeductibleCard } from "./deductible-card.tsx";

afterEach(cleanup);

const health: Category = {
  id: "health",
  kind: "expense",
  name: "Health care",
  icon: "heart-pulse",
  color: "red",
  taxRelevant: true,
  healthCare: true,
  archived: false,
  defaultKey: "health",
};

const row = (memberId: string, deductibleCents: number, usedCents: number): DeductibleRow => ({
  memberId,
  policyId: `policy-${memberId}`,
  insurer: "VGZ",
  year: 2026,
  deductibleCents,
  spentCents: usedCents,
  usedCents,
  leftCents: deductibleCents - usedCents,
});

function renderCard(rows: DeductibleRow[], categories: Category[], language: "en" | "nl" = "en") {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: "en",
    ns: ["insurance"],
    defaultNS: "insurance",
    resources: { en: { insurance: enInsurance }, nl: { insurance: nlInsurance } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(categoryQueries.list().queryKey, categories);
  const names: Record<string, string> = { anna: "Anna", sam: "Sam", noor: "Noor" };
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <DeductibleCard
            rows={rows}
            policies={[]}
            nameOf={(id) => names[id] ?? id}
            onOpen={() => undefined}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return view;
}

describe("DeductibleCard: this year's health deductible", () => {
  it("shows per person what care costs used and what is left, the used-up one marked", () => {
    const view = renderCard([row("anna", 38_500, 12_000), row("sam", 38_500, 38_500)], [health]);
    const [anna, sam] = view.getAllByTestId("deductible-row");
    if (!anna || !sam) throw new Error("two rows expected");
    expect(within(anna).getByTestId("deductible-used").textContent).toBe("€120.00 used of €385.00");
    expect(within(anna).getByTestId("deductible-left").textContent).toBe("€265.00 left this year");
    expect(within(anna).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("31");
    expect(within(sam).getByTestId("deductible-left").textContent).toBe(
      "All used: covered care is reimbursed in full for the rest of the year",
    );
    expect(view.getByText(/care costs in Health care count against it/)).toBeTruthy();
  });

  it("says a person without a deductible has nothing to use up, with no bar", () => {
    const view = renderCard([row("noor", 0, 0)], [health], "nl");
    const noor = view.getByTestId("deductible-row");
    expect(within(noor).getByTestId("deductible-none").textContent).toBe(
      "Geen eigen risico: zorg wordt vanaf de eerste euro vergoed (zoals voor kinderen onder de 18).",
    );
    expect(within(noor).queryByRole("progressbar")).toBeNull();
    expect(within(noor).queryByTestId("deductible-left")).toBeNull();
  });

  it("says where to mark a health-care category when none is", () => {
    const view = renderCard([row("anna", 38_500, 0)], [{ ...health, healthCare: false }]);
    expect(view.getByText(/No category counts as health care yet/)).toBeTruthy();
    expect(
      view.getByRole("link", { name: "Mark a category as health care under Categories" }),
    ).toBeTruthy();
  });

  it("is not there for a scope nobody in it has basic health insurance", () => {
    const view = renderCard([], [health]);
    expect(view.queryByTestId("health-deductible")).toBeNull();
  });
});
