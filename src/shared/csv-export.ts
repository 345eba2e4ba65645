import type { Language } from "./i18n.ts";

/**
 * CSV export: cells joined with the chosen delimiter, quoted where needed, and any cell that a
 * spreadsheet would read as a formula (starting with = + - @ TAB or CR) prefixed with an
 * apostrophe so it stays text. Amounts are written unsigned (the type is its own column), so a
 * number we write ourselves never needs escaping.
 */

export const csvDelimiters = { comma: ",", semicolon: ";", tab: "\t" } as const;
export type CsvDelimiterName = keyof typeof csvDelimiters;

/** The byte order mark that makes spreadsheets read the file as UTF-8. */
export const utf8Bom = "\ufeff";

const formulaStart = /^[=+\-@\t\r]/;

/** A cell's text made safe: formula-looking text gets a leading apostrophe. */
export function escapeFormula(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/** One cell: formula-escaped, then quoted when it holds the delimiter, a quote or a line break. */
export function csvCell(value: string | number | null | undefined, delimiter: string): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : escapeFormula(value);
  if (text.includes(delimiter) || /["\r\n]/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** Rows of cells as CSV lines (CRLF after every line). Numbers are written as they are. */
export function toCsv(
  rows: readonly (readonly (string | number | null | undefined)[])[],
  options: { delimiter: CsvDelimiterName },
): string {
  const delimiter = csvDelimiters[options.delimiter];
  let out = "";
  for (const row of rows)
    out += row.map((value) => csvCell(value, delimiter)).join(delimiter) + "\r\n";
  return out;
}

export const exportColumns = [
  "date",
  "type",
  "amount",
  "category",
  "merchant",
  "notes",
  "paidOrReceivedBy",
  "shares",
] as const;

const headers: Record<Language, Record<(typeof exportColumns)[number], string>> = {
  en: {
    date: "Date",
    type: "Type",
    amount: "Amount",
    category: "Category",
    merchant: "Merchant",
    notes: "Notes",
    paidOrReceivedBy: "Paid by / received by",
    shares: "Shares",
  },
  nl: {
    date: "Datum",
    type: "Soort",
    amount: "Bedrag",
    category: "Categorie",
    merchant: "Winkel",
    notes: "Notities",
    paidOrReceivedBy: "Betaald door / ontvangen door",
    shares: "Verdeling",
  },
};

/** The export's header row in a language. */
export function exportHeader(language: Language): string[] {
  return exportColumns.map((column) => headers[language][column]);
}

const kindNames: Record<Language, Record<"income" | "expense" | "settlement", string>> = {
  en: { income: "income", expense: "expense", settlement: "settlement" },
  nl: { income: "inkomsten", expense: "uitgave", settlement: "verrekening" },
};

/** An entry's kind as the export writes it (and the import reads it back). */
export function exportKind(kind: "income" | "expense" | "settlement", language: Language): string {
  return kindNames[language][kind];
}
