import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyseBankFile, bankPresets } from "#shared/bank-presets.ts";
import { decodeCsvBytes, mapImportRows, parseCsv, type CsvEncoding } from "#shared/csv-import.ts";
import type { Language } from "#shared/i18n.ts";

/**
 * Every bank preset (shared/bank-presets.ts) against a fixture in its bank's layout
 * (test/fixtures/bank-files: rows of our own making): the file is recognised as its bank, and
 * with nothing touched every row's date, kind, amount, counterparty, description and the bank's
 * reference come out right, with no doubt left to confirm.
 */

type Row = [
  date: string,
  kind: "income" | "expense",
  cents: number,
  merchant: string | null,
  notes: string | null,
  reference: string | null,
];

const read = (name: string) =>
  decodeCsvBytes(
    new Uint8Array(
      readFileSync(new URL(`../../../../test/fixtures/bank-files/${name}`, import.meta.url)),
    ),
  );

function importRecognised(text: string, language: Language) {
  const { records } = parseCsv(text);
  const guess = analyseBankFile(records, language);
  const { good, bad } = mapImportRows(records, guess.setup);
  return {
    guess,
    rows: good.map((row): Row => [
      row.occurredOn,
      row.kind,
      row.amountCents,
      row.merchant,
      row.notes,
      row.reference,
    ]),
    bad,
  };
}

const cases: {
  file: string;
  preset: string;
  bank: string;
  language: Language;
  encoding?: CsvEncoding;
  rows: Row[];
  /** A file in pounds: its rows are refused as not euros; read in euros, they are these. */
  currency?: string;
  bad?: { line: number; errors: string[] }[];
}[] = [
  {
    file: "ing.csv",
    preset: "ing",
    bank: "ING",
    language: "nl",
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "Albert Heijn 1234",
        "Pasvolgnr: 001 02-01-2025 17:02 Transactie: AB12C3",
        null,
      ],
      [
        "2025-01-03",
        "income",
        250000,
        "Werkgever B.V.",
        "Naam: Werkgever B.V. Omschrijving: Salaris januari",
        null,
      ],
      ["2025-01-05", "expense", 810, "Café Müller", "Pasvolgnr: 001 05-01-2025 10:15", null],
      [
        "2025-01-31",
        "expense",
        123456,
        "Gemeente Utrecht",
        "Naam: Gemeente Utrecht Omschrijving: Aanslag 2025",
        null,
      ],
    ],
  },
  {
    file: "ing-semicolon.csv",
    preset: "ing",
    bank: "ING",
    language: "en",
    rows: [
      ["2025-01-02", "expense", 2345, "Albert Heijn 1234", "Pasvolgnr: 001", null],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari", null],
      ["2025-01-05", "expense", 810, "Café Müller", "Pasvolgnr: 001", null],
    ],
  },
  {
    file: "ing-english.csv",
    preset: "ing-en",
    bank: "ING",
    language: "en",
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "Albert Heijn 1234",
        "Card sequence no.: 001 02/01/2025 17:02",
        null,
      ],
      [
        "2025-01-03",
        "income",
        250000,
        "Werkgever B.V.",
        "Name: Werkgever B.V. Description: Salaris januari",
        null,
      ],
      [
        "2025-01-05",
        "expense",
        810,
        "Café Müller",
        "Card sequence no.: 001 05/01/2025 10:15",
        null,
      ],
    ],
  },
  {
    file: "ing-savings.csv",
    preset: "ing-savings",
    bank: "ING",
    language: "nl",
    rows: [
      ["2025-01-03", "income", 25000, "Van Betaalrekening J. de Vries", "Maandelijkse inleg", null],
      ["2025-01-20", "expense", 110000, "Naar Betaalrekening J. de Vries", "Vakantie", null],
      ["2025-01-31", "income", 312, "Rente", "Rente januari", null],
    ],
  },
  {
    file: "ing-savings-en.csv",
    preset: "ing-savings-en",
    bank: "ING",
    language: "en",
    rows: [
      ["2025-01-03", "income", 25000, "From current account J. de Vries", "Monthly saving", null],
      ["2025-01-20", "expense", 110000, "To current account J. de Vries", "Holiday", null],
    ],
  },
  {
    file: "rabobank.csv",
    preset: "rabobank",
    bank: "Rabobank",
    language: "nl",
    encoding: "windows-1252",
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "Albert Heijn 1234",
        "Betaalautomaat 17:02 pasnr. 001",
        "000000000000012001",
      ],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari", "000000000000012002"],
      [
        "2025-01-05",
        "expense",
        810,
        "Café Müller",
        "Koffie – “taart” € 8,10",
        "000000000000012003",
      ],
      ["2025-01-31", "expense", 123456, "Gemeente Utrecht", "Aanslag 2025", "000000000000012004"],
    ],
  },
  {
    file: "abnamro.TAB",
    preset: "abnamro",
    bank: "ABN AMRO",
    language: "nl",
    encoding: "windows-1252",
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "Albert Heijn 1234",
        "BEA NR:AB1234 02.01.25/17.02 Albert Heijn 1234,PAS001",
        null,
      ],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari", null],
      [
        "2025-01-05",
        "expense",
        810,
        "Café Müller",
        "BEA NR:AB1235 05.01.25/10.15 Café Müller,PAS001",
        null,
      ],
      ["2025-01-31", "expense", 123456, "Gemeente Utrecht", "Aanslag 2025", null],
    ],
  },
  {
    file: "bunq-nl.csv",
    preset: "bunq",
    bank: "bunq",
    language: "nl",
    rows: [
      ["2025-01-02", "expense", 2345, "Albert Heijn 1234", "Albert Heijn 1234 Utrecht NLD", null],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari", null],
      ["2025-01-05", "expense", 810, "Café Müller", "Koffie en taart", null],
    ],
  },
  {
    file: "bunq.csv",
    preset: "bunq-en",
    bank: "bunq",
    language: "en",
    rows: [
      ["2025-01-02", "expense", 2345, "Albert Heijn 1234", "Albert Heijn 1234 Utrecht NLD", null],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari", null],
      ["2025-01-05", "expense", 810, "Café Müller", "Café Müller Utrecht NLD", null],
      ["2025-01-31", "expense", 123456, "Gemeente Utrecht", "Aanslag 2025", null],
    ],
  },
  {
    file: "asn.csv",
    preset: "asn",
    bank: "ASN Bank",
    language: "nl",
    rows: [
      ["2025-01-02", "expense", 2345, "Albert Heijn 1234", "Albert Heijn 1234 Utrecht", "55501234"],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari", "55501235"],
      ["2025-01-05", "expense", 810, "Café Müller", "Koffie en taart Utrecht", "55501236"],
      ["2025-01-31", "expense", 123456, "Gemeente Utrecht", "Aanslag 2025 termijn 1", "55501237"],
    ],
  },
  {
    file: "sns.csv",
    preset: "sns",
    bank: "SNS",
    language: "nl",
    rows: [
      ["2025-01-02", "expense", 3120, "Jumbo Zwolle", "Jumbo Zwolle pas 01", "61201234"],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari", "61201235"],
    ],
  },
  {
    // Two loaves alike in everything but the bank's sequence number.
    file: "regiobank.csv",
    preset: "regiobank",
    bank: "RegioBank",
    language: "nl",
    rows: [
      ["2025-01-06", "expense", 14250, "Zorgverzekeraar N.V.", "Premie januari", "70101234"],
      [
        "2025-01-06",
        "expense",
        395,
        "Bakkerij de Korenaar",
        "Bakkerij de Korenaar Assen",
        "70101235",
      ],
      [
        "2025-01-06",
        "expense",
        395,
        "Bakkerij de Korenaar",
        "Bakkerij de Korenaar Assen",
        "70101236",
      ],
    ],
  },
  {
    file: "triodos.csv",
    preset: "triodos",
    bank: "Triodos Bank",
    language: "nl",
    encoding: "windows-1252",
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "Crème Brûlée Zoë",
        "Betaalautomaat 02-01-2025 Crème Brûlée Zoë",
        null,
      ],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari", null],
      ["2025-01-05", "expense", 810, "Café Müller", "Betaalautomaat 05-01-2025 Café Müller", null],
    ],
  },
  {
    file: "knab.csv",
    preset: "knab",
    bank: "Knab",
    language: "nl",
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "Albert Heijn 1234",
        "Albert Heijn 1234 Utrecht",
        "C5A02AB1234",
      ],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari", "C5A03AB1235"],
      ["2025-01-05", "expense", 810, "Café Müller", "Koffie en taart", "C5A05AB1236"],
      ["2025-01-31", "expense", 123456, "Gemeente Utrecht", "Aanslag 2025", "C5A31AB1237"],
    ],
  },
  {
    file: "kbc.csv",
    preset: "kbc",
    bank: "KBC",
    language: "nl",
    encoding: "windows-1252",
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "Delhaize Gent",
        "BETALING MET KBC-DEBETKAART VIA BANCONTACT 02-01 DELHAIZE GENT",
        null,
      ],
      ["2025-01-03", "income", 250000, "Werkgever NV", "OVERSCHRIJVING VAN WERKGEVER NV", null],
      [
        "2025-01-05",
        "expense",
        810,
        "Café Müller",
        "BETALING MET KBC-DEBETKAART 05-01 CAFÉ MÜLLER BRUGGE",
        null,
      ],
    ],
  },
  {
    // Eleven lines about the account and the search before the table.
    file: "belfius.csv",
    preset: "belfius",
    bank: "Belfius",
    language: "nl",
    // The reference: the statement's number (Rekeninguittrekselnummer), then the transaction's
    // (Transactienummer), which starts again in every statement: 1/1 and 2/1 are two rows.
    rows: [
      ["2025-01-02", "expense", 2345, "Colruyt Gent", "Kaart 1234", "1/1"],
      ["2025-01-03", "income", 250000, "Werkgever NV", "Loon januari", "1/2"],
      ["2025-01-31", "expense", 6120, "Stad Gent", "Afvalbelasting 2025", "2/1"],
    ],
  },
  {
    file: "commerzbank.csv",
    preset: "commerzbank",
    bank: "Commerzbank",
    language: "en",
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "REWE Markt GmbH Berlin Kartenzahlung 2025-01-02",
        null,
        null,
      ],
      ["2025-01-03", "income", 250000, "Arbeitgeber GmbH Gehalt Januar", null, null],
      ["2025-01-15", "expense", 8600, "Stadtwerke München Abschlag Strom Januar", null, null],
    ],
  },
  {
    file: "dkb.csv",
    preset: "dkb",
    bank: "DKB",
    language: "en",
    rows: [
      ["2025-01-02", "expense", 435, "Bäckerei Schäfer", "Kartenzahlung", null],
      // Money in: the payer (Zahlungspflichtige*r) is the counterparty, not the account holder.
      ["2025-01-03", "income", 250000, "Arbeitgeber GmbH", "Gehalt Januar", null],
      ["2025-01-15", "expense", 8600, "Stadtwerke München", "Abschlag Strom Januar", null],
    ],
  },
  {
    file: "n26.csv",
    preset: "n26",
    bank: "N26",
    language: "nl",
    rows: [
      ["2025-01-02", "expense", 2345, "REWE Markt", null, null],
      ["2025-01-03", "income", 250000, "Arbeitgeber GmbH", "Gehalt Januar", null],
      ["2025-01-15", "expense", 8600, "Stadtwerke München", "Abschlag Strom Januar", null],
    ],
  },
  {
    file: "n26-classic.csv",
    preset: "n26-classic",
    bank: "N26",
    language: "nl",
    rows: [
      ["2025-01-02", "expense", 2345, "REWE Markt", null, null],
      ["2025-01-03", "income", 250000, "Arbeitgeber GmbH", "Gehalt Januar", null],
    ],
  },
  {
    file: "sparkasse.csv",
    preset: "sparkasse",
    bank: "Sparkasse",
    language: "nl",
    encoding: "windows-1252",
    rows: [
      ["2025-01-02", "expense", 435, "Bäckerei Schäfer", "Kartenzahlung Bäckerei Schäfer", null],
      ["2025-01-03", "income", 250000, "Arbeitgeber GmbH", "Gehalt Januar", null],
      ["2025-01-15", "expense", 8600, "Stadtwerke München", "Abschlag Strom Januar", null],
      ["2025-01-31", "expense", 1280, "Café Müller", "Kaffee und Kuchen", null],
    ],
  },
  {
    file: "sparkasse-camt.csv",
    preset: "sparkasse-camt",
    bank: "Sparkasse",
    language: "en",
    encoding: "windows-1252",
    rows: [
      ["2025-01-02", "expense", 435, "Bäckerei Schäfer", "Kartenzahlung Bäckerei Schäfer", null],
      ["2025-01-03", "income", 250000, "Arbeitgeber GmbH", "Gehalt Januar", null],
      ["2025-01-15", "expense", 8600, "Stadtwerke München", "Abschlag Strom Januar", null],
    ],
  },
  {
    // The row in dollars is refused with its reason, not stored as euros.
    file: "revolut.csv",
    preset: "revolut",
    bank: "Revolut",
    language: "en",
    rows: [
      ["2025-01-02", "expense", 2345, "Albert Heijn", null, null],
      ["2025-01-03", "income", 50000, "Top-up by *1234", null, null],
    ],
    bad: [{ line: 4, errors: ["currencyNotEuro"] }],
  },
  {
    file: "wise.csv",
    preset: "wise",
    bank: "Wise",
    language: "en",
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "Albert Heijn 1234",
        "Card transaction of 23.45 EUR issued by Albert Heijn 1234 UTRECHT",
        "CARD-1234567890",
      ],
      [
        "2025-01-03",
        "income",
        250000,
        "Werkgever B.V.",
        "Received money from Werkgever B.V. with reference Salaris januari",
        "TRANSFER-987654321",
      ],
      [
        "2025-01-05",
        "expense",
        810,
        "Café Müller",
        "Card transaction of 8.10 EUR issued by Cafe Muller UTRECHT",
        "CARD-1234567891",
      ],
    ],
  },
  {
    // Two coffees alike in everything but Monzo's transaction id.
    file: "monzo.csv",
    preset: "monzo",
    bank: "Monzo",
    language: "en",
    currency: "GBP",
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "Corner Shop",
        "CORNER SHOP LONDON GBR",
        "tx_0000AbCdEfGh0123456789",
      ],
      ["2025-01-03", "income", 250000, "Employer Ltd", "SALARY JAN", "tx_0000AbCdEfGh0123456790"],
      [
        "2025-01-05",
        "expense",
        810,
        "Cafe Muller",
        "CAFE MULLER LONDON GBR",
        "tx_0000AbCdEfGh0123456791",
      ],
      [
        "2025-01-05",
        "expense",
        810,
        "Cafe Muller",
        "CAFE MULLER LONDON GBR",
        "tx_0000AbCdEfGh0123456792",
      ],
    ],
  },
  {
    // Its "Reference" is the payment's words: the description, not an identity.
    file: "starling.csv",
    preset: "starling",
    bank: "Starling",
    language: "en",
    currency: "GBP",
    rows: [
      ["2025-01-02", "expense", 2345, "Corner Shop", "CORNER SHOP LONDON", null],
      ["2025-01-03", "income", 250000, "Employer Ltd", "SALARY JAN", null],
    ],
  },
  {
    file: "chase-card.csv",
    preset: "chase-card",
    bank: "Chase",
    language: "nl",
    rows: [
      ["2025-01-05", "expense", 450, "CORNER COFFEE", null, null],
      ["2025-01-09", "income", 50000, "Payment Thank You-Mobile", null, null],
      ["2025-01-13", "expense", 3800, "GAS STATION 42", null, null],
      ["2025-01-20", "income", 1999, "BOOKSTORE", "Returned book", null],
    ],
  },
  {
    file: "chase.csv",
    preset: "chase",
    bank: "Chase",
    language: "en",
    rows: [
      ["2025-01-02", "expense", 8217, "GROCERY MART BROOKLYN NY           01/02", null, null],
      ["2025-01-15", "income", 250000, "EMPLOYER INC     PAYROLL", null, null],
      ["2025-01-20", "expense", 15000, "CHECK 1001", null, null],
    ],
  },
  {
    // Charges written positive: money out.
    file: "amex.csv",
    preset: "amex",
    bank: "American Express",
    language: "en",
    rows: [
      ["2025-01-03", "expense", 450, "CORNER COFFEE NEW YORK", null, null],
      ["2025-01-06", "expense", 8217, "GROCERY MART BROOKLYN", null, null],
      ["2025-01-10", "income", 50000, "ONLINE PAYMENT - THANK YOU", null, null],
      ["2025-01-14", "expense", 3800, "GAS STATION 42", null, null],
      ["2025-01-28", "expense", 1999, "BOOKSTORE", null, null],
    ],
  },
  {
    file: "amex-details.csv",
    preset: "amex-details",
    bank: "American Express",
    language: "nl",
    rows: [
      [
        "2025-01-03",
        "expense",
        450,
        "CORNER COFFEE NEW YORK",
        "CORNER COFFEE\nNEW YORK NY",
        "320250030123456789",
      ],
      [
        "2025-01-10",
        "income",
        50000,
        "ONLINE PAYMENT - THANK YOU",
        "ONLINE PAYMENT - THANK YOU",
        "320250100123456790",
      ],
      [
        "2025-01-14",
        "expense",
        3800,
        "GAS STATION 42",
        "GAS STATION 42\nBROOKLYN NY",
        "320250140123456791",
      ],
    ],
  },
];

describe("bank presets: recognised from the file, every row right without touching a control", () => {
  for (const expected of cases) {
    it(`${expected.file} (${expected.bank}): date, kind, amount, counterparty, description, reference`, () => {
      const { text, encoding } = read(expected.file);
      expect(encoding).toBe(expected.encoding ?? "utf-8");
      const result = importRecognised(text, expected.language);
      expect(result.guess.bank).toEqual({ key: expected.preset, name: expected.bank });
      expect(result.guess.uncertain).toEqual([]);
      // The bank's own categories are not the household's: one category for the rows.
      expect(result.guess.setup.columns.category).toBeNull();
      if (expected.currency) {
        // Never stored as euros; in euros, the same layout reads these rows.
        expect(result.rows).toEqual([]);
        expect(result.bad.map((bad) => bad.errors)).toEqual(
          expected.rows.map(() => ["currencyNotEuro"]),
        );
        const inEuros = importRecognised(
          text.replaceAll(expected.currency, "EUR"),
          expected.language,
        );
        expect(inEuros.guess.bank?.key).toBe(expected.preset);
        expect(inEuros.rows).toEqual(expected.rows);
        expect(inEuros.bad).toEqual([]);
      } else {
        expect(result.rows).toEqual(expected.rows);
        expect(result.bad).toEqual(expected.bad ?? []);
      }
    });
  }

  it("has a fixture for every preset", () => {
    const tested = new Set(cases.map((c) => c.preset));
    expect(bankPresets.map((preset) => preset.key).filter((key) => !tested.has(key))).toEqual([]);
  });

  it("leaves files in no bank's layout to the guess, doubts and all", () => {
    const { text } = read("totals.csv");
    const result = importRecognised(text, "nl");
    expect(result.guess.bank).toBeNull();
    expect(result.guess.uncertain).toEqual(["dateOrder"]);
    expect(importRecognised(read("us-card.csv").text, "en").guess.bank).toBeNull();
  });

  it("does not use a preset whose columns the file lacks", () => {
    // ING's header names without its amount column: the guess decides, nothing is forced.
    const text = [
      '"Datum";"Naam / Omschrijving";"Af Bij";"Mededelingen";"Som"',
      '"20250102";"Albert Heijn";"Af";"Pasvolgnr: 001";"23,45"',
    ].join("\n");
    expect(importRecognised(text, "nl").guess.bank).toBeNull();
  });
});

describe("the guess finds the bank's reference by its name", () => {
  const guessed = (header: string) => {
    const text = [
      `Date,Amount,Description,${header}`,
      "2025-01-02,-23.45,Albert Heijn,A-1",
      "2025-01-03,2500.00,Salary,A-2",
    ].join("\n");
    const { records } = parseCsv(text);
    return analyseBankFile(records, "en").setup.columns.reference;
  };
  it.each(["Reference", "Referentie", "Volgnr", "Transactiereferentie", "Transaction ID", "FITID"])(
    "%s",
    (header) => {
      expect(guessed(header)).toBe(3);
    },
  );
  it("not when its values repeat (a payment's words, not an identity)", () => {
    const text = [
      "Date,Amount,Description,Reference",
      "2025-01-02,-23.45,Albert Heijn,groceries",
      "2025-01-03,-12.00,Jumbo,groceries",
    ].join("\n");
    expect(analyseBankFile(parseCsv(text).records, "en").setup.columns.reference).toBeNull();
  });
});
