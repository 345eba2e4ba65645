import Papa from "papaparse";
import { z } from "zod";
import { isDateInRange, isIsoDate } from "./dates.ts";
import type { Language } from "./i18n.ts";
import { maxAmountCents } from "./schemas/transactions.schema.ts";
import type { ValidationKey } from "./validation.ts";

/**
 * CSV import, shared by the client's preview and the server (which parses the file again with
 * this same code and never trusts the preview). No Node APIs here. Amounts become cents by
 * string arithmetic, never through floats; dates are checked against the calendar.
 */

export type CsvRecord = {
  /** The record's first line in the file (1-based; a quoted cell may span several lines). */
  line: number;
  cells: string[];
};

export type ParsedCsv = { delimiter: string; records: CsvRecord[] };

const candidateDelimiters = [";", ",", "\t", "|"] as const;

/** The delimiter the header (the first non-empty line) uses most, outside quotes. */
function guessDelimiter(text: string): string | undefined {
  const first = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== "") ?? "";
  const unquoted = first.replace(/"[^"]*"/g, "");
  let best: string | undefined;
  let bestCount = 0;
  for (const candidate of candidateDelimiters) {
    const count = unquoted.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Reads CSV text: the BOM stripped, the delimiter detected (the one the first line uses most)
 * unless given, empty lines left out.
 */
export function parseCsv(text: string, options: { delimiter?: string } = {}): ParsedCsv {
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = options.delimiter ?? guessDelimiter(clean);
  const result = Papa.parse<string[]>(clean, {
    delimiter: delimiter ?? "",
    delimitersToGuess: [...candidateDelimiters],
    skipEmptyLines: false,
  });
  const records: CsvRecord[] = [];
  let line = 1;
  for (const cells of result.data) {
    const isEmpty = cells.length === 0 || (cells.length === 1 && (cells[0] ?? "").trim() === "");
    if (!isEmpty) records.push({ line, cells });
    let breaks = 0;
    for (const cell of cells) breaks += (cell.match(/\r\n|\r|\n/g) ?? []).length;
    line += 1 + breaks;
  }
  return { delimiter: result.meta.delimiter || ",", records };
}

export const dateFormats = [
  "YYYY-MM-DD",
  "DD-MM-YYYY",
  "DD/MM/YYYY",
  "DD.MM.YYYY",
  "MM/DD/YYYY",
  "YYYY/MM/DD",
  "YYYYMMDD",
] as const;
export type DateFormat = (typeof dateFormats)[number];

export const decimalSeparators = ["dot", "comma"] as const;
export type DecimalSeparator = (typeof decimalSeparators)[number];

/** Where an entry's kind comes from: the amount's sign (negative = expense), a column, or one kind for all. */
export const kindSources = ["sign", "column", "default"] as const;
export type KindSource = (typeof kindSources)[number];

const columnIndex = z.number().int().min(0).max(500);

export const importSetupSchema = z.object({
  /** Column indexes (0-based) of the fields. */
  columns: z.object({
    date: columnIndex,
    amount: columnIndex,
    kind: columnIndex.nullish(),
    category: columnIndex.nullish(),
    merchant: columnIndex.nullish(),
    notes: columnIndex.nullish(),
  }),
  hasHeader: z.boolean(),
  dateFormat: z.enum(dateFormats),
  decimal: z.enum(decimalSeparators),
  kindFrom: z.enum(kindSources),
  defaultKind: z.enum(["income", "expense"]),
  /** The category of rows without one (created when missing); empty: such rows are bad. */
  defaultCategory: z.string().trim().max(60).nullish(),
});
export type ImportSetup = z.infer<typeof importSetupSchema>;

export type ImportRow = {
  line: number;
  kind: "income" | "expense";
  amountCents: number;
  occurredOn: string;
  category: string;
  merchant: string | null;
  notes: string | null;
};

export type BadRow = { line: number; errors: ValidationKey[] };

const pad = (value: string) => value.padStart(2, "0");

/**
 * A date in a format as YYYY-MM-DD, or null when it is not a real calendar date. The calendar
 * only: whether Hearth takes the date (`isDateInRange`) is the row's check, so an out-of-range
 * year reads as "outside 1900–2099", not as a typing error.
 */
export function parseDate(input: string, format: DateFormat): string | null {
  const text = input.trim();
  let match: RegExpExecArray | null;
  let year: string | undefined;
  let month: string | undefined;
  let day: string | undefined;
  switch (format) {
    case "YYYY-MM-DD":
    case "YYYY/MM/DD": {
      const separator = format === "YYYY-MM-DD" ? "-" : "/";
      match = new RegExp(`^(\\d{4})\\${separator}(\\d{1,2})\\${separator}(\\d{1,2})$`).exec(text);
      [, year, month, day] = match ?? [];
      break;
    }
    case "DD-MM-YYYY":
    case "DD/MM/YYYY":
    case "DD.MM.YYYY": {
      const separator = format.charAt(2);
      match = new RegExp(`^(\\d{1,2})\\${separator}(\\d{1,2})\\${separator}(\\d{4})$`).exec(text);
      [, day, month, year] = match ?? [];
      break;
    }
    case "MM/DD/YYYY":
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      [, month, day, year] = match ?? [];
      break;
    case "YYYYMMDD":
      match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
      [, year, month, day] = match ?? [];
      break;
  }
  if (!year || !month || !day) return null;
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * A written number taken apart, with the given decimal separator: its sign and its whole and
 * fraction digits (grouping removed). Reads "1.234,56" / "1,234.56", "-12,50", "12,50-",
 * "(12.50)" (negative), "+3", ",99", and spaces, a currency sign (€ $ £) or a three-letter
 * currency code before or after ("€ 12,50", "USD 182.50", "182.50 USD"). Null when it is not a
 * number. The amounts of the transactions import and the units and prices of the trades import
 * are both read here, so a bank's or broker's way of writing numbers is learnt once.
 */
export function readNumber(
  input: string,
  decimal: DecimalSeparator,
): { negative: boolean; whole: string; fraction: string | undefined } | null {
  let text = input
    .replace(/[\s\u00a0\u202f']/g, "")
    .replace(/^[A-Z]{3}(?=[\d.,(+\-−€$£])|(?<=[\d.,)\-€$£])[A-Z]{3}$/i, "")
    .replace(/[€$£]/g, "");
  let negative = false;
  const parenthesised = /^\((.*)\)$/.exec(text);
  if (parenthesised) {
    negative = true;
    text = parenthesised[1] ?? "";
  }
  if (text.startsWith("-") || text.startsWith("−")) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.endsWith("-")) {
    negative = !negative;
    text = text.slice(0, -1);
  } else if (text.startsWith("+")) {
    text = text.slice(1);
  }
  const point = decimal === "comma" ? "," : ".";
  const group = decimal === "comma" ? "." : ",";
  const [whole = "", fraction, ...rest] = text.split(point);
  if (rest.length > 0) return null;
  let digits: string;
  if (/^\d+$/.test(whole)) digits = whole;
  else if (new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(whole))
    digits = whole.split(group).join("");
  else if (whole === "" && fraction !== undefined) digits = "0";
  else return null;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return null;
  return { negative, whole: digits, fraction };
}

/**
 * An amount as signed cents, as `readNumber` reads it. Null when it is not an amount or has
 * more than two decimals that are not zeros.
 */
export function parseAmount(input: string, decimal: DecimalSeparator): number | null {
  const read = readNumber(input, decimal);
  if (!read) return null;
  const decimals = read.fraction ?? "";
  if (decimals.length > 2 && !/^0+$/.test(decimals.slice(2))) return null;
  const digits = read.whole.replace(/^0+(?=\d)/, "");
  if (digits.length > 13) return null;
  const cents = Number(digits) * 100 + Number(decimals.slice(0, 2).padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return null;
  return read.negative ? -cents : cents;
}

/** Cents as an unsigned-or-signed plain number with the separator: 123456 -> "1234.56" / "1234,56". */
export function formatAmount(
  cents: number,
  decimal: DecimalSeparator,
  options: { grouping?: boolean } = {},
): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  let whole = String(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, "0");
  if (options.grouping) {
    const group = decimal === "comma" ? "." : ",";
    whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  }
  return `${negative ? "-" : ""}${whole}${decimal === "comma" ? "," : "."}${fraction}`;
}

const incomeWords = new Set([
  "income",
  "inkomsten",
  "inkomen",
  "in",
  "credit",
  "cr",
  "bij",
  "+",
  "c",
]);
const expenseWords = new Set([
  "expense",
  "expenses",
  "uitgave",
  "uitgaven",
  "out",
  "debit",
  "dr",
  "af",
  "-",
  "d",
]);

/** A kind cell ("income", "uitgave", "Af", "Credit", ...) as a kind, or null. */
export function parseKind(input: string): "income" | "expense" | null {
  const word = input.trim().toLowerCase();
  if (incomeWords.has(word)) return "income";
  if (expenseWords.has(word)) return "expense";
  return null;
}

const cell = (cells: string[], index: number | null | undefined): string =>
  index === null || index === undefined ? "" : (cells[index] ?? "").trim();

/** Each record as an entry, or the reasons it cannot be one (validation keys). */
export function mapImportRows(
  records: readonly CsvRecord[],
  setup: ImportSetup,
): { good: ImportRow[]; bad: BadRow[] } {
  const good: ImportRow[] = [];
  const bad: BadRow[] = [];
  const body = setup.hasHeader ? records.slice(1) : records;
  const { columns } = setup;
  for (const { line, cells } of body) {
    const errors: ValidationKey[] = [];
    const dateText = cell(cells, columns.date);
    const occurredOn = dateText === "" ? null : parseDate(dateText, setup.dateFormat);
    if (dateText === "") errors.push("dateRequired");
    else if (!occurredOn) errors.push("dateInvalid");
    else if (!isDateInRange(occurredOn)) errors.push("dateOutOfRange");

    const amountText = cell(cells, columns.amount);
    const signed = amountText === "" ? null : parseAmount(amountText, setup.decimal);
    if (amountText === "") errors.push("amountRequired");
    else if (signed === null || Math.abs(signed) > maxAmountCents) errors.push("amountInvalid");
    else if (signed === 0) errors.push("amountPositive");

    let kind: "income" | "expense" | null = setup.defaultKind;
    if (setup.kindFrom === "sign" && signed !== null) kind = signed < 0 ? "expense" : "income";
    if (setup.kindFrom === "column") {
      kind = parseKind(cell(cells, columns.kind));
      if (!kind) errors.push("invalid");
    }

    const category = cell(cells, columns.category) || (setup.defaultCategory ?? "").trim();
    if (category === "") errors.push("categoryRequired");
    else if (category.length > 60) errors.push("nameTooLong");
    const merchant = cell(cells, columns.merchant);
    const notes = cell(cells, columns.notes);
    if (merchant.length > 200 || notes.length > 2000) errors.push("textTooLong");

    if (errors.length > 0 || !occurredOn || signed === null || !kind) {
      bad.push({ line, errors: errors.length > 0 ? errors : ["invalid"] });
      continue;
    }
    good.push({
      line,
      kind,
      amountCents: Math.abs(signed),
      occurredOn,
      category,
      merchant: merchant || null,
      notes: notes || null,
    });
  }
  return { good, bad };
}

/**
 * The keys that make an import idempotent: the row's normalised fields and its place among
 * identical rows of the same file ("#0", "#1", ...), so two equal rows are both imported but
 * the same file again adds nothing. The server hashes them.
 */
export function importKeys(rows: readonly ImportRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const key = [
      row.occurredOn,
      row.kind,
      row.amountCents,
      row.category.toLowerCase(),
      row.merchant ?? "",
      row.notes ?? "",
    ].join("|");
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return `${key}#${n}`;
  });
}

const headerNames: Record<keyof ImportSetup["columns"], string[]> = {
  date: ["date", "datum", "boekdatum", "transactiedatum", "booking date", "day"],
  amount: ["amount", "bedrag", "bedrag (eur)", "value", "sum", "total", "waarde"],
  kind: ["type", "kind", "soort", "af bij", "af/bij", "debit/credit", "transactietype"],
  category: ["category", "categorie", "rubriek"],
  merchant: [
    "merchant",
    "description",
    "payee",
    "omschrijving",
    "naam",
    "naam / omschrijving",
    "tegenpartij",
    "winkel",
    "name",
  ],
  notes: ["notes", "note", "memo", "notities", "mededelingen", "opmerking", "opmerkingen"],
};

/** A first guess of the setup from the file's first rows, for the preview to start from. */
export function guessImportSetup(records: readonly CsvRecord[], language: Language): ImportSetup {
  const first = records[0]?.cells.map((c) => c.trim().toLowerCase()) ?? [];
  const find = (names: string[]) => {
    const index = first.findIndex((name) => names.includes(name));
    return index >= 0 ? index : null;
  };
  const found = {
    date: find(headerNames.date),
    amount: find(headerNames.amount),
    kind: find(headerNames.kind),
    category: find(headerNames.category),
    merchant: find(headerNames.merchant),
    notes: find(headerNames.notes),
  };
  const hasHeader =
    Object.values(found).some((index) => index !== null) ||
    (first.length > 0 && first.every((c) => !/\d/.test(c)));
  const sample = (hasHeader ? records.slice(1) : records).slice(0, 50);
  const width = Math.max(0, ...sample.map((r) => r.cells.length));
  const column = (index: number) => sample.map((r) => (r.cells[index] ?? "").trim());
  const formatsFor = (index: number) =>
    dateFormats.filter((format) => {
      const values = column(index).filter((v) => v !== "");
      return values.length > 0 && values.every((v) => parseDate(v, format) !== null);
    });
  // The date column: the named one, or the first whose cells are all dates in some format.
  let date = found.date;
  if (date === null) {
    for (let i = 0; i < width && date === null; i++) if (formatsFor(i).length > 0) date = i;
  }
  const preferred: DateFormat[] =
    language === "nl" ? ["DD-MM-YYYY", "YYYY-MM-DD"] : ["YYYY-MM-DD", "DD/MM/YYYY"];
  // The format that reads the most of the date column's cells, so one malformed row does not
  // throw the guess back to the language's default; ties go to the language's order.
  const dateValues = date === null ? [] : column(date).filter((v) => v !== "");
  const ranked: DateFormat[] = [
    ...preferred,
    ...dateFormats.filter((format) => !preferred.includes(format)),
  ];
  let dateFormat: DateFormat = preferred[0] ?? "YYYY-MM-DD";
  let mostParsed = 0;
  for (const format of ranked) {
    const parsed = dateValues.filter((v) => parseDate(v, format) !== null).length;
    if (parsed > mostParsed) {
      dateFormat = format;
      mostParsed = parsed;
    }
  }
  const languageDecimal: DecimalSeparator = language === "nl" ? "comma" : "dot";
  const decimalsFor = (index: number) =>
    decimalSeparators.filter((separator) => {
      const values = column(index).filter((v) => v !== "");
      return values.length > 0 && values.every((v) => parseAmount(v, separator) !== null);
    });
  let amount = found.amount;
  if (amount === null) {
    for (let i = 0; i < width && amount === null; i++)
      if (i !== date && decimalsFor(i).length > 0) amount = i;
  }
  let decimal = languageDecimal;
  if (amount !== null) {
    const values = column(amount);
    const comma = values.some((v) => /,\d{1,2}\)?-?$/.test(v));
    const dot = values.some((v) => /\.\d{1,2}\)?-?$/.test(v));
    if (comma && !dot) decimal = "comma";
    else if (dot && !comma) decimal = "dot";
  }
  const signedAmounts =
    amount !== null && column(amount).some((v) => (parseAmount(v, decimal) ?? 0) < 0);
  const kindFrom: KindSource = found.kind !== null ? "column" : signedAmounts ? "sign" : "default";
  return {
    columns: {
      date: date ?? 0,
      amount: amount ?? 1,
      kind: found.kind,
      category: found.category,
      merchant: found.merchant,
      notes: found.notes,
    },
    hasHeader,
    dateFormat,
    decimal,
    kindFrom,
    defaultKind: "expense",
    defaultCategory:
      found.category === null ? (language === "nl" ? "Geïmporteerd" : "Imported") : null,
  };
}
