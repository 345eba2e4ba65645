import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Context } from "hono";
import { getMimeType } from "hono/utils/mime";
import { chooseEncoding, varyOnAcceptEncoding, type ContentEncoding } from "./content-encoding.ts";

/** One way a file can be sent: its bytes and their ETag. */
export type Variant = { body: Uint8Array<ArrayBuffer>; etag: string };

/** A built file with the brotli and gzip copies the build made next to it (`.br`, `.gz`). */
export type StaticFile = {
  type: string;
  lastModified: string;
  identity: Variant;
  compressed: Partial<Record<ContentEncoding, Variant>>;
};

const suffixes: Record<ContentEncoding, string> = { br: ".br", gzip: ".gz" };

const read = (path: string) => new Uint8Array(readFileSync(path));

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.isFile() ? [path] : [];
  });
}

/**
 * Reads the built app (dist/) once, at start: every file by its URL path ("/assets/x.js"), with
 * the pre-compressed copies `vite build` wrote beside it. Only these files are ever served, so no
 * request path can reach outside the folder. The build does not change while the server runs
 * (index.html was always read once at start too).
 */
export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const paths = new Set(listFiles(dir));
  const files = new Map<string, StaticFile>();
  for (const path of paths) {
    if (path.endsWith(".br") || path.endsWith(".gz")) continue;
    const body = read(path);
    const tag = createHash("sha256").update(body).digest("base64url").slice(0, 22);
    const compressed: StaticFile["compressed"] = {};
    for (const encoding of Object.keys(suffixes) as ContentEncoding[]) {
      const copy = path + suffixes[encoding];
      if (paths.has(copy)) {
        compressed[encoding] = { body: read(copy), etag: `"${tag}-${encoding}"` };
      }
    }
    files.set(`/${relative(dir, path).split(sep).join("/")}`, {
      type: getMimeType(path) ?? "application/octet-stream",
      lastModified: statSync(path).mtime.toUTCString(),
      identity: { body, etag: `"${tag}"` },
      compressed,
    });
  }
  return files;
}

/** Whether an If-None-Match header names this ETag (weak or strong, or `*`). */
export function matchesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

/**
 * Answers with a built file: the brotli or gzip copy when the request accepts it (brotli first),
 * otherwise the file itself; `Vary: Accept-Encoding` whenever a compressed copy exists, an ETag
 * per variant and a 304 when the browser already has it.
 */
export function sendStaticFile(c: Context, file: StaticFile, cacheControl: string): Response {
  const offered = Object.keys(file.compressed) as ContentEncoding[];
  const encoding = chooseEncoding(c.req.header("accept-encoding"), offered);
  const variant = (encoding && file.compressed[encoding]) || file.identity;
  c.header("cache-control", cacheControl);
  c.header("etag", variant.etag);
  c.header("last-modified", file.lastModified);
  if (offered.length > 0) c.header("vary", varyOnAcceptEncoding(c.res.headers.get("vary")));
  if (matchesETag(c.req.header("if-none-match"), variant.etag)) return c.body(null, 304);
  c.header("content-type", file.type);
  if (encoding) c.header("content-encoding", encoding);
  c.header("content-length", String(variant.body.byteLength));
  return c.body(variant.body, 200);
}
