import {
  analyseImport,
  dateFormats,
  normaliseWord,
  parseAmount,
  parseDate,
  type CsvRecord,
  type DateFormat,
  type DecimalSeparator,
  type ImportGuess,
  type ImportSetup,
  type KindSource,
} from "./csv-import.ts";
import type { Language } from "./i18n.ts";

/**
 * Presets for the banks families use (decision 035): each bank's export layout, recognised from
 * the file itself (its header row, or for a file without one the shape of its rows), and the
 * mapping it implies: date, amount and how its sign or kind is written, counterparty, description,
 * currency and the bank's own reference. The preview starts from the preset (the person can still
 * change every field); the server reads the file with whatever setup it is sent, and names the
 * bank in the import's history with `detectBank`. Layouts from the banks' published or documented
 * exports; the fixtures in test/fixtures/bank-files are rows of our own making in each layout.
 */

/** A column: its header's name (accents left out, lower case; the first one present), or its place. */
type ColumnRef = string | readonly string[] | number;

type PresetColumns = {
  date: ColumnRef;
  amount: ColumnRef;
  credit?: ColumnRef;
  kind?: ColumnRef;
  merchant?: ColumnRef;
  /** Who paid, where the bank writes it apart from whom was paid (the counterparty of money in). */
  payer?: ColumnRef;
  notes?: ColumnRef;
  currency?: ColumnRef;
  reference?: ColumnRef;
  /** What the reference is numbered within (a statement number), put before it. */
  referenceGroup?: ColumnRef;
};

export type BankPreset = {
  /** The layout's key, kept in the import's history. */
  key: string;
  /** The bank's name as people know it. */
  name: string;
  /** A file with a header: all of these names are among the header row's cells. */
  header?: readonly string[];
  /** A file without a header: a row of the table (its trimmed cells) looks like this. */
  row?: (cells: readonly string[]) => boolean;
  columns: PresetColumns;
  /** The date formats the bank writes, the likeliest first (the one reading the most wins). */
  dateFormats: readonly DateFormat[];
  /** The bank's decimal mark, unless the amounts themselves say otherwise. */
  decimal: DecimalSeparator;
  kindFrom: KindSource;
  /** Money out is written positive (credit cards). */
  flipSign?: boolean;
};

const dutchIban = (code: string) => (value: string | undefined) =>
  new RegExp(`^NL\\d{2}${code}\\d{10}$`).test((value ?? "").replace(/\s/g, ""));
const isDate = (format: DateFormat) => (value: string | undefined) =>
  parseDate(value ?? "", format) !== null;

/** The Volksbank's layout (ASN Bank, SNS, RegioBank): no header, 19 columns. */
const volksbank = (key: string, name: string, code: string): BankPreset => ({
  key,
  name,
  row: (cells) => cells.length >= 18 && isDate("DD-MM-YYYY")(cells[0]) && dutchIban(code)(cells[1]),
  columns: { date: 0, amount: 10, merchant: 3, notes: 17, currency: 9, reference: 15 },
  dateFormats: ["DD-MM-YYYY"],
  decimal: "dot",
  kindFrom: "sign",
});

/** The presets, the most particular first (a layout's header may hold another's names). */
export const bankPresets: readonly BankPreset[] = [
  {
    key: "ing",
    name: "ING",
    header: ["datum", "naam / omschrijving", "af bij"],
    columns: {
      date: "datum",
      amount: ["bedrag (eur)", "bedrag"],
      kind: "af bij",
      merchant: "naam / omschrijving",
      notes: "mededelingen",
    },
    dateFormats: ["YYYYMMDD", "DD-MM-YYYY", "YYYY-MM-DD"],
    decimal: "comma",
    kindFrom: "column",
  },
  {
    key: "ing-en",
    name: "ING",
    header: ["date", "name / description", "debit/credit"],
    columns: {
      date: "date",
      amount: ["amount (eur)", "amount"],
      kind: "debit/credit",
      merchant: "name / description",
      notes: "notifications",
    },
    dateFormats: ["YYYYMMDD", "DD-MM-YYYY", "YYYY-MM-DD"],
    decimal: "comma",
    kindFrom: "column",
  },
  {
    key: "ing-savings",
    name: "ING",
    header: ["datum", "omschrijving", "rekening naam", "af bij", "mededelingen"],
    columns: {
      date: "datum",
      amount: ["bedrag", "bedrag (eur)"],
      kind: "af bij",
      merchant: "omschrijving",
      notes: "mededelingen",
      currency: "valuta",
    },
    dateFormats: ["YYYY-MM-DD", "DD-MM-YYYY", "YYYYMMDD"],
    decimal: "comma",
    kindFrom: "column",
  },
  {
    key: "ing-savings-en",
    name: "ING",
    header: ["date", "description", "account name", "debit/credit", "notifications"],
    columns: {
      date: "date",
      amount: ["amount", "amount (eur)"],
      kind: "debit/credit",
      merchant: "description",
      notes: "notifications",
      currency: "currency",
    },
    dateFormats: ["YYYY-MM-DD", "DD-MM-YYYY", "YYYYMMDD"],
    decimal: "comma",
    kindFrom: "column",
  },
  {
    key: "rabobank",
    name: "Rabobank",
    header: ["iban/bban", "volgnr", "naam tegenpartij", "omschrijving-1"],
    columns: {
      date: "datum",
      amount: "bedrag",
      merchant: "naam tegenpartij",
      notes: "omschrijving-1",
      currency: "munt",
      reference: "volgnr",
    },
    dateFormats: ["YYYY-MM-DD", "DD-MM-YYYY"],
    decimal: "comma",
    kindFrom: "sign",
  },
  {
    key: "knab",
    name: "Knab",
    header: ["rekeningnummer", "transactiedatum", "creditdebet", "tegenrekeninghouder"],
    columns: {
      date: "transactiedatum",
      amount: "bedrag",
      kind: "creditdebet",
      merchant: "tegenrekeninghouder",
      notes: "omschrijving",
      currency: "valutacode",
      reference: "referentie",
    },
    dateFormats: ["DD-MM-YYYY", "YYYY-MM-DD"],
    decimal: "comma",
    kindFrom: "column",
  },
  {
    key: "bunq",
    name: "bunq",
    header: ["datum", "rentedatum", "bedrag", "tegenrekening", "naam", "omschrijving"],
    columns: { date: "datum", amount: "bedrag", merchant: "naam", notes: "omschrijving" },
    dateFormats: ["YYYY-MM-DD", "DD-MM-YYYY"],
    decimal: "comma",
    kindFrom: "sign",
  },
  {
    key: "bunq-en",
    name: "bunq",
    header: ["date", "interest date", "amount", "counterparty", "name", "description"],
    columns: { date: "date", amount: "amount", merchant: "name", notes: "description" },
    dateFormats: ["YYYY-MM-DD", "DD-MM-YYYY"],
    decimal: "comma",
    kindFrom: "sign",
  },
  {
    key: "abnamro",
    name: "ABN AMRO",
    // The .TAB file: account, currency, date, balance before and after, interest date, amount,
    // description; no header.
    row: (cells) =>
      cells.length >= 8 &&
      /^\d{9,10}$/.test(cells[0] ?? "") &&
      /^[A-Z]{3}$/.test(cells[1] ?? "") &&
      isDate("YYYYMMDD")(cells[2]),
    columns: { date: 2, amount: 6, notes: 7, currency: 1 },
    dateFormats: ["YYYYMMDD"],
    decimal: "comma",
    kindFrom: "sign",
  },
  volksbank("asn", "ASN Bank", "ASNB"),
  volksbank("sns", "SNS", "SNSB"),
  volksbank("regiobank", "RegioBank", "RBRB"),
  {
    key: "triodos",
    name: "Triodos Bank",
    // Date, account, amount, Debet/Credit, name, counter account, code, description; no header.
    row: (cells) =>
      cells.length >= 8 &&
      isDate("DD-MM-YYYY")(cells[0]) &&
      dutchIban("TRIO")(cells[1]) &&
      /^(debet|credit)$/i.test(cells[3] ?? ""),
    columns: { date: 0, amount: 2, kind: 3, merchant: 4, notes: 7 },
    dateFormats: ["DD-MM-YYYY"],
    decimal: "comma",
    kindFrom: "column",
  },
  {
    key: "kbc",
    name: "KBC",
    header: ["rekeningnummer", "rubrieknaam", "afschriftnummer", "naam tegenpartij"],
    columns: {
      date: "datum",
      amount: "bedrag",
      merchant: "naam tegenpartij",
      notes: ["omschrijving", "vrije mededeling"],
      currency: "munt",
    },
    dateFormats: ["DD/MM/YYYY", "DD-MM-YYYY"],
    decimal: "comma",
    kindFrom: "sign",
  },
  {
    key: "belfius",
    name: "Belfius",
    header: ["boekingsdatum", "rekeninguittrekselnummer", "transactienummer", "devies"],
    columns: {
      date: "boekingsdatum",
      amount: "bedrag",
      merchant: "naam tegenpartij bevat",
      notes: ["mededelingen", "transactie"],
      currency: "devies",
      // The transaction number starts again in every statement: with the statement's number.
      reference: "transactienummer",
      referenceGroup: "rekeninguittrekselnummer",
    },
    dateFormats: ["DD/MM/YYYY", "DD-MM-YYYY"],
    decimal: "comma",
    kindFrom: "sign",
  },
  {
    key: "commerzbank",
    name: "Commerzbank",
    header: ["buchungstag", "umsatzart", "buchungstext", "betrag"],
    columns: {
      date: "buchungstag",
      amount: "betrag",
      merchant: "buchungstext",
      currency: ["wahrung", "waehrung"],
    },
    dateFormats: ["DD.MM.YYYY", "DD.MM.YY"],
    decimal: "comma",
    kindFrom: "sign",
  },
  {
    key: "dkb",
    name: "DKB",
    header: ["buchungsdatum", "zahlungspflichtige*r", "zahlungsempfanger*in", "verwendungszweck"],
    columns: {
      date: "buchungsdatum",
      amount: ["betrag (€)", "betrag (eur)", "betrag"],
      merchant: "zahlungsempfanger*in",
      payer: "zahlungspflichtige*r",
      notes: "verwendungszweck",
    },
    dateFormats: ["DD.MM.YY", "DD.MM.YYYY"],
    decimal: "comma",
    kindFrom: "sign",
  },
  {
    key: "n26",
    name: "N26",
    header: ["booking date", "partner name", "payment reference", "amount (eur)"],
    columns: {
      date: "booking date",
      amount: "amount (eur)",
      merchant: "partner name",
      notes: "payment reference",
    },
    dateFormats: ["YYYY-MM-DD"],
    decimal: "dot",
    kindFrom: "sign",
  },
  {
    key: "n26-classic",
    name: "N26",
    header: ["date", "payee", "transaction type", "payment reference", "amount (eur)"],
    columns: {
      date: "date",
      amount: "amount (eur)",
      merchant: "payee",
      notes: "payment reference",
    },
    dateFormats: ["YYYY-MM-DD"],
    decimal: "dot",
    kindFrom: "sign",
  },
  {
    key: "sparkasse",
    name: "Sparkasse",
    // The older export: the amount unsigned, "S" (Soll) or "H" (Haben) in a last column.
    header: ["buchungstag", "auftraggeber/zahlungsempfanger", "vorgang/verwendungszweck", "umsatz"],
    columns: {
      date: "buchungstag",
      amount: "umsatz",
      kind: 12,
      merchant: "empfanger/zahlungspflichtiger",
      notes: "vorgang/verwendungszweck",
      currency: ["wahrung", "waehrung"],
    },
    dateFormats: ["DD.MM.YY", "DD.MM.YYYY"],
    decimal: "comma",
    kindFrom: "column",
  },
  {
    key: "sparkasse-camt",
    name: "Sparkasse",
    // "CSV-CAMT": signed amounts.
    header: ["auftragskonto", "buchungstag", "beguenstigter/zahlungspflichtiger", "betrag"],
    columns: {
      date: "buchungstag",
      amount: "betrag",
      merchant: "beguenstigter/zahlungspflichtiger",
      notes: "verwendungszweck",
      currency: ["waehrung", "wahrung"],
    },
    dateFormats: ["DD.MM.YY", "DD.MM.YYYY"],
    decimal: "comma",
    kindFrom: "sign",
  },
  {
    key: "revolut",
    name: "Revolut",
    header: ["type", "product", "started date", "completed date", "description", "amount"],
    columns: {
      date: "started date",
      amount: "amount",
      merchant: "description",
      currency: "currency",
      reference: ["id", "transaction id"],
    },
    dateFormats: ["YYYY-MM-DD"],
    decimal: "dot",
    kindFrom: "sign",
  },
  {
    key: "wise",
    name: "Wise",
    header: ["transferwise id", "date", "amount", "currency", "description"],
    columns: {
      date: "date",
      amount: "amount",
      merchant: ["merchant", "payee name"],
      payer: "payer name",
      notes: "description",
      currency: "currency",
      reference: "transferwise id",
    },
    dateFormats: ["DD-MM-YYYY", "YYYY-MM-DD"],
    decimal: "dot",
    kindFrom: "sign",
  },
  {
    key: "monzo",
    name: "Monzo",
    header: ["transaction id", "date", "time", "type", "name", "emoji", "amount"],
    columns: {
      date: "date",
      amount: "amount",
      merchant: "name",
      notes: ["description", "notes and #tags"],
      currency: "currency",
      reference: "transaction id",
    },
    dateFormats: ["DD/MM/YYYY", "YYYY-MM-DD"],
    decimal: "dot",
    kindFrom: "sign",
  },
  {
    key: "starling",
    name: "Starling",
    header: ["date", "counter party", "reference", "type"],
    // Its "Reference" is the payment's words, not an identity: the description.
    columns: {
      date: "date",
      amount: ["amount (gbp)", "amount (eur)", "amount"],
      merchant: "counter party",
      notes: "reference",
    },
    dateFormats: ["DD/MM/YYYY"],
    decimal: "dot",
    kindFrom: "sign",
  },
  {
    key: "chase-card",
    name: "Chase",
    header: ["transaction date", "post date", "description", "category", "type", "amount"],
    columns: { date: "transaction date", amount: "amount", merchant: "description", notes: "memo" },
    dateFormats: ["MM/DD/YYYY"],
    decimal: "dot",
    kindFrom: "sign",
  },
  {
    key: "chase",
    name: "Chase",
    header: ["details", "posting date", "description", "amount", "type", "balance"],
    columns: { date: "posting date", amount: "amount", merchant: "description" },
    dateFormats: ["MM/DD/YYYY"],
    decimal: "dot",
    kindFrom: "sign",
  },
  {
    key: "amex",
    name: "American Express",
    // Charges are written positive, payments negative.
    header: ["date", "description", "card member", "account #", "amount"],
    columns: { date: "date", amount: "amount", merchant: "description" },
    dateFormats: ["MM/DD/YYYY"],
    decimal: "dot",
    kindFrom: "sign",
    flipSign: true,
  },
  {
    key: "amex-details",
    name: "American Express",
    header: ["date", "description", "amount", "extended details", "appears on your statement as"],
    columns: {
      date: "date",
      amount: "amount",
      merchant: "description",
      notes: "extended details",
      reference: "reference",
    },
    dateFormats: ["MM/DD/YYYY"],
    decimal: "dot",
    kindFrom: "sign",
    flipSign: true,
  },
];

const presetByKey = new Map(bankPresets.map((preset) => [preset.key, preset]));

/** Bank codes of Dutch IBANs (positions 5–8): the bank when no preset's layout is recognised. */
export const banksByIbanCode: Record<string, { key: string; name: string }> = {
  INGB: { key: "ing", name: "ING" },
  RABO: { key: "rabobank", name: "Rabobank" },
  ABNA: { key: "abnamro", name: "ABN AMRO" },
  ASNB: { key: "asn", name: "ASN Bank" },
  SNSB: { key: "sns", name: "SNS" },
  RBRB: { key: "regiobank", name: "RegioBank" },
  TRIO: { key: "triodos", name: "Triodos Bank" },
  BUNQ: { key: "bunq", name: "bunq" },
  KNAB: { key: "knab", name: "Knab" },
  FVLB: { key: "vanlanschot", name: "Van Lanschot" },
};

/**
 * The bank's name for a key kept in an import's history (a preset's, or one from an IBAN);
 * an earlier import's bank (kept by name) as it is.
 */
export function bankName(key: string): string {
  return (
    presetByKey.get(key)?.name ??
    Object.values(banksByIbanCode).find((bank) => bank.key === key)?.name ??
    key
  );
}

const headerCell = (value: string) =>
  normaliseWord(value)
    .replace(/^["']|["':]$/g, "")
    .trim();

/** Where a preset's column is in a header row (the first of its names present), or its place. */
function resolve(ref: ColumnRef | undefined, header: readonly string[] | null): number | null {
  if (ref === undefined) return null;
  if (typeof ref === "number") return ref;
  if (!header) return null;
  for (const name of typeof ref === "string" ? [ref] : ref) {
    const index = header.indexOf(name);
    if (index >= 0) return index;
  }
  return null;
}

export type RecognisedBank = {
  preset: BankPreset;
  /** The header row's place among the records (lines before it are the bank's titles). */
  headerAt: number | null;
};

/**
 * The bank layout a file is in: a record among the first 30 whose cells hold all of a preset's
 * header names, or for the layouts without a header, most of the first rows' shape. Null when
 * the file is in no known layout.
 */
export function recogniseBank(records: readonly CsvRecord[]): RecognisedBank | null {
  const opening = records.slice(0, 30);
  const headers = opening.map((record) => record.cells.map(headerCell));
  for (const preset of bankPresets) {
    if (preset.header) {
      const names = preset.header;
      const at = headers.findIndex((cells) => names.every((name) => cells.includes(name)));
      if (at >= 0) return { preset, headerAt: at };
    }
  }
  const rows = records.slice(0, 20).map((record) => record.cells.map((cell) => cell.trim()));
  for (const preset of bankPresets) {
    const row = preset.row;
    if (row && rows.length > 0 && rows.filter((cells) => row(cells)).length * 2 > rows.length)
      return { preset, headerAt: null };
  }
  return null;
}

export type BankGuess = ImportGuess & { bank: { key: string; name: string } | null };

/**
 * The setup for a file: its bank's preset when the file is in a known layout (on top of the
 * guess, which still finds the lines under the table), else the guess (`analyseImport`). A
 * preset decides what the guess could doubt, so nothing is asked; a preset whose columns the
 * file lacks is not used.
 */
export function analyseBankFile(records: readonly CsvRecord[], language: Language): BankGuess {
  const guess = analyseImport(records, language);
  const recognised = recogniseBank(records);
  if (!recognised) return { ...guess, bank: null };
  const setup = presetSetup(records, recognised, guess.setup, language);
  if (!setup) return { ...guess, bank: null };
  const { preset } = recognised;
  return { setup, uncertain: [], bank: { key: preset.key, name: preset.name } };
}

function presetSetup(
  records: readonly CsvRecord[],
  { preset, headerAt }: RecognisedBank,
  guessed: ImportSetup,
  language: Language,
): ImportSetup | null {
  const header = headerAt === null ? null : (records[headerAt]?.cells.map(headerCell) ?? null);
  const { columns } = preset;
  const date = resolve(columns.date, header);
  const amount = resolve(columns.amount, header);
  const kind = resolve(columns.kind, header);
  const credit = resolve(columns.credit, header);
  if (date === null || amount === null) return null;
  if (preset.kindFrom === "column" && kind === null) return null;
  if (preset.kindFrom === "split" && credit === null) return null;
  const skipTop = headerAt ?? 0;
  const skipBottom = guessed.skipBottom ?? 0;
  const start = skipTop + (header ? 1 : 0);
  const rows = records.slice(start, Math.max(start, records.length - skipBottom)).slice(0, 500);
  const values = (index: number) =>
    rows.map((row) => (row.cells[index] ?? "").trim()).filter((value) => value !== "");

  // The bank's date format that reads the most of the column (the first of equals).
  const dates = values(date);
  let dateFormat = preset.dateFormats[0] ?? dateFormats[0];
  let most = -1;
  for (const format of preset.dateFormats) {
    const read = dates.filter((value) => parseDate(value, format) !== null).length;
    if (read > most) [dateFormat, most] = [format, read];
  }
  // The bank's decimal mark, unless its amounts read only with the other one.
  const amounts = values(amount);
  const other: DecimalSeparator = preset.decimal === "comma" ? "dot" : "comma";
  const reads = (decimal: DecimalSeparator) =>
    amounts.filter((value) => parseAmount(value, decimal) !== null).length;
  const decimal = reads(preset.decimal) >= reads(other) ? preset.decimal : other;

  return {
    ...guessed,
    columns: {
      date,
      amount,
      credit,
      kind,
      category: null,
      merchant: resolve(columns.merchant, header),
      payer: resolve(columns.payer, header),
      notes: resolve(columns.notes, header),
      currency: resolve(columns.currency, header),
      reference: resolve(columns.reference, header),
      referenceGroup: resolve(columns.referenceGroup, header),
    },
    hasHeader: header !== null,
    skipTop,
    skipBottom,
    dateFormat,
    decimal,
    kindFrom: preset.kindFrom,
    outValue: null,
    flipSign: preset.flipSign ?? false,
    // The bank's own categories are its words, not the household's: rows go in one category.
    defaultCategory: language === "nl" ? "Geïmporteerd" : "Imported",
  };
}
