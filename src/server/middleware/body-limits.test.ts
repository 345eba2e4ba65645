import { describe, expect, it } from "vitest";
import { bodyLimit } from "hono/body-limit";
import { Hono } from "hono";
import { outboxVerificationLink, signUpAndVerify, type SignedUp } from "#test/accounts.ts";
import { errorOf, uniqueAddress } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { testBaseUrl, useTestApp } from "#test/test-app.ts";
import { validationMessages } from "#shared/validation.ts";
import type { AppEnv } from "#server/lib/router.ts";
import { defaultBodyLimit, limitBodies } from "./body-limits.ts";

/** A body of `bytes` spaces that counts how much of it was read, 64 KB at a time. */
function countedBody(bytes: number) {
  const chunk = 64 * 1024;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= bytes) {
        controller.close();
        return;
      }
      const size = Math.min(chunk, bytes - pulled);
      pulled += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  return { stream, pulled: () => pulled, chunk };
}

/**
 * Every request body is held to its route's limit before anything reads it. Before, the check of
 * unsafe text read any JSON body whole, signed in or not, before a route's own limit (the
 * imports') compared its length: a body of hundreds of megabytes was read into memory first.
 */
describeOnEachDatabase("the body limits of the API", (database) => {
  const testApp = useTestApp(database);
  let owner: SignedUp;

  const send = (
    path: string,
    body: BodyInit,
    options: { length?: number; language?: string; signedIn?: boolean } = {},
  ) => {
    const headers = new Headers({
      "content-type": "application/json",
      origin: testBaseUrl,
      "x-forwarded-for": uniqueAddress(),
      "x-hearth-language": options.language ?? "en",
    });
    if (options.length !== undefined) headers.set("content-length", String(options.length));
    if (options.signedIn) headers.set("cookie", owner.client.cookieHeader());
    return testApp().request(path, {
      method: "POST",
      headers,
      body,
      duplex: "half",
    } as RequestInit);
  };

  it("refuses a body larger than 1 MB unread when its length says so, signed in or not", async () => {
    owner = await signUpAndVerify(testApp, { verificationLink: outboxVerificationLink(testApp) });
    const size = 8 * 1024 * 1024;
    for (const [path, signedIn] of [
      ["/api/auth/sign-in/email", false],
      ["/api/transactions", true],
    ] as const) {
      const body = countedBody(size);
      const response = await send(path, body.stream, { length: size, signedIn });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION");
      expect(error.fields).toEqual({ body: validationMessages.en.requestTooLarge });
      // Not read: at most the one chunk a stream makes ready before anyone asks.
      expect(body.pulled()).toBeLessThanOrEqual(body.chunk);
    }
  });

  it("stops reading a body sent in chunks at 1 MB, and says so in Dutch to a screen in Dutch", async () => {
    const body = countedBody(8 * 1024 * 1024);
    const response = await send("/api/transactions", body.stream, {
      language: "nl",
      signedIn: true,
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({
      body: validationMessages.nl.requestTooLarge,
    });
    expect(body.pulled()).toBeLessThanOrEqual(defaultBodyLimit + 2 * body.chunk);
  });

  it("lets a body under 1 MB through to the route, which answers it as before", async () => {
    const text = JSON.stringify({ kind: "expense", amountCents: 0, notes: "x".repeat(900_000) });
    const response = await send("/api/transactions", text, {
      length: Buffer.byteLength(text),
      signedIn: true,
    });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.fields?.body).toBeUndefined();
    expect(Object.keys(error.fields ?? {}).length).toBeGreaterThan(0);
  });

  it("gives a file's import its own 25 MB, refusing more unread in the import's own words", async () => {
    // 2 MB of rows: over the default, well within the import's limit.
    const rows = Array.from(
      { length: 40_000 },
      (_, i) => `2025-01-01,-1.00,Boodschappen,Bakker ${i}`,
    );
    const text = JSON.stringify({
      text: ["date,amount,category,merchant", ...rows].join("\n"),
      setup: {
        columns: { date: 0, amount: 1, category: 2, merchant: 3 },
        hasHeader: true,
        dateFormat: "YYYY-MM-DD",
        decimal: "dot",
        kindFrom: "sign",
        defaultKind: "expense",
      },
    });
    expect(Buffer.byteLength(text)).toBeGreaterThan(defaultBodyLimit);
    const imported = await send("/api/imports", text, {
      length: Buffer.byteLength(text),
      signedIn: true,
    });
    expect(imported.status).toBe(200);
    expect(((await imported.json()) as { imported: number }).imported).toBe(40_000);

    const size = 30 * 1024 * 1024;
    const body = countedBody(size);
    const refused = await send("/api/imports", body.stream, { length: size, signedIn: true });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields).toEqual({ text: validationMessages.en.csvTooLarge });
    expect(body.pulled()).toBeLessThanOrEqual(body.chunk);
  });

  it("gives a restore more than 1 MB (its own limit answers past 100 MB)", async () => {
    const me = (await (await owner.client.get("/api/me")).json()) as { household: { id: string } };
    const text = JSON.stringify({ format: "hearth", padding: "x".repeat(2 * 1024 * 1024) });
    const response = await send(`/api/households/${me.household.id}/restore`, text, {
      length: Buffer.byteLength(text),
      signedIn: true,
    });
    // Past the door: the restore itself reads it (and finds no export in it).
    const error = await errorOf(response);
    expect(error.fields?.body).not.toBe(validationMessages.en.requestTooLarge);
    expect(JSON.stringify(error)).not.toContain(validationMessages.en.requestTooLarge);
  });
});

describe("which route's limit a request meets", () => {
  const route = (method: string, path: string, maxSize: number) => ({
    method,
    path,
    middleware: [bodyLimit({ maxSize, onError: (c) => c.json({ own: path }, 413) })] as const,
  });
  const app = new Hono<AppEnv>();
  app.use("/api/*", limitBodies([route("post", "/files/{id}/upload", 10)]));
  app.post("/api/*", (c) => c.json({ passed: true }));

  const post = (path: string, size: number) =>
    app.request(path, {
      method: "POST",
      body: "x".repeat(size),
      headers: { "content-length": String(size) },
    });

  it("matches a route's path with any one segment for each {name}, and its method", async () => {
    expect(await (await post("/api/files/abc/upload", 11)).json()).toEqual({
      own: "/files/{id}/upload",
    });
    expect(await (await post("/api/files/abc/upload", 10)).json()).toEqual({ passed: true });
    // Not the route: two segments, or another path.
    expect((await post("/api/files/a/b/upload", 11)).status).toBe(200);
    const other = await app.request("/api/files/abc/upload", {
      method: "PUT",
      body: "x".repeat(defaultBodyLimit + 1),
      headers: { "content-length": String(defaultBodyLimit + 1) },
    });
    expect(other.status).toBe(400);
  });

  it("refuses to start with a route that has no limit of its own", () => {
    expect(() => limitBodies([{ method: "post", path: "/imports" }])).toThrow(/no body limit/);
  });
});
