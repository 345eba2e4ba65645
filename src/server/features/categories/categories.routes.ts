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
  categorySchema,
  createCategorySchema,
  entryKinds,
  mergeCategorySchema,
  updateCategorySchema,
} from "#shared/schemas/categories.schema.ts";
import {
  createCategory,
  listCategories,
  mergeCategory,
  updateCategory,
} from "./categories.service.ts";

const signedIn = { 401: error("Not signed in") };
const notFound = { 404: error("No such category in the caller's household") };
const invalid = { 400: error("The request is not valid") };

/** Any string: an id that is not a uuid is simply not found (404), never a 400 or a 500. */
const idParamSchema = z.object({ id: z.string() });

const listQuerySchema = z.object({
  kind: z.enum(entryKinds, { error: "invalid" }).optional(),
  includeArchived: z.enum(["true", "false"], { error: "invalid" }).optional(),
});

const listRoute = createRoute({
  method: "get",
  path: "/categories",
  summary: "The household's categories, by kind and name (archived ones when asked)",
  request: { query: listQuerySchema },
  responses: {
    200: json("The categories", z.object({ categories: z.array(categorySchema) })),
    ...invalid,
    ...signedIn,
  },
});

const createCategoryRoute = createRoute({
  method: "post",
  path: "/categories",
  summary: "Adds a category",
  request: body(createCategorySchema),
  responses: {
    201: json("The category", categorySchema),
    ...invalid,
    ...signedIn,
    409: error("A category of this kind has this name (nameTaken)"),
  },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/categories/{id}",
  summary: "Renames, re-icons, re-colours, marks tax-relevant, archives or brings back",
  request: { params: idParamSchema, ...body(updateCategorySchema) },
  responses: {
    200: json("The category", categorySchema),
    ...invalid,
    ...signedIn,
    ...notFound,
    409: error("A category of this kind has this name (nameTaken)"),
  },
});

const mergeRoute = createRoute({
  method: "post",
  path: "/categories/{id}/merge",
  summary: "Moves entries, recurring rules and budgets into another category, then removes it",
  request: { params: idParamSchema, ...body(mergeCategorySchema) },
  responses: {
    200: json("How many entries moved", z.object({ moved: z.number().int() })),
    ...invalid,
    ...signedIn,
    ...notFound,
  },
});

export function categoryRoutes(deps: { db: Db }) {
  const { db } = deps;
  const router = createRouter();
  // A signed-out caller hears 401 before anything about its request.
  const signedInOnly = createMiddleware<AppEnv>(async (c, next) => {
    requireViewer(c);
    await next();
  });
  router.use("/categories", signedInOnly);
  router.use("/categories/*", signedInOnly);
  return router
    .openapi(listRoute, async (c) => {
      const viewer = requireViewer(c);
      const query = c.req.valid("query");
      const list = await listCategories(db, viewer, {
        kind: query.kind,
        includeArchived: query.includeArchived === "true",
      });
      return c.json({ categories: list }, 200);
    })
    .openapi(createCategoryRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await createCategory(db, viewer, c.req.valid("json")), 201);
    })
    .openapi(updateRoute, async (c) => {
      const viewer = requireViewer(c);
      const { id } = c.req.valid("param");
      return c.json(await updateCategory(db, viewer, id, c.req.valid("json")), 200);
    })
    .openapi(mergeRoute, async (c) => {
      const viewer = requireViewer(c);
      const { id } = c.req.valid("param");
      const { intoCategoryId } = c.req.valid("json");
      return c.json(await mergeCategory(db, viewer, id, intoCategoryId), 200);
    });
}
