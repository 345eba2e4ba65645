import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/**
 * The monthly roll-ups (`monthly_totals`, decision 028) are kept by database triggers in the same
 * transaction as every write of entries and shares. This rebuilds them from the raw entries, for
 * every household or one, with the entries locked against writes while it runs, so the result is
 * exact even while the server takes entries. `npm run rollups:rebuild` runs it.
 */
export async function rebuildMonthlyTotals(db: Db, householdId: string | null = null) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table transactions, transaction_shares in share mode`);
    await tx.execute(sql`select hearth_rebuild_monthly_totals(${householdId}::uuid)`);
  });
}
