import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "#client/lib/api.ts";

/**
 * Puts a refused request's field messages on the form's fields (`fieldOf` turns the request's
 * path into the form's field) and focuses the first. False when the failure was not about
 * fields: the caller then says so another way (a toast).
 */
export function showServerErrors<V extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<V>,
  fieldOf: (path: string) => Path<V>,
): boolean {
  if (!(error instanceof ApiError) || error.code !== "VALIDATION" || !error.fields) return false;
  let first = true;
  for (const [path, message] of Object.entries(error.fields)) {
    setError(fieldOf(path), { type: "server", message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}
