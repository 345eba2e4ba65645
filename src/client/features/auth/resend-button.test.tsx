import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "#client/lib/api.ts";
import { renderAt } from "./auth-test-utils.tsx";
import { ResendButton } from "./resend-button.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function button() {
  return screen.getByRole("button");
}

describe("ResendButton", () => {
  it("sends, then counts down before it can send again", async () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => ({ status: true }));
    renderAt(<ResendButton send={send} label="Send the e-mail again" successMessage="Sent" />);

    await act(async () => {
      fireEvent.click(button());
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(button().textContent).toBe("Send again in 30 seconds");
    expect(button().hasAttribute("disabled")).toBe(true);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(button().textContent).toBe("Send again in 1 second");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(button().textContent).toBe("Send the e-mail again");
    expect(button().hasAttribute("disabled")).toBe(false);
  });

  it("waits longer when the server says there were too many", async () => {
    const send = vi.fn(async () => {
      throw new ApiError("RATE_LIMITED", "slow down", 429);
    });
    renderAt(<ResendButton send={send} label="Send the e-mail again" successMessage="Sent" />);
    await act(async () => {
      fireEvent.click(button());
    });
    expect(button().textContent).toBe("Send again in 120 seconds");
  });
});
