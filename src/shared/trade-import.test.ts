import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv-import.ts";
import {
  guessTradeImportSetup,
  mapTradeRows,
  matchHolding,
  parseNumber,
  parseTradeKind,
  tradeImportKeys,
  type TradeImportSetup,
} from "./trade-import.ts";

describe("parseNumber", () => {
  it("reads units and prices with any number of decimals, in both conventions", () => {
    expect(parseNumber("12,3456", "comma")).toBe(12.3456);
    expect(parseNumber("1.234,5678", "comma")).toBe(1234.5678);
    expect(parseNumber("€ 82,14", "comma")).toBe(82.14);
    expect(parseNumber("-10", "comma")).toBe(-10);
    expect(parseNumber("10-", "comma")).toBe(-10);
    expect(parseNumber("(2,5)", "comma")).toBe(-2.5);
    expect(parseNumber(",5", "comma")).toBe(0.5);
    expect(parseNumber("1.250", "comma")).toBe(1250);
    expect(parseNumber("0.000123", "dot")).toBe(0.000123);
    expect(parseNumber("1,234.5", "dot")).toBe(1234.5);
    expect(parseNumber("USD 182.50", "dot")).toBe(182.5);
    expect(parseNumber("182.50 USD", "dot")).toBe(182.5);
    expect(parseNumber("+3", "dot")).toBe(3);
    expect(Object.is(parseNumber("-0", "dot"), 0)).toBe(true);
  });

  it("refuses what is not a number", () => {
    for (const text of ["", "tien", "1,2,3", "12.5.1", "1e3", "--5", "12.5x", "1.234,5", "NaN"])
      expect(parseNumber(text, "dot"), text).toBeNull();
    for (const text of ["1,234.5", "12,5,1", "1.23"])
      expect(parseNumber(text, "comma"), text).toBeNull();
    expect(parseNumber("1234567890123456", "dot")).toBeNull();
  });

  it("reads back what the language writes (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom("dot" as const, "comma" as const),
        (scaled, decimals, decimal) => {
          const value = scaled / 10 ** decimals;
          const text = value.toFixed(decimals);
          const written = decimal === "comma" ? text.replace(".", ",") : text;
          expect(parseNumber(written, decimal)).toBe(Number(text) === 0 ? 0 : Number(text));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("parseTradeKind", () => {
  it("reads English, Dutch and brokers' words", () => {
    expect(parseTradeKind("Buy")).toBe("buy");
    expect(parseTradeKind("Aankoop")).toBe("buy");
    expect(parseTradeKind("kopen")).toBe("buy");
    expect(parseTradeKind("Koop 10 @ 82,14 EUR")).toBe("buy");
    expect(parseTradeKind("SELL")).toBe("sell");
    expect(parseTradeKind("Verkoop")).toBe("sell");
    expect(parseTradeKind("verkopen")).toBe("sell");
    expect(parseTradeKind("Dividend VWRL")).toBe("dividend");
    expect(parseTradeKind("Kosten")).toBe("fee");
    expect(parseTradeKind("fee")).toBe("fee");
    expect(parseTradeKind("S")).toBe("sell");
    expect(parseTradeKind("S&P 500")).toBeNull();
    expect(parseTradeKind("split")).toBeNull();
    expect(parseTradeKind("")).toBeNull();
  });
});

describe("mapTradeRows", () => {
  const setup: TradeImportSetup = {
    columns: { date: 0, holding: 1, kind: 2, quantity: 3, price: 4, fees: 5, amount: 6 },
    hasHeader: true,
    dateFormat: "DD-MM-YYYY",
    decimal: "comma",
    kindFrom: "column",
  };
  const records = parseCsv(
    [
      "Datum;Product;Soort;Aantal;Koers;Kosten;Bedrag",
      "02-01-2025;VWCE;Koop;10;100,1234;-2,00;",
      "03-01-2025;IE00BK5BQT80;Verkoop;-4;110;1,00;",
      "04-01-2025;VWCE;Dividend;;;;-12,50",
      "31-02-2025;VWCE;Koop;1;1;;",
      "05-01-2025;;Koop;0;1;;",
      "05-01-2025;VWCE;Ruil;1;1;;",
      "05-01-2025;VWCE;Koop;;;;",
      "05-01-2025;VWCE;Kosten;;;;",
      "05-01-1850;VWCE;Koop;1;twee;;",
    ].join("\n"),
  ).records;

  it("gives good rows (units and fees unsigned) and bad rows with their reasons", () => {
    const { good, bad } = mapTradeRows(records, setup);
    expect(good).toEqual([
      {
        line: 2,
        holding: "VWCE",
        kind: "buy",
        occurredOn: "2025-01-02",
        quantity: 10,
        price: 100.1234,
        fxRate: 1,
        feesCents: 200,
        amountCents: 100_123,
      },
      {
        line: 3,
        holding: "IE00BK5BQT80",
        kind: "sell",
        occurredOn: "2025-01-03",
        quantity: 4,
        price: 110,
        fxRate: 1,
        feesCents: 100,
        amountCents: 44_000,
      },
      {
        line: 4,
        holding: "VWCE",
        kind: "dividend",
        occurredOn: "2025-01-04",
        quantity: null,
        price: null,
        fxRate: 1,
        feesCents: 0,
        amountCents: 1250,
      },
    ]);
    expect(bad).toEqual([
      { line: 5, errors: ["dateInvalid"] },
      { line: 6, errors: ["holdingRequired"] },
      { line: 7, errors: ["invalid"] },
      { line: 8, errors: ["quantityInvalid", "priceInvalid"] },
      { line: 9, errors: ["amountPositive"] },
      { line: 10, errors: ["dateOutOfRange", "priceInvalid"] },
    ]);
  });

  it("takes a sell from a negative quantity", () => {
    const { good, bad } = mapTradeRows(records.slice(0, 3), {
      ...setup,
      kindFrom: "sign",
      columns: { ...setup.columns, kind: null },
    });
    expect(good.map((row) => [row.kind, row.quantity])).toEqual([
      ["buy", 10],
      ["sell", 4],
    ]);
    expect(bad).toEqual([]);
  });

  it("refuses a date outside the app's range and the quantity a sign file lacks", () => {
    const { bad } = mapTradeRows(parseCsv("01-01-1850;VWCE;1;1\n01-01-2025;VWCE;;1").records, {
      ...setup,
      hasHeader: false,
      kindFrom: "sign",
      columns: { date: 0, holding: 1, quantity: 2, price: 3 },
    });
    expect(bad).toEqual([
      { line: 1, errors: ["dateOutOfRange"] },
      { line: 2, errors: ["quantityInvalid"] },
    ]);
  });

  it("names an out-of-range date beside the row's other faults", () => {
    const { good, bad } = mapTradeRows(
      parseCsv("31-12-9999;;1;1\n01-01-1000;VWCE;x;1\n01-01-2100;VWCE;1;1").records,
      {
        ...setup,
        hasHeader: false,
        kindFrom: "sign",
        columns: { date: 0, holding: 1, quantity: 2, price: 3 },
      },
    );
    expect(good).toEqual([]);
    expect(bad).toEqual([
      { line: 1, errors: ["dateOutOfRange", "holdingRequired"] },
      { line: 2, errors: ["dateOutOfRange", "quantityInvalid"] },
      { line: 3, errors: ["dateOutOfRange"] },
    ]);
  });

  it("takes an exchange rate to euros from a column of its own", () => {
    const { good, bad } = mapTradeRows(
      parseCsv("02-01-2025;AAPL;2;182,50;0,9234\n03-01-2025;AAPL;1;180;-1").records,
      {
        ...setup,
        hasHeader: false,
        kindFrom: "sign",
        columns: { date: 0, holding: 1, quantity: 2, price: 3, fxRate: 4 },
      },
    );
    expect(good.map((row) => [row.fxRate, row.amountCents])).toEqual([[0.9234, 33_704]]);
    expect(bad).toEqual([{ line: 2, errors: ["fxRateInvalid"] }]);
  });

  it("numbers identical rows so each is imported once", () => {
    const { good } = mapTradeRows(
      parseCsv("02-01-2025;VWCE;1;10\n02-01-2025;vwce ;1;10\n02-01-2025;VWCE;2;10").records,
      {
        ...setup,
        hasHeader: false,
        kindFrom: "sign",
        columns: { date: 0, holding: 1, quantity: 2, price: 3 },
      },
    );
    const keys = tradeImportKeys(good);
    expect(keys[0]?.endsWith("#0")).toBe(true);
    expect(keys[1]?.endsWith("#1")).toBe(true);
    expect(keys[2]?.endsWith("#0")).toBe(true);
    expect(new Set(keys).size).toBe(3);
  });
});

describe("matchHolding", () => {
  const holdings = [
    { id: "a", name: "Vanguard FTSE All-World", symbol: "VWCE", isin: "IE00BK5BQT80" },
    { id: "b", name: "VWCE", symbol: null, isin: null },
    { id: "c", name: "iShares  Core MSCI EM", symbol: "EMIM", isin: null },
  ];
  it("finds a holding by ISIN, symbol or name, ignoring case and spaces", () => {
    expect(matchHolding("ie00bk5bqt80", holdings)?.id).toBe("a");
    // A symbol wins over another holding's name.
    expect(matchHolding("vwce", holdings)?.id).toBe("a");
    expect(matchHolding(" ishares core msci em ", holdings)?.id).toBe("c");
    expect(matchHolding("Apple", holdings)).toBeNull();
    expect(matchHolding("", holdings)).toBeNull();
  });
});

describe("guessTradeImportSetup", () => {
  it("guesses a DEGIRO-like Dutch file: the ISIN, a sell from the sign, decimal commas", () => {
    const { records } = parseCsv(
      [
        "Datum,Tijd,Product,ISIN,Beurs,Aantal,Koers,,Lokale waarde,,Waarde,,Transactiekosten,,Totaal,",
        '14-03-2025,09:04,VANGUARD FTSE AW,IE00BK5BQT80,XET,-3,"118,2400",EUR,"-354,72",EUR,"354,72",EUR,"-1,00",EUR,"353,72",EUR',
        '03-02-2025,10:11,VANGUARD FTSE AW,IE00BK5BQT80,XET,10,"112,5000",EUR,"-1125,00",EUR,"-1125,00",EUR,"-3,00",EUR,"-1128,00",EUR',
      ].join("\n"),
    );
    const setup = guessTradeImportSetup(records, "en");
    expect(setup).toEqual({
      columns: {
        date: 0,
        holding: 3,
        quantity: 5,
        price: 6,
        kind: null,
        fees: 12,
        amount: 14,
        fxRate: null,
      },
      hasHeader: true,
      dateFormat: "DD-MM-YYYY",
      decimal: "comma",
      kindFrom: "sign",
    });
    const { good, bad } = mapTradeRows(records, setup);
    expect(bad).toEqual([]);
    expect(
      good.map((row) => [row.kind, row.holding, row.quantity, row.price, row.feesCents]),
    ).toEqual([
      ["sell", "IE00BK5BQT80", 3, 118.24, 100],
      ["buy", "IE00BK5BQT80", 10, 112.5, 300],
    ]);
  });

  it("guesses an English file with a type column", () => {
    const { records } = parseCsv(
      "Date,Symbol,Type,Quantity,Price,Fees\n2025-01-02,VWCE,Buy,1.5,100.25,1.00\n2025-02-03,VWCE,Sell,1,101,0",
    );
    expect(guessTradeImportSetup(records, "nl")).toEqual({
      columns: {
        date: 0,
        holding: 1,
        quantity: 3,
        price: 4,
        kind: 2,
        fees: 5,
        amount: null,
        fxRate: null,
      },
      hasHeader: true,
      dateFormat: "YYYY-MM-DD",
      decimal: "dot",
      kindFrom: "column",
    });
  });
});
