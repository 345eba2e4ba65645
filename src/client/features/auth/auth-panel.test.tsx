import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt, stubFetch } from "./auth-test-utils.tsx";
import { AuthPanel } from "./auth-panel.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const config = (googleSignIn: boolean) => ({
  "/api/config": { googleSignIn, billing: "test", outbox: true },
});

describe("AuthPanel", () => {
  it("opens on sign in, with the first field focused and the page titled", async () => {
    stubFetch(config(false));
    renderAt(<AuthPanel />);
    expect(screen.getByRole("tab", { name: "Sign in" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("heading", { level: 1, name: "Welcome back" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("E-mail address"));
    await waitFor(() => expect(document.title).toBe("Sign in · Hearth"));
  });

  it("opens on sign up with ?mode=sign-up", () => {
    stubFetch(config(false));
    renderAt(<AuthPanel />, { url: "/auth?mode=sign-up" });
    expect(screen.getByRole("tab", { name: "Create account" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    expect(screen.getByLabelText("Full name")).toBeTruthy();
  });

  it("switches to the forgotten-password form and carries the typed address", async () => {
    stubFetch(config(false));
    const user = userEvent.setup();
    renderAt(<AuthPanel />, { url: "/auth?redirect=%2Fdashboard%2Fsaving" });
    await user.type(screen.getByLabelText("E-mail address"), "anna@example.com");
    await user.click(screen.getByRole("link", { name: "Forgot password?" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "Forgot your password?" }),
    ).toBeTruthy();
    expect((screen.getByLabelText("E-mail address") as HTMLInputElement).value).toBe(
      "anna@example.com",
    );
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe(
      "/auth?redirect=%2Fdashboard%2Fsaving",
    );
  });

  it("shows Google only when this installation has it", async () => {
    stubFetch(config(true));
    renderAt(<AuthPanel />);
    expect(await screen.findByRole("button", { name: "Continue with Google" })).toBeTruthy();
    cleanup();

    const fetch = stubFetch(config(false));
    renderAt(<AuthPanel />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole("button", { name: "Continue with Google" })).toBeNull();
  });
});
