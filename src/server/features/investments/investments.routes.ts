import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#server/db/client.ts";
import {
  errorResponse as error,
  gatedResponses,
  idParam,
  invalidResponse as invalid,
  jsonBody as body,
  jsonResponse as json,
  notFoundResponse as notFound,
  removedResponse as removed,
} from "#server/lib/route-docs.ts";
import { createRouter } from "#server/lib/router.ts";
import { importBodyLimit, limitImportBody } from "#server/features/csv/csv.routes.ts";
import { requireViewer } from "#server/middleware/session.ts";
import { today } from "#shared/dates.ts";
import {
  createPortfolioSchema,
  historyQuerySchema,
  holdingDetailSchema,
  holdingInputSchema,
  investmentsHistorySchema,
  netWorthSchema,
  portfolioListSchema,
  portfolioSummarySchema,
  priceInputSchema,
  priceSchema,
  scopeQuerySchema,
  tradeInputSchema,
  tradeSchema,
  updatePortfolioSchema,
} from "#shared/schemas/investments.schema.ts";
import { tradeImportSetupSchema } from "#shared/trade-import.ts";
import { householdPlan } from "#server/features/billing/entitlement.ts";
import { netWorth } from "#server/features/net-worth/net-worth.service.ts";
import type { BillingMode } from "#shared/billing.ts";
import { hasAccess } from "#shared/plans.ts";
import {
  addPrice,
  addTrade,
  createHolding,
  createPortfolio,
  deleteHolding,
  deletePortfolio,
  deletePrice,
  deleteTrade,
  history,
  holdingDetail,
  listPortfolios,
  updateHolding,
  updatePortfolio,
} from "./investments.service.ts";
import { importTrades } from "./trade-import.service.ts";

/**
 * The investments area and net worth (Premium): portfolios, holdings, trades, prices, the value
 * over time, and net worth. The plan gate (gated-areas.routes.ts) runs before every route here.
 */
const gated = gatedResponses("investments");

export const tradeImportRequestSchema = z.object({
  text: z.string({ error: "csvEmpty" }).max(importBodyLimit, { error: "csvTooLarge" }),
  setup: tradeImportSetupSchema,
});

export const tradeImportResultSchema = z.object({
  imported: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.array(z.object({ line: z.number().int(), errors: z.array(z.string()) })),
});

const routes = {
  listPortfolios: createRoute({
    method: "get",
    path: "/investments/portfolios",
    summary: "The scope's portfolios with every holding's figures, totals and allocation",
    request: { query: scopeQuerySchema },
    responses: { 200: json("The portfolios", portfolioListSchema), ...gated, ...notFound },
  }),
  createPortfolio: createRoute({
    method: "post",
    path: "/investments/portfolios",
    summary: "Opens a portfolio",
    request: body(createPortfolioSchema),
    responses: { 201: json("The portfolio", portfolioSummarySchema), ...invalid, ...gated },
  }),
  updatePortfolio: createRoute({
    method: "put",
    path: "/investments/portfolios/{id}",
    summary: "Renames, re-owns, closes or reopens a portfolio",
    request: { params: idParam, ...body(updatePortfolioSchema) },
    responses: {
      200: json("The portfolio", portfolioSummarySchema),
      ...invalid,
      ...gated,
      ...notFound,
    },
  }),
  deletePortfolio: createRoute({
    method: "delete",
    path: "/investments/portfolios/{id}",
    summary: "Deletes a portfolio with its holdings and their history",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
  createHolding: createRoute({
    method: "post",
    path: "/investments/portfolios/{id}/holdings",
    summary: "Adds a holding to a portfolio",
    request: { params: idParam, ...body(holdingInputSchema) },
    responses: { 201: json("The holding", holdingDetailSchema), ...invalid, ...gated, ...notFound },
  }),
  importTrades: createRoute({
    method: "post",
    path: "/investments/portfolios/{id}/imports",
    summary:
      "Imports a CSV file's trades into a portfolio's holdings (all good rows or none), skipping rows imported before; reports bad rows",
    middleware: [limitImportBody()] as const,
    request: { params: idParam, ...body(tradeImportRequestSchema) },
    responses: {
      200: json(
        "How many rows were imported, already there, or bad (with the reasons)",
        tradeImportResultSchema,
      ),
      ...invalid,
      ...gated,
      ...notFound,
    },
  }),
  holding: createRoute({
    method: "get",
    path: "/investments/holdings/{id}",
    summary: "A holding with its figures for the scope, its trades and its prices",
    request: { params: idParam, query: scopeQuerySchema },
    responses: { 200: json("The holding", holdingDetailSchema), ...gated, ...notFound },
  }),
  updateHolding: createRoute({
    method: "put",
    path: "/investments/holdings/{id}",
    summary: "Changes a holding's name, symbol, ISIN, kind or currency",
    request: { params: idParam, ...body(holdingInputSchema) },
    responses: { 200: json("The holding", holdingDetailSchema), ...invalid, ...gated, ...notFound },
  }),
  deleteHolding: createRoute({
    method: "delete",
    path: "/investments/holdings/{id}",
    summary: "Deletes a holding with its trades and prices",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
  addTrade: createRoute({
    method: "post",
    path: "/investments/holdings/{id}/trades",
    summary: "Books a buy, sell, dividend, fee, transfer or split",
    request: { params: idParam, ...body(tradeInputSchema) },
    responses: { 201: json("The trade", tradeSchema), ...invalid, ...gated, ...notFound },
  }),
  deleteTrade: createRoute({
    method: "delete",
    path: "/investments/trades/{id}",
    summary: "Removes a trade (not one a later sell depends on)",
    request: { params: idParam },
    responses: {
      ...removed,
      409: error("A later sell needs this trade's units"),
      ...gated,
      ...notFound,
    },
  }),
  addPrice: createRoute({
    method: "post",
    path: "/investments/holdings/{id}/prices",
    summary: "A price on a date with its exchange rate (replaces one on the same date)",
    request: { params: idParam, ...body(priceInputSchema) },
    responses: { 201: json("The price", priceSchema), ...invalid, ...gated, ...notFound },
  }),
  deletePrice: createRoute({
    method: "delete",
    path: "/investments/prices/{id}",
    summary: "Removes a price",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
  history: createRoute({
    method: "get",
    path: "/investments/history",
    summary: "Month-end values of the scope's part of each portfolio, and the cost held",
    request: { query: historyQuerySchema },
    responses: {
      200: json("The history", investmentsHistorySchema),
      ...invalid,
      ...gated,
      ...notFound,
    },
  }),
  netWorth: createRoute({
    method: "get",
    path: "/net-worth",
    summary: "The scope's net worth today and month by month since its first record",
    request: { query: scopeQuerySchema },
    responses: { 200: json("Net worth", netWorthSchema), ...gated, ...notFound },
  }),
};

/** The trades' import, whose body may be as large as a file's (`limitBodies`). */
export const tradeImportRoute = routes.importTrades;

export function investmentsRoutes(deps: { db: Db; billing: BillingMode }) {
  const { db } = deps;
  return createRouter()
    .openapi(routes.listPortfolios, async (c) =>
      c.json(await listPortfolios(db, requireViewer(c), c.req.valid("query"), today()), 200),
    )
    .openapi(routes.createPortfolio, async (c) =>
      c.json(await createPortfolio(db, requireViewer(c), c.req.valid("json"), today()), 201),
    )
    .openapi(routes.updatePortfolio, async (c) =>
      c.json(
        await updatePortfolio(
          db,
          requireViewer(c),
          c.req.valid("param").id,
          c.req.valid("json"),
          today(),
        ),
        200,
      ),
    )
    .openapi(routes.deletePortfolio, async (c) => {
      await deletePortfolio(db, requireViewer(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.createHolding, async (c) =>
      c.json(
        await createHolding(
          db,
          requireViewer(c),
          c.req.valid("param").id,
          c.req.valid("json"),
          today(),
        ),
        201,
      ),
    )
    .openapi(routes.importTrades, async (c) =>
      c.json(
        await importTrades(db, requireViewer(c), c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
    )
    .openapi(routes.holding, async (c) =>
      c.json(
        await holdingDetail(
          db,
          requireViewer(c),
          c.req.valid("param").id,
          c.req.valid("query"),
          today(),
        ),
        200,
      ),
    )
    .openapi(routes.updateHolding, async (c) =>
      c.json(
        await updateHolding(
          db,
          requireViewer(c),
          c.req.valid("param").id,
          c.req.valid("json"),
          today(),
        ),
        200,
      ),
    )
    .openapi(routes.deleteHolding, async (c) => {
      await deleteHolding(db, requireViewer(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.addTrade, async (c) =>
      c.json(
        await addTrade(db, requireViewer(c), c.req.valid("param").id, c.req.valid("json")),
        201,
      ),
    )
    .openapi(routes.deleteTrade, async (c) => {
      await deleteTrade(db, requireViewer(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.addPrice, async (c) =>
      c.json(
        await addPrice(db, requireViewer(c), c.req.valid("param").id, c.req.valid("json")),
        201,
      ),
    )
    .openapi(routes.deletePrice, async (c) => {
      await deletePrice(db, requireViewer(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.history, async (c) =>
      c.json(await history(db, requireViewer(c), c.req.valid("query"), today()), 200),
    )
    .openapi(routes.netWorth, async (c) => {
      const viewer = requireViewer(c);
      const plan = await householdPlan(db, viewer.householdId, deps.billing);
      const debts = hasAccess(plan, "loans");
      return c.json(await netWorth(db, viewer, c.req.valid("query"), today(), { debts }), 200);
    });
}
