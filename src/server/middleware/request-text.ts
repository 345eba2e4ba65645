import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { errorBody } from "#server/lib/app-error.ts";
import { requestLanguage, type AppEnv } from "#server/lib/router.ts";
import { findUnsafeText, hasUnsafeText, mayHoldUnsafeText } from "#server/lib/unsafe-text.ts";
import { invalidRequestMessage, validationMessages } from "#shared/validation.ts";

/** Routes whose body is someone else's format, checked by its own code (Stripe signs it). */
const rawBodyPaths = new Set(["/api/webhooks/stripe"]);

function isJson(contentType: string | undefined): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || type.endsWith("+json");
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Where a request holds unsafe text: "path", a query parameter's name ("query" for a bad name), a body path. */
type Problem = { place: string; reason: "controlCharacters" | "textTooLong" };

/** The longest query value any route reads (searches take 200, ids 36, dates 10). */
export const queryValueLimit = 2048;

/**
 * A JSON body's text, read once: Hono keeps it, and the route's validation (`c.req.json()`) and
 * the auth routes (`c.req.text()`) take the text kept instead of reading the request again (an
 * import's 5 MB body was read twice: 53–75 ms before the route, 41 ms now). A body sent in chunks, without a
 * `Content-Length`, is read from a copy: a route's own body limit (the imports') then counts the
 * request's bytes as they come, which it cannot do once they have been read; with the length
 * given, the limit only compares the length.
 */
function bodyText(c: Context<AppEnv>): Promise<string> {
  const sized =
    c.req.header("content-length") !== undefined && c.req.header("transfer-encoding") === undefined;
  return sized ? c.req.text() : c.req.raw.clone().text();
}

async function unsafePlace(c: Context<AppEnv>): Promise<Problem | null> {
  const url = new URL(c.req.url);
  if (url.pathname.split("/").some((segment) => hasUnsafeText(safeDecode(segment)))) {
    return { place: "path", reason: "controlCharacters" };
  }
  // Each query parameter as sent: percent-encoding that is not UTF-8 (a lone surrogate's bytes,
  // "%ZZ") is refused too, where URLSearchParams would quietly turn it into other text.
  for (const piece of url.search.slice(1).split("&")) {
    if (piece === "") continue;
    const [rawKey = "", ...rest] = piece.split("=");
    const key = safeDecode(rawKey.replaceAll("+", " "));
    let value: string;
    try {
      value = decodeURIComponent(rest.join("=").replaceAll("+", " "));
    } catch {
      return { place: hasUnsafeText(key) ? "query" : key, reason: "controlCharacters" };
    }
    if (hasUnsafeText(key)) return { place: "query", reason: "controlCharacters" };
    if (hasUnsafeText(value)) return { place: key, reason: "controlCharacters" };
    if (value.length > queryValueLimit) return { place: key, reason: "textTooLong" };
  }
  if (c.req.method === "GET" || c.req.method === "HEAD") return null;
  if (rawBodyPaths.has(c.req.path) || !isJson(c.req.header("content-type"))) return null;
  const text = await bodyText(c);
  // Most bodies cannot hold unsafe text, which one look at the text tells: parsed and walked
  // only when it may (an import of 100,000 rows, some 5 MB, is no longer parsed here as well).
  if (!mayHoldUnsafeText(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the route's own validation answers it (400), and the auth routes check it.
    return null;
  }
  const place = findUnsafeText(parsed);
  return place === null ? null : { place, reason: "controlCharacters" };
}

/**
 * Refuses text that no column can hold and no person typed — NUL and the other C0 control
 * characters (tab, line feed and carriage return excepted), DEL, lone surrogates — anywhere in
 * the path, the query or a JSON body, with a 400 that names the field, before any route sees it;
 * and a query value longer than any route reads.
 * PostgreSQL refuses a NUL in text with an error, which answered 500 before.
 */
export function refuseUnsafeText() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const problem = await unsafePlace(c);
    if (problem === null) return next();
    const language = requestLanguage(c);
    return c.json(
      errorBody("VALIDATION", invalidRequestMessage[language], {
        [problem.place]: validationMessages[language][problem.reason],
      }),
      400,
    );
  });
}
