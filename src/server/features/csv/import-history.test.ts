import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { queryRows } from "#server/db/rows.ts";
import type { ImportSetup } from "#shared/csv-import.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { householdFingerprint } from "#test/fingerprint.ts";
import { useTestApp } from "#test/test-app.ts";
import {
  entriesHousehold,
  expectJson,
  type EntriesHousehold,
} from "../transactions/entries-test-household.ts";
import type { ImportSummary } from "./import-history.ts";

type ImportResult = {
  importId: string;
  imported: number;
  duplicates: number;
  deletedBefore: number;
};
type Summary = { count: number; incomeCents: number; expenseCents: number };

const setup: ImportSetup = {
  columns: { date: 0, amount: 1, category: 2, merchant: 3, notes: 4 },
  hasHeader: true,
  dateFormat: "DD-MM-YYYY",
  decimal: "comma",
  kindFrom: "sign",
  defaultKind: "expense",
  defaultCategory: null,
};

// Line 3 has no real date, line 5 no amount: two bad rows.
const file = [
  "Datum;Bedrag;Categorie;Omschrijving;Notities",
  "01-03-2025;-12,50;Boodschappen;Albert Heijn;",
  "30-02-2025;-5,00;Boodschappen;Jumbo;",
  "02-03-2025;2.500,00;Salaris;Werkgever BV;maart",
  "03-03-2025;;Boodschappen;Lidl;",
  "04-03-2025;-40,00;Boodschappen;Markt;",
].join("\n");

describeOnEachDatabase("import history and undo", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: EntriesHousehold;
  let other: EntriesHousehold;

  beforeAll(async () => {
    home = await entriesHousehold(testApp, "Hanna Historie");
    other = await entriesHousehold(testApp, "Olaf Ander");
  });

  const importFile = (who: EntriesHousehold, text: string, extra: Record<string, unknown> = {}) =>
    who.person.client.post("/api/imports", { text, setup, ...extra });
  const history = async (who: EntriesHousehold) =>
    (await expectJson<{ items: ImportSummary[] }>(await who.person.client.get("/api/imports")))
      .items;
  const march = async (who: EntriesHousehold) =>
    expectJson<Summary>(
      await who.person.client.get("/api/transactions/summary?from=2025-03-01&to=2025-03-31"),
    );
  /** The monthly roll-ups of the household (the triggers' work), for March 2025. */
  const rollups = async (who: EntriesHousehold) => {
    const [row] = await queryRows<{ expense: string | null; income: string | null }>(
      db(),
      sql`select sum(total_cents) filter (where kind = 'expense') as expense,
            sum(total_cents) filter (where kind = 'income') as income
          from monthly_totals
          where household_id = ${who.householdId}::uuid and month = '2025-03-01'
            and member_id is null`,
    );
    return { expense: Number(row?.expense ?? 0), income: Number(row?.income ?? 0) };
  };

  it("keeps each import in the history: file, bank, who, when, counts and the reasons", async () => {
    const result = await expectJson<ImportResult>(
      await importFile(home, file, { fileName: "maart.csv", bank: "ing" }),
    );
    expect(result).toMatchObject({ imported: 3, duplicates: 0 });
    const again = await expectJson<ImportResult>(
      await importFile(home, file, { fileName: "maart (1).csv" }),
    );
    expect(again).toMatchObject({ imported: 0, duplicates: 3 });

    const items = await history(home);
    expect(items.map((item) => item.id)).toEqual([again.importId, result.importId]);
    expect(items[1]).toMatchObject({
      fileName: "maart.csv",
      bank: "ing",
      memberId: home.memberId,
      createdByMemberId: home.memberId,
      imported: 3,
      duplicates: 0,
      invalidCount: 2,
      reasons: { dateInvalid: 1, amountRequired: 1 },
      undoneAt: null,
    });
    expect(items[1]?.invalid.map((bad) => bad.line)).toEqual([3, 5]);
    expect(items[0]).toMatchObject({ fileName: "maart (1).csv", bank: null, imported: 0 });
    expect(Date.parse(items[1]?.createdAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    // Another household sees none of it.
    expect(await history(other)).toEqual([]);
  });

  it("undoes an import in one step, figures and roll-ups back, and undoes the undo", async () => {
    const before = await march(home);
    const rollupsBefore = await rollups(home);
    const added = await expectJson<ImportResult>(
      await importFile(home, file.replaceAll("2025", "2025").replace("Markt", "Markt 2"), {
        fileName: "tweede.csv",
      }),
    );
    // Only the Markt 2 row is new.
    expect(added.imported).toBe(1);
    const afterImport = await march(home);
    expect(afterImport.expenseCents).toBe(before.expenseCents + 4000);

    const undone = await expectJson<{ import: ImportSummary; removed: number }>(
      await home.person.client.post(`/api/imports/${added.importId}/undo`, {}),
    );
    expect(undone.removed).toBe(1);
    expect(undone.import.undoneAt).not.toBeNull();
    expect(await march(home)).toEqual(before);
    expect(await rollups(home)).toEqual(rollupsBefore);
    expect((await history(home)).find((item) => item.id === added.importId)?.undoneAt).toBe(
      undone.import.undoneAt,
    );
    // Undoing twice changes nothing.
    const twice = await expectJson<{ removed: number }>(
      await home.person.client.post(`/api/imports/${added.importId}/undo`, {}),
    );
    expect(twice.removed).toBe(0);

    const redone = await expectJson<{ import: ImportSummary; restored: number }>(
      await home.person.client.post(`/api/imports/${added.importId}/redo`, {}),
    );
    expect(redone.restored).toBe(1);
    expect(redone.import.undoneAt).toBeNull();
    expect(await march(home)).toEqual(afterImport);
    expect((await rollups(home)).expense).toBe(rollupsBefore.expense + 4000);
  });

  it("brings back only what the undo removed, not an entry deleted by hand before", async () => {
    const who = await entriesHousehold(testApp, "Ida Ongedaan");
    const result = await expectJson<ImportResult>(await importFile(who, file));
    const page = await expectJson<{ items: { id: string; merchant: string }[] }>(
      await who.person.client.get("/api/transactions?from=2025-03-01&to=2025-03-31"),
    );
    const markt = page.items.find((item) => item.merchant === "Markt");
    expect(markt).toBeDefined();
    expect(
      (await who.person.client.request("DELETE", `/api/transactions/${markt?.id}`)).status,
    ).toBe(204);
    const undone = await expectJson<{ removed: number }>(
      await who.person.client.post(`/api/imports/${result.importId}/undo`, {}),
    );
    expect(undone.removed).toBe(2);
    const redone = await expectJson<{ restored: number }>(
      await who.person.client.post(`/api/imports/${result.importId}/redo`, {}),
    );
    expect(redone.restored).toBe(2);
    expect((await march(who)).count).toBe(2);
  });

  it("imports a file again after its import was undone; the undo's undo then adds nothing twice", async () => {
    const who = await entriesHousehold(testApp, "Jan Opnieuw");
    const first = await expectJson<ImportResult>(await importFile(who, file));
    await expectJson(await who.person.client.post(`/api/imports/${first.importId}/undo`, {}));
    expect((await march(who)).count).toBe(0);
    const second = await expectJson<ImportResult>(await importFile(who, file));
    expect(second).toMatchObject({ imported: 3, duplicates: 0, deletedBefore: 0 });
    const redone = await expectJson<{ restored: number }>(
      await who.person.client.post(`/api/imports/${first.importId}/redo`, {}),
    );
    expect(redone.restored).toBe(0);
    expect((await march(who)).count).toBe(3);
  });

  it("skips a row deleted by hand when the file comes again, and imports it again on purpose", async () => {
    const who = await entriesHousehold(testApp, "Kees Bewust");
    await expectJson<ImportResult>(await importFile(who, file));
    const page = await expectJson<{ items: { id: string; merchant: string }[] }>(
      await who.person.client.get("/api/transactions?from=2025-03-01&to=2025-03-31"),
    );
    const markt = page.items.find((item) => item.merchant === "Markt");
    expect(
      (await who.person.client.request("DELETE", `/api/transactions/${markt?.id}`)).status,
    ).toBe(204);
    const again = await expectJson<ImportResult>(await importFile(who, file));
    expect(again).toMatchObject({ imported: 0, duplicates: 3, deletedBefore: 1 });
    const onPurpose = await expectJson<ImportResult>(
      await importFile(who, file, { reimportDeleted: true }),
    );
    expect(onPurpose).toMatchObject({ imported: 1, duplicates: 2, deletedBefore: 0 });
    expect((await march(who)).count).toBe(3);
    // The file once more, whole and as the Markt line alone: the row is there again (live), so
    // it is no longer one deleted before.
    expect(await expectJson<ImportResult>(await importFile(who, file))).toMatchObject({
      imported: 0,
      duplicates: 3,
      deletedBefore: 0,
    });
    const marktLine = file
      .split("\n")
      .filter((line, index) => index === 0 || line.includes("Markt"));
    expect(
      await expectJson<ImportResult>(await importFile(who, marktLine.join("\n"))),
    ).toMatchObject({ imported: 0, duplicates: 1, deletedBefore: 0 });
    // The first Markt entry brought back after all (its delete undone): it comes back, without
    // the hashes the new one holds now, and the file again still adds nothing.
    const restored = await expectJson<{ restored: number }>(
      await who.person.client.post("/api/transactions/restore", { ids: [markt?.id] }),
    );
    expect(restored.restored).toBe(1);
    expect((await march(who)).count).toBe(4);
    const hashes = await queryRows<{ hash: string | null; line: string | null }>(
      db(),
      sql`select import_hash as hash, import_line_hash as line from transactions
        where id = ${markt?.id ?? ""}::uuid`,
    );
    expect(hashes).toEqual([{ hash: null, line: null }]);
    expect(await expectJson<ImportResult>(await importFile(who, file))).toMatchObject({
      imported: 0,
      duplicates: 3,
      deletedBefore: 0,
    });
    expect((await march(who)).count).toBe(4);
  });

  it("adds nothing when the same file comes again with another mapping", async () => {
    const who = await entriesHousehold(testApp, "Mira Mapping");
    const first = await expectJson<ImportResult>(await importFile(who, file));
    expect(first).toMatchObject({ imported: 3 });
    // The notes column now read as the merchant, the merchant as the notes: other entries, the
    // same lines.
    const remapped = await expectJson<ImportResult>(
      await who.person.client.post("/api/imports", {
        text: file,
        setup: { ...setup, columns: { ...setup.columns, merchant: 4, notes: 3 } },
      }),
    );
    expect(remapped).toMatchObject({ imported: 0, duplicates: 3 });
    // A file that gained a line: only that line goes in, whatever the mapping.
    const longer = await expectJson<ImportResult>(
      await who.person.client.post("/api/imports", {
        text: `${file}\n05-03-2025;-7,00;Boodschappen;Bakker;`,
        setup: { ...setup, columns: { ...setup.columns, notes: null } },
      }),
    );
    expect(longer).toMatchObject({ imported: 1, duplicates: 3 });
    expect((await march(who)).count).toBe(4);
  });

  it("names the bank a file comes from when its lines say so", async () => {
    const who = await entriesHousehold(testApp, "Lies Bank");
    const text = [
      '"Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij","Bedrag (EUR)"',
      '"20250102","Albert Heijn 1234","NL00INGB0001234567","","BA","Af","23,45"',
    ].join("\n");
    await expectJson<ImportResult>(
      await who.person.client.post("/api/imports", {
        text,
        setup: {
          ...setup,
          columns: { date: 0, amount: 6, merchant: 1, kind: 5 },
          defaultCategory: "Boodschappen",
          dateFormat: "YYYYMMDD",
          kindFrom: "column",
        },
        fileName: "NL00INGB0001234567_01-01-2025_31-01-2025.csv",
      }),
    );
    const [item] = await history(who);
    expect(item).toMatchObject({ bank: "ing", imported: 1 });
  });

  it("answers another household's import, or no import, as not found and changes nothing", async () => {
    const [mine] = await history(home);
    const fingerprint = await householdFingerprint(db(), home.householdId, [home.person.userId]);
    for (const path of [
      `/api/imports/${mine?.id}/undo`,
      `/api/imports/${mine?.id}/redo`,
      "/api/imports/00000000-0000-4000-8000-000000000000/undo",
      "/api/imports/not-an-id/redo",
    ]) {
      const response = await other.person.client.post(path, {});
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe("NOT_FOUND");
    }
    expect(await householdFingerprint(db(), home.householdId, [home.person.userId])).toEqual(
      fingerprint,
    );
  });
});
