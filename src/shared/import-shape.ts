import {
  dateFormats,
  looksLikeAccountNumber,
  normaliseWord,
  parseAmount,
  parseCsv,
  parseDate,
} from "./csv-import.ts";

/**
 * A file's shape, the key under which a household's last mapping for it is remembered (decision
 * 035): its delimiter, its usual number of cells, and its header row (the first row of that
 * width, when none of its cells is a date, an amount or an account number), normalised and
 * hashed. Files of one bank's layout share it whatever their rows; a file without a header is
 * known by its delimiter and width alone. Computed alike in the preview and on the server, from
 * the first 64 KB of the text.
 */
export function importShape(text: string): string {
  const head = text.length > 65_536 ? text.slice(0, text.lastIndexOf("\n", 65_536) + 1) : text;
  const { delimiter, records } = parseCsv(head);
  const opening = records.slice(0, 50);
  const widths = new Map<number, number>();
  for (const record of opening)
    widths.set(record.cells.length, (widths.get(record.cells.length) ?? 0) + 1);
  let width = 0;
  let most = 0;
  for (const [cells, times] of widths) {
    if (times > most || (times === most && cells > width)) [width, most] = [cells, times];
  }
  const lead = opening.find((record) => record.cells.length === width)?.cells ?? [];
  const isValue = (cell: string) =>
    cell.trim() !== "" &&
    (parseAmount(cell, "comma") !== null ||
      parseAmount(cell, "dot") !== null ||
      looksLikeAccountNumber(cell) ||
      dateFormats.some((format) => parseDate(cell, format) !== null));
  const header = lead.some(isValue) ? "" : lead.map((cell) => normaliseWord(cell)).join("\u001f");
  const delimiterName = { ";": "semicolon", ",": "comma", "\t": "tab", "|": "pipe" }[delimiter];
  return `${delimiterName ?? "other"}-${width}-${hash(header)}`;
}

/** Two 32-bit FNV-1a hashes of the text (different offsets) as 16 hex digits. Not for secrets. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/** What a shape looks like (`importShape`'s answer), for the route that reads a mapping back. */
export const importShapePattern = /^(semicolon|comma|tab|pipe|other)-\d{1,4}-[0-9a-f]{16}$/;
