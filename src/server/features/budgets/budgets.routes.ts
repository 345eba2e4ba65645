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
  budgetQuerySchema,
  budgetSchema,
  copyBudgetsSchema,
  setBudgetSchema,
  totalsQuerySchema,
  totalsSchema,
} from "#shared/schemas/budgets.schema.ts";
import { isoDateSchema } from "#shared/schemas/transactions.schema.ts";
import { copyBudgets, deleteBudget, listBudgets, setBudget, totals } from "./budgets.service.ts";

const signedIn = { 401: error("Not signed in") };
const notFound = { 404: error("No such row in the caller's household") };
const invalid = { 400: error("The request is not valid") };

/** The period's dates must be real dates, the end not before the start. */
const totalsQuery = totalsQuerySchema
  .extend({ from: isoDateSchema, to: isoDateSchema })
  .refine((value) => value.to >= value.from, { path: ["to"], error: "endBeforeStart" });

const listRoute = createRoute({
  method: "get",
  path: "/budgets",
  summary: "A month's budgets of the household (no member) or of one member, with progress",
  request: { query: budgetQuerySchema },
  responses: {
    200: json("The budgets", z.object({ budgets: z.array(budgetSchema) })),
    ...invalid,
    ...signedIn,
    ...notFound,
  },
});

const setRoute = createRoute({
  method: "put",
  path: "/budgets",
  summary: "Creates or replaces the budget of an expense category for a month",
  request: body(setBudgetSchema),
  responses: { 200: json("The budget", budgetSchema), ...invalid, ...signedIn },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/budgets/{id}",
  summary: "Removes a budget",
  request: { params: z.object({ id: z.string() }) },
  responses: { 204: { description: "Removed" }, ...signedIn, ...notFound },
});

const copyRoute = createRoute({
  method: "post",
  path: "/budgets/copy",
  summary: "Copies a month's budgets to another month, keeping budgets already there",
  request: body(copyBudgetsSchema),
  responses: {
    200: json("How many were copied", z.object({ copied: z.number().int() })),
    ...invalid,
    ...signedIn,
  },
});

const totalsRoute = createRoute({
  method: "get",
  path: "/totals",
  summary: "Income and spending of a period per category (a member: their shares)",
  request: { query: totalsQuery },
  responses: { 200: json("The totals", totalsSchema), ...invalid, ...signedIn, ...notFound },
});

/** Budgets per month and the period totals behind the income and spending screen. */
export function budgetRoutes(deps: { db: Db }) {
  const { db } = deps;
  const router = createRouter();
  const signedInOnly = createMiddleware<AppEnv>(async (c, next) => {
    requireViewer(c);
    await next();
  });
  for (const path of ["/budgets", "/budgets/*", "/totals"]) router.use(path, signedInOnly);
  return router
    .openapi(listRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json({ budgets: await listBudgets(db, viewer, c.req.valid("query")) }, 200);
    })
    .openapi(setRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await setBudget(db, viewer, c.req.valid("json")), 200);
    })
    .openapi(deleteRoute, async (c) => {
      const viewer = requireViewer(c);
      await deleteBudget(db, viewer, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(copyRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await copyBudgets(db, viewer, c.req.valid("json")), 200);
    })
    .openapi(totalsRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await totals(db, viewer, c.req.valid("query")), 200);
    });
}
