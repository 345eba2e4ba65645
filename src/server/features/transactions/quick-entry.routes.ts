import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";
import { errorResponse as error, jsonResponse as json } from "#server/lib/route-docs.ts";
import { createRouter, type AppEnv } from "#server/lib/router.ts";
import { requireViewer } from "#server/middleware/session.ts";
import { quickEntryInputSchema, transactionSchema } from "#shared/schemas/transactions.schema.ts";
import { createQuickEntry, recentEntriesBy } from "./transactions.service.ts";

const hidden = { 404: error("Not an administrator: the route does not exist for them") };

const createQuickRoute = createRoute({
  method: "post",
  path: "/quick-entries",
  summary: "Quick entry (administrators): an entry of the viewer alone, paid or received by them",
  request: {
    body: { content: { "application/json": { schema: quickEntryInputSchema } }, required: true },
  },
  responses: {
    201: json("The entry", transactionSchema),
    400: error("The request is not valid"),
    ...hidden,
  },
});

const recentRoute = createRoute({
  method: "get",
  path: "/quick-entries",
  summary: "The last 5 entries the viewer made (administrators)",
  responses: {
    200: json("The entries, newest first", z.object({ items: z.array(transactionSchema) })),
    ...hidden,
  },
});

/**
 * Quick entry exists only for the accounts in ADMIN_EMAILS: anyone else, signed in or not,
 * gets the very answer of an unknown API route.
 */
function adminsOnly(adminEmails: readonly string[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const viewer = c.get("viewer");
    if (!viewer || !adminEmails.includes(viewer.email.toLowerCase())) {
      throw new AppError("NOT_FOUND", "There is no such API route.");
    }
    await next();
  });
}

export function quickEntryRoutes(deps: { db: Db; adminEmails: readonly string[] }) {
  const { db } = deps;
  const router = createRouter();
  router.use("/quick-entries", adminsOnly(deps.adminEmails));
  router.use("/quick-entries/*", adminsOnly(deps.adminEmails));
  return router
    .openapi(createQuickRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await createQuickEntry(db, viewer, c.req.valid("json")), 201);
    })
    .openapi(recentRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json({ items: await recentEntriesBy(db, viewer) }, 200);
    });
}
