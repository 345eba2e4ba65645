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
import { today } from "#shared/dates.ts";
import {
  editFollowingSchema,
  recurringRuleInputSchema,
  recurringRuleSchema,
  stopRuleSchema,
  upcomingSchema,
} from "#shared/schemas/recurring.schema.ts";
import { createRule, editFollowing, listRules, stopRule, upcoming } from "./recurring.service.ts";

const signedIn = { 401: error("Not signed in") };
const notFound = { 404: error("No such row in the caller's household") };
const invalid = { 400: error("The request is not valid") };

const upcomingQuerySchema = z.object({
  days: z.coerce.number({ error: "invalid" }).int({ error: "invalid" }).min(1).max(366).default(30),
  member: z.string().max(100).optional(),
});

const createRuleRoute = createRoute({
  method: "post",
  path: "/recurring",
  summary: "Creates a recurring entry and makes its occurrences up to today at once",
  request: body(recurringRuleInputSchema),
  responses: {
    201: json("The rule", recurringRuleSchema),
    ...invalid,
    ...signedIn,
  },
});

const listRulesRoute = createRoute({
  method: "get",
  path: "/recurring",
  summary: "The household's recurring entries: running ones first, then ended ones",
  request: { query: z.object({ member: z.string().max(100).optional() }) },
  responses: {
    200: json("The rules", z.object({ rules: z.array(recurringRuleSchema) })),
    ...invalid,
    ...signedIn,
    ...notFound,
  },
});

const upcomingRoute = createRoute({
  method: "get",
  path: "/recurring/upcoming",
  summary: "Occurrences still to come in the next days (not entries yet), by date",
  request: { query: upcomingQuerySchema },
  responses: {
    200: json("The occurrences", z.object({ items: z.array(upcomingSchema) })),
    ...invalid,
    ...signedIn,
    ...notFound,
  },
});

const editFollowingRoute = createRoute({
  method: "patch",
  path: "/recurring/occurrences/{transactionId}",
  summary: "Edits an occurrence and all following ones (splits the series at its date)",
  request: {
    params: z.object({ transactionId: z.string() }),
    ...body(editFollowingSchema),
  },
  responses: {
    200: json("The new rule", recurringRuleSchema),
    ...invalid,
    ...signedIn,
    ...notFound,
  },
});

const stopRoute = createRoute({
  method: "post",
  path: "/recurring/{id}/stop",
  summary: "Stops a series after the end date (default today); past entries stay",
  request: { params: z.object({ id: z.string() }), ...body(stopRuleSchema) },
  responses: {
    200: json("The stopped rule", recurringRuleSchema),
    ...invalid,
    ...signedIn,
    ...notFound,
  },
});

/**
 * Recurring entries. "Today" is the server's calendar date (its TZ), the same date the
 * materialisation job uses (decision 010).
 */
export function recurringRoutes(deps: { db: Db }) {
  const { db } = deps;
  const router = createRouter();
  // A signed-out caller hears 401 before anything about its request.
  router.use(
    "/recurring/*",
    createMiddleware<AppEnv>(async (c, next) => {
      requireViewer(c);
      await next();
    }),
  );
  router.use(
    "/recurring",
    createMiddleware<AppEnv>(async (c, next) => {
      requireViewer(c);
      await next();
    }),
  );
  return router
    .openapi(createRuleRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await createRule(db, viewer, c.req.valid("json"), today()), 201);
    })
    .openapi(listRulesRoute, async (c) => {
      const viewer = requireViewer(c);
      const rules = await listRules(db, viewer, today(), c.req.valid("query"));
      return c.json({ rules }, 200);
    })
    .openapi(upcomingRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json({ items: await upcoming(db, viewer, c.req.valid("query"), today()) }, 200);
    })
    .openapi(editFollowingRoute, async (c) => {
      const viewer = requireViewer(c);
      const { transactionId } = c.req.valid("param");
      return c.json(
        await editFollowing(db, viewer, transactionId, c.req.valid("json"), today()),
        200,
      );
    })
    .openapi(stopRoute, async (c) => {
      const viewer = requireViewer(c);
      const { id } = c.req.valid("param");
      const { endDate } = c.req.valid("json");
      return c.json(await stopRule(db, viewer, id, endDate, today()), 200);
    });
}
