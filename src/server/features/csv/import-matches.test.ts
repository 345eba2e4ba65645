import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { transactions } from "#server/db/schema/money.ts";
import type { ImportSetup } from "#shared/csv-import.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import {
  entriesHousehold,
  expectJson,
  type EntriesHousehold,
} from "../transactions/entries-test-household.ts";

type Candidate = { id: string; occurredOn: string; kind: string; amountCents: number };

const setup: ImportSetup = {
  columns: { date: 0, amount: 1, merchant: 2 },
  hasHeader: true,
  dateFormat: "YYYY-MM-DD",
  decimal: "comma",
  kindFrom: "sign",
  defaultKind: "expense",
  defaultCategory: "Geïmporteerd",
};

// The bank's rows: the groceries typed by hand two days earlier, and the rent nobody typed.
const file = [
  "Datum;Bedrag;Tegenpartij",
  "2025-05-05;-42,10;Albert Heijn",
  "2025-05-06;-850,00;Woningstichting",
].join("\n");

describeOnEachDatabase(
  "likely matches: an imported row that is an entry typed by hand",
  (database) => {
    const testApp = useTestApp(database);
    const db = () => testApp().deps.database.db;
    let home: EntriesHousehold;
    let other: EntriesHousehold;
    let typedId: string;
    let farId: string;
    let importedOnceId: string;

    const typeEntry = async (who: EntriesHousehold, occurredOn: string, amountCents: number) =>
      (
        await expectJson<{ id: string }>(
          await who.person.client.post("/api/transactions", {
            kind: "expense",
            amountCents,
            occurredOn,
            categoryId: who.expenseCategoryId,
            merchant: "Boodschappen AH",
            splitMode: "personal",
            memberId: who.memberId,
            paidByMemberId: who.memberId,
          }),
          201,
        )
      ).id;
    const candidates = async (who: EntriesHousehold, from: string, to: string) =>
      expectJson<{ items: Candidate[]; truncated: boolean }>(
        await who.person.client.get(`/api/imports/likely-matches?from=${from}&to=${to}`),
      );

    beforeAll(async () => {
      home = await entriesHousehold(testApp, "Lotte Link");
      other = await entriesHousehold(testApp, "Olaf Ander");
      typedId = await typeEntry(home, "2025-05-03", 4210);
      // Same amount, five days away: no likely match.
      farId = await typeEntry(home, "2025-04-28", 4210);
      // An entry that came from an import is never a typed one.
      const imported = await expectJson<{ importId: string }>(
        await home.person.client.post("/api/imports", {
          text: "Datum;Bedrag;Tegenpartij\n2025-05-04;-42,10;Eerder geïmporteerd",
          setup,
        }),
      );
      const [row] = await db()
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.importId, imported.importId));
      importedOnceId = row?.id ?? "";
    });

    it("lists the household's typed entries in the file's days, never imported ones or another household's", async () => {
      const list = await candidates(home, "2025-04-25", "2025-05-09");
      const ids = list.items.map((item) => item.id);
      expect(ids).toContain(typedId);
      expect(ids).toContain(farId);
      expect(ids).not.toContain(importedOnceId);
      expect(list.items.find((item) => item.id === typedId)).toMatchObject({
        occurredOn: "2025-05-03",
        kind: "expense",
        amountCents: 4210,
      });
      expect((await candidates(other, "2025-04-25", "2025-05-09")).items).toEqual([]);
      const bad = await home.person.client.get(
        "/api/imports/likely-matches?from=mei&to=2025-05-09",
      );
      expect(bad.status).toBe(400);
    });

    it("a linked row is not imported: the typed entry stays, and importing the file again adds nothing", async () => {
      const linked = await expectJson<{ linked: number }>(
        await home.person.client.post("/api/imports/links", {
          text: file,
          setup,
          links: [{ line: 2, transactionId: typedId }],
        }),
      );
      expect(linked).toEqual({ linked: 1 });
      // Linked: no longer offered as a match.
      const ids = (await candidates(home, "2025-04-25", "2025-05-09")).items.map((item) => item.id);
      expect(ids).not.toContain(typedId);

      const first = await expectJson<{ imported: number; duplicates: number }>(
        await home.person.client.post("/api/imports", { text: file, setup }),
      );
      expect(first).toMatchObject({ imported: 1, duplicates: 1 });
      const again = await expectJson<{ imported: number; duplicates: number }>(
        await home.person.client.post("/api/imports", { text: file, setup }),
      );
      expect(again).toMatchObject({ imported: 0, duplicates: 2 });
      const may = await db()
        .select({ id: transactions.id, merchant: transactions.merchant })
        .from(transactions)
        .where(
          and(eq(transactions.householdId, home.householdId), eq(transactions.amountCents, 4210)),
        );
      // The typed entry, the far one, the earlier import's: no fourth €42.10.
      expect(may).toHaveLength(3);
      expect(may.find((row) => row.id === typedId)?.merchant).toBe("Boodschappen AH");
    });

    it("does not link a row whose line an imported entry holds, also under another mapping", async () => {
      const typed = await typeEntry(home, "2025-06-02", 1999);
      const bakery = "Datum;Bedrag;Tegenpartij\n2025-06-03;-19,99;Bakker";
      expect(
        await expectJson<{ imported: number }>(
          await home.person.client.post("/api/imports", { text: bakery, setup }),
        ),
      ).toMatchObject({ imported: 1 });
      // The same line read without its counterparty: another mapped hash, the same line.
      const linked = await expectJson<{ linked: number }>(
        await home.person.client.post("/api/imports/links", {
          text: bakery,
          setup: { ...setup, columns: { ...setup.columns, merchant: null } },
          links: [{ line: 2, transactionId: typed }],
        }),
      );
      expect(linked).toEqual({ linked: 0 });
      const [row] = await db()
        .select({ hash: transactions.importHash, line: transactions.importLineHash })
        .from(transactions)
        .where(eq(transactions.id, typed));
      expect(row).toEqual({ hash: null, line: null });
    });

    it("links only what fits: another household's entry is a 404, a line that is no row a 400", async () => {
      const foreign = await other.person.client.post("/api/imports/links", {
        text: file,
        setup,
        links: [{ line: 2, transactionId: farId }],
      });
      expect(foreign.status).toBe(404);
      expect((await errorOf(foreign)).code).toBe("NOT_FOUND");

      const noRow = await home.person.client.post("/api/imports/links", {
        text: file,
        setup,
        links: [{ line: 9, transactionId: farId }],
      });
      expect(noRow.status).toBe(400);
      expect((await errorOf(noRow)).fields?.links).toBeTruthy();

      // Five days apart: not a likely match, so not linked.
      const tooFar = await expectJson<{ linked: number }>(
        await home.person.client.post("/api/imports/links", {
          text: "Datum;Bedrag;Tegenpartij\n2025-05-03;-42,10;Later",
          setup,
          links: [{ line: 2, transactionId: farId }],
        }),
      );
      expect(tooFar).toEqual({ linked: 0 });
      const notUuid = await home.person.client.post("/api/imports/links", {
        text: file,
        setup,
        links: [{ line: 2, transactionId: "x" }],
      });
      expect(notUuid.status).toBe(400);
    });
  },
);
