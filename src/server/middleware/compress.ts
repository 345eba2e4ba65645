import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { lightBody, replaceAnswer, setAnswerHeader } from "../lib/answer-headers.ts";
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
      [204, 206, 304].includes(res.status) ||
      res.headers.has("content-encoding") ||
      !compressible.test(res.headers.get("content-type") ?? "") ||
      /(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get("cache-control") ?? "")
    ) {
      return;
    }
    // A light answer's body is read where it is kept (lib/answer-headers.ts); any other's whole.
    const light = lightBody(res);
    if (light === undefined && !res.body) return;
    const length = res.headers.get("content-length");
    if (length !== null && Number(length) < threshold) return;
    // From here the answer depends on Accept-Encoding, whatever this request sent.
    const vary = varyOnAcceptEncoding(res.headers.get("vary"));
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    const size = typeof light === "string" ? Buffer.byteLength(light) : light?.byteLength;
    if (!encoding || (size !== undefined && size < threshold)) {
      setAnswerHeader(c, "vary", vary);
      return;
    }
    const body =
      light === undefined
        ? new Uint8Array(await res.arrayBuffer())
        : typeof light === "string"
          ? Buffer.from(light)
          : light;
    const headers = new Headers(res.headers);
    headers.set("vary", vary);
    if (body.byteLength < threshold) {
      replaceAnswer(c, new Response(body, { status: res.status, headers }));
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
    headers.set("content-encoding", encoding);
    headers.set("content-length", String(compressed.byteLength));
    const etag = headers.get("etag");
    if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
    replaceAnswer(
      c,
      new Response(
        new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength),
        { status: res.status, headers },
      ),
    );
  };
}
