import { hash as digest } from "node:crypto";
import { cooperatively } from "#server/lib/cooperative.ts";
import { collectGarbage } from "#server/lib/memory.ts";
import {
  amountColumnProblem,
  cellsByLine,
  importKeyText,
  importLineKeyText,
  KeyNumbering,
  mapImportRowSteps,
  tableRows,
  type BadRow,
  type CategoryKinds,
  type ImportRow,
  type ImportSetup,
} from "#shared/csv-import.ts";
import { readImportFileSteps } from "#shared/statement-files/detect.ts";
import { rowsPerStep, type Steps } from "#shared/steps.ts";
import type { ValidationKey } from "#shared/validation.ts";

/**
 * The CPU half of an import: parse the file (CSV, or a statement file: decision 036), check its
 * columns and map its rows to entries; each row's identity is hashed when its batch is made
 * (`ImportKeys`). It runs on the server's thread a few milliseconds at a time (`cooperatively`,
 * decision 048): the server keeps answering everyone else while 100,000 rows are read, and the
 * rows are made once, in the server's own memory, where the import's statements read them.
 */
export type PreparedImport =
  | { ok: false; field: "text" | "setup.columns"; key: ValidationKey }
  | { ok: true; good: ImportRow[]; bad: BadRow[]; keys: ImportKeys };

export type PrepareInput = {
  text: string;
  setup: ImportSetup;
  categoryKinds: CategoryKinds;
  maxRows: number;
};

/**
 * A row's key as the entries keep it: the first 128 bits of its SHA-256 (decision 051), the
 * first 32 of the hexadecimal digits a key's hash had before, which PostgreSQL reads as a uuid
 * (without its dashes: the shortest text, and the quickest to tell apart in the import's maps).
 */
export function importHash(key: string): string {
  return digest("sha256", key, "hex").slice(0, 32);
}

export function* prepareImportSteps(input: PrepareInput): Steps<PreparedImport> {
  const { setup } = input;
  // A bank's statement file (OFX, CAMT.053, MT940) is known by its content, as in the preview.
  const file = yield* readImportFileSteps(input.text);
  if (!file.ok) return { ok: false, field: "text", key: file.key };
  const { records } = file;
  const dataRows = tableRows(records, setup).length;
  if (dataRows <= 0) return { ok: false, field: "text", key: "csvEmpty" };
  if (dataRows > input.maxRows) return { ok: false, field: "text", key: "csvTooLarge" };
  const width = records.reduce((widest, record) => Math.max(widest, record.cells.length), 0);
  const { date, amount, credit } = setup.columns;
  if (
    date >= width ||
    amount >= width ||
    (setup.kindFrom === "split" && (credit === null || credit === undefined || credit >= width))
  )
    return { ok: false, field: "setup.columns", key: "csvColumnMissing" };
  // Never silently wrong: account or card numbers are not amounts, whatever the preview sent.
  const problem = amountColumnProblem(records, setup);
  if (problem) return { ok: false, field: "setup.columns", key: problem };
  const { good, bad } = yield* mapImportRowSteps(records, setup, {
    categoryKinds: input.categoryKinds,
  });
  return { ok: true, good, bad, keys: new ImportKeys(good, cellsByLine(records)) };
}

/**
 * The hashes of the good rows' two keys (`importKeys` and `importLineKeys` of
 * `shared/csv-import.ts`, each its first 128 bits: `importHash`), made a row at a time as the
 * rows are wanted: an import hashes each batch's rows as it makes the batch, while PostgreSQL
 * works on the one before (decision 051). The rows must be asked for in the file's order, or by
 * date with the file's order kept within a day (`byDate`): rows alike in a key are alike in
 * their date, so both orders number them alike.
 */
export class ImportKeys {
  private readonly keys = new KeyNumbering(importHash);
  private readonly lineKeys = new KeyNumbering(importHash);
  /** By date (`byDate`): the day whose keys the numberings hold. */
  private day: string | undefined;

  constructor(
    private readonly good: readonly ImportRow[],
    private readonly cellsOf: readonly (readonly string[] | undefined)[],
    private readonly dayByDay = false,
  ) {}

  /**
   * The same keys for rows asked for by date (as `byDate` orders them), which keeps one day's
   * keys at a time instead of every key of the file: rows alike in a key are alike in their
   * date, so a day's numbering starts afresh. Looking 100,000 keys up among all the file's took
   * some 0.3 s of an import's 2 s on the server's thread, most of it in the maps' size. A row of
   * an earlier day than the one before is refused: its numbering would be lost.
   */
  byDate(): ImportKeys {
    return new ImportKeys(this.good, this.cellsOf, true);
  }

  /** The good row's hashes (its index in `good`); each row once. */
  of(index: number): { importHash: string; importLineHash: string } {
    const row = this.good[index];
    if (!row) throw new Error(`No good row ${index}.`);
    if (this.dayByDay && row.occurredOn !== this.day) {
      if (this.day !== undefined && row.occurredOn < this.day)
        throw new Error(`Row ${index} of ${row.occurredOn} asked for after ${this.day}.`);
      this.day = row.occurredOn;
      this.keys.clear();
      this.lineKeys.clear();
    }
    return {
      importHash: this.keys.next(importKeyText(row)),
      importLineHash: this.lineKeys.next(importLineKeyText(this.cellsOf[row.line] ?? [])),
    };
  }

  /** Every good row's hashes in the file's order (of keys not asked for before), in steps. */
  *all(): Steps<{ keys: string[]; lineKeys: string[] }> {
    const keys: string[] = [];
    const lineKeys: string[] = [];
    for (let index = 0; index < this.good.length; index++) {
      if ((index + 1) % rowsPerStep === 0) yield;
      const hashes = this.of(index);
      keys.push(hashes.importHash);
      lineKeys.push(hashes.importLineHash);
    }
    return { keys, lineKeys };
  }
}

/**
 * The rows' places in the file, by date, the file's order kept within a day. Each row is one
 * number, its date (20240131) times 2^20 plus its place, sorted as numbers: some 10 ms for
 * 100,000 rows, against 100 ms for comparing their dates as text.
 */
export function byDate(rows: readonly ImportRow[]): number[] {
  const places = 2 ** 20;
  if (rows.length > places) return byDateAsText(rows);
  const keys = new Float64Array(rows.length);
  for (let index = 0; index < rows.length; index++) {
    const day = Number((rows[index]?.occurredOn ?? "").replaceAll("-", ""));
    // Not a date of eight digits (never for a good row): as text.
    if (!Number.isInteger(day) || day < 0 || day >= 1e8) return byDateAsText(rows);
    keys[index] = day * places + index;
  }
  keys.sort();
  return Array.from(keys, (key) => key % places);
}

function byDateAsText(rows: readonly ImportRow[]): number[] {
  return rows
    .map((_, index) => index)
    .sort((a, b) => {
      const first = rows[a]?.occurredOn ?? "";
      const second = rows[b]?.occurredOn ?? "";
      return first < second ? -1 : first > second ? 1 : 0;
    });
}

/** From this size (about 10,000 rows of a bank's export) a file's rows are worth room made first. */
export const collectBeforeCharacters = 1_000_000;

/**
 * Prepares an import on the server's thread, letting other requests in between its steps. A
 * large file's rows (some 40 MB for 100,000) go where the server's garbage was: it is collected
 * first (`collectGarbage`, one pause of tens of milliseconds), so they do not come on top of it.
 */
export function prepareImport(input: PrepareInput): Promise<PreparedImport> {
  if (input.text.length >= collectBeforeCharacters) collectGarbage();
  return cooperatively(prepareImportSteps(input));
}
