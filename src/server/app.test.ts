import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "#server/middleware/security-headers.ts";
import { outboxVerificationLink, signUpAndVerify, type SignedUp } from "#test/accounts.ts";
import { TestClient, errorOf } from "#test/client.ts";
import { useTestDatabase } from "#test/databases.ts";
import { testBaseUrl, useTestApp } from "#test/test-app.ts";

/** The built app in miniature: an index.html and one hashed asset. */
function makeStaticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "hearth-static-"));
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets", "app-1a2b.js"), "console.log('hearth');");
  writeFileSync(join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return dir;
}

function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

describe("the app", () => {
  const staticDir = makeStaticDir();
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));
  const testApp = useTestApp(useTestDatabase("embedded"), {}, () => ({ staticDir }));
  const client = () => new TestClient(testApp);

  describe("security headers", () => {
    const expectSecurityHeaders = (response: Response) => {
      const csp = directives(response.headers.get("content-security-policy"));
      const scriptSrc = csp.get("script-src") ?? csp.get("default-src");
      expect(scriptSrc).toEqual(["'self'"]);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      // Powerful browser features Hearth never uses are off for it and anything it embeds.
      const permissions = response.headers.get("permissions-policy") ?? "";
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
        expect(permissions.split(", ")).toContain(`${feature}=()`);
      }
      // Over plain http (BASE_URL http://localhost) there is no HSTS.
      expect(response.headers.get("strict-transport-security")).toBeNull();
    };

    it("are on a page, which is the app for any path (client-side routing)", async () => {
      for (const path of [
        "/",
        "/dashboard/saving",
        "/auth/verify-email?email=a%40b.org",
        "/no-such-page",
      ]) {
        const page = await client().get(path);
        expect(page.status).toBe(200);
        expect(page.headers.get("content-type")).toMatch(/^text\/html/);
        expect(await page.text()).toContain('<div id="root">');
        expectSecurityHeaders(page);
        expect(page.headers.get("cache-control")).toBe("no-cache");
      }
    });

    it("are on an API answer, which is never stored", async () => {
      const api = await client().get("/api/health");
      expect(api.status).toBe(200);
      expectSecurityHeaders(api);
      expect(api.headers.get("cache-control")).toBe("no-store");
      const error = await client().get("/api/me");
      expect(error.status).toBe(401);
      expect(error.headers.get("cache-control")).toBe("no-store");
      expectSecurityHeaders(error);
    });

    it("let hashed assets be cached for good, and serve other files as they are", async () => {
      const asset = await client().get("/assets/app-1a2b.js");
      expect(asset.status).toBe(200);
      expect(await asset.text()).toContain("hearth");
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
      const icon = await client().get("/favicon.svg");
      expect(icon.status).toBe(200);
      expect(await icon.text()).toContain("<svg");
      expect((await client().get("/assets/missing.js")).status).toBe(404);
    });

    it("turn on HSTS when Hearth is served over https", async () => {
      const app = new Hono()
        .use("*", securityHeaders({ https: true }))
        .get("/", (c) => c.text("ok"));
      const response = await app.request("/");
      expect(response.headers.get("strict-transport-security")).toBe(
        "max-age=31536000; includeSubDomains",
      );
    });
  });

  describe("the one error shape", () => {
    it("answers an unknown API route with 404 NOT_FOUND, never with the app", async () => {
      for (const method of ["GET", "POST", "DELETE"]) {
        const response = await client().request(
          method,
          "/api/no-such-route",
          method === "GET" ? undefined : {},
        );
        expect(response.status).toBe(404);
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        expect((await errorOf(response)).code).toBe("NOT_FOUND");
      }
    });

    it("gives every answer a request id, and keeps the caller's", async () => {
      const own = await client().get("/api/health", { headers: { "x-request-id": "req-123" } });
      expect(own.headers.get("x-request-id")).toBe("req-123");
      const generated = await client().get("/api/health");
      expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe("CSRF protection", () => {
    let person: SignedUp;
    beforeAll(async () => {
      person = await signUpAndVerify(testApp, {
        verificationLink: outboxVerificationLink(testApp),
      });
    });

    const language = async () =>
      (
        (await (await person.client.get("/api/me")).json()) as {
          profile: { preferredLanguage: string };
        }
      ).profile.preferredLanguage;

    it("refuses a state-changing request with a cookie from a foreign origin with 403 CSRF", async () => {
      const foreign = await person.client.put(
        "/api/me/language",
        { language: "nl" },
        { origin: "https://evil.example" },
      );
      expect(foreign.status).toBe(403);
      expect((await errorOf(foreign)).code).toBe("CSRF");
      const noOrigin = await person.client.put(
        "/api/me/language",
        { language: "nl" },
        { origin: null },
      );
      expect(noOrigin.status).toBe(403);
      expect((await errorOf(noOrigin)).code).toBe("CSRF");
      const crossSite = await person.client.put(
        "/api/me/language",
        { language: "nl" },
        { origin: null, headers: { "sec-fetch-site": "cross-site" } },
      );
      expect(crossSite.status).toBe(403);
      expect(await language()).toBe("en");

      const signOut = await person.client.post(
        "/api/auth/sign-out",
        {},
        { origin: "https://evil.example" },
      );
      expect(signOut.status).toBe(403);
      expect((await errorOf(signOut)).code).toBe("CSRF");
      expect((await person.client.get("/api/me")).status).toBe(200);
    });

    it("lets the same request through from our own origin", async () => {
      const sameSite = await person.client.put(
        "/api/me/language",
        { language: "nl" },
        { origin: null, headers: { "sec-fetch-site": "same-origin" } },
      );
      expect(sameSite.status).toBe(200);
      const own = await person.client.put(
        "/api/me/language",
        { language: "en" },
        { origin: testBaseUrl },
      );
      expect(own.status).toBe(200);
      expect(await language()).toBe("en");
    });

    it("leaves a request without cookies to the session check", async () => {
      const response = await client().put(
        "/api/me/language",
        { language: "nl" },
        { origin: "https://evil.example" },
      );
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe("UNAUTHENTICATED");
    });
  });

  describe("over real HTTP", () => {
    let server: ServerType | undefined;
    let origin = "";
    beforeAll(async () => {
      await new Promise<void>((resolve) => {
        server = serve({ fetch: testApp().app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
          origin = `http://127.0.0.1:${info.port}`;
          resolve();
        });
      });
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });

    it("answers health, pages and errors with their headers", async () => {
      const health = await fetch(`${origin}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      expect(health.headers.get("cache-control")).toBe("no-store");
      const page = await fetch(`${origin}/dashboard`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
      const missing = await fetch(`${origin}/api/nothing-here`, { method: "POST" });
      expect(missing.status).toBe(404);
      expect((await errorOf(missing)).code).toBe("NOT_FOUND");
    });
  });
});
