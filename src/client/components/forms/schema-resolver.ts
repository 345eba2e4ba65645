import type { FieldErrors, FieldValues, Path, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A resolver that checks a form's values with a shared schema (the server's own rules): the
 * form's values become the request (`toInput`), and each issue lands on the form field its
 * path names (`fieldOf`; the first one when none does).
 */
export function schemaResolver<V extends FieldValues>(
  schema: z.ZodType,
  toInput: (values: V) => unknown,
  fieldOf: (path: string) => Path<V>,
): Resolver<V> {
  return (values) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path.map(String).join("."));
      if (!errors[field]) errors[field] = { type: "validation", message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
