import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import enMoney from "#client/locales/en/money.json";
import nlMoney from "#client/locales/nl/money.json";
import type { Category, EntryKind } from "#shared/schemas/categories.schema.ts";
import { CategoryFormDialog } from "./category-form-dialog.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const healthCareLabel = "Health care — counts against the health deductible (eigen risico)";

const physio: Category = {
  id: "physio",
  kind: "expense",
  name: "Physiotherapy",
  icon: "heart-pulse",
  color: "red",
  taxRelevant: false,
  healthCare: true,
  archived: false,
  defaultKey: null,
};

/** The server: every request's method, path and JSON body; answers the category back. */
function stubServer() {
  const requests: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const body = JSON.parse(typeof init?.body === "string" ? init.body : "{}") as Record<
      string,
      unknown
    >;
    requests.push({
      method: init?.method ?? "GET",
      path: new URL(href, "http://localhost").pathname,
      body,
    });
    return new Response(JSON.stringify({ ...physio, ...body }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return requests;
}

function renderForm(
  kind: EntryKind,
  category: Category | null,
  language: "en" | "nl" = "en",
): { requests: ReturnType<typeof stubServer>; onClose: () => void } {
  const requests = stubServer();
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: "en",
    ns: ["money"],
    defaultNS: "money",
    resources: { en: { money: enMoney }, nl: { money: nlMoney } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider
        client={
          new QueryClient({
            defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
          })
        }
      >
        <CategoryFormDialog kind={kind} category={category} onClose={onClose} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { requests, onClose };
}

describe("CategoryFormDialog: the health-care mark", () => {
  it("marks a new expense category as health care, with its hint", async () => {
    const { requests, onClose } = renderForm("expense", null);
    const box = screen.getByRole("checkbox", { name: healthCareLabel });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(box.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(box.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Your share of these expenses is counted against the deductible of your basic health insurance, on the insurance page.",
    );
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Physiotherapy" } });
    fireEvent.click(box);
    fireEvent.click(screen.getByRole("button", { name: "Add category" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe("POST");
    expect(requests[0]?.path).toBe("/api/categories");
    expect(requests[0]?.body).toMatchObject({
      kind: "expense",
      name: "Physiotherapy",
      taxRelevant: false,
      healthCare: true,
    });
  });

  it("leaves it unmarked when not ticked", async () => {
    const { requests, onClose } = renderForm("expense", null);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Books" } });
    fireEvent.click(screen.getByRole("button", { name: "Add category" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body.healthCare).toBe(false);
  });

  it("shows a health-care category ticked and sends the mark taken off", async () => {
    const { requests, onClose } = renderForm("expense", physio);
    const box = screen.getByRole("checkbox", { name: healthCareLabel }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.method).toBe("PATCH");
    expect(requests[0]?.path).toBe("/api/categories/physio");
    expect(requests[0]?.body).toMatchObject({ name: "Physiotherapy", healthCare: false });
  });

  it("offers no health-care mark for income, and sends none", async () => {
    const { requests, onClose } = renderForm("income", null);
    expect(screen.queryByRole("checkbox", { name: healthCareLabel })).toBeNull();
    expect(screen.getByRole("checkbox", { name: "Tax-relevant" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Bonus" } });
    fireEvent.click(screen.getByRole("button", { name: "Add category" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).not.toHaveProperty("healthCare");
  });

  it("says it in Dutch", () => {
    renderForm("expense", null, "nl");
    expect(
      screen.getByRole("checkbox", { name: "Zorgkosten — telt mee voor het eigen risico" }),
    ).toBeTruthy();
  });
});
