import { inspectRoutes } from "hono/dev";
import type { TestApp } from "#test/test-app.ts";

/** Where createApp mounts Better Auth's handler. */
export const authBasePath = "/api/auth";

/** A route as "METHOD /path" with Hono's parameter syntax: "PATCH /api/transactions/:id". */
export type RouteKey = string;

type EndpointLike = { path?: unknown; options?: { method?: unknown; metadata?: unknown } };

function isEndpointLike(value: unknown): value is EndpointLike {
  return typeof value === "function" || (typeof value === "object" && value !== null);
}

/**
 * Better Auth's endpoints as its router serves them: every endpoint of `auth.api` that has a path
 * (the ones without are callable from the server only), once per method, under /api/auth.
 */
export function betterAuthRoutes(testApp: TestApp): RouteKey[] {
  const out: RouteKey[] = [];
  for (const endpoint of Object.values(testApp.deps.auth.api as Record<string, unknown>)) {
    if (!isEndpointLike(endpoint)) continue;
    const { path, options } = endpoint;
    if (typeof path !== "string" || !path.startsWith("/")) continue;
    const metadata = options?.metadata;
    if (typeof metadata === "object" && metadata !== null && "SERVER_ONLY" in metadata) {
      if (metadata.SERVER_ONLY === true) continue;
    }
    const method = options?.method;
    const methods = Array.isArray(method) ? method : [method];
    for (const one of methods) {
      if (typeof one !== "string") continue;
      out.push(one === "*" ? `ALL ${authBasePath}${path}` : `${one} ${authBasePath}${path}`);
    }
  }
  return [...new Set(out)].sort();
}

/** The paths Better Auth was told to switch off (`disabledPaths`): they answer 404. */
export function disabledAuthPaths(testApp: TestApp): Set<string> {
  const options: unknown = testApp.deps.auth.options;
  const disabled =
    typeof options === "object" && options !== null && "disabledPaths" in options
      ? options.disabledPaths
      : undefined;
  return new Set(
    Array.isArray(disabled)
      ? disabled.filter((path): path is string => typeof path === "string")
      : [],
  );
}

/**
 * Every route the app serves, read from the router itself: Hono's routes without the
 * middleware-only entries (the app's own, the static files and the SPA fallback, which exist
 * when the app is built with a staticDir), where the handler that hands /api/auth/* to Better
 * Auth is replaced by Better Auth's own endpoints.
 */
export function servedRoutes(testApp: TestApp): RouteKey[] {
  const routes = new Set<RouteKey>();
  for (const route of inspectRoutes(testApp.app)) {
    if (route.isMiddleware) continue;
    if (route.path === `${authBasePath}/*`) continue;
    routes.add(`${route.method} ${route.path}`);
  }
  for (const key of betterAuthRoutes(testApp)) routes.add(key);
  return [...routes].sort();
}

/** The method and path pattern of a route key. */
export function splitRoute(route: RouteKey): { method: string; pattern: string } {
  const space = route.indexOf(" ");
  return { method: route.slice(0, space), pattern: route.slice(space + 1) };
}

/** Whether a route changes state when it succeeds (its method says so). */
export function isWritingMethod(method: string): boolean {
  return method === "POST" || method === "PUT" || method === "PATCH" || method === "DELETE";
}
