import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FieldError, FormField } from "#client/components/forms/form-field.tsx";
import { watchFormErrors } from "./focus-form-errors.ts";

let unwatch: () => void = () => {};
beforeEach(() => {
  vi.useFakeTimers();
  unwatch = watchFormErrors();
});
afterEach(() => {
  unwatch();
  cleanup();
  vi.useRealTimers();
});

/** A form with a field and a split whose message belongs to no control, as the entry form. */
function SplitForm({ amountWrong, splitWrong }: { amountWrong: boolean; splitWrong: boolean }) {
  const [submitted, setSubmitted] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // Messages appear after the check, as react-hook-form shows them.
        setTimeout(() => setSubmitted(true), 5);
      }}
    >
      <FormField label="Amount" error={submitted && amountWrong ? "Enter an amount" : undefined}>
        <input />
      </FormField>
      <fieldset>
        <input aria-label="Share of Anna" />
        <FieldError
          id="shares-error"
          message={submitted && splitWrong ? "Shares add up" : undefined}
        />
      </fieldset>
      <button type="submit">Save</button>
    </form>
  );
}

async function submit() {
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(50);
  });
}

describe("watchFormErrors", () => {
  it("focuses and scrolls to a split's message that belongs to no field", async () => {
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    render(<SplitForm amountWrong={false} splitWrong />);
    await submit();
    const message = screen.getByText("Shares add up");
    expect(document.activeElement).toBe(message);
    expect(scrolled).toHaveBeenCalledWith({ block: "center" });
  });

  it("focuses the first wrong field in reading order, through its message", async () => {
    HTMLElement.prototype.scrollIntoView = vi.fn();
    render(<SplitForm amountWrong splitWrong />);
    await submit();
    expect(document.activeElement).toBe(screen.getByLabelText("Amount"));
  });

  it("leaves the focus alone when nothing is wrong", async () => {
    HTMLElement.prototype.scrollIntoView = vi.fn();
    render(<SplitForm amountWrong={false} splitWrong={false} />);
    const save = screen.getByRole("button", { name: "Save" });
    save.focus();
    await submit();
    expect(document.activeElement).toBe(save);
  });
});
