import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  analyseImport,
  decodeCsvBytes,
  mapImportRows,
  parseCsv,
  type CsvEncoding,
  type ImportSetup,
  type ImportUncertainty,
} from "#shared/csv-import.ts";
import type { Language } from "#shared/i18n.ts";

/**
 * Bank files as banks write them (test/fixtures/bank-files: rows of our own making in each
 * bank's published layout), read with nothing but the guess, checked row by row: date, kind,
 * amount, counterparty, description. None may come in silently wrong.
 */

type Row = [
  date: string,
  kind: "income" | "expense",
  cents: number,
  merchant: string | null,
  notes: string | null,
];

const read = (name: string) =>
  decodeCsvBytes(
    new Uint8Array(
      readFileSync(new URL(`../../../../test/fixtures/bank-files/${name}`, import.meta.url)),
    ),
  );

function importGuessed(name: string, language: Language, answer: Partial<ImportSetup> = {}) {
  const { text, encoding } = read(name);
  const { records } = parseCsv(text);
  const guess = analyseImport(records, language);
  const { good, bad } = mapImportRows(records, { ...guess.setup, ...answer });
  return {
    encoding,
    guess,
    rows: good.map((row): Row => [
      row.occurredOn,
      row.kind,
      row.amountCents,
      row.merchant,
      row.notes,
    ]),
    bad,
    text,
  };
}

const cases: {
  file: string;
  language: Language;
  encoding: CsvEncoding;
  uncertain?: ImportUncertainty[];
  rows: Row[];
  bad?: { line: number; errors: string[] }[];
  skip?: [top: number, bottom: number];
  /** What the person answers to the preview's question. */
  answer?: Partial<ImportSetup>;
}[] = [
  {
    file: "ing.csv",
    language: "nl",
    encoding: "utf-8",
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "Albert Heijn 1234",
        "Pasvolgnr: 001 02-01-2025 17:02 Transactie: AB12C3",
      ],
      [
        "2025-01-03",
        "income",
        250000,
        "Werkgever B.V.",
        "Naam: Werkgever B.V. Omschrijving: Salaris januari",
      ],
      ["2025-01-05", "expense", 810, "Café Müller", "Pasvolgnr: 001 05-01-2025 10:15"],
      [
        "2025-01-31",
        "expense",
        123456,
        "Gemeente Utrecht",
        "Naam: Gemeente Utrecht Omschrijving: Aanslag 2025",
      ],
    ],
  },
  {
    file: "ing-semicolon.csv",
    language: "en",
    encoding: "utf-8",
    rows: [
      ["2025-01-02", "expense", 2345, "Albert Heijn 1234", "Pasvolgnr: 001"],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari"],
      ["2025-01-05", "expense", 810, "Café Müller", "Pasvolgnr: 001"],
    ],
  },
  {
    file: "ing-english.csv",
    language: "en",
    encoding: "utf-8",
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "Albert Heijn 1234",
        "Card sequence no.: 001 02/01/2025 17:02",
      ],
      [
        "2025-01-03",
        "income",
        250000,
        "Werkgever B.V.",
        "Name: Werkgever B.V. Description: Salaris januari",
      ],
      ["2025-01-05", "expense", 810, "Café Müller", "Card sequence no.: 001 05/01/2025 10:15"],
    ],
  },
  {
    // bunq's "Counterparty" is an IBAN: the name is the counterparty, not the account.
    file: "bunq.csv",
    language: "nl",
    encoding: "utf-8",
    rows: [
      ["2025-01-02", "expense", 2345, "Albert Heijn 1234", "Albert Heijn 1234 Utrecht NLD"],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari"],
      ["2025-01-05", "expense", 810, "Café Müller", "Café Müller Utrecht NLD"],
      ["2025-01-31", "expense", 123456, "Gemeente Utrecht", "Aanslag 2025"],
    ],
  },
  {
    // The amount's header says pounds: no row is stored as euros.
    file: "starling.csv",
    language: "en",
    encoding: "utf-8",
    uncertain: ["dateOrder"],
    rows: [],
    bad: [
      { line: 2, errors: ["currencyNotEuro"] },
      { line: 3, errors: ["currencyNotEuro"] },
    ],
  },
  {
    file: "rabobank.csv",
    language: "nl",
    encoding: "windows-1252",
    rows: [
      ["2025-01-02", "expense", 2345, "Albert Heijn 1234", "Betaalautomaat 17:02 pasnr. 001"],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari"],
      ["2025-01-05", "expense", 810, "Café Müller", "Koffie – “taart” € 8,10"],
      ["2025-01-31", "expense", 123456, "Gemeente Utrecht", "Aanslag 2025"],
    ],
  },
  {
    // Was: every row an expense of €123,456,789.00, the account number taken as the amount.
    file: "abnamro.TAB",
    language: "nl",
    encoding: "windows-1252",
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "BEA   NR:AB1234   02.01.25/17.02 Albert Heijn 1234,PAS001",
        null,
      ],
      [
        "2025-01-03",
        "income",
        250000,
        "SEPA Overboeking IBAN: NL00ABNA0123456789 Naam: Werkgever B.V. Omschrijving: Salaris januari",
        null,
      ],
      ["2025-01-05", "expense", 810, "BEA   NR:AB1235   05.01.25/10.15 Café Müller,PAS001", null],
      [
        "2025-01-31",
        "expense",
        123456,
        "SEPA Incasso algemeen doorlopend Naam: Gemeente Utrecht Omschrijving: Aanslag 2025",
        null,
      ],
    ],
  },
  {
    // Was: every row an expense of the balance before it.
    file: "asn.csv",
    language: "nl",
    encoding: "utf-8",
    rows: [
      ["2025-01-02", "expense", 2345, "Albert Heijn 1234", "Albert Heijn 1234 Utrecht"],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari"],
      ["2025-01-05", "expense", 810, "Café Müller", "Koffie en taart Utrecht"],
      ["2025-01-31", "expense", 123456, "Gemeente Utrecht", "Aanslag 2025 termijn 1"],
    ],
  },
  {
    file: "knab.csv",
    language: "nl",
    encoding: "utf-8",
    skip: [1, 0],
    rows: [
      ["2025-01-02", "expense", 2345, "Albert Heijn 1234", "Albert Heijn 1234 Utrecht"],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari"],
      ["2025-01-05", "expense", 810, "Café Müller", "Koffie en taart"],
      ["2025-01-31", "expense", 123456, "Gemeente Utrecht", "Aanslag 2025"],
    ],
  },
  {
    file: "sparkasse.csv",
    language: "en",
    encoding: "windows-1252",
    skip: [1, 2],
    rows: [
      ["2025-01-02", "expense", 435, "Bäckerei Schäfer", "Kartenzahlung Bäckerei Schäfer"],
      ["2025-01-03", "income", 250000, "Arbeitgeber GmbH", "Gehalt Januar"],
      ["2025-01-15", "expense", 8600, "Stadtwerke München", "Abschlag Strom Januar"],
      ["2025-01-31", "expense", 1280, "Café Müller", "Kaffee und Kuchen"],
    ],
  },
  {
    file: "dkb.csv",
    language: "nl",
    encoding: "utf-8",
    skip: [2, 0],
    rows: [
      ["2025-01-02", "expense", 435, "Bäckerei Schäfer", "Kartenzahlung"],
      ["2025-01-03", "income", 250000, "Arbeitgeber GmbH", "Gehalt Januar"],
      ["2025-01-15", "expense", 8600, "Stadtwerke München", "Abschlag Strom Januar"],
    ],
  },
  {
    // Was: the card number taken as the amount, and January 5 read as May 1.
    file: "us-card.csv",
    language: "en",
    encoding: "utf-8",
    rows: [
      ["2025-01-05", "expense", 450, "CORNER COFFEE", null],
      ["2025-01-07", "expense", 8217, "GROCERY MART", null],
      ["2025-01-09", "income", 50000, "ONLINE PAYMENT THANK YOU", null],
      ["2025-01-13", "expense", 3800, "GAS STATION 42", null],
      ["2025-01-28", "expense", 1999, "BOOKSTORE", null],
    ],
  },
  {
    file: "triodos.csv",
    language: "nl",
    encoding: "windows-1252",
    // Every day is 12 or less: the file cannot tell day-first from month-first.
    uncertain: ["dateOrder"],
    rows: [
      [
        "2025-01-02",
        "expense",
        2345,
        "Crème Brûlée Zoë",
        "Betaalautomaat 02-01-2025 Crème Brûlée Zoë",
      ],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", "Salaris januari"],
      ["2025-01-05", "expense", 810, "Café Müller", "Betaalautomaat 05-01-2025 Café Müller"],
    ],
  },
  {
    file: "totals.csv",
    language: "nl",
    encoding: "utf-8",
    uncertain: ["dateOrder"],
    skip: [1, 1],
    rows: [
      ["2025-01-02", "expense", 2345, "Albert Heijn", null],
      ["2025-01-03", "income", 250000, "Werkgever B.V.", null],
      ["2025-01-05", "expense", 6120, "Total Energies", null],
    ],
  },
  {
    file: "debit-credit.csv",
    language: "en",
    encoding: "utf-8",
    rows: [
      ["2025-01-02", "expense", 2345, "CORNER SHOP", null],
      ["2025-01-03", "income", 250000, "EMPLOYER LTD", null],
      ["2025-01-05", "expense", 810, "CAFE MULLER", null],
      ["2025-01-31", "expense", 12300, "COUNCIL TAX", null],
    ],
  },
  {
    // A credit card writes spending positive: the preview asks, and the sign is turned round.
    file: "amex.csv",
    language: "en",
    encoding: "utf-8",
    uncertain: ["sign"],
    answer: { flipSign: true },
    rows: [
      ["2025-01-03", "expense", 450, "CORNER COFFEE NEW YORK", null],
      ["2025-01-06", "expense", 8217, "GROCERY MART BROOKLYN", null],
      ["2025-01-10", "income", 50000, "ONLINE PAYMENT - THANK YOU", null],
      ["2025-01-14", "expense", 3800, "GAS STATION 42", null],
      ["2025-01-28", "expense", 1999, "BOOKSTORE", null],
    ],
  },
  {
    file: "revolut.csv",
    language: "en",
    encoding: "utf-8",
    rows: [
      ["2025-01-02", "expense", 2345, "Albert Heijn", null],
      ["2025-01-03", "income", 50000, "Top-up by *1234", null],
    ],
    // The row in dollars is refused with its reason, not stored as euros.
    bad: [{ line: 4, errors: ["currencyNotEuro"] }],
  },
];

describe("bank files import right with nothing but the guess", () => {
  for (const expected of cases) {
    it(`${expected.file}: every row's date, kind, amount, counterparty and description`, () => {
      const result = importGuessed(expected.file, expected.language, expected.answer);
      expect(result.encoding).toBe(expected.encoding);
      expect(result.rows).toEqual(expected.rows);
      expect(result.bad).toEqual(expected.bad ?? []);
      expect(result.guess.uncertain).toEqual(expected.uncertain ?? []);
      const [top, bottom] = expected.skip ?? [0, 0];
      expect([result.guess.setup.skipTop, result.guess.setup.skipBottom]).toEqual([top, bottom]);
    });
  }

  it("reads the named columns of each layout", () => {
    const columns = (file: string, language: Language = "nl") =>
      importGuessed(file, language).guess.setup;
    // ABN AMRO: the account number (0) and the balances before and after (3, 4) are not the amount.
    expect(columns("abnamro.TAB")).toMatchObject({
      hasHeader: false,
      dateFormat: "YYYYMMDD",
      decimal: "comma",
      kindFrom: "sign",
      columns: { date: 2, amount: 6, currency: 1 },
    });
    // ASN: the balance before the row (8) is not the amount (10).
    expect(columns("asn.csv")).toMatchObject({
      hasHeader: false,
      dateFormat: "DD-MM-YYYY",
      decimal: "dot",
      columns: { date: 0, amount: 10, merchant: 3, notes: 17 },
    });
    expect(columns("ing-semicolon.csv").columns).toMatchObject({ amount: 6, kind: 5 });
    expect(columns("rabobank.csv").columns).toMatchObject({ amount: 6, currency: 1 });
    expect(columns("us-card.csv", "en")).toMatchObject({
      dateFormat: "MM/DD/YYYY",
      kindFrom: "split",
      columns: { amount: 5, credit: 6, category: 4 },
    });
    expect(columns("sparkasse.csv")).toMatchObject({
      dateFormat: "DD.MM.YY",
      kindFrom: "column",
      columns: { amount: 11, kind: 12, currency: 10 },
    });
    expect(columns("knab.csv")).toMatchObject({
      kindFrom: "column",
      columns: { amount: 4, kind: 3 },
    });
  });

  it("keeps the accents of Windows-1252 and ISO-8859-1 files", () => {
    expect(read("rabobank.csv").text).toContain("Naam initiërende partij");
    expect(read("rabobank.csv").text).toContain("Café Müller");
    expect(read("triodos.csv").text).toContain("Crème Brûlée Zoë");
    expect(read("sparkasse.csv").text).toContain("Währung");
    expect(read("ing-semicolon.csv").text.startsWith('"Datum"')).toBe(true);
  });
});
