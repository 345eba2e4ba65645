import { describe, expect, it } from "vitest";
import {
  ambiguousAmountError,
  ambiguousAmountSentence,
  amountFieldMessage,
  formMessage,
} from "./amount-messages.ts";
import { parseMoney } from "./money.ts";

const plain = (text: string) => text.replace(/\s/g, " ");

describe("an amount that reads two ways", () => {
  it("says both readings, and how to write each, in both languages", () => {
    expect(plain(ambiguousAmountSentence("12,345", "nl"))).toBe(
      "12,345 is te lezen als € 12.345,00 of € 12,35 — schrijf 12345 of 12,35",
    );
    expect(ambiguousAmountSentence("12,345", "en")).toBe(
      "12,345 can be read as €12,345.00 or €12.35 — write 12345 or 12.35",
    );
    expect(ambiguousAmountSentence(" 1.000 ", "en")).toBe(
      "1.000 can be read as €1,000.00 or €1.00 — write 1000 or 1.00",
    );
    // What it suggests reads one way.
    expect(parseMoney("12345")).toBe(1_234_500);
    expect(parseMoney("12,35")).toBe(1_235);
    expect(parseMoney("12.35")).toBe(1_235);
  });

  it("is a form's message for an amount field the schema found not valid", () => {
    const error = ambiguousAmountError("1.000");
    expect(error).not.toBeNull();
    expect(amountFieldMessage("amountInvalid", "1.000")).toBe(error);
    expect(amountFieldMessage("loanPrincipalInvalid", "200,000")).toBe(
      ambiguousAmountError("200,000"),
    );
    expect(plain(formMessage(amountFieldMessage("amountInvalid", "1.000"), "nl"))).toBe(
      "1.000 is te lezen als € 1.000,00 of € 1,00 — schrijf 1000 of 1,00",
    );
    // Other messages, and amounts that read one way or none, stay as they are.
    expect(amountFieldMessage("amountInvalid", "12,50x")).toBe("amountInvalid");
    expect(amountFieldMessage("amountRequired", "")).toBe("amountRequired");
    expect(amountFieldMessage("splitPercentsMustTotal100", "33,333")).toBe(
      "splitPercentsMustTotal100",
    );
    expect(amountFieldMessage("amountInvalid", undefined)).toBe("amountInvalid");
    expect(ambiguousAmountError("1.234,56")).toBeNull();
    expect(formMessage("amountInvalid", "nl")).toBe("Voer een geldig bedrag in");
    expect(formMessage("A sentence as it is.", "en")).toBe("A sentence as it is.");
  });
});
