import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import common from "#client/locales/en/common.json";
import profile from "#client/locales/en/profile.json";
import { passwordMinLength } from "#shared/password-rules.ts";
import { PasswordForm } from "./password-form.tsx";

afterEach(cleanup);

function renderForm() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: "en",
    ns: ["common", "profile"],
    defaultNS: "common",
    resources: { en: { common, profile } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <PasswordForm email="anna@example.org" name="Anna de Vries" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe("PasswordForm", () => {
  it("names how long a new password must be", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText("Current password"), "the-old-one-1");
    await user.type(screen.getByLabelText("New password"), "short");
    await user.type(screen.getByLabelText("Confirm new password"), "short");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(
      await screen.findByText(
        `The new password must have at least ${passwordMinLength} characters.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/\{\{count\}\}/)).toBeNull();
  });
});
