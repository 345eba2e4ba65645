import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { Input } from "#client/components/ui/input.tsx";
import { amountForSchema } from "#client/features/transactions/amount-input.ts";
import { ApiError } from "#client/lib/api.ts";
import { amountCentsSchema } from "#shared/schemas/transactions.schema.ts";
import { FormField, FormFieldset } from "./form-field.tsx";
import { MoneyInput } from "./number-inputs.tsx";
import { schemaResolver } from "./schema-resolver.ts";
import { showServerErrors } from "./server-errors.ts";

afterEach(cleanup);

/** Renders `ui` with the app's language set to `language` (the fields need no texts of their own). */
function renderIn(language: "en" | "nl", ui: ReactNode) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    supportedLngs: ["en", "nl"],
    ns: ["common"],
    defaultNS: "common",
    // A language counts as on screen once it has a text.
    resources: { en: { common: { cancel: "Cancel" } }, nl: { common: { cancel: "Annuleren" } } },
    initAsync: false,
  });
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

const describedBy = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe("FormField", () => {
  it("names its control by the label and leaves it valid without an error", () => {
    renderIn("en", <FormField label="Name">{<Input placeholder="Holiday" />}</FormField>);
    const input = screen.getByLabelText("Name");
    expect(input.getAttribute("placeholder")).toBe("Holiday");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(input.getAttribute("aria-describedby")).toBeNull();
  });

  it("shows a shared validation key in the language on screen, read with the control", () => {
    renderIn(
      "nl",
      <FormField label="Bedrag" error="amountRequired" hint="Per maand">
        <MoneyInput />
      </FormField>,
    );
    const input = screen.getByLabelText("Bedrag");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("placeholder")).toBe("0,00");
    expect(describedBy(input)).toEqual(["Bedrag is verplicht", "Per maand"]);
  });

  it("shows a message that is no key as it is, and uses the id it is given", () => {
    renderIn(
      "en",
      <FormField id="profile-city" label="City" error="Fill in your city.">
        <Input />
      </FormField>,
    );
    const input = screen.getByLabelText("City");
    expect(input.id).toBe("profile-city");
    expect(describedBy(input)).toEqual(["Fill in your city."]);
    expect(document.getElementById("profile-city-error")?.textContent).toBe("Fill in your city.");
  });

  it("hands the control's props to a function for a control inside other markup", () => {
    renderIn(
      "en",
      <FormField label="Category" error="categoryRequired">
        {(control) => (
          <div>
            <span>icon</span>
            <select {...control} />
          </div>
        )}
      </FormField>,
    );
    const select = screen.getByLabelText("Category");
    expect(select.tagName).toBe("SELECT");
    expect(describedBy(select)).toEqual(["Category is required"]);
  });
});

describe("FormFieldset", () => {
  it("reads the group's error with the group", () => {
    renderIn(
      "en",
      <FormFieldset legend="Accounts" error="accountRequired">
        <input type="checkbox" aria-label="Joint savings" />
      </FormFieldset>,
    );
    const group = screen.getByRole("group", { name: "Accounts" });
    expect(describedBy(group)).toEqual(["Choose a savings account"]);
  });
});

describe("schemaResolver and showServerErrors", () => {
  const schema = z.object({ amountCents: z.number({ error: "amountRequired" }) });
  type Values = { amount: string };
  const resolver = schemaResolver(
    schema,
    (values: Values) => ({ amountCents: values.amount === "" ? undefined : Number(values.amount) }),
    () => "amount",
  );

  function AmountForm({ onSubmit }: { onSubmit: (setError: unknown) => void }) {
    const {
      register,
      handleSubmit,
      setError,
      formState: { errors },
    } = useForm<Values>({ resolver, defaultValues: { amount: "" } });
    return (
      <form onSubmit={(event) => void handleSubmit(() => onSubmit(setError))(event)} noValidate>
        <FormField label="Amount" error={errors.amount?.message}>
          <Input {...register("amount")} />
        </FormField>
        <button type="submit">Save</button>
      </form>
    );
  }

  it("puts the schema's message on the field the path names", async () => {
    const user = userEvent.setup();
    renderIn("en", <AmountForm onSubmit={() => undefined} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(describedBy(screen.getByLabelText("Amount"))).toEqual(["Amount is required"]);
  });

  it("puts a refused request's field messages on the form and focuses the first", async () => {
    const user = userEvent.setup();
    let shown: boolean | null = null;
    renderIn(
      "en",
      <AmountForm
        onSubmit={(setError) => {
          const refused = new ApiError("VALIDATION", "Invalid", 400, {
            amountCents: "amountPositive",
          });
          shown = showServerErrors(refused, setError as never, () => "amount");
        }}
      />,
    );
    await user.type(screen.getByLabelText("Amount"), "-5");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(shown).toBe(true);
    const input = screen.getByLabelText("Amount");
    expect(describedBy(input)).toEqual(["Amount must be positive"]);
    expect(document.activeElement).toBe(input);
  });

  it("leaves a failure that is not about fields to the caller", () => {
    const setError = () => {
      throw new Error("not called");
    };
    expect(showServerErrors(new ApiError("INTERNAL", "Oops", 500), setError, () => "x")).toBe(
      false,
    );
    expect(showServerErrors(new Error("offline"), setError, () => "x")).toBe(false);
  });
});

describe("an amount that reads two ways", () => {
  // As the loan form checks a part's principal: a nested field, the shared schema's rule.
  const schema = z.object({ parts: z.array(z.object({ principalCents: amountCentsSchema })) });
  type Values = { parts: { principal: string }[] };
  const resolver = schemaResolver(
    schema,
    (values: Values) => ({
      parts: values.parts.map((part) => ({ principalCents: amountForSchema(part.principal) })),
    }),
    (path) => (path === "parts.0.principalCents" ? "parts.0.principal" : "parts"),
  );

  function PrincipalForm() {
    const {
      register,
      handleSubmit,
      formState: { errors },
    } = useForm<Values>({ resolver, defaultValues: { parts: [{ principal: "" }] } });
    return (
      <form onSubmit={(event) => void handleSubmit(() => undefined)(event)} noValidate>
        <FormField label="Bedrag" error={errors.parts?.[0]?.principal?.message}>
          <MoneyInput {...register("parts.0.principal")} />
        </FormField>
        <button type="submit">Opslaan</button>
      </form>
    );
  }

  it("is refused with both readings in the language on screen; one reading or none is not", async () => {
    const user = userEvent.setup();
    renderIn("nl", <PrincipalForm />);
    const input = screen.getByLabelText("Bedrag");
    await user.type(input, "200,000");
    await user.click(screen.getByRole("button", { name: "Opslaan" }));
    expect(describedBy(input).map((text) => text?.replace(/\s/g, " "))).toEqual([
      "200,000 is te lezen als € 200.000,00 of € 200,00 — schrijf 200000 of 200,00",
    ]);
    await user.clear(input);
    await user.type(input, "12,5x");
    await user.click(screen.getByRole("button", { name: "Opslaan" }));
    expect(describedBy(input)).toEqual(["Voer een geldig bedrag in"]);
    await user.clear(input);
    await user.type(input, "200.000,00");
    await user.click(screen.getByRole("button", { name: "Opslaan" }));
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });
});
