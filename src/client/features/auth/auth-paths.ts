/** The addresses of the account pages, built in one place. */

import { safeRedirect } from "./safe-redirect.ts";

export type AuthMode = "sign-in" | "sign-up" | "forgot";

export function parseAuthMode(value: string | null): AuthMode {
  return value === "sign-up" || value === "forgot" ? value : "sign-in";
}

/** /auth in a mode, keeping where to go afterwards (`redirect`) and a known address (`email`). */
export function authPath(
  mode: AuthMode = "sign-in",
  keep: { redirect?: string | null; email?: string | null } = {},
) {
  const params = new URLSearchParams();
  if (mode !== "sign-in") params.set("mode", mode);
  if (keep.redirect) params.set("redirect", keep.redirect);
  if (keep.email) params.set("email", keep.email);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

/** The "check your inbox" page; `redirect` is kept so a resent mail leads to the same place. */
export function verifyEmailPath(email: string, redirect?: string | null) {
  const target = safeRedirect(redirect);
  const base = `/auth/verify-email?email=${encodeURIComponent(email)}`;
  return target === "/dashboard" ? base : `${base}&redirect=${encodeURIComponent(target)}`;
}

export function resetSentPath(email: string) {
  return `/auth/password-reset-sent?email=${encodeURIComponent(email)}`;
}

/**
 * Where the confirmation link lands, keeping a place to continue to (`redirect`, a path on this
 * site other than the dashboard, which the page links to anyway).
 */
export function emailVerifiedPath(redirect?: string | null) {
  const target = safeRedirect(redirect);
  return target === "/dashboard"
    ? "/auth/email-verified"
    : `/auth/email-verified?redirect=${encodeURIComponent(target)}`;
}
