import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { importMappings } from "#server/db/schema/money.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { importSetupSchema, type ImportSetup } from "#shared/csv-import.ts";

/**
 * The mapping a household last imported a file of a shape with (decision 035): kept by every
 * import (`rememberMapping`), proposed by the preview for the next file of that shape ahead of
 * the bank's preset and the guess (`findMapping`). Scoped by the session's household: another
 * household's mapping is never found.
 */

export type RememberedMapping = { setup: ImportSetup; bank: string | null; updatedAt: string };

export async function rememberMapping(
  db: Db,
  householdId: string,
  shape: string,
  setup: ImportSetup,
  bank: string | null,
): Promise<void> {
  await db
    .insert(importMappings)
    .values({ householdId, shape, setup, bank })
    .onConflictDoUpdate({
      target: [importMappings.householdId, importMappings.shape],
      set: { setup, bank, updatedAt: sql`now()` },
    });
}

/** The household's mapping for a shape; none when there is none or it no longer reads. */
export async function findMapping(
  db: Db,
  viewer: Viewer,
  shape: string,
): Promise<RememberedMapping | null> {
  const [row] = await db
    .select()
    .from(importMappings)
    .where(and(eq(importMappings.householdId, viewer.householdId), eq(importMappings.shape, shape)))
    .limit(1);
  if (!row) return null;
  const setup = importSetupSchema.safeParse(row.setup);
  if (!setup.success) return null;
  return { setup: setup.data, bank: row.bank, updatedAt: row.updatedAt.toISOString() };
}
