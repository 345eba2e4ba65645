import { z } from "zod";
import {
  dateFormats,
  decimalSeparators,
  parseAmount,
  parseDate,
  readNumber,
  type BadRow,
  type CsvRecord,
  type DateFormat,
  type DecimalSeparator,
} from "./csv-import.ts";
import { isDateInRange } from "./dates.ts";
import type { Language } from "./i18n.ts";
import { tradeInputSchema } from "./schemas/investments.schema.ts";
import { isValidationKey, type ValidationKey } from "./validation.ts";

/**
 * Importing a broker's trades from CSV, shared by the client's preview and the server (which
 * parses the file again with this code and never trusts the preview), like the transactions
 * import (csv-import.ts, whose CSV reading, dates and amounts this reuses). Units and prices
 * take any number of decimals; fees and amounts are cents. Each row is checked with the same
 * schema as a trade typed in the trade dialog, so an imported trade is one that could be typed.
 */

/** Where a trade's kind comes from: a column of words, or the quantity's sign (negative = sell). */
export const tradeKindSources = ["column", "sign"] as const;
export type TradeKindSource = (typeof tradeKindSources)[number];

/** The kinds a file can bring; transfers and splits are typed by hand. */
export type ImportedTradeKind = "buy" | "sell" | "dividend" | "fee";

const columnIndex = z.number().int().min(0).max(500);

export const tradeImportSetupSchema = z.object({
  /** Column indexes (0-based) of the fields. */
  columns: z.object({
    date: columnIndex,
    /** The holding's name, symbol or ISIN, matched to the portfolio's holdings. */
    holding: columnIndex,
    quantity: columnIndex,
    /** Per unit, in the holding's currency. */
    price: columnIndex,
    kind: columnIndex.nullish(),
    fees: columnIndex.nullish(),
    /** A dividend's or a fee's amount (buys and sells take units × price). */
    amount: columnIndex.nullish(),
    /**
     * Euros per unit of the holding's currency, as in the trade dialog (none: 1). Never guessed:
     * brokers write the rate the other way round as often as this way.
     */
    fxRate: columnIndex.nullish(),
  }),
  hasHeader: z.boolean(),
  dateFormat: z.enum(dateFormats),
  decimal: z.enum(decimalSeparators),
  kindFrom: z.enum(tradeKindSources),
});
export type TradeImportSetup = z.infer<typeof tradeImportSetupSchema>;

export type TradeImportRow = {
  line: number;
  /** The holding's name, symbol or ISIN as the file has it. */
  holding: string;
  kind: ImportedTradeKind;
  occurredOn: string;
  /** Units of a buy or sell (null for a dividend or fee). */
  quantity: number | null;
  /** The price per unit of a buy or sell (null for a dividend or fee). */
  price: number | null;
  /** Euros per unit of the holding's currency (1 for a dividend or fee). */
  fxRate: number;
  feesCents: number;
  /** A dividend's or fee's amount; a buy's or sell's units × price × rate. */
  amountCents: number;
};

/**
 * A number with any number of decimals (units, a price per unit), as `readNumber` reads it:
 * "1.234,5678" / "1,234.5678", "€ 82,14", "USD 182.50", "12,5-", "(2)". Null when it is not a
 * number. Read from its digits, so "0.1" is exactly what Number("0.1") is.
 */
export function parseNumber(input: string, decimal: DecimalSeparator): number | null {
  const read = readNumber(input, decimal);
  if (!read) return null;
  // Beyond 15 significant digits a double no longer holds what was written.
  if (read.whole.replace(/^0+/, "").length > 15 || (read.fraction ?? "").length > 12) return null;
  const value = Number(`${read.whole}.${read.fraction ?? "0"}`);
  if (!Number.isFinite(value)) return null;
  return read.negative && value !== 0 ? -value : value;
}

const kindWords: Record<ImportedTradeKind, string[]> = {
  buy: ["buy", "bought", "purchase", "b", "koop", "kopen", "aankoop", "gekocht", "k"],
  sell: ["sell", "sold", "sale", "s", "verkoop", "verkopen", "verkocht", "v"],
  dividend: ["dividend", "dividends", "div", "dividenduitkering", "uitkering", "coupon"],
  fee: [
    "fee",
    "fees",
    "cost",
    "costs",
    "commission",
    "kosten",
    "transactiekosten",
    "provisie",
    "servicekosten",
    "bewaarloon",
  ],
};
const kindOfWord = new Map<string, ImportedTradeKind>(
  Object.entries(kindWords).flatMap(([kind, words]) =>
    words.map((word) => [word, kind as ImportedTradeKind] as const),
  ),
);

/**
 * A kind cell as a kind: the whole cell ("Aankoop", "SELL") or its first word, so a broker's
 * description ("Koop 10 @ 82,14 EUR", "Dividend VWRL") reads too. Null when it is neither.
 */
export function parseTradeKind(input: string): ImportedTradeKind | null {
  const text = input.trim().toLowerCase();
  const whole = kindOfWord.get(text);
  if (whole) return whole;
  const first = /^[\p{L}]+/u.exec(text)?.[0];
  // One letter ("b", "s") only as the whole cell: "S&P" is no sell.
  return first && first.length > 1 ? (kindOfWord.get(first) ?? null) : null;
}

const cell = (cells: string[], index: number | null | undefined): string =>
  index === null || index === undefined ? "" : (cells[index] ?? "").trim();

const maxHoldingText = 200;

/** Each record as a trade, or the reasons it cannot be one (validation keys). */
export function mapTradeRows(
  records: readonly CsvRecord[],
  setup: TradeImportSetup,
): { good: TradeImportRow[]; bad: BadRow[] } {
  const good: TradeImportRow[] = [];
  const bad: BadRow[] = [];
  const body = setup.hasHeader ? records.slice(1) : records;
  const { columns } = setup;
  for (const { line, cells } of body) {
    const errors: ValidationKey[] = [];
    const add = (key: ValidationKey) => {
      if (!errors.includes(key)) errors.push(key);
    };
    const dateText = cell(cells, columns.date);
    const occurredOn = dateText === "" ? null : parseDate(dateText, setup.dateFormat);
    if (dateText === "") add("dateRequired");
    else if (!occurredOn) add("dateInvalid");
    else if (!isDateInRange(occurredOn)) add("dateOutOfRange");

    const holding = cell(cells, columns.holding).replace(/\s+/g, " ");
    if (holding === "") add("holdingRequired");
    else if (holding.length > maxHoldingText) add("textTooLong");

    const quantityText = cell(cells, columns.quantity);
    const quantity = quantityText === "" ? null : parseNumber(quantityText, setup.decimal);
    if (quantityText !== "" && quantity === null) add("quantityInvalid");
    const priceText = cell(cells, columns.price);
    const price = priceText === "" ? null : parseNumber(priceText, setup.decimal);
    if (priceText !== "" && price === null) add("priceInvalid");
    const feesText = cell(cells, columns.fees);
    const fees = feesText === "" ? 0 : parseAmount(feesText, setup.decimal);
    if (fees === null) add("amountInvalid");
    const rateText = cell(cells, columns.fxRate);
    const fxRate = rateText === "" ? 1 : parseNumber(rateText, setup.decimal);
    if (fxRate === null) add("fxRateInvalid");
    const amountText = cell(cells, columns.amount);
    const amount = amountText === "" ? null : parseAmount(amountText, setup.decimal);
    if (amountText !== "" && amount === null) add("amountInvalid");

    let kind: ImportedTradeKind | null = null;
    if (setup.kindFrom === "column") {
      kind = parseTradeKind(cell(cells, columns.kind));
      if (!kind) add("invalid");
    } else if (quantity !== null) {
      kind = quantity < 0 ? "sell" : "buy";
    } else if (quantityText === "") {
      add("quantityInvalid");
    }

    if (errors.length > 0 || !kind || !occurredOn) {
      bad.push({ line, errors: errors.length > 0 ? errors : ["invalid"] });
      continue;
    }
    // The trade dialog's own checks: units above 0, a price, the date's range, sane amounts.
    // Brokers write sells and costs as negative numbers: the kind says which way they go.
    const units = quantity === null ? null : Math.abs(quantity);
    const checked = tradeInputSchema.safeParse({
      kind,
      occurredOn,
      quantity: units,
      price,
      fxRate: fxRate ?? 1,
      amountCents: amount === null ? null : Math.abs(amount),
      feesCents: Math.abs(fees ?? 0),
    });
    if (!checked.success) {
      for (const issue of checked.error.issues)
        add(isValidationKey(issue.message) ? issue.message : "invalid");
      bad.push({ line, errors });
      continue;
    }
    const trade = checked.data;
    const trades = kind === "buy" || kind === "sell";
    good.push({
      line,
      holding,
      kind,
      occurredOn: trade.occurredOn,
      quantity: trades ? (trade.quantity ?? null) : null,
      price: trades ? (trade.price ?? null) : null,
      fxRate: trades ? trade.fxRate : 1,
      feesCents: trades ? trade.feesCents : 0,
      amountCents: trades
        ? Math.round((trade.quantity ?? 0) * (trade.price ?? 0) * trade.fxRate * 100)
        : (trade.amountCents ?? 0),
    });
  }
  return { good, bad };
}

/** A holding's text as compared: trimmed, one space between words, lower case. */
export const normalHoldingText = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The holding a row's text names among a portfolio's holdings: by ISIN, else symbol, else name,
 * ignoring case and extra spaces. Null when none does.
 */
export function matchHolding<
  T extends { name: string; symbol: string | null; isin: string | null },
>(text: string, holdings: readonly T[]): T | null {
  const wanted = normalHoldingText(text);
  if (wanted === "") return null;
  const by = (field: (holding: T) => string | null) =>
    holdings.find((holding) => {
      const value = field(holding);
      return value !== null && normalHoldingText(value) === wanted;
    });
  return by((h) => h.isin) ?? by((h) => h.symbol) ?? by((h) => h.name) ?? null;
}

/**
 * The keys that make an import idempotent: the row's normalised fields and its place among
 * identical rows of the same file ("#0", "#1", ...), so two equal buys are both imported but the
 * same file again adds nothing. The server adds the holding's id and hashes them.
 */
export function tradeImportKeys(rows: readonly TradeImportRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const key = [
      row.occurredOn,
      row.kind,
      normalHoldingText(row.holding),
      row.quantity ?? "",
      row.price ?? "",
      row.fxRate,
      row.feesCents,
      row.amountCents,
    ].join("|");
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return `${key}#${n}`;
  });
}

/** Header names per field (the exchange rate is never guessed, see the setup). */
const headerNames: Record<Exclude<keyof TradeImportSetup["columns"], "fxRate">, string[]> = {
  date: ["date", "datum", "trade date", "transactiedatum", "uitvoeringsdatum", "settlement date"],
  holding: [
    "isin",
    "symbol",
    "ticker",
    "product",
    "holding",
    "security",
    "instrument",
    "name",
    "fonds",
    "naam",
    "effect",
    "positie",
  ],
  quantity: ["quantity", "units", "shares", "aantal", "stuks", "number", "qty"],
  price: ["price", "koers", "unit price", "price per unit", "prijs", "koers per stuk"],
  kind: ["type", "kind", "action", "side", "soort", "transactie", "transactietype", "omschrijving"],
  fees: [
    "fees",
    "fee",
    "transactiekosten",
    "transaction costs",
    "kosten",
    "commission",
    "costs",
    "transactiekosten en/of externe kosten van derden",
  ],
  amount: ["amount", "bedrag", "total", "totaal", "waarde", "value", "mutatie"],
};

/** A first guess of the setup from the file's first rows, for the preview to start from. */
export function guessTradeImportSetup(
  records: readonly CsvRecord[],
  language: Language,
): TradeImportSetup {
  const first = records[0]?.cells.map((c) => c.trim().toLowerCase()) ?? [];
  const taken = new Set<number>();
  // Names in order of preference: a file with both ISIN and Product is matched by the ISIN.
  const find = (names: string[]) => {
    for (const name of names) {
      const index = first.findIndex((header, i) => header === name && !taken.has(i));
      if (index >= 0) {
        taken.add(index);
        return index;
      }
    }
    return null;
  };
  const found = {
    date: find(headerNames.date),
    holding: find(headerNames.holding),
    quantity: find(headerNames.quantity),
    price: find(headerNames.price),
    kind: find(headerNames.kind),
    fees: find(headerNames.fees),
    amount: find(headerNames.amount),
  };
  const hasHeader =
    Object.values(found).some((index) => index !== null) ||
    (first.length > 0 && first.every((c) => !/\d/.test(c)));
  const sample = (hasHeader ? records.slice(1) : records).slice(0, 50);
  const column = (index: number | null) =>
    index === null ? [] : sample.map((r) => (r.cells[index] ?? "").trim()).filter((v) => v !== "");

  const preferred: DateFormat[] =
    language === "nl" ? ["DD-MM-YYYY", "YYYY-MM-DD"] : ["YYYY-MM-DD", "DD/MM/YYYY"];
  const ranked: DateFormat[] = [
    ...preferred,
    ...dateFormats.filter((format) => !preferred.includes(format)),
  ];
  let dateFormat: DateFormat = preferred[0] ?? "YYYY-MM-DD";
  let mostParsed = 0;
  for (const format of ranked) {
    const parsed = column(found.date).filter((v) => parseDate(v, format) !== null).length;
    if (parsed > mostParsed) {
      dateFormat = format;
      mostParsed = parsed;
    }
  }

  // The decimal separator: the one prices are written with ("82,14" or "82.14"); a lone
  // separator followed by three digits ("1.250") says nothing, it may group thousands.
  let decimal: DecimalSeparator = language === "nl" ? "comma" : "dot";
  const numbers = [...column(found.price), ...column(found.quantity), ...column(found.fees)];
  const comma = numbers.some((v) => /,\d{1,2}$|,\d{4,}$|^\d{1,3}(\.\d{3})+,\d+/.test(v));
  const dot = numbers.some((v) => /\.\d{1,2}$|\.\d{4,}$|^\d{1,3}(,\d{3})+\.\d+/.test(v));
  if (comma && !dot) decimal = "comma";
  else if (dot && !comma) decimal = "dot";

  const kindFrom: TradeKindSource =
    found.kind !== null && column(found.kind).some((v) => parseTradeKind(v) !== null)
      ? "column"
      : "sign";
  return {
    columns: {
      date: found.date ?? 0,
      holding: found.holding ?? 1,
      quantity: found.quantity ?? 2,
      price: found.price ?? 3,
      kind: kindFrom === "column" ? found.kind : null,
      fees: found.fees,
      amount: found.amount,
      fxRate: null,
    },
    hasHeader,
    dateFormat,
    decimal,
    kindFrom,
  };
}
