import { hash as digest } from "node:crypto";
import { cooperatively } from "#server/lib/cooperative.ts";
import { collectGarbage } from "#server/lib/memory.ts";
import {
  amountColumnProblem,
  importKeySteps,
  importLineKeySteps,
  mapImportRowSteps,
  tableRows,
  type BadRow,
  type CategoryKinds,
  type ImportRow,
  type ImportSetup,
} from "#shared/csv-import.ts";
import { readImportFileSteps } from "#shared/statement-files/detect.ts";
import type { Steps } from "#shared/steps.ts";
import type { ValidationKey } from "#shared/validation.ts";

/**
 * The CPU half of an import: parse the file (CSV, or a statement file: decision 036), check its
 * columns, map its rows to entries and hash each row's identity. It runs on the server's thread
 * a few milliseconds at a time (`cooperatively`, decision 048): the server keeps answering
 * everyone else while 100,000 rows are read, and the rows are made once, in the server's own
 * memory, where the import's statements read them.
 */
export type PreparedImport =
  | { ok: false; field: "text" | "setup.columns"; key: ValidationKey }
  | { ok: true; good: ImportRow[]; bad: BadRow[]; keys: string[]; lineKeys: string[] };

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
  // Hashed row by row: the keys' own text is never all kept at once.
  const lineKeys = yield* importLineKeySteps(records, good, importHash);
  const keys = yield* importKeySteps(good, importHash);
  return { ok: true, good, bad, keys, lineKeys };
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
