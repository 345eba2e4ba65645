import {
  applyTrade,
  emptyPosition,
  unrealisedGain,
  xirr,
  type CashFlow,
  type CostPosition,
  type TradeEvent,
} from "#shared/investment-math.ts";
import { daysBetween, type IsoDate } from "#shared/dates.ts";
import {
  staleAfterDays,
  type InvestmentTotals,
  type TradeKind,
} from "#shared/schemas/investments.schema.ts";
import { partOf, type Owner } from "#server/features/savings/owners.ts";

/**
 * The figures of holdings from their trades and latest prices: pure, so they are tested on
 * worked examples without a database. A holding's trades are few (a monthly buy is 12 a year),
 * so they are replayed here; prices are many and are read from the database already reduced to
 * the ones needed (decision 020).
 */

export type TradeRow = {
  kind: TradeKind;
  occurredOn: IsoDate;
  quantity: number | null;
  price: number | null;
  fxRate: number;
  amountCents: number;
  feesCents: number;
  taxCents: number;
  ratio: number | null;
};

export type PricePoint = { price: number; fxRate: number; pricedOn: IsoDate };

/** The cost-method event of a trade (none for dividends and fees). */
export function tradeEvent(trade: TradeRow): TradeEvent | null {
  const quantity = trade.quantity ?? 0;
  switch (trade.kind) {
    case "buy":
    case "sell":
      return {
        kind: trade.kind,
        date: trade.occurredOn,
        quantity,
        amountCents: trade.amountCents,
        feesCents: trade.feesCents,
      };
    case "transfer-in":
      return {
        kind: "transfer-in",
        date: trade.occurredOn,
        quantity,
        amountCents: trade.amountCents,
      };
    case "transfer-out":
      return { kind: "transfer-out", date: trade.occurredOn, quantity };
    case "split":
      return { kind: "split", date: trade.occurredOn, ratio: trade.ratio ?? 1 };
    default:
      return null;
  }
}

/** A buy's or sell's euro amount for its units: quantity × price × rate, in whole cents. */
export function tradeAmountCents(quantity: number, price: number, fxRate: number): number {
  return Math.round(quantity * price * fxRate * 100);
}

/** The value of `quantity` units at a price, in whole euro cents. */
export function valueCents(quantity: number, point: PricePoint | null): number {
  if (!point || quantity === 0) return 0;
  return Math.round(quantity * point.price * point.fxRate * 100);
}

export type Split = { date: IsoDate; ratio: number };

/**
 * A price quoted before some splits, per unit held after them: every split dated after the price
 * divides it by its ratio (a price on a split's own day is taken as quoted after it). Without
 * this, 10 units bought at 100 and split 2-for-1 would be worth 20 × 100 until a new price came.
 */
export function perUnitAfterSplits(point: PricePoint, splits: readonly Split[]): PricePoint {
  let ratio = 1;
  for (const split of splits) if (split.date > point.pricedOn) ratio *= split.ratio;
  return ratio === 1 ? point : { ...point, price: point.price / ratio };
}

/** The newer of a hand-entered price and a trade's price; the hand-entered one wins a tie. */
export function newerPrice(entered: PricePoint | null, traded: PricePoint | null) {
  if (!traded) return entered;
  if (!entered) return traded;
  return traded.pricedOn > entered.pricedOn ? traded : entered;
}

export type HoldingFigures = {
  /** The whole holding's units today. */
  quantity: number;
  latestPrice: (PricePoint & { stale: boolean }) | null;
  valueCents: number;
  costCents: number;
  realisedCents: number;
  dividendsCents: number;
  feesCents: number;
  /** The scope's money in and out, with the value today as the last flow. */
  flows: CashFlow[];
  /** The same without the value today: only what the trades put in and took out. */
  tradeFlows: CashFlow[];
};

/**
 * A holding's figures for a scope (`memberId` null: the household, else that member's part of
 * the owner's shares). Trades in date order; `entered` is the newest hand-entered price up to
 * `day`. Throws a RangeError when the trades sell more than was held (writes refuse that).
 */
export function holdingFigures(
  trades: readonly TradeRow[],
  entered: PricePoint | null,
  owner: Owner,
  memberId: string | null,
  day: IsoDate,
): HoldingFigures {
  const part = (cents: number) => partOf(cents, owner, memberId);
  const position: CostPosition = emptyPosition();
  const flows: CashFlow[] = [];
  const splits: Split[] = [];
  let traded: PricePoint | null = null;
  let dividendsCents = 0;
  let otherFeesCents = 0;
  /** The newest price known on `date` (the trades up to it applied), per unit held then. */
  const priceOn = (date: IsoDate) =>
    newerPrice(
      entered && entered.pricedOn <= date ? perUnitAfterSplits(entered, splits) : null,
      traded,
    );
  for (const trade of trades) {
    if (trade.occurredOn > day) break;
    const event = tradeEvent(trade);
    if (event) applyTrade(position, event);
    if ((trade.kind === "buy" || trade.kind === "sell") && trade.price !== null) {
      traded = { price: trade.price, fxRate: trade.fxRate, pricedOn: trade.occurredOn };
    }
    if (event?.kind === "split") {
      splits.push({ date: event.date, ratio: event.ratio });
      // A trade's price, even of the split's own day, was per unit before it.
      if (traded) traded = { ...traded, price: traded.price / event.ratio };
    }
    const date = trade.occurredOn;
    switch (trade.kind) {
      case "buy":
        flows.push({ date, cents: -part(trade.amountCents + trade.feesCents) });
        break;
      case "sell":
        flows.push({ date, cents: part(trade.amountCents - trade.feesCents) });
        break;
      case "dividend":
        dividendsCents += trade.amountCents - trade.taxCents;
        flows.push({ date, cents: part(trade.amountCents - trade.taxCents) });
        break;
      case "fee":
        otherFeesCents += trade.amountCents;
        flows.push({ date, cents: -part(trade.amountCents) });
        break;
      case "transfer-in":
        flows.push({ date, cents: -part(trade.amountCents) });
        break;
      case "transfer-out":
        flows.push({ date, cents: part(valueCents(trade.quantity ?? 0, priceOn(date))) });
        break;
      case "split":
        break;
    }
  }
  const tradeFlows = flows.filter((flow) => flow.cents !== 0);
  const latest = priceOn(day);
  const value = valueCents(position.quantity, latest);
  if (value > 0) flows.push({ date: day, cents: part(value) });
  return {
    quantity: position.quantity,
    latestPrice: latest
      ? { ...latest, stale: daysBetween(latest.pricedOn, day) > staleAfterDays }
      : null,
    valueCents: part(value),
    costCents: part(position.costCents),
    realisedCents: part(position.realisedCents),
    dividendsCents: part(dividendsCents),
    feesCents: part(position.feesCents + otherFeesCents),
    flows: flows.filter((flow) => flow.cents !== 0),
    tradeFlows,
  };
}

/** The money-weighted yearly return of some flows, null when there is none to give. */
export function yearlyReturn(flows: readonly CashFlow[]): number | null {
  const result = xirr(flows);
  return result.ok ? result.rate : null;
}

/** Sums of holdings' figures with their return over all their flows. */
export function totalsOf(
  figures: readonly Pick<
    HoldingFigures,
    "valueCents" | "costCents" | "realisedCents" | "dividendsCents" | "feesCents" | "flows"
  >[],
): InvestmentTotals {
  let value = 0;
  let cost = 0;
  let realised = 0;
  let dividends = 0;
  let fees = 0;
  const flows: CashFlow[] = [];
  for (const figure of figures) {
    value += figure.valueCents;
    cost += figure.costCents;
    realised += figure.realisedCents;
    dividends += figure.dividendsCents;
    fees += figure.feesCents;
    flows.push(...figure.flows);
  }
  const gain = unrealisedGain(value, cost);
  return {
    valueCents: value,
    costCents: cost,
    unrealisedCents: gain.cents,
    unrealisedPercent: gain.percent,
    realisedCents: realised,
    dividendsCents: dividends,
    feesCents: fees,
    xirr: yearlyReturn(flows),
  };
}
