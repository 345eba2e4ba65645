import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import enDashboard from "#client/locales/en/dashboard.json";
import nlDashboard from "#client/locales/nl/dashboard.json";
import type { PlanName } from "#shared/plans.ts";
import type { Category } from "#shared/schemas/categories.schema.ts";
import type { Upcoming } from "#shared/schemas/recurring.schema.ts";
import type { InsuranceDue } from "./due-items.ts";
import { DueList } from "./due-list.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const groceries: Category = {
  id: "groceries",
  kind: "expense",
  name: "Groceries",
  icon: "shopping-cart",
  color: "green",
  taxRelevant: false,
  healthCare: false,
  archived: false,
  defaultKey: "groceries",
};

const recurring: Upcoming[] = [
  {
    ruleId: "rent",
    date: "2026-06-01",
    kind: "expense",
    amountCents: 145_000,
    categoryId: "groceries",
    merchant: "Rent",
    memberShareCents: null,
  },
  {
    ruleId: "salary",
    date: "2026-06-25",
    kind: "income",
    amountCents: 320_000,
    categoryId: "groceries",
    merchant: "Salary",
    memberShareCents: null,
  },
];

const insurance: InsuranceDue[] = [
  {
    policyId: "liability-1",
    kind: "liability",
    insurer: "Centraal Beheer",
    event: "notice",
    date: "2026-06-10",
    renewalDate: "2026-07-10",
    daysAway: 9,
  },
  {
    policyId: "liability-1",
    kind: "liability",
    insurer: "Centraal Beheer",
    event: "renewal",
    date: "2026-07-10",
    renewalDate: "2026-07-10",
    daysAway: 39,
  },
];

/** The JSON answer of a path, or a 404; every call is recorded with its query. */
function stubServer(answers: Record<string, unknown>) {
  const calls: URL[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, "http://localhost");
    calls.push(url);
    const body = answers[url.pathname];
    return body === undefined
      ? new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: "Not found" } }), {
          status: 404,
          headers: { "content-type": "application/json" },
        })
      : new Response(JSON.stringify(body), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

function renderList(plan: PlanName, member: string | null, language: "en" | "nl" = "en") {
  const calls = stubServer({
    "/api/recurring/upcoming": { items: recurring },
    "/api/insurance/overview": { upcoming: insurance },
  });
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
          <DueList plan={plan} member={member} categories={new Map([["groceries", groceries]])} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const element = view.getByTestId("upcoming");
  return { view, calls, card: within(element), lines: () => lineTexts(element) };
}

/** Each line's text, in the order shown. */
const lineTexts = (element: HTMLElement) =>
  within(element)
    .getAllByRole("listitem")
    .map((item) => item.textContent);

describe("DueList: what is due on the overview", () => {
  it("on Pro lists the renewal and notice deadline with the recurring entries, by date", async () => {
    const { card, calls, lines } = renderList("pro", null);
    expect((await card.findAllByTestId("due-insurance")).length).toBe(2);
    expect(card.getByRole("heading").textContent).toBe("Due soon");
    expect(
      card.getByText(
        "Recurring entries in the next 30 days, insurance renewals and notice deadlines in the next 60.",
      ),
    ).toBeTruthy();
    expect(lines()).toEqual([
      "1 JunRent-€1,450.00",
      "10 JunLiability insuranceNotice deadlineCentraal Beheer",
      "25 JunSalary+€3,200.00",
      "10 JulLiability insuranceRenews· Centraal Beheer",
    ]);
    const [notice, renewal] = card.getAllByTestId("due-insurance");
    expect(notice?.dataset.event).toBe("notice");
    expect(notice?.getAttribute("href")).toBe("/dashboard/insurance#policy-liability-1");
    expect(notice?.className).toMatch(/bg-amber-50/);
    expect(renewal?.dataset.event).toBe("renewal");
    expect(renewal?.className).not.toMatch(/bg-amber/);
    // The household's scope: no member asked for.
    const asked = calls.find((url) => url.pathname === "/api/insurance/overview");
    expect(asked?.searchParams.has("member")).toBe(false);
  });

  it("asks for a member's policies only in that member's scope", async () => {
    const { card, calls } = renderList("pro", "member-anna");
    await card.findAllByTestId("due-insurance");
    const overview = calls.filter((url) => url.pathname === "/api/insurance/overview");
    expect(overview).toHaveLength(1);
    expect(overview[0]?.searchParams.get("member")).toBe("member-anna");
    const upcoming = calls.find((url) => url.pathname === "/api/recurring/upcoming");
    expect(upcoming?.searchParams.get("member")).toBe("member-anna");
  });

  it.each(["free", "premium"] as const)(
    "on %s never asks for insurance (it would be refused) and keeps the 30-day list",
    async (plan) => {
      const { card, calls, lines } = renderList(plan, null);
      await card.findByText("Rent");
      expect(card.getByRole("heading").textContent).toBe("Due in the next 30 days");
      expect(card.queryAllByTestId("due-insurance")).toHaveLength(0);
      expect(calls.some((url) => url.pathname.startsWith("/api/insurance"))).toBe(false);
      expect(lines()).toEqual(["1 JunRent-€1,450.00", "25 JunSalary+€3,200.00"]);
    },
  );

  it("says it in Dutch", async () => {
    const { card } = renderList("pro", null, "nl");
    const [notice, renewal] = await card.findAllByTestId("due-insurance");
    expect(card.getByRole("heading").textContent).toBe("Binnenkort");
    expect(notice?.textContent).toBe(
      "10 junAansprakelijkheidsverzekeringOpzegtermijn verlooptCentraal Beheer",
    );
    expect(renewal?.textContent).toBe(
      "10 julAansprakelijkheidsverzekeringVerlengt· Centraal Beheer",
    );
  });
});
