import { hash as digest } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
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
import { unpackPrepared, type PackedImport } from "./import-transfer.ts";

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

const hash = (key: string) => digest("sha256", key, "hex");

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

const tsxEntry = new URL("./import-worker.mjs", import.meta.url);
let workerEntry: Promise<URL> | undefined;

/**
 * The worker's code as one plain ES module, bundled by esbuild once per process into
 * node_modules/.cache/hearth (named by its content; the packages it imports are loaded from
 * node_modules as usual). A worker that loads TypeScript through tsx spent about 750 ms starting
 * (its own loader thread compiling every file) before reading the first row; this one starts in
 * a fraction of that. Where that folder cannot be written, the tsx entry is used.
 */
export function bundledWorker(): Promise<URL> {
  workerEntry ??= (async () => {
    const { build } = await import("esbuild");
    const root = fileURLToPath(new URL("../../../../", import.meta.url));
    const result = await build({
      entryPoints: [fileURLToPath(new URL("./import-worker.ts", import.meta.url))],
      absWorkingDir: root,
      bundle: true,
      packages: "external",
      platform: "node",
      format: "esm",
      target: "node20",
      write: false,
      logLevel: "silent",
    });
    const code = result.outputFiles[0]?.text;
    if (!code) throw new Error("esbuild wrote no worker.");
    const folder = join(root, "node_modules", ".cache", "hearth");
    const file = join(folder, `import-worker-${digest("sha256", code, "hex").slice(0, 16)}.mjs`);
    if (!existsSync(file)) {
      mkdirSync(folder, { recursive: true });
      // Written beside and renamed: another Hearth on this folder never reads half a file.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, code);
      renameSync(partial, file);
    }
    return pathToFileURL(file);
  })().catch(() => tsxEntry);
  return workerEntry;
}

export async function prepareImport(input: PrepareInput): Promise<PreparedImport> {
  if (input.text.length < workerFromBytes) return prepareImportHere(input);
  const entry = await bundledWorker();
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, { workerData: input });
    let answered = false;
    worker.once("message", (packed: PackedImport) => {
      answered = true;
      void worker.terminate();
      try {
        resolve(unpackPrepared(packed));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
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
