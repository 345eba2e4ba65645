import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#server/db/client.ts";
import { createRouter } from "#server/lib/router.ts";
import { requirePlan } from "#server/middleware/require-plan.ts";
import type { BillingMode } from "#shared/billing.ts";
import { gatedAreas, type GatedArea } from "#shared/plans.ts";
import { errorBodySchema } from "#shared/schemas/errors.schema.ts";

const overviewSchema = z.object({ area: z.enum(gatedAreas), entries: z.number().int() });

function overviewRoute<A extends GatedArea>(area: A) {
  return createRoute({
    method: "get",
    path: `/${area}/overview`,
    summary: `The ${area} area's overview (a placeholder until the area's own issue lands)`,
    responses: {
      200: {
        description: "The overview",
        content: { "application/json": { schema: overviewSchema } },
      },
      401: {
        description: "Not signed in",
        content: { "application/json": { schema: errorBodySchema } },
      },
      403: {
        description: "PLAN_REQUIRED: the household's plan does not open this area",
        content: { "application/json": { schema: errorBodySchema } },
      },
    },
  });
}

/**
 * The plan gate on every gated area's routes (`/api/<area>/*`), and one honest read route per
 * area not built yet so the gate can be tested now. Each area's own issue replaces its overview
 * (savings, investments, loans and taxes have their own routes: features/savings,
 * features/investments, features/loans, features/taxes).
 */
export function gatedAreaRoutes(deps: { db: Db; billing: BillingMode }) {
  const router = createRouter();
  for (const area of gatedAreas) {
    router.use(`/${area}/*`, requirePlan(area, deps));
    router.use(`/${area}`, requirePlan(area, deps));
  }
  // Net worth adds savings and investments up: it opens with them (debts join on Pro, when the
  // plan opens loans: features/net-worth).
  router.use("/net-worth", requirePlan("investments", deps));
  return router.openapi(overviewRoute("insurance"), (c) =>
    c.json({ area: "insurance" as const, entries: 0 }, 200),
  );
}
