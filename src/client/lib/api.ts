import { hc, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { AppType } from "#server/app.ts";
import { readErrorBody, type ErrorCode } from "#shared/errors.ts";
import { currentLanguage } from "./i18n.ts";

/** The header that tells the server which language the person sees (for mails). */
const languageHeader = "x-hearth-language";

/** A failed call, with the server's code; `translateError` turns it into a sentence. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  /** Seconds to wait before trying again, from a 429's `Retry-After`. */
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    status: number,
    fields?: Record<string, string>,
    retryAfter?: number,
  ) {
    super(message);
    this.code = code;
    this.status = status;
    this.fields = fields;
    this.retryAfter = retryAfter;
  }
}

/** The body of the successful answers among a route's possible answers. */
type SuccessBody<R> =
  R extends ClientResponse<infer B, infer S, "json">
    ? S extends SuccessStatusCode
      ? B
      : never
    : never;

/** Turns a failed answer into an ApiError carrying the server's code. */
async function toApiError(res: Response | ClientResponse<unknown>): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const wait = Number(res.headers.get("retry-after"));
  const retryAfter = Number.isFinite(wait) && wait > 0 ? wait : undefined;
  const parsed = readErrorBody(body);
  if (parsed) {
    const { code, message, fields } = parsed.error;
    return new ApiError(code, message, res.status, fields, retryAfter);
  }
  const code = res.status === 429 ? "RATE_LIMITED" : res.status >= 500 ? "INTERNAL" : "VALIDATION";
  return new ApiError(code, `HTTP ${res.status}`, res.status, undefined, retryAfter);
}

async function settle<R>(response: Promise<R>): Promise<R> {
  try {
    return await response;
  } catch {
    throw new ApiError("UNAVAILABLE", "Hearth could not be reached.", 0);
  }
}

/** Returns the typed JSON of a successful answer of the RPC client, or throws an ApiError. */
export async function unwrap<R extends ClientResponse<unknown, number, "json">>(
  response: Promise<R>,
): Promise<SuccessBody<R>> {
  const res = await settle(response);
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as SuccessBody<R>;
}

/** The typed client for every /api route. */
export const api = hc<AppType>("/api", {
  headers: () => ({ [languageHeader]: currentLanguage() }),
});

/** Better Auth's routes are not in AppType; their answers are read through the same errors. */
async function authPost<T>(path: string, body: unknown): Promise<T> {
  const res = await settle(
    fetch(`/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", [languageHeader]: currentLanguage() },
      body: JSON.stringify(body),
      credentials: "same-origin",
    }),
  );
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}

/** Better Auth's endpoints (identity), through the same error handling as the rest. */
export const authApi = {
  /** `callbackURL`: where the confirmation link lands (default /auth/email-verified). */
  signUp: ({
    callbackURL = "/auth/email-verified",
    ...input
  }: {
    name: string;
    email: string;
    password: string;
    callbackURL?: string;
  }) =>
    authPost<{ user: { id: string; email: string } }>("/sign-up/email", { ...input, callbackURL }),
  signIn: (input: { email: string; password: string }) =>
    authPost<{ user: { id: string; email: string } }>("/sign-in/email", input),
  signInWithGoogle: () =>
    authPost<{ url?: string; redirect?: boolean }>("/sign-in/social", {
      provider: "google",
      callbackURL: "/dashboard",
    }),
  signOut: () => authPost<{ success: boolean }>("/sign-out", {}),
  sendVerificationEmail: (email: string, callbackURL = "/auth/email-verified") =>
    authPost<{ status: boolean }>("/send-verification-email", { email, callbackURL }),
  requestPasswordReset: (email: string) =>
    authPost<{ status: boolean }>("/request-password-reset", {
      email,
      redirectTo: "/reset-password",
    }),
  resetPassword: (input: { token: string; newPassword: string }) =>
    authPost<{ status: boolean }>("/reset-password", input),
  /** Changes the password and ends every other session of the person. */
  changePassword: (input: { currentPassword: string; newPassword: string }) =>
    authPost<{ token: string | null }>("/change-password", {
      ...input,
      revokeOtherSessions: true,
    }),
};
