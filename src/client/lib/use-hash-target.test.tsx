import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useHashTarget } from "./use-hash-target.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A page whose row appears later, as rows do once their data has loaded. */
function Page() {
  useHashTarget();
  const [shown, setShown] = useState(false);
  return (
    <ul>
      <li>
        <button type="button" onClick={() => setShown(true)}>
          Show the row
        </button>
      </li>
      <li id="policy-other" tabIndex={-1}>
        Other
      </li>
      {shown ? (
        <li id="policy-a1" tabIndex={-1}>
          Liability
        </li>
      ) : null}
    </ul>
  );
}

/** Lets the DOM's mutation records be delivered (they come as a microtask). */
const settled = () => new Promise<void>((resolve) => queueMicrotask(() => queueMicrotask(resolve)));

/** The row appears, as rows do once their data has loaded. */
const showRow = () => fireEvent.click(document.querySelector("button") ?? document.body);

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Page />
    </MemoryRouter>,
  );

describe("useHashTarget: a link with #id lands on its row", () => {
  it("focuses the row once the page shows it", async () => {
    const view = renderAt("/dashboard/insurance#policy-a1");
    expect(document.activeElement).toBe(document.body);
    act(() => showRow());
    await vi.waitFor(() => expect(document.activeElement?.id).toBe("policy-a1"));
    view.unmount();
  });

  it("focuses a row that is there already", () => {
    renderAt("/dashboard/insurance#policy-other");
    expect(document.activeElement?.id).toBe("policy-other");
  });

  it("stops waiting after ten seconds", async () => {
    vi.useFakeTimers();
    renderAt("/dashboard/insurance#policy-a1");
    act(() => vi.advanceTimersByTime(10_001));
    await act(async () => showRow());
    await settled();
    expect(document.activeElement).toBe(document.body);
  });

  it("does nothing without a hash", async () => {
    renderAt("/dashboard/insurance");
    await act(async () => showRow());
    await settled();
    expect(document.activeElement).toBe(document.body);
  });
});
