import type { ImportRow } from "#shared/csv-import.ts";
import type { PreparedImport } from "./import-prepare.ts";

/**
 * A prepared import as it crosses from the worker thread to the server's thread. Copying
 * 100,000 row objects and 200,000 hashes one by one cost the server's thread about 300 ms, during
 * which no one else was answered; columns cost a fraction of that: numbers in typed arrays (moved,
 * not copied), texts that repeat (dates, categories, counterparties) once each with an index per
 * row, and the hashes (64 hex characters each) as one string.
 */
export type PackedImport =
  | Extract<PreparedImport, { ok: false }>
  | {
      ok: true;
      count: number;
      bad: Extract<PreparedImport, { ok: true }>["bad"];
      line: Int32Array;
      /** 1: income, 0: expense. */
      income: Uint8Array;
      amountCents: Float64Array;
      occurredOn: Dictionary;
      category: Dictionary;
      merchant: Dictionary;
      notes: (string | null)[];
      reference: (string | null)[];
      /** The hashes one after another, `hashLength` characters each. */
      keys: string;
      lineKeys: string;
    };

type Dictionary = { values: (string | null)[]; index: Int32Array };

const hashLength = 64;

function dictionary(rows: readonly ImportRow[], field: (row: ImportRow) => string | null) {
  const seen = new Map<string | null, number>();
  const values: (string | null)[] = [];
  const index = new Int32Array(rows.length);
  rows.forEach((row, i) => {
    const value = field(row);
    let at = seen.get(value);
    if (at === undefined) {
      at = values.length;
      values.push(value);
      seen.set(value, at);
    }
    index[i] = at;
  });
  return { values, index };
}

function joinHashes(hashes: readonly string[]): string {
  if (hashes.some((hash) => hash.length !== hashLength))
    throw new Error("An import hash is not 64 hex characters.");
  return hashes.join("");
}

/** Columns of a prepared import, and the buffers to move along with them (`postMessage`). */
export function packPrepared(prepared: PreparedImport): {
  packed: PackedImport;
  transfer: ArrayBuffer[];
} {
  if (!prepared.ok) return { packed: prepared, transfer: [] };
  const { good } = prepared;
  const packed: PackedImport = {
    ok: true,
    count: good.length,
    bad: prepared.bad,
    line: Int32Array.from(good, (row) => row.line),
    income: Uint8Array.from(good, (row) => (row.kind === "income" ? 1 : 0)),
    amountCents: Float64Array.from(good, (row) => row.amountCents),
    occurredOn: dictionary(good, (row) => row.occurredOn),
    category: dictionary(good, (row) => row.category),
    merchant: dictionary(good, (row) => row.merchant),
    notes: good.map((row) => row.notes),
    reference: good.map((row) => row.reference),
    keys: joinHashes(prepared.keys),
    lineKeys: joinHashes(prepared.lineKeys),
  };
  const transfer = [
    packed.line,
    packed.income,
    packed.amountCents,
    packed.occurredOn.index,
    packed.category.index,
    packed.merchant.index,
  ].map((array) => array.buffer as ArrayBuffer);
  return { packed, transfer };
}

const splitHashes = (joined: string, count: number) =>
  Array.from({ length: count }, (_, i) => joined.slice(i * hashLength, (i + 1) * hashLength));

/** The prepared import again, as `prepareImportHere` answered it in the worker. */
export function unpackPrepared(packed: PackedImport): PreparedImport {
  if (!packed.ok) return packed;
  const at = (dictionary: Dictionary, i: number) => dictionary.values[dictionary.index[i] ?? -1];
  const good: ImportRow[] = Array.from({ length: packed.count }, (_, i) => ({
    line: packed.line[i] ?? 0,
    kind: packed.income[i] === 1 ? "income" : "expense",
    amountCents: packed.amountCents[i] ?? 0,
    occurredOn: at(packed.occurredOn, i) ?? "",
    category: at(packed.category, i) ?? "",
    merchant: at(packed.merchant, i) ?? null,
    notes: packed.notes[i] ?? null,
    reference: packed.reference[i] ?? null,
  }));
  return {
    ok: true,
    good,
    bad: packed.bad,
    keys: splitHashes(packed.keys, packed.count),
    lineKeys: splitHashes(packed.lineKeys, packed.count),
  };
}
