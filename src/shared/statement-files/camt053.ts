import { XMLParser, XMLValidator } from "fast-xml-parser";
import {
  decodeEntities,
  isoDay,
  lineCounter,
  oneLine,
  plainAmount,
  type StatementRow,
} from "./records.ts";

/**
 * CAMT.053, ISO 20022's bank-to-customer statement (and CAMT.052's account report, its intraday
 * twin): XML read with fast-xml-parser (decision 036). A file with a DTD is refused (no entity a
 * file declares is ever expanded); only XML's predefined entities are read.
 */

/** A CAMT.053 (or .052) document, by its namespace or its statement element near the start. */
export function isCamt(text: string): boolean {
  const head = text.slice(0, 4000);
  return /camt\.05[23]/i.test(head) || /<(\w+:)?(BkToCstmrStmt|BkToCstmrAcctRpt)\b/.test(head);
}

export type CamtResult = { ok: true; rows: StatementRow[] } | { ok: false };

/** Elements that may repeat: always read as lists. */
const repeated = new Set(["Stmt", "Rpt", "Ntry", "NtryDtls", "TxDtls", "Ustrd", "Strd", "Ref"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  captureMetaData: true,
  isArray: (name) => repeated.has(name),
});
const meta = XMLParser.getMetaDataSymbol();

type Node = { [key: string]: unknown };

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null;
const child = (node: unknown, ...path: string[]): unknown => {
  let at = node;
  for (const name of path) {
    if (Array.isArray(at)) at = at[0];
    at = isNode(at) ? at[name] : undefined;
  }
  return at;
};
const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
/** An element's text (its `#text` when it has attributes), entities read, on one line. */
const text = (value: unknown): string => {
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === "string") return oneLine(decodeEntities(value));
  if (isNode(value) && typeof value["#text"] === "string") return text(value["#text"]);
  return "";
};
const textAt = (node: unknown, ...path: string[]) => text(child(node, ...path));
const notProvided = (value: string) => (/^NOTPROVIDED$/i.test(value) ? "" : value);

/** A party's name: `Nm` directly (versions up to 07) or under `Pty` (08 and later). */
const partyName = (party: unknown) => textAt(party, "Nm") || textAt(party, "Pty", "Nm");

/** Where an element starts in the file (the parser's metadata), 0 when it is not known. */
const startOf = (node: Node): number =>
  (node[meta as unknown as string] as { startIndex?: number } | undefined)?.startIndex ?? 0;

/** An amount element's currency (its `Ccy` attribute), upper case; empty when it has none. */
const currencyOf = (amount: unknown): string =>
  isNode(amount) && typeof amount["@Ccy"] === "string" ? amount["@Ccy"].trim().toUpperCase() : "";

/**
 * The booked entries of every statement of the file: the amount signed by CdtDbtInd (DBIT is
 * money out), the booking date (else the value date), the other party (the creditor of money
 * out, the debtor of money in), the remittance information as the description, and the bank's
 * reference of the entry (AcctSvcrRef, else NtryRef, else the transaction's references). One row
 * per entry, except a batch whose transactions each carry an amount adding up to the entry's:
 * one row per transaction then (`batchRows`). Not a well-formed CAMT document: `ok: false`.
 */
export function readCamt(source: string): CamtResult {
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) return { ok: false };
  if (XMLValidator.validate(source) !== true) return { ok: false };
  let document: unknown;
  try {
    document = parser.parse(source);
  } catch {
    return { ok: false };
  }
  const root = child(document, "Document");
  const body = child(root, "BkToCstmrStmt") ?? child(root, "BkToCstmrAcctRpt");
  if (!isNode(body)) return { ok: false };
  const statements = [...list(body["Stmt"]), ...list(body["Rpt"])];
  if (statements.length === 0) return { ok: false };
  const lineOf = lineCounter(source);
  const rows: StatementRow[] = [];
  for (const statement of statements) {
    const accountCurrency = textAt(statement, "Acct", "Ccy");
    for (const entry of list(child(statement, "Ntry"))) {
      if (!isNode(entry)) continue;
      const status = textAt(entry, "Sts", "Cd") || textAt(entry, "Sts");
      if (status && status.toUpperCase() !== "BOOK") continue;
      const line = lineOf(startOf(entry));
      const transactions = list(child(entry, "NtryDtls")).flatMap((details) =>
        list(child(details, "TxDtls")),
      );
      const batch =
        transactions.length > 1 ? batchRows(entry, transactions, accountCurrency, lineOf) : null;
      rows.push(...(batch ?? [entryRow(entry, transactions, accountCurrency, line)]));
    }
  }
  return { ok: true, rows };
}

/** The entry's own facts every row of it shares. */
function entryFacts(entry: Node, accountCurrency: string) {
  const out = textAt(entry, "CdtDbtInd").toUpperCase() === "DBIT";
  const amount = child(entry, "Amt");
  return {
    out,
    amount: plainAmount(text(amount), out),
    currency: currencyOf(amount) || accountCurrency.trim().toUpperCase(),
    date: isoDay(
      textAt(entry, "BookgDt", "Dt") ||
        textAt(entry, "BookgDt", "DtTm") ||
        textAt(entry, "ValDt", "Dt") ||
        textAt(entry, "ValDt", "DtTm"),
    ),
    reference: textAt(entry, "AcctSvcrRef") || textAt(entry, "NtryRef"),
  };
}

/** A transaction's other party: the creditor of money out, the debtor of money in. */
function counterpartyOf(transaction: unknown, out: boolean): string {
  const parties = child(transaction, "RltdPties");
  return out
    ? partyName(child(parties, "Cdtr")) || partyName(child(parties, "UltmtCdtr"))
    : partyName(child(parties, "Dbtr")) || partyName(child(parties, "UltmtDbtr"));
}

/**
 * A transaction's own words: its free remittance text, else its structured creditor references,
 * else its AddtlTxInf; empty when it has none.
 */
function wordsOf(transaction: unknown): string {
  const remittance = child(transaction, "RmtInf");
  const unstructured = list(child(remittance, "Ustrd")).map(text).filter(Boolean).join(" ");
  const structured = list(child(remittance, "Strd"))
    .map((item) => textAt(item, "CdtrRefInf", "Ref"))
    .filter(Boolean)
    .join(" ");
  return unstructured || structured || textAt(transaction, "AddtlTxInf");
}

/**
 * An entry as one row. A single transaction's parties and remittance describe it; a batch (its
 * transactions' amounts missing or not adding up) keeps the entry's total and the entry's text.
 */
function entryRow(
  entry: Node,
  transactions: unknown[],
  accountCurrency: string,
  line: number,
): StatementRow {
  const facts = entryFacts(entry, accountCurrency);
  const only = transactions.length === 1 ? transactions[0] : undefined;
  return {
    line,
    date: facts.date,
    amount: facts.amount,
    currency: facts.currency,
    counterparty: counterpartyOf(only, facts.out),
    description: oneLine(wordsOf(only) || textAt(entry, "AddtlNtryInf")),
    reference:
      facts.reference ||
      textAt(only, "Refs", "AcctSvcrRef") ||
      notProvided(textAt(only, "Refs", "EndToEndId")) ||
      textAt(only, "Refs", "TxId"),
  };
}

/**
 * A batch transaction's own amount: `Amt` (camt.053.001.08 and later), else AmtDtls' TxAmt,
 * else its InstdAmt (what was ordered, perhaps in another currency).
 */
const ownAmount = (transaction: unknown): unknown =>
  [
    child(transaction, "Amt"),
    child(transaction, "AmtDtls", "TxAmt", "Amt"),
    child(transaction, "AmtDtls", "InstdAmt", "Amt"),
  ].find((amount) => text(amount) !== "");

/** A plain amount ("-12.50") as an integer of 10^-scale units: exact, never a float. */
function units(amount: string, scale: number): bigint {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction = ""] = amount.replace(/^-/, "").split(".");
  const value = BigInt(whole + fraction.padEnd(scale, "0"));
  return negative ? -value : value;
}

const decimals = (amount: string) => amount.length - amount.indexOf(".") - 1;

/**
 * A batch entry (several TxDtls: a collective direct debit, a batch of payments) as one row per
 * transaction, when every transaction has an amount of its own in the entry's currency and their
 * signed sum is exactly the entry's amount; else null (the entry stays one row). Each row has
 * the entry's date, its own sign (its CdtDbtInd, else the entry's), party, words (else the
 * entry's AddtlNtryInf) and the line its TxDtls starts on. Its reference, the same in every
 * download of the statement: its own AcctSvcrRef, else the entry's reference with its EndToEndId
 * or TxId, else the entry's reference with its place in the batch ("…/2"); all by place when
 * these are not different from each other.
 */
function batchRows(
  entry: Node,
  transactions: unknown[],
  accountCurrency: string,
  lineOf: (index: number) => number,
): StatementRow[] | null {
  const facts = entryFacts(entry, accountCurrency);
  if (facts.amount === "" || !transactions.every(isNode)) return null;
  const parts: { transaction: Node; out: boolean; amount: string }[] = [];
  for (const transaction of transactions) {
    const amount = ownAmount(transaction);
    const currency = currencyOf(amount);
    if (amount === undefined || (currency !== "" && currency !== facts.currency)) return null;
    const indicator = textAt(transaction, "CdtDbtInd").toUpperCase();
    const out = indicator ? indicator === "DBIT" : facts.out;
    const signed = plainAmount(text(amount), out);
    if (signed === "") return null;
    parts.push({ transaction, out, amount: signed });
  }
  const scale = parts.reduce(
    (most, part) => Math.max(most, decimals(part.amount)),
    decimals(facts.amount),
  );
  const sum = parts.reduce((total, part) => total + units(part.amount, scale), 0n);
  if (sum !== units(facts.amount, scale)) return null;

  const byPlace = (i: number) => (facts.reference ? `${facts.reference}/${i + 1}` : "");
  const own = parts.map(({ transaction }, i) => {
    const servicer = textAt(transaction, "Refs", "AcctSvcrRef");
    if (servicer && servicer !== facts.reference) return servicer;
    const id =
      notProvided(textAt(transaction, "Refs", "EndToEndId")) || textAt(transaction, "Refs", "TxId");
    if (id) return facts.reference ? `${facts.reference}/${id}` : id;
    return byPlace(i);
  });
  const given = own.filter(Boolean);
  const references = new Set(given).size === given.length ? own : own.map((_, i) => byPlace(i));
  const entryWords = textAt(entry, "AddtlNtryInf");
  return parts.map(({ transaction, out, amount }, i) => ({
    line: lineOf(startOf(transaction)),
    date: facts.date,
    amount,
    currency: facts.currency,
    counterparty: counterpartyOf(transaction, out),
    description: oneLine(wordsOf(transaction) || entryWords),
    reference: references[i] ?? "",
  }));
}
