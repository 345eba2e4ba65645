import type { z } from "@hono/zod-openapi";
import { errorBodySchema } from "#shared/schemas/errors.schema.ts";

/**
 * The pieces every route description repeats (createRoute's `responses` and `request.body`):
 * an answer in the one error shape, a JSON answer, and a required JSON body.
 */
export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: errorBodySchema } },
});

export const jsonResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
