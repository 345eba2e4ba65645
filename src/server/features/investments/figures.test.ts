import { describe, expect, it } from "vitest";
import type { Owner } from "#server/features/savings/owners.ts";
import {
  holdingFigures,
  newerPrice,
  perUnitAfterSplits,
  totalsOf,
  tradeAmountCents,
  valueCents,
  type PricePoint,
  type TradeRow,
} from "./figures.ts";

/**
 * Worked examples of a holding's figures, every number worked out by hand in the comments. The
 * cost method itself (average cost, XIRR) is tested in src/shared/investment-math.test.ts; these
 * are about what the server adds: euro amounts from prices and rates, which price counts, splits,
 * dividends and fees, and a member's part.
 */

const household: Owner = { kind: "household", shares: [] };
const anna = "11111111-1111-4111-8111-111111111111";
const bram = "22222222-2222-4222-8222-222222222222";
const shared: Owner = {
  kind: "shared",
  shares: [
    { memberId: anna, percentBp: 6_000 },
    { memberId: bram, percentBp: 4_000 },
  ],
};

const blank: Omit<TradeRow, "kind" | "occurredOn"> = {
  quantity: null,
  price: null,
  fxRate: 1,
  amountCents: 0,
  feesCents: 0,
  taxCents: 0,
  ratio: null,
};

/** A buy or sell stored as the service stores it: its euro amount from units × price × rate. */
function trade(
  kind: "buy" | "sell",
  occurredOn: string,
  quantity: number,
  price: number,
  feesCents = 0,
  fxRate = 1,
): TradeRow {
  return {
    ...blank,
    kind,
    occurredOn,
    quantity,
    price,
    fxRate,
    feesCents,
    amountCents: tradeAmountCents(quantity, price, fxRate),
  };
}

const dividend = (occurredOn: string, amountCents: number, taxCents: number): TradeRow => ({
  ...blank,
  kind: "dividend",
  occurredOn,
  amountCents,
  taxCents,
});
const split = (occurredOn: string, ratio: number): TradeRow => ({
  ...blank,
  kind: "split",
  occurredOn,
  ratio,
});
const price = (pricedOn: string, perUnit: number, fxRate = 1): PricePoint => ({
  price: perUnit,
  fxRate,
  pricedOn,
});

const day = "2026-03-31";

describe("holdingFigures", () => {
  it("buy 10 at 100 with €5 fees, price 120: value 1,200.00, cost 1,005.00, unrealised 195.00", () => {
    const figures = holdingFigures(
      [trade("buy", "2026-01-05", 10, 100, 500)],
      price("2026-03-30", 120),
      household,
      null,
      day,
    );
    expect(figures).toMatchObject({
      quantity: 10,
      valueCents: 120_000,
      costCents: 100_500,
      realisedCents: 0,
      dividendsCents: 0,
      feesCents: 500,
      latestPrice: { price: 120, pricedOn: "2026-03-30", stale: false },
    });
    expect(figures.flows).toEqual([
      { date: "2026-01-05", cents: -100_500 },
      { date: day, cents: 120_000 },
    ]);
    const totals = totalsOf([figures]);
    expect(totals).toMatchObject({ unrealisedCents: 19_500, valueCents: 120_000 });
    // 195 / 1,005 = 19.40 %.
    expect(totals.unrealisedPercent).toBeCloseTo(19.402985, 5);
    // Money both in and out: a yearly return exists, and it is a large one (85 days, +19 %).
    expect(totals.xirr).toBeGreaterThan(1);
  });

  it("turns prices in dollars into euros at the rate of their day, and realises a sell", () => {
    const trades = [
      // 10 × $50 × 0.90 = €450.00, fees €2.00: cost €452.00.
      trade("buy", "2025-06-02", 10, 50, 200, 0.9),
      // 4 × $55 × 0.95 = €209.00, fees €1.00; cost out 4/10 of €452.00 = €180.80:
      // realised €209.00 − €1.00 − €180.80 = €27.20; 6 units left for €271.20.
      trade("sell", "2025-09-01", 4, 55, 100, 0.95),
      // €15.00 gross, €2.25 withheld: €12.75.
      dividend("2025-12-15", 1_500, 225),
    ];
    const figures = holdingFigures(trades, price("2026-03-20", 60, 0.92), household, null, day);
    // 6 × $60 × 0.92 = €331.20.
    expect(figures).toMatchObject({
      quantity: 6,
      valueCents: 33_120,
      costCents: 27_120,
      realisedCents: 2_720,
      dividendsCents: 1_275,
      feesCents: 300,
    });
    expect(figures.flows).toEqual([
      { date: "2025-06-02", cents: -45_200 },
      { date: "2025-09-01", cents: 20_800 },
      { date: "2025-12-15", cents: 1_275 },
      { date: day, cents: 33_120 },
    ]);
    expect(totalsOf([figures]).unrealisedCents).toBe(6_000);
  });

  it("counts a fee of its own as a fee and as money put in", () => {
    const fee: TradeRow = { ...blank, kind: "fee", occurredOn: "2026-02-01", amountCents: 350 };
    const figures = holdingFigures(
      [trade("buy", "2026-01-05", 2, 100, 100), fee],
      price("2026-03-30", 100),
      household,
      null,
      day,
    );
    expect(figures).toMatchObject({ costCents: 20_100, feesCents: 450, valueCents: 20_000 });
    expect(figures.flows).toContainEqual({ date: "2026-02-01", cents: -350 });
  });

  it("keeps the value through a split: older prices count per unit before it", () => {
    const trades = [trade("buy", "2026-01-05", 10, 100), split("2026-02-10", 2)];
    // No price since the buy: the buy's 100 a unit is 50 a unit after the split.
    expect(holdingFigures(trades, null, household, null, day)).toMatchObject({
      quantity: 20,
      costCents: 100_000,
      valueCents: 100_000,
      latestPrice: { price: 50, pricedOn: "2026-01-05" },
    });
    // A price entered before the split (110) is 55 a unit held now: 20 × 55.
    expect(holdingFigures(trades, price("2026-02-01", 110), household, null, day).valueCents).toBe(
      110_000,
    );
    // A price from the split's day on is already per new unit: 20 × 56.
    expect(holdingFigures(trades, price("2026-02-10", 56), household, null, day).valueCents).toBe(
      112_000,
    );
    // Selling 15 of the 20 takes 3/4 of the cost: €750.00, realising 15 × 60 − 750 = €150.00.
    const sold = holdingFigures(
      [...trades, trade("sell", "2026-03-02", 15, 60)],
      null,
      household,
      null,
      day,
    );
    expect(sold).toMatchObject({ quantity: 5, costCents: 25_000, realisedCents: 15_000 });
    expect(sold.valueCents).toBe(30_000);
  });

  it("uses a trade's price when it is newer than the entered one, the entered one on a tie", () => {
    const entered = price("2026-02-01", 110);
    const buys = [trade("buy", "2026-01-05", 10, 100), trade("buy", "2026-03-02", 1, 130)];
    expect(holdingFigures(buys, entered, household, null, day)).toMatchObject({
      valueCents: 11 * 13_000,
      latestPrice: { price: 130, pricedOn: "2026-03-02" },
    });
    expect(holdingFigures(buys.slice(0, 1), entered, household, null, day)).toMatchObject({
      valueCents: 110_000,
      latestPrice: { price: 110, pricedOn: "2026-02-01" },
    });
    expect(newerPrice(price("2026-03-02", 125), price("2026-03-02", 130))?.price).toBe(125);
  });

  it("marks a price older than 30 days stale", () => {
    const buy = [trade("buy", "2025-12-01", 1, 100)];
    // 2026-03-01 to 2026-03-31 is 30 days: not yet stale; a day more is.
    expect(
      holdingFigures(buy, price("2026-03-01", 101), household, null, day).latestPrice?.stale,
    ).toBe(false);
    expect(
      holdingFigures(buy, price("2026-02-28", 101), household, null, day).latestPrice?.stale,
    ).toBe(true);
    // The trade's own price, four months old, is stale too.
    expect(holdingFigures(buy, null, household, null, day).latestPrice).toMatchObject({
      price: 100,
      stale: true,
    });
  });

  it("gives each member of a 60/40 portfolio their part, adding up to the whole", () => {
    const trades = [
      // 7 × 142.86 = €1,000.02 + €4.99 fees = €1,005.01.
      trade("buy", "2025-03-31", 7, 142.86, 499),
      dividend("2025-09-30", 1_001, 151),
    ];
    const latest = price("2026-03-31", 157.15);
    const whole = holdingFigures(trades, latest, shared, null, day);
    const annas = holdingFigures(trades, latest, shared, anna, day);
    const brams = holdingFigures(trades, latest, shared, bram, day);
    // 7 × 157.15 = €1,100.05: 60 % is 660.03, 40 % is 440.02. The cost, €1,005.01, splits into
    // 603.006 and 402.004: the cent left over goes to the larger remainder, Anna's.
    expect(whole).toMatchObject({ valueCents: 110_005, costCents: 100_501, dividendsCents: 850 });
    expect(annas).toMatchObject({
      quantity: 7,
      valueCents: 66_003,
      costCents: 60_301,
      dividendsCents: 510,
      feesCents: 299,
    });
    expect(brams).toMatchObject({
      valueCents: 44_002,
      costCents: 40_200,
      dividendsCents: 340,
      feesCents: 200,
    });
    for (const field of ["valueCents", "costCents", "dividendsCents", "feesCents"] as const) {
      expect(annas[field] + brams[field]).toBe(whole[field]);
    }
    // Anna's gain is her part: 660.03 − 603.01; her flows are her parts of the money.
    expect(totalsOf([annas]).unrealisedCents).toBe(5_702);
    expect(annas.flows).toEqual([
      { date: "2025-03-31", cents: -60_301 },
      { date: "2025-09-30", cents: 510 },
      { date: day, cents: 66_003 },
    ]);
    // Someone who owns no part, and the household's own holding seen by a member: nothing.
    const outsider = "33333333-3333-4333-8333-333333333333";
    expect(holdingFigures(trades, latest, shared, outsider, day).valueCents).toBe(0);
    expect(holdingFigures(trades, latest, household, anna, day)).toMatchObject({
      valueCents: 0,
      costCents: 0,
      flows: [],
    });
  });

  it("leaves out trades after the day and refuses a history that sells more than it held", () => {
    const trades = [trade("buy", "2026-01-05", 10, 100), trade("buy", "2026-04-01", 5, 100)];
    expect(holdingFigures(trades, null, household, null, day).quantity).toBe(10);
    expect(() =>
      holdingFigures(
        [trade("buy", "2026-01-05", 1, 100), trade("sell", "2026-01-06", 2, 100)],
        null,
        household,
        null,
        day,
      ),
    ).toThrow(RangeError);
  });
});

describe("totalsOf", () => {
  it("adds holdings up and finds the yearly return over all their money", () => {
    // €1,000.00 in a year before, worth €1,100.00 at the end: 10 % a year (365 days).
    const a = holdingFigures(
      [trade("buy", "2025-03-31", 10, 100)],
      price(day, 110),
      household,
      null,
      day,
    );
    const b = holdingFigures(
      [trade("buy", "2025-03-31", 5, 100)],
      price(day, 110),
      household,
      null,
      day,
    );
    const totals = totalsOf([a, b]);
    expect(totals).toMatchObject({
      valueCents: 165_000,
      costCents: 150_000,
      unrealisedCents: 15_000,
      unrealisedPercent: 10,
    });
    expect(totals.xirr).toBeCloseTo(0.1, 8);
    // Money only one way (no value yet): no return, and no percentage without a cost.
    const unpriced = holdingFigures([], null, household, null, day);
    expect(totalsOf([unpriced])).toMatchObject({ xirr: null, unrealisedPercent: null });
  });
});

describe("prices", () => {
  it("rounds a value to the cent once, and scales a price by the splits after it", () => {
    // 3 × 33.335 × 1.1 = 110.0055 → €110.01.
    expect(valueCents(3, price(day, 33.335, 1.1))).toBe(11_001);
    expect(valueCents(0, price(day, 10))).toBe(0);
    expect(valueCents(5, null)).toBe(0);
    // Half a unit at 99.99 is 49.995: €50.00.
    expect(tradeAmountCents(0.5, 99.99, 1)).toBe(5_000);
    const splits = [
      { date: "2026-01-10", ratio: 2 },
      { date: "2026-02-10", ratio: 3 },
    ];
    expect(perUnitAfterSplits(price("2026-01-01", 60), splits).price).toBe(10);
    expect(perUnitAfterSplits(price("2026-01-10", 60), splits).price).toBe(20);
    expect(perUnitAfterSplits(price("2026-02-10", 60), splits).price).toBe(60);
  });
});
