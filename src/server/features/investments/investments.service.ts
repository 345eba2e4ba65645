import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Queryable } from "#server/db/client.ts";
import {
  holdingPrices,
  holdings,
  investmentTrades,
  portfolios,
  portfolioShares,
} from "#server/db/schema/investments.ts";
import { ownerShares, partOf, scopeMemberId, type Owner } from "#server/features/savings/owners.ts";
import { fieldError } from "#server/features/transactions/entry-references.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { addMonths, monthRange, type IsoDate } from "#shared/dates.ts";
import { isUuid } from "#shared/ids.ts";
import { applyTrade, emptyPosition } from "#shared/investment-math.ts";
import type {
  createPortfolioSchema,
  holdingInputSchema,
  priceInputSchema,
  tradeInputSchema,
  updatePortfolioSchema,
} from "#shared/schemas/investments.schema.ts";
import {
  holdingKinds,
  type HoldingDetail,
  type HoldingSummary,
  type InvestmentsHistory,
  type PortfolioList,
  type PortfolioSummary,
  type Price,
  type Trade,
} from "#shared/schemas/investments.schema.ts";
import {
  holdingFigures,
  newerPrice,
  perUnitAfterSplits,
  totalsOf,
  tradeAmountCents,
  tradeEvent,
  valueCents,
  type PricePoint,
  type Split,
  type TradeRow,
} from "./figures.ts";
import { inParallel } from "#server/db/parallel.ts";

type PortfolioRow = typeof portfolios.$inferSelect;
type HoldingRow = typeof holdings.$inferSelect;

const noPortfolio = () => new AppError("NOT_FOUND", "There is no such portfolio.");
const noHolding = () => new AppError("NOT_FOUND", "There is no such holding.");
const noTrade = () => new AppError("NOT_FOUND", "There is no such trade.");
const noPrice = () => new AppError("NOT_FOUND", "There is no such price.");

/** A portfolio of the viewer's household (another household's, or none: 404). */
export async function portfolioOf(
  tx: Queryable,
  viewer: Viewer,
  id: string,
): Promise<PortfolioRow> {
  if (!isUuid(id)) throw noPortfolio();
  const [row] = await tx
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.id, id), eq(portfolios.householdId, viewer.householdId)))
    .limit(1);
  if (!row) throw noPortfolio();
  return row;
}

/** A holding of the viewer's household (404 otherwise). */
async function holdingOf(tx: Queryable, viewer: Viewer, id: string): Promise<HoldingRow> {
  if (!isUuid(id)) throw noHolding();
  const [row] = await tx
    .select()
    .from(holdings)
    .where(and(eq(holdings.id, id), eq(holdings.householdId, viewer.householdId)))
    .limit(1);
  if (!row) throw noHolding();
  return row;
}

/** The owners of some portfolios, by id. */
async function ownersOf(tx: Queryable, rows: readonly PortfolioRow[]) {
  const owners = new Map<string, Owner>();
  for (const row of rows) owners.set(row.id, { kind: row.ownerKind, shares: [] });
  if (rows.length === 0) return owners;
  const shares = await tx
    .select()
    .from(portfolioShares)
    .where(
      inArray(
        portfolioShares.portfolioId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(desc(portfolioShares.percentBp), asc(portfolioShares.memberId));
  for (const share of shares) {
    owners
      .get(share.portfolioId)
      ?.shares.push({ memberId: share.memberId, percentBp: share.percentBp });
  }
  return owners;
}

const tradeColumns = {
  id: investmentTrades.id,
  holdingId: investmentTrades.holdingId,
  kind: investmentTrades.kind,
  occurredOn: investmentTrades.occurredOn,
  quantity: investmentTrades.quantity,
  price: investmentTrades.price,
  fxRate: investmentTrades.fxRate,
  amountCents: investmentTrades.amountCents,
  feesCents: investmentTrades.feesCents,
  taxCents: investmentTrades.taxCents,
  ratio: investmentTrades.ratio,
  note: investmentTrades.note,
};

/** The trades of some holdings (or all of the household's), in date order, by holding. */
export async function tradesByHolding(tx: Queryable, householdId: string, holdingIds?: string[]) {
  const filters = [eq(investmentTrades.householdId, householdId)];
  if (holdingIds) filters.push(inArray(investmentTrades.holdingId, holdingIds));
  const rows = await tx
    .select(tradeColumns)
    .from(investmentTrades)
    .where(and(...filters))
    .orderBy(
      asc(investmentTrades.occurredOn),
      asc(investmentTrades.createdAt),
      asc(investmentTrades.id),
    );
  const byHolding = new Map<string, (TradeRow & { id: string; note: string | null })[]>();
  for (const row of rows) {
    const list = byHolding.get(row.holdingId) ?? [];
    list.push(row);
    byHolding.set(row.holdingId, list);
  }
  return byHolding;
}

/**
 * Per holding of the household: its newest hand-entered price up to `day`. One query, one index
 * probe per holding (holding, date): prices may be daily for years, and only the last counts.
 */
export async function latestPrices(tx: Queryable, householdId: string, day: IsoDate) {
  const latest = tx
    .select({
      price: holdingPrices.price,
      fxRate: holdingPrices.fxRate,
      pricedOn: holdingPrices.pricedOn,
    })
    .from(holdingPrices)
    .where(and(eq(holdingPrices.holdingId, holdings.id), lte(holdingPrices.pricedOn, day)))
    .orderBy(desc(holdingPrices.pricedOn))
    .limit(1)
    .as("latest");
  const rows = await tx
    .select({
      holdingId: holdings.id,
      price: latest.price,
      fxRate: latest.fxRate,
      pricedOn: latest.pricedOn,
    })
    .from(holdings)
    .crossJoinLateral(latest)
    .where(eq(holdings.householdId, householdId));
  return new Map<string, PricePoint>(rows.map(({ holdingId, ...point }) => [holdingId, point]));
}

/** The rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows =
    typeof result === "object" && result !== null && "rows" in result ? result.rows : undefined;
  if (!Array.isArray(rows)) throw new Error("The database answered without rows.");
  return rows.filter(
    (row): row is Record<string, unknown> => typeof row === "object" && row !== null,
  );
}

/**
 * Per holding of the household and month: the newest hand-entered price up to the month's end
 * (`ends`, the current month's being today), keyed `holdingId|month`. One index probe per
 * holding and month, so years of daily prices cost what a price a month would.
 */
async function monthEndPrices(
  tx: Queryable,
  householdId: string,
  ends: readonly { month: string; end: IsoDate }[],
) {
  const prices = new Map<string, PricePoint>();
  if (ends.length === 0) return prices;
  const monthEnds = sql.join(
    ends.map(({ month, end }) => sql`(${month}::text, ${end}::date)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    select h.id as holding_id, m.month, p.price, p.fx_rate, p.priced_on::text as priced_on
    from ${holdings} h
    cross join (values ${monthEnds}) as m(month, month_end)
    cross join lateral (
      select price, fx_rate, priced_on from ${holdingPrices} hp
      where hp.holding_id = h.id and hp.priced_on <= m.month_end
      order by hp.priced_on desc
      limit 1
    ) p
    where h.household_id = ${householdId}`);
  for (const row of rowsOf(result)) {
    prices.set(`${String(row.holding_id)}|${String(row.month)}`, {
      price: Number(row.price),
      fxRate: Number(row.fx_rate),
      pricedOn: String(row.priced_on),
    });
  }
  return prices;
}

function summaryOf(
  holding: HoldingRow,
  figures: ReturnType<typeof holdingFigures>,
): HoldingSummary {
  const totals = totalsOf([figures]);
  return {
    id: holding.id,
    portfolioId: holding.portfolioId,
    name: holding.name,
    symbol: holding.symbol,
    isin: holding.isin,
    kind: holding.kind,
    currency: holding.currency,
    quantity: figures.quantity,
    latestPrice: figures.latestPrice,
    ...totals,
  };
}

/** Every portfolio of the scope with its holdings' figures, totals, allocation and as-of date. */
export async function listPortfolios(
  db: Db,
  viewer: Viewer,
  query: { member?: string | undefined },
  day: IsoDate,
): Promise<PortfolioList> {
  const memberId = await scopeMemberId(db, viewer, query.member);
  const rows = await db
    .select()
    .from(portfolios)
    .where(eq(portfolios.householdId, viewer.householdId))
    .orderBy(asc(portfolios.name), asc(portfolios.id));
  const owners = await ownersOf(db, rows);
  const visible = rows.filter(
    (row) =>
      memberId === null ||
      (owners.get(row.id)?.shares ?? []).some((share) => share.memberId === memberId),
  );
  const [holdingRows, trades, prices] = await inParallel(db, [
    () =>
      db
        .select()
        .from(holdings)
        .where(eq(holdings.householdId, viewer.householdId))
        .orderBy(asc(holdings.name), asc(holdings.id)),
    () => tradesByHolding(db, viewer.householdId),
    () => latestPrices(db, viewer.householdId, day),
  ]);
  const all: ReturnType<typeof holdingFigures>[] = [];
  const byKind = new Map<string, number>();
  const byHolding: PortfolioList["allocation"]["byHolding"] = [];
  let asOf: string | null = null;
  const list = visible.map((row): PortfolioSummary => {
    const owner = owners.get(row.id) ?? { kind: row.ownerKind, shares: [] };
    const figures = holdingRows
      .filter((holding) => holding.portfolioId === row.id)
      .map((holding) => {
        const figure = holdingFigures(
          trades.get(holding.id) ?? [],
          prices.get(holding.id) ?? null,
          owner,
          memberId,
          day,
        );
        if (figure.valueCents > 0) {
          byKind.set(holding.kind, (byKind.get(holding.kind) ?? 0) + figure.valueCents);
          byHolding.push({ id: holding.id, name: holding.name, valueCents: figure.valueCents });
        }
        if (figure.quantity > 0 && figure.latestPrice) {
          if (asOf === null || figure.latestPrice.pricedOn < asOf)
            asOf = figure.latestPrice.pricedOn;
        }
        all.push(figure);
        return { holding, figure };
      });
    return {
      id: row.id,
      name: row.name,
      broker: row.broker,
      owner,
      closed: row.closedAt !== null,
      holdings: figures.map(({ holding, figure }) => summaryOf(holding, figure)),
      totals: totalsOf(figures.map(({ figure }) => figure)),
    };
  });
  return {
    portfolios: list,
    totals: totalsOf(all),
    allocation: {
      byKind: holdingKinds
        .filter((kind) => byKind.has(kind))
        .map((kind) => ({ kind, valueCents: byKind.get(kind) ?? 0 })),
      byHolding: byHolding.sort((a, b) => b.valueCents - a.valueCents),
    },
    asOf,
  };
}

async function writeShares(
  tx: Queryable,
  viewer: Viewer,
  portfolioId: string,
  shares: { memberId: string; percentBp: number }[],
) {
  await tx.delete(portfolioShares).where(eq(portfolioShares.portfolioId, portfolioId));
  if (shares.length === 0) return;
  await tx.insert(portfolioShares).values(
    shares.map((share) => ({
      portfolioId,
      householdId: viewer.householdId,
      memberId: share.memberId,
      percentBp: share.percentBp,
    })),
  );
}

/** One portfolio's summary for the household. */
async function portfolioSummary(
  db: Db,
  viewer: Viewer,
  id: string,
  day: IsoDate,
): Promise<PortfolioSummary> {
  const list = await listPortfolios(db, viewer, {}, day);
  const found = list.portfolios.find((portfolio) => portfolio.id === id);
  if (!found) throw noPortfolio();
  return found;
}

export async function createPortfolio(
  db: Db,
  viewer: Viewer,
  input: z.output<typeof createPortfolioSchema>,
  day: IsoDate,
): Promise<PortfolioSummary> {
  const id = await db.transaction(async (tx) => {
    const shares = await ownerShares(tx, viewer, input);
    const [row] = await tx
      .insert(portfolios)
      .values({
        householdId: viewer.householdId,
        name: input.name,
        broker: input.broker,
        ownerKind: input.ownerKind,
      })
      .returning({ id: portfolios.id });
    if (!row) throw new Error("portfolio insert returned nothing");
    await writeShares(tx, viewer, row.id, shares);
    return row.id;
  });
  return portfolioSummary(db, viewer, id, day);
}

export async function updatePortfolio(
  db: Db,
  viewer: Viewer,
  id: string,
  input: z.output<typeof updatePortfolioSchema>,
  day: IsoDate,
): Promise<PortfolioSummary> {
  await db.transaction(async (tx) => {
    const row = await portfolioOf(tx, viewer, id);
    const current = await ownersOf(tx, [row]);
    const known = current.get(row.id)?.shares.map((share) => share.memberId) ?? [];
    const shares = await ownerShares(tx, viewer, input, known);
    await tx
      .update(portfolios)
      .set({
        name: input.name,
        broker: input.broker,
        ownerKind: input.ownerKind,
        closedAt: input.closed ? (row.closedAt ?? new Date()) : null,
        updatedAt: new Date(),
      })
      .where(eq(portfolios.id, row.id));
    await writeShares(tx, viewer, row.id, shares);
  });
  return portfolioSummary(db, viewer, id, day);
}

/** Deletes a portfolio with its holdings and their whole history (the client asks first). */
export async function deletePortfolio(db: Db, viewer: Viewer, id: string) {
  const row = await portfolioOf(db, viewer, id);
  await db.delete(portfolios).where(eq(portfolios.id, row.id));
}

function tradeOut(row: TradeRow & { id: string; note: string | null }): Trade {
  return {
    id: row.id,
    kind: row.kind,
    occurredOn: row.occurredOn,
    quantity: row.quantity,
    price: row.price,
    fxRate: row.fxRate,
    amountCents: row.amountCents,
    feesCents: row.feesCents,
    taxCents: row.taxCents,
    ratio: row.ratio,
    note: row.note,
  };
}

/** A holding with its figures for the scope, its trades and its prices (newest first). */
export async function holdingDetail(
  db: Queryable,
  viewer: Viewer,
  id: string,
  query: { member?: string | undefined },
  day: IsoDate,
): Promise<HoldingDetail> {
  const holding = await holdingOf(db, viewer, id);
  const memberId = await scopeMemberId(db, viewer, query.member);
  const portfolio = await portfolioOf(db, viewer, holding.portfolioId);
  const owners = await ownersOf(db, [portfolio]);
  const owner = owners.get(portfolio.id) ?? { kind: portfolio.ownerKind, shares: [] };
  const [trades, priceRows] = await inParallel(db, [
    () => tradesByHolding(db, viewer.householdId, [holding.id]),
    () =>
      db
        .select({
          id: holdingPrices.id,
          pricedOn: holdingPrices.pricedOn,
          price: holdingPrices.price,
          fxRate: holdingPrices.fxRate,
        })
        .from(holdingPrices)
        .where(eq(holdingPrices.holdingId, holding.id))
        .orderBy(desc(holdingPrices.pricedOn))
        .limit(1000),
  ]);
  const list = trades.get(holding.id) ?? [];
  const entered = priceRows.find((row) => row.pricedOn <= day) ?? null;
  const figures = holdingFigures(list, entered, owner, memberId, day);
  return {
    ...summaryOf(holding, figures),
    portfolioName: portfolio.name,
    trades: list.map(tradeOut).reverse(),
    prices: priceRows satisfies Price[],
  };
}

export async function createHolding(
  db: Db,
  viewer: Viewer,
  portfolioId: string,
  input: z.output<typeof holdingInputSchema>,
  day: IsoDate,
): Promise<HoldingDetail> {
  const portfolio = await portfolioOf(db, viewer, portfolioId);
  const [row] = await db
    .insert(holdings)
    .values({ householdId: viewer.householdId, portfolioId: portfolio.id, ...input })
    .returning({ id: holdings.id });
  if (!row) throw new Error("holding insert returned nothing");
  return holdingDetail(db, viewer, row.id, {}, day);
}

export async function updateHolding(
  db: Db,
  viewer: Viewer,
  id: string,
  input: z.output<typeof holdingInputSchema>,
  day: IsoDate,
): Promise<HoldingDetail> {
  const holding = await holdingOf(db, viewer, id);
  await db.update(holdings).set(input).where(eq(holdings.id, holding.id));
  return holdingDetail(db, viewer, id, {}, day);
}

export async function deleteHolding(db: Db, viewer: Viewer, id: string) {
  const holding = await holdingOf(db, viewer, id);
  await db.delete(holdings).where(eq(holdings.id, holding.id));
}

/**
 * Replays a holding's trades (in date order) and says whether any sells or moves out more units
 * than are held at its date.
 */
function oversold(trades: readonly TradeRow[]): boolean {
  const position = emptyPosition();
  try {
    for (const trade of trades) {
      const event = tradeEvent(trade);
      if (event) applyTrade(position, event);
    }
    return false;
  } catch (error) {
    if (error instanceof RangeError) return true;
    throw error;
  }
}

/** Where a new trade on `date` goes among trades in date order: after those of its date. */
function withTrade<T extends TradeRow>(trades: readonly T[], trade: T): T[] {
  const index = trades.findIndex((other) => other.occurredOn > trade.occurredOn);
  return index < 0
    ? [...trades, trade]
    : [...trades.slice(0, index), trade, ...trades.slice(index)];
}

/** The stored row of a trade input: a buy's or sell's euro amount from its units and price. */
export function tradeValues(
  input: z.output<typeof tradeInputSchema>,
): TradeRow & { note: string | null } {
  const base = {
    kind: input.kind,
    occurredOn: input.occurredOn,
    quantity: null,
    price: null,
    fxRate: 1,
    amountCents: 0,
    feesCents: 0,
    taxCents: 0,
    ratio: null,
    note: input.note,
  };
  switch (input.kind) {
    case "buy":
    case "sell": {
      const quantity = input.quantity ?? 0;
      const price = input.price ?? 0;
      return {
        ...base,
        quantity,
        price,
        fxRate: input.fxRate,
        amountCents: tradeAmountCents(quantity, price, input.fxRate),
        feesCents: input.feesCents,
      };
    }
    case "dividend":
      return { ...base, amountCents: input.amountCents ?? 0, taxCents: input.taxCents };
    case "fee":
      return { ...base, amountCents: input.amountCents ?? 0 };
    case "transfer-in":
      return { ...base, quantity: input.quantity ?? 0, amountCents: input.amountCents ?? 0 };
    case "transfer-out":
      return { ...base, quantity: input.quantity ?? 0 };
    case "split":
      return { ...base, ratio: input.ratio ?? 1 };
  }
}

/**
 * Books a trade. A sell or transfer out of more units than are held at its date (after every
 * trade of that date before it) is refused, and so is any trade after which a later sell would
 * be: the history stays one that can be replayed.
 */
export async function addTrade(
  db: Db,
  viewer: Viewer,
  holdingId: string,
  input: z.output<typeof tradeInputSchema>,
  importKey: string | null = null,
): Promise<Trade> {
  return db.transaction(async (tx) => {
    const holding = await holdingOf(tx, viewer, holdingId);
    // One writer per holding at a time, so two sells cannot both pass the check.
    await tx.execute(sql`select id from ${holdings} where id = ${holding.id} for update`);
    const values = tradeValues(input);
    const trades =
      (await tradesByHolding(tx, viewer.householdId, [holding.id])).get(holding.id) ?? [];
    if (oversold(withTrade(trades, { ...values, id: "" }))) {
      throw fieldError(viewer, "quantity", "sellTooLarge");
    }
    const [row] = await tx
      .insert(investmentTrades)
      .values({
        householdId: viewer.householdId,
        holdingId: holding.id,
        ...values,
        importKey,
        createdByMemberId: viewer.memberId,
      })
      .returning(tradeColumns);
    if (!row) throw new Error("trade insert returned nothing");
    return tradeOut(row);
  });
}

/** Removes a trade, unless a later sell would then sell units that are not held. */
export async function deleteTrade(db: Db, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw noTrade();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: investmentTrades.id, holdingId: investmentTrades.holdingId })
      .from(investmentTrades)
      .where(and(eq(investmentTrades.id, id), eq(investmentTrades.householdId, viewer.householdId)))
      .limit(1);
    if (!row) throw noTrade();
    await tx.execute(sql`select id from ${holdings} where id = ${row.holdingId} for update`);
    const trades = (await tradesByHolding(tx, viewer.householdId, [row.holdingId])).get(
      row.holdingId,
    );
    if (oversold((trades ?? []).filter((trade) => trade.id !== id))) {
      throw new AppError(
        "CONFLICT",
        viewer.language === "nl"
          ? "Deze transactie kan niet weg: een latere verkoop zou dan meer stuks verkopen dan er zijn. Verwijder eerst die verkoop."
          : "This trade cannot go: a later sell would then sell more units than are held. Remove that sell first.",
      );
    }
    await tx.delete(investmentTrades).where(eq(investmentTrades.id, id));
  });
}

/** A price on a date; a second price on the same date replaces the first. */
export async function addPrice(
  db: Db,
  viewer: Viewer,
  holdingId: string,
  input: z.output<typeof priceInputSchema>,
): Promise<Price> {
  const holding = await holdingOf(db, viewer, holdingId);
  const [row] = await db
    .insert(holdingPrices)
    .values({ householdId: viewer.householdId, holdingId: holding.id, ...input })
    .onConflictDoUpdate({
      target: [holdingPrices.holdingId, holdingPrices.pricedOn],
      set: { price: input.price, fxRate: input.fxRate },
    })
    .returning({
      id: holdingPrices.id,
      pricedOn: holdingPrices.pricedOn,
      price: holdingPrices.price,
      fxRate: holdingPrices.fxRate,
    });
  if (!row) throw new Error("price insert returned nothing");
  return row;
}

export async function deletePrice(db: Db, viewer: Viewer, id: string) {
  if (!isUuid(id)) throw noPrice();
  const removed = await db
    .delete(holdingPrices)
    .where(and(eq(holdingPrices.id, id), eq(holdingPrices.householdId, viewer.householdId)))
    .returning({ id: holdingPrices.id });
  if (removed.length === 0) throw noPrice();
}

/** The last `count` months up to `day`'s, oldest first. */
export function monthsUpTo(day: IsoDate, count: number): string[] {
  const last = day.slice(0, 7);
  const list: string[] = [];
  for (let i = count - 1; i >= 0; i--) list.push(addMonths(last, -i));
  return list;
}

/**
 * Month-end values of the scope's part of each portfolio and the cost of the units then held,
 * over the given months (the current month up to `day`). The prices come from the database
 * already reduced to one per holding and month (the newest up to the month's end); the trades,
 * few per holding, are replayed once.
 */
export async function investmentsHistory(
  db: Queryable,
  viewer: Viewer,
  memberId: string | null,
  months: readonly string[],
  day: IsoDate,
): Promise<InvestmentsHistory> {
  const ends = months.map((month) => ({
    month,
    end: month === day.slice(0, 7) ? day : monthRange(month).to,
  }));
  const rows = await db
    .select()
    .from(portfolios)
    .where(eq(portfolios.householdId, viewer.householdId))
    .orderBy(asc(portfolios.name), asc(portfolios.id));
  const owners = await ownersOf(db, rows);
  const [holdingRows, trades, prices] = await inParallel(db, [
    () =>
      db
        .select({ id: holdings.id, portfolioId: holdings.portfolioId })
        .from(holdings)
        .where(eq(holdings.householdId, viewer.householdId)),
    () => tradesByHolding(db, viewer.householdId),
    () => monthEndPrices(db, viewer.householdId, ends),
  ]);
  const costs = months.map(() => 0);
  const out: InvestmentsHistory["portfolios"] = [];
  for (const portfolio of rows) {
    const owner = owners.get(portfolio.id) ?? { kind: portfolio.ownerKind, shares: [] };
    if (memberId !== null && !owner.shares.some((share) => share.memberId === memberId)) continue;
    const values = months.map(() => 0);
    for (const holding of holdingRows.filter((row) => row.portfolioId === portfolio.id)) {
      const list = trades.get(holding.id) ?? [];
      const position = emptyPosition();
      const splits: Split[] = [];
      let traded: PricePoint | null = null;
      let next = 0;
      ends.forEach(({ month, end }, index) => {
        while (next < list.length && (list[next]?.occurredOn ?? "") <= end) {
          const trade = list[next++];
          if (!trade) break;
          const event = tradeEvent(trade);
          if (event) applyTrade(position, event);
          if ((trade.kind === "buy" || trade.kind === "sell") && trade.price !== null) {
            traded = { price: trade.price, fxRate: trade.fxRate, pricedOn: trade.occurredOn };
          }
          // As in holdingFigures: prices from before a split are per unit before it.
          if (event?.kind === "split") {
            splits.push({ date: event.date, ratio: event.ratio });
            if (traded) traded = { ...traded, price: traded.price / event.ratio };
          }
        }
        const entered = prices.get(`${holding.id}|${month}`) ?? null;
        const latest = newerPrice(entered && perUnitAfterSplits(entered, splits), traded);
        values[index] =
          (values[index] ?? 0) + partOf(valueCents(position.quantity, latest), owner, memberId);
        costs[index] = (costs[index] ?? 0) + partOf(position.costCents, owner, memberId);
      });
    }
    if (portfolio.closedAt && values.every((cents) => cents === 0)) continue;
    out.push({ id: portfolio.id, name: portfolio.name, values });
  }
  return { months: [...months], portfolios: out, costs };
}

/** The history for a request: the scope and the last `months` months. */
export async function history(
  db: Db,
  viewer: Viewer,
  query: { member?: string | undefined; months: number },
  day: IsoDate,
) {
  const memberId = await scopeMemberId(db, viewer, query.member);
  return investmentsHistory(db, viewer, memberId, monthsUpTo(day, query.months), day);
}

/** The first day anything was invested, or null. */
export async function firstTradeDay(db: Queryable, householdId: string): Promise<IsoDate | null> {
  const [row] = await db
    .select({ first: sql<string | null>`min(${investmentTrades.occurredOn})` })
    .from(investmentTrades)
    .where(eq(investmentTrades.householdId, householdId));
  return row?.first ? String(row.first).slice(0, 10) : null;
}
