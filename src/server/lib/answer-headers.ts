import type { Context } from "hono";

/**
 * Answers as @hono/node-server keeps them, without making them real `Response`s.
 *
 * Under @hono/node-server, `c.json()` and `c.body()` answer with a light object that holds the
 * status, the body and the headers, and writes them to the socket in one piece. Reading its
 * `body` (which Hono's `c.header()` does once an answer is made) turns it into undici's
 * `Response`: a ReadableStream, web IDL checks, a copy of the headers, and the body streamed out
 * chunk by chunk. On `/api/session` that was about a fifth of the server's time per request
 * (decision 042). After `next()` the middleware therefore sets headers on the answer's own
 * `Headers` and reads a light answer's body from where it is kept.
 */

/**
 * Sets a header on the answer made after `next()`. The light answer's headers take it as they
 * are; an answer whose headers cannot change (a `fetch()`'s, `Response.redirect()`) goes through
 * `c.header()`, which copies it first.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/** Where @hono/node-server keeps a light answer's `[status, body, headers]`. */
let cacheSymbol: symbol | null | undefined;

function cacheOf(res: Response): unknown[] | undefined {
  if (cacheSymbol === undefined) {
    const probe = new Response("");
    cacheSymbol =
      Object.getOwnPropertySymbols(probe).find((symbol) => symbol.description === "cache") ?? null;
  }
  if (!cacheSymbol) return undefined;
  const cache = (res as unknown as Record<symbol, unknown>)[cacheSymbol];
  return Array.isArray(cache) ? cache : undefined;
}

/**
 * The body of a light answer, when it is text or bytes, without turning the answer into a real
 * `Response`; undefined for any other answer (a stream, a real `Response`, another server).
 */
export function lightBody(res: Response): string | Uint8Array<ArrayBuffer> | undefined {
  const body = cacheOf(res)?.[1];
  if (typeof body === "string") return body;
  return body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : undefined;
}

/**
 * Replaces the answer with a new one. Hono's `c.res = …` copies the old answer by reading its
 * body (making it a real `Response`); the old one is let go first so the new one stays light.
 */
export function replaceAnswer(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}
