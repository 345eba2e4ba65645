import { hash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountColumnProblem,
  importKeys,
  importLineKeys,
  mapImportRows,
  parseCsv,
  type ImportRow,
} from "#shared/csv-import.ts";
import { runSteps } from "#shared/steps.ts";
import { byDate, prepareImport } from "./import-prepare.ts";

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
        // Every 1,000th row twice: numbered "#0" and "#1".
        i % 3 === 0 ? "" : `row ${i - (i % 1000 === 1 ? 1 : 0)} of a large file`,
      ].join(","),
    );
  }
  lines.push("2025-13-01,-1.00,Bad,Shop,a bad date");
  return lines.join("\n");
}

const input = (text: string) => ({ text, setup, categoryKinds: new Map(), maxRows: 100_000 });
/** The first 128 bits of the key's SHA-256, as 32 hexadecimal digits (decision 051). */
const sha256 = (key: string) => hash("sha256", key, "hex").slice(0, 32);

describe("preparing an import on the server's thread", () => {
  it("answers what the preview's functions answer, with each key hashed", async () => {
    const text = file(3_000);
    const prepared = await prepareImport(input(text));
    const { records } = parseCsv(text);
    expect(amountColumnProblem(records, setup)).toBeNull();
    const { good, bad } = mapImportRows(records, setup, { categoryKinds: new Map() });
    if (!prepared.ok) throw new Error("The file did not prepare.");
    expect({ good: prepared.good, bad: prepared.bad }).toEqual({ good, bad });
    const { keys, lineKeys } = runSteps(prepared.keys.all());
    expect(keys).toEqual(importKeys(good).map(sha256));
    expect(lineKeys).toEqual(importLineKeys(records, good).map(sha256));
    expect(bad).toEqual([{ line: 3_002, errors: ["dateInvalid"] }]);
    expect(new Set(keys).size).toBe(3_000);
  });

  it("hashes rows asked for by date as it hashes them in the file's order", async () => {
    // Rows alike on different days and on one day, the file's lines in no order of date.
    const lines = ["date,amount,category,merchant,notes"];
    for (let i = 0; i < 400; i++) {
      const day = String(1 + ((i * 7) % 28)).padStart(2, "0");
      // Every third row alike in all but its date; every fifth repeated on its own day too.
      const notes = i % 3 === 0 ? "same" : `row ${i}`;
      lines.push(`2025-03-${day},-${1 + (i % 4)}.00,Café,Bakker,${notes}`);
      if (i % 5 === 0) lines.push(`2025-03-${day},-${1 + (i % 4)}.00,Café,Bakker,${notes}`);
    }
    const text = lines.join("\n");
    const inFileOrder = await prepareImport(input(text));
    const inDateOrder = await prepareImport(input(text));
    if (!inFileOrder.ok || !inDateOrder.ok) throw new Error("The file did not prepare.");
    const expected = runSteps(inFileOrder.keys.all());
    const order = byDate(inDateOrder.good);
    expect(order).not.toEqual(order.toSorted((a, b) => a - b));
    // Asked for by date, from the keys of the file's order and from those kept a day at a time.
    for (const asked of [inDateOrder.keys, inFileOrder.keys.byDate()]) {
      const keys: string[] = [];
      const lineKeys: string[] = [];
      for (const index of order) {
        const hashes = asked.of(index);
        keys[index] = hashes.importHash;
        lineKeys[index] = hashes.importLineHash;
      }
      expect({ keys, lineKeys }).toEqual(expected);
      // Rows alike were numbered apart, so every row has keys of its own.
      expect(new Set(keys).size).toBe(inFileOrder.good.length);
      expect(new Set(lineKeys).size).toBe(inFileOrder.good.length);
    }
  });

  it("keeps one day's keys at a time when asked by date, and refuses an earlier day", async () => {
    const text = ["date,amount,category,merchant,notes"]
      .concat(["2025-03-02", "2025-03-01", "2025-03-02"].map((day) => `${day},-2.00,Café,Bakker,`))
      .join("\n");
    const prepared = await prepareImport(input(text));
    if (!prepared.ok) throw new Error("The file did not prepare.");
    const expected = runSteps(prepared.keys.all());
    const byDay = prepared.keys.byDate();
    const order = [1, 0, 2];
    expect(order.map((index) => byDay.of(index))).toEqual(
      order.map((index) => ({
        importHash: expected.keys[index],
        importLineHash: expected.lineKeys[index],
      })),
    );
    // The two rows alike on 2 March are numbered apart ("#0", "#1") after 1 March's was kept.
    expect(expected.keys[0]).not.toBe(expected.keys[2]);
    expect(expected.lineKeys[0]).not.toBe(expected.lineKeys[2]);
    const again = prepared.keys.byDate();
    again.of(0);
    expect(() => again.of(1)).toThrow(/asked for after/);
  });

  it("orders rows by date, the file's order kept within a day", () => {
    const day = fc
      .record({
        year: fc.integer({ min: 1900, max: 2199 }),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 1, max: 28 }),
      })
      .map(
        (d) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`,
      );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(day, fc.constantFrom("2025-03-01", "2025-03-02")), { maxLength: 300 }),
        (days) => {
          const rows = days.map((occurredOn) => ({ occurredOn }) as ImportRow);
          // By comparing each pair: the order meant (the sort is stable).
          const meant = days
            .map((_, index) => index)
            .sort((a, b) => {
              const [first, second] = [days[a] ?? "", days[b] ?? ""];
              return first < second ? -1 : first > second ? 1 : 0;
            });
          expect(byDate(rows)).toEqual(meant);
        },
      ),
    );
  });

  it("lets the event loop run between its steps while it reads a large file", async () => {
    // A timer asked for before the preparation: it can only fire if the preparation gives the
    // thread back (work done in one go would let it fire only afterwards).
    const text = file(60_000);
    let turns = 0;
    const timer = setInterval(() => (turns += 1), 1);
    const prepared = await prepareImport(input(text)).finally(() => clearInterval(timer));
    expect(prepared.ok && prepared.good.length).toBe(60_000);
    expect(turns).toBeGreaterThan(3);
  });

  it("refuses a file of more rows than allowed before mapping any", async () => {
    expect(await prepareImport({ ...input(file(50)), maxRows: 49 })).toEqual({
      ok: false,
      field: "text",
      key: "csvTooLarge",
    });
  });
});
