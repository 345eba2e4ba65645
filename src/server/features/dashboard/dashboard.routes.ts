import { createRoute } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Db } from "#server/db/client.ts";
import { errorResponse as error, jsonResponse as json } from "#server/lib/route-docs.ts";
import { createRouter, type AppEnv } from "#server/lib/router.ts";
import { requireViewer } from "#server/middleware/session.ts";
import { dashboardQuerySchema, dashboardSchema } from "#shared/schemas/dashboard.schema.ts";
import { dashboard } from "./dashboard.service.ts";

const dashboardRoute = createRoute({
  method: "get",
  path: "/dashboard",
  summary:
    "The dashboard's figures of a period (default: this month) and the period before, for the household or one member",
  request: { query: dashboardQuerySchema },
  responses: {
    200: json("Figures, spending per category, 12 months, members' spending", dashboardSchema),
    400: error("The request is not valid"),
    401: error("Not signed in"),
    404: error("No such member in the caller's household"),
  },
});

export function dashboardRoutes(deps: { db: Db }) {
  const { db } = deps;
  const router = createRouter();
  // Signed in before the query is validated: a visitor gets 401, not a validation error.
  router.use(
    "/dashboard",
    createMiddleware<AppEnv>(async (c, next) => {
      requireViewer(c);
      await next();
    }),
  );
  return router.openapi(dashboardRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await dashboard(db, viewer, c.req.valid("query")), 200);
  });
}
