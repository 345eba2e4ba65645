import { expect, it } from "vitest";
import { TestClient, errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { testBaseUrl, useTestApp } from "#test/test-app.ts";

describeOnEachDatabase("system routes", (database) => {
  const testApp = useTestApp(database, {
    BILLING: "off",
    GOOGLE_CLIENT_ID: "id",
    GOOGLE_CLIENT_SECRET: "secret",
  });
  const client = () => new TestClient(testApp);

  it("tell the public pages what this installation offers", async () => {
    const response = await client().get("/api/config");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ googleSignIn: true, billing: "off", outbox: true });
  });

  it("publish the OpenAPI document built from the route schemas", async () => {
    const response = await client().get("/api/openapi.json");
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/health", "/config", "/me", "/me/language", "/dev/mailbox"]),
    );
  });

  it("offer Google sign-in with offline access and a consent prompt, back to our own pages only", async () => {
    const response = await client().post("/api/auth/sign-in/social", {
      provider: "google",
      callbackURL: "/dashboard",
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; redirect: boolean };
    const url = new URL(body.url);
    expect(url.origin).toBe("https://accounts.google.com");
    expect(url.searchParams.get("client_id")).toBe("id");
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("prompt")?.split(" ")).toContain("consent");
    expect(url.searchParams.get("redirect_uri")).toBe(`${testBaseUrl}/api/auth/callback/google`);

    const elsewhere = await client().post("/api/auth/sign-in/social", {
      provider: "google",
      callbackURL: "https://evil.example/",
    });
    expect(elsewhere.status).toBe(403);
    await errorOf(elsewhere);
    const unknown = await client().post("/api/auth/sign-in/social", {
      provider: "github",
      callbackURL: "/",
    });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("NOT_FOUND");
  });

  // Last: it closes the database.
  it('answer {"status":"ok"} while the database answers, and 503 once it does not', async () => {
    const up = await client().get("/api/health");
    expect(up.status).toBe(200);
    expect(await up.text()).toBe('{"status":"ok"}');
    expect(up.headers.get("content-type")).toMatch(/^application\/json/);

    await testApp().deps.database.close();
    const down = await client().get("/api/health");
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable" });
  });
});
