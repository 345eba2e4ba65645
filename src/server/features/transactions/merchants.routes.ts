import { createRoute } from "@hono/zod-openapi";
import type { Db } from "#server/db/client.ts";
import { errorResponse as error, jsonResponse as json } from "#server/lib/route-docs.ts";
import { createMiddleware } from "hono/factory";
import { createRouter, type AppEnv } from "#server/lib/router.ts";
import { requireViewer } from "#server/middleware/session.ts";
import {
  merchantQuerySchema,
  merchantSuggestionsSchema,
} from "#shared/schemas/transactions.schema.ts";
import { merchantSuggestions } from "./merchants.ts";

const merchantsRoute = createRoute({
  method: "get",
  path: "/transactions/merchants",
  summary:
    "The entry form's merchant suggestions: the household's merchants containing q (those starting with it first, then the most used and recent), each with the category last used with it",
  request: { query: merchantQuerySchema },
  responses: {
    200: json("At most `limit` merchants, best first", merchantSuggestionsSchema),
    400: error("The request is not valid"),
    401: error("Not signed in"),
  },
});

/** Mounted before transactionRoutes, so /transactions/{id} does not catch "merchants". */
export function merchantRoutes(deps: { db: Db }) {
  const { db } = deps;
  const router = createRouter();
  // A signed-out caller hears 401 before anything about its request.
  router.use(
    "/transactions/merchants",
    createMiddleware<AppEnv>(async (c, next) => {
      requireViewer(c);
      await next();
    }),
  );
  return router.openapi(merchantsRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json({ items: await merchantSuggestions(db, viewer, c.req.valid("query")) }, 200);
  });
}
