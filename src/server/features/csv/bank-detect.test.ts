import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { decodeCsvBytes } from "#shared/csv-import.ts";
import { detectBank } from "#shared/bank-detect.ts";

const fixture = (name: string) =>
  decodeCsvBytes(
    new Uint8Array(
      readFileSync(
        join(import.meta.dirname, "..", "..", "..", "..", "test", "fixtures", "bank-files", name),
      ),
    ),
  ).text;

it("names the bank of the fixtures' exports, and none where the file does not say", () => {
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
    "ing.csv": "ING",
    "ing-english.csv": "ING",
    "ing-semicolon.csv": "ING",
    "rabobank.csv": "Rabobank",
    "knab.csv": "KNAB",
    "revolut.csv": "Revolut",
    "starling.csv": "Starling",
    "amex.csv": "American Express",
    "sparkasse.csv": "Sparkasse",
    "asn.csv": "ASN Bank",
    "bunq.csv": "bunq",
    "triodos.csv": "Triodos",
    "totals.csv": null,
    "us-card.csv": null,
    "abnamro.TAB": null,
  });
});
