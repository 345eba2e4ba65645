import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { session } from "#server/db/schema/auth.ts";
import { profiles } from "#server/db/schema/households.ts";
import { outboxVerificationLink, signUpAndVerify, type SignedUp } from "#test/accounts.ts";
import { TestClient, errorOf, parseSetCookie } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { testBaseUrl, useTestApp } from "#test/test-app.ts";

describeOnEachDatabase("the account routes", (database) => {
  const testApp = useTestApp(database, { ADMIN_EMAILS: "Admin@Example.org" });
  const db = () => testApp().deps.database.db;
  let person: SignedUp;
  beforeAll(async () => {
    person = await signUpAndVerify(testApp, {
      name: "Noor Bakker",
      verificationLink: outboxVerificationLink(testApp),
    });
  });

  it("answers 401 UNAUTHENTICATED to a signed-out caller", async () => {
    const anonymous = new TestClient(testApp);
    const me = await anonymous.get("/api/me");
    expect(me.status).toBe(401);
    expect((await errorOf(me)).code).toBe("UNAUTHENTICATED");
    const language = await anonymous.put("/api/me/language", { language: "nl" });
    expect(language.status).toBe(401);
    expect((await errorOf(language)).code).toBe("UNAUTHENTICATED");
    const session = await anonymous.get("/api/session");
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({ account: null });
    const forged = await anonymous.get("/api/me", {
      headers: { cookie: "hearth.session_token=forged.value" },
    });
    expect(forged.status).toBe(401);
  });

  it("saves the chosen language in the profile", async () => {
    const saved = await person.client.put("/api/me/language", { language: "nl" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ language: "nl" });
    const [row] = await db().select().from(profiles).where(eq(profiles.id, person.userId));
    expect(row?.preferredLanguage).toBe("nl");
    const me = (await (await person.client.get("/api/me")).json()) as {
      profile: { preferredLanguage: string };
    };
    expect(me.profile.preferredLanguage).toBe("nl");
    const session = (await (await person.client.get("/api/session")).json()) as {
      account: { user: { id: string }; profile: { preferredLanguage: string } } | null;
    };
    expect(session.account?.user.id).toBe(person.userId);
    expect(session.account?.profile.preferredLanguage).toBe("nl");

    expect((await person.client.put("/api/me/language", { language: "en" })).status).toBe(200);
    const [back] = await db().select().from(profiles).where(eq(profiles.id, person.userId));
    expect(back?.preferredLanguage).toBe("en");
  });

  it.each([
    ["a language Hearth does not speak", { language: "fr" }],
    ["no language", {}],
    ["a number", { language: 1 }],
  ])("refuses %s with 400 VALIDATION naming the field", async (_label, body) => {
    const response = await person.client.put("/api/me/language", body);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("VALIDATION");
    expect(Object.keys(error.fields ?? {})).toEqual(["language"]);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, person.userId));
    expect(row?.preferredLanguage).toBe("en");
  });

  it("refuses a body that is not JSON with the error shape", async () => {
    const response = await testApp().request("/api/me/language", {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        cookie: person.client.cookieHeader(),
        origin: testBaseUrl,
        "x-forwarded-for": person.client.address,
      },
      body: '{"language": nl',
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("VALIDATION");
  });

  it("marks the addresses in ADMIN_EMAILS as admins, whatever their case", async () => {
    const admin = await signUpAndVerify(testApp, {
      email: "admin@example.org",
      verificationLink: outboxVerificationLink(testApp),
    });
    const adminMe = (await (await admin.client.get("/api/me")).json()) as { isAdmin: boolean };
    expect(adminMe.isAdmin).toBe(true);
    const personMe = (await (await person.client.get("/api/me")).json()) as { isAdmin: boolean };
    expect(personMe.isAdmin).toBe(false);
  });

  it("slides the session: an old session is extended and its cookie sent again", async () => {
    const browser = new TestClient(testApp);
    expect(
      (
        await browser.post("/api/auth/sign-in/email", {
          email: person.email,
          password: person.password,
        })
      ).status,
    ).toBe(200);
    const token = browser.cookies.get("hearth.session_token")?.split(".")[0] ?? "";
    // Make the session two days old: past Better Auth's update age (one day), five days left.
    const aged = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
    await db().update(session).set({ expiresAt: aged }).where(eq(session.token, token));

    const me = await browser.get("/api/me");
    expect(me.status).toBe(200);
    const refreshed = me.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((cookie) => cookie.name === "hearth.session_token");
    expect(refreshed?.attributes.httponly).toBe(true);
    expect(Number(refreshed?.attributes["max-age"])).toBeGreaterThan(6 * 24 * 60 * 60);
    const [row] = await db().select().from(session).where(eq(session.token, token));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 60 * 60 * 1000);
  });
});
