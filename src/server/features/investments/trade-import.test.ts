import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { investmentTrades } from "#server/db/schema/investments.ts";
import {
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import type { HoldingDetail, PortfolioSummary } from "#shared/schemas/investments.schema.ts";
import type { TradeImportSetup } from "#shared/trade-import.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { databaseFingerprint } from "#test/fingerprint.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";

type TradeImportResult = {
  imported: number;
  duplicates: number;
  invalid: { line: number; errors: string[] }[];
};

const dutchSetup: TradeImportSetup = {
  columns: { date: 0, holding: 1, kind: 2, quantity: 3, price: 4, fees: 5, amount: 6 },
  hasHeader: true,
  dateFormat: "DD-MM-YYYY",
  decimal: "comma",
  kindFrom: "column",
};

// Line 5 (no real date), 6 (no such holding), 7 (more EMIM sold than held) are bad.
const dutchFile = [
  "Datum;Product;Soort;Aantal;Koers;Kosten;Bedrag",
  "02-01-2025;IE00BK5BQT80;Aankoop;10;100,50;-2,00;",
  "03-01-2025;EMIM;Koop;20;30,1234;1,00;",
  "15-01-2025;Vanguard FTSE All-World;Verkoop;-4;110,00;-1,50;",
  "31-02-2025;EMIM;Koop;1;30;;",
  "16-01-2025;AAPL;Koop;1;180;;",
  "17-01-2025;EMIM;Verkoop;25;31;;",
  "20-01-2025;emim;Dividend;;;;3,40",
].join("\n");

describeOnEachDatabase("trades import", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  let other: MoneyHousehold;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Ilse Importeur", "nl");
    other = await moneyHousehold(testApp, "Otto Outsider");
    await setHouseholdPlan(db(), home.person.userId, "premium");
    await setHouseholdPlan(db(), other.person.userId, "pro");
  });

  const openPortfolio = async (name: string, who = home) =>
    jsonOf<PortfolioSummary>(
      await who.person.client.post("/api/investments/portfolios", { name }),
      201,
    );
  const addHolding = async (portfolioId: string, body: Record<string, unknown>) =>
    jsonOf<HoldingDetail>(
      await home.person.client.post(`/api/investments/portfolios/${portfolioId}/holdings`, body),
      201,
    );
  const detail = async (holdingId: string) =>
    jsonOf<HoldingDetail>(await home.person.client.get(`/api/investments/holdings/${holdingId}`));
  const importFile = (portfolioId: string, text: string, setup = dutchSetup, who = home) =>
    who.person.client.post(`/api/investments/portfolios/${portfolioId}/imports`, { text, setup });

  it("imports buys, a sell and a dividend for two holdings, reports bad rows, and nothing twice", async () => {
    const portfolio = await openPortfolio("DEGIRO");
    const world = await addHolding(portfolio.id, {
      name: "Vanguard FTSE All-World",
      symbol: "VWCE",
      isin: "IE00BK5BQT80",
    });
    const emerging = await addHolding(portfolio.id, {
      name: "iShares Core MSCI EM IMI",
      symbol: "EMIM",
    });

    const first = await jsonOf<TradeImportResult>(await importFile(portfolio.id, dutchFile));
    expect(first).toEqual({
      imported: 4,
      duplicates: 0,
      invalid: [
        { line: 5, errors: ["dateInvalid"] },
        { line: 6, errors: ["holdingUnknown"] },
        { line: 7, errors: ["sellTooLarge"] },
      ],
    });
    const worldNow = await detail(world.id);
    expect(worldNow.quantity).toBe(6);
    expect(
      worldNow.trades.map((t) => [
        t.kind,
        t.occurredOn,
        t.quantity,
        t.price,
        t.amountCents,
        t.feesCents,
      ]),
    ).toEqual([
      ["sell", "2025-01-15", 4, 110, 44_000, 150],
      ["buy", "2025-01-02", 10, 100.5, 100_500, 200],
    ]);
    // Cost 1,007.00 for 10, 4 sold: 402.80 out, 440.00 − 1.50 − 402.80 realised.
    expect(worldNow.costCents).toBe(60_420);
    expect(worldNow.realisedCents).toBe(3_570);
    const emergingNow = await detail(emerging.id);
    expect(emergingNow.quantity).toBe(20);
    expect(emergingNow.trades.map((t) => [t.kind, t.amountCents, t.feesCents])).toEqual([
      ["dividend", 340, 0],
      ["buy", 60_247, 100],
    ]);

    const before = await databaseFingerprint(db());
    const again = await jsonOf<TradeImportResult>(await importFile(portfolio.id, dutchFile));
    expect(again).toEqual({ ...first, imported: 0, duplicates: 4 });
    expect(await databaseFingerprint(db())).toEqual(before);

    // Every imported row carries a hash as its key, never the row's text.
    const keys = await db()
      .select({ key: investmentTrades.importKey })
      .from(investmentTrades)
      .where(eq(investmentTrades.holdingId, world.id));
    expect(keys.every((row) => /^[0-9a-f]{64}$/.test(row.key ?? ""))).toBe(true);
  });

  it("refuses trades dated before 1900 or after 2099 and stores none of them", async () => {
    const portfolio = await openPortfolio("Out of range");
    await addHolding(portfolio.id, { name: "Range ETF", symbol: "RNG" });
    const text = [
      "Datum;Product;Soort;Aantal;Koers;Kosten;Bedrag",
      "01-01-1000;RNG;Koop;10;100;;",
      "31-12-9999;RNG;Koop;1;100;;",
      "31-12-1899;RNG;Dividend;;;;3,40",
      "01-01-2100;Onbekend;Koop;1;100;;",
    ].join("\n");
    const before = await databaseFingerprint(db());
    expect(await jsonOf<TradeImportResult>(await importFile(portfolio.id, text))).toEqual({
      imported: 0,
      duplicates: 0,
      invalid: [
        { line: 2, errors: ["dateOutOfRange"] },
        { line: 3, errors: ["dateOutOfRange"] },
        { line: 4, errors: ["dateOutOfRange"] },
        { line: 5, errors: ["dateOutOfRange"] },
      ],
    });
    expect(await databaseFingerprint(db())).toEqual(before);
  });

  it("checks sells together with the trades already there", async () => {
    const portfolio = await openPortfolio("Goud");
    const gold = await addHolding(portfolio.id, { name: "Gold tracker", symbol: "GLD" });
    const book = async (body: Record<string, unknown>) =>
      jsonOf(
        await home.person.client.post(`/api/investments/holdings/${gold.id}/trades`, body),
        201,
      );
    await book({ kind: "buy", occurredOn: "2025-03-01", quantity: 2, price: 40 });
    await book({ kind: "sell", occurredOn: "2025-06-01", quantity: 2, price: 60 });
    const setup: TradeImportSetup = {
      columns: { date: 0, holding: 1, kind: 2, quantity: 3, price: 4 },
      hasHeader: false,
      dateFormat: "DD-MM-YYYY",
      decimal: "comma",
      kindFrom: "column",
    };
    // Held in April, but June's sell would then sell a unit that is gone.
    expect(
      await jsonOf<TradeImportResult>(
        await importFile(portfolio.id, "10-04-2025;GLD;Verkoop;1;50", setup),
      ),
    ).toEqual({ imported: 0, duplicates: 0, invalid: [{ line: 1, errors: ["sellTooLarge"] }] });
    // With a buy before it, it fits.
    expect(
      await jsonOf<TradeImportResult>(
        await importFile(
          portfolio.id,
          "10-04-2025;GLD;Verkoop;1;50\n05-03-2025;gold tracker;Koop;1;41,5",
          setup,
        ),
      ),
    ).toEqual({ imported: 2, duplicates: 0, invalid: [] });
    const now = await detail(gold.id);
    expect(now.quantity).toBe(0);
    expect(now.trades.map((t) => [t.kind, t.occurredOn])).toEqual([
      ["sell", "2025-06-01"],
      ["sell", "2025-04-10"],
      ["buy", "2025-03-05"],
      ["buy", "2025-03-01"],
    ]);
  });

  it("reads a newest-first file with the quantity's sign, and refuses what is not a file", async () => {
    const portfolio = await openPortfolio("Newest first");
    const world = await addHolding(portfolio.id, { name: "World", isin: "IE00BK5BQT80" });
    const setup: TradeImportSetup = {
      columns: { date: 0, holding: 1, quantity: 2, price: 3, fees: 4 },
      hasHeader: true,
      dateFormat: "DD-MM-YYYY",
      decimal: "comma",
      kindFrom: "sign",
    };
    const text = [
      "Datum;ISIN;Aantal;Koers;Transactiekosten",
      "14-03-2025;IE00BK5BQT80;-3;118,24;-1,00",
      "03-02-2025;IE00BK5BQT80;10;112,5;-3,00",
    ].join("\n");
    expect(await jsonOf<TradeImportResult>(await importFile(portfolio.id, text, setup))).toEqual({
      imported: 2,
      duplicates: 0,
      invalid: [],
    });
    expect((await detail(world.id)).quantity).toBe(7);

    const empty = await importFile(portfolio.id, "Datum;ISIN;Aantal;Koers\n", setup);
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).fields).toEqual({
      text: "Het bestand heeft geen rijen om te importeren",
    });
    const narrow = await importFile(portfolio.id, "Datum;ISIN\n03-02-2025;X", setup);
    expect(narrow.status).toBe(400);
    expect((await errorOf(narrow)).fields).toMatchObject({
      "setup.columns": "Kies een kolom voor de datum en het bedrag",
    });
  });

  it("answers another household's portfolio with 404 and refuses Free with PLAN_REQUIRED", async () => {
    const portfolio = await openPortfolio("Private");
    await addHolding(portfolio.id, { name: "Private ETF", symbol: "PRIV" });
    const text = "Datum;Product;Soort;Aantal;Koers;Kosten;Bedrag\n02-01-2025;PRIV;Koop;1;10;;";

    const before = await databaseFingerprint(db());
    const foreign = await importFile(portfolio.id, text, dutchSetup, other);
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).code).toBe("NOT_FOUND");
    expect((await importFile("not-an-id", text, dutchSetup, other)).status).toBe(404);
    expect(await databaseFingerprint(db())).toEqual(before);

    const free = await moneyHousehold(testApp, "Frits Gratis");
    const signedUp = await databaseFingerprint(db());
    const refused = await importFile(portfolio.id, text, dutchSetup, free);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("PLAN_REQUIRED");
    expect(await databaseFingerprint(db())).toEqual(signedUp);

    const mine = await jsonOf<TradeImportResult>(await importFile(portfolio.id, text));
    expect(mine).toEqual({ imported: 1, duplicates: 0, invalid: [] });
  });
});
