import {
  get,
  set,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
} from "react-hook-form";
import type { z } from "zod";
import { amountFieldMessage } from "#shared/amount-messages.ts";

/**
 * A resolver that checks a form's values with a shared schema (the server's own rules): the
 * form's values become the request (`toInput`), and each issue lands on the form field its
 * path names (`fieldOf`; the first one when none does). A nested field (`parts.0.principal`) gets
 * its error nested, as react-hook-form reads it (`errors.parts?.[0]?.principal`). An amount typed
 * so that it reads two ways ("12,345") gets the message that shows both readings.
 */
export function schemaResolver<V extends FieldValues>(
  schema: z.ZodType,
  toInput: (values: V) => unknown,
  fieldOf: (path: string) => Path<V>,
): Resolver<V> {
  return (values) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<V> = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path.map(String).join("."));
      if (get(errors, field)) continue;
      const message = amountFieldMessage(issue.message, get(values, field));
      set(errors, field, { type: "validation", message });
    }
    return { values: {}, errors };
  };
}
