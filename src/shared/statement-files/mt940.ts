import { describeBankText, sepaCodes, unprovided } from "./descriptions.ts";
import { oneLine, plainAmount, type StatementRow } from "./records.ts";

/**
 * MT940, SWIFT's customer statement as Dutch banks still offer it (ING, ABN AMRO, Rabobank,
 * Triodos): tagged lines (`:61:` a transaction, `:86:` its description), read by a small parser
 * (decision 036). The `:86:` of SEPA transactions is structured by codes (`/NAME/…/REMI/…`,
 * ING's `/CNTP/IBAN/BIC/name/city/`), German banks' by subfields (`?20` purpose, `?32` name);
 * card payments' free text (ABN AMRO's "BEA … ,PAS123") gives the shop's name too
 * (descriptions.ts).
 */

/** An MT940 file: a `:20:` line and a statement's tags near the start. */
export function isMt940(text: string): boolean {
  const head = text.slice(0, 4000);
  return /^:20:/m.test(head) && /^:(25|28C?|60[FM]|61):/m.test(head);
}

export type Mt940Result = { ok: true; rows: StatementRow[] } | { ok: false };

type Field = { tag: string; line: number; value: string[] };

/** The file's tagged fields, each with its continuation lines; SWIFT's block frame left out. */
function fields(text: string): Field[] {
  const result: Field[] = [];
  let current: Field | null = null;
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = raw.replace(/^\{1:[^}]*\}(\{2:[^}]*\})?(\{3:[^}]*\})?\{4:/, "");
    const tagged = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (tagged) {
      current = { tag: tagged[1] ?? "", line: index + 1, value: [tagged[2] ?? ""] };
      result.push(current);
    } else if (/^-\}?\s*$|^\{5:/.test(line)) {
      current = null;
    } else if (current && line.trim() !== "") {
      current.value.push(line);
    }
  });
  return result;
}

/**
 * `:61:` value date (YYMMDD), optional entry date (MMDD), D/C/RD/RC, an optional funds code,
 * the amount (comma decimal), the transaction type (N + 3), the customer's reference and after
 * `//` the bank's.
 */
const line61 = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d+,\d*)([NFS][A-Z0-9]{3})(.*?)(?:\/\/(.*))?$/;

const fullYear = (yy: string) => (Number(yy) >= 80 ? 1900 : 2000) + Number(yy);

/** The booking (entry) date when given, its year taken from the value date across New Year. */
function bookingDate(valueDate: string, entry: string | undefined): string {
  const year = fullYear(valueDate.slice(0, 2));
  const valueMonth = Number(valueDate.slice(2, 4));
  if (!entry) return `${year}-${valueDate.slice(2, 4)}-${valueDate.slice(4, 6)}`;
  const entryMonth = Number(entry.slice(0, 2));
  const entryYear =
    entryMonth === 12 && valueMonth === 1
      ? year - 1
      : entryMonth === 1 && valueMonth === 12
        ? year + 1
        : year;
  return `${entryYear}-${entry.slice(0, 2)}-${entry.slice(2, 4)}`;
}

/** Counterparty and description of a `:86:` (descriptions.ts); its text when it has neither. */
function describe(lines: readonly string[]): { counterparty: string; description: string } {
  return (
    describeBankText(lines.join(" "), lines.join("")) ?? {
      counterparty: "",
      description: oneLine(lines.join(" ")),
    }
  );
}

/**
 * The transactions of every statement in the file: one row per `:61:`, described by the `:86:`
 * that follows it, in the statement's currency (from `:60F:`). Not an MT940 statement (no
 * opening balance and no transaction): `ok: false`.
 */
export function readMt940(text: string): Mt940Result {
  const all = fields(text);
  if (!all.some((field) => /^(60[FM]|61)$/.test(field.tag))) return { ok: false };
  const rows: StatementRow[] = [];
  let currency = "";
  for (let index = 0; index < all.length; index++) {
    const field = all[index];
    if (!field) continue;
    if (field.tag === "60F" || field.tag === "60M") {
      currency = /^[CD]\d{6}([A-Z]{3})/.exec(field.value[0] ?? "")?.[1] ?? currency;
      continue;
    }
    if (field.tag !== "61") continue;
    const next = all[index + 1];
    const details = next?.tag === "86" ? next.value : [];
    const match = line61.exec((field.value[0] ?? "").trim());
    const { counterparty, description } = describe(details);
    if (!match) {
      rows.push({
        line: field.line,
        date: "",
        amount: "",
        currency,
        counterparty,
        description,
        reference: "",
      });
      continue;
    }
    const mark = match[3] ?? "";
    const out = mark === "D" || mark === "RC";
    const eref = sepaCodes(details.join(""))?.get("EREF");
    rows.push({
      line: field.line,
      date: bookingDate(match[1] ?? "", match[2]),
      amount: plainAmount(match[5] ?? "", out),
      currency,
      counterparty,
      description,
      reference: unprovided(match[8]) || unprovided(match[7]) || unprovided(eref),
    });
  }
  return { ok: true, rows };
}
