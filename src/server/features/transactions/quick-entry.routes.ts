import type { Db } from "#server/db/client.ts";
import { createRouter } from "#server/lib/router.ts";

/** Skeleton: filled in by the feature's work. */
export function quickEntryRoutes(_deps: { db: Db; adminEmails: readonly string[] }) {
  return createRouter();
}
