import type { TFunction } from "i18next";
import { ApiError } from "./api.ts";

/**
 * The one place where a failed call becomes a sentence a person reads, in their language.
 * Codes are translated under `errors.<CODE>` in the common namespace.
 */
export function translateError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) return t(`common:errors.${error.code}`);
  return t("common:errors.INTERNAL");
}
