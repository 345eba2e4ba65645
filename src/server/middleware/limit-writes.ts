import { createMiddleware } from "hono/factory";
import { limitMessages, limits, LimitError, type Limiter } from "#server/lib/limits.ts";
import type { AppEnv } from "#server/lib/router.ts";

const reading = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Counts every change a signed-in account makes under /api (after the session is loaded) against
 * `limits.writes`, and refuses one over it with a 429 and `Retry-After` (decision 014). Better
 * Auth's routes and Stripe's webhook are answered before this and have their own limits.
 */
export function limitWrites(limiter: Limiter) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const viewer = c.get("viewer");
    if (viewer && !reading.has(c.req.method)) {
      const taken = await limiter.take(limits.writes, viewer.userId);
      if (!taken.ok) throw new LimitError(limitMessages[viewer.language].writes, taken.retryAfter);
    }
    await next();
  });
}
