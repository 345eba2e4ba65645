import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Db } from "#server/db/client.ts";
import {
  errorResponse as error,
  jsonResponse as json,
  jsonBody as body,
} from "#server/lib/route-docs.ts";
import { createRouter, type AppEnv } from "#server/lib/router.ts";
import { requireViewer } from "#server/middleware/session.ts";
import {
  entryInputSchema,
  settlementChangeSchema,
  settlementInputSchema,
  settleUpSchema,
  transactionFilterSchema,
  transactionIdsSchema,
  transactionListQuerySchema,
  transactionPageSchema,
  transactionSchema,
  transactionSummarySchema,
} from "#shared/schemas/transactions.schema.ts";
import {
  createEntry,
  deleteEntries,
  deleteEntry,
  getEntry,
  listEntries,
  recordSettlement,
  restoreEntries,
  settleUp,
  summarizeEntries,
  updateEntry,
  updateSettlement,
} from "./transactions.service.ts";

const signedIn = { 401: error("Not signed in") };
const notFound = { 404: error("No such entry or member in the caller's household") };
const invalid = { 400: error("The request is not valid") };

/** Any string: an id that is not a uuid is simply not found (404). */
const idParamSchema = z.object({ id: z.string() });

const listRoute = createRoute({
  method: "get",
  path: "/transactions",
  summary: "A page of the household's entries (keyset pagination; filter, sort, cursor)",
  request: { query: transactionListQuerySchema },
  responses: {
    200: json("The page and the next page's cursor (null at the end)", transactionPageSchema),
    ...invalid,
    ...signedIn,
  },
});

const summaryRoute = createRoute({
  method: "get",
  path: "/transactions/summary",
  summary: "What the list's filter adds up to (with a member: that member's shares)",
  request: { query: transactionFilterSchema },
  responses: {
    200: json("Count, income and spending in cents", transactionSummarySchema),
    ...invalid,
    ...signedIn,
  },
});

const createEntryRoute = createRoute({
  method: "post",
  path: "/transactions",
  summary: "Adds an income or expense entry, personal or split",
  request: body(entryInputSchema),
  responses: {
    201: json("The entry with its shares", transactionSchema),
    ...invalid,
    ...signedIn,
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/transactions/{id}",
  summary: "One entry with its shares",
  request: { params: idParamSchema },
  responses: { 200: json("The entry", transactionSchema), ...signedIn, ...notFound },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/transactions/{id}",
  summary: "Replaces an entry's fields and shares",
  request: { params: idParamSchema, ...body(entryInputSchema) },
  responses: {
    200: json("The entry", transactionSchema),
    ...invalid,
    ...signedIn,
    ...notFound,
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/transactions/{id}",
  summary: "Deletes an entry (undo: POST /transactions/restore)",
  request: { params: idParamSchema },
  responses: { 204: { description: "Deleted" }, ...signedIn, ...notFound },
});

const bulkDeleteRoute = createRoute({
  method: "post",
  path: "/transactions/delete",
  summary: "Deletes several entries (all must be the household's)",
  request: body(transactionIdsSchema),
  responses: {
    200: json("How many were deleted", z.object({ deleted: z.number().int() })),
    ...invalid,
    ...signedIn,
    ...notFound,
  },
});

const restoreRoute = createRoute({
  method: "post",
  path: "/transactions/restore",
  summary: "Brings deleted entries back (undo)",
  request: body(transactionIdsSchema),
  responses: {
    200: json("How many were restored", z.object({ restored: z.number().int() })),
    ...invalid,
    ...signedIn,
    ...notFound,
  },
});

const settleUpRoute = createRoute({
  method: "get",
  path: "/settle-up",
  summary: "Each member's balance and the fewest payments that settle everyone",
  responses: { 200: json("Balances and payments", settleUpSchema), ...signedIn },
});

const settlementRoute = createRoute({
  method: "post",
  path: "/settlements",
  summary: "Records a repayment from one member to another",
  request: body(settlementInputSchema),
  responses: {
    201: json("The settlement", transactionSchema),
    ...invalid,
    ...signedIn,
    404: error("A member who is not an active person of the caller's household"),
  },
});

const settlementChangeRoute = createRoute({
  method: "patch",
  path: "/settlements/{id}",
  summary:
    "Changes a settlement's amount, day and notes (delete and undo: DELETE /transactions/{id}, POST /transactions/restore)",
  request: { params: idParamSchema, ...body(settlementChangeSchema) },
  responses: {
    200: json("The settlement", transactionSchema),
    ...invalid,
    ...signedIn,
    404: error("No such settlement in the caller's household"),
  },
});

export function transactionRoutes(deps: { db: Db }) {
  const { db } = deps;
  const router = createRouter();
  // A signed-out caller hears 401 before anything about its request.
  const signedInOnly = createMiddleware<AppEnv>(async (c, next) => {
    requireViewer(c);
    await next();
  });
  for (const path of [
    "/transactions",
    "/transactions/*",
    "/settle-up",
    "/settlements",
    "/settlements/*",
  ]) {
    router.use(path, signedInOnly);
  }
  return (
    router
      .openapi(listRoute, async (c) => {
        const viewer = requireViewer(c);
        return c.json(await listEntries(db, viewer, c.req.valid("query")), 200);
      })
      // Before /transactions/{id}, which would otherwise answer for "summary".
      .openapi(summaryRoute, async (c) => {
        const viewer = requireViewer(c);
        return c.json(await summarizeEntries(db, viewer, c.req.valid("query")), 200);
      })
      .openapi(createEntryRoute, async (c) => {
        const viewer = requireViewer(c);
        return c.json(await createEntry(db, viewer, c.req.valid("json")), 201);
      })
      .openapi(bulkDeleteRoute, async (c) => {
        const viewer = requireViewer(c);
        return c.json(await deleteEntries(db, viewer, c.req.valid("json").ids), 200);
      })
      .openapi(restoreRoute, async (c) => {
        const viewer = requireViewer(c);
        return c.json(await restoreEntries(db, viewer, c.req.valid("json").ids), 200);
      })
      .openapi(getRoute, async (c) => {
        const viewer = requireViewer(c);
        return c.json(await getEntry(db, viewer, c.req.valid("param").id), 200);
      })
      .openapi(updateRoute, async (c) => {
        const viewer = requireViewer(c);
        const { id } = c.req.valid("param");
        return c.json(await updateEntry(db, viewer, id, c.req.valid("json")), 200);
      })
      .openapi(deleteRoute, async (c) => {
        const viewer = requireViewer(c);
        await deleteEntry(db, viewer, c.req.valid("param").id);
        return c.body(null, 204);
      })
      .openapi(settleUpRoute, async (c) => {
        const viewer = requireViewer(c);
        return c.json(await settleUp(db, viewer), 200);
      })
      .openapi(settlementRoute, async (c) => {
        const viewer = requireViewer(c);
        return c.json(await recordSettlement(db, viewer, c.req.valid("json")), 201);
      })
      .openapi(settlementChangeRoute, async (c) => {
        const viewer = requireViewer(c);
        const { id } = c.req.valid("param");
        return c.json(await updateSettlement(db, viewer, id, c.req.valid("json")), 200);
      })
  );
}
