import { describe, expect, it } from "vitest";
import { describeBankText } from "./descriptions.ts";

describe("the counterparty inside a bank's description", () => {
  it("reads SEPA's codes, as ABN AMRO writes them in its files and MT940", () => {
    expect(
      describeBankText(
        "/TRTP/SEPA OVERBOEKING/IBAN/NL00INGB0001234567/BIC/INGBNL2A/NAME/J. de Vries/REMI/Huur februari/EREF/NOTPROVIDED",
      ),
    ).toEqual({ counterparty: "J. de Vries", description: "Huur februari" });
  });

  it("reads ABN AMRO's keywords: Naam is the counterparty, Omschrijving the description", () => {
    expect(
      describeBankText(
        "SEPA Incasso algemeen doorlopend Incassant: NL00ZZZ123456780000  Naam: Gemeente Utrecht  Machtiging: 12345  Omschrijving: Aanslag 2025  IBAN: NL00BNGH0285000000  Kenmerk: 2025-001",
      ),
    ).toEqual({ counterparty: "Gemeente Utrecht", description: "Aanslag 2025" });
    // No Omschrijving: the whole text stays the description.
    expect(describeBankText("SEPA Overboeking IBAN: NL00RABO0123456789 Naam: Oma Jansen")).toEqual({
      counterparty: "Oma Jansen",
      description: "SEPA Overboeking IBAN: NL00RABO0123456789 Naam: Oma Jansen",
    });
  });

  it("reads card payments in the old and the new layout", () => {
    expect(
      describeBankText("BEA   NR:AB1234   02.01.25/17.02 Albert Heijn 1234,PAS001")?.counterparty,
    ).toBe("Albert Heijn 1234");
    expect(
      describeBankText(
        "BEA, Betaalpas                   CCV*Bakkerij Bart,PAS123         NR:CT123456, 01.02.25/12:34     AMSTERDAM",
      )?.counterparty,
    ).toBe("CCV*Bakkerij Bart");
    expect(
      describeBankText(
        "BEA, Apple Pay                   Jumbo Utrecht,PAS123         NR:CT123456, 01.02.25/12:34     UTRECHT",
      )?.counterparty,
    ).toBe("Jumbo Utrecht");
  });

  it("reads German banks' MT940 subfields: ?32/?33 the name, SVWZ+ the purpose", () => {
    const text =
      "166?00GUTSCHRIFT?109310?20EREF+NOTPROVIDED?21SVWZ+Lohn Januar 2025 Pers?22onalnummer 12?30COBADEFFXXX?31DE00200400000123456789?32Arbeitgeber Beispiel Gm?33bH";
    expect(describeBankText(text, text)).toEqual({
      counterparty: "Arbeitgeber Beispiel GmbH",
      description: "Lohn Januar 2025 Personalnummer 12",
    });
    const plain = "005?00LASTSCHRIFT?20Miete Maerz?32Vermieter Schmidt";
    expect(describeBankText(plain, plain)).toEqual({
      counterparty: "Vermieter Schmidt",
      description: "Miete Maerz",
    });
  });

  it("leaves a plain description alone", () => {
    expect(describeBankText("Boodschappen week 12")).toBeNull();
    expect(describeBankText("Paid with card: see receipt")).toBeNull();
    expect(describeBankText("Tikkie van Anna voor pizza")).toBeNull();
  });
});
