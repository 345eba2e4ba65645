import { parseCsvSteps, type CsvRecord } from "../csv-import.ts";
import { runSteps, type Steps } from "../steps.ts";
import type { ValidationKey } from "../validation.ts";
import { isCamt, readCamt } from "./camt053.ts";
import { isMt940, readMt940 } from "./mt940.ts";
import { isOfx, readOfx } from "./ofx.ts";
import { statementRecords, type StatementRow } from "./records.ts";

/**
 * A file to import, read the same way by the preview and the server (decision 036): a bank's
 * statement file (OFX/QFX, CAMT.053, MT940), recognised from its content, becomes the records
 * the CSV path reads (a header Date, Amount, Currency, Counterparty, Description, Reference and
 * one record per transaction), so the same analysis, preview and import take it; anything else
 * is read as CSV.
 */

export const statementFormats = ["ofx", "camt053", "mt940"] as const;
export type StatementFormat = (typeof statementFormats)[number];

export type ImportFile =
  | { ok: true; format: StatementFormat | "csv"; records: CsvRecord[] }
  /** A statement file that could not be read: the translated reason, for the `text` field. */
  | { ok: false; format: StatementFormat; key: ValidationKey };

const invalidKey: Record<StatementFormat, ValidationKey> = {
  ofx: "ofxInvalid",
  camt053: "camtInvalid",
  mt940: "mt940Invalid",
};

/** The statement format of a file's text, from its content (never its name); null: CSV. */
export function detectStatementFormat(text: string): StatementFormat | null {
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (isCamt(clean)) return "camt053";
  if (isOfx(clean)) return "ofx";
  if (isMt940(clean)) return "mt940";
  return null;
}

const readers: Record<
  StatementFormat,
  (text: string) => { ok: true; rows: StatementRow[] } | { ok: false }
> = { ofx: readOfx, camt053: readCamt, mt940: readMt940 };

export function readImportFile(text: string): ImportFile {
  return runSteps(readImportFileSteps(text));
}

/**
 * `readImportFile` in steps: a CSV file a chunk at a time (`parseCsvSteps`); a statement file is
 * read in one step (a bank's statement of a year is a few thousand transactions).
 */
export function* readImportFileSteps(text: string): Steps<ImportFile> {
  const format = detectStatementFormat(text);
  if (!format) return { ok: true, format: "csv", records: (yield* parseCsvSteps(text)).records };
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const read = readers[format](clean);
  if (!read.ok) return { ok: false, format, key: invalidKey[format] };
  // A statement without transactions is empty, as a CSV of only a header is.
  return { ok: true, format, records: read.rows.length > 0 ? statementRecords(read.rows) : [] };
}
