import { and, eq, isNotNull, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { categories, transactions, transactionShares } from "#server/db/schema/money.ts";
import { readFileSync } from "node:fs";
import { analyseImport, decodeCsvBytes, parseCsv } from "#shared/csv-import.ts";
import type { ImportSetup } from "#shared/csv-import.ts";
import { validationMessages } from "#shared/validation.ts";
import type { Transaction } from "#shared/schemas/transactions.schema.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { databaseFingerprint } from "#test/fingerprint.ts";
import { useTestApp } from "#test/test-app.ts";
import { queryRows } from "#server/db/rows.ts";
import { prepareImport } from "./import-prepare.ts";
import { runSteps } from "#shared/steps.ts";
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
  createdCategories: number;
};

const setup: ImportSetup = {
  columns: { date: 0, amount: 1, category: 2, merchant: 3, notes: 4 },
  hasHeader: true,
  dateFormat: "DD-MM-YYYY",
  decimal: "comma",
  kindFrom: "sign",
  defaultKind: "expense",
  defaultCategory: null,
};

// Lines 3 (no real date), 5 (no amount), 6 (not an amount), 8 (no category) are bad.
const file = [
  "Datum;Bedrag;Categorie;Omschrijving;Notities",
  "01-03-2025;-12,50;Boodschappen CSV;Albert Heijn;week 9",
  "30-02-2025;-5,00;Boodschappen CSV;Jumbo;",
  "02-03-2025;2.500,00;Salaris CSV;Werkgever BV;maart",
  "03-03-2025;;Boodschappen CSV;Lidl;",
  "04-03-2025;twaalf;Boodschappen CSV;Lidl;",
  '05-03-2025;"-1.234,56";Vakantie CSV;"Reisbureau; Zon";"twee\nregels"',
  "06-03-2025;-3,10;;Bakker;",
  "07-03-2025;-3,10;boodschappen csv;Bakker;",
  "07-03-2025;-3,10;boodschappen csv;Bakker;",
].join("\n");

/** A file of date, amount, category and counterparty, as an English download writes them. */
const en: Partial<ImportSetup> = {
  columns: { date: 0, amount: 1, category: 2, merchant: 3 },
  dateFormat: "YYYY-MM-DD",
  decimal: "dot",
};

describeOnEachDatabase("csv import and export", (database) => {
  const testApp = useTestApp(database);
  let home: EntriesHousehold;
  let other: EntriesHousehold;
  let dutch: EntriesHousehold;
  const db = () => testApp().deps.database.db;

  beforeAll(async () => {
    home = await entriesHousehold(testApp, "Carla Csv");
    other = await entriesHousehold(testApp, "Dirk Foreign");
    dutch = await entriesHousehold(testApp, "Eva Nederlands", { language: "nl" });
  });

  const importFile = (
    who: EntriesHousehold,
    text: string,
    overrides: Partial<ImportSetup> = {},
    extra: Record<string, unknown> = {},
  ) =>
    who.person.client.post("/api/imports", { text, setup: { ...setup, ...overrides }, ...extra });

  const exportText = async (who: EntriesHousehold, query: string) => {
    const response = await who.person.client.get(`/api/transactions/export?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The BOM: EF BB BF.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  };

  it("imports the good rows, says which lines are bad and why, and nothing twice", async () => {
    const first = await expectJson<ImportResult>(await importFile(home, file));
    expect(first.invalid).toEqual([
      { line: 3, errors: ["dateInvalid"] },
      { line: 5, errors: ["amountRequired"] },
      { line: 6, errors: ["amountInvalid"] },
      { line: 9, errors: ["categoryRequired"] },
    ]);
    expect(first.imported).toBe(5);
    expect(first.duplicates).toBe(0);
    // "Boodschappen CSV" (expense), "Salaris CSV" (income), "Vakantie CSV" (expense).
    expect(first.createdCategories).toBe(3);

    const rows = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.importId, first.importId))
      .orderBy(transactions.occurredOn);
    expect(rows.map((row) => [row.occurredOn, row.kind, row.amountCents])).toEqual([
      ["2025-03-01", "expense", 1250],
      ["2025-03-02", "income", 250000],
      ["2025-03-05", "expense", 123456],
      ["2025-03-07", "expense", 310],
      ["2025-03-07", "expense", 310],
    ]);
    const holiday = rows.find((row) => row.amountCents === 123456);
    expect(holiday?.merchant).toBe("Reisbureau; Zon");
    expect(holiday?.notes).toBe("twee\nregels");
    for (const row of rows) {
      expect(row.householdId).toBe(home.householdId);
      // The first 128 bits of a SHA-256 (decision 051).
      expect(row.importHash).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
      if (row.kind === "expense") expect(row.paidByMemberId).toBe(home.memberId);
      else expect(row.receivedByMemberId).toBe(home.memberId);
      const shares = await db()
        .select()
        .from(transactionShares)
        .where(eq(transactionShares.transactionId, row.id));
      expect(shares).toEqual([
        expect.objectContaining({ memberId: home.memberId, amountCents: row.amountCents }),
      ]);
    }
    // Case-insensitive: "boodschappen csv" went into the category the file created above.
    const groceries = await db()
      .select()
      .from(categories)
      .where(and(eq(categories.householdId, home.householdId), eq(categories.kind, "expense")));
    expect(groceries.filter((c) => c.name.toLowerCase() === "boodschappen csv")).toHaveLength(1);

    const again = await expectJson<ImportResult>(await importFile(home, file));
    expect(again.imported).toBe(0);
    expect(again.duplicates).toBe(5);
    expect(again.createdCategories).toBe(0);
    expect(again.invalid).toHaveLength(4);
    const all = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.householdId, home.householdId), isNotNull(transactions.importId)));
    expect(all).toHaveLength(5);
  });

  it("refuses rows dated before 1900 or after 2099 and stores nothing of them", async () => {
    const early = await entriesHousehold(testApp, "Frits Vroeg");
    const text = [
      "Datum;Bedrag;Categorie;Omschrijving;Notities",
      "01-01-1000;-12,50;Oudheid CSV;Munt;",
      "31-12-9999;-5,00;Toekomst CSV;Raket;",
      "31-12-1899;100,00;Eeuwwisseling CSV;Loon;",
      "01-01-2100;-1,00;Eeuwwisseling CSV;Loon;",
    ].join("\n");
    const before = await databaseFingerprint(db());
    const result = await expectJson<ImportResult>(await importFile(early, text));
    expect(result).toMatchObject({ imported: 0, duplicates: 0, createdCategories: 0 });
    expect(result.invalid).toEqual(
      [2, 3, 4, 5].map((line) => ({ line, errors: ["dateOutOfRange"] })),
    );
    // Only the history learnt of it (decision 031).
    const after = await databaseFingerprint(db());
    expect({ ...after, imports: "" }).toEqual({ ...before, imports: "" });
  });

  it("imports one more identical row when the file gains one, into an archived category too", async () => {
    const [archived] = await db()
      .insert(categories)
      .values({
        householdId: home.householdId,
        kind: "expense",
        name: "Oud Archief",
        archivedAt: new Date(),
      })
      .returning();
    const text = [
      "date,amount,category,merchant",
      "2025-04-01,-1.00,oud archief,Kiosk",
      "2025-04-01,-1.00,oud archief,Kiosk",
    ].join("\n");
    const first = await expectJson<ImportResult>(await importFile(home, text, en));
    expect(first).toMatchObject({ imported: 2, duplicates: 0, createdCategories: 0 });
    const more = await expectJson<ImportResult>(
      await importFile(home, `${text}\n2025-04-01,-1.00,oud archief,Kiosk`, en),
    );
    expect(more).toMatchObject({ imported: 1, duplicates: 2 });
    const rows = await db()
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.householdId, home.householdId), eq(transactions.merchant, "Kiosk")),
      );
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.categoryId === archived?.id)).toBe(true);
  });

  it("skips a row that another import puts in at the same moment, instead of failing", async () => {
    const text = [
      "date,amount,category,merchant",
      "2025-05-01,-4.00,Race CSV,Kiosk A",
      "2025-05-02,-5.00,Race CSV,Kiosk B",
      "2025-05-03,-6.00,Race CSV,Kiosk C",
    ].join("\n");
    const prepared = await prepareImport({
      text,
      setup: { ...setup, ...en },
      categoryKinds: new Map(),
      maxRows: 10,
    });
    if (!prepared.ok) throw new Error("The file did not prepare.");
    // Another import's entry of the file's first row, not committed yet: the import's look-up
    // cannot see it, and its insert waits for it on the unique index of the hashes.
    let commit = () => {};
    const held = new Promise<void>((resolve) => (commit = resolve));
    const other = db().transaction(async (tx) => {
      await tx.insert(transactions).values({
        householdId: home.householdId,
        kind: "expense",
        amountCents: 400,
        occurredOn: "2025-05-01",
        merchant: "Kiosk A",
        paidByMemberId: home.memberId,
        importHash: runSteps(prepared.keys.all()).keys[0],
      });
      await held;
    });
    const answer = importFile(home, text, en);
    for (let waited = 0; ; waited += 50) {
      const [waiting] = await queryRows<{ count: number }>(
        db(),
        sql`select count(*)::int as count from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and query like '%json_to_recordset%'`,
      );
      if ((waiting?.count ?? 0) > 0) break;
      if (waited > 10_000) throw new Error("The import's batch never waited for the other entry.");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    commit();
    await other;
    // The batch failed on the index once the other entry was in, and went again without it.
    const result = await expectJson<ImportResult>(await answer);
    expect(result).toMatchObject({ imported: 2, duplicates: 1, invalid: [] });
    const rows = await db()
      .select({ merchant: transactions.merchant })
      .from(transactions)
      .where(
        and(
          eq(transactions.householdId, home.householdId),
          sql`${transactions.merchant} like 'Kiosk _'`,
        ),
      )
      .orderBy(transactions.merchant);
    expect(rows.map((row) => row.merchant)).toEqual(["Kiosk A", "Kiosk B", "Kiosk C"]);
  });

  it("refuses empty files, missing columns and foreign members with translated messages", async () => {
    const empty = await importFile(home, "Datum;Bedrag\n");
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).fields?.text).toBe("The file has no rows to import");

    const narrow = await importFile(home, "a;b\n1;2", {
      columns: { date: 0, amount: 7 },
    });
    expect(narrow.status).toBe(400);
    expect((await errorOf(narrow)).fields?.["setup.columns"]).toBe(
      "Choose a column for the date and the amount",
    );

    const foreign = await importFile(home, file, {}, { memberId: other.memberId });
    expect(foreign.status).toBe(400);
    expect((await errorOf(foreign)).fields?.memberId).toBe(
      "This person is not a member of your household",
    );

    const malformed = await home.person.client.post("/api/imports", { text: 12, setup: {} });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe("VALIDATION");

    const nl = await importFile(dutch, "x;y\n");
    expect((await errorOf(nl)).fields?.text).toBe(
      (await import("#shared/validation.ts")).validationMessages.nl.csvEmpty,
    );

    const signedOut = await testApp().request("/api/transactions/export");
    expect(signedOut.status).toBe(401);
  });

  it("imports for another member of the household", async () => {
    const result = await expectJson<ImportResult>(
      await importFile(
        home,
        "Datum;Bedrag;Categorie\n09-05-2025;-7,00;Partner CSV",
        { columns: { date: 0, amount: 1, category: 2 } },
        { memberId: home.partnerId },
      ),
    );
    expect(result.imported).toBe(1);
    const [row] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.importId, result.importId));
    expect(row?.paidByMemberId).toBe(home.partnerId);
    expect(row?.createdByMemberId).toBe(home.memberId);
  });

  it("escapes formula-looking cells in the export", async () => {
    const create = async (merchant: string, notes: string | null = null) =>
      expectJson<Transaction>(
        await home.person.client.post("/api/transactions", {
          kind: "expense",
          amountCents: 4200,
          occurredOn: "2024-01-15",
          categoryId: home.expenseCategoryId,
          merchant,
          notes,
          splitMode: "personal",
          memberId: home.memberId,
          paidByMemberId: home.memberId,
        }),
        201,
      );
    await create("=SUM(A1:A9)");
    await create("+cmd|' /C calc'!A0");
    await create("-2+3", "@x");
    // The API trims text, so a cell starting with a tab is written in the database directly.
    const tab = await create("tab", "indent");
    await db().update(transactions).set({ notes: "\tindent" }).where(eq(transactions.id, tab.id));
    const text = await exportText(home, "from=2024-01-01&to=2024-01-31&sort=date-asc");
    const records = parseCsv(text).records.map((r) => r.cells);
    expect(records[0]).toEqual([
      "Date",
      "Type",
      "Amount",
      "Category",
      "Merchant",
      "Notes",
      "Paid by / received by",
      "Shares",
    ]);
    const merchants = records.slice(1).map((cells) => [cells[4], cells[5]]);
    expect(merchants).toEqual(
      expect.arrayContaining([
        ["'=SUM(A1:A9)", ""],
        ["'+cmd|' /C calc'!A0", ""],
        ["'-2+3", "'@x"],
        ["tab", "'\tindent"],
      ]),
    );
    expect(records.slice(1).every((cells) => cells[2] === "42.00" && cells[1] === "expense")).toBe(
      true,
    );
    // No cell of the raw file starts with a formula character.
    for (const cells of records) for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t]/);
  });

  it("writes semicolons and decimal commas with Dutch headers, and follows the list's filter", async () => {
    const category = dutch.expenseCategoryId;
    const post = async (amountCents: number, occurredOn: string, merchant: string) =>
      expectJson<Transaction>(
        await dutch.person.client.post("/api/transactions", {
          kind: "expense",
          amountCents,
          occurredOn,
          categoryId: category,
          merchant,
          splitMode: "percent",
          shares: [
            { memberId: dutch.memberId, percentBp: 6000 },
            { memberId: dutch.partnerId, percentBp: 4000 },
          ],
          paidByMemberId: dutch.memberId,
        }),
        201,
      );
    await post(123456, "2025-06-01", "Bouwmarkt; Gamma");
    await post(999, "2025-06-02", "Bakker");
    await post(500, "2025-07-02", "Bakker");
    const text = await exportText(
      dutch,
      "delimiter=semicolon&decimal=comma&from=2025-06-01&to=2025-06-30&sort=amount-desc",
    );
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Datum;Soort;Bedrag;Categorie;Winkel;Notities;Betaald door / ontvangen door;Verdeling",
    );
    expect(lines[1]).toMatch(
      /^2025-06-01;uitgave;1234,56;[^;]+;"Bouwmarkt; Gamma";;Eva Nederlands;/,
    );
    expect(lines[1]).toContain("Eva Nederlands 740,74");
    expect(lines[1]).toContain(" + ");
    expect(lines[1]).toContain("Partner of Eva Nederlands 493,82");
    expect(lines[2]).toMatch(/^2025-06-02;uitgave;9,99;/);
    expect(lines).toHaveLength(4); // header, two rows, the empty string after the last CRLF

    const searched = await exportText(dutch, "q=bakker&delimiter=tab");
    const rows = parseCsv(searched).records.slice(1);
    expect(rows.map((r) => r.cells[2])).toEqual(["5.00", "9.99"]);
    expect(searched.split("\r\n")[1]?.split("\t")).toHaveLength(8);

    // A member filter of another household and a bad value.
    const none = await exportText(dutch, `member=${other.memberId}`);
    expect(parseCsv(none).records).toHaveLength(1);
    const bad = await dutch.person.client.get("/api/transactions/export?delimiter=pipe");
    expect(bad.status).toBe(400);
  });

  it("exports more than one page, and never another household's entries", async () => {
    const text = [
      "date,amount,category",
      ...Array.from({ length: 2100 }, (_, i) => {
        const day = String((i % 28) + 1).padStart(2, "0");
        return `2023-02-${day},-${i + 1}.00,Many CSV`;
      }),
    ].join("\n");
    const result = await expectJson<ImportResult>(
      await importFile(home, text, {
        columns: { date: 0, amount: 1, category: 2 },
        dateFormat: "YYYY-MM-DD",
        decimal: "dot",
      }),
    );
    expect(result.imported).toBe(2100);
    // A large import leaves the planner's statistics fresh: entries and shares analysed just now.
    const analysed = async () => {
      const { rows } = (await db().execute(
        sql`select coalesce(bool_and(last_analyze > now() - interval '1 minute'), false)
              and count(*) = 2 as analysed
            from pg_stat_user_tables where relname in ('transactions', 'transaction_shares')`,
      )) as { rows: { analysed: boolean }[] };
      return rows[0]?.analysed;
    };
    await expect.poll(analysed, { timeout: 5_000 }).toBe(true);
    // From a small sample (analyzeStatisticsTarget): 2,100 amounts of their own, 30 buckets.
    const [histogram] = await queryRows<{ bounds: number }>(
      db(),
      sql`select array_length(histogram_bounds, 1) as bounds from pg_stats
        where tablename = 'transactions' and attname = 'amount_cents'`,
    );
    expect(histogram?.bounds).toBe(31);
    const exported = await exportText(home, "from=2023-02-01&to=2023-02-28");
    const rows = parseCsv(exported).records.slice(1);
    expect(rows).toHaveLength(2100);
    expect(new Set(rows.map((r) => r.cells[2])).size).toBe(2100);

    const foreign = await exportText(other, "");
    const foreignRows = parseCsv(foreign).records.slice(1);
    expect(foreignRows).toHaveLength(0);
    const ownRows = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.householdId, other.householdId));
    expect(ownRows).toHaveLength(0);
  });

  it("refuses what would come in silently wrong: another currency, a sign against its category, account numbers as the amount", async () => {
    const bank = await entriesHousehold(testApp, "Frank Bankfile", { language: "nl" });
    const fixture = (name: string) =>
      decodeCsvBytes(
        new Uint8Array(
          readFileSync(new URL(`../../../../test/fixtures/bank-files/${name}`, import.meta.url)),
        ),
      ).text;
    const post = (text: string, body: ImportSetup) =>
      bank.person.client.post("/api/imports", { text, setup: body });
    const stored = async (importId: string) =>
      (
        await db()
          .select()
          .from(transactions)
          .where(eq(transactions.importId, importId))
          .orderBy(transactions.occurredOn)
      ).map((row) => [row.occurredOn, row.kind, row.amountCents, row.merchant]);

    // A row in dollars is refused with its reason, not stored as euros.
    const revolut = fixture("revolut.csv");
    const revolutSetup = analyseImport(parseCsv(revolut).records, "en").setup;
    const dollars = await expectJson<ImportResult>(await post(revolut, revolutSetup));
    expect(dollars.invalid).toEqual([{ line: 4, errors: ["currencyNotEuro"] }]);
    expect(await stored(dollars.importId)).toEqual([
      ["2025-01-02", "expense", 2345, "Albert Heijn"],
      ["2025-01-03", "income", 50000, "Top-up by *1234"],
    ]);

    // A positive row of an expense category is flagged, not made income in a look-alike category.
    const rent = { ...setup, columns: { date: 0, amount: 1, category: 2 } };
    const rentFile =
      "Datum;Bedrag;Categorie\n01-03-2025;-950,00;Huur API\n01-04-2025;-950,00;Huur API";
    expect((await expectJson<ImportResult>(await post(rentFile, rent))).imported).toBe(2);
    const refund = await expectJson<ImportResult>(
      await post("Datum;Bedrag;Categorie\n15-04-2025;50,00;huur api", rent),
    );
    expect(refund.imported).toBe(0);
    expect(refund.invalid).toEqual([{ line: 2, errors: ["importKindMismatch"] }]);
    const rentCategories = await db()
      .select({ kind: categories.kind })
      .from(categories)
      .where(
        and(
          eq(categories.householdId, bank.householdId),
          sql`lower(${categories.name}) = 'huur api'`,
        ),
      );
    expect(rentCategories).toEqual([{ kind: "expense" }]);

    // ABN AMRO's .TAB file: the account number chosen as the amount is refused; the guess is right.
    const abn = fixture("abnamro.TAB");
    const abnSetup = analyseImport(parseCsv(abn).records, "nl").setup;
    const accountAsAmount = await post(abn, {
      ...abnSetup,
      columns: { ...abnSetup.columns, amount: 0 },
    });
    expect(accountAsAmount.status).toBe(400);
    expect((await errorOf(accountAsAmount)).fields?.["setup.columns"]).toBe(
      validationMessages.nl.csvAmountNotMoney,
    );
    const abnResult = await expectJson<ImportResult>(await post(abn, abnSetup));
    expect(abnResult.imported).toBe(4);
    const abnRows = await stored(abnResult.importId);
    expect(abnRows.map((row) => row.slice(0, 3))).toEqual([
      ["2025-01-02", "expense", 2345],
      ["2025-01-03", "income", 250000],
      ["2025-01-05", "expense", 810],
      ["2025-01-31", "expense", 123456],
    ]);
    expect(abnRows[2]?.[3]).toContain("Café Müller");

    // Two amount columns without the money-in one chosen is refused.
    const split = await post("Date,Debit,Credit\n2025-01-02,1.00,", {
      ...setup,
      kindFrom: "split",
      dateFormat: "YYYY-MM-DD",
      columns: { date: 0, amount: 1 },
    });
    expect(split.status).toBe(400);
    expect((await errorOf(split)).fields?.["setup.columns"]).toBe(
      validationMessages.nl.csvColumnMissing,
    );
  });
});
