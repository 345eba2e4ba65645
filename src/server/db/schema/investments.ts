import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { households, members } from "./households.ts";
import { ownerKindValues } from "./savings.ts";

/**
 * Investments (Premium): portfolios with their owners (like savings accounts), holdings, their
 * trades and hand-entered prices. Every table carries `household_id` and registers in
 * features/households/household-owned.ts so a merge moves it. Money is integer cents in euros;
 * quantities, prices per unit (in the holding's currency) and exchange rates (euros per unit of
 * that currency) are floating numbers, and every euro figure is rounded to the cent once, where
 * it is made (decision 020).
 */

export const holdingKindValues = ["stock", "etf", "fund", "bond", "crypto", "other"] as const;
export const tradeKindValues = [
  "buy",
  "sell",
  "dividend",
  "fee",
  "transfer-in",
  "transfer-out",
  "split",
] as const;

export const portfolios = pgTable(
  "portfolios",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    broker: text("broker"),
    ownerKind: text("owner_kind", { enum: ownerKindValues }).notNull().default("household"),
    /** Closed portfolios keep their history and leave the pickers. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("portfolios_household_idx").on(t.householdId)],
);

/** A member's part of a portfolio, in basis points adding up to 10000 (none: the household's). */
export const portfolioShares = pgTable(
  "portfolio_shares",
  {
    portfolioId: uuid("portfolio_id")
      .notNull()
      .references(() => portfolios.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    percentBp: integer("percent_bp").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.portfolioId, t.memberId] }),
    check("portfolio_shares_percent", sql`${t.percentBp} > 0 and ${t.percentBp} <= 10000`),
  ],
);

/** A security held in a portfolio: a stock, an ETF, a fund, a bond, a coin. */
export const holdings = pgTable(
  "holdings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    portfolioId: uuid("portfolio_id")
      .notNull()
      .references(() => portfolios.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    symbol: text("symbol"),
    isin: text("isin"),
    kind: text("kind", { enum: holdingKindValues }).notNull().default("etf"),
    /** ISO 4217: prices are in this currency, with an exchange rate to euros. */
    currency: text("currency").notNull().default("EUR"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("holdings_household_idx").on(t.householdId),
    index("holdings_portfolio_idx").on(t.portfolioId),
  ],
);

/**
 * A dated trade of a holding. `amount_cents` is euros: a buy's or sell's units × price × rate
 * (fees apart, in `fees_cents`), a dividend's gross (its withheld tax in `tax_cents`), a fee, a
 * transfer-in's cost basis. A split keeps its `ratio` (2: every unit becomes two).
 */
export const investmentTrades = pgTable(
  "investment_trades",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    holdingId: uuid("holding_id")
      .notNull()
      .references(() => holdings.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: tradeKindValues }).notNull(),
    occurredOn: date("occurred_on", { mode: "string" }).notNull(),
    quantity: doublePrecision("quantity"),
    price: doublePrecision("price"),
    fxRate: doublePrecision("fx_rate").notNull().default(1),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull().default(0),
    feesCents: bigint("fees_cents", { mode: "number" }).notNull().default(0),
    taxCents: bigint("tax_cents", { mode: "number" }).notNull().default(0),
    ratio: doublePrecision("ratio"),
    note: text("note"),
    createdByMemberId: uuid("created_by_member_id").references(() => members.id),
    /** A row imported from a file: the same row imported again is recognised and skipped. */
    importKey: text("import_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("investment_trades_holding_idx").on(t.holdingId, t.occurredOn),
    index("investment_trades_household_idx").on(t.householdId, t.occurredOn),
    uniqueIndex("investment_trades_import_key").on(t.householdId, t.importKey),
    check(
      "investment_trades_amounts",
      sql`${t.amountCents} >= 0 and ${t.feesCents} >= 0 and ${t.taxCents} >= 0 and ${t.fxRate} > 0`,
    ),
  ],
);

/** A price per unit on a date, in the holding's currency, with the euro rate of that day. */
export const holdingPrices = pgTable(
  "holding_prices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    holdingId: uuid("holding_id")
      .notNull()
      .references(() => holdings.id, { onDelete: "cascade" }),
    pricedOn: date("priced_on", { mode: "string" }).notNull(),
    price: doublePrecision("price").notNull(),
    fxRate: doublePrecision("fx_rate").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("holding_prices_one_per_day").on(t.holdingId, t.pricedOn),
    index("holding_prices_household_idx").on(t.householdId, t.pricedOn),
    check("holding_prices_positive", sql`${t.price} >= 0 and ${t.fxRate} > 0`),
  ],
);
