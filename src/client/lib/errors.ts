import type { TFunction } from "i18next";
import { ApiError } from "./api.ts";

/**
 * The one place where a failed call becomes a sentence a person reads, in their language.
 * Codes are translated under `errors.<CODE>` in the common namespace.
 */
export function translateError(t: TFunction, error: unknown): string {
  // A limit that lasts longer than a minute says how long (the server's Retry-After).
  if (error instanceof ApiError && error.code === "RATE_LIMITED" && (error.retryAfter ?? 0) > 60) {
    return t("common:rateLimitedFor", { count: Math.ceil((error.retryAfter ?? 0) / 60) });
  }
  if (error instanceof ApiError) return t(`common:errors.${error.code}`);
  return t("common:errors.INTERNAL");
}
