import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatAmount,
  guessImportSetup,
  importKeys,
  mapImportRows,
  parseAmount,
  parseCsv,
  parseDate,
  parseKind,
  type ImportSetup,
} from "./csv-import.ts";
import { maxAmountCents } from "./schemas/transactions.schema.ts";

describe("parseAmount", () => {
  it("reads amounts with a decimal comma", () => {
    expect(parseAmount("1.234,56", "comma")).toBe(123456);
    expect(parseAmount("-12,50", "comma")).toBe(-1250);
    expect(parseAmount("€ 12,50", "comma")).toBe(1250);
    expect(parseAmount("€\u00a0-0,05", "comma")).toBe(-5);
    expect(parseAmount("12,5", "comma")).toBe(1250);
    expect(parseAmount("12", "comma")).toBe(1200);
    expect(parseAmount("1.000.000", "comma")).toBe(100_000_000);
    expect(parseAmount("12,50-", "comma")).toBe(-1250);
    expect(parseAmount("(12,50)", "comma")).toBe(-1250);
    expect(parseAmount("+3,10", "comma")).toBe(310);
    expect(parseAmount(",99", "comma")).toBe(99);
    expect(parseAmount("12,500", "comma")).toBe(1250);
  });

  it("reads amounts with a decimal dot", () => {
    expect(parseAmount("1,234.56", "dot")).toBe(123456);
    expect(parseAmount("-12.50", "dot")).toBe(-1250);
    expect(parseAmount("EUR 12.50", "dot")).toBe(1250);
    expect(parseAmount("$1,000", "dot")).toBe(100_000);
    expect(parseAmount("0.1", "dot")).toBe(10);
    // 0.1 + 0.2 in floats is 0.30000000000000004; here it is exact.
    expect(parseAmount("0.30", "dot")).toBe(30);
    expect(parseAmount("19.99", "dot")).toBe(1999);
  });

  it("reads a currency code or sign on either side, as the trades import does", () => {
    expect(parseAmount("12,50 EUR", "comma")).toBe(1250);
    expect(parseAmount("CHF 1'234.50", "dot")).toBe(123450);
    expect(parseAmount("-12,50 €", "comma")).toBe(-1250);
    expect(parseAmount("EUR12", "dot")).toBe(1200);
    expect(parseAmount("EURO 12", "dot")).toBeNull();
  });

  it("refuses what is not an amount", () => {
    for (const text of [
      "",
      "twaalf",
      "1.234,56",
      "1,2,3",
      "12.345.67",
      "--5",
      "1e3",
      "12.5x",
      "12.001",
    ])
      expect(parseAmount(text, "dot"), text).toBeNull();
    for (const text of ["1,234.56", "12.50.1", "12,001", "1.23"])
      expect(parseAmount(text, "comma"), text).toBeNull();
  });

  it("round-trips cents through formatting for both conventions (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -maxAmountCents, max: maxAmountCents }),
        fc.constantFrom("dot" as const, "comma" as const),
        fc.boolean(),
        (cents, decimal, grouping) => {
          const text = formatAmount(cents, decimal, { grouping });
          expect(parseAmount(text, decimal)).toBe(cents);
          expect(parseAmount(`€ ${text}`, decimal)).toBe(cents);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("parseDate", () => {
  it("reads each format and checks the calendar", () => {
    expect(parseDate("2026-02-28", "YYYY-MM-DD")).toBe("2026-02-28");
    expect(parseDate("2026-02-30", "YYYY-MM-DD")).toBeNull();
    expect(parseDate("2024-02-29", "YYYY-MM-DD")).toBe("2024-02-29");
    expect(parseDate("2025-02-29", "YYYY-MM-DD")).toBeNull();
    expect(parseDate("31-12-2025", "DD-MM-YYYY")).toBe("2025-12-31");
    expect(parseDate("1-3-2025", "DD-MM-YYYY")).toBe("2025-03-01");
    expect(parseDate("31/04/2025", "DD/MM/YYYY")).toBeNull();
    expect(parseDate("04/30/2025", "MM/DD/YYYY")).toBe("2025-04-30");
    expect(parseDate("30/04/2025", "MM/DD/YYYY")).toBeNull();
    expect(parseDate("30.04.2025", "DD.MM.YYYY")).toBe("2025-04-30");
    expect(parseDate("20250430", "YYYYMMDD")).toBe("2025-04-30");
    expect(parseDate("2025/4/3", "YYYY/MM/DD")).toBe("2025-04-03");
    expect(parseDate("2025-04-30", "DD-MM-YYYY")).toBeNull();
    expect(parseDate("13-13-2025", "DD-MM-YYYY")).toBeNull();
    expect(parseDate("yesterday", "YYYY-MM-DD")).toBeNull();
  });
});

describe("parseCsv", () => {
  it("strips the BOM, detects the delimiter and keeps line numbers across quoted line breaks", () => {
    const parsed = parseCsv('\ufeffa;b\n\n"x\ny";2\n3;4\n');
    expect(parsed.delimiter).toBe(";");
    expect(parsed.records).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 3, cells: ["x\ny", "2"] },
      { line: 5, cells: ["3", "4"] },
    ]);
    expect(parseCsv("a,b\n1,2").delimiter).toBe(",");
    expect(parseCsv("a\tb\n1\t2").records[1]?.cells).toEqual(["1", "2"]);
  });
});

describe("mapImportRows", () => {
  const setup: ImportSetup = {
    columns: { date: 0, amount: 1, kind: 2, category: 3, merchant: 4, notes: 5 },
    hasHeader: true,
    dateFormat: "YYYY-MM-DD",
    decimal: "dot",
    kindFrom: "column",
    defaultKind: "expense",
    defaultCategory: "Other",
  };
  const records = parseCsv(
    [
      "date,amount,type,category,merchant,notes",
      "2025-01-02,12.50,expense,Food,Shop,",
      "2025-01-03,-7.00,income,,Refund,back",
      "2025-02-30,0,what,Food,,",
      ",,expense,Food,,",
      `2025-01-04,1.00,uitgave,${"x".repeat(61)},,`,
    ].join("\n"),
  ).records;

  it("gives the good rows (unsigned cents, default category) and the bad ones with reasons", () => {
    const { good, bad } = mapImportRows(records, setup);
    expect(good).toEqual([
      {
        line: 2,
        kind: "expense",
        amountCents: 1250,
        occurredOn: "2025-01-02",
        category: "Food",
        merchant: "Shop",
        notes: null,
      },
      {
        line: 3,
        kind: "income",
        amountCents: 700,
        occurredOn: "2025-01-03",
        category: "Other",
        merchant: "Refund",
        notes: "back",
      },
    ]);
    expect(bad).toEqual([
      { line: 4, errors: ["dateInvalid", "amountPositive", "invalid"] },
      { line: 5, errors: ["dateRequired", "amountRequired"] },
      { line: 6, errors: ["nameTooLong"] },
    ]);
  });

  it("refuses a real calendar date before 1900 or after 2099 as out of range", () => {
    // parseDate reads the calendar only; the range is the app's (isDateInRange).
    expect(parseDate("1000-01-01", "YYYY-MM-DD")).toBe("1000-01-01");
    const { good, bad } = mapImportRows(
      parseCsv(
        [
          "1000-01-01,1.00,expense,Food",
          "9999-12-31,1.00,expense,Food",
          "1899-12-31,1.00,expense,Food",
          "2100-01-01,0,expense,Food",
          "1900-01-01,1.00,expense,Food",
          "2099-12-31,1.00,expense,Food",
        ].join("\n"),
      ).records,
      { ...setup, hasHeader: false },
    );
    expect(good.map((row) => row.occurredOn)).toEqual(["1900-01-01", "2099-12-31"]);
    expect(bad).toEqual([
      { line: 1, errors: ["dateOutOfRange"] },
      { line: 2, errors: ["dateOutOfRange"] },
      { line: 3, errors: ["dateOutOfRange"] },
      { line: 4, errors: ["dateOutOfRange", "amountPositive"] },
    ]);
  });

  it("takes the kind from the sign or uses one kind for all", () => {
    const signed = mapImportRows(records.slice(0, 3), { ...setup, kindFrom: "sign" }).good;
    expect(signed.map((row) => row.kind)).toEqual(["income", "expense"]);
    const all = mapImportRows(records.slice(0, 3), {
      ...setup,
      kindFrom: "default",
      defaultKind: "income",
    }).good;
    expect(all.map((row) => row.kind)).toEqual(["income", "income"]);
  });

  it("numbers identical rows so each is imported once", () => {
    const { good } = mapImportRows(
      parseCsv(
        "2025-01-02,1.00,expense,Food\n2025-01-02,1.00,expense,food\n2025-01-02,1.00,expense,Food,x",
      ).records,
      { ...setup, hasHeader: false },
    );
    const keys = importKeys(good);
    expect(keys[0]?.endsWith("#0")).toBe(true);
    expect(keys[1]?.endsWith("#1")).toBe(true);
    expect(keys[2]?.endsWith("#0")).toBe(true);
    expect(new Set(keys).size).toBe(3);
  });
});

describe("parseKind and guessImportSetup", () => {
  it("reads kind words in English and Dutch", () => {
    expect(parseKind("Af")).toBe("expense");
    expect(parseKind("Bij")).toBe("income");
    expect(parseKind("inkomsten")).toBe("income");
    expect(parseKind("Debit")).toBe("expense");
    expect(parseKind("maybe")).toBeNull();
  });

  it("guesses a Dutch bank file", () => {
    const { records } = parseCsv(
      "Datum;Naam / Omschrijving;Af Bij;Bedrag (EUR)\n31-01-2025;AH;Af;1.234,56\n01-02-2025;Werk;Bij;12,00",
    );
    expect(guessImportSetup(records, "nl")).toMatchObject({
      columns: { date: 0, amount: 3, kind: 2, merchant: 1, category: null },
      hasHeader: true,
      dateFormat: "DD-MM-YYYY",
      decimal: "comma",
      kindFrom: "column",
      defaultCategory: "Geïmporteerd",
    });
  });

  it("guesses the date format most rows are in, even when one row is malformed", () => {
    const { records } = parseCsv(
      [
        "Datum;Omschrijving;Bedrag",
        "2025-01-31;AH;-12,50",
        "2025-02-01;Werk;1.000,00",
        "2025-02-03;Bakker;-3,20",
        "31 feb;Kapot;-1,00",
      ].join("\n"),
    );
    const setup = guessImportSetup(records, "nl");
    expect(setup).toMatchObject({ columns: { date: 0, amount: 2 }, dateFormat: "YYYY-MM-DD" });
    const { good, bad } = mapImportRows(records, setup);
    expect(good).toHaveLength(3);
    expect(bad.map((row) => row.line)).toEqual([5]);
  });

  it("keeps the language's date format when the formats read as many rows", () => {
    // 01-02-2025 is a date as DD-MM-YYYY only; as many rows of each kind: the Dutch order wins.
    const { records } = parseCsv("Datum;Bedrag\n2025-01-31;1,00\n01-02-2025;2,00");
    expect(guessImportSetup(records, "nl").dateFormat).toBe("DD-MM-YYYY");
    expect(guessImportSetup(records, "en").dateFormat).toBe("YYYY-MM-DD");
  });

  it("guesses a headerless English file with signed amounts", () => {
    const { records } = parseCsv("2025-01-31,-12.50,Coffee\n2025-02-01,1000.00,Salary");
    expect(guessImportSetup(records, "en")).toMatchObject({
      columns: { date: 0, amount: 1 },
      hasHeader: false,
      dateFormat: "YYYY-MM-DD",
      decimal: "dot",
      kindFrom: "sign",
    });
  });
});
