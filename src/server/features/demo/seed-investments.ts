import type { Db } from "#server/db/client.ts";
import {
  holdingPrices,
  holdings,
  investmentTrades,
  portfolios,
  portfolioShares,
} from "#server/db/schema/investments.ts";
import { tradeValues } from "#server/features/investments/investments.service.ts";
import { addMonths, daysInMonth, monthRange, type IsoDate } from "#shared/dates.ts";
import type { TradeKind } from "#shared/schemas/investments.schema.ts";

type Trade = typeof investmentTrades.$inferInsert;
type PriceRow = typeof holdingPrices.$inferInsert;

const monthDay = (month: string, day: number): IsoDate => {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return `${month}-${String(Math.min(day, daysInMonth(year, number))).padStart(2, "0")}`;
};

/** A price path without randomness: a steady rise with swings, the same on every run. */
function priceAt(start: number, yearlyGrowth: number, swing: number, months: number): number {
  const trend = start * (1 + yearlyGrowth) ** (months / 12);
  return Math.round(trend * (1 + swing * Math.sin(months / 2.2)) * 100) / 100;
}

/** Euros per dollar, wandering between about 0.89 and 0.95. */
const dollarRate = (months: number) =>
  Math.round((0.92 + 0.03 * Math.sin(months / 3.1)) * 1e4) / 1e4;

type Security = {
  name: string;
  symbol: string | null;
  isin: string;
  kind: "etf" | "fund";
  currency: "EUR" | "USD";
  /** The price two years ago, its yearly growth and the size of its swings. */
  start: number;
  growth: number;
  swing: number;
  /** Euros put in every month; ETFs are bought in whole units, the fund in fractions. */
  monthlyEuros: number;
  feesCents: number;
};

const securities: Security[] = [
  {
    // The distributing share class: it pays the quarterly dividends below.
    name: "Vanguard FTSE All-World UCITS ETF",
    symbol: "VWRL",
    isin: "IE00B3RBWM25",
    kind: "etf",
    currency: "EUR",
    start: 104.2,
    growth: 0.09,
    swing: 0.04,
    monthlyEuros: 250,
    feesCents: 100,
  },
  {
    name: "iShares Core MSCI EM IMI UCITS ETF",
    symbol: "EIMI",
    isin: "IE00BKM4GZ66",
    kind: "etf",
    currency: "USD",
    start: 30.15,
    growth: 0.05,
    swing: 0.06,
    monthlyEuros: 100,
    feesCents: 100,
  },
  {
    name: "Meesman Aandelen Wereldwijd Totaal",
    symbol: null,
    isin: "NL0013689110",
    kind: "fund",
    currency: "EUR",
    start: 38.4,
    growth: 0.08,
    swing: 0.03,
    monthlyEuros: 150,
    feesCents: 0,
  },
];

/**
 * The demo household's investments: one broker account shared 50/50 with two ETFs (one in
 * dollars) and a fund, bought on the first working days of every month for two years, a price at
 * every month's end and today, two dividends of the distributing ETF (with 15 % tax withheld) and
 * one sale of part of the emerging-markets ETF, so the portfolios, a holding's page, the value
 * over time and net worth all have something to show.
 */
export async function seedDemoInvestments(
  db: Db,
  ids: { householdId: string; me: string; partner: string; today: IsoDate },
): Promise<{ portfolios: number; holdings: number; trades: number; prices: number }> {
  const { householdId, me, partner, today } = ids;
  const thisMonth = today.slice(0, 7);
  const firstMonth = addMonths(thisMonth, -24);
  const months: string[] = [];
  for (let month = firstMonth; month <= thisMonth; month = addMonths(month, 1)) months.push(month);

  return db.transaction(async (tx) => {
    const [portfolio] = await tx
      .insert(portfolios)
      .values({ householdId, name: "Beleggingsrekening", broker: "DEGIRO", ownerKind: "shared" })
      .returning({ id: portfolios.id });
    if (!portfolio) throw new Error("The portfolio was not stored.");
    await tx.insert(portfolioShares).values([
      { portfolioId: portfolio.id, householdId, memberId: me, percentBp: 5_000 },
      { portfolioId: portfolio.id, householdId, memberId: partner, percentBp: 5_000 },
    ]);
    const rows = await tx
      .insert(holdings)
      .values(
        securities.map((security) => ({
          householdId,
          portfolioId: portfolio.id,
          name: security.name,
          symbol: security.symbol,
          isin: security.isin,
          kind: security.kind,
          currency: security.currency,
        })),
      )
      .returning({ id: holdings.id, name: holdings.name });

    const trades: Trade[] = [];
    const prices: PriceRow[] = [];
    securities.forEach((security, index) => {
      const holdingId = rows.find((row) => row.name === security.name)?.id;
      if (!holdingId) throw new Error(`The holding ${security.name} was not stored.`);
      const rateOf = (at: number) => (security.currency === "USD" ? dollarRate(at) : 1);
      const book = (
        kind: TradeKind,
        occurredOn: IsoDate,
        fields: { quantity?: number; price?: number; fxRate?: number; amountCents?: number },
        extra: { feesCents?: number; taxCents?: number; note?: string } = {},
      ) => {
        if (occurredOn > today) return;
        const values = tradeValues({
          kind,
          occurredOn,
          quantity: fields.quantity,
          price: fields.price,
          fxRate: fields.fxRate ?? 1,
          amountCents: fields.amountCents,
          feesCents: extra.feesCents ?? 0,
          taxCents: extra.taxCents ?? 0,
          ratio: null,
          note: extra.note ?? null,
        });
        trades.push({ ...values, householdId, holdingId });
      };
      let held = 0;
      months.forEach((month, at) => {
        // The buy on the month's 2nd to 4th (a working day, near enough), at that day's price.
        const price = priceAt(security.start, security.growth, security.swing, at);
        const fxRate = rateOf(at);
        const units =
          security.kind === "fund"
            ? Math.round((security.monthlyEuros / price) * 1e4) / 1e4
            : Math.max(1, Math.round(security.monthlyEuros / (price * fxRate)));
        const buyDay = monthDay(month, 2 + (index % 3));
        if (buyDay <= today) held += units;
        book("buy", buyDay, { quantity: units, price, fxRate }, { feesCents: security.feesCents });
        // The month-end price; this month's is today's, so the latest price is never stale.
        const monthEnd = monthRange(month).to;
        prices.push({
          householdId,
          holdingId,
          pricedOn: monthEnd <= today ? monthEnd : today,
          price: priceAt(security.start, security.growth, security.swing, at + 0.7),
          fxRate: rateOf(at + 0.7),
        });
        // Two quarterly dividends of the distributing ETF: €0.52 a unit, 15 % withheld.
        if (security.symbol === "VWRL" && (at === months.length - 10 || at === months.length - 4)) {
          const amountCents = Math.round(held * 52);
          book(
            "dividend",
            monthDay(month, 24),
            { amountCents },
            { taxCents: Math.round(amountCents * 0.15), note: "Kwartaaldividend" },
          );
        }
        // Part of the emerging markets sold, half a year ago, after a good run.
        if (security.symbol === "EIMI" && at === months.length - 7) {
          book(
            "sell",
            monthDay(month, 18),
            {
              quantity: 15,
              price: priceAt(security.start, security.growth, security.swing, at + 0.5),
              fxRate,
            },
            { feesCents: security.feesCents, note: "Herbalanceren" },
          );
        }
      });
    });
    await tx.insert(investmentTrades).values(trades);
    await tx.insert(holdingPrices).values(prices);
    return {
      portfolios: 1,
      holdings: rows.length,
      trades: trades.length,
      prices: prices.length,
    };
  });
}
