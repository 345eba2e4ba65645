import { readFileSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import { importMappings } from "#server/db/schema/money.ts";
import { analyseBankFile } from "#shared/bank-presets.ts";
import { decodeCsvBytes, parseCsv, type ImportSetup } from "#shared/csv-import.ts";
import { importShape } from "#shared/import-shape.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import {
  entriesHousehold,
  expectJson,
  type EntriesHousehold,
} from "../transactions/entries-test-household.ts";

/**
 * The remembered mapping (issue 17, item 3; decision 035): every import keeps its setup under the
 * file's shape for the household, and the next file of that shape gets it back, ahead of the
 * preset and the guess. Another household never sees it.
 */

type Mapping = { setup: ImportSetup; bank: string | null; updatedAt: string } | null;

const fixture = (name: string) =>
  decodeCsvBytes(
    new Uint8Array(
      readFileSync(new URL(`../../../../test/fixtures/bank-files/${name}`, import.meta.url)),
    ),
  ).text;

const ing = fixture("ing.csv");
/** Another month of the same account: other rows, the same layout. */
const ingFebruary = [
  '"Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij","Bedrag (EUR)","Mutatiesoort","Mededelingen"',
  '"20250203","Jumbo 0456","NL00INGB0001234567","","BA","Af","41,20","Betaalautomaat","Pasvolgnr: 001 03-02-2025 18:40"',
  '"20250225","Werkgever B.V.","NL00INGB0001234567","NL00ABNA0123456789","OV","Bij","2.500,00","Overschrijving","Naam: Werkgever B.V. Omschrijving: Salaris februari"',
].join("\n");

describeOnEachDatabase("remembered import mappings", (database) => {
  const testApp = useTestApp(database);
  let home: EntriesHousehold;
  let other: EntriesHousehold;

  beforeAll(async () => {
    home = await entriesHousehold(testApp, "Mira Mapping", { language: "nl" });
    other = await entriesHousehold(testApp, "Nout Nabuur", { language: "nl" });
  });

  const mapping = async (who: EntriesHousehold, text: string) =>
    (
      await expectJson<{ mapping: Mapping }>(
        await who.person.client.get(`/api/imports/mappings/${importShape(text)}`),
      )
    ).mapping;
  const importFile = async (
    who: EntriesHousehold,
    text: string,
    setup: ImportSetup,
    bank?: string,
  ) =>
    expectJson<{ imported: number }>(
      await who.person.client.post("/api/imports", { text, setup, bank, fileName: "ing.csv" }),
    );

  it("gives the last mapping used for a file of the same shape back, and none before", async () => {
    expect(importShape(ingFebruary)).toBe(importShape(ing));
    expect(await mapping(home, ing)).toBeNull();
    // The family chose the transaction type as the description, and its own category.
    const preset = analyseBankFile(parseCsv(ing).records, "nl").setup;
    const chosen: ImportSetup = {
      ...preset,
      columns: { ...preset.columns, notes: 7 },
      defaultCategory: "Bankzaken",
    };
    expect(await importFile(home, ing, chosen, "ing")).toMatchObject({ imported: 4 });
    const remembered = await mapping(home, ingFebruary);
    expect(remembered).toMatchObject({ bank: "ing" });
    expect(remembered?.setup).toEqual(chosen);
  });

  it("keeps one mapping per shape: the newest import's", async () => {
    const preset = analyseBankFile(parseCsv(ingFebruary).records, "nl").setup;
    const changed: ImportSetup = { ...preset, defaultCategory: "Huishouden" };
    await importFile(home, ingFebruary, changed);
    const remembered = await mapping(home, ing);
    expect(remembered?.setup).toEqual(changed);
    // No bank sent: the server's own recognition is kept.
    expect(remembered?.bank).toBe("ing");
  });

  it("knows files of another shape apart", async () => {
    const rabobank = fixture("rabobank.csv");
    expect(importShape(rabobank)).not.toBe(importShape(ing));
    expect(await mapping(home, rabobank)).toBeNull();
    // Files without a header are known by their delimiter and width.
    expect(importShape(fixture("asn.csv"))).toBe(importShape(fixture("sns.csv")));
    expect(importShape(fixture("asn.csv"))).not.toBe(importShape(fixture("abnamro.TAB")));
  });

  it("never shows one household's mapping to another", async () => {
    expect(await mapping(other, ing)).toBeNull();
    // The other household's own import of the same shape is its own, and leaves ours alone.
    const preset = analyseBankFile(parseCsv(ing).records, "nl").setup;
    await importFile(other, ing, { ...preset, defaultCategory: "Van de buren" });
    expect((await mapping(other, ing))?.setup.defaultCategory).toBe("Van de buren");
    expect((await mapping(home, ing))?.setup.defaultCategory).toBe("Huishouden");
  });

  it("gives back a mapping saved before the statement number existed, and keeps it from then on", async () => {
    const belfius = fixture("belfius.csv");
    const preset = analyseBankFile(parseCsv(belfius).records, "nl").setup;
    expect(preset.columns).toMatchObject({ reference: 3, referenceGroup: 2 });
    // As an older Hearth stored it: no payer, no statement number, no reference.
    const { payer: _payer, referenceGroup: _group, ...olderColumns } = preset.columns;
    const older = { ...preset, columns: { ...olderColumns, reference: null } };
    await testApp()
      .deps.database.db.insert(importMappings)
      .values({ householdId: home.householdId, shape: importShape(belfius), setup: older });
    expect((await mapping(home, belfius))?.setup).toEqual(older);
    // Importing with it still works; the next import's setup, statement number and all, is kept.
    expect(await importFile(home, belfius, older)).toMatchObject({ imported: 3 });
    await importFile(home, belfius, preset, "belfius");
    expect((await mapping(home, belfius))?.setup).toEqual(preset);
  });

  it("answers a shape that is no shape as the translated 400 naming it", async () => {
    const response = await home.person.client.get("/api/imports/mappings/whatever");
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { code: string; fields?: Record<string, string> };
    };
    expect(body.error.code).toBe("VALIDATION");
    expect(Object.keys(body.error.fields ?? {})).toEqual(["shape"]);
    expect(body.error.fields?.shape).toMatch(/\S/);
  });
});
