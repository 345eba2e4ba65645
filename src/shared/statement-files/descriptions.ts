import { oneLine } from "./records.ts";

/**
 * The counterparty and the description inside one bank description, for banks that write both in
 * one text: SEPA's codes (`/TRTP/…/NAME/…/REMI/…`, in MT940 and in ABN AMRO's files), ABN AMRO's
 * keywords ("Naam: … Omschrijving: …"), card payments ("BEA … Albert Heijn 1234,PAS001") and
 * German banks' MT940 subfields (`?20`–`?29` the purpose, `?32`–`?33` the name). Read by the
 * MT940 reader and by the CSV mapping when a file has a description but no counterparty column.
 */
export type Described = { counterparty: string; description: string };

/** The codes of a structured SEPA text (as ABN AMRO, ING, Rabobank and Triodos write it). */
const codes =
  /\/(TRTP|IBAN|BIC|NAME|REMI|EREF|MARF|CSID|CNTP|ORDP|BENM|ID|ADDR|PURP|ULTC|ULTD|ULTB|SVCL|RTRN|ISDT|IREF|OCMT|EXCH|CHGS)\//g;

/** The parts of a text that starts with SEPA codes, by code; null for any other text. */
export function sepaCodes(text: string): Map<string, string> | null {
  const found = [...text.matchAll(codes)];
  if (found.length < 2 || found[0]?.index !== 0) return null;
  const parts = new Map<string, string>();
  found.forEach((match, index) => {
    const start = match.index + match[0].length;
    const end = found[index + 1]?.index ?? text.length;
    const code = match[1] ?? "";
    if (!parts.has(code)) parts.set(code, text.slice(start, end).replace(/^\/+|\/+$/g, ""));
  });
  return parts;
}

/** "NOTPROVIDED" and "NONREF" are no value. */
export const unprovided = (value: string | undefined) =>
  !value || /^(NOTPROVIDED|NONREF)$/i.test(value.trim()) ? "" : value.trim();

function fromSepaCodes(parts: Map<string, string>): Described {
  const contra = (parts.get("CNTP") ?? "").split("/");
  let remittance = parts.get("REMI") ?? "";
  // ING: /REMI/USTD//text/ (unstructured) or /REMI/STRD/CUR/RF12…/ (a creditor reference).
  if (/^USTD\//.test(remittance)) remittance = remittance.replace(/^USTD\/+/, "");
  else if (/^STRD\//.test(remittance)) remittance = remittance.split("/").at(-1) ?? "";
  return {
    counterparty: oneLine(parts.get("NAME") ?? contra[2] ?? ""),
    description: oneLine(remittance),
  };
}

/** ABN AMRO's keywords in a SEPA description. */
const keywords =
  /\b(IBAN|BIC|Naam|Omschrijving|Kenmerk|Machtiging|Incassant|Betalingskenm\.|Referentie|Voor):\s*/g;

function fromKeywords(text: string): Described | null {
  const found = [...text.matchAll(keywords)];
  const parts = new Map<string, string>();
  found.forEach((match, index) => {
    const start = match.index + match[0].length;
    const end = found[index + 1]?.index ?? text.length;
    const key = (match[1] ?? "").toLowerCase();
    if (!parts.has(key)) parts.set(key, oneLine(text.slice(start, end)));
  });
  const name = parts.get("naam");
  if (!name) return null;
  return { counterparty: name, description: parts.get("omschrijving") || oneLine(text) };
}

/**
 * A card payment or cash withdrawal: "BEA   NR:AB1234   02.01.25/17.02 Albert Heijn 1234,PAS001"
 * and the newer "BEA, Betaalpas   Albert Heijn 1234,PAS001 NR:AB1234, 02.01.25/17:02 AMSTERDAM".
 */
const cardPayment = [
  /\d{2}[./:]\d{2}\s+(.+?)\s*,\s*PAS\s*\d+/,
  /^(?:BEA|GEA),\s*(?:Betaalpas|Apple Pay|Google Pay|Garmin Pay|Fitbit Pay)\s+(.+?)\s*,\s*PAS\s*\d+/i,
];

function fromCardPayment(text: string): Described | null {
  const free = oneLine(text);
  for (const pattern of cardPayment) {
    const shop = pattern.exec(free)?.[1];
    if (shop) return { counterparty: oneLine(shop), description: free };
  }
  return null;
}

/** SEPA's tags in a German purpose ("EREF+…SVWZ+Lohn Januar"): the words after SVWZ+. */
const germanTags = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC)\+/g;

function fromGermanSubfields(text: string): Described | null {
  if (!/\?(2\d|3[23])/.test(text) || !/^(\d{3})?\?00|^\?\d{2}/.test(text)) return null;
  const fields = new Map<number, string>();
  const pattern = /\?(\d{2})([^?]*)/g;
  for (const match of text.matchAll(pattern)) {
    const code = Number(match[1]);
    fields.set(code, (fields.get(code) ?? "") + (match[2] ?? ""));
  }
  const purposeCodes = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 60, 61, 62, 63];
  const purpose = purposeCodes.map((code) => fields.get(code) ?? "").join("");
  const tagged = [...purpose.matchAll(germanTags)];
  let description = purpose;
  const svwz = tagged.findIndex((match) => match[1] === "SVWZ");
  if (svwz >= 0) {
    const match = tagged[svwz];
    const start = (match?.index ?? 0) + (match?.[0].length ?? 0);
    description = purpose.slice(start, tagged[svwz + 1]?.index ?? purpose.length);
  } else if (tagged.length > 0) {
    description = purpose.slice(0, tagged[0]?.index ?? 0) || fields.get(0) || "";
  }
  const counterparty = (fields.get(32) ?? "") + (fields.get(33) ?? "");
  return {
    counterparty: oneLine(counterparty),
    description: oneLine(description) || oneLine(fields.get(0) ?? ""),
  };
}

/**
 * The counterparty and description in a bank's description, or null when the text has neither
 * codes, keywords nor a card payment's shape (it is then a description and nothing more).
 * `joined` is the text with the bank's line breaks taken out (SWIFT wraps mid-word).
 */
export function describeBankText(text: string, joined = text): Described | null {
  const parts = sepaCodes(joined.trim());
  if (parts) return fromSepaCodes(parts);
  return fromGermanSubfields(joined.trim()) ?? fromKeywords(text) ?? fromCardPayment(text);
}
