import { Hono } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { clientIpHeader, type Auth } from "#server/auth.ts";
import { limitMessages, limits, minutesOf, type Limiter } from "#server/lib/limits.ts";
import { requestLanguage, type AppEnv } from "#server/lib/router.ts";
import { errorStatus, type ErrorCode } from "#shared/errors.ts";
import { errorBody } from "#server/lib/app-error.ts";
import { prepareAuthBody } from "./auth-input.ts";

/** Better Auth's error codes, in the one set of codes the client understands. */
const codeMap: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: "INVALID_CREDENTIALS",
  INVALID_PASSWORD: "INVALID_CREDENTIALS",
  EMAIL_NOT_VERIFIED: "EMAIL_NOT_VERIFIED",
  USER_ALREADY_EXISTS: "EMAIL_TAKEN",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "EMAIL_TAKEN",
  WEAK_PASSWORD: "WEAK_PASSWORD",
  PASSWORD_TOO_SHORT: "WEAK_PASSWORD",
  PASSWORD_TOO_LONG: "WEAK_PASSWORD",
  INVALID_TOKEN: "INVALID_TOKEN",
  TOKEN_EXPIRED: "INVALID_TOKEN",
  INVALID_EMAIL: "VALIDATION",
  VALIDATION_ERROR: "VALIDATION",
};

function codeFor(status: number, authCode: unknown): ErrorCode {
  if (status === 429) return "RATE_LIMITED";
  const mapped = typeof authCode === "string" ? codeMap[authCode] : undefined;
  if (mapped) return mapped;
  if (status === 400 || status === 422) return "VALIDATION";
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "FORBIDDEN";
  // Better Auth answers 405 for a method it does not serve on a path: for Hearth, no such route.
  if (status === 404 || status === 405) return "NOT_FOUND";
  return "INTERNAL";
}

/**
 * The client address: the socket's, or behind a trusted proxy (TRUST_PROXY) the right-most
 * `X-Forwarded-For` entry — the address the proxy in front of Hearth saw and appended. The
 * entries to its left are whatever the client wrote (decision 014).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = c.req.header("x-forwarded-for")?.split(",") ?? [];
    const nearest = hops[hops.length - 1]?.trim();
    if (nearest) return nearest;
  }
  try {
    return getConnInfo(c).remote.address ?? "127.0.0.1";
  } catch {
    return "127.0.0.1";
  }
}

/** The address a sign-in is for, from the JSON body already checked by `prepareAuthBody`. */
function signInAddress(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null || !("email" in parsed)) return null;
    return typeof parsed.email === "string" && parsed.email.trim()
      ? parsed.email.trim().toLowerCase()
      : null;
  } catch {
    return null;
  }
}

/**
 * Mounts Better Auth under /api/auth. Our server sets the client-address header (so rate limits
 * cannot be dodged by sending one), and every error leaves in the one error shape.
 */
export function authRoutes(deps: { auth: Auth; trustProxy: boolean; limiter: Limiter }) {
  return new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
    const path = c.req.path.slice("/api/auth".length);
    const prepared = await prepareAuthBody(c, path);
    if (prepared instanceof Response) return prepared;
    // Attempts on one account are counted before the password is checked, from every address.
    const account = path === "/sign-in/email" ? signInAddress(prepared.body) : null;
    if (account) {
      const taken = await deps.limiter.take(limits.signIns, account);
      if (!taken.ok) {
        const message = limitMessages[requestLanguage(c)].signIns(minutesOf(taken.retryAfter));
        return c.json(errorBody("RATE_LIMITED", message), 429, {
          "retry-after": String(taken.retryAfter),
        });
      }
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(clientIpHeader, clientAddress(c, deps.trustProxy));
    headers.delete("content-length");
    const request = new Request(c.req.url, {
      method: c.req.method,
      headers,
      body: prepared.body === undefined || prepared.body === "" ? undefined : prepared.body,
    });
    const response = await deps.auth.handler(request);
    if (account && response.status < 400) await deps.limiter.clear(limits.signIns, account);
    if (response.status < 400) return response;

    let authCode: unknown;
    let authMessage: unknown;
    try {
      const body: unknown = await response.clone().json();
      if (typeof body === "object" && body !== null) {
        authCode = "code" in body ? body.code : undefined;
        authMessage = "message" in body ? body.message : undefined;
      }
    } catch {
      // Not JSON: keep the status, use our own sentence.
    }
    const code = codeFor(response.status, authCode);
    if (code === "INTERNAL")
      c.var.logger.error("auth answered with an error", { status: response.status, authCode });
    const message =
      code === "INTERNAL"
        ? "Something went wrong on our side. Please try again."
        : typeof authMessage === "string" && authMessage
          ? authMessage
          : "The request could not be completed.";
    const out = new Headers(response.headers);
    out.set("content-type", "application/json");
    out.delete("content-length");
    // Better Auth's own limits say when in X-Retry-After only; the standard header is Retry-After.
    if (code === "RATE_LIMITED")
      out.set("retry-after", response.headers.get("x-retry-after") ?? "60");
    return new Response(JSON.stringify(errorBody(code, message)), {
      status: errorStatus[code],
      headers: out,
    });
  });
}
