import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, authApi } from "#client/lib/api.ts";
import { renderAt } from "./auth-test-utils.tsx";
import { SignUpForm } from "./sign-up-form.tsx";

beforeEach(() => {
  vi.spyOn(authApi, "signUp");
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  values: { name?: string; email?: string; password?: string },
) {
  if (values.name) await user.type(screen.getByLabelText("Full name"), values.name);
  if (values.email) await user.type(screen.getByLabelText("E-mail address"), values.email);
  if (values.password) await user.type(screen.getByLabelText("Password"), values.password);
}

const goodPassword = "lantern-orchard-pebble-74";

describe("SignUpForm", () => {
  it("says what is missing, in words, and sends nothing", async () => {
    const user = userEvent.setup();
    renderAt(<SignUpForm />);
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByText("Enter your full name.")).toBeTruthy();
    expect(screen.getByText("Enter your e-mail address.")).toBeTruthy();
    expect(screen.getByText("Choose a password.")).toBeTruthy();
    expect(screen.getByLabelText("Full name").getAttribute("aria-invalid")).toBe("true");
    expect(authApi.signUp).not.toHaveBeenCalled();
  });

  it("refuses a malformed address and a short password before asking the server", async () => {
    const user = userEvent.setup();
    renderAt(<SignUpForm />);
    await fillIn(user, { name: "Anna de Vries", email: "anna@", password: "short" });
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(
      await screen.findByText("Enter a valid e-mail address, like name@example.com."),
    ).toBeTruthy();
    expect(screen.getByText("Use at least 8 characters.")).toBeTruthy();
    expect(authApi.signUp).not.toHaveBeenCalled();
  });

  it("shows a taken address on the e-mail field", async () => {
    vi.mocked(authApi.signUp).mockRejectedValue(new ApiError("EMAIL_TAKEN", "taken", 409));
    const user = userEvent.setup();
    renderAt(<SignUpForm />);
    await fillIn(user, {
      name: "Anna de Vries",
      email: "anna@example.com",
      password: goodPassword,
    });
    await user.click(screen.getByRole("button", { name: "Create account" }));

    const message = await screen.findByText(
      "There is already an account with this e-mail address. Sign in instead.",
    );
    const email = screen.getByLabelText("E-mail address");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toContain(message.id);
  });

  it("shows the server's refusal of a weak password on the password field", async () => {
    vi.mocked(authApi.signUp).mockRejectedValue(new ApiError("WEAK_PASSWORD", "weak", 400));
    const user = userEvent.setup();
    renderAt(<SignUpForm />);
    await fillIn(user, {
      name: "Anna de Vries",
      email: "anna@example.com",
      password: goodPassword,
    });
    await user.click(screen.getByRole("button", { name: "Create account" }));

    await screen.findByText(
      "This password is too easy to guess. Use a longer one, or a few unrelated words.",
    );
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
  });

  it("goes on to verify-email with the address", async () => {
    vi.mocked(authApi.signUp).mockResolvedValue({ user: { id: "u1", email: "anna@example.com" } });
    const user = userEvent.setup();
    renderAt(<SignUpForm />);
    await fillIn(user, {
      name: "  Anna de Vries ",
      email: "anna+home@example.com",
      password: goodPassword,
    });
    await user.click(screen.getByRole("button", { name: "Create account" }));

    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe(
        "/auth/verify-email?email=anna%2Bhome%40example.com",
      ),
    );
    expect(authApi.signUp).toHaveBeenCalledWith({
      name: "Anna de Vries",
      email: "anna+home@example.com",
      password: goodPassword,
    });
  });

  it("judges the password while it is typed, and refuses a guessable one", async () => {
    const user = userEvent.setup();
    renderAt(<SignUpForm />);
    const meter = screen.getByTestId("password-strength");
    expect(meter.textContent).toContain("Use at least 8 characters.");

    await fillIn(user, { name: "Anna de Vries", email: "anna@example.com", password: "abc" });
    expect(meter.textContent).toContain("Add 5 more characters");

    await user.type(screen.getByLabelText("Password"), "defgh");
    await waitFor(() => expect(meter.textContent).toMatch(/Too weak|Weak/), { timeout: 10_000 });
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(
      await screen.findByText(
        "This password is too easy to guess. Make it longer or add a few unrelated words.",
      ),
    ).toBeTruthy();
    expect(authApi.signUp).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), goodPassword);
    await waitFor(() => expect(meter.textContent).toMatch(/Strong|Very strong/));
  }, 20_000);
});
