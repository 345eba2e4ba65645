import { OpenAPIHono } from "@hono/zod-openapi";
import type { Viewer } from "#server/middleware/session.ts";
import type { Logger } from "./logger.ts";
import { isLanguage, type Language } from "#shared/i18n.ts";
import { invalidRequestMessage, validationMessage } from "#shared/validation.ts";
import { errorBody } from "./app-error.ts";

export type AppEnv = {
  Variables: {
    logger: Logger;
    viewer: Viewer | null;
    requestId: string;
  };
};

/** The language to answer in: the signed-in person's, else the one on screen, else English. */
export function requestLanguage(c: {
  get(key: "viewer"): Viewer | null;
  req: { header(name: string): string | undefined };
}): Language {
  const viewer = c.get("viewer");
  if (viewer) return viewer.language;
  const onScreen = c.req.header("x-hearth-language");
  return isLanguage(onScreen) ? onScreen : "en";
}

/**
 * A router whose routes are described once with zod: validation, the OpenAPI document and the
 * RPC types all come from the same schemas. A request that fails validation gets the one error
 * shape with a message per field.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const language = requestLanguage(c);
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.join(".") || "body";
        fields[key] ??= validationMessage(issue.message, language);
      }
      return c.json(errorBody("VALIDATION", invalidRequestMessage[language], fields), 400);
    },
  });
}
