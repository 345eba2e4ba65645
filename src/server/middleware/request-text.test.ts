import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "#server/lib/router.ts";
import { refuseUnsafeText } from "./request-text.ts";

/**
 * The door check reads a JSON body once: the route takes the text it kept. A body sent in chunks
 * is read from a copy, so a route's own body limit still counts it.
 */
describe("the unsafe-text check's reading of a body", () => {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("viewer", null);
    await next();
  });
  app.use("*", refuseUnsafeText());
  app.post(
    "/api/echo",
    bodyLimit({ maxSize: 64, onError: (c) => c.json({ tooLarge: true }, 413) }),
    async (c) => c.json({ got: await c.req.json() }),
  );

  /** A request whose copies are counted. */
  const counted = (init: RequestInit & { duplex?: "half" }) => {
    const request = new Request("http://hearth.test/api/echo", { method: "POST", ...init });
    let copies = 0;
    const clone = request.clone.bind(request);
    request.clone = () => {
      copies += 1;
      return clone();
    };
    return { request, copies: () => copies };
  };
  const chunked = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let at = 0; at < bytes.length; at += 16) controller.enqueue(bytes.slice(at, at + 16));
        controller.close();
      },
    });

  it("reads a body with its length once, and the route gets the same JSON", async () => {
    const text = JSON.stringify({ name: 'Café "Müller"\n' });
    const { request, copies } = counted({
      body: text,
      headers: {
        "content-type": "application/json",
        "content-length": String(new TextEncoder().encode(text).length),
      },
    });
    const response = await app.fetch(request);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ got: { name: 'Café "Müller"\n' } });
    expect(copies()).toBe(0);
  });

  it("still refuses unsafe text in such a body, naming the field", async () => {
    const text = JSON.stringify({ name: "a\u0000b" });
    const response = await app.fetch(
      new Request("http://hearth.test/api/echo", {
        method: "POST",
        body: text,
        headers: { "content-type": "application/json", "content-length": String(text.length) },
      }),
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('"name"');
  });

  it("reads a body sent in chunks from a copy, so the route's limit still counts its bytes", async () => {
    const small = counted({
      body: chunked(JSON.stringify({ name: "Jan" })),
      duplex: "half",
      headers: { "content-type": "application/json" },
    });
    const answered = await app.fetch(small.request);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ got: { name: "Jan" } });
    expect(small.copies()).toBe(1);

    const large = counted({
      body: chunked(JSON.stringify({ name: "x".repeat(200) })),
      duplex: "half",
      headers: { "content-type": "application/json" },
    });
    const refused = await app.fetch(large.request);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ tooLarge: true });
  });
});
