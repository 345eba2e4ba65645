import { daysBetween, type IsoDate } from "./dates.ts";
import type { Cents } from "./money.ts";

/**
 * Investments: quantities are numbers of units (fractional allowed, 12.3456), prices per unit are
 * numbers in the holding's currency, money is integer cents. A holding's history is a list of
 * trade events: `amountCents` of a buy is quantity × price, the money for the units without fees;
 * of a sell the proceeds before fees; a transfer-in carries the cost basis of the units it brings.
 */
export type TradeEvent =
  | { kind: "buy"; date: IsoDate; quantity: number; amountCents: Cents; feesCents: Cents }
  | { kind: "sell"; date: IsoDate; quantity: number; amountCents: Cents; feesCents: Cents }
  | { kind: "split"; date: IsoDate; ratio: number }
  | { kind: "transfer-in"; date: IsoDate; quantity: number; amountCents: Cents }
  | { kind: "transfer-out"; date: IsoDate; quantity: number };

/** A holding after its events: units held, their cost basis, gains realised and fees paid. */
export type CostPosition = {
  quantity: number;
  costCents: Cents;
  realisedCents: Cents;
  feesCents: Cents;
};

/** Quantities smaller than this are float dust: 0.1 + 0.2 units bought and 0.3 sold is none. */
const quantityEpsilon = 1e-9;

/** Rounds to a whole number, halves away from zero. */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/**
 * The cost basis of `quantity` of the `held` units: the proportional share, in whole cents, or
 * all of it when nothing (but float dust) would be left, so selling everything leaves exactly 0.
 */
function costOf(position: CostPosition, quantity: number, what: string): Cents {
  if (quantity > position.quantity + quantityEpsilon) {
    throw new RangeError(
      `cannot ${what} ${quantity} units: only ${position.quantity} are held at that date`,
    );
  }
  if (position.quantity - quantity < quantityEpsilon) return position.costCents;
  return roundHalfAway((position.costCents * quantity) / position.quantity);
}

/** Leaves a quantity, setting float dust to exactly 0. */
function settle(quantity: number): number {
  return Math.abs(quantity) < quantityEpsilon ? 0 : quantity;
}

/**
 * The average-cost method: every unit held carries the same cost, the total cost over the
 * quantity. A buy adds its units and its cost (amount plus fees); a sell removes its units and
 * their share of the cost (rounded to the cent) and realises proceeds − fees − that cost; a split
 * multiplies the units and keeps the cost; a transfer moves units with their cost and realises
 * nothing. Selling or moving out everything leaves a cost of exactly 0. Events apply in date
 * order (events of one date in the order given); selling more than is held throws a RangeError.
 * `feesCents` is all fees paid, on buys and sells.
 */
export function averageCost(events: readonly TradeEvent[]): CostPosition {
  const position = emptyPosition();
  for (const event of inDateOrder(events)) applyTrade(position, event);
  return position;
}

/** A holding before any event. */
export function emptyPosition(): CostPosition {
  return { quantity: 0, costCents: 0, realisedCents: 0, feesCents: 0 };
}

/** Events by date, events of one date in the order given. */
export function inDateOrder<T extends { date: IsoDate }>(events: readonly T[]): T[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) =>
      a.event.date < b.event.date ? -1 : a.event.date > b.event.date ? 1 : a.index - b.index,
    )
    .map(({ event }) => event);
}

/**
 * One event of the average-cost method applied to `position` (changed in place). Returns the
 * cost the event took out (a sell's or a transfer-out's units), 0 for the others.
 */
export function applyTrade(position: CostPosition, event: TradeEvent): Cents {
  switch (event.kind) {
    case "buy":
      position.quantity = settle(position.quantity + event.quantity);
      position.costCents += event.amountCents + event.feesCents;
      position.feesCents += event.feesCents;
      return 0;
    case "sell": {
      const removed = costOf(position, event.quantity, "sell");
      position.quantity = settle(position.quantity - event.quantity);
      position.costCents -= removed;
      position.realisedCents += event.amountCents - event.feesCents - removed;
      position.feesCents += event.feesCents;
      return removed;
    }
    case "split":
      if (!(event.ratio > 0) || !Number.isFinite(event.ratio)) {
        throw new RangeError(`a split needs a positive ratio, not ${event.ratio}`);
      }
      position.quantity = settle(position.quantity * event.ratio);
      return 0;
    case "transfer-in":
      position.quantity = settle(position.quantity + event.quantity);
      position.costCents += event.amountCents;
      return 0;
    case "transfer-out": {
      const removed = costOf(position, event.quantity, "transfer out");
      position.quantity = settle(position.quantity - event.quantity);
      position.costCents -= removed;
      return removed;
    }
  }
}

/**
 * The gain not yet realised: value minus cost in cents, and as a percentage of the cost
 * (12.5 for 12.5 %), null when there is no cost to compare with.
 */
export function unrealisedGain(
  valueCents: Cents,
  costCents: Cents,
): { cents: Cents; percent: number | null } {
  const cents = valueCents - costCents;
  return { cents, percent: costCents === 0 ? null : (cents / Math.abs(costCents)) * 100 };
}

/** A dated cash flow: negative money put in, positive money taken out (or the value at the end). */
export type CashFlow = { date: IsoDate; cents: Cents };

/** A return found, or why there is none: money only one way, or no rate solves the equation. */
export type XirrResult =
  { ok: true; rate: number } | { ok: false; reason: "needs-both-signs" | "did-not-converge" };

const rateTolerance = 1e-10;
/** The NPV at an answer, as a share of the sizes of its discounted terms, must be below this. */
const npvTolerance = 1e-7;
/** Rates where the bisection looks for a sign change: from -99.999999 % up to 1e12. */
const bracketRates = [
  -1 + 1e-8,
  -1 + 1e-6,
  -0.9999,
  -0.99,
  -0.9,
  -0.5,
  0,
  0.5,
  1,
  ...Array.from({ length: 12 }, (_, index) => 10 ** (index + 1)),
];

/**
 * The money-weighted annual return (what a spreadsheet's XIRR gives): the rate r with
 * Σ cents_i / (1 + r)^((d_i − d_0) / 365) = 0, d_0 the earliest date (Actual/365). Newton–Raphson
 * from the guess to a tolerance of 1e-10 on the rate; when that fails, bisection over a bracket
 * from -99.9999 % growing, where it must, out to -99.999999 % and 1e12. An answer must make the
 * NPV vanish (to 1e-7 of the discounted flows' sizes); otherwise it says it did not converge
 * rather than return a rate that does not solve the equation. Needs money both in and out.
 * A rate is a fraction: 0.1 is 10 % a year.
 */
export function xirr(flows: readonly CashFlow[], guess = 0.1): XirrResult {
  if (!flows.some((flow) => flow.cents < 0) || !flows.some((flow) => flow.cents > 0)) {
    return { ok: false, reason: "needs-both-signs" };
  }
  // Not empty: there is a flow of each sign.
  let first = flows[0]?.date ?? "";
  for (const flow of flows) if (flow.date < first) first = flow.date;
  const terms = flows.map((flow) => ({
    cents: flow.cents,
    years: daysBetween(first, flow.date) / 365,
  }));
  // The NPV and its slope share their powers: Newton asks for both at each rate, one after the
  // other, so the slope of the rate just valued is kept rather than computed again.
  let valuedAt = Number.NaN;
  let slopeThere = 0;
  const npv = (rate: number) => {
    let value = 0;
    let slope = 0;
    for (const term of terms) {
      const discounted = term.cents * (1 + rate) ** -term.years;
      value += discounted;
      slope -= (term.years * discounted) / (1 + rate);
    }
    valuedAt = rate;
    slopeThere = slope;
    return value;
  };
  const slope = (rate: number) => {
    if (Object.is(rate, valuedAt)) return slopeThere;
    npv(rate);
    return slopeThere;
  };
  const solves = (rate: number | null): rate is number => {
    if (rate === null || !(rate > -1) || !Number.isFinite(rate)) return false;
    let value = 0;
    let scale = 0;
    for (const term of terms) {
      const discounted = term.cents * (1 + rate) ** -term.years;
      value += discounted;
      scale += Math.abs(discounted);
    }
    return Number.isFinite(scale) && Math.abs(value) <= npvTolerance * scale;
  };

  const newton = newtonRoot(npv, slope, guess);
  if (solves(newton)) return { ok: true, rate: newton };
  const bisected = bisectRoot(npv, guess);
  if (solves(bisected)) return { ok: true, rate: bisected };
  return { ok: false, reason: "did-not-converge" };
}

/**
 * Newton–Raphson from a guess: the root, or null when it does not settle. A step that would go
 * to -100 % or below goes halfway there instead, as no rate there is defined.
 */
function newtonRoot(
  f: (rate: number) => number,
  slope: (rate: number) => number,
  guess: number,
): number | null {
  let rate = guess > -1 && Number.isFinite(guess) ? guess : 0.1;
  for (let iteration = 0; iteration < 100; iteration++) {
    const value = f(rate);
    const derivative = slope(rate);
    if (!Number.isFinite(value) || !Number.isFinite(derivative)) return null;
    if (value === 0) return rate;
    if (derivative === 0) return null;
    let next = rate - value / derivative;
    if (!(next > -1)) next = (rate - 1) / 2;
    if (!Number.isFinite(next)) return null;
    if (Math.abs(next - rate) < rateTolerance * Math.min(1, 1 + next)) return next;
    rate = next;
  }
  return null;
}

/**
 * Bisection: finds the first two neighbouring rates of the bracket (the guess among them) where
 * the NPV changes sign, then halves that interval down to the tolerance (or to what floats can
 * tell apart). Null when the NPV changes sign nowhere.
 */
function bisectRoot(f: (rate: number) => number, guess: number): number | null {
  const candidates = [...bracketRates];
  if (guess > -1 && Number.isFinite(guess)) candidates.push(guess);
  candidates.sort((a, b) => a - b);
  const values = candidates.map(f);
  for (let index = 0; index + 1 < candidates.length; index++) {
    let low = candidates[index] ?? 0;
    let high = candidates[index + 1] ?? 0;
    let lowValue = values[index] ?? Number.NaN;
    const highValue = values[index + 1] ?? Number.NaN;
    if (!Number.isFinite(lowValue) || !Number.isFinite(highValue)) continue;
    if (lowValue === 0) return low;
    if (highValue === 0) return high;
    if (Math.sign(lowValue) === Math.sign(highValue)) continue;
    for (let iteration = 0; iteration < 2000; iteration++) {
      const middle = (low + high) / 2;
      if (high - low < rateTolerance * Math.min(1, 1 + low) || middle === low || middle === high) {
        return middle;
      }
      const value = f(middle);
      if (!Number.isFinite(value)) return null;
      if (value === 0) return middle;
      if (Math.sign(value) === Math.sign(lowValue)) {
        low = middle;
        lowValue = value;
      } else {
        high = middle;
      }
    }
    return (low + high) / 2;
  }
  return null;
}
