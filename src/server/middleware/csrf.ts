import { createMiddleware } from "hono/factory";
import { errorBody } from "#server/lib/app-error.ts";
import type { AppEnv } from "#server/lib/router.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request that carries cookies unless it comes from one of our own
 * origins (Origin header, or Sec-Fetch-Site same-origin). A request without cookies has no
 * ambient authority to abuse; it meets the session check instead.
 */
export function csrfProtection(trustedOrigins: string[]) {
  const allowed = new Set(trustedOrigins.map((o) => new URL(o).origin));
  return createMiddleware<AppEnv>(async (c, next) => {
    if (safeMethods.has(c.req.method) || !c.req.header("cookie")) return next();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const ok = origin ? allowed.has(origin) : site === "same-origin";
    if (!ok) {
      return c.json(
        errorBody("CSRF", "This request did not come from Hearth itself, so it was refused."),
        403,
      );
    }
    return next();
  });
}
