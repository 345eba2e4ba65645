import { z } from "@hono/zod-openapi";
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

/** A gated area's refusals: signed out, or a plan that does not open `area`. */
export const gatedResponses = (area: string) => ({
  401: errorResponse("Not signed in"),
  403: errorResponse(`PLAN_REQUIRED: the household's plan does not open ${area}`),
});
/** A path id (or a member) that is not the caller's household's: 404, as for a missing one. */
export const notFoundResponse = { 404: errorResponse("No such row in the caller's household") };
export const invalidResponse = { 400: errorResponse("The request is not valid") };
export const removedResponse = { 204: { description: "Removed" } };
/** A path's `{id}`: any text, checked by the service (not a UUID: 404). */
export const idParam = z.object({ id: z.string() });
