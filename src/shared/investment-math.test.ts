import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysBetween } from "./dates.ts";
import {
  averageCost,
  type CashFlow,
  type TradeEvent,
  unrealisedGain,
  xirr,
} from "./investment-math.ts";

describe("averageCost", () => {
  it("follows buys, a sell and a split by average cost", () => {
    const events: TradeEvent[] = [
      // 10 × €100 + €5 fee = €1,005.00
      { kind: "buy", date: "2026-01-05", quantity: 10, amountCents: 100_000, feesCents: 500 },
      // 10 × €120 + €5 fee = €1,205.00; together 20 units for €2,210.00, €110.50 each.
      { kind: "buy", date: "2026-02-05", quantity: 10, amountCents: 120_000, feesCents: 500 },
    ];
    expect(averageCost(events)).toEqual({
      quantity: 20,
      costCents: 221_000,
      realisedCents: 0,
      feesCents: 1_000,
    });
    // Sell 5 for €650 with a €5 fee: cost removed 5 × €110.50 = €552.50,
    // realised €650 − €5 − €552.50 = €92.50; 15 units left for €1,657.50.
    events.push({
      kind: "sell",
      date: "2026-03-05",
      quantity: 5,
      amountCents: 65_000,
      feesCents: 500,
    });
    expect(averageCost(events)).toEqual({
      quantity: 15,
      costCents: 165_750,
      realisedCents: 9_250,
      feesCents: 1_500,
    });
    // A 2:1 split doubles the units and keeps the cost: 30 units for €1,657.50 (€55.25 each).
    events.push({ kind: "split", date: "2026-04-05", ratio: 2 });
    expect(averageCost(events)).toEqual({
      quantity: 30,
      costCents: 165_750,
      realisedCents: 9_250,
      feesCents: 1_500,
    });
  });

  it("rounds each sell's cost to the cent and leaves exactly 0 after selling everything", () => {
    // 3 units for €10.00: selling one removes 333.33… → 333, the next 667 / 2 = 333.5 → 334,
    // the last the 333 left.
    const buy: TradeEvent = {
      kind: "buy",
      date: "2026-01-01",
      quantity: 3,
      amountCents: 1_000,
      feesCents: 0,
    };
    const sell = (date: string): TradeEvent => ({
      kind: "sell",
      date,
      quantity: 1,
      amountCents: 400,
      feesCents: 0,
    });
    expect(averageCost([buy, sell("2026-02-01")]).costCents).toBe(667);
    expect(averageCost([buy, sell("2026-02-01"), sell("2026-03-01")]).costCents).toBe(333);
    expect(averageCost([buy, sell("2026-02-01"), sell("2026-03-01"), sell("2026-04-01")])).toEqual({
      quantity: 0,
      costCents: 0,
      realisedCents: 200,
      feesCents: 0,
    });
  });

  it("treats float dust as nothing: 0.1 + 0.2 units bought, 0.3 sold", () => {
    const position = averageCost([
      { kind: "buy", date: "2026-01-01", quantity: 0.1, amountCents: 1_000, feesCents: 0 },
      { kind: "buy", date: "2026-01-01", quantity: 0.2, amountCents: 2_001, feesCents: 0 },
      { kind: "sell", date: "2026-01-02", quantity: 0.3, amountCents: 3_500, feesCents: 0 },
    ]);
    expect(position).toEqual({ quantity: 0, costCents: 0, realisedCents: 499, feesCents: 0 });
  });

  it("moves units with their cost on transfers, realising nothing", () => {
    const position = averageCost([
      { kind: "transfer-in", date: "2026-01-01", quantity: 8, amountCents: 80_000 },
      { kind: "transfer-out", date: "2026-02-01", quantity: 2 },
    ]);
    // 8 units for €800.00; 2 moved out take €200.00 of it.
    expect(position).toEqual({ quantity: 6, costCents: 60_000, realisedCents: 0, feesCents: 0 });
  });

  it("applies events in date order, keeping the given order within a date", () => {
    const position = averageCost([
      { kind: "sell", date: "2026-03-01", quantity: 10, amountCents: 2_000, feesCents: 0 },
      { kind: "buy", date: "2026-02-01", quantity: 5, amountCents: 500, feesCents: 0 },
      { kind: "split", date: "2026-02-01", ratio: 2 },
      { kind: "buy", date: "2026-01-01", quantity: 5, amountCents: 500, feesCents: 0 },
    ]);
    // 5 + 5 units for €10.00, split to 20, 10 sold for €20.00 taking €5.00 of the cost.
    expect(position).toEqual({
      quantity: 10,
      costCents: 500,
      realisedCents: 1_500,
      feesCents: 0,
    });
    // The split first, on the same date, would double only the first 5: 15 units.
    expect(
      averageCost([
        { kind: "buy", date: "2026-01-01", quantity: 5, amountCents: 500, feesCents: 0 },
        { kind: "split", date: "2026-02-01", ratio: 2 },
        { kind: "buy", date: "2026-02-01", quantity: 5, amountCents: 500, feesCents: 0 },
      ]).quantity,
    ).toBe(15);
  });

  it("refuses to sell or move out more than is held", () => {
    const buy: TradeEvent = {
      kind: "buy",
      date: "2026-01-01",
      quantity: 5,
      amountCents: 500,
      feesCents: 0,
    };
    expect(() =>
      averageCost([
        buy,
        { kind: "sell", date: "2026-02-01", quantity: 6, amountCents: 600, feesCents: 0 },
      ]),
    ).toThrow(RangeError);
    expect(() =>
      averageCost([buy, { kind: "transfer-out", date: "2026-02-01", quantity: 5.001 }]),
    ).toThrow(/only 5 are held/);
    // Selling before the buy's date is selling what is not held yet.
    expect(() =>
      averageCost([
        buy,
        { kind: "sell", date: "2025-12-31", quantity: 1, amountCents: 100, feesCents: 0 },
      ]),
    ).toThrow(RangeError);
    expect(() => averageCost([buy, { kind: "split", date: "2026-02-01", ratio: 0 }])).toThrow(
      RangeError,
    );
  });

  it("keeps whole cents, conserves cost and leaves 0 after selling everything (property)", () => {
    // Quantities in ten-thousandths of a unit, as brokers quote them; sells take part of what is held.
    const trade = fc.record({
      buy: fc.boolean(),
      units: fc.integer({ min: 1, max: 10_000_000 }),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
      amountCents: fc.integer({ min: 0, max: 100_000_000 }),
      feesCents: fc.integer({ min: 0, max: 2_000 }),
    });
    fc.assert(
      fc.property(fc.array(trade, { minLength: 1, maxLength: 30 }), (trades) => {
        const events: TradeEvent[] = [];
        let held = 0; // in ten-thousandths, exact
        let paid = 0; // buy amounts plus fees
        let received = 0; // sell proceeds minus fees
        trades.forEach((t, index) => {
          const date = addDays("2026-01-01", index);
          const units = t.buy ? t.units : Math.floor(held * t.share);
          held += t.buy ? units : -units;
          if (t.buy) paid += t.amountCents + t.feesCents;
          else received += t.amountCents - t.feesCents;
          const quantity = units / 10_000;
          events.push({ kind: t.buy ? "buy" : "sell", date, quantity, ...t });
          const position = averageCost(events);
          expect(Number.isSafeInteger(position.costCents)).toBe(true);
          expect(Number.isSafeInteger(position.realisedCents)).toBe(true);
          expect(Number.isSafeInteger(position.feesCents)).toBe(true);
          expect(position.quantity).toBeCloseTo(held / 10_000, 6);
          // Every cent paid is either still cost or was taken out by a sell.
          expect(position.costCents + received - position.realisedCents).toBe(paid);
        });
        events.push({
          kind: "sell",
          date: "2027-01-01",
          quantity: held / 10_000,
          amountCents: 0,
          feesCents: 0,
        });
        const closed = averageCost(events);
        expect(closed.quantity).toBe(0);
        expect(closed.costCents).toBe(0);
        expect(closed.realisedCents).toBe(received - paid);
      }),
      { numRuns: 200 },
    );
  });
});

describe("unrealisedGain", () => {
  it("gives the gain in cents and as a percentage of the cost", () => {
    expect(unrealisedGain(248_625, 221_000)).toEqual({ cents: 27_625, percent: 12.5 });
    expect(unrealisedGain(176_800, 221_000)).toEqual({ cents: -44_200, percent: -20 });
    expect(unrealisedGain(5_000, 0)).toEqual({ cents: 5_000, percent: null });
  });
});

/** Σ cents / (1 + rate)^(days / 365), as XIRR defines it, with the sum of the terms' sizes. */
function npv(flows: readonly CashFlow[], rate: number): { value: number; scale: number } {
  const first = flows.map((flow) => flow.date).sort()[0] ?? "";
  let value = 0;
  let scale = 0;
  for (const flow of flows) {
    const term = flow.cents / (1 + rate) ** (daysBetween(first, flow.date) / 365);
    value += term;
    scale += Math.abs(term);
  }
  return { value, scale };
}

describe("xirr", () => {
  const example: CashFlow[] = [
    { date: "2008-01-01", cents: -1_000_000 },
    { date: "2008-03-01", cents: 275_000 },
    { date: "2008-10-30", cents: 425_000 },
    { date: "2009-02-15", cents: 325_000 },
    { date: "2009-04-01", cents: 275_000 },
  ];

  it("gives the spreadsheet's documented example: 37.3362535 %", () => {
    const result = xirr(example);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rate).toBeCloseTo(0.373362535, 8);
    expect(Math.abs(npv(example, result.rate).value)).toBeLessThan(1e-6);
  });

  it("does not depend on the order of the flows nor, within reason, the guess", () => {
    for (const guess of [0.1, 0, -0.5, 0.9, 5, 100]) {
      const result = xirr([...example].reverse(), guess);
      expect(result.ok && result.rate).toBeCloseTo(0.373362535, 8);
    }
  });

  it("gives a year's plain return, gains and losses", () => {
    // €1,000 in, €1,100 out a year (365 days) later: 10 %.
    const gain = xirr([
      { date: "2025-01-01", cents: -100_000 },
      { date: "2026-01-01", cents: 110_000 },
    ]);
    expect(gain.ok && gain.rate).toBeCloseTo(0.1, 10);
    // €1,000 in, €500 left after a year: -50 %.
    const loss = xirr([
      { date: "2025-01-01", cents: -100_000 },
      { date: "2026-01-01", cents: 50_000 },
    ]);
    expect(loss.ok && loss.rate).toBeCloseTo(-0.5, 10);
  });

  it("finds rates far from the guess, enormous gains and near-total losses", () => {
    // €1 in, €1,000 out ten days later: 1000^(365 / 10) − 1 ≈ 3.16e109.
    const windfall: CashFlow[] = [
      { date: "2026-01-01", cents: -100 },
      { date: "2026-01-11", cents: 100_000 },
    ];
    const up = xirr(windfall);
    expect(up.ok && up.rate / (1000 ** 36.5 - 1)).toBeCloseTo(1, 10);
    // Nearly everything lost in a year: −99.9 %.
    const lost = xirr([
      { date: "2025-01-01", cents: -100_000 },
      { date: "2026-01-01", cents: 100 },
    ]);
    expect(lost.ok && lost.rate).toBeCloseTo(-0.999, 10);
    // Half lost in ten days: 0.5^(365 / 10) − 1 = −0.99999999998971…; so close to −1 a float
    // holds 1 + r to about six digits only.
    const halved = xirr([
      { date: "2026-01-01", cents: -100 },
      { date: "2026-01-11", cents: 50 },
    ]);
    expect(halved.ok && (1 + halved.rate) / 0.5 ** 36.5).toBeCloseTo(1, 5);
  });

  it("falls back to bisection when Newton cannot start", () => {
    // From a guess of −99.99999 % the 140-year discount factors overflow, so Newton gives up;
    // the bisection brackets the root between 0 and 50 %: 1.1^(1 / 140.0…) − 1.
    const flows: CashFlow[] = [
      { date: "1950-01-01", cents: -100_000 },
      { date: "2090-01-01", cents: 110_000 },
    ];
    const result = xirr(flows, -0.9999999);
    const exact = 1.1 ** (365 / daysBetween("1950-01-01", "2090-01-01")) - 1;
    expect(result.ok && Math.abs(result.rate - exact)).toBeLessThan(1e-10);
  });

  it("finds the root nearest the guess when there are two", () => {
    // −1,000, +2,300, −1,320 a year apart: NPV 0 at both 10 % and 20 %.
    const flows: CashFlow[] = [
      { date: "2025-01-01", cents: -100_000 },
      { date: "2026-01-01", cents: 230_000 },
      { date: "2027-01-01", cents: -132_000 },
    ];
    const low = xirr(flows);
    expect(low.ok && low.rate).toBeCloseTo(0.1, 10);
    const high = xirr(flows, 0.3);
    expect(high.ok && high.rate).toBeCloseTo(0.2, 10);
  });

  it("needs money in and money out", () => {
    expect(xirr([])).toEqual({ ok: false, reason: "needs-both-signs" });
    expect(
      xirr([
        { date: "2026-01-01", cents: -1_000 },
        { date: "2026-02-01", cents: -2_000 },
      ]),
    ).toEqual({ ok: false, reason: "needs-both-signs" });
    expect(
      xirr([
        { date: "2026-01-01", cents: 1_000 },
        { date: "2026-02-01", cents: 0 },
      ]),
    ).toEqual({ ok: false, reason: "needs-both-signs" });
  });

  it("says it cannot when there is no rate at all", () => {
    // −€1 and +€2 on the same day: the NPV is €1 whatever the rate.
    expect(
      xirr([
        { date: "2026-01-01", cents: -100 },
        { date: "2026-01-01", cents: 200 },
      ]),
    ).toEqual({ ok: false, reason: "did-not-converge" });
    // 99.9 % lost within a month: 1 + r = 0.001^12 = 1e-36, closer to −100 % than floats can
    // tell apart from it.
    expect(
      xirr([
        { date: "2026-01-01", cents: -1_000_000 },
        { date: "2026-01-31", cents: 1_000 },
      ]),
    ).toEqual({ ok: false, reason: "did-not-converge" });
  });

  it("always finds the rate of a plausible portfolio of monthly buys (property)", () => {
    const portfolio = fc.record({
      buys: fc.array(fc.integer({ min: 100, max: 1_000_000 }), { minLength: 12, maxLength: 360 }),
      growth: fc.double({ min: 0.2, max: 5, noNaN: true }),
    });
    fc.assert(
      fc.property(portfolio, ({ buys, growth }) => {
        const flows: CashFlow[] = buys.map((cents, month) => ({
          date: addDays("2000-01-31", Math.round(month * 30.4375)),
          cents: -cents,
        }));
        const invested = buys.reduce((sum, cents) => sum + cents, 0);
        flows.push({
          date: addDays("2000-01-31", Math.round(buys.length * 30.4375)),
          cents: Math.round(invested * growth),
        });
        const result = xirr(flows);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(Math.sign(result.rate)).toBe(Math.sign(Math.round(invested * growth) - invested));
        const { value, scale } = npv(flows, result.rate);
        expect(Math.abs(value)).toBeLessThan(1e-9 * scale);
      }),
      { numRuns: 200 },
    );
  });

  it("solves the equation or says it cannot, for monthly buys and a final value (property)", () => {
    const scenario = fc.record({
      buys: fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 240 }),
      finalCents: fc.oneof(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000_000 }),
      ),
      extraDays: fc.integer({ min: 0, max: 60 }),
    });
    fc.assert(
      fc.property(scenario, ({ buys, finalCents, extraDays }) => {
        const flows: CashFlow[] = buys.map((cents, month) => ({
          date: addDays("2010-01-15", Math.round(month * 30.4375)),
          cents: -cents,
        }));
        flows.push({
          date: addDays("2010-01-15", Math.round(buys.length * 30.4375) + extraDays),
          cents: finalCents,
        });
        const result = xirr(flows);
        if (!result.ok) {
          expect(result.reason).toBe("did-not-converge");
          return;
        }
        expect(result.rate).toBeGreaterThan(-1);
        const { value, scale } = npv(flows, result.rate);
        // Zero to well under a cent for every euro moving, however the flows are discounted.
        expect(Math.abs(value)).toBeLessThan(1e-6 * scale + 1e-6);
      }),
      { numRuns: 300 },
    );
  });
});
