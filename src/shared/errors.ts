/**
 * The one set of error codes. The server answers every failure as
 * `{ error: { code, message, fields? } }`; the client maps `code` to a translated sentence.
 */
export const errorCodes = [
  "VALIDATION",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "PLAN_REQUIRED",
  "MEMBER_LIMIT_REACHED",
  "CONFLICT",
  "RATE_LIMITED",
  "INVALID_CREDENTIALS",
  "EMAIL_NOT_VERIFIED",
  "EMAIL_TAKEN",
  "WEAK_PASSWORD",
  "INVALID_TOKEN",
  "CSRF",
  "UNAVAILABLE",
  "INTERNAL",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PLAN_REQUIRED: 403,
  MEMBER_LIMIT_REACHED: 403,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  EMAIL_TAKEN: 409,
  WEAK_PASSWORD: 400,
  INVALID_TOKEN: 400,
  CSRF: 403,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<ErrorCode, number>;

/** The one error shape; its zod schema (for the OpenAPI document) is in schemas/errors.schema.ts. */
export type ErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> | undefined };
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (errorCodes as readonly string[]).includes(value);
}

/** Reads an answer's body as the error shape, or null. Kept free of zod for the client's first load. */
export function readErrorBody(value: unknown): ErrorBody | null {
  if (typeof value !== "object" || value === null || !("error" in value)) return null;
  const { error } = value;
  if (typeof error !== "object" || error === null) return null;
  if (!("code" in error) || !isErrorCode(error.code)) return null;
  if (!("message" in error) || typeof error.message !== "string") return null;
  const fields =
    "fields" in error && typeof error.fields === "object" && error.fields !== null
      ? Object.fromEntries(
          Object.entries(error.fields).filter(
            (entry): entry is [string, string] => typeof entry[1] === "string",
          ),
        )
      : undefined;
  return { error: { code: error.code, message: error.message, ...(fields ? { fields } : {}) } };
}
