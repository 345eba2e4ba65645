import { z } from "zod";
import { isValidIsin } from "../isin.ts";
import {
  checkOwner,
  ownerFieldsSchema,
  ownerKinds,
  ownerSchema,
  scopeQuerySchema,
} from "./savings.schema.ts";
import { isoDateSchema, maxAmountCents } from "./transactions.schema.ts";

/**
 * Investments (Premium): portfolios (owned like savings accounts), holdings, trades and prices.
 * Messages are validation keys (src/shared/validation.ts). Money is integer cents in euros;
 * quantities, prices (per unit, in the holding's currency) and exchange rates (euros per unit of
 * that currency) are plain numbers.
 */
export const holdingKinds = ["stock", "etf", "fund", "bond", "crypto", "other"] as const;
export type HoldingKind = (typeof holdingKinds)[number];
export const tradeKinds = [
  "buy",
  "sell",
  "dividend",
  "fee",
  "transfer-in",
  "transfer-out",
  "split",
] as const;
export type TradeKind = (typeof tradeKinds)[number];

/** A price older than this many days is marked stale. */
export const staleAfterDays = 30;

const requiredName = z
  .string({ error: "nameRequired" })
  .trim()
  .min(1, { error: "nameRequired" })
  .max(60, { error: "nameTooLong" });

const optionalText = (max: number) =>
  z
    .string({ error: "invalid" })
    .trim()
    .max(max, { error: "textTooLong" })
    .nullish()
    .transform((value) => (value ? value : null));

const centsAtLeastZero = z
  .number({ error: "amountInvalid" })
  .int({ error: "amountInvalid" })
  .min(0, { error: "amountInvalid" })
  .max(maxAmountCents, { error: "amountInvalid" });

/** A positive finite number below a sane ceiling, with its own message. */
const positiveNumber = (key: "quantityInvalid" | "fxRateInvalid" | "ratioInvalid") =>
  z
    .number({ error: key })
    .refine((value) => Number.isFinite(value) && value > 0 && value <= 1e12, { error: key });

export const priceValueSchema = z
  .number({ error: "priceInvalid" })
  .refine((value) => Number.isFinite(value) && value >= 0 && value <= 1e12, {
    error: "priceInvalid",
  });

export const fxRateSchema = positiveNumber("fxRateInvalid").default(1);

const portfolioFields = z.object({ name: requiredName, broker: optionalText(100) });

export const createPortfolioSchema = portfolioFields
  .extend(ownerFieldsSchema.shape)
  .superRefine(checkOwner);
export type CreatePortfolioInput = z.input<typeof createPortfolioSchema>;

/** A change names the owner again, as for a savings account. */
export const updatePortfolioSchema = portfolioFields
  .extend(ownerFieldsSchema.shape)
  .extend({
    ownerKind: z.enum(ownerKinds, { error: "invalid" }),
    closed: z.boolean({ error: "invalid" }).default(false),
  })
  .superRefine(checkOwner);
export type UpdatePortfolioInput = z.input<typeof updatePortfolioSchema>;

export const holdingInputSchema = z.object({
  name: requiredName,
  symbol: optionalText(20),
  isin: z
    .string({ error: "isinInvalid" })
    .trim()
    .toUpperCase()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isValidIsin(value), { error: "isinInvalid" }),
  kind: z.enum(holdingKinds, { error: "invalid" }).default("etf"),
  currency: z
    .string({ error: "currencyInvalid" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: "currencyInvalid" })
    .default("EUR"),
});
export type HoldingInput = z.input<typeof holdingInputSchema>;

/**
 * A trade. Which fields it needs depends on its kind: a buy or sell its units, price (per unit,
 * in the holding's currency), fees and exchange rate; a dividend its gross amount and the tax
 * withheld; a fee its amount; a transfer in its units and their cost; a transfer out its units; a
 * split its ratio. Fields a kind does not use are ignored.
 */
export const tradeInputSchema = z
  .object({
    kind: z.enum(tradeKinds, { error: "invalid" }),
    occurredOn: isoDateSchema,
    quantity: positiveNumber("quantityInvalid").nullish(),
    price: priceValueSchema.nullish(),
    fxRate: fxRateSchema,
    amountCents: centsAtLeastZero.nullish(),
    feesCents: centsAtLeastZero.default(0),
    taxCents: centsAtLeastZero.default(0),
    ratio: positiveNumber("ratioInvalid").nullish(),
    note: optionalText(200),
  })
  .superRefine((value, ctx) => {
    const need = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    switch (value.kind) {
      case "buy":
      case "sell":
        if (value.quantity == null) need("quantity", "quantityInvalid");
        if (value.price == null) need("price", "priceInvalid");
        // The euro amount is stored in cents: it must stay a sane amount, as a typed one does.
        else if (
          value.quantity != null &&
          Math.round(value.quantity * value.price * value.fxRate * 100) > maxAmountCents
        ) {
          need("price", "amountInvalid");
        }
        break;
      case "dividend":
        if (!value.amountCents) need("amountCents", "amountPositive");
        else if (value.taxCents > value.amountCents) need("taxCents", "taxTooLarge");
        break;
      case "fee":
        if (!value.amountCents) need("amountCents", "amountPositive");
        break;
      case "transfer-in":
        if (value.quantity == null) need("quantity", "quantityInvalid");
        if (value.amountCents == null) need("amountCents", "amountRequired");
        break;
      case "transfer-out":
        if (value.quantity == null) need("quantity", "quantityInvalid");
        break;
      case "split":
        if (value.ratio == null) need("ratio", "ratioInvalid");
        break;
    }
  });
export type TradeInput = z.input<typeof tradeInputSchema>;

export const priceInputSchema = z.object({
  pricedOn: isoDateSchema,
  price: priceValueSchema,
  fxRate: fxRateSchema,
});
export type PriceInput = z.input<typeof priceInputSchema>;

export { scopeQuerySchema };

const gainFields = {
  /** The scope's part of the value at the latest price (0 without a price or units). */
  valueCents: z.number().int(),
  /** Average cost of the units held (fees of buys included). */
  costCents: z.number().int(),
  unrealisedCents: z.number().int(),
  /** Of the cost; null without a cost. */
  unrealisedPercent: z.number().nullable(),
  realisedCents: z.number().int(),
  /** Dividends after tax withheld. */
  dividendsCents: z.number().int(),
  feesCents: z.number().int(),
  /** The money-weighted yearly return (0.08 = 8 %), null when it cannot be computed. */
  xirr: z.number().nullable(),
};

export const holdingPriceSchema = z.object({
  price: z.number(),
  fxRate: z.number(),
  pricedOn: z.string(),
  /** Older than `staleAfterDays`. */
  stale: z.boolean(),
});

export const holdingSummarySchema = z.object({
  id: z.string(),
  portfolioId: z.string(),
  name: z.string(),
  symbol: z.string().nullable(),
  isin: z.string().nullable(),
  kind: z.enum(holdingKinds),
  currency: z.string(),
  /** Units held today (the whole holding's, not the scope's part). */
  quantity: z.number(),
  /** The latest price: entered by hand, or the newest trade's price when that is more recent. */
  latestPrice: holdingPriceSchema.nullable(),
  ...gainFields,
});
export type HoldingSummary = z.infer<typeof holdingSummarySchema>;

export const totalsSchema = z.object(gainFields);
export type InvestmentTotals = z.infer<typeof totalsSchema>;

export const portfolioSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  broker: z.string().nullable(),
  owner: ownerSchema,
  closed: z.boolean(),
  holdings: z.array(holdingSummarySchema),
  totals: totalsSchema,
});
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;

export const portfolioListSchema = z.object({
  portfolios: z.array(portfolioSummarySchema),
  totals: totalsSchema,
  allocation: z.object({
    byKind: z.array(z.object({ kind: z.enum(holdingKinds), valueCents: z.number().int() })),
    byHolding: z.array(
      z.object({ id: z.string(), name: z.string(), valueCents: z.number().int() }),
    ),
  }),
  /** The oldest latest price among holdings with units: what the value is as of. */
  asOf: z.string().nullable(),
});
export type PortfolioList = z.infer<typeof portfolioListSchema>;

export const tradeSchema = z.object({
  id: z.string(),
  kind: z.enum(tradeKinds),
  occurredOn: z.string(),
  quantity: z.number().nullable(),
  price: z.number().nullable(),
  fxRate: z.number(),
  amountCents: z.number().int(),
  feesCents: z.number().int(),
  taxCents: z.number().int(),
  ratio: z.number().nullable(),
  note: z.string().nullable(),
});
export type Trade = z.infer<typeof tradeSchema>;

export const priceSchema = z.object({
  id: z.string(),
  pricedOn: z.string(),
  price: z.number(),
  fxRate: z.number(),
});
export type Price = z.infer<typeof priceSchema>;

export const holdingDetailSchema = holdingSummarySchema.extend({
  portfolioName: z.string(),
  /** Newest first. */
  trades: z.array(tradeSchema),
  /** Newest first. */
  prices: z.array(priceSchema),
});
export type HoldingDetail = z.infer<typeof holdingDetailSchema>;

export const historyQuerySchema = scopeQuerySchema.extend({
  months: z.coerce
    .number({ error: "invalid" })
    .int({ error: "invalid" })
    .min(1, { error: "invalid" })
    .max(240, { error: "invalid" })
    .default(24),
});

/** Month-end values of the scope's part of each portfolio and what was put in, oldest first. */
export const investmentsHistorySchema = z.object({
  months: z.array(z.string()),
  portfolios: z.array(
    z.object({ id: z.string(), name: z.string(), values: z.array(z.number().int()) }),
  ),
  /** The cost of the units held at each month's end (the scope's part), summed over portfolios. */
  costs: z.array(z.number().int()),
});
export type InvestmentsHistory = z.infer<typeof investmentsHistorySchema>;

/** Net worth's parts: what is owned minus what is owed (the loans' balances). */
export const netWorthPartsSchema = z.object({
  savingsCents: z.number().int(),
  investmentsCents: z.number().int(),
  debtsCents: z.number().int(),
  netWorthCents: z.number().int(),
});
export type NetWorthParts = z.infer<typeof netWorthPartsSchema>;

export const netWorthSchema = z.object({
  today: netWorthPartsSchema,
  /** Month by month since the first record (at most 240 months), oldest first. */
  months: z.array(netWorthPartsSchema.extend({ month: z.string() })),
  /**
   * Debts are the loans' balances (the scope's part), counted only when the household's plan
   * opens loans (Pro); otherwise they are 0 and this says they are locked.
   */
  debtsLocked: z.boolean(),
});
export type NetWorth = z.infer<typeof netWorthSchema>;
