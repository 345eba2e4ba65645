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
 * reference (Rabobank's Volgnr, RegioBank's sequence number) is the same entry in any download
 * of it, whatever else the line says and however the other columns are mapped; rows alike in
 * everything but their references are different entries. Rows without one keep the content key.
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
