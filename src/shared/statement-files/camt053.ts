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

/**
 * The booked entries of every statement of the file, one row per entry: the amount signed by
 * CdtDbtInd (DBIT is money out), the booking date (else the value date), the other party
 * (the creditor of money out, the debtor of money in), the remittance information as the
 * description, and the bank's reference of the entry (AcctSvcrRef, else NtryRef, else the
 * transaction's references). Not a well-formed CAMT document: `ok: false`.
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
      const start = (entry[meta as unknown as string] as { startIndex?: number } | undefined)
        ?.startIndex;
      rows.push(entryRow(entry, accountCurrency, lineOf(start ?? 0)));
    }
  }
  return { ok: true, rows };
}

function entryRow(entry: Node, accountCurrency: string, line: number): StatementRow {
  const out = textAt(entry, "CdtDbtInd").toUpperCase() === "DBIT";
  const amount = child(entry, "Amt");
  const transactions = list(child(entry, "NtryDtls")).flatMap((details) =>
    list(child(details, "TxDtls")),
  );
  // One transaction: its parties and remittance describe the entry; a batch keeps the entry's.
  const only = transactions.length === 1 ? transactions[0] : undefined;
  const parties = child(only, "RltdPties");
  const counterparty = out
    ? partyName(child(parties, "Cdtr")) || partyName(child(parties, "UltmtCdtr"))
    : partyName(child(parties, "Dbtr")) || partyName(child(parties, "UltmtDbtr"));
  const remittance = child(only, "RmtInf");
  const unstructured = list(child(remittance, "Ustrd")).map(text).filter(Boolean).join(" ");
  const structured = list(child(remittance, "Strd"))
    .map((item) => textAt(item, "CdtrRefInf", "Ref"))
    .filter(Boolean)
    .join(" ");
  const description =
    unstructured || structured || textAt(only, "AddtlTxInf") || textAt(entry, "AddtlNtryInf");
  const reference =
    textAt(entry, "AcctSvcrRef") ||
    textAt(entry, "NtryRef") ||
    textAt(only, "Refs", "AcctSvcrRef") ||
    notProvided(textAt(only, "Refs", "EndToEndId")) ||
    textAt(only, "Refs", "TxId");
  const currency =
    (isNode(amount) && typeof amount["@Ccy"] === "string" ? amount["@Ccy"] : "") || accountCurrency;
  return {
    line,
    date: isoDay(
      textAt(entry, "BookgDt", "Dt") ||
        textAt(entry, "BookgDt", "DtTm") ||
        textAt(entry, "ValDt", "Dt") ||
        textAt(entry, "ValDt", "DtTm"),
    ),
    amount: plainAmount(text(amount), out),
    currency: currency.toUpperCase(),
    counterparty,
    description: oneLine(description),
    reference,
  };
}
