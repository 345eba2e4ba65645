import { readFileSync } from "node:fs";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { transactions } from "#server/db/schema/money.ts";
import { analyseImport, decodeCsvBytes } from "#shared/csv-import.ts";
import { readImportFile } from "#shared/statement-files/detect.ts";
import { validationMessages } from "#shared/validation.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import {
  entriesHousehold,
  expectJson,
  type EntriesHousehold,
} from "../transactions/entries-test-household.ts";

type ImportResult = {
  importId: string;
  imported: number;
  duplicates: number;
  invalid: { line: number; errors: string[] }[];
};

const fixture = (name: string) =>
  decodeCsvBytes(
    new Uint8Array(
      readFileSync(new URL(`../../../../test/fixtures/bank-files/${name}`, import.meta.url)),
    ),
  ).text;

/** What the dialog sends with nothing touched: the file's text and the guessed setup. */
function request(name: string) {
  const text = fixture(name);
  const file = readImportFile(text);
  if (!file.ok) throw new Error(file.key);
  return { text, setup: analyseImport(file.records, "nl").setup, fileName: name };
}

describeOnEachDatabase("statement files through POST /api/imports", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: EntriesHousehold;
  let dutch: EntriesHousehold;

  beforeAll(async () => {
    home = await entriesHousehold(testApp, "Stella Statement");
    dutch = await entriesHousehold(testApp, "Mart Negenveertig", { language: "nl" });
  });

  const importFile = (who: EntriesHousehold, body: Record<string, unknown>) =>
    who.person.client.post("/api/imports", body);
  const entriesOf = (who: EntriesHousehold, importId: string) =>
    db()
      .select({
        occurredOn: transactions.occurredOn,
        kind: transactions.kind,
        amountCents: transactions.amountCents,
        merchant: transactions.merchant,
        notes: transactions.notes,
      })
      .from(transactions)
      .where(
        and(eq(transactions.householdId, who.householdId), eq(transactions.importId, importId)),
      )
      .orderBy(asc(transactions.occurredOn), asc(transactions.notes));

  const files = [
    {
      file: "ofx-sgml-fr.ofx",
      entries: [
        ["2025-01-03", "expense", 2345, "CARREFOUR MARKET", "CB CARREFOUR MARKET 02/01"],
        ["2025-01-06", "income", 215000, "SOCIÉTÉ DURAND & FILS", "VIR SEPA SALAIRE JANVIER"],
        ["2025-01-15", "expense", 999, "FREE MOBILE", "PRLV SEPA FREE MOBILE"],
        ["2025-01-20", "expense", 240, "CAFÉ DU COIN", null],
        ["2025-01-20", "expense", 240, "CAFÉ DU COIN", null],
      ],
    },
    {
      file: "camt053-ing.xml",
      entries: [
        [
          "2025-01-03",
          "expense",
          2345,
          "Albert Heijn 1234",
          "Pasvolgnr: 001 03-01-2025 17:02 Transactie: AB12C3 Term: 1234AB",
        ],
        ["2025-01-06", "income", 215000, "Werkgever B.V.", "Salaris januari 2025"],
        [
          "2025-01-10",
          "expense",
          85000,
          "Woningstichting Eigen Haard",
          "Huur februari 2025 contract 12345",
        ],
        ["2025-01-15", "expense", 4210, "Vattenfall Klantenservice N.V.", "RF18539007547034"],
        ["2025-01-20", "expense", 240, "Bakker & Zn", "Koffie"],
        ["2025-01-20", "expense", 240, "Bakker & Zn", "Koffie"],
      ],
    },
    {
      // The batches that add up come in as their transactions, each with its counterparty; the
      // one that does not stays its total. Again: their references are the same, nothing added.
      file: "camt053-batch.xml",
      entries: [
        ["2025-02-03", "expense", 1875, "Bakkerij De Korenbloem", "Brood en gebak"],
        ["2025-02-05", "expense", 1299, "Streamdienst Voorbeeld B.V.", "Abonnement februari 2025"],
        ["2025-02-05", "expense", 3500, "Sportvereniging De Lindeboom", "Contributie februari"],
        ["2025-02-05", "expense", 1331, "Bibliotheek Midden", "Lidmaatschap bibliotheek 2025"],
        ["2025-02-10", "income", 2000, "J. Jansen", "Etentje zaterdag J"],
        ["2025-02-10", "income", 1250, "P. de Boer", "Etentje zaterdag P"],
        ["2025-02-10", "income", 1000, "K. Bakker", "Verzamelde betalingen"],
        ["2025-02-14", "expense", 10000, null, "Batchbetaling 3 posten"],
        ["2025-02-20", "expense", 7000, null, null],
      ],
    },
    {
      file: "mt940-abnamro.sta",
      entries: [
        [
          "2025-01-03",
          "expense",
          2345,
          "ALBERT HEIJN 1234 AMSTERD",
          "BEA NR:NPLK52 03.01.25/17.02 ALBERT HEIJN 1234 AMSTERD,PAS123",
        ],
        ["2025-01-06", "income", 215000, "WERKGEVER B.V.", "SALARIS JANUARI 2025"],
        [
          "2025-01-10",
          "expense",
          85000,
          "WONINGSTICHTING EIGEN HAARD",
          "HUUR FEBRUARI 2025 CONTRACT 12345",
        ],
        [
          "2025-01-15",
          "expense",
          4210,
          "Vattenfall Klantenservice N.V.",
          "Termijnbedrag januari 2025",
        ],
        [
          "2025-01-20",
          "expense",
          240,
          "KOFFIEBAR DE HOEK",
          "BEA NR:XK12AB 20.01.25/08.15 KOFFIEBAR DE HOEK,PAS123",
        ],
        [
          "2025-01-20",
          "expense",
          240,
          "KOFFIEBAR DE HOEK",
          "BEA NR:XK12AC 20.01.25/08.16 KOFFIEBAR DE HOEK,PAS123",
        ],
      ],
    },
    {
      file: "mt940-ing.940",
      entries: [
        ["2024-12-31", "expense", 1250, "J. de Vries", "Boodschappen gedeeld"],
        ["2025-01-02", "income", 7500, "Sportclub Het Noorden", "Terugbetaling contributie"],
      ],
    },
  ];

  for (const { file, entries } of files) {
    it(`imports ${file} as the preview showed it, and again adds nothing`, async () => {
      // Each file in a household of its own: the same shop and day in two files stay apart.
      const who = await entriesHousehold(testApp, `Import ${file}`);
      const first = await expectJson<ImportResult>(await importFile(who, request(file)));
      expect(first).toMatchObject({ imported: entries.length, duplicates: 0, invalid: [] });
      const stored = await entriesOf(who, first.importId);
      expect(
        stored.map((row) => [row.occurredOn, row.kind, row.amountCents, row.merchant, row.notes]),
      ).toEqual(entries);
      const again = await expectJson<ImportResult>(await importFile(who, request(file)));
      expect(again).toMatchObject({ imported: 0, duplicates: entries.length });
    });
  }

  it("a batch's transactions keep their references in another download of the statement", async () => {
    // The first download without the bakery's payment (every line after it moved up), then the
    // whole statement: only the bakery is new.
    const who = await entriesHousehold(testApp, "Bea Batch");
    const whole = request("camt053-batch.xml");
    const part = whole.text.replace(/<!-- A single payment[\s\S]*?<\/Ntry>\s*/, "");
    expect(part.length).toBeLessThan(whole.text.length);
    const first = await expectJson<ImportResult>(await importFile(who, { ...whole, text: part }));
    expect(first).toMatchObject({ imported: 8, duplicates: 0, invalid: [] });
    const second = await expectJson<ImportResult>(await importFile(who, whole));
    expect(second).toMatchObject({ imported: 1, duplicates: 8, invalid: [] });
    expect((await entriesOf(who, second.importId)).map((row) => row.merchant)).toEqual([
      "Bakkerij De Korenbloem",
    ]);
  });

  it("refuses a dollar QFX's rows as another currency, none stored", async () => {
    const result = await expectJson<ImportResult>(
      await importFile(home, request("qfx-us-card.qfx")),
    );
    expect(result.imported).toBe(0);
    expect(result.invalid).toEqual([
      { line: 23, errors: ["currencyNotEuro"] },
      { line: 31, errors: ["currencyNotEuro"] },
      { line: 38, errors: ["currencyNotEuro"] },
    ]);
    expect(await entriesOf(home, result.importId)).toEqual([]);
  });

  it("a statement file that cannot be read is a translated 400 on the file, never a 500", async () => {
    const { setup } = request("camt053-ing.xml");
    const broken = await importFile(home, {
      text: fixture("camt053-ing.xml").replace("</Stmt>", ""),
      setup,
    });
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).fields?.text).toBe(validationMessages.en.camtInvalid);

    const entity = await importFile(dutch, {
      text: fixture("camt053-ing.xml").replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
      ),
      setup,
    });
    expect(entity.status).toBe(400);
    expect((await errorOf(entity)).fields?.text).toBe(validationMessages.nl.camtInvalid);

    const ofx = await importFile(dutch, {
      text: fixture("qfx-us-card.qfx").replace("</STMTTRN>", ""),
      setup,
    });
    expect(ofx.status).toBe(400);
    expect((await errorOf(ofx)).fields?.text).toBe(validationMessages.nl.ofxInvalid);

    const mt940 = await importFile(home, { text: ":20:X\n:25:Y\n:28C:1\n", setup });
    expect(mt940.status).toBe(400);
    expect((await errorOf(mt940)).fields?.text).toBe(validationMessages.en.mt940Invalid);
  });
});
