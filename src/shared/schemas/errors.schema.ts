import { z } from "zod";
import { errorCodes, type ErrorBody } from "../errors.ts";

/** The one error shape, as a zod schema: for route descriptions and the OpenAPI document. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
}) satisfies z.ZodType<ErrorBody>;
