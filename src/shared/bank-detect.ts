/**
 * The bank a CSV export comes from, when its first lines say so: a bank's own header names or
 * title, else the bank code of the account's IBAN (NL00INGB…). Only for the import's history
 * (decision 031); how a file is read never depends on it. Null when nothing is sure.
 */

const byHeader: readonly { bank: string; words: readonly string[] }[] = [
  { bank: "ING", words: ["naam / omschrijving", "af bij"] },
  { bank: "ING", words: ["name / description", "debit/credit"] },
  { bank: "Rabobank", words: ["iban/bban", "volgnr"] },
  { bank: "KNAB", words: ["knab export"] },
  { bank: "Revolut", words: ["started date", "completed date"] },
  { bank: "Starling", words: ["counter party", "spending category"] },
  { bank: "American Express", words: ["card member", "account #"] },
  { bank: "Sparkasse", words: ["auftraggeber/zahlungsempfänger", "umsatz"] },
  { bank: "DKB", words: ["girokonto", "gläubiger-id"] },
];

/** Bank codes in Dutch IBANs (positions 5–8). */
const byIbanCode: Record<string, string> = {
  INGB: "ING",
  RABO: "Rabobank",
  ABNA: "ABN AMRO",
  ASNB: "ASN Bank",
  SNSB: "SNS",
  RBRB: "RegioBank",
  TRIO: "Triodos",
  BUNQ: "bunq",
  KNAB: "KNAB",
  FVLB: "Van Lanschot",
};

export function detectBank(text: string): string | null {
  const head = text.slice(0, 4000);
  const lower = head.toLowerCase();
  for (const { bank, words } of byHeader) {
    if (words.every((word) => lower.includes(word))) return bank;
  }
  // The account's own IBAN sits in every row of most Dutch exports: the code seen most often.
  const counts = new Map<string, number>();
  for (const match of head.matchAll(/\bNL\d{2}([A-Z]{4})\d{10}\b/g)) {
    const bank = byIbanCode[match[1] ?? ""];
    if (bank) counts.set(bank, (counts.get(bank) ?? 0) + 1);
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
