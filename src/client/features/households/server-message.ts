import type { TFunction } from "i18next";
import { ApiError } from "#client/lib/api.ts";
import { translateError } from "#client/lib/errors.ts";

/** Codes whose message the household routes write for a person, in the language they asked in. */
const spokenCodes = new Set([
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "MEMBER_LIMIT_REACHED",
  "INVALID_TOKEN",
]);

/**
 * The sentence under a failure toast: the server's own sentence when it refused for a reason
 * it explains ("… is already a member of this household."), otherwise the translated sentence
 * for the error's code.
 */
export function serverMessage(t: TFunction, error: unknown): string {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    spokenCodes.has(error.code) &&
    error.message &&
    !error.message.startsWith("HTTP ")
  ) {
    return error.message;
  }
  return translateError(t, error);
}
