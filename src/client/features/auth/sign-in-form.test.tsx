import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, authApi } from "#client/lib/api.ts";
import { applyLanguage } from "#client/lib/i18n.ts";
import { renderAt, stubFetch } from "./auth-test-utils.tsx";
import { SignInForm } from "./sign-in-form.tsx";

vi.mock("#client/lib/i18n.ts", async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  applyLanguage: vi.fn(async () => {}),
}));

const account = {
  user: { id: "u1", email: "anna@example.com", name: "Anna de Vries", emailVerified: true },
  profile: { fullName: "Anna de Vries", preferredLanguage: "nl", planName: null, avatarUrl: null },
  household: { id: "h1", name: "Anna's household" },
  member: { id: "m1", role: "owner" },
  isAdmin: false,
};

beforeEach(() => {
  vi.spyOn(authApi, "signIn");
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.mocked(applyLanguage).mockClear();
});

async function signIn(email = "anna@example.com", password = "lantern-orchard-pebble-74") {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("E-mail address"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

function form(redirectTo = "/dashboard") {
  return <SignInForm redirectTo={redirectTo} forgotHref="/auth?mode=forgot" />;
}

describe("SignInForm", () => {
  it("asks for both fields", async () => {
    renderAt(form());
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter your e-mail address.")).toBeTruthy();
    expect(screen.getByText("Enter your password.")).toBeTruthy();
    expect(authApi.signIn).not.toHaveBeenCalled();
  });

  it("says a wrong password in one sentence that does not tell which part was wrong", async () => {
    vi.mocked(authApi.signIn).mockRejectedValue(new ApiError("INVALID_CREDENTIALS", "wrong", 401));
    renderAt(form());
    await signIn();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The e-mail address or password is not right.",
    );
  });

  it("sends an unconfirmed address to verify-email", async () => {
    vi.mocked(authApi.signIn).mockRejectedValue(
      new ApiError("EMAIL_NOT_VERIFIED", "unverified", 403),
    );
    renderAt(form());
    await signIn("anna@example.com");
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe(
        "/auth/verify-email?email=anna%40example.com",
      ),
    );
  });

  it("applies the profile's language and goes where the person was going", async () => {
    vi.mocked(authApi.signIn).mockResolvedValue({ user: { id: "u1", email: "anna@example.com" } });
    stubFetch({ "/api/session": { account } });
    renderAt(form("/dashboard/saving"));
    await signIn();
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe("/dashboard/saving"),
    );
    expect(applyLanguage).toHaveBeenCalledWith("nl");
  });

  it("fills in a known address and starts at the password", () => {
    renderAt(
      <SignInForm
        redirectTo="/dashboard"
        forgotHref="/auth?mode=forgot"
        defaultEmail="anna@example.com"
      />,
    );
    expect((screen.getByLabelText("E-mail address") as HTMLInputElement).value).toBe(
      "anna@example.com",
    );
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
  });
});
