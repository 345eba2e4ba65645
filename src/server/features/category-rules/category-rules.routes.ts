import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Db } from "#server/db/client.ts";
import {
  errorResponse as error,
  idParam,
  jsonBody as body,
  jsonResponse as json,
  removedResponse as removed,
} from "#server/lib/route-docs.ts";
import { createRouter, type AppEnv } from "#server/lib/router.ts";
import { requireViewer } from "#server/middleware/session.ts";
import {
  categoryPreviewResultSchema,
  categoryPreviewSchema,
  categoryRuleSchema,
  createCategoryRuleSchema,
  updateCategoryRuleSchema,
} from "#shared/schemas/category-rules.schema.ts";
import {
  applyRules,
  createRule,
  deleteRule,
  listRules,
  previewCategories,
  updateRule,
} from "./category-rules.service.ts";

const signedIn = { 401: error("Not signed in") };
const notFound = { 404: error("No such rule in the caller's household") };
const invalid = { 400: error("The request is not valid") };

const listRoute = createRoute({
  method: "get",
  path: "/category-rules",
  summary: "The household's category rules, in their order (the first that matches wins)",
  responses: {
    200: json("The rules", z.object({ rules: z.array(categoryRuleSchema) })),
    ...signedIn,
  },
});

const createRuleRoute = createRoute({
  method: "post",
  path: "/category-rules",
  summary: "Adds a rule: counterparty or description contains a text → a category",
  request: body(createCategoryRuleSchema),
  responses: {
    201: json("The rule", categoryRuleSchema),
    ...invalid,
    ...signedIn,
  },
});

const updateRuleRoute = createRoute({
  method: "patch",
  path: "/category-rules/{id}",
  summary: "Changes a rule's text, field or category, or moves it to another place in the order",
  request: { params: idParam, ...body(updateCategoryRuleSchema) },
  responses: {
    200: json("The rule", categoryRuleSchema),
    ...invalid,
    ...signedIn,
    ...notFound,
  },
});

const deleteRuleRoute = createRoute({
  method: "delete",
  path: "/category-rules/{id}",
  summary: "Removes a rule (entries it filed keep their category)",
  request: { params: idParam },
  responses: { ...removed, ...signedIn, ...notFound },
});

const applyRoute = createRoute({
  method: "post",
  path: "/category-rules/apply",
  summary:
    "Applies the rules to existing entries without a category of their own (none, or their import's default)",
  responses: {
    200: json("How many entries changed category", z.object({ changed: z.number().int() })),
    ...signedIn,
  },
});

const previewRoute = createRoute({
  method: "post",
  path: "/category-rules/preview",
  summary:
    "For an import's preview: the category a rule or a past entry gives each row, and which file names are new",
  request: body(categoryPreviewSchema),
  responses: {
    200: json("Where the rows go", categoryPreviewResultSchema),
    ...invalid,
    ...signedIn,
  },
});

/** Category rules (decision 037): part of the free core, like categories and the import. */
export function categoryRuleRoutes(deps: { db: Db }) {
  const { db } = deps;
  const router = createRouter();
  // A signed-out caller hears 401 before anything about its request.
  const signedInOnly = createMiddleware<AppEnv>(async (c, next) => {
    requireViewer(c);
    await next();
  });
  router.use("/category-rules", signedInOnly);
  router.use("/category-rules/*", signedInOnly);
  return router
    .openapi(listRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json({ rules: await listRules(db, viewer) }, 200);
    })
    .openapi(createRuleRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await createRule(db, viewer, c.req.valid("json")), 201);
    })
    .openapi(applyRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await applyRules(db, viewer), 200);
    })
    .openapi(previewRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await previewCategories(db, viewer, c.req.valid("json")), 200);
    })
    .openapi(updateRuleRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(
        await updateRule(db, viewer, c.req.valid("param").id, c.req.valid("json")),
        200,
      );
    })
    .openapi(deleteRuleRoute, async (c) => {
      const viewer = requireViewer(c);
      await deleteRule(db, viewer, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
