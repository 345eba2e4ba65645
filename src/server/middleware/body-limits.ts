import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { errorBody } from "#server/lib/app-error.ts";
import { requestLanguage, type AppEnv } from "#server/lib/router.ts";
import { invalidRequestMessage, validationMessages } from "#shared/validation.ts";

/**
 * The most a request's body may hold unless its route takes more: a form, a rule or a budget is
 * a few KB of JSON, a split of fifty people some 5 KB.
 */
export const defaultBodyLimit = 1024 * 1024;

/**
 * A route that takes larger bodies (a file's import, a restore, an avatar), as `createRoute`
 * defines it: its first middleware is its own body limit, which answers in its own words.
 */
export type LargeBodyRoute = {
  method: string;
  path: string;
  middleware?: readonly MiddlewareHandler[] | MiddlewareHandler;
};

const refuse = bodyLimit({
  maxSize: defaultBodyLimit,
  onError: (c) => {
    const language = requestLanguage(c);
    return c.json(
      errorBody("VALIDATION", invalidRequestMessage[language], {
        body: validationMessages[language].requestTooLarge,
      }),
      400,
    );
  },
});

/**
 * Every request's body is held to its route's limit before anything reads it: the check of
 * unsafe text, the session, Better Auth and the route's validation read a body whole, and a
 * route's own `bodyLimit` ran only after the first of them had (a body of any size, signed in
 * or not, was read into memory first). A body with its `Content-Length` is refused unread; one
 * sent in chunks is counted as it comes and refused at the limit. Routes in `routes` (an API
 * route's path under `prefix`, `{name}` standing for one segment) get their own limit, every
 * other request `defaultBodyLimit`.
 */
export function limitBodies(routes: readonly LargeBodyRoute[], prefix = "/api") {
  const own = routes.map((route) => {
    const limit = Array.isArray(route.middleware) ? route.middleware[0] : route.middleware;
    if (typeof limit !== "function") {
      throw new Error(`${route.method} ${route.path} has no body limit of its own.`);
    }
    const pattern = (prefix + route.path)
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
      .join("[^/]+");
    return {
      method: route.method.toUpperCase(),
      path: new RegExp(`^${pattern}$`),
      limit: limit as MiddlewareHandler,
    };
  });
  return createMiddleware<AppEnv>((c, next) => {
    const route = own.find((one) => one.method === c.req.method && one.path.test(c.req.path));
    return (route?.limit ?? refuse)(c, next);
  });
}
