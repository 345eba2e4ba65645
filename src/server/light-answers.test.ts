import { brotliDecompressSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { lightBody, setAnswerHeader } from "#server/lib/answer-headers.ts";
import { compressAnswers } from "#server/middleware/compress.ts";
import { outboxVerificationLink, signUpAndVerify } from "#test/accounts.ts";
import { useTestDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";

// As `npm start` serves Hearth: @hono/node-server's light Request and Response in place of
// undici's (this file alone runs with them).
getRequestListener(() => new Response(null));

/**
 * The answers leave the middleware as @hono/node-server keeps them (status, body and headers,
 * written in one piece), never turned into undici's Response on the way (decision 042). A
 * middleware that calls `c.header()` after `next()`, or reads `c.res.body`, fails these.
 */
describe("answers stay light", () => {
  const testApp = useTestApp(useTestDatabase("embedded"));

  it("the node server's light Response is the one in use", () => {
    expect(lightBody(new Response("{}"))).toBe("{}");
    expect(lightBody(new Response(new Uint8Array([1, 2])))).toEqual(new Uint8Array([1, 2]));
    expect(lightBody(new Response(new ReadableStream()))).toBeUndefined();
  });

  it("a signed-in answer, small and large, with every header the middleware sets", async () => {
    const { client } = await signUpAndVerify(testApp, {
      verificationLink: outboxVerificationLink(testApp),
    });
    const session = await client.get("/api/session", {
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(session.status).toBe(200);
    expect(session.headers.get("x-request-id")).toBeTruthy();
    expect(session.headers.get("cache-control")).toBe("no-store");
    expect(session.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(session.headers.get("x-content-type-options")).toBe("nosniff");
    const small = lightBody(session);
    expect(typeof small).toBe("string");
    expect(JSON.parse(small as string)).toMatchObject({
      account: { user: { email: expect.any(String) } },
    });

    const docs = await testApp().request("/api/openapi.json", {
      headers: { "accept-encoding": "br" },
    });
    expect(docs.headers.get("content-encoding")).toBe("br");
    expect(docs.headers.get("x-request-id")).toBeTruthy();
    const large = lightBody(docs);
    expect(large).toBeInstanceOf(Uint8Array);
    expect(Number(docs.headers.get("content-length"))).toBe((large as Uint8Array).byteLength);
    expect(JSON.parse(brotliDecompressSync(large as Uint8Array).toString())).toHaveProperty(
      "openapi",
    );
  });

  it("an answer whose headers cannot change still gets them", async () => {
    const app = new Hono()
      .use("*", async (c, next) => {
        await next();
        setAnswerHeader(c, "x-request-id", "abc");
      })
      .use("*", compressAnswers())
      .get("/redirect", () => Response.redirect("http://localhost/elsewhere", 302));
    const response = await app.request("/redirect");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost/elsewhere");
    expect(response.headers.get("x-request-id")).toBe("abc");
  });
});
