import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { chooseEncoding } from "#server/lib/content-encoding.ts";
import { compressAnswers } from "#server/middleware/compress.ts";
import { useTestDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const page =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>';

/** A build in miniature as `vite build` leaves it: files with their .br and .gz copies. */
function makeStaticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "hearth-compressed-"));
  mkdirSync(join(dir, "assets"));
  const write = (path: string, text: string, compressed = true) => {
    writeFileSync(join(dir, path), text);
    if (!compressed) return;
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
  };
  write("index.html", page);
  write("assets/app-1a2b.js", script);
  write("favicon.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>", false);
  return dir;
}

const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("compression", () => {
  const staticDir = makeStaticDir();
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));
  const testApp = useTestApp(useTestDatabase("embedded"), {}, () => ({ staticDir }));
  const get = (path: string, headers: Record<string, string> = {}) =>
    testApp().request(path, { headers });

  describe("of the built app", () => {
    it("sends the brotli copy when accepted, gzip when only that is, the file itself otherwise", async () => {
      const br = await get("/assets/app-1a2b.js", { "accept-encoding": "gzip, deflate, br, zstd" });
      expect(br.status).toBe(200);
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(br.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const brBody = await bytes(br);
      expect(Number(br.headers.get("content-length"))).toBe(brBody.byteLength);
      expect(brBody.byteLength).toBeLessThan(Buffer.byteLength(script));
      expect(brotliDecompressSync(brBody).toString()).toBe(script);

      const gz = await get("/assets/app-1a2b.js", { "accept-encoding": "gzip" });
      expect(gz.headers.get("content-encoding")).toBe("gzip");
      expect(gz.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(gunzipSync(await bytes(gz)).toString()).toBe(script);

      for (const acceptEncoding of [undefined, "identity", "br;q=0, gzip;q=0", "deflate"]) {
        const plain = await get(
          "/assets/app-1a2b.js",
          acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
        );
        expect(plain.headers.get("content-encoding")).toBeNull();
        expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
        expect(plain.headers.get("content-type")).toMatch(/^text\/javascript/);
        expect(await plain.text()).toBe(script);
      }
      // The ETags differ per variant, and one the browser has is a 304.
      expect(new Set([br, gz].map((r) => r.headers.get("etag"))).size).toBe(2);
      const again = await get("/assets/app-1a2b.js", {
        "accept-encoding": "br",
        "if-none-match": br.headers.get("etag") ?? "",
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
    });

    it("sends every page (index.html) compressed too, never cached without asking", async () => {
      for (const path of ["/", "/auth", "/dashboard/transactions"]) {
        const response = await get(path, { "accept-encoding": "gzip, br" });
        expect(response.status).toBe(200);
        expect(response.headers.get("content-encoding")).toBe("br");
        expect(response.headers.get("content-type")).toMatch(/^text\/html/);
        expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
        expect(response.headers.get("cache-control")).toBe("no-cache");
        expect(brotliDecompressSync(await bytes(response)).toString()).toBe(page);
      }
      const plain = await get("/auth");
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.text()).toBe(page);
    });

    it("sends a file without compressed copies as it is, and a missing asset as a 404", async () => {
      const icon = await get("/favicon.svg", { "accept-encoding": "br, gzip" });
      expect(icon.status).toBe(200);
      expect(icon.headers.get("content-encoding")).toBeNull();
      expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(await icon.text()).toContain("<svg");
      expect((await get("/assets/missing.js", { "accept-encoding": "br" })).status).toBe(404);
      expect((await get("/assets/app-1a2b.js.br")).status).toBe(404);
    });
  });

  describe("of API answers", () => {
    it("compresses a large answer as accepted, with Vary and its own length", async () => {
      const plain = await get("/api/openapi.json");
      expect(plain.headers.get("content-encoding")).toBeNull();
      const text = await plain.text();
      expect(text.length).toBeGreaterThan(1024);

      const br = await get("/api/openapi.json", { "accept-encoding": "gzip, deflate, br" });
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(br.headers.get("content-type")).toMatch(/^application\/json/);
      expect(br.headers.get("cache-control")).toBe("no-store");
      const brBody = await bytes(br);
      expect(Number(br.headers.get("content-length"))).toBe(brBody.byteLength);
      expect(brBody.byteLength).toBeLessThan(text.length / 4);
      expect(brotliDecompressSync(brBody).toString()).toBe(text);

      const gz = await get("/api/openapi.json", { "accept-encoding": "gzip" });
      expect(gz.headers.get("content-encoding")).toBe("gzip");
      expect(gunzipSync(await bytes(gz)).toString()).toBe(text);
    });

    it("leaves a small answer and an error as they are", async () => {
      const health = await get("/api/health", { "accept-encoding": "br, gzip" });
      expect(health.headers.get("content-encoding")).toBeNull();
      expect(((await health.json()) as { status: string }).status).toBeDefined();
      const missing = await get("/api/no-such-route", { "accept-encoding": "br, gzip" });
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-encoding")).toBeNull();
      expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    });
  });
});

describe("compressAnswers", () => {
  const csv = `date;amount\n${"2026-11-26;12,34\n".repeat(200)}`;
  const app = new Hono()
    .use("*", compressAnswers())
    .get("/export", (c) =>
      c.body(csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="transactions.csv"',
      }),
    )
    .get("/events", (c) => c.body(csv, 200, { "content-type": "text/event-stream" }))
    .get("/image", (c) => c.body(csv, 200, { "content-type": "image/png" }))
    .get("/no-transform", (c) =>
      c.body(csv, 200, { "content-type": "text/plain", "cache-control": "no-transform" }),
    )
    .get("/cookie", (c) => {
      c.header("set-cookie", "a=1; Path=/", { append: true });
      c.header("set-cookie", "b=2; Path=/", { append: true });
      return c.json({ csv });
    });
  const get = (path: string, method = "GET") =>
    app.request(path, { method, headers: { "accept-encoding": "br, gzip" } });

  it("compresses a CSV download and keeps its name", async () => {
    const response = await get("/export");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="transactions.csv"',
    );
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(brotliDecompressSync(await bytes(response)).toString()).toBe(csv);
  });

  it("keeps every cookie of a compressed answer", async () => {
    const response = await get("/cookie");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("leaves event streams, images, no-transform and HEAD alone", async () => {
    for (const path of ["/events", "/image", "/no-transform"]) {
      const response = await get(path);
      expect(response.headers.get("content-encoding"), path).toBeNull();
      expect(await response.text(), path).toBe(csv);
    }
    const head = await get("/export", "HEAD");
    expect(head.headers.get("content-encoding")).toBeNull();
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli, honours q-values, q=0 and *", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, *")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBeUndefined();
    expect(chooseEncoding("*;q=0")).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding("BR")).toBe("br");
    expect(chooseEncoding("gzip, br", ["gzip"])).toBe("gzip");
  });
});
