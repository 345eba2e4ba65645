import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountColumnProblem,
  analyseImport,
  cellCurrency,
  decodeCsvBytes,
  formatAmount,
  guessImportSetup,
  looksLikeAccountNumber,
  importKeys,
  importLineKeys,
  importSetupSchema,
  mapImportRows,
  parseAmount,
  parseCsv,
  parseCsvSteps,
  parseDate,
  parseKind,
  readNumber,
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
    expect(parseAmount("12.50 DR", "dot")).toBe(-1250);
    expect(parseAmount("12,50CR", "comma")).toBe(1250);
    expect(parseAmount("€ 1.234,56 Dr", "comma")).toBe(-123456);
    expect(parseAmount("DR", "dot")).toBeNull();
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

describe("readNumber and cellCurrency", () => {
  it("read a plain cell at once as they read it the long way (property)", () => {
    // A space after the cell sends it the long way (spaces are taken out there).
    fc.assert(
      fc.property(
        fc.stringMatching(/^[-+]?[0-9.,]{0,8}$/),
        fc.constantFrom("dot" as const, "comma" as const),
        (text, decimal) => {
          expect(readNumber(text, decimal)).toEqual(readNumber(`${text} `, decimal));
          expect(cellCurrency(text)).toBe(cellCurrency(`${text} `));
        },
      ),
      { numRuns: 3000 },
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

  it("reads a large file in steps, with rows and quoted line breaks across the steps' edges", () => {
    // Some 580 kB: Papa Parse hands it over in several chunks, each a step; rows of every length
    // (some with a quoted line break, some empty) fall across the chunks' edges.
    const expected: { line: number; cells: string[] }[] = [];
    const lines: string[] = [];
    let line = 1;
    for (let i = 0; i < 10_000; i++) {
      if (i % 97 === 0) {
        lines.push("");
        line += 1;
      }
      const note = i % 5 === 0 ? `two\nlines ${i}` : `note ${"x".repeat(i % 61)} ${i}`;
      const cells = [`2025-01-${String(1 + (i % 28)).padStart(2, "0")}`, `-${i}.50`, note];
      lines.push(`${cells[0]};${cells[1]};"${note}"`);
      expected.push({ line, cells });
      line += i % 5 === 0 ? 2 : 1;
    }
    const text = lines.join("\n");
    expect(text.length).toBeGreaterThan(4 * 128 * 1024);
    const steps = parseCsvSteps(text);
    let taken = 0;
    let next = steps.next();
    while (!next.done) {
      taken += 1;
      next = steps.next();
    }
    expect(taken).toBeGreaterThanOrEqual(4);
    expect(next.value.delimiter).toBe(";");
    expect(next.value.records).toEqual(expected);
    expect(parseCsv(text)).toEqual(next.value);
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
        reference: null,
      },
      {
        line: 3,
        kind: "income",
        amountCents: 700,
        occurredOn: "2025-01-03",
        category: "Other",
        merchant: "Refund",
        notes: "back",
        reference: null,
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

  it("hashes each numbered key as the key itself would be hashed", () => {
    const { records } = parseCsv(
      "2025-01-02,1.00,expense,Food\n2025-01-02,1.00,expense,food\n2025-01-02,1.00,expense,Food, x\n" +
        "2025-01-02,1.00,expense,Food\n2025-01-03,2.00,expense,Rent",
    );
    const { good } = mapImportRows(records, { ...setup, hasHeader: false });
    // Any text-to-text function: hashed keys are the plain keys, each passed through it.
    const hash = (key: string) => `h(${key.length}:${key})`;
    expect(importKeys(good, hash)).toEqual(importKeys(good).map(hash));
    expect(importKeys(good).map((key) => key.slice(-2))).toEqual(["#0", "#1", "#0", "#2", "#0"]);
    const lineKeys = importLineKeys(records, good);
    expect(importLineKeys(records, good, hash)).toEqual(lineKeys.map(hash));
    expect(lineKeys.map((key) => key.slice(-2))).toEqual(["#0", "#0", "#0", "#1", "#0"]);
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

describe("decodeCsvBytes", () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);
  const utf8 = (text: string) => new TextEncoder().encode(text);

  it("reads UTF-8 with and without a BOM", () => {
    expect(decodeCsvBytes(utf8("Café Müller"))).toEqual({ text: "Café Müller", encoding: "utf-8" });
    expect(decodeCsvBytes(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8("Café")]))).toEqual({
      text: "Café",
      encoding: "utf-8",
    });
  });

  it("reads bytes that are not UTF-8 as Windows-1252, which covers ISO-8859-1's letters", () => {
    // "Café Müller" in ISO-8859-1 (and Windows-1252): é = E9, ü = FC.
    const latin1 = bytes(0x43, 0x61, 0x66, 0xe9, 0x20, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72);
    expect(decodeCsvBytes(latin1)).toEqual({ text: "Café Müller", encoding: "windows-1252" });
    // Windows-1252's own characters: € (80), “ ” (93 94), – (96), Ÿ (9F).
    expect(decodeCsvBytes(bytes(0x80, 0x20, 0x93, 0x61, 0x94, 0x96, 0x9f)).text).toBe("€ “a”–Ÿ");
  });

  it("reads UTF-16 with its BOM", () => {
    expect(decodeCsvBytes(bytes(0xff, 0xfe, 0x41, 0, 0xe9, 0)).text).toBe("Aé");
  });
});

describe("parseDate, the forms banks write", () => {
  it("reads two-digit years, dots, date-times and YYYY.MM.DD", () => {
    expect(parseDate("31.01.25", "DD.MM.YY")).toBe("2025-01-31");
    expect(parseDate("31-12-99", "DD-MM-YY")).toBe("1999-12-31");
    expect(parseDate("01/31/25", "MM/DD/YY")).toBe("2025-01-31");
    expect(parseDate("31/01/25", "DD/MM/YY")).toBe("2025-01-31");
    expect(parseDate("2025.01.31", "YYYY.MM.DD")).toBe("2025-01-31");
    expect(parseDate("01-31-2025", "MM-DD-YYYY")).toBe("2025-01-31");
    expect(parseDate("2025-01-31 14:02:11", "YYYY-MM-DD")).toBe("2025-01-31");
    expect(parseDate("2025-01-31T14:02:11.123Z", "YYYY-MM-DD")).toBe("2025-01-31");
    expect(parseDate("31-01-2025 09:15", "DD-MM-YYYY")).toBe("2025-01-31");
    expect(parseDate("1/31/2025, 2:05 PM", "MM/DD/YYYY")).toBe("2025-01-31");
    expect(parseDate("31.02.25", "DD.MM.YY")).toBeNull();
    expect(parseDate("2025-01-31 25", "YYYY-MM-DD")).toBeNull();
  });

  it("reads month names in English, Dutch and German", () => {
    for (const text of [
      "31 Jan 2025",
      "31 januari 2025",
      "31. Januar 2025",
      "31-jan-25",
      "31 JAN. 2025",
    ])
      expect(parseDate(text, "D MMM YYYY"), text).toBe("2025-01-31");
    expect(parseDate("3 mrt 2025", "D MMM YYYY")).toBe("2025-03-03");
    expect(parseDate("3. März 2025", "D MMM YYYY")).toBe("2025-03-03");
    expect(parseDate("1 mei 2025", "D MMM YYYY")).toBe("2025-05-01");
    expect(parseDate("1 okt 2025", "D MMM YYYY")).toBe("2025-10-01");
    expect(parseDate("24. Dez. 2025", "D MMM YYYY")).toBe("2025-12-24");
    expect(parseDate("Jan 31, 2025", "MMM D, YYYY")).toBe("2025-01-31");
    expect(parseDate("December 1st 2025", "MMM D, YYYY")).toBe("2025-12-01");
    expect(parseDate("31 Foo 2025", "D MMM YYYY")).toBeNull();
    expect(parseDate("30 feb 2025", "D MMM YYYY")).toBeNull();
  });
});

describe("the bank's words and currencies", () => {
  it("reads debit/credit indicators in English, Dutch and German", () => {
    for (const word of ["Af", "Debet", "D", "DR", "Debit", "S", "Soll", "Ausgang", "DBIT"])
      expect(parseKind(word), word).toBe("expense");
    for (const word of ["Bij", "Credit", "C", "CR", "H", "Haben", "Eingang", "CRDT"])
      expect(parseKind(word), word).toBe("income");
  });

  it("finds the currency of a cell", () => {
    expect(cellCurrency("EUR")).toBe("EUR");
    expect(cellCurrency("usd")).toBe("USD");
    expect(cellCurrency("$12.50")).toBe("USD");
    expect(cellCurrency("12,50 €")).toBe("EUR");
    expect(cellCurrency("-12.50 GBP")).toBe("GBP");
    expect(cellCurrency("12,50")).toBeNull();
    expect(cellCurrency("")).toBeNull();
  });

  it("tells account and card numbers from money", () => {
    for (const text of [
      "NL91ABNA0417164300",
      "NL91 ABNA 0417 1643 00",
      "123456789",
      "4111111111111111",
      "4111 1111 1111 1111",
      "**** **** **** 1234",
      "************1234",
      "000000000000012345",
    ])
      expect(looksLikeAccountNumber(text), text).toBe(true);
    for (const text of ["12,50", "-1.234,56", "2500.00", "1234", "€ 12,50", "12345678,00"])
      expect(looksLikeAccountNumber(text), text).toBe(false);
  });
});

describe("mapImportRows, the new choices", () => {
  const base: ImportSetup = {
    columns: { date: 0, amount: 1, merchant: 3 },
    hasHeader: false,
    dateFormat: "YYYY-MM-DD",
    decimal: "dot",
    kindFrom: "sign",
    defaultKind: "expense",
    defaultCategory: "Other",
  };
  const rows = (text: string) => parseCsv(text).records;

  it("reads money out and money in from two columns", () => {
    const { good, bad } = mapImportRows(
      rows(
        "2025-01-02,12.50,,Shop\n2025-01-03,,100.00,Work\n2025-01-04,,,None\n2025-01-05,1.00,2.00,Both",
      ),
      { ...base, kindFrom: "split", columns: { ...base.columns, merchant: 3, credit: 2 } },
    );
    expect(good.map((r) => [r.kind, r.amountCents, r.merchant])).toEqual([
      ["expense", 1250, "Shop"],
      ["income", 10000, "Work"],
    ]);
    expect(bad).toEqual([
      { line: 3, errors: ["amountRequired"] },
      { line: 4, errors: ["amountInvalid"] },
    ]);
  });

  it("takes the chosen value of an indicator column as money out, and flips the sign", () => {
    const records = rows(
      "2025-01-02,12.50,Uit,Shop\n2025-01-03,100.00,In,Work\n2025-01-04,1.00,,X",
    );
    const column = { ...base, kindFrom: "column" as const, columns: { ...base.columns, kind: 2 } };
    // "Uit" and "In" are no bank words it knows (In is): with the choice, Uit is money out.
    const chosen = mapImportRows(records, { ...column, outValue: "uit" });
    expect(chosen.good.map((r) => r.kind)).toEqual(["expense", "income"]);
    expect(chosen.bad).toEqual([{ line: 3, errors: ["invalid"] }]);
    expect(mapImportRows(records, column).good.map((r) => r.line)).toEqual([2]);
    const signed = rows("2025-01-02,12.50,,Card\n2025-01-03,-100.00,,Payment");
    expect(mapImportRows(signed, { ...base, flipSign: true }).good.map((r) => r.kind)).toEqual([
      "expense",
      "income",
    ]);
  });

  it("refuses a row in another currency, from the currency column or the amount", () => {
    const { good, bad } = mapImportRows(
      rows(
        "2025-01-02,12.50,EUR,A\n2025-01-03,$4.00,,B\n2025-01-04,4.00,USD,C\n2025-01-05,€ 3.00,,D",
      ),
      { ...base, columns: { ...base.columns, currency: 2 } },
    );
    expect(good.map((r) => r.merchant)).toEqual(["A", "D"]);
    expect(bad).toEqual([
      { line: 2, errors: ["currencyNotEuro"] },
      { line: 3, errors: ["currencyNotEuro"] },
    ]);
  });

  it("flags a row whose sign disagrees with its category's kind instead of making it income", () => {
    const records = rows(
      "2025-01-02,-12.50,Boodschappen\n2025-01-03,-8.00,Boodschappen\n2025-01-04,3.00,Boodschappen\n2025-01-05,2500,Salaris",
    );
    const setup = { ...base, columns: { date: 0, amount: 1, category: 2 } };
    // Within the file: most Boodschappen rows are expenses, so the positive one is flagged.
    const file = mapImportRows(records, setup);
    expect(file.good.map((r) => r.line)).toEqual([1, 2, 4]);
    expect(file.bad).toEqual([{ line: 3, errors: ["importKindMismatch"] }]);
    // The household's own categories decide: Salaris is an expense category there.
    const household = mapImportRows(records, setup, {
      categoryKinds: new Map([["salaris", new Set(["expense" as const])]]),
    });
    expect(household.bad.map((r) => r.line)).toEqual([3, 4]);
  });

  it("skips the lines before and after the table", () => {
    const records = rows("Title\nDate,Amount\n2025-01-02,1.00\n2025-01-03,2.00\nTotal,3.00");
    const { good } = mapImportRows(records, {
      ...base,
      hasHeader: true,
      skipTop: 1,
      skipBottom: 1,
    });
    expect(good.map((r) => r.amountCents)).toEqual([100, 200]);
  });
});

describe("a reference numbered within its statement (referenceGroup)", () => {
  /** A setup as saved before the statement number existed (an import's, a remembered one). */
  const saved = {
    columns: { date: 0, amount: 1, merchant: 4, notes: null, currency: null, reference: 3 },
    hasHeader: false,
    dateFormat: "DD/MM/YYYY",
    decimal: "comma",
    kindFrom: "sign",
    defaultKind: "expense",
    outValue: null,
    flipSign: false,
    skipTop: 0,
    skipBottom: 0,
    defaultCategory: "Geïmporteerd",
  };
  // Date; amount; statement; transaction; counterparty.
  const records = parseCsv(
    [
      "02/01/2025;-23,45;1;1;Colruyt",
      "02/01/2025;-23,45;2;1;Colruyt",
      "04/01/2025;-5,00;;7;Bakker",
      "05/01/2025;-6,00;3;;Slager",
      "06/01/2025;-7,00;1/2;3;Kapper",
      "06/01/2025;-7,00;1;2/3;Kapper",
    ].join("\n"),
  ).records;

  it("still reads a setup saved without it, the reference alone", () => {
    const parsed = importSetupSchema.safeParse(saved);
    expect(parsed.success).toBe(true);
    const setup = importSetupSchema.parse(saved);
    expect(setup.columns.referenceGroup).toBeUndefined();
    expect(mapImportRows(records, setup).good.map((row) => row.reference)).toEqual([
      "1",
      "1",
      "7",
      null,
      "3",
      "2/3",
    ]);
    // And one saved with it.
    const withGroup = { ...saved, columns: { ...saved.columns, referenceGroup: 2 } };
    expect(importSetupSchema.parse(withGroup).columns.referenceGroup).toBe(2);
    expect(
      importSetupSchema.safeParse({
        ...withGroup,
        columns: { ...withGroup.columns, referenceGroup: -1 },
      }).success,
    ).toBe(false);
  });

  it("puts the statement's number before the reference, and only with a reference", () => {
    const setup = importSetupSchema.parse({
      ...saved,
      columns: { ...saved.columns, referenceGroup: 2 },
    });
    const good = mapImportRows(records, setup).good;
    expect(good.map((row) => row.reference)).toEqual([
      "1/1",
      "2/1",
      // No statement number: the reference alone; no reference: none, whatever the statement.
      "7",
      null,
      // A "/" in the statement number is escaped: these two are not the same reference.
      "1\\/2/3",
      "1/2/3",
    ]);
    // The same transaction number, date and amount in another statement: another entry.
    expect(importKeys(good).slice(0, 2)).toEqual([
      "ref|1/1|2025-01-02|2345#0",
      "ref|2/1|2025-01-02|2345#0",
    ]);
    // Without a reference column the statement number is ignored: the rows' content decides.
    const noReference = importSetupSchema.parse({
      ...saved,
      columns: { ...saved.columns, reference: null, referenceGroup: 2 },
    });
    expect(mapImportRows(records, noReference).good.every((row) => row.reference === null)).toBe(
      true,
    );
  });

  it("is not guessed: only a preset or the person sets it", () => {
    const guessed = guessImportSetup(
      parseCsv("Date,Amount,Statement,Reference\n2025-01-02,-1.00,1,A\n2025-01-03,-2.00,1,B")
        .records,
      "en",
    );
    expect(guessed.columns.reference).toBe(3);
    expect(guessed.columns.referenceGroup).toBeNull();
  });
});

describe("analyseImport", () => {
  it("decides day-first or month-first from the whole file, and says when it cannot", () => {
    const lines = ["Date,Amount", "01/02/2025,-1.00", "03/04/2025,-2.00"];
    const ambiguous = analyseImport(parseCsv(lines.join("\n")).records, "en");
    expect(ambiguous.setup.dateFormat).toBe("DD/MM/YYYY");
    expect(ambiguous.uncertain).toEqual(["dateOrder"]);
    // One day over 12, far down the file, tells them apart.
    const filler = Array.from({ length: 80 }, () => "01/02/2025,-1.00");
    const told = analyseImport(
      parseCsv([...lines, ...filler, "12/25/2025,-3.00"].join("\n")).records,
      "en",
    );
    expect(told.setup.dateFormat).toBe("MM/DD/YYYY");
    expect(told.uncertain).toEqual([]);
  });

  it("says so when it cannot tell which column is the amount", () => {
    // Two columns of money, no names, no arithmetic between them.
    const { uncertain, setup } = analyseImport(
      parseCsv("2025-01-02,12.50,3.10,Shop\n2025-01-03,8.00,99.99,Bakery\n2025-01-04,1.25,7.00,Bar")
        .records,
      "en",
    );
    expect(uncertain).toContain("amount");
    expect(uncertain).toContain("kind");
    expect(setup.columns.amount).toBe(1);
  });

  it("asks which value means money out when the indicator's words are not known", () => {
    const { uncertain, setup } = analyseImport(
      parseCsv("Datum;Bedrag;Af Bij\n02-01-2025;12,50;Uit\n13-01-2025;8,00;Af\n14-01-2025;1,00;Uit")
        .records,
      "nl",
    );
    expect(setup.kindFrom).toBe("column");
    expect(setup.outValue).toBe("af");
    expect(uncertain).toEqual(["kindValues"]);
  });

  it("never takes a column of one value, and refuses account numbers as the amount", () => {
    const records = parseCsv(
      "2025-01-02;-5,00;NL91ABNA0417164300;-12,50\n2025-01-03;-5,00;NL91ABNA0417164300;8,00\n2025-01-04;-5,00;NL91ABNA0417164300;-1,25",
    ).records;
    const { setup } = analyseImport(records, "nl");
    expect(setup.columns.amount).toBe(3);
    expect(amountColumnProblem(records, setup)).toBeNull();
    expect(
      amountColumnProblem(records, { ...setup, columns: { ...setup.columns, amount: 2 } }),
    ).toBe("csvAmountNotMoney");
  });

  it("never takes a column of account or card numbers as the amount (property)", () => {
    const digits = (length: number) =>
      fc
        .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
        .map((d) => d.join(""));
    const iban = fc
      .tuple(
        fc.constantFrom("NL", "DE", "BE"),
        digits(2),
        fc.constantFrom("ABNA", "INGB", "RABO"),
        digits(10),
      )
      .map((parts) => parts.join(""));
    const card16 = fc
      .tuple(fc.constantFrom("4", "5"), digits(15), fc.boolean())
      .map(([first, rest, grouped]) => {
        const number = first + rest;
        return grouped ? (number.match(/\d{4}/g) ?? []).join(" ") : number;
      });
    const masked = digits(4).map((last) => `************${last}`);
    const account = fc
      .integer({ min: 9, max: 12 })
      .chain((length) => digits(length))
      .map((d) => `1${d.slice(1)}`);
    const lastFour = digits(4);
    const identifier = fc.constantFrom(iban, card16, masked, account, lastFour);
    const column = fc.record({
      values: identifier.chain((kind) =>
        fc.oneof(
          kind.map((value) => ({ same: value })),
          fc.array(kind, { minLength: 30, maxLength: 30 }).map((list) => ({ list })),
        ),
      ),
      header: fc.constantFrom(
        "Rekening",
        "IBAN",
        "Card No.",
        "Kaartnummer",
        "Referentie",
        "Konto",
        "X",
      ),
    });
    fc.assert(
      fc.property(
        fc.array(column, { minLength: 1, maxLength: 4 }),
        fc.array(
          fc.integer({ min: -500_000, max: 500_000 }).filter((n) => n !== 0),
          {
            minLength: 3,
            maxLength: 30,
          },
        ),
        fc.constantFrom("dot" as const, "comma" as const),
        fc.boolean(),
        fc.nat(),
        fc.constantFrom("en" as const, "nl" as const),
        (others, cents, decimal, withHeader, seed, language) => {
          const amounts = [...cents];
          if (amounts.length > 1 && amounts[0] === amounts[1]) amounts[1] = (amounts[1] ?? 0) + 1;
          const delimiter = decimal === "comma" ? ";" : ",";
          // Columns in an order of the seed: the date, the amount, the numbers, a description.
          const kinds = ["date", "amount", "text", ...others.map((_, i) => `other${i}`)];
          const order = [...kinds].sort(
            (a, b) =>
              ((kinds.indexOf(a) * 7919 + seed) % 13) - ((kinds.indexOf(b) * 7919 + seed) % 13),
          );
          const cell = (kind: string, row: number) => {
            if (kind === "date") return `2025-01-${String((row % 28) + 1).padStart(2, "0")}`;
            if (kind === "amount") return formatAmount(amounts[row] ?? 0, decimal);
            if (kind === "text") return `Shop ${row}`;
            const other = others[Number(kind.slice(5))]?.values;
            return other && "same" in other ? other.same : (other?.list[row] ?? "");
          };
          const header = order.map((kind) =>
            kind === "date"
              ? "Datum"
              : kind === "amount"
                ? "Bedrag"
                : kind === "text"
                  ? "Omschrijving"
                  : (others[Number(kind.slice(5))]?.header ?? "X"),
          );
          const lines = amounts.map((_, row) =>
            order.map((kind) => cell(kind, row)).join(delimiter),
          );
          const text = (withHeader ? [header.join(delimiter), ...lines] : lines).join("\n");
          const { setup } = analyseImport(parseCsv(text).records, language);
          const numbers = order.flatMap((kind, index) => (kind.startsWith("other") ? [index] : []));
          expect(numbers).not.toContain(setup.columns.amount);
          expect(setup.columns.amount).toBe(order.indexOf("amount"));
          const { good } = mapImportRows(parseCsv(text).records, setup);
          expect(good.map((row) => row.amountCents)).toEqual(amounts.map(Math.abs));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("asks about the sign when most amounts are positive, as credit cards write spending", () => {
    const card = parseCsv(
      "2025-01-02,4.50,A\n2025-01-03,82.17,B\n2025-01-04,-500.00,C\n2025-01-05,38.00,D",
    ).records;
    expect(analyseImport(card, "en")).toMatchObject({
      setup: { kindFrom: "sign" },
      uncertain: ["sign"],
    });
    const account = parseCsv(
      "2025-01-02,-4.50,A\n2025-01-03,-82.17,B\n2025-01-04,500.00,C\n2025-01-05,-38.00,D",
    ).records;
    expect(analyseImport(account, "en").uncertain).toEqual([]);
  });

  it("takes no column of placeholders as the indicator, and the sign over words when amounts are signed", () => {
    const placeholders = parseCsv(
      "2025-01-02;-4,50;-;A\n2025-01-03;8,17;-;B\n2025-01-04;-5,00;-;C",
    ).records;
    expect(analyseImport(placeholders, "nl").setup).toMatchObject({
      kindFrom: "sign",
      columns: { kind: null },
    });
    const unsigned = parseCsv(
      "2025-01-02;4,50;D;A\n2025-01-03;8,17;C;B\n2025-01-04;5,00;D;C",
    ).records;
    expect(analyseImport(unsigned, "nl").setup).toMatchObject({
      kindFrom: "column",
      columns: { kind: 2 },
    });
  });

  it("keeps short rows of the table that have a date, at the top and at the bottom", () => {
    const lines = [
      "2025-01-02,-1.00,,,",
      "2025-01-03,-2.00,Shop,NL91ABNA0417164300,Groceries for the week",
      "2025-01-04,-3.00,Shop,NL91ABNA0417164300,Groceries for the week",
      "2025-01-05,-4.00,Shop,NL91ABNA0417164300,Groceries for the week",
      "2025-01-06,-5.00,,,",
    ];
    const records = parseCsv(lines.join("\n")).records;
    const { setup } = analyseImport(records, "en");
    expect(setup).toMatchObject({ skipTop: 0, skipBottom: 0, hasHeader: false });
    expect(mapImportRows(records, setup).good.map((row) => row.amountCents)).toEqual([
      100, 200, 300, 400, 500,
    ]);
  });

  it("finds money out and money in without names, and asks which is which", () => {
    const records = parseCsv(
      "02/01/2025,SHOP,23.45,,976.55\n03/01/2025,EMPLOYER,,2500.00,3476.55\n05/01/2025,CAFE,8.10,,3468.45\n31/01/2025,COUNCIL,123.00,,3345.45",
    ).records;
    const { setup, uncertain } = analyseImport(records, "en");
    expect(setup).toMatchObject({ kindFrom: "split", columns: { amount: 2, credit: 3 } });
    expect(uncertain).toContain("amount");
    expect(mapImportRows(records, setup).good.map((r) => [r.kind, r.amountCents])).toEqual([
      ["expense", 2345],
      ["income", 250000],
      ["expense", 810],
      ["expense", 12300],
    ]);
  });

  it("takes only real currency codes as a currency column", () => {
    const records = parseCsv(
      "02-01-2025,-1.00,BEA,Shop\n03-01-2025,2.00,OVB,Work\n04-01-2025,-3.00,ICM,Tax",
    ).records;
    expect(analyseImport(records, "nl").setup.columns.currency).toBeNull();
    const euros = parseCsv("02-01-2025,-1.00,EUR,Shop\n03-01-2025,2.00,EUR,Work").records;
    expect(analyseImport(euros, "nl").setup.columns.currency).toBe(2);
  });

  it("skips a bank's title lines and totals", () => {
    const { setup } = analyseImport(
      parseCsv(
        [
          '"KNAB EXPORT";;;',
          "Datum;Omschrijving;Bedrag;Saldo",
          "02-01-2025;Bakker;-3,10;96,90",
          "13-01-2025;Werk;100,00;196,90",
          "Totaal;;96,90;",
        ].join("\n"),
      ).records,
      "nl",
    );
    expect(setup).toMatchObject({
      skipTop: 1,
      skipBottom: 1,
      hasHeader: true,
      columns: { amount: 2 },
    });
  });
});
