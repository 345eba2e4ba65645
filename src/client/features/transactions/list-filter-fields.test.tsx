import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { useState } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import enEntries from "#client/locales/en/entries.json";
import { AmountFilter, SearchFilter } from "./list-filter-fields.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/**
 * The list's filters live in the URL: a field's change comes back to it as a new value after a
 * while (the router and a render; on a slow phone, long enough to type more). `echoAfter` is
 * that while; `outside` changes the value as Clear or the browser's Back would.
 */
function Harness({ echoAfter, kind }: { echoAfter: number; kind: "amount" | "search" }) {
  const [cents, setCents] = useState<number | undefined>(undefined);
  const [q, setQ] = useState("");
  return (
    <>
      {kind === "amount" ? (
        <AmountFilter
          id="min"
          label="Minimum amount"
          cents={cents}
          onChange={(value) => setTimeout(() => setCents(value ?? undefined), echoAfter)}
        />
      ) : (
        <SearchFilter value={q} onChange={(value) => setTimeout(() => setQ(value), echoAfter)} />
      )}
      <button type="button" onClick={() => (kind === "amount" ? setCents(undefined) : setQ(""))}>
        outside
      </button>
      <output data-testid="applied">{kind === "amount" ? String(cents) : q}</output>
    </>
  );
}

function renderHarness(kind: "amount" | "search", echoAfter: number) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: "en",
    resources: { en: { entries: enEntries } },
    interpolation: { escapeValue: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <Harness kind={kind} echoAfter={echoAfter} />
    </I18nextProvider>,
  );
  return kind === "amount"
    ? screen.getByLabelText<HTMLInputElement>("Minimum amount")
    : screen.getByRole<HTMLInputElement>("searchbox");
}

const type = (input: HTMLInputElement, value: string) =>
  act(() => {
    fireEvent.change(input, { target: { value } });
  });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("the list's filter fields while their own change comes back slowly", () => {
  it("an amount typed on after the pause keeps every character, and is applied", async () => {
    vi.useFakeTimers();
    const input = renderHarness("amount", 500);
    await type(input, "200");
    await wait(350); // the pause: 200.00 is applied, its echo still on its way
    await type(input, "200.5");
    await wait(500); // the echo of 200.00 arrives
    expect(input.value).toBe("200.5");
    await wait(1000);
    expect(screen.getByTestId("applied").textContent).toBe("20050");
    expect(input.value).toBe("200.5");
  });

  it("a search typed on after the pause keeps every character, and is applied", async () => {
    vi.useFakeTimers();
    const input = renderHarness("search", 500);
    await type(input, "albe");
    await wait(350);
    await type(input, "albert");
    await wait(500);
    expect(input.value).toBe("albert");
    await wait(1000);
    expect(screen.getByTestId("applied").textContent).toBe("albert");
  });

  it("a change from elsewhere (Clear, Back) still replaces what the field shows", async () => {
    vi.useFakeTimers();
    const input = renderHarness("amount", 10);
    await type(input, "12");
    await wait(400);
    expect(screen.getByTestId("applied").textContent).toBe("1200");
    await act(() => {
      fireEvent.click(screen.getByRole("button", { name: "outside" }));
    });
    expect(input.value).toBe("");
    const search = renderHarness("search", 10);
    await type(search, "jumbo");
    await wait(400);
    await act(() => {
      const [, second] = screen.getAllByRole("button", { name: "outside" });
      if (second) fireEvent.click(second);
    });
    expect(search.value).toBe("");
  });
});
