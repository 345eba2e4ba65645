import { bigint, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Our own request counters (Better Auth keeps its per-address ones in `rate_limit`): one row per
 * limit and subject — `write:<user id>`, `mail-from:<user id>`, `mail-to:<address>`,
 * `sign-in:<address>` — counting the requests of the window that started at `window_started_at`
 * (milliseconds since 1970). In the database, so a limit holds across instances (decision 014).
 */
export const accountRateLimits = pgTable("account_rate_limit", {
  key: text("key").primaryKey(),
  windowStartedAt: bigint("window_started_at", { mode: "number" }).notNull(),
  count: integer("count").notNull(),
});
