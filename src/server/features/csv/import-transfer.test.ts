import { describe, expect, it } from "vitest";
import {
  bundledWorker,
  prepareImport,
  prepareImportHere,
  workerFromBytes,
} from "./import-prepare.ts";
import { packPrepared, unpackPrepared } from "./import-transfer.ts";

const setup = {
  columns: { date: 0, amount: 1, category: 2, merchant: 3, notes: 4 },
  hasHeader: true,
  dateFormat: "YYYY-MM-DD",
  decimal: "dot",
  kindFrom: "sign",
  defaultKind: "expense",
  defaultCategory: null,
} as const;

/** Rows of every shape: income and expense, empty counterparty and notes, accents, repeats. */
function file(rows: number): string {
  const lines = ["date,amount,category,merchant,notes"];
  for (let i = 0; i < rows; i++) {
    const income = i % 9 === 0;
    lines.push(
      [
        `2025-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
        `${income ? "" : "-"}${1 + (i % 500)}.${String(i % 100).padStart(2, "0")}`,
        income ? "Salaris" : `Café ${i % 5}`,
        i % 7 === 0 ? "" : `Müller ${i % 11}`,
        i % 3 === 0 ? "" : `row ${i} of a file large enough for the worker`,
      ].join(","),
    );
  }
  lines.push("2025-13-01,-1.00,Bad,Shop,a bad date");
  return lines.join("\n");
}

describe("a prepared import crossing from the worker", () => {
  const input = (text: string) => ({
    text,
    setup,
    categoryKinds: new Map(),
    maxRows: 100_000,
  });

  it("arrives in columns exactly as it was read", () => {
    const prepared = prepareImportHere(input(file(500)));
    expect(prepared.ok).toBe(true);
    const { packed, transfer } = packPrepared(prepared);
    expect(transfer.length).toBeGreaterThan(0);
    // Moved like postMessage would (a copy of the structure, the buffers handed over).
    const arrived = structuredClone(packed, { transfer });
    expect(unpackPrepared(arrived)).toEqual(prepared);
  });

  it("is read by a worker from one bundled module, not through tsx, with the same answer", async () => {
    const entry = await bundledWorker();
    expect(entry.pathname).toMatch(
      /node_modules\/\.cache\/hearth\/import-worker-[0-9a-f]{16}\.mjs$/,
    );
    const text = file(6_000);
    expect(text.length).toBeGreaterThan(workerFromBytes);
    expect(await prepareImport(input(text))).toEqual(prepareImportHere(input(text)));
  });
});
