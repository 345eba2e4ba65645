import { OpenAPIHono } from "@hono/zod-openapi";
import type { Viewer } from "#server/middleware/session.ts";
import type { Logger } from "./logger.ts";
import { errorBody } from "./app-error.ts";

export type AppEnv = {
  Variables: {
    logger: Logger;
    viewer: Viewer | null;
    requestId: string;
  };
};

/**
 * A router whose routes are described once with zod: validation, the OpenAPI document and the
 * RPC types all come from the same schemas. A request that fails validation gets the one error
 * shape with a message per field.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.join(".") || "body";
        fields[key] ??= issue.message;
      }
      return c.json(
        errorBody("VALIDATION", "Some fields are not filled in correctly.", fields),
        400,
      );
    },
  });
}
