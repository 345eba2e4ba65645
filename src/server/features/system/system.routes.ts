import { createRoute, z } from "@hono/zod-openapi";
import type { Database } from "#server/db/client.ts";
import type { Config } from "#server/env.ts";
import { createRouter } from "#server/lib/router.ts";

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  summary: "Answers ok only when the database answers",
  responses: {
    200: {
      description: "Hearth and its database are up",
      content: { "application/json": { schema: z.object({ status: z.literal("ok") }) } },
    },
    503: {
      description: "The database does not answer",
      content: { "application/json": { schema: z.object({ status: z.literal("unavailable") }) } },
    },
  },
});

const configRoute = createRoute({
  method: "get",
  path: "/config",
  summary: "What this installation offers, for the public pages",
  responses: {
    200: {
      description: "Public settings",
      content: {
        "application/json": {
          schema: z.object({
            googleSignIn: z.boolean(),
            billing: z.enum(["test", "stripe", "off"]),
            outbox: z.boolean(),
          }),
        },
      },
    },
  },
});

export function systemRoutes(deps: { database: Database; config: Config; outbox: boolean }) {
  return createRouter()
    .openapi(healthRoute, async (c) => {
      const up = await deps.database.ping();
      return up
        ? c.json({ status: "ok" as const }, 200)
        : c.json({ status: "unavailable" as const }, 503);
    })
    .openapi(configRoute, (c) =>
      c.json(
        {
          googleSignIn: Boolean(deps.config.google),
          billing: deps.config.billing,
          outbox: deps.outbox,
        },
        200,
      ),
    );
}
