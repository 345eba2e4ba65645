import { createHash } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Queryable } from "#server/db/client.ts";
import { holdings, investmentTrades } from "#server/db/schema/investments.ts";
import { maxImportRows } from "#server/features/csv/csv.service.ts";
import { fieldError } from "#server/features/transactions/entry-references.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { parseCsv, type BadRow } from "#shared/csv-import.ts";
import { applyTrade, emptyPosition } from "#shared/investment-math.ts";
import {
  mapTradeRows,
  matchHolding,
  tradeImportKeys,
  type TradeImportRow,
  type TradeImportSetup,
} from "#shared/trade-import.ts";
import { tradeEvent, type TradeRow } from "./figures.ts";
import { portfolioOf, tradesByHolding, tradeValues } from "./investments.service.ts";

export type TradeImportRequest = { text: string; setup: TradeImportSetup };

export type TradeImportResult = {
  imported: number;
  /** Rows imported before (the same file again). */
  duplicates: number;
  invalid: BadRow[];
};

/** An imported row matched to its holding, with its stored values and hashed import key. */
type Candidate = {
  line: number;
  holdingId: string;
  key: string;
  values: TradeRow & { note: string | null };
};

const insertBatchSize = 1000;

const hash = (key: string) => createHash("sha256").update(key).digest("hex");

/** The stored row of an imported trade: what the trade dialog would store for it. */
function valuesOf(row: TradeImportRow) {
  return tradeValues({
    kind: row.kind,
    occurredOn: row.occurredOn,
    quantity: row.quantity,
    price: row.price,
    fxRate: row.fxRate,
    amountCents: row.amountCents,
    feesCents: row.feesCents,
    taxCents: 0,
    ratio: null,
    note: null,
  });
}

/**
 * The imported rows of one holding that can join its trades: replayed in date order after the
 * trades already there (those of a row's date first, as a typed trade goes), a sell of more
 * units than are held at its date is left out. When an imported sell makes a later sell already
 * there impossible, the last imported sell before that one is left out and the replay starts
 * again, so the history stays one that can be replayed.
 */
function replayImport(
  existing: readonly TradeRow[],
  incoming: readonly Candidate[],
): { accepted: Candidate[]; refused: Candidate[] } {
  type Step = { trade: TradeRow; imported: Candidate | null };
  const steps: Step[] = [];
  let next = 0;
  for (const candidate of incoming) {
    while (
      next < existing.length &&
      (existing[next]?.occurredOn ?? "") <= candidate.values.occurredOn
    )
      steps.push({ trade: existing[next++] as TradeRow, imported: null });
    steps.push({ trade: candidate.values, imported: candidate });
  }
  while (next < existing.length)
    steps.push({ trade: existing[next++] as TradeRow, imported: null });

  const refused = new Set<Candidate>();
  for (;;) {
    const position = emptyPosition();
    let restart = false;
    for (let index = 0; index < steps.length && !restart; index++) {
      const step = steps[index];
      if (!step || (step.imported && refused.has(step.imported))) continue;
      const event = tradeEvent(step.trade);
      if (!event) continue;
      try {
        applyTrade(position, event);
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        // applyTrade checks before it changes anything: the replay goes on without this row.
        if (step.imported) {
          refused.add(step.imported);
          continue;
        }
        const blame = steps
          .slice(0, index)
          .reverse()
          .find(
            (earlier) =>
              earlier.imported &&
              !refused.has(earlier.imported) &&
              (earlier.trade.kind === "sell" || earlier.trade.kind === "transfer-out"),
          );
        // Without an imported sell before it, the trades already there are not this import's.
        if (!blame?.imported) continue;
        refused.add(blame.imported);
        restart = true;
      }
    }
    if (!restart) break;
  }
  return {
    accepted: incoming.filter((candidate) => !refused.has(candidate)),
    refused: incoming.filter((candidate) => refused.has(candidate)),
  };
}

/** Which of some hashed keys the household has imported before. */
async function knownKeys(tx: Queryable, householdId: string, keys: readonly string[]) {
  const known = new Set<string>();
  for (let start = 0; start < keys.length; start += insertBatchSize) {
    const rows = await tx
      .select({ key: investmentTrades.importKey })
      .from(investmentTrades)
      .where(
        and(
          eq(investmentTrades.householdId, householdId),
          inArray(investmentTrades.importKey, keys.slice(start, start + insertBatchSize)),
        ),
      );
    for (const row of rows) if (row.key) known.add(row.key);
  }
  return known;
}

/**
 * Imports a broker's CSV of trades into a portfolio: each row's holding is found by ISIN, symbol
 * or name among the portfolio's holdings (none: a bad row), rows are replayed per holding in
 * date order with the trades already there (a sell of more than is held: a bad row), and the
 * good rows go in one transaction (all or none), each with a hash of its holding, content and
 * place among identical rows, so the same file again adds nothing (counted as duplicates).
 */
export async function importTrades(
  db: Db,
  viewer: Viewer,
  portfolioId: string,
  request: TradeImportRequest,
): Promise<TradeImportResult> {
  const { householdId } = viewer;
  const portfolio = await portfolioOf(db, viewer, portfolioId);
  const { setup } = request;
  const { records } = parseCsv(request.text);
  const dataRows = setup.hasHeader ? records.length - 1 : records.length;
  if (dataRows <= 0) throw fieldError(viewer, "text", "csvEmpty");
  if (dataRows > maxImportRows) throw fieldError(viewer, "text", "csvTooLarge");
  const width = Math.max(...records.map((record) => record.cells.length));
  const { date, holding, quantity, price } = setup.columns;
  if (Math.max(date, holding, quantity, price) >= width)
    throw fieldError(viewer, "setup.columns", "csvColumnMissing");

  const { good, bad } = mapTradeRows(records, setup);
  const keys = tradeImportKeys(good);
  const holdingRows = await db
    .select({ id: holdings.id, name: holdings.name, symbol: holdings.symbol, isin: holdings.isin })
    .from(holdings)
    .where(and(eq(holdings.portfolioId, portfolio.id), eq(holdings.householdId, householdId)))
    .orderBy(asc(holdings.createdAt), asc(holdings.id));
  const invalid: BadRow[] = [...bad];
  const candidates: Candidate[] = [];
  good.forEach((row, index) => {
    const found = matchHolding(row.holding, holdingRows);
    if (!found) {
      invalid.push({ line: row.line, errors: ["holdingUnknown"] });
      return;
    }
    candidates.push({
      line: row.line,
      holdingId: found.id,
      key: hash(`${found.id}|${keys[index] ?? ""}`),
      values: valuesOf(row),
    });
  });
  // Brokers often list the newest trade first: trades of one day then keep their own order.
  const first = candidates[0]?.values.occurredOn ?? "";
  const last = candidates[candidates.length - 1]?.values.occurredOn ?? "";
  const ordered = (first > last ? [...candidates].reverse() : candidates)
    .map((candidate, index) => ({ candidate, index }))
    .sort(
      (a, b) =>
        a.candidate.values.occurredOn.localeCompare(b.candidate.values.occurredOn) ||
        a.index - b.index,
    )
    .map(({ candidate }) => candidate);

  const result = await db.transaction(async (tx) => {
    if (ordered.length === 0) return { imported: 0, duplicates: 0 };
    const holdingIds = [...new Set(ordered.map((candidate) => candidate.holdingId))].sort();
    // One writer per holding at a time, as for a typed trade, so two imports or an import and a
    // sell cannot both pass the check.
    await tx.execute(
      sql`select id from ${holdings} where ${inArray(holdings.id, holdingIds)} order by id for update`,
    );
    const known = await knownKeys(
      tx,
      householdId,
      ordered.map((candidate) => candidate.key),
    );
    const fresh = ordered.filter((candidate) => !known.has(candidate.key));
    const trades = await tradesByHolding(tx, householdId, holdingIds);
    const accepted = new Set<Candidate>();
    for (const holdingId of holdingIds) {
      const replayed = replayImport(
        trades.get(holdingId) ?? [],
        fresh.filter((candidate) => candidate.holdingId === holdingId),
      );
      for (const candidate of replayed.accepted) accepted.add(candidate);
      for (const candidate of replayed.refused)
        invalid.push({ line: candidate.line, errors: ["sellTooLarge"] });
    }
    // Trades of one day are replayed in the order they were made: each row its own moment,
    // in the replay's order, after every trade already there.
    const inOrder = ordered.filter((candidate) => accepted.has(candidate));
    const start = Date.now();
    let imported = 0;
    for (let at = 0; at < inOrder.length; at += insertBatchSize) {
      const inserted = await tx
        .insert(investmentTrades)
        .values(
          inOrder.slice(at, at + insertBatchSize).map((candidate, index) => ({
            householdId,
            holdingId: candidate.holdingId,
            ...candidate.values,
            importKey: candidate.key,
            createdByMemberId: viewer.memberId,
            createdAt: new Date(start + at + index),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: investmentTrades.id });
      imported += inserted.length;
    }
    return { imported, duplicates: ordered.length - fresh.length + inOrder.length - imported };
  });
  return { ...result, invalid: invalid.sort((a, b) => a.line - b.line) };
}
