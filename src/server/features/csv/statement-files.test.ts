import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  analyseImport,
  decodeCsvBytes,
  mapImportRows,
  type CsvRecord,
} from "#shared/csv-import.ts";
import {
  detectStatementFormat,
  readImportFile,
  type StatementFormat,
} from "#shared/statement-files/detect.ts";
import { plainAmount } from "#shared/statement-files/records.ts";

/**
 * Banks' statement files (test/fixtures/bank-files: rows of our own making in each format's
 * published layout) read as the preview and the server read them: the format from the content,
 * the records guessed by the CSV path's analysis with nothing touched, checked row by row.
 */

type Row = [
  date: string,
  kind: "income" | "expense",
  cents: number,
  counterparty: string | null,
  description: string | null,
  reference: string,
];

const fixture = (name: string) =>
  decodeCsvBytes(
    new Uint8Array(
      readFileSync(new URL(`../../../../test/fixtures/bank-files/${name}`, import.meta.url)),
    ),
  ).text;

function read(text: string) {
  const file = readImportFile(text);
  if (!file.ok) throw new Error(`not read: ${file.key}`);
  return file;
}

/** The rows the preview shows for a file, with nothing touched, and each row's reference. */
function preview(name: string) {
  const file = read(fixture(name));
  const guess = analyseImport(file.records, "nl");
  const { good, bad } = mapImportRows(file.records, guess.setup);
  const byLine = new Map(file.records.map((record: CsvRecord) => [record.line, record.cells]));
  const rows = good.map((row): Row => [
    row.occurredOn,
    row.kind,
    row.amountCents,
    row.merchant,
    row.notes,
    byLine.get(row.line)?.[guess.setup.columns.reference ?? 5] ?? "",
  ]);
  return { format: file.format, guess, rows, bad };
}

const cases: { file: string; format: StatementFormat; rows: Row[] }[] = [
  {
    // Version 1 (SGML, leaves unclosed), Windows-1252, a comma decimal in one amount.
    file: "ofx-sgml-fr.ofx",
    format: "ofx",
    rows: [
      [
        "2025-01-03",
        "expense",
        2345,
        "CARREFOUR MARKET",
        "CB CARREFOUR MARKET 02/01",
        "25003000001",
      ],
      [
        "2025-01-06",
        "income",
        215000,
        "SOCIÉTÉ DURAND & FILS",
        "VIR SEPA SALAIRE JANVIER",
        "25006000002",
      ],
      ["2025-01-15", "expense", 999, "FREE MOBILE", "PRLV SEPA FREE MOBILE", "25015000003"],
      // Two equal coffees on one day: both stay, told apart by their FITIDs.
      ["2025-01-20", "expense", 240, "CAFÉ DU COIN", null, "25020000004"],
      ["2025-01-20", "expense", 240, "CAFÉ DU COIN", null, "25020000005"],
    ],
  },
  {
    // ING's CAMT.053 (version 02): booking date, CdtDbtInd, the other party, remittance.
    file: "camt053-ing.xml",
    format: "camt053",
    rows: [
      [
        "2025-01-03",
        "expense",
        2345,
        "Albert Heijn 1234",
        "Pasvolgnr: 001 03-01-2025 17:02 Transactie: AB12C3 Term: 1234AB",
        "2025010300123456789",
      ],
      [
        "2025-01-06",
        "income",
        215000,
        "Werkgever B.V.",
        "Salaris januari 2025",
        "2025010600123456790",
      ],
      [
        "2025-01-10",
        "expense",
        85000,
        "Woningstichting Eigen Haard",
        "Huur februari 2025 contract 12345",
        "2025011000123456791",
      ],
      // A structured creditor reference is the description when there is no free text.
      [
        "2025-01-15",
        "expense",
        4210,
        "Vattenfall Klantenservice N.V.",
        "RF18539007547034",
        "2025011500123456792",
      ],
      ["2025-01-20", "expense", 240, "Bakker & Zn", "Koffie", "2025012000123456793"],
      ["2025-01-20", "expense", 240, "Bakker & Zn", "Koffie", "2025012000123456794"],
    ],
  },
  {
    // CAMT.053 version 08 with batch entries: a batch whose transactions' own amounts add up to
    // its total is one row per transaction (TxDtls/Amt, or AmtDtls' TxAmt, else its InstdAmt);
    // one whose amounts do not add up, or are missing, stays the entry's one row.
    file: "camt053-batch.xml",
    format: "camt053",
    rows: [
      [
        "2025-02-03",
        "expense",
        1875,
        "Bakkerij De Korenbloem",
        "Brood en gebak",
        "2025020300000000101",
      ],
      // A collective direct debit of three: the transaction's own AcctSvcrRef, else the entry's
      // reference with its EndToEndId, else with its place in the batch; UltmtCdtr when no Cdtr,
      // AddtlTxInf when no remittance.
      [
        "2025-02-05",
        "expense",
        1299,
        "Streamdienst Voorbeeld B.V.",
        "Abonnement februari 2025",
        "TX20250205000000001",
      ],
      [
        "2025-02-05",
        "expense",
        3500,
        "Sportvereniging De Lindeboom",
        "Contributie februari",
        "2025020500000000102/SPORT-2025-02-0042",
      ],
      [
        "2025-02-05",
        "expense",
        1331,
        "Bibliotheek Midden",
        "Lidmaatschap bibliotheek 2025",
        "2025020500000000102/3",
      ],
      // Money in as one batch: the debtors, a TxId when the EndToEndId is NOTPROVIDED, the
      // entry's AddtlNtryInf for a transaction without words of its own.
      [
        "2025-02-10",
        "income",
        2000,
        "J. Jansen",
        "Etentje zaterdag J",
        "2025021000000000103/ETEN-0001",
      ],
      [
        "2025-02-10",
        "income",
        1250,
        "P. de Boer",
        "Etentje zaterdag P",
        "2025021000000000103/TXID-20250210-2",
      ],
      ["2025-02-10", "income", 1000, "K. Bakker", "Verzamelde betalingen", "2025021000000000103/3"],
      // 40.00 + 30.00 + 29.99 is not 100.00: the entry as it was booked.
      ["2025-02-14", "expense", 10000, null, "Batchbetaling 3 posten", "2025021400000000104"],
      // Details without amounts, an entry without text.
      ["2025-02-20", "expense", 7000, null, null, "2025022000000000105"],
    ],
  },
  {
    // ABN AMRO's MT940: structured :86: wrapped at 65 characters mid-word, card payments' text.
    file: "mt940-abnamro.sta",
    format: "mt940",
    rows: [
      [
        "2025-01-03",
        "expense",
        2345,
        "ALBERT HEIJN 1234 AMSTERD",
        "BEA NR:NPLK52 03.01.25/17.02 ALBERT HEIJN 1234 AMSTERD,PAS123",
        "",
      ],
      ["2025-01-06", "income", 215000, "WERKGEVER B.V.", "SALARIS JANUARI 2025", "SAL-2025-01"],
      [
        "2025-01-10",
        "expense",
        85000,
        "WONINGSTICHTING EIGEN HAARD",
        "HUUR FEBRUARI 2025 CONTRACT 12345",
        "",
      ],
      [
        "2025-01-15",
        "expense",
        4210,
        "Vattenfall Klantenservice N.V.",
        "Termijnbedrag januari 2025",
        "VF-2025-01-0001",
      ],
      [
        "2025-01-20",
        "expense",
        240,
        "KOFFIEBAR DE HOEK",
        "BEA NR:XK12AB 20.01.25/08.15 KOFFIEBAR DE HOEK,PAS123",
        "",
      ],
      [
        "2025-01-20",
        "expense",
        240,
        "KOFFIEBAR DE HOEK",
        "BEA NR:XK12AC 20.01.25/08.16 KOFFIEBAR DE HOEK,PAS123",
        "",
      ],
    ],
  },
  {
    // A German savings bank's MT940: the :86: by subfields (?00 booking text, ?20-?29 the purpose
    // with SEPA's EREF+/MREF+/SVWZ+ tags, ?32/?33 the name), wrapped mid-word.
    file: "mt940-sparkasse.sta",
    format: "mt940",
    rows: [
      [
        "2025-01-03",
        "income",
        215000,
        "Arbeitgeber Beispiel GmbH",
        "Lohn Januar 2025 Personalnummer 12",
        "KREF-4711",
      ],
      ["2025-01-05", "expense", 4590, "Stadtwerke Musterstadt GmbH", "Abschlag Strom Januar", ""],
    ],
  },
  {
    // ING's MT940 in SWIFT's block frame: /CNTP/ IBAN/BIC/name/city, /REMI/USTD//, the bank's
    // reference after //, a booking on New Year's Eve.
    file: "mt940-ing.940",
    format: "mt940",
    rows: [
      ["2024-12-31", "expense", 1250, "J. de Vries", "Boodschappen gedeeld", "24366000123456"],
      [
        "2025-01-02",
        "income",
        7500,
        "Sportclub Het Noorden",
        "Terugbetaling contributie",
        "25002000123457",
      ],
    ],
  },
];

describe("statement files through the import's preview", () => {
  for (const { file, format, rows } of cases) {
    it(`${file}: every row as the bank wrote it, nothing to answer`, () => {
      const result = preview(file);
      expect(result.format).toBe(format);
      expect(result.guess.uncertain).toEqual([]);
      expect(result.guess.setup).toMatchObject({
        columns: { date: 0, amount: 1, currency: 2, merchant: 3, notes: 4 },
        hasHeader: true,
        dateFormat: "YYYY-MM-DD",
        decimal: "dot",
        kindFrom: "sign",
      });
      expect(result.bad).toEqual([]);
      expect(result.rows).toEqual(rows);
    });
  }

  it("a QFX in dollars: read row by row, every row refused as another currency", () => {
    const file = read(fixture("qfx-us-card.qfx"));
    expect(file.format).toBe("ofx");
    expect(file.records.map((record) => record.cells)).toEqual([
      ["Date", "Amount", "Currency", "Counterparty", "Description", "Reference"],
      [
        "2025-01-04",
        "-58.17",
        "USD",
        "WHOLE FOODS MARKET #10234",
        "AUSTIN TX",
        "2025010424692165003100012",
      ],
      [
        "2025-01-15",
        "500.00",
        "USD",
        "AUTOPAY PAYMENT - THANK YOU",
        "",
        "2025011524692165003100013",
      ],
      // PAYEE's name (an aggregate in version 2), entities read.
      [
        "2025-01-22",
        "-12.99",
        "USD",
        "Barnes & Noble",
        "Books & magazines",
        "2025012224692165003100014",
      ],
    ]);
    const { setup } = analyseImport(file.records, "en");
    const { good, bad } = mapImportRows(file.records, setup);
    expect(good).toEqual([]);
    expect(bad.map((row) => row.errors)).toEqual([
      ["currencyNotEuro"],
      ["currencyNotEuro"],
      ["currencyNotEuro"],
    ]);
  });
});

/** A camt.053.001.08 statement in euros holding the given entries. */
const camtOf = (entries: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
<Acct><Ccy>EUR</Ccy></Acct>${entries}
</Stmt></BkToCstmrStmt></Document>`;
/** A booked batch entry of 2025-03-03 with the reference E-1 and the given transactions. */
const batchOf = (total: string, indicator: string, ...transactions: string[]) =>
  `<Ntry><Amt Ccy="EUR">${total}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>2025-03-03</Dt></BookgDt><AcctSvcrRef>E-1</AcctSvcrRef><NtryDtls>
${transactions.join("\n")}
</NtryDtls><AddtlNtryInf>Batch</AddtlNtryInf></Ntry>`;
/** A transaction of a batch: its amount element, then whatever else it holds. */
const transactionOf = (amount: string, rest = "") =>
  `<TxDtls><Amt Ccy="EUR">${amount}</Amt>${rest}</TxDtls>`;
const cellsOf = (text: string) =>
  read(text)
    .records.slice(1)
    .map((record) => record.cells);

describe("CAMT.053 batch entries", () => {
  it("each transaction's row starts on its TxDtls' line; the entry's rows on the entry's", () => {
    const text = fixture("camt053-batch.xml");
    const lines = read(text)
      .records.slice(1)
      .map((record) => record.line);
    expect(lines).toEqual([52, 128, 152, 175, 221, 249, 275, 296, 377]);
    const source = text.split("\n");
    expect(lines.map((line) => source[line - 1]?.trim())).toEqual([
      "<Ntry>",
      ...Array<string>(6).fill("<TxDtls>"),
      "<Ntry>",
      "<Ntry>",
    ]);
  });

  it("amounts add up exactly, by integer arithmetic (0.10 + 0.20 is 0.30)", () => {
    const text = camtOf(batchOf("0.30", "DBIT", transactionOf("0.10"), transactionOf("0.2")));
    expect(cellsOf(text)).toEqual([
      ["2025-03-03", "-0.10", "EUR", "", "Batch", "E-1/1"],
      ["2025-03-03", "-0.20", "EUR", "", "Batch", "E-1/2"],
    ]);
  });

  it("a transaction's own CdtDbtInd signs it, and names the creditor or the debtor", () => {
    const text = camtOf(
      batchOf(
        "40.00",
        "CRDT",
        transactionOf(
          "42.50",
          "<CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Pty><Nm>In B.V.</Nm></Pty></Dbtr>" +
            "<Cdtr><Pty><Nm>Wij</Nm></Pty></Cdtr></RltdPties>",
        ),
        transactionOf(
          "2.50",
          "<CdtDbtInd>DBIT</CdtDbtInd><RltdPties><Dbtr><Pty><Nm>Wij</Nm></Pty></Dbtr>" +
            "<Cdtr><Pty><Nm>Uit B.V.</Nm></Pty></Cdtr></RltdPties>",
        ),
      ),
    );
    expect(cellsOf(text)).toEqual([
      ["2025-03-03", "42.50", "EUR", "In B.V.", "Batch", "E-1/1"],
      ["2025-03-03", "-2.50", "EUR", "Uit B.V.", "Batch", "E-1/2"],
    ]);
  });

  it("references alike within a batch (the entry's own, one EndToEndId twice) go by place", () => {
    const refs = (inner: string) => `<Refs>${inner}</Refs>`;
    const text = camtOf(
      batchOf(
        "3.00",
        "DBIT",
        transactionOf("1.00", refs("<AcctSvcrRef>E-1</AcctSvcrRef><EndToEndId>X</EndToEndId>")),
        transactionOf("1.00", refs("<EndToEndId>X</EndToEndId>")),
        transactionOf("1.00", refs("<TxId>T-3</TxId>")),
      ),
    );
    expect(cellsOf(text).map((cells) => cells[5])).toEqual(["E-1/1", "E-1/2", "E-1/3"]);
  });

  it("a transaction in another currency, or without an amount, keeps the entry one row", () => {
    const dollars = transactionOf("1.00").replace('Ccy="EUR"', 'Ccy="USD"');
    const instructed = (amount: string, currency: string) =>
      `<TxDtls><AmtDtls><InstdAmt><Amt Ccy="${currency}">${amount}</Amt></InstdAmt></AmtDtls></TxDtls>`;
    expect(cellsOf(camtOf(batchOf("2.00", "DBIT", transactionOf("1.00"), dollars)))).toEqual([
      ["2025-03-03", "-2.00", "EUR", "", "Batch", "E-1"],
    ]);
    expect(
      cellsOf(camtOf(batchOf("2.00", "DBIT", transactionOf("1.00"), instructed("1.00", "GBP")))),
    ).toEqual([["2025-03-03", "-2.00", "EUR", "", "Batch", "E-1"]]);
    expect(
      cellsOf(camtOf(batchOf("2.00", "DBIT", transactionOf("1.00"), "<TxDtls></TxDtls>"))),
    ).toEqual([["2025-03-03", "-2.00", "EUR", "", "Batch", "E-1"]]);
    expect(
      cellsOf(camtOf(batchOf("2.00", "DBIT", transactionOf("1.00"), instructed("1.00", "EUR")))),
    ).toEqual([
      ["2025-03-03", "-1.00", "EUR", "", "Batch", "E-1/1"],
      ["2025-03-03", "-1.00", "EUR", "", "Batch", "E-1/2"],
    ]);
  });
});

describe("recognising and refusing", () => {
  it("the format comes from the content, whatever the name; a CSV stays a CSV", () => {
    expect(detectStatementFormat(fixture("camt053-ing.xml"))).toBe("camt053");
    expect(detectStatementFormat(fixture("qfx-us-card.qfx"))).toBe("ofx");
    expect(detectStatementFormat(`\ufeff${fixture("mt940-ing.940")}`)).toBe("mt940");
    expect(detectStatementFormat(fixture("ing.csv"))).toBeNull();
    const csv = readImportFile("Datum;Bedrag\n01-01-2025;-1,00\n");
    expect(csv).toMatchObject({ ok: true, format: "csv" });
  });

  it("a CAMT.053 that is not well-formed XML is refused with the format's reason", () => {
    const broken = fixture("camt053-ing.xml").replace("</Stmt>", "");
    expect(readImportFile(broken)).toEqual({ ok: false, format: "camt053", key: "camtInvalid" });
  });

  it("a CAMT.053 with a DTD is refused: no entity it declares is expanded", () => {
    const withEntity = fixture("camt053-ing.xml").replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    );
    expect(readImportFile(withEntity)).toMatchObject({ ok: false, key: "camtInvalid" });
    const laughs = fixture("camt053-ing.xml").replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>',
    );
    expect(readImportFile(laughs)).toMatchObject({ ok: false, key: "camtInvalid" });
  });

  it("an OFX whose transaction is never closed, or without its root, is refused", () => {
    const open = fixture("qfx-us-card.qfx").replace("</STMTTRN>", "");
    expect(readImportFile(open)).toEqual({ ok: false, format: "ofx", key: "ofxInvalid" });
    expect(readImportFile("OFXHEADER:100\nDATA:OFXSGML\n\nnothing here")).toMatchObject({
      ok: false,
      key: "ofxInvalid",
    });
  });

  it("an MT940 without balances or transactions is refused; a statement of none is empty", () => {
    expect(readImportFile(":20:REF\n:25:NL69INGB0123456789\n:28C:1\n")).toEqual({
      ok: false,
      format: "mt940",
      key: "mt940Invalid",
    });
    expect(readImportFile(":20:REF\n:25:X\n:60F:C250101EUR1,00\n:62F:C250101EUR1,00\n-")).toEqual({
      ok: true,
      format: "mt940",
      records: [],
    });
  });

  it("a transaction line that cannot be read stays a row the preview names as bad", () => {
    const text = ":20:REF\n:25:X\n:60F:C250101EUR1,00\n:61:garbage\n:86:/NAME/X/REMI/Y\n-";
    const file = read(text);
    const { setup } = analyseImport(file.records, "en");
    const { good, bad } = mapImportRows(file.records, {
      ...setup,
      columns: { ...setup.columns, date: 0, amount: 1 },
    });
    expect(good).toEqual([]);
    expect(bad).toHaveLength(1);
    expect(bad[0]?.line).toBe(4);
  });

  it("amounts become a signed dot decimal by string arithmetic", () => {
    expect(plainAmount("-12.5")).toBe("-12.50");
    expect(plainAmount("25,")).toBe("25.00");
    expect(plainAmount("0001000,00", true)).toBe("-1000.00");
    expect(plainAmount("+3")).toBe("3.00");
    expect(plainAmount("12.345")).toBe("12.345");
    expect(plainAmount("1.000,00")).toBe("");
    expect(plainAmount("")).toBe("");
  });
});
