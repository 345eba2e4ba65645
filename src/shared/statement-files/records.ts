import type { CsvRecord } from "../csv-import.ts";

/**
 * One transaction of a bank's statement file (OFX, CAMT.053, MT940), as the import's columns
 * read it: the date as YYYY-MM-DD, the amount signed (money out negative) with a dot decimal,
 * the currency's three-letter code, and the bank's own reference of the transaction.
 */
export type StatementRow = {
  /** The row's first line in the file (1-based), for the preview's bad rows. */
  line: number;
  date: string;
  amount: string;
  currency: string;
  counterparty: string;
  description: string;
  reference: string;
};

/**
 * The header of the records a statement file becomes. The import's analysis finds each column by
 * these names (decision 036); "Reference" is the column whose value is a row's identity.
 */
export const statementHeader = [
  "Date",
  "Amount",
  "Currency",
  "Counterparty",
  "Description",
  "Reference",
] as const;

/** A statement's rows as the CSV path's records: a header row, then one record per row. */
export function statementRecords(rows: readonly StatementRow[]): CsvRecord[] {
  return [
    { line: 1, cells: [...statementHeader] },
    ...rows.map((row) => ({
      line: row.line,
      cells: [row.date, row.amount, row.currency, row.counterparty, row.description, row.reference],
    })),
  ];
}

/**
 * An amount as written in a statement ("-12.50", "12,5", "+1000", "25,") as a signed decimal with
 * a dot and at least two decimals ("-12.50", "12.50", "1000.00", "25.00"), by string arithmetic.
 * Empty when it is not a plain number (the preview then shows the row as bad).
 */
export function plainAmount(input: string, negative = false): string {
  const match = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(input.trim().replace(/\s/g, ""));
  if (!match || (match[2] === "" && !match[3])) return "";
  const sign = (match[1] === "-") !== negative ? "-" : "";
  const whole = (match[2] ?? "").replace(/^0+(?=\d)/, "") || "0";
  const fraction = (match[3] ?? "").padEnd(2, "0");
  return `${sign}${whole}.${fraction}`;
}

/** YYYYMMDD (an OFX date's start) or YYYY-MM-DD as YYYY-MM-DD; empty when neither. */
export function isoDay(input: string): string {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(input.trim());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : "";
}

/** Text with its runs of white space made one space, trimmed. */
export const oneLine = (value: string): string => value.replace(/\s+/g, " ").trim();

/**
 * The line (1-based) of positions in a text, asked for in increasing order (each call counts on
 * from the last, so a file of 100,000 rows is counted once).
 */
export function lineCounter(text: string): (index: number) => number {
  let line = 1;
  let at = 0;
  return (index) => {
    for (let i = text.indexOf("\n", at); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) {
      line++;
      at = i + 1;
    }
    return line;
  };
}

/** The five entities XML predefines and numeric references, as characters. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith("#x")) return safeChar(Number.parseInt(lower.slice(2), 16), whole);
    if (lower.startsWith("#")) return safeChar(Number.parseInt(lower.slice(1), 10), whole);
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " }[lower] ?? whole;
  });
}

const safeChar = (code: number, fallback: string) =>
  code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
