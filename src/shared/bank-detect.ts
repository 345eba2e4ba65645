import { banksByIbanCode, recogniseBank } from "./bank-presets.ts";
import { parseCsv } from "./csv-import.ts";

/**
 * The bank a CSV export comes from, as the key the import's history keeps (`bankName` shows it):
 * the preset whose layout the file's first lines are in (shared/bank-presets.ts), else the bank
 * code of the account's IBAN (NL00INGB…) seen in most of them. Null when nothing is sure. The
 * server names the bank of an import the preview did not name; how a file is read never depends
 * on it.
 */
export function detectBank(text: string): string | null {
  // The first 30 lines are enough for every layout (and cheap for a file of 100,000 rows).
  const head = text.slice(0, 16_000);
  const cut = head.length < text.length ? head.slice(0, head.lastIndexOf("\n") + 1) : head;
  const recognised = recogniseBank(parseCsv(cut).records);
  if (recognised) return recognised.preset.key;
  // The account's own IBAN sits in every row of most Dutch exports: the code seen most often.
  const counts = new Map<string, number>();
  for (const match of head.matchAll(/\bNL\d{2}([A-Z]{4})\d{10}\b/g)) {
    const bank = banksByIbanCode[match[1] ?? ""];
    if (bank) counts.set(bank.key, (counts.get(bank.key) ?? 0) + 1);
  }
  let best: string | null = null;
  let bestCount = 1;
  for (const [bank, count] of counts) {
    if (count > bestCount) {
      best = bank;
      bestCount = count;
    }
  }
  return best;
}
