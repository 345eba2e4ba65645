import {
  decodeEntities,
  isoDay,
  lineCounter,
  oneLine,
  plainAmount,
  type StatementRow,
} from "./records.ts";

/**
 * OFX and QFX (Quicken's OFX): version 1 is SGML, whose leaf elements have no closing tag
 * (`<TRNAMT>-12.50`), version 2 is XML (`<TRNAMT>-12.50</TRNAMT>`). Both are read by one small
 * tokenizer (decision 036): every tag with the text after it up to the next tag; an aggregate
 * (`<STMTTRN>`…`</STMTTRN>`) is closed in both versions. No DTD is read and no entity but XML's
 * predefined ones and character references is expanded.
 */

/** An OFX or QFX file, by its header or its root element near the start. */
export function isOfx(text: string): boolean {
  const head = text.slice(0, 4000);
  return /^\s*OFXHEADER\s*:/im.test(head) || /<\?OFX\b/i.test(head) || /<OFX>/i.test(head);
}

export type OfxResult = { ok: true; rows: StatementRow[] } | { ok: false };

const tagPattern = /<(\/?)([A-Za-z][A-Za-z0-9._]*)\s*>([^<]*)/g;

/** The aggregates a transaction may hold (the rest of its elements are leaves). */
const aggregates = new Set([
  "PAYEE",
  "CURRENCY",
  "ORIGCURRENCY",
  "BANKACCTTO",
  "CCACCTTO",
  "IMAGEDATA",
]);

type Draft = {
  line: number;
  fields: Map<string, string>;
  /** The aggregates open inside the transaction (PAYEE, CURRENCY, ORIGCURRENCY, ...). */
  path: string[];
};

/**
 * The transactions of every statement in the file (bank and credit card), each in its
 * statement's currency (CURDEF) unless the transaction names its own (CURRENCY/CURSYM). Not OFX
 * (no OFX root, an unclosed transaction): `ok: false`.
 */
export function readOfx(text: string): OfxResult {
  if (!/<OFX>/i.test(text)) return { ok: false };
  const lineOf = lineCounter(text);
  const rows: StatementRow[] = [];
  let currency = "";
  let draft: Draft | null = null;
  for (const match of text.matchAll(tagPattern)) {
    const closing = match[1] === "/";
    const name = (match[2] ?? "").toUpperCase();
    const value = decodeEntities((match[3] ?? "").trim());
    if (name === "STMTTRN") {
      if (closing === (draft === null)) return { ok: false };
      if (!closing) draft = { line: lineOf(match.index), fields: new Map(), path: [] };
      else if (draft) {
        rows.push(toRow(draft, currency));
        draft = null;
      }
      continue;
    }
    if (!draft) {
      if (name === "CURDEF" && !closing) currency = value.toUpperCase();
      continue;
    }
    if (closing) {
      const at = draft.path.lastIndexOf(name);
      if (at !== -1) draft.path.length = at;
      continue;
    }
    if (value === "") {
      // SGML leaves an empty element unclosed: only an aggregate opens a level.
      if (aggregates.has(name)) draft.path.push(name);
      continue;
    }
    const key = [...draft.path, name].join("/");
    if (!draft.fields.has(key)) draft.fields.set(key, value);
  }
  if (draft) return { ok: false };
  return { ok: true, rows };
}

function toRow(draft: Draft, statementCurrency: string): StatementRow {
  const field = (...keys: string[]) => {
    for (const key of keys) {
      const value = draft.fields.get(key);
      if (value) return oneLine(value);
    }
    return "";
  };
  const name = field("PAYEE/NAME", "NAME");
  const memo = field("MEMO");
  return {
    line: draft.line,
    date: isoDay(field("DTPOSTED", "DTUSER")),
    amount: plainAmount(field("TRNAMT")),
    // CURRENCY: the amount is in that currency; ORIGCURRENCY: it was converted to CURDEF.
    currency: (field("CURRENCY/CURSYM") || statementCurrency).toUpperCase(),
    counterparty: name,
    description: memo && memo !== name ? memo : "",
    reference: field("FITID", "REFNUM", "CHECKNUM"),
  };
}
