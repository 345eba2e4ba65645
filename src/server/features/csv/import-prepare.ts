import { createHash } from "node:crypto";
import { Worker } from "node:worker_threads";
import {
  amountColumnProblem,
  importKeys,
  importLineKeys,
  mapImportRows,
  tableRows,
  type BadRow,
  type CategoryKinds,
  type ImportRow,
  type ImportSetup,
} from "#shared/csv-import.ts";
import { readImportFile } from "#shared/statement-files/detect.ts";
import type { ValidationKey } from "#shared/validation.ts";

/**
 * The CPU half of an import: parse the file (CSV, or a statement file: decision 036), check its columns, map its rows to entries and hash
 * each row's identity. For a large file (over `workerFromBytes`) it runs in a worker thread
 * (`import-worker.ts`), so the server keeps answering everyone else while 100,000 rows are read;
 * a small file is read in place (a worker's start costs more than the file).
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

/** Files from this size are read in a worker thread (about 2,000 rows of a bank's export). */
export const workerFromBytes = 200_000;

const hash = (key: string) => createHash("sha256").update(key).digest("hex");

export function prepareImportHere(input: PrepareInput): PreparedImport {
  const { setup } = input;
  // A bank's statement file (OFX, CAMT.053, MT940) is known by its content, as in the preview.
  const file = readImportFile(input.text);
  if (!file.ok) return { ok: false, field: "text", key: file.key };
  const { records } = file;
  const dataRows = tableRows(records, setup).length;
  if (dataRows <= 0) return { ok: false, field: "text", key: "csvEmpty" };
  if (dataRows > input.maxRows) return { ok: false, field: "text", key: "csvTooLarge" };
  const width = Math.max(...records.map((record) => record.cells.length));
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
  const { good, bad } = mapImportRows(records, setup, { categoryKinds: input.categoryKinds });
  return {
    ok: true,
    good,
    bad,
    keys: importKeys(good).map(hash),
    lineKeys: importLineKeys(records, good).map(hash),
  };
}

export function prepareImport(input: PrepareInput): Promise<PreparedImport> {
  if (input.text.length < workerFromBytes) return Promise.resolve(prepareImportHere(input));
  return new Promise((resolve, reject) => {
    // The server runs from TypeScript: the worker's entry loads it the same way (tsx).
    const worker = new Worker(new URL("./import-worker.mjs", import.meta.url), {
      workerData: input,
    });
    let answered = false;
    worker.once("message", (prepared: PreparedImport) => {
      answered = true;
      resolve(prepared);
      void worker.terminate();
    });
    worker.once("error", (error) => {
      answered = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`The import's worker stopped (exit code ${code}).`));
    });
  });
}
