import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { decodeCsvBytes } from "#shared/csv-import.ts";
import { detectBank } from "#shared/bank-detect.ts";
import { bankName } from "#shared/bank-presets.ts";

const fixture = (name: string) =>
  decodeCsvBytes(
    new Uint8Array(
      readFileSync(
        join(import.meta.dirname, "..", "..", "..", "..", "test", "fixtures", "bank-files", name),
      ),
    ),
  ).text;

it("names the layout of the fixtures' exports by its preset, and none where the file does not say", () => {
  const seen = Object.fromEntries(
    [
      "ing.csv",
      "ing-english.csv",
      "ing-semicolon.csv",
      "rabobank.csv",
      "knab.csv",
      "revolut.csv",
      "starling.csv",
      "amex.csv",
      "sparkasse.csv",
      "asn.csv",
      "bunq.csv",
      "triodos.csv",
      "totals.csv",
      "us-card.csv",
      "abnamro.TAB",
    ].map((name) => [name, detectBank(fixture(name))]),
  );
  expect(seen).toEqual({
    "ing.csv": "ing",
    "ing-english.csv": "ing-en",
    "ing-semicolon.csv": "ing",
    "rabobank.csv": "rabobank",
    "knab.csv": "knab",
    "revolut.csv": "revolut",
    "starling.csv": "starling",
    "amex.csv": "amex",
    "sparkasse.csv": "sparkasse",
    "asn.csv": "asn",
    "bunq.csv": "bunq-en",
    "triodos.csv": "triodos",
    "totals.csv": null,
    "us-card.csv": null,
    "abnamro.TAB": "abnamro",
  });
});

it("names a Dutch bank by its accounts' IBANs when the layout is not a preset's", () => {
  const text = [
    "Datum;Bedrag;Rekening;Omschrijving",
    "02-01-2025;-23,45;NL00RABO0123456789;Albert Heijn",
    "03-01-2025;2500,00;NL00RABO0123456789;Salaris",
  ].join("\n");
  expect(detectBank(text)).toBe("rabobank");
  expect(detectBank("Datum;Bedrag\n02-01-2025;-23,45\n")).toBeNull();
});

it("shows a kept key as the bank's name, and an earlier import's bank name as it was", () => {
  expect(bankName("ing-en")).toBe("ING");
  expect(bankName("rabobank")).toBe("Rabobank");
  expect(bankName("vanlanschot")).toBe("Van Lanschot");
  expect(bankName("KNAB")).toBe("KNAB");
});
