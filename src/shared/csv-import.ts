import Papa from "papaparse";
import { z } from "zod";
import { isDateInRange, isIsoDate } from "./dates.ts";
import type { Language } from "./i18n.ts";
import { maxAmountCents } from "./schemas/transactions.schema.ts";
import { describeBankText } from "./statement-files/descriptions.ts";
import { rowsPerStep, runSteps, type Steps } from "./steps.ts";
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

/** How a file's bytes were read: banks write UTF-8 (with or without a BOM) or Windows-1252. */
export type CsvEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

/**
 * A file's bytes as text: UTF-16 when it starts with a UTF-16 BOM, UTF-8 when the bytes are
 * valid UTF-8 (a BOM is dropped), else Windows-1252, which reads ISO-8859-1's letters the same
 * ("Café Müller" stays "Café Müller"). TextDecoder, so it runs in browsers and in Node.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder("utf-16le").decode(bytes), encoding: "utf-16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder("utf-16be").decode(bytes), encoding: "utf-16be" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    // Node's decoder reads 0x80–0x9F as ISO-8859-1's control characters; browsers as below.
    const text = new TextDecoder("windows-1252")
      .decode(bytes)
      .replace(/[\u0080-\u009f]/g, (c) => windows1252High.charAt(c.charCodeAt(0) - 0x80) || c);
    return { text, encoding: "windows-1252" };
  }
}

/** Windows-1252's characters for the bytes 0x80–0x9F (the five unassigned ones kept). */
const windows1252High =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

const candidateDelimiters = [";", ",", "\t", "|"] as const;

/**
 * The delimiter most lines of the file's start agree on (the same count, outside quotes), so a
 * bank's title line ("KNAB EXPORT") or a line of totals does not decide it; ties go to the
 * delimiter used more often per line.
 */
function guessDelimiter(text: string): string | undefined {
  const lines = text
    .split(/\r\n|\r|\n/, 200)
    .filter((line) => line.trim() !== "")
    .slice(0, 40)
    .map((line) => line.replace(/"[^"]*"/g, ""));
  let best: string | undefined;
  let bestScore = 0;
  for (const candidate of candidateDelimiters) {
    const byCount = new Map<number, number>();
    for (const line of lines) {
      const count = line.split(candidate).length - 1;
      if (count > 0) byCount.set(count, (byCount.get(count) ?? 0) + 1);
    }
    for (const [count, times] of byCount) {
      const score = times * 1000 + Math.min(count, 999);
      if (score > bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
  }
  return best;
}

/**
 * Reads CSV text: the BOM stripped, the delimiter detected (the one most of the first lines use
 * as often) unless given, empty lines left out.
 */
export function parseCsv(text: string, options: { delimiter?: string } = {}): ParsedCsv {
  return runSteps(parseCsvSteps(text, options));
}

/** A large file is read this many characters at a time (`parseCsvSteps`). */
const csvChunkCharacters = 128 * 1024;

/** `parseCsv` in steps: one step per `csvChunkCharacters` of text. */
export function* parseCsvSteps(
  text: string,
  options: { delimiter?: string } = {},
): Steps<ParsedCsv> {
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = options.delimiter ?? guessDelimiter(clean);
  const records: CsvRecord[] = [];
  let line = 1;
  let found = "";
  let parser: Papa.Parser | undefined;
  let done = false;
  // Papa Parse hands a string over chunk by chunk and carries a row that spans two chunks; each
  // chunk pauses it until the next step resumes it.
  Papa.parse<string[]>(clean, {
    delimiter: delimiter ?? "",
    delimitersToGuess: [...candidateDelimiters],
    skipEmptyLines: false,
    chunkSize: csvChunkCharacters,
    chunk(result: Papa.ParseResult<string[]>, chunkParser: Papa.Parser) {
      found ||= result.meta.delimiter;
      for (const cells of result.data) {
        const isEmpty = cells.every((cell) => cell.trim() === "");
        if (!isEmpty) records.push({ line, cells });
        let breaks = 0;
        for (const cell of cells) breaks += (cell.match(/\r\n|\r|\n/g) ?? []).length;
        line += 1 + breaks;
      }
      parser = chunkParser;
      chunkParser.pause();
    },
    complete() {
      done = true;
    },
  });
  while (!done && parser) {
    yield;
    parser.resume();
  }
  return { delimiter: found || ",", records };
}

export const dateFormats = [
  "YYYY-MM-DD",
  "DD-MM-YYYY",
  "DD/MM/YYYY",
  "DD.MM.YYYY",
  "MM/DD/YYYY",
  "YYYY/MM/DD",
  "YYYYMMDD",
  "YYYY.MM.DD",
  "MM-DD-YYYY",
  "DD-MM-YY",
  "DD/MM/YY",
  "DD.MM.YY",
  "MM/DD/YY",
  "D MMM YYYY",
  "MMM D, YYYY",
] as const;
export type DateFormat = (typeof dateFormats)[number];

/** Formats that read the same text with day and month swapped: the file must tell them apart. */
export const dateOrderTwins: Partial<Record<DateFormat, DateFormat>> = {
  "DD/MM/YYYY": "MM/DD/YYYY",
  "MM/DD/YYYY": "DD/MM/YYYY",
  "DD-MM-YYYY": "MM-DD-YYYY",
  "MM-DD-YYYY": "DD-MM-YYYY",
  "DD/MM/YY": "MM/DD/YY",
  "MM/DD/YY": "DD/MM/YY",
};

export const decimalSeparators = ["dot", "comma"] as const;
export type DecimalSeparator = (typeof decimalSeparators)[number];

/**
 * Where an entry's kind comes from: the amount's sign (negative = expense), a column of words
 * (Af/Bij, D/C, S/H, ...), two amount columns (money out in `amount`, money in in `credit`), or
 * one kind for all.
 */
export const kindSources = ["sign", "column", "split", "default"] as const;
export type KindSource = (typeof kindSources)[number];

const columnIndex = z.number().int().min(0).max(500);

export const importSetupSchema = z.object({
  /** Column indexes (0-based) of the fields. */
  columns: z.object({
    date: columnIndex,
    /** The amount; with `kindFrom: "split"` the money going out. */
    amount: columnIndex,
    /** With `kindFrom: "split"`: the money coming in. */
    credit: columnIndex.nullish(),
    kind: columnIndex.nullish(),
    category: columnIndex.nullish(),
    merchant: columnIndex.nullish(),
    /**
     * Who paid, where the bank writes it in a column of its own (DKB's Zahlungspflichtige*r,
     * Wise's Payer Name): the counterparty of money coming in, `merchant` that of money out.
     */
    payer: columnIndex.nullish(),
    notes: columnIndex.nullish(),
    /** The row's currency: a row in another currency than the euro is refused. */
    currency: columnIndex.nullish(),
    /**
     * The bank's own reference of the row (Rabobank's Volgnr, Knab's Referentie, an OFX FITID):
     * when a row has one, it is the row's identity for duplicates (`importKeys`).
     */
    reference: columnIndex.nullish(),
    /**
     * What the reference is numbered within, where the bank starts its transaction numbers again
     * in every statement (Belfius's Rekeninguittrekselnummer for its Transactienummer): its cell
     * goes before the reference's ("12/3", `rowReference`), so the same transaction number in
     * another statement is another row. Ignored without a reference column. Setups saved before
     * it have none.
     */
    referenceGroup: columnIndex.nullish(),
  }),
  hasHeader: z.boolean(),
  dateFormat: z.enum(dateFormats),
  decimal: z.enum(decimalSeparators),
  kindFrom: z.enum(kindSources),
  defaultKind: z.enum(["income", "expense"]),
  /**
   * With `kindFrom: "column"`: the value of the kind column that means money out (any other
   * value is money in). None: the bank's words are read (Af/Bij, Debet/Credit, S/H, ...).
   */
  outValue: z.string().trim().max(60).nullish(),
  /** Money out is written positive (credit cards): every row's kind is turned round. */
  flipSign: z.boolean().nullish(),
  /** Records before the table (a bank's title lines), not counting the header. */
  skipTop: z.number().int().min(0).max(1000).nullish(),
  /** Records after the table (totals, closing balance). */
  skipBottom: z.number().int().min(0).max(1000).nullish(),
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
  /**
   * The bank's own reference of the row, when the setup maps one and the row has it (after its
   * statement number, when the setup maps that too: `rowReference`).
   */
  reference: string | null;
};

export type BadRow = { line: number; errors: ValidationKey[] };

const pad = (value: string) => value.padStart(2, "0");

/** Text without accents, lower case, spaces collapsed: "Währung " -> "wahrung". */
export const normaliseWord = (value: string): string =>
  value.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase().replace(/\s+/g, " ");

const monthNames: [number, string[]][] = [
  [1, ["jan", "january", "januari", "januar", "janner", "jaen", "jaenner"]],
  [2, ["feb", "february", "februari", "februar", "febr"]],
  [3, ["mar", "mrt", "march", "maart", "marz", "maerz", "mae", "maer"]],
  [4, ["apr", "april"]],
  [5, ["may", "mei", "mai"]],
  [6, ["jun", "june", "juni"]],
  [7, ["jul", "july", "juli"]],
  [8, ["aug", "august", "augustus"]],
  [9, ["sep", "sept", "september"]],
  [10, ["oct", "okt", "october", "oktober"]],
  [11, ["nov", "november"]],
  [12, ["dec", "dez", "december", "dezember"]],
];
const monthByName = new Map(monthNames.flatMap(([n, names]) => names.map((name) => [name, n])));

/** A month's name in English, Dutch or German (long or short, with or without a dot) as 1–12. */
export function monthNumber(name: string): number | undefined {
  return monthByName.get(normaliseWord(name).replace(/\.$/, ""));
}

type DateOrder = "ymd" | "dmy" | "mdy";
const numericDates: Partial<Record<DateFormat, { pattern: RegExp; order: DateOrder }>> = {
  "YYYY-MM-DD": { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: "ymd" },
  "YYYY/MM/DD": { pattern: /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, order: "ymd" },
  "YYYY.MM.DD": { pattern: /^(\d{4})\.(\d{1,2})\.(\d{1,2})$/, order: "ymd" },
  YYYYMMDD: { pattern: /^(\d{4})(\d{2})(\d{2})$/, order: "ymd" },
  "DD-MM-YYYY": { pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: "dmy" },
  "DD/MM/YYYY": { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: "dmy" },
  "DD.MM.YYYY": { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: "dmy" },
  "MM/DD/YYYY": { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: "mdy" },
  "MM-DD-YYYY": { pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: "mdy" },
  "DD-MM-YY": { pattern: /^(\d{1,2})-(\d{1,2})-(\d{2})$/, order: "dmy" },
  "DD/MM/YY": { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/, order: "dmy" },
  "DD.MM.YY": { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{2})$/, order: "dmy" },
  "MM/DD/YY": { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/, order: "mdy" },
};

/** A time after the date ("2025-01-31 14:02:11", "31.01.2025T09:00Z", "1/31/2025, 2:05 PM"). */
const timePart =
  /(?:[ T]+|,\s*)\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:\s?[ap]\.?m\.?)?(?:\s?(?:z|utc|gmt|[+-]\d{2}:?\d{2}))?$/i;

/** Two-digit years: 00–69 are 2000–2069, 70–99 are 1970–1999 (as POSIX reads them). */
const fullYear = (year: string) =>
  year.length === 2 ? String(Number(year) < 70 ? 2000 + Number(year) : 1900 + Number(year)) : year;

/**
 * A date in a format as YYYY-MM-DD, or null when it is not a real calendar date. A time after
 * the date is left out. The calendar only: whether Hearth takes the date (`isDateInRange`) is
 * the row's check, so an out-of-range year reads as "outside 1900–2099", not as a typing error.
 */
export function parseDate(input: string, format: DateFormat): string | null {
  const trimmed = input.trim();
  // A time has a colon: a date without one is read as it is (most rows of most files).
  const text = trimmed.includes(":") ? trimmed.replace(timePart, "") : trimmed;
  let year: string | undefined;
  let month: string | undefined;
  let day: string | undefined;
  const numeric = numericDates[format];
  if (numeric) {
    const match = numeric.pattern.exec(text);
    if (!match) return null;
    const [, a, b, c] = match;
    if (numeric.order === "ymd") [year, month, day] = [a, b, c];
    else if (numeric.order === "dmy") [day, month, year] = [a, b, c];
    else [month, day, year] = [a, b, c];
  } else if (format === "D MMM YYYY") {
    const match = /^(\d{1,2})\.?[\s\-./]*(\p{L}{3,}\.?)[\s\-./,]*(\d{4}|\d{2})$/u.exec(text);
    if (!match) return null;
    const number = monthNumber(match[2] ?? "");
    [day, month, year] = [match[1], number ? String(number) : undefined, match[3]];
  } else {
    const match =
      /^(\p{L}{3,}\.?)[\s\-./]*(\d{1,2})(?:st|nd|rd|th)?,?[\s\-./]*(\d{4}|\d{2})$/u.exec(text);
    if (!match) return null;
    const number = monthNumber(match[1] ?? "");
    [month, day, year] = [number ? String(number) : undefined, match[2], match[3]];
  }
  if (!year || !month || !day) return null;
  const iso = `${fullYear(year)}-${pad(month)}-${pad(day)}`;
  return isIsoDate(iso) ? iso : null;
}

/** A number with no more than a sign, digits and the decimal separator. */
const plainDot = /^([-+]?)(\d+)(?:\.(\d+))?$/;
const plainComma = /^([-+]?)(\d+)(?:,(\d+))?$/;

/**
 * A written number taken apart, with the given decimal separator: its sign and its whole and
 * fraction digits (grouping removed). Reads "1.234,56" / "1,234.56", "-12,50", "12,50-",
 * "(12.50)" (negative), "12.50 DR" (negative) / "12.50 CR", "+3", ",99", and spaces, a currency sign (€ $ £) or a three-letter
 * currency code before or after ("€ 12,50", "USD 182.50", "182.50 USD"). Null when it is not a
 * number. The amounts of the transactions import and the units and prices of the trades import
 * are both read here, so a bank's or broker's way of writing numbers is learnt once.
 */
export function readNumber(
  input: string,
  decimal: DecimalSeparator,
): { negative: boolean; whole: string; fraction: string | undefined } | null {
  // Most cells are plain ("-12.50", "1234,56"): read at once, as the steps below read them.
  const plain = (decimal === "comma" ? plainComma : plainDot).exec(input);
  if (plain) return { negative: plain[1] === "-", whole: plain[2] ?? "", fraction: plain[3] };
  let text = input
    .replace(/[\s\u00a0\u202f']/g, "")
    .replace(/^[A-Z]{3}(?=[\d.,(+\-−€$£])|(?<=[\d.,)\-€$£])[A-Z]{3}$/i, "")
    .replace(/[€$£]/g, "");
  let negative = false;
  // A bank's own mark after the amount: "12.50 DR" is money out, "12.50 CR" money in.
  const marked = /^(.*\d)(cr|dr)$/i.exec(text);
  if (marked) {
    negative = (marked[2] ?? "").toLowerCase() === "dr";
    text = marked[1] ?? "";
  }
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

const plainNumber = /^[-+]?[\d.,]*$/;

const currencySigns: [string, string][] = [
  ["€", "EUR"],
  ["$", "USD"],
  ["£", "GBP"],
];

/**
 * The currency a cell names: a three-letter code ("EUR", "usd"), a sign (€ $ £), or a code or
 * sign before or after an amount ("$12.50", "12,50 EUR"). Null when it names none.
 */
export function cellCurrency(input: string): string | null {
  // Digits, signs and separators name no currency (most amount cells).
  if (plainNumber.test(input)) return null;
  const text = input.replace(/[\s\u00a0\u202f]/g, "");
  if (/^[A-Za-z]{3}$/.test(text)) return text.toUpperCase();
  const code = /^([A-Za-z]{3})(?=[\d.,(+\-−€$£])|(?<=[\d.,)\-€$£])([A-Za-z]{3})$/.exec(text);
  if (code) return (code[1] ?? code[2] ?? "").toUpperCase();
  for (const [sign, name] of currencySigns) if (text.includes(sign)) return name;
  return null;
}

const incomeWords = new Set([
  "income",
  "inkomsten",
  "inkomen",
  "in",
  "credit",
  "cr",
  "crdt",
  "bij",
  "+",
  "c",
  "h",
  "haben",
  "eingang",
  "gutschrift",
  "money in",
  "paid in",
]);
const expenseWords = new Set([
  "expense",
  "expenses",
  "uitgave",
  "uitgaven",
  "out",
  "debit",
  "debet",
  "dr",
  "dbit",
  "af",
  "-",
  "d",
  "s",
  "soll",
  "ausgang",
  "lastschrift",
  "money out",
  "paid out",
]);

/**
 * A kind cell as a kind, or null: the words banks write for money in and out, in English,
 * Dutch and German (income/expense, Bij/Af, Credit/Debet, C/D, CR/DR, H/S, Haben/Soll,
 * Eingang/Ausgang, Gutschrift/Lastschrift, ...).
 */
export function parseKind(input: string): "income" | "expense" | null {
  const word = normaliseWord(input).replace(/\.$/, "");
  if (incomeWords.has(word)) return "income";
  if (expenseWords.has(word)) return "expense";
  return null;
}

const cell = (cells: string[], index: number | null | undefined): string =>
  index === null || index === undefined ? "" : (cells[index] ?? "").trim();

/** A text cell as kept: a bank's own single quotes around it ('Omschrijving') left out. */
const textCell = (cells: string[], index: number | null | undefined): string => {
  const text = cell(cells, index);
  return /^'.*'$/s.test(text) && text.length >= 2 ? text.slice(1, -1).trim() : text;
};

/**
 * A row's reference for duplicates: the reference column's cell, with the group column's cell
 * (a statement number) and "/" before it when both have one; none without a reference. A "/" or
 * "\" in the group gets a "\" before it, so the first bare "/" always ends the group: statement
 * "1/2" with transaction "3" ("1\/2/3") is not statement "1" with transaction "2/3" ("1/2/3").
 */
function rowReference(cells: string[], columns: ImportSetup["columns"]): string {
  const reference = textCell(cells, columns.reference);
  if (reference === "") return "";
  const group = textCell(cells, columns.referenceGroup);
  return group === "" ? reference : `${group.replace(/[\\/]/g, "\\$&")}/${reference}`;
}

/** The records of the table: after the lines before it and the header, before those after it. */
export function tableRows(
  records: readonly CsvRecord[],
  setup: Pick<ImportSetup, "hasHeader" | "skipTop" | "skipBottom">,
): CsvRecord[] {
  const start = (setup.skipTop ?? 0) + (setup.hasHeader ? 1 : 0);
  const end = records.length - (setup.skipBottom ?? 0);
  return records.slice(start, Math.max(start, end));
}

/** The header row, when the file has one. */
export function headerRow(
  records: readonly CsvRecord[],
  setup: Pick<ImportSetup, "hasHeader" | "skipTop">,
): string[] | undefined {
  return setup.hasHeader ? records[setup.skipTop ?? 0]?.cells : undefined;
}

/** The household's categories by lower-case name: the kinds a name already has. */
export type CategoryKinds = ReadonlyMap<string, ReadonlySet<"income" | "expense">>;

/**
 * Each record of the table as an entry, or the reasons it cannot be one (validation keys).
 * Never silently wrong: a row in another currency than the euro (by the currency column, the
 * amount's cell or the amount's header, "Amount (GBP)") is refused, and a row whose
 * kind (from the sign, a kind column or two amount columns) disagrees with its category's kind
 * (the household's category of that name, or for a new name the kind most of the file's rows
 * of that category have) is flagged, not turned into a look-alike category of the other kind.
 */
export function mapImportRows(
  records: readonly CsvRecord[],
  setup: ImportSetup,
  context: { categoryKinds?: CategoryKinds } = {},
): { good: ImportRow[]; bad: BadRow[] } {
  return runSteps(mapImportRowSteps(records, setup, context));
}

/** `mapImportRows` in steps of `rowsPerStep` rows. */
export function* mapImportRowSteps(
  records: readonly CsvRecord[],
  setup: ImportSetup,
  context: { categoryKinds?: CategoryKinds } = {},
): Steps<{ good: ImportRow[]; bad: BadRow[] }> {
  const good: ImportRow[] = [];
  const bad: BadRow[] = [];
  const { columns } = setup;
  const outValue = setup.outValue ? normaliseWord(setup.outValue) : null;
  // The currency the amount's header names ("Bedrag (EUR)", "Amount (GBP)", "Betrag (€)").
  const amountHeader = headerRow(records, setup)?.[columns.amount] ?? "";
  const headerCurrency = cellCurrency(
    /\(\s*([A-Za-z]{3}|[€$£])\s*\)/.exec(amountHeader)?.[1] ?? "",
  );
  /** Whether each good row's category came from the file's category column (by its place). */
  const named: boolean[] = [];
  let step = 0;
  for (const { line, cells } of tableRows(records, setup)) {
    if (++step % rowsPerStep === 0) yield;
    const errors: ValidationKey[] = [];
    const dateText = cell(cells, columns.date);
    const occurredOn = dateText === "" ? null : parseDate(dateText, setup.dateFormat);
    if (dateText === "") errors.push("dateRequired");
    else if (!occurredOn) errors.push("dateInvalid");
    else if (!isDateInRange(occurredOn)) errors.push("dateOutOfRange");

    let signed: number | null = null;
    let kind: "income" | "expense" | null = setup.defaultKind;
    let amountText = cell(cells, columns.amount);
    if (setup.kindFrom === "split") {
      const creditText = cell(cells, columns.credit);
      const out = amountText === "" ? 0 : parseAmount(amountText, setup.decimal);
      const into = creditText === "" ? 0 : parseAmount(creditText, setup.decimal);
      if (amountText === "" && creditText === "") errors.push("amountRequired");
      else if (
        out === null ||
        into === null ||
        (out !== 0 && into !== 0) ||
        Math.max(Math.abs(out), Math.abs(into)) > maxAmountCents
      )
        errors.push("amountInvalid");
      else if (out === 0 && into === 0) errors.push("amountPositive");
      else {
        signed = out !== 0 ? -Math.abs(out) : Math.abs(into);
        kind = out !== 0 ? "expense" : "income";
      }
      if (out === 0) amountText = creditText;
    } else {
      signed = amountText === "" ? null : parseAmount(amountText, setup.decimal);
      if (amountText === "") errors.push("amountRequired");
      else if (signed === null || Math.abs(signed) > maxAmountCents) errors.push("amountInvalid");
      else if (signed === 0) errors.push("amountPositive");
      if (setup.kindFrom === "sign" && signed !== null) kind = signed < 0 ? "expense" : "income";
      if (setup.kindFrom === "column") {
        const word = cell(cells, columns.kind);
        if (outValue !== null)
          kind = word === "" ? null : normaliseWord(word) === outValue ? "expense" : "income";
        else kind = parseKind(word);
        if (!kind) errors.push("invalid");
      }
    }
    if (setup.flipSign && kind && setup.kindFrom !== "default")
      kind = kind === "expense" ? "income" : "expense";

    const currency =
      cellCurrency(cell(cells, columns.currency)) ?? cellCurrency(amountText) ?? headerCurrency;
    if (currency !== null && currency !== "EUR") errors.push("currencyNotEuro");

    const fromColumn = cell(cells, columns.category);
    const category = fromColumn || (setup.defaultCategory ?? "").trim();
    if (category === "") errors.push("categoryRequired");
    else if (category.length > 60) errors.push("nameTooLong");
    let merchant = textCell(cells, columns.merchant);
    let notes = textCell(cells, columns.notes);
    // Money in from someone named in the payer's column: they are the counterparty.
    const payer = kind === "income" ? textCell(cells, columns.payer) : "";
    if (payer) merchant = payer;
    // No counterparty column (ABN AMRO's files): the counterparty inside the description.
    if (notes && (columns.merchant === null || columns.merchant === undefined)) {
      const described = describeBankText(notes);
      if (described?.counterparty) {
        merchant = described.counterparty;
        notes = described.description || notes;
      }
    }
    const reference = rowReference(cells, columns);
    if (merchant.length > 200 || notes.length > 2000 || reference.length > 200)
      errors.push("textTooLong");

    if (errors.length > 0 || !occurredOn || signed === null || !kind) {
      bad.push({ line, errors: errors.length > 0 ? errors : ["invalid"] });
      continue;
    }
    const row: ImportRow = {
      line,
      kind,
      amountCents: Math.abs(signed),
      occurredOn,
      category,
      merchant: merchant || null,
      notes: notes || null,
      reference: reference || null,
    };
    good.push(row);
    named.push(fromColumn !== "");
  }
  if (!named.includes(true)) return { good, bad };

  // The kind each named category is meant to have: the household's, else the file's majority.
  // Names are compared trimmed and in lower case, each name as written worked out once.
  const known = context.categoryKinds ?? new Map<string, ReadonlySet<"income" | "expense">>();
  const nameOf = new Map<string, string>();
  const name = (row: ImportRow) => {
    let lower = nameOf.get(row.category);
    if (lower === undefined) {
      lower = row.category.trim().toLowerCase();
      nameOf.set(row.category, lower);
    }
    return lower;
  };
  const counts = new Map<string, { income: number; expense: number }>();
  good.forEach((row, index) => {
    if (!named[index]) return;
    const lower = name(row);
    const count = counts.get(lower) ?? { income: 0, expense: 0 };
    count[row.kind] += 1;
    counts.set(lower, count);
  });
  const fits = (row: ImportRow) => {
    const kinds = known.get(name(row));
    if (kinds && kinds.size > 0) return kinds.has(row.kind);
    const count = counts.get(name(row)) ?? { income: 0, expense: 0 };
    const meant = count.income > count.expense ? "income" : "expense";
    return row.kind === meant;
  };
  const kept = good.filter((row, index) => !named[index] || fits(row));
  if (kept.length === good.length) return { good, bad };
  good.forEach((row, index) => {
    if (named[index] && !fits(row)) bad.push({ line: row.line, errors: ["importKindMismatch"] });
  });
  bad.sort((a, b) => a.line - b.line);
  return { good: kept, bad };
}

/**
 * The keys that make an import idempotent. A row with the bank's own reference (Rabobank's
 * Volgnr, Knab's Referentie, an OFX FITID, a CAMT entry reference) is known by it, with its date
 * and amount (two accounts' sequence numbers may meet; a reference, date and amount do not): the
 * same row in another download, another language or under another mapping of the other columns
 * is the same entry, and two rows alike in everything but their references are both kept. A row
 * without one is known by its normalised fields. Either way with its place among rows of the same
 * key in the file ("#0", "#1", ...), so two equal rows are both imported but the same file again
 * adds nothing. The server hashes them (`hash`: see `KeyNumbering`).
 */
export function importKeys(
  rows: readonly ImportRow[],
  hash: (key: string) => string = same,
): string[] {
  return numberedKeys(rows, hash, importKeyText);
}

/** A row's key as `importKeys` has it before its place among rows of the same key. */
export function importKeyText(row: ImportRow): string {
  return row.reference
    ? `ref|${row.reference}|${row.occurredOn}|${row.amountCents}`
    : `${row.occurredOn}|${row.kind}|${row.amountCents}|${row.category.toLowerCase()}|${row.merchant ?? ""}|${row.notes ?? ""}`;
}

const same = (key: string) => key;

/**
 * Keys with their place among the keys alike given before them ("#0", "#1", ...), passed
 * through `hash`. Keys are told apart by their first key (`…#0`) as hashed, so no key's text is
 * kept past its own row: 100,000 keys of a bank's long descriptions are some 30 MB of text,
 * their hashes a fifth of that. Rows alike in their key are alike in their date (both keys hold
 * it, or the cell it is read from), so rows numbered in the file's order and rows numbered by
 * date, the file's order kept within a day, get the same keys.
 */
export class KeyNumbering {
  private readonly seen = new Map<string, number>();
  constructor(private readonly hash: (key: string) => string) {}

  next(key: string): string {
    const first = this.hash(`${key}#0`);
    const n = this.seen.get(first);
    this.seen.set(first, (n ?? 0) + 1);
    return n === undefined ? first : this.hash(`${key}#${n}`);
  }

  /** Forgets the keys given so far: the next ones are numbered from "#0" again. */
  clear(): void {
    this.seen.clear();
  }
}

/** `KeyNumbering` of each row's key, in the rows' order. */
function numberedKeys<T>(
  rows: readonly T[],
  hash: (key: string) => string,
  keyOf: (row: T) => string,
): string[] {
  const numbering = new KeyNumbering(hash);
  return rows.map((row) => numbering.next(keyOf(row)));
}

/**
 * The keys of the rows as the file wrote them, whatever the mapping (decision 031): each good
 * row's cells, trimmed and without the empty ones at its end, with its place among identical
 * lines of the file. Importing the same file again with another column chosen, another date
 * format or another header setting finds the same keys. The server hashes them.
 */
export function importLineKeys(
  records: readonly CsvRecord[],
  rows: readonly Pick<ImportRow, "line">[],
  hash: (key: string) => string = same,
): string[] {
  const cellsOf = cellsByLine(records);
  return numberedKeys(rows, hash, (row) => importLineKeyText(cellsOf[row.line] ?? []));
}

/** Each record's cells by its line (an array: the lines are small whole numbers). */
export function cellsByLine(records: readonly CsvRecord[]): (readonly string[] | undefined)[] {
  const cellsOf: (readonly string[] | undefined)[] = [];
  for (const record of records) cellsOf[record.line] = record.cells;
  return cellsOf;
}

/**
 * A line's key as `importLineKeys` has it before its place among identical lines: the trimmed
 * cells up to the last that is not empty, one separator between each.
 */
export function importLineKeyText(cells: readonly string[]): string {
  let last = cells.length - 1;
  while (last >= 0 && (cells[last] ?? "").trim() === "") last--;
  let key = "line:";
  for (let index = 0; index <= last; index++)
    key += index === 0 ? (cells[index] ?? "").trim() : `\u001f${(cells[index] ?? "").trim()}`;
  return key;
}

/**
 * What a guess of the setup is not sure of. The preview says so: "amount", "kindValues" and
 * "sign" (mostly positive amounts, as credit cards write spending) must be confirmed before
 * importing (`mustConfirm`); the others are shown.
 */
export const importUncertainties = ["amount", "kindValues", "sign", "dateOrder", "kind"] as const;
export type ImportUncertainty = (typeof importUncertainties)[number];
export const mustConfirm: readonly ImportUncertainty[] = ["amount", "kindValues", "sign"];

export type ImportGuess = { setup: ImportSetup; uncertain: ImportUncertainty[] };

/** Header names (accents left out, lower case) by field, the likeliest first. */
const headerNames = {
  date: [
    "date",
    "datum",
    "boekdatum",
    "boekingsdatum",
    "transactiedatum",
    "transaction date",
    "booking date",
    "buchungstag",
    "buchungsdatum",
    "posting date",
    "posted date",
    "started date",
    "completed date",
    "trans. date",
    "day",
    "valutadatum",
    "wertstellung",
  ],
  amount: [
    "amount",
    "bedrag",
    "bedrag (eur)",
    "transactiebedrag",
    "betrag",
    "betrag (eur)",
    "umsatz",
    "umsatz (eur)",
    "amount (eur)",
    "transaction amount",
    "value",
    "sum",
    "total",
    "waarde",
  ],
  debit: [
    "debit",
    "debet",
    "debit amount",
    "money out",
    "paid out",
    "withdrawals",
    "withdrawal",
    "af",
    "bedrag af",
    "soll",
    "ausgang",
    "out",
  ],
  credit: [
    "credit",
    "credit amount",
    "money in",
    "paid in",
    "deposits",
    "deposit",
    "bij",
    "bedrag bij",
    "haben",
    "eingang",
    "in",
  ],
  kind: [
    "af bij",
    "af/bij",
    "debit/credit",
    "credit/debit",
    "creditdebet",
    "debetcredit",
    "debet/credit",
    "credit/debet",
    "d/c",
    "c/d",
    "cr/dr",
    "dr/cr",
    "soll/haben",
    "s/h",
    "type",
    "kind",
    "soort",
    "transactietype",
    "indicator",
  ],
  category: ["category", "categorie", "rubriek", "kategorie"],
  merchant: [
    "merchant",
    "payee",
    "counterparty",
    "naam tegenpartij",
    "tegenpartij",
    "tegenrekeninghouder",
    "naam tegenpartij bevat",
    "counter party",
    "naam / omschrijving",
    "name / description",
    "naam",
    "transaction description",
    "name",
    "empfanger/zahlungspflichtiger",
    "zahlungsempfanger*in",
    "beguenstigter/zahlungspflichtiger",
    "begunstigter/zahlungspflichtiger",
    "auftraggeber / begunstigter",
    "auftraggeber / beguenstigter",
    "auftraggeber/zahlungsempfanger",
    "zahlungsempfanger",
    "empfanger",
    "description",
    "omschrijving",
    "buchungstext",
    "winkel",
  ],
  payer: ["zahlungspflichtige*r", "zahlungspflichtiger", "payer name", "payer"],
  notes: [
    "notes",
    "note",
    "memo",
    "notities",
    "mededelingen",
    "notifications",
    "vrije mededeling",
    "mededeling",
    "payment reference",
    "opmerking",
    "opmerkingen",
    "omschrijving-1",
    "omschrijving",
    "verwendungszweck",
    "vorgang/verwendungszweck",
    "description",
  ],
  currency: [
    "currency",
    "munt",
    "valuta",
    "valutacode",
    "valuta mutatie",
    "wahrung",
    "waehrung",
    "devies",
    "currency code",
  ],
  reference: [
    "reference",
    "referentie",
    "transactiereferentie",
    "volgnr",
    "volgnummer",
    "transaction id",
    "transactie id",
    "transactie-id",
    "fitid",
    "transaction reference",
    "entry reference",
    "id",
    "transferwise id",
  ],
} satisfies Record<string, string[]>;
const allHeaderNames = new Set(Object.values(headerNames).flat());

/** Headers that never name the amount: balances, accounts, cards, references, rates. */
const notAmountHeader =
  /saldo|balance|kontostand|iban|rekening|account|konto|card|kaart|karte|bic|blz|referen|kenmerk|volgnr|nummer|number|\bno\b|\bnr\b|\bid\b|koers|kurs|rate|oorspr|original|ursprung|datum|date/;
/** The first cell of a line of totals or balances under (or over) the table. */
const totalsLine =
  /^(totaal|totalen|total|totals|summe|gesamt|saldo|eindsaldo|beginsaldo|startsaldo|anfangssaldo|endsaldo|schlusssaldo|end balance|closing balance|opening balance|kontostand|anzahl|aantal)\b/;

/**
 * Whether a cell looks like an account number, a card number or a long reference rather than
 * money: an IBAN, nine or more digits without decimals, a masked card ("**** 1234") or a
 * card's digit groups.
 */
export function looksLikeAccountNumber(value: string): boolean {
  const text = value.trim();
  const compact = text.replace(/[\s.]/g, "");
  return (
    /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/i.test(compact) ||
    /^\d{9,}$/.test(compact) ||
    /^[*xX•#][*xX•#\s-]+\d{2,6}$/.test(text) ||
    /^\d{4}([ -]\d{4}){2,3}$/.test(text) ||
    /^\d{4}([ -][*xX•#]{4}){1,2}[ -]\d{4}$/.test(text)
  );
}

/** ISO 4217 codes (the runtime's list), so a column of codes like "BEA" or "OVB" is no currency. */
let currencyCodes: ReadonlySet<string> | undefined;
function isCurrencyCode(value: string): boolean {
  if (!currencyCodes) {
    try {
      currencyCodes = new Set(Intl.supportedValuesOf("currency"));
    } catch {
      currencyCodes = new Set(["EUR", "USD", "GBP", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK"]);
    }
  }
  return currencyCodes.has(value);
}

const headerCell = (value: string) =>
  normaliseWord(value)
    .replace(/^["']|["':]$/g, "")
    .trim();

type ColumnFacts = {
  index: number;
  header: string;
  /** The cells of the sample, trimmed ("" when empty). */
  cells: string[];
  values: string[];
  distinct: number;
  accountLike: boolean;
  dateLike: boolean;
  decimal: DecimalSeparator;
  /** Most values read as amounts. */
  money: boolean;
  /** Each cell as cents (null when empty or not an amount). */
  cents: (number | null)[];
  twoDecimals: boolean;
  integersOnly: boolean;
  mixedSigns: boolean;
  kindWords: boolean;
  currencyCodes: boolean;
  texty: boolean;
  averageLength: number;
};

const share = (values: readonly string[], test: (value: string) => boolean) =>
  values.length === 0 ? 0 : values.filter(test).length / values.length;

function columnFacts(
  index: number,
  header: string,
  rows: readonly CsvRecord[],
  language: Language,
): ColumnFacts {
  const cells = rows.map((row) => (row.cells[index] ?? "").trim());
  const values = cells.filter((value) => value !== "");
  const comma = values.some((v) => /,\d{1,2}\)?-?(\s*[A-Za-z€$£]{0,3})?$/.test(v));
  const dot = values.some((v) => /\.\d{1,2}\)?-?(\s*[A-Za-z€$£]{0,3})?$/.test(v));
  let decimal: DecimalSeparator = language === "nl" ? "comma" : "dot";
  if (comma && !dot) decimal = "comma";
  else if (dot && !comma) decimal = "dot";
  const cents = cells.map((value) => (value === "" ? null : parseAmount(value, decimal)));
  const amounts = cents.filter((value): value is number => value !== null);
  const accountLike = values.length > 0 && share(values, looksLikeAccountNumber) >= 0.8;
  const dateLike =
    values.length > 0 &&
    dateFormats.some((format) => share(values, (v) => parseDate(v, format) !== null) >= 0.9);
  return {
    index,
    header,
    cells,
    values,
    distinct: new Set(values).size,
    accountLike,
    dateLike,
    decimal,
    money: values.length > 0 && amounts.length / values.length >= 0.9,
    cents,
    twoDecimals: share(values, (v) => /[.,]\d{2}\)?-?(\s*[A-Za-z€$£]{0,3})?$/.test(v)) >= 0.8,
    integersOnly: share(values, (v) => /^[+-]?\d+$/.test(v)) === 1,
    mixedSigns: amounts.some((v) => v < 0) && amounts.some((v) => v > 0),
    kindWords:
      values.length > 0 && values.every((v) => parseKind(v) !== null) && new Set(values).size <= 4,
    currencyCodes: values.length > 0 && values.every(isCurrencyCode),
    texty:
      values.length > 0 &&
      share(values, (v) => /\p{L}{2,}/u.test(v)) >= 0.5 &&
      !values.every((v) => /^[A-Z0-9]{2,5}$/.test(v)),
    averageLength:
      values.length === 0 ? 0 : values.reduce((sum, v) => sum + v.length, 0) / values.length,
  };
}

/** At least 80 % (and two) of the pairs hold. */
const mostly = (held: number, tried: number) => tried >= 1 && held >= Math.max(1, tried * 0.8);

/**
 * Whether `balance` is a running balance of `amount`: from one row to the next it changes by
 * one of the two rows' amounts (balance after or before the entry, oldest or newest first).
 */
function isRunningBalance(balance: ColumnFacts, amount: ColumnFacts): boolean {
  let tried = 0;
  let held = 0;
  for (let i = 0; i + 1 < balance.cents.length; i++) {
    const [b0, b1, a0, a1] = [
      balance.cents[i],
      balance.cents[i + 1],
      amount.cents[i],
      amount.cents[i + 1],
    ];
    if (b0 == null || b1 == null || a0 == null || a1 == null) continue;
    tried += 1;
    const change = b1 - b0;
    if (change !== 0 && (change === a0 || change === a1 || change === -a0 || change === -a1))
      held += 1;
  }
  return tried >= 2 && mostly(held, tried);
}

/**
 * Whether `start` and `end` are the balances before and after each row's `amount` (ABN AMRO's
 * .TAB file): end − start is the amount, and one row's end is the next row's start.
 */
function isBalancePair(start: ColumnFacts, end: ColumnFacts, amount: ColumnFacts): boolean {
  let tried = 0;
  let held = 0;
  let chained = 0;
  let links = 0;
  for (let i = 0; i < amount.cents.length; i++) {
    const [s, e, a] = [start.cents[i], end.cents[i], amount.cents[i]];
    if (s == null || e == null || a == null) continue;
    tried += 1;
    if (a !== 0 && e - s === a) held += 1;
    const [s1, e1] = [start.cents[i + 1], end.cents[i + 1]];
    if (s1 != null && e1 != null) {
      links += 1;
      if (s1 === e || s === e1) chained += 1;
    }
  }
  return tried >= 2 && mostly(held, tried) && (links === 0 || mostly(chained, links));
}

/**
 * A first guess of the setup from the whole file, for the preview to start from, and what it is
 * not sure of. Lines before the table (a bank's title, the account, the period) and after it
 * (totals, closing balance) are skipped; the amount is chosen by meaning: a header in the
 * banks' languages, else values that look like money, never a column of account or card
 * numbers, of one value, or a balance (found by the arithmetic: a running balance, or balances
 * before and after each row); the date format is the one that reads the most of the whole
 * column, and when day-first and month-first read it alike the guess says so.
 */
export function analyseImport(records: readonly CsvRecord[], language: Language): ImportGuess {
  const guess = analyseTable(records, language, null);
  const bottom = totalsUnder(records, guess.setup);
  return bottom === guess.setup.skipBottom ? guess : analyseTable(records, language, bottom);
}

/** How many cells of a record are filled, and the usual number in the file's first lines. */
const filledCells = (record: CsvRecord | undefined) =>
  record ? record.cells.filter((c) => c.trim() !== "").length : 0;
function typicalFilled(records: readonly CsvRecord[]): number {
  const counts = records
    .slice(0, 500)
    .map(filledCells)
    .sort((a, b) => a - b);
  return counts[Math.floor(counts.length / 2)] ?? 0;
}

/**
 * How many lines under the table are not part of it: from the end, lines without a date of the
 * file's format in its date column that are short (less than half the usual cells) or totals
 * ("Totaal", "Endsaldo", "Closing balance"). A short row with a date is the table's own.
 */
function totalsUnder(records: readonly CsvRecord[], setup: ImportSetup): number {
  const skipTop = setup.skipTop ?? 0;
  const typical = typicalFilled(records);
  let skipBottom = 0;
  while (skipBottom < 1000 && records.length - skipBottom - 1 > skipTop + 1) {
    const last = records[records.length - 1 - skipBottom];
    const dateCell = (last?.cells[setup.columns.date] ?? "").trim();
    const totals = last?.cells.some((c) => totalsLine.test(headerCell(c))) ?? false;
    const short = filledCells(last) * 2 < typical;
    if (!(totals || short) || parseDate(dateCell, setup.dateFormat) !== null) break;
    skipBottom++;
  }
  return skipBottom;
}

function analyseTable(
  records: readonly CsvRecord[],
  language: Language,
  bottom: number | null,
): ImportGuess {
  const uncertain = new Set<ImportUncertainty>();
  // The table's bounds: lines with less than half the usual number of filled cells are outside
  // (here for a first look; `totalsUnder` decides the lines under the table by their dates).
  const typical = typicalFilled(records);
  const outside = (record: CsvRecord | undefined) => filledCells(record) * 2 < typical;
  const isHeader = (record: CsvRecord | undefined) => {
    const names = record?.cells.map(headerCell) ?? [];
    // A header names a field and holds no date (a data row may hold a word like "Debet").
    return (
      names.some((name) => allHeaderNames.has(name)) &&
      !names.some((name) => dateFormats.some((format) => parseDate(name, format) !== null))
    );
  };
  let skipTop = 0;
  while (skipTop < Math.min(records.length - 1, 1000) && outside(records[skipTop])) skipTop++;
  // Without a header under them, only lines of one cell are titles: a short first row is data.
  if (skipTop > 0 && !isHeader(records[skipTop])) {
    skipTop = 0;
    while (skipTop < Math.min(records.length - 1, 1000) && filledCells(records[skipTop]) <= 1)
      skipTop++;
  }
  let skipBottom = bottom ?? 0;
  while (
    bottom === null &&
    skipBottom < 1000 &&
    records.length - skipBottom - 1 > skipTop + 1 &&
    outside(records[records.length - 1 - skipBottom])
  )
    skipBottom++;

  const first = records[skipTop]?.cells.map(headerCell) ?? [];
  const named = isHeader(records[skipTop]);
  const hasHeader =
    named || (first.length > 0 && first.every((c) => !/\d/.test(c)) && records.length > 1);
  const rows = tableRows(records, { hasHeader, skipTop, skipBottom });
  const sample = rows.slice(0, 500);
  const width = Math.max(0, ...sample.map((r) => r.cells.length));
  const header = (index: number) => (hasHeader ? (first[index] ?? "") : "");
  const facts = Array.from({ length: width }, (_, i) =>
    columnFacts(i, header(i), sample, language),
  );
  const taken = new Set<number>();
  const findNamed = (
    names: readonly string[],
    accept: (c: ColumnFacts) => boolean = () => true,
  ) => {
    if (!hasHeader) return null;
    for (const name of names) {
      const found = facts.find((c) => c.header === name && !taken.has(c.index) && accept(c));
      if (found) return found.index;
    }
    return null;
  };
  const take = (index: number | null) => {
    if (index !== null) taken.add(index);
    return index;
  };

  // The date: the named column, else the first column of dates.
  const date = take(findNamed(headerNames.date) ?? facts.find((c) => c.dateLike)?.index ?? null);
  const dateValues =
    date === null ? [] : rows.map((r) => (r.cells[date] ?? "").trim()).filter(Boolean);
  const preferred: DateFormat[] =
    language === "nl" ? ["DD-MM-YYYY", "YYYY-MM-DD"] : ["YYYY-MM-DD", "DD/MM/YYYY"];
  const ranked: DateFormat[] = [
    ...preferred,
    ...dateFormats.filter((format) => !preferred.includes(format)),
  ];
  // The formats that read one of the first values, counted over the whole column, so one
  // malformed row does not throw the guess back and a day over 12 anywhere decides the order.
  const opening = dateValues.slice(0, 50);
  const tried = ranked.filter((format) => opening.some((v) => parseDate(v, format) !== null));
  const parsedBy = new Map(
    tried.map((format) => [format, dateValues.filter((v) => parseDate(v, format) !== null).length]),
  );
  let dateFormat: DateFormat = preferred[0] ?? "YYYY-MM-DD";
  let mostParsed = 0;
  for (const format of tried) {
    const parsed = parsedBy.get(format) ?? 0;
    if (parsed > mostParsed) {
      dateFormat = format;
      mostParsed = parsed;
    }
  }
  const twin = dateOrderTwins[dateFormat];
  if (twin && mostParsed > 0 && parsedBy.get(twin) === mostParsed) uncertain.add("dateOrder");

  // The amount: by name, or two named columns of money out and in, or by its values.
  const moneyOrEmpty = (c: ColumnFacts) =>
    !c.accountLike && !c.dateLike && (c.money || c.values.length === 0);
  let kindFrom: KindSource | null = null;
  let credit: number | null = null;
  let amount = take(
    findNamed(headerNames.amount, (c) => c.money && !c.accountLike) ??
      facts.find(
        (c) =>
          /^(amount|bedrag|betrag|umsatz)\b/.test(c.header) &&
          !notAmountHeader.test(c.header) &&
          !taken.has(c.index) &&
          c.money &&
          !c.accountLike,
      )?.index ??
      null,
  );
  if (amount === null) {
    const debit = findNamed(headerNames.debit, moneyOrEmpty);
    const into = findNamed(headerNames.credit, moneyOrEmpty);
    if (debit !== null && into !== null && debit !== into) {
      amount = take(debit);
      credit = take(into);
      kindFrom = "split";
    }
  }
  if (amount === null) {
    const candidates = facts.filter(
      (c) =>
        !taken.has(c.index) &&
        c.money &&
        !c.accountLike &&
        !c.dateLike &&
        !notAmountHeader.test(c.header) &&
        !(c.values.length >= 3 && c.distinct === 1),
    );
    const balances = new Set<number>();
    const confirmed = new Set<number>();
    for (const a of candidates)
      for (const b of candidates)
        if (a !== b && isRunningBalance(b, a)) {
          balances.add(b.index);
          confirmed.add(a.index);
        }
    for (const a of candidates)
      for (const s of candidates)
        for (const e of candidates)
          if (a !== s && a !== e && s !== e && isBalancePair(s, e, a)) {
            balances.add(s.index);
            balances.add(e.index);
            confirmed.add(a.index);
          }
    // Two columns of money never filled in the same row, together in every row: money out and
    // money in without names. Which is which the file cannot tell: out first, and ask.
    const open = candidates.filter(
      (c) => !balances.has(c.index) && c.values.length < c.cells.length,
    );
    for (const out of open) {
      const into = open.find(
        (c) =>
          c.index > out.index &&
          c.cells.every((cell, row) => (cell === "") !== ((out.cells[row] ?? "") === "")),
      );
      if (into && amount === null) {
        amount = take(out.index);
        credit = take(into.index);
        kindFrom = "split";
        uncertain.add("amount");
      }
    }
    const score = (c: ColumnFacts) =>
      (c.twoDecimals ? 3 : 0) +
      (c.mixedSigns ? 2 : 0) +
      (confirmed.has(c.index) ? 5 : 0) -
      (c.integersOnly ? 2 : 0) -
      (c.values.length * 2 < c.cells.length ? 1 : 0);
    const ranking = candidates
      .filter((c) => !balances.has(c.index))
      .map((c) => ({ index: c.index, score: score(c) }))
      .sort((a, b) => b.score - a.score || a.index - b.index);
    const [best, next] = ranking;
    if (amount !== null) {
      // Money out and in, found above.
    } else if (best) {
      amount = take(best.index);
      if (!confirmed.has(best.index) && (best.score < 3 || (next && next.score >= best.score - 2)))
        uncertain.add("amount");
    } else {
      amount =
        facts.find((c) => c.index !== date && !taken.has(c.index) && !c.accountLike)?.index ??
        facts.find((c) => c.index !== date)?.index ??
        null;
      uncertain.add("amount");
    }
  }
  const amountFacts = amount === null ? undefined : facts[amount];
  const decimal: DecimalSeparator = amountFacts?.decimal ?? (language === "nl" ? "comma" : "dot");

  // The kind: two amount columns, a column of the bank's words, the sign, or ask.
  let kind: number | null = null;
  let outValue: string | null = null;
  if (kindFrom !== "split") {
    const signed = amountFacts?.cents.some((v) => v !== null && v < 0) ?? false;
    // A column of the bank's words by its name; by its values only when the amounts carry no
    // sign, and with both kinds in it (a column of "-" placeholders is no indicator).
    kind = take(
      findNamed(
        headerNames.kind,
        (c) => c.distinct <= 6 && c.values.some((v) => parseKind(v) !== null),
      ) ??
        (signed
          ? undefined
          : facts.find(
              (c) =>
                !taken.has(c.index) &&
                c.kindWords &&
                c.index !== amount &&
                new Set(c.values.map(parseKind)).size === 2,
            )?.index) ??
        null,
    );
    if (kind !== null) {
      kindFrom = "column";
      const words = [...new Set(facts[kind]?.values.map(normaliseWord) ?? [])];
      if (words.some((word) => parseKind(word) === null)) {
        uncertain.add("kindValues");
        outValue = words.find((word) => parseKind(word) === "expense") ?? null;
      }
    } else if (signed) {
      kindFrom = "sign";
      // Mostly positive amounts are a credit card's way: money out written positive.
      const amounts = amountFacts?.cents.filter((v): v is number => v !== null && v !== 0) ?? [];
      if (amounts.length >= 4 && amounts.filter((v) => v > 0).length >= amounts.length * 0.75)
        uncertain.add("sign");
    } else {
      kindFrom = "default";
      uncertain.add("kind");
    }
  }

  const category = take(findNamed(headerNames.category));
  const currency = take(
    findNamed(headerNames.currency, (c) => c.currencyCodes || c.values.length === 0) ??
      facts
        .filter((c) => !taken.has(c.index) && c.currencyCodes)
        .sort(
          (a, b) =>
            Math.abs(a.index - (amount ?? 0)) - Math.abs(b.index - (amount ?? 0)) ||
            b.index - a.index,
        )[0]?.index ??
      null,
  );
  // The bank's own reference: a named column whose values differ from row to row (Starling's
  // "Reference" repeats a payment's words and is not one; its preset says so).
  const reference = take(
    findNamed(
      headerNames.reference,
      (c) => c.values.length > 0 && c.distinct === c.values.length && !c.dateLike,
    ),
  );
  // A counterparty's account number is not its name (bunq's "Counterparty" is an IBAN).
  const words = (c: ColumnFacts) => !c.accountLike;
  let merchant = take(findNamed(headerNames.merchant, words));
  let notes = take(findNamed(headerNames.notes, words));
  // Who paid, in a column apart from whom was paid (DKB, Wise): the counterparty of money in.
  const payer = merchant === null ? null : take(findNamed(headerNames.payer, words));
  const texts = facts.filter(
    (c) =>
      !taken.has(c.index) &&
      c.texty &&
      !c.accountLike &&
      !c.dateLike &&
      !c.kindWords &&
      !c.currencyCodes &&
      (c.distinct > 1 || c.values.length <= 2),
  );
  if (merchant === null && notes === null) {
    merchant = take(texts[0]?.index ?? null);
    const longest = texts
      .slice(1)
      .sort((a, b) => b.averageLength - a.averageLength || a.index - b.index)[0];
    if (longest && longest.averageLength > (texts[0]?.averageLength ?? 0))
      notes = take(longest.index);
  } else if (merchant === null) merchant = take(texts[0]?.index ?? null);

  return {
    setup: {
      columns: {
        date: date ?? 0,
        amount: amount ?? 1,
        credit,
        kind,
        category,
        merchant,
        payer,
        notes,
        currency,
        reference,
        referenceGroup: null,
      },
      hasHeader,
      dateFormat,
      decimal,
      kindFrom,
      defaultKind: "expense",
      outValue,
      flipSign: false,
      skipTop,
      skipBottom,
      defaultCategory: category === null ? (language === "nl" ? "Geïmporteerd" : "Imported") : null,
    },
    uncertain: importUncertainties.filter((u) => uncertain.has(u)),
  };
}

/** A first guess of the setup from the file (`analyseImport` without its doubts). */
export function guessImportSetup(records: readonly CsvRecord[], language: Language): ImportSetup {
  return analyseImport(records, language).setup;
}

/**
 * Why the chosen amount columns cannot be amounts: most of their cells are account or card
 * numbers. The server refuses such an import, whatever the preview sent.
 */
export function amountColumnProblem(
  records: readonly CsvRecord[],
  setup: ImportSetup,
): ValidationKey | null {
  const rows = tableRows(records, setup).slice(0, 1000);
  const columns = [setup.columns.amount, setup.kindFrom === "split" ? setup.columns.credit : null];
  for (const index of columns) {
    if (index === null || index === undefined) continue;
    const values = rows.map((r) => (r.cells[index] ?? "").trim()).filter(Boolean);
    if (values.length > 0 && share(values, looksLikeAccountNumber) >= 0.8)
      return "csvAmountNotMoney";
  }
  return null;
}
