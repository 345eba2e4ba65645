import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, authApi } from "#client/lib/api.ts";
import { renderAt } from "./auth-test-utils.tsx";
import { ResetPasswordPanel } from "./reset-password-panel.tsx";

beforeEach(() => {
  vi.spyOn(authApi, "resetPassword");
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const goodPassword = "lantern-orchard-pebble-74";

async function choose(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("New password"), password);
  await user.type(screen.getByLabelText("Repeat the new password"), confirm);
  await user.click(screen.getByRole("button", { name: "Save the new password" }));
}

function expectInvalidLink() {
  expect(
    screen.getByRole("heading", { level: 1, name: "This link can no longer be used" }),
  ).toBeTruthy();
  expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe(
    "/auth?mode=forgot",
  );
}

describe("ResetPasswordPanel", () => {
  it("explains a link without a token, or one the server sent back with an error", () => {
    renderAt(<ResetPasswordPanel token={null} error={null} />, { path: "/reset-password" });
    expectInvalidLink();
    cleanup();
    renderAt(<ResetPasswordPanel token={null} error="INVALID_TOKEN" />, {
      path: "/reset-password",
    });
    expectInvalidLink();
  });

  it("asks for the same password twice", async () => {
    renderAt(<ResetPasswordPanel token="t1" error={null} />, { path: "/reset-password" });
    await choose(goodPassword, `${goodPassword}x`);
    expect(await screen.findByText("The two passwords are not the same.")).toBeTruthy();
    expect(authApi.resetPassword).not.toHaveBeenCalled();
  });

  it("turns into the invalid-link state when the server refuses the token", async () => {
    vi.mocked(authApi.resetPassword).mockRejectedValue(new ApiError("INVALID_TOKEN", "used", 400));
    renderAt(<ResetPasswordPanel token="used" error={null} />, { path: "/reset-password" });
    await choose(goodPassword, goodPassword);
    await waitFor(expectInvalidLink);
  });

  it("saves the password and goes to sign in", async () => {
    vi.mocked(authApi.resetPassword).mockResolvedValue({ status: true });
    renderAt(<ResetPasswordPanel token="t1" error={null} />, { path: "/reset-password" });
    await choose(goodPassword, goodPassword);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/auth"));
    expect(authApi.resetPassword).toHaveBeenCalledWith({ token: "t1", newPassword: goodPassword });
  });
});
