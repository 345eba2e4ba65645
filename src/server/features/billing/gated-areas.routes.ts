import type { Db } from "#server/db/client.ts";
import { createRouter } from "#server/lib/router.ts";
import { requirePlan } from "#server/middleware/require-plan.ts";
import type { BillingMode } from "#shared/billing.ts";
import { gatedAreas } from "#shared/plans.ts";

/**
 * The plan gate on every gated area's routes (`/api/<area>/*`). Each area serves its own routes
 * behind it: features/savings, features/investments, features/loans, features/taxes and
 * features/insurance.
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
  return router;
}
