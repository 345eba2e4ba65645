import { readFileSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import { analyseBankFile } from "#shared/bank-presets.ts";
import { decodeCsvBytes, parseCsv, type ImportSetup } from "#shared/csv-import.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import {
  entriesHousehold,
  expectJson,
  type EntriesHousehold,
} from "../transactions/entries-test-household.ts";

/**
 * The bank's own reference as a row's identity (issue 17, item 5; decision 035): a row with a
 * reference (Rabobank's Volgnr, RegioBank's sequence number, Belfius's transaction number with
 * its statement's) is the same entry in any download of it, whatever else the line says and
 * however the other columns are mapped; rows alike in everything but their references are
 * different entries. Rows without one keep the content key.
 */

type ImportResult = { imported: number; duplicates: number };

const fixture = (name: string) =>
  decodeCsvBytes(
    new Uint8Array(
      readFileSync(new URL(`../../../../test/fixtures/bank-files/${name}`, import.meta.url)),
    ),
  ).text;
const presetSetup = (text: string): ImportSetup =>
  analyseBankFile(parseCsv(text).records, "nl").setup;

const rabobank = fixture("rabobank.csv");
/**
 * The same four transactions downloaded again a day later: the balance column is written
 * otherwise and the bank added the place to a description. Only the references say it is them.
 */
const rabobankAgain = rabobank
  .replaceAll('"+976,55"', '"976,55"')
  .replaceAll('"+3476,55"', '"3476,55"')
  .replace("Betaalautomaat 17:02 pasnr. 001", "Betaalautomaat 17:02 pasnr. 001 Utrecht");

describeOnEachDatabase("the bank's reference as the identity of an imported row", (database) => {
  const testApp = useTestApp(database);
  let home: EntriesHousehold;
  let other: EntriesHousehold;

  beforeAll(async () => {
    home = await entriesHousehold(testApp, "Rutger Referentie", { language: "nl" });
    other = await entriesHousehold(testApp, "Olga Overbuur", { language: "nl" });
  });

  const importFile = async (who: EntriesHousehold, text: string, setup: ImportSetup) =>
    expectJson<ImportResult>(
      await who.person.client.post("/api/imports", { text, setup, fileName: "rabo.csv" }),
    );
  const count = async (who: EntriesHousehold) =>
    (
      await expectJson<{ count: number }>(
        await who.person.client.get("/api/transactions/summary?from=2025-01-01&to=2025-01-31"),
      )
    ).count;

  it("imports a Rabobank file once: again, re-downloaded, or with another mapping, nothing is added", async () => {
    const setup = presetSetup(rabobank);
    expect(setup.columns.reference).toBe(3);
    expect(await importFile(home, rabobank, setup)).toMatchObject({ imported: 4, duplicates: 0 });
    expect(await importFile(home, rabobank, setup)).toMatchObject({ imported: 0, duplicates: 4 });
    // Lines that differ from the first download: the Volgnr says they are the same rows.
    expect(await importFile(home, rabobankAgain, presetSetup(rabobankAgain))).toMatchObject({
      imported: 0,
      duplicates: 4,
    });
    // Another mapping of the other columns (the description from Omschrijving-2, no currency).
    const remapped: ImportSetup = {
      ...setup,
      columns: { ...setup.columns, notes: 20, merchant: 8, currency: null },
    };
    expect(await importFile(home, rabobankAgain, remapped)).toMatchObject({
      imported: 0,
      duplicates: 4,
    });
    expect(await count(home)).toBe(4);
  });

  it("without the reference, a re-downloaded line would have been doubled (the control)", async () => {
    const setup = presetSetup(rabobank);
    const withoutReference: ImportSetup = {
      ...setup,
      columns: { ...setup.columns, reference: null },
    };
    expect(await importFile(other, rabobank, withoutReference)).toMatchObject({ imported: 4 });
    // The row whose description the bank changed comes in twice (a changed balance alone is
    // still found by the row's content).
    expect(await importFile(other, rabobankAgain, withoutReference)).toMatchObject({
      imported: 1,
      duplicates: 3,
    });
  });

  it("keeps rows alike in everything but their references, and adds nothing the second time", async () => {
    const text = fixture("regiobank.csv");
    const setup = presetSetup(text);
    expect(setup.columns.reference).toBe(15);
    expect(await importFile(home, text, setup)).toMatchObject({ imported: 3, duplicates: 0 });
    expect(await importFile(home, text, setup)).toMatchObject({ imported: 0, duplicates: 3 });
  });

  it("knows a Belfius row by its statement and transaction number: the file again adds nothing", async () => {
    const belfius = await entriesHousehold(testApp, "Bea Belfius", { language: "nl" });
    const text = fixture("belfius.csv");
    const setup = presetSetup(text);
    expect(setup.columns).toMatchObject({ reference: 3, referenceGroup: 2 });
    expect(await importFile(belfius, text, setup)).toMatchObject({ imported: 3, duplicates: 0 });
    expect(await importFile(belfius, text, setup)).toMatchObject({ imported: 0, duplicates: 3 });
  });

  it("keeps the same transaction number on the same day and amount in two statements", async () => {
    const belfius = await entriesHousehold(testApp, "Bob Belfius", { language: "nl" });
    const lines = fixture("belfius.csv").split(/\r\n/);
    const head = lines.slice(
      0,
      lines.findIndex((line) => line.startsWith("Rekening;Boekingsdatum")) + 1,
    );
    /** A Belfius file of one row: transaction 1 of a statement, the same in all else. */
    const statement = (number: string) =>
      [
        ...head,
        `BE00 0000 0000 0002;10/02/2025;${number};1;;Bakkerij Gent;;;BETALING MET DEBETKAART;10/02/2025;-4,20;EUR;;;Brood`,
      ].join("\r\n");
    const setup = presetSetup(statement("5"));
    expect(setup.columns).toMatchObject({ reference: 3, referenceGroup: 2 });
    expect(await importFile(belfius, statement("5"), setup)).toMatchObject({ imported: 1 });
    // Statement 6's transaction 1 is another payment, though its date and amount are the same.
    expect(await importFile(belfius, statement("6"), setup)).toMatchObject({
      imported: 1,
      duplicates: 0,
    });
    expect(await importFile(belfius, statement("6"), setup)).toMatchObject({
      imported: 0,
      duplicates: 1,
    });
    // Both in one file, imported elsewhere: both kept, and nothing the second time.
    const both = `${statement("5")}\r\n${statement("6").split("\r\n").at(-1) ?? ""}`;
    expect(await importFile(other, both, setup)).toMatchObject({ imported: 2, duplicates: 0 });
    expect(await importFile(other, both, setup)).toMatchObject({ imported: 0, duplicates: 2 });
    // The control: by the transaction number alone, statement 9's row would be taken for
    // statement 8's.
    const transactionOnly: ImportSetup = {
      ...setup,
      columns: { ...setup.columns, referenceGroup: null },
    };
    expect(await importFile(belfius, statement("8"), transactionOnly)).toMatchObject({
      imported: 1,
    });
    expect(await importFile(belfius, statement("9"), transactionOnly)).toMatchObject({
      imported: 0,
      duplicates: 1,
    });
  });

  it("keeps two equal rows without a reference by their place, as before", async () => {
    const text = [
      "Datum;Bedrag;Omschrijving",
      "07-01-2025;-3,10;Koffiebar",
      "07-01-2025;-3,10;Koffiebar",
    ].join("\n");
    const setup: ImportSetup = {
      columns: { date: 0, amount: 1, merchant: 2 },
      hasHeader: true,
      dateFormat: "DD-MM-YYYY",
      decimal: "comma",
      kindFrom: "sign",
      defaultKind: "expense",
      defaultCategory: "Geïmporteerd",
    };
    expect(await importFile(home, text, setup)).toMatchObject({ imported: 2, duplicates: 0 });
    expect(await importFile(home, text, setup)).toMatchObject({ imported: 0, duplicates: 2 });
  });

  it("knows a reference within its own household only", async () => {
    const stranger = await entriesHousehold(testApp, "Sara Vreemd", { language: "nl" });
    const text = fixture("regiobank.csv");
    // The same rows in another household are that household's own entries.
    expect(await importFile(stranger, text, presetSetup(text))).toMatchObject({
      imported: 3,
      duplicates: 0,
    });
  });
});
