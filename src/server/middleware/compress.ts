import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { chooseEncoding, varyOnAcceptEncoding } from "../lib/content-encoding.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers worth compressing: JSON, CSV and other text. Never a stream of events, never images. */
const compressible = /^\s*(application\/(?:[\w.+-]+\+)?json|text\/(?:csv|plain|html|xml))\s*(;|$)/i;

/**
 * Compresses API answers of at least `threshold` bytes with brotli (quality 4: fast, smaller
 * than gzip) or gzip, as the request's Accept-Encoding allows, in zlib's thread pool so the
 * event loop is not held. Answers are read whole first: Hearth's are (JSON, a CSV export), so
 * the size is known and a small answer stays as it is. Leaves alone answers that already have
 * an encoding, HEAD, 204/206/304, `Cache-Control: no-transform` and types that are not text.
 */
export function compressAnswers(options: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  return async (c, next) => {
    await next();
    const res = c.res;
    if (
      c.req.method === "HEAD" ||
      !res.body ||
      [204, 206, 304].includes(res.status) ||
      res.headers.has("content-encoding") ||
      !compressible.test(res.headers.get("content-type") ?? "") ||
      /(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get("cache-control") ?? "")
    ) {
      return;
    }
    const length = res.headers.get("content-length");
    if (length !== null && Number(length) < threshold) return;
    // From here the answer depends on Accept-Encoding, whatever this request sent.
    const vary = varyOnAcceptEncoding(res.headers.get("vary"));
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    if (!encoding) {
      c.header("vary", vary);
      return;
    }
    const body = new Uint8Array(await res.arrayBuffer());
    if (body.byteLength < threshold) {
      c.res = new Response(body, res);
      c.res.headers.set("vary", vary);
      return;
    }
    const compressed =
      encoding === "br"
        ? await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
            },
          })
        : await gzipAsync(body, { level: 6 });
    c.res = new Response(new Uint8Array(compressed), res);
    // Set after the swap: Hono copies the old answer's headers (its length) onto the new one.
    c.res.headers.set("vary", vary);
    c.res.headers.set("content-encoding", encoding);
    c.res.headers.set("content-length", String(compressed.byteLength));
    const etag = c.res.headers.get("etag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("etag", `W/${etag}`);
  };
}
