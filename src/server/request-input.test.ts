import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { households, members, profiles } from "#server/db/schema/households.ts";
import { findMembership } from "#server/features/households/households.service.ts";
import {
  outboxVerificationLink,
  signUpAndVerify,
  strongPassword,
  uniqueEmail,
  userRow,
} from "#test/accounts.ts";
import { RawBody, TestClient, errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import { validationMessages } from "#shared/validation.ts";

/**
 * What the server does with text no person types and bodies that are not what a route reads
 * (issue 11, items 10, 11 and 12): a 400 that names the field, in the caller's language,
 * instead of a 500, and nothing written.
 */
describeOnEachDatabase("text and bodies the server refuses", (database) => {
  const testApp = useTestApp(database);
  const signUp = () =>
    signUpAndVerify(testApp, { verificationLink: outboxVerificationLink(testApp) });

  const householdOf = async (client: TestClient) => {
    const me = (await (await client.get("/api/me")).json()) as {
      household: { id: string; name: string };
    };
    return me.household;
  };

  it("refuses a NUL or another control character in any text field with a 400 naming the field", async () => {
    const owner = await signUp();
    const household = await householdOf(owner.client);
    const cases: { method: "PATCH" | "POST"; path: string; body: unknown; field: string }[] = [
      {
        method: "PATCH",
        path: `/api/households/${household.id}`,
        body: { name: "a\u0000b" },
        field: "name",
      },
      { method: "PATCH", path: "/api/profile", body: { bio: "bell\u0007" }, field: "bio" },
      {
        method: "POST",
        path: "/api/categories",
        body: { name: "x\u001b[31m", kind: "expense" },
        field: "name",
      },
      {
        method: "PATCH",
        path: "/api/profile",
        body: { city: "lone \ud800 surrogate" },
        field: "city",
      },
    ];
    for (const { method, path, body, field } of cases) {
      const response = await owner.client.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION");
      expect(error.fields?.[field]).toBe(validationMessages.en.controlCharacters);
    }
    expect((await householdOf(owner.client)).name).toBe(household.name);

    const query = await owner.client.get("/api/transactions?q=a%00b");
    expect(query.status).toBe(400);
    expect((await errorOf(query)).fields?.q).toBe(validationMessages.en.controlCharacters);
    // The bytes of a lone surrogate, which would otherwise become other text unnoticed.
    const surrogate = await owner.client.get("/api/transactions?member=a%ED%A0%80b");
    expect((await errorOf(surrogate)).fields?.member).toBe(validationMessages.en.controlCharacters);
    const long = await owner.client.get(`/api/auth/error?error=${"q".repeat(100_000)}`);
    expect(long.status).toBe(400);
    expect((await errorOf(long)).fields?.error).toBe(validationMessages.en.textTooLong);

    // In Dutch for someone who sees Dutch.
    const dutch = await owner.client.request(
      "PATCH",
      "/api/profile",
      { bio: "a\u0000b" },
      { headers: { "x-hearth-language": "nl" } },
    );
    expect((await errorOf(dutch)).fields?.bio).toBe(validationMessages.nl.controlCharacters);

    // Tabs and line breaks are text.
    const fine = await owner.client.request("PATCH", "/api/profile", {
      bio: "line one\r\n\tline two",
    });
    expect(fine.status).toBe(200);
  });

  it("refuses control characters in Better Auth's fields too", async () => {
    const client = new TestClient(testApp);
    const email = uniqueEmail("nul");
    const response = await client.post("/api/auth/sign-up/email", {
      name: "Nul\u0000Person",
      email,
      password: strongPassword,
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields?.name).toBe(validationMessages.en.controlCharacters);
    expect(await userRow(testApp(), email)).toHaveLength(0);
  });

  it("answers a body that is not JSON on an auth route with a 400 in the error shape", async () => {
    const client = new TestClient(testApp);
    const email = uniqueEmail("text-body");
    const bodies = [
      new RawBody(
        JSON.stringify({ name: "Text Body", email, password: strongPassword }),
        "text/plain",
      ),
      new RawBody(
        `name=Text&email=${encodeURIComponent(email)}`,
        "application/x-www-form-urlencoded",
      ),
      new RawBody(JSON.stringify({ name: "No Type", email, password: strongPassword }), null),
      new RawBody("{not json", "application/json"),
      new RawBody("[1, 2]", "application/json"),
    ];
    for (const body of bodies) {
      for (const path of [
        "/api/auth/sign-up/email",
        "/api/auth/sign-in/email",
        "/api/auth/request-password-reset",
      ]) {
        const response = await client.post(path, body);
        expect(response.status, `${path} ${String(body.contentType)}`).toBe(400);
        const error = await errorOf(response);
        expect(error.code).toBe("VALIDATION");
        expect(error.fields?.body).toBe(validationMessages.en.bodyNotJson);
      }
    }
    expect(await userRow(testApp(), email)).toHaveLength(0);
  });

  it("keeps the name's one limit on sign-up, and serves no other way around it", async () => {
    const client = new TestClient(testApp);
    const email = uniqueEmail("long-name");
    const huge = await client.post("/api/auth/sign-up/email", {
      name: "N".repeat(1_000_000),
      email,
      password: strongPassword,
    });
    expect(huge.status).toBe(400);
    expect((await errorOf(huge)).fields?.name).toMatch(/at most 100 characters/);
    expect(await userRow(testApp(), email)).toHaveLength(0);
    const justOver = await client.post("/api/auth/sign-up/email", {
      name: "N".repeat(101),
      email,
      password: strongPassword,
    });
    expect(justOver.status).toBe(400);

    // Better Auth's update-user took 200,000 characters; Hearth changes names through the
    // profile (which keeps the limit), so update-user is not served at all.
    const person = await signUp();
    const update = await person.client.post("/api/auth/update-user", { name: "U".repeat(200_000) });
    expect(update.status).toBe(400);
    const short = await person.client.post("/api/auth/update-user", { name: "Someone Else" });
    expect(short.status).toBe(404);
    const [row] = await userRow(testApp(), person.email);
    expect(row?.name).toBe(person.name);
    const viaProfile = await person.client.request("PATCH", "/api/profile", {
      fullName: "U".repeat(101),
    });
    expect(viaProfile.status).toBe(400);
  });

  it("keeps the name's one limit for a person a sign-in provider creates or updates", async () => {
    // Google's sign-in and account linking write user.name through Better Auth's internal
    // adapter (createOAuthUser, updateUser), never through a request body Hearth checks.
    const context = await testApp().deps.auth.$context;
    const db = testApp().deps.database.db;
    const email = uniqueEmail("google");
    const { user: created } = await context.internalAdapter.createOAuthUser(
      { name: `  ${"G".repeat(150)} Googler  `, email, emailVerified: true },
      { providerId: "google", accountId: randomUUID() },
    );
    const clamped = `${"G".repeat(99)}…`;
    expect(created.name).toBe(clamped);
    expect((await userRow(testApp(), email))[0]?.name).toBe(clamped);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, created.id));
    expect(profile?.fullName).toBe(clamped);
    const membership = await findMembership(db, created.id);
    const [member] = await db
      .select()
      .from(members)
      .where(eq(members.id, membership?.memberId ?? ""));
    expect(member?.name).toBe(clamped);
    const [household] = await db
      .select()
      .from(households)
      .where(eq(households.id, membership?.householdId ?? ""));
    expect(household?.name.length).toBeLessThanOrEqual(80);

    // Signing in again with the provider's newer details (or linking) updates the user.
    await context.internalAdapter.updateUser(created.id, { name: "H".repeat(5000) });
    expect((await userRow(testApp(), email))[0]?.name).toBe(`${"H".repeat(99)}…`);
    await context.internalAdapter.updateUser(created.id, { name: " Greta Google " });
    expect((await userRow(testApp(), email))[0]?.name).toBe("Greta Google");
  });

  it("ends the other sessions when the password changes, whatever the client asked", async () => {
    const person = await signUp();
    const elsewhere = new TestClient(testApp);
    const signIn = await elsewhere.post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
    });
    expect(signIn.status).toBe(200);
    expect((await elsewhere.get("/api/me")).status).toBe(200);
    for (const revokeOtherSessions of [undefined, false]) {
      const change = await person.client.post("/api/auth/change-password", {
        currentPassword: person.password,
        newPassword: `${person.password} again`,
        ...(revokeOtherSessions === undefined ? {} : { revokeOtherSessions }),
      });
      expect(change.status).toBe(200);
      person.password = `${person.password} again`;
      // The session that changed it goes on; the other one is over.
      expect((await person.client.get("/api/me")).status).toBe(200);
      expect((await elsewhere.get("/api/me")).status).toBe(401);
      const again = await elsewhere.post("/api/auth/sign-in/email", {
        email: person.email,
        password: person.password,
      });
      expect(again.status).toBe(200);
    }
  });
});
