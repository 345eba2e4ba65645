import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import enMoney from "#client/locales/en/money.json";
import nlMoney from "#client/locales/nl/money.json";
import { SettlementDialog } from "./settlement-dialog.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const names = new Map([
  ["bram", "Bram"],
  ["anna", "Anna"],
]);

/** The dialog recording what Bram owes Anna (€40.00), with the real texts; fetch records calls. */
function renderRecord(language: "en" | "nl") {
  const fetch = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify({ id: "x", amountCents: 2500 }), {
        status: 201,
        headers: { "content-type": "application/json" },
      }),
    ),
  );
  vi.stubGlobal("fetch", fetch);
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
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <SettlementDialog
          target={{ mode: "record", fromMemberId: "bram", toMemberId: "anna", owedCents: 4_000 }}
          nameOf={(id) => names.get(id) ?? "?"}
          onClose={onClose}
        />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { view, fetch, onClose };
}

describe("SettlementDialog: recording a settlement", () => {
  it("proposes what is owed, refuses more, and records a part on another day", async () => {
    const { view, fetch, onClose } = renderRecord("en");
    expect(view.getByRole("heading").textContent).toBe("Bram → Anna");
    // The form's code loads when the dialog opens (settlement-form.tsx): the frame shows first.
    const amount = (await view.findByLabelText("Amount")) as HTMLInputElement;
    const date = view.getByLabelText("Date paid") as HTMLInputElement;
    expect(amount.value).toBe("40.00");
    fireEvent.change(amount, { target: { value: "40.01" } });
    fireEvent.click(view.getByRole("button", { name: "Record settlement" }));
    expect(await view.findByText("At most €40.00, what is owed.")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(amount, { target: { value: "25" } });
    fireEvent.change(date, { target: { value: "2026-11-20" } });
    fireEvent.click(view.getByRole("button", { name: "Record settlement" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toMatch(/\/api\/settlements$/);
    expect(JSON.parse(String(init.body))).toEqual({
      fromMemberId: "bram",
      toMemberId: "anna",
      amountCents: 2_500,
      occurredOn: "2026-11-20",
      notes: "",
    });
  });

  it("says it in Dutch, amounts written the Dutch way", async () => {
    const { view } = renderRecord("nl");
    const amount = (await view.findByLabelText("Bedrag")) as HTMLInputElement;
    expect(amount.value).toBe("40,00");
    fireEvent.change(amount, { target: { value: "45" } });
    fireEvent.click(view.getByRole("button", { name: "Verrekening vastleggen" }));
    expect(await view.findByText("Hoogstens € 40,00, wat er openstaat.")).toBeTruthy();
  });
});
