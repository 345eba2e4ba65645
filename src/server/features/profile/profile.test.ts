import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { members, profiles } from "#server/db/schema/households.ts";
import { outboxVerificationLink, signUpAndVerify, type SignedUp } from "#test/accounts.ts";
import { TestClient, errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { testBaseUrl, useTestApp } from "#test/test-app.ts";

/** A valid 1×1 PNG. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const webp = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from("WEBPVP8 "),
  Buffer.alloc(14),
]);
const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!", "latin1");

type Profile = {
  email: string;
  fullName: string;
  phone: string | null;
  dateOfBirth: string | null;
  bio: string | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  preferredLanguage: string;
  avatarUrl: string | null;
};

describeOnEachDatabase("the profile routes", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let person: SignedUp;
  let stranger: SignedUp;

  beforeAll(async () => {
    person = await signUpAndVerify(testApp, {
      name: "Noor Bakker",
      verificationLink: outboxVerificationLink(testApp),
    });
    stranger = await signUpAndVerify(testApp, {
      name: "Sam Visser",
      verificationLink: outboxVerificationLink(testApp),
    });
  });

  const patch = (client: TestClient, body: unknown) =>
    client.request("PATCH", "/api/profile", body);

  function upload(client: TestClient, bytes: Uint8Array, name: string, type: string) {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], name, { type }));
    return testApp().request("/api/profile/avatar", {
      method: "POST",
      headers: {
        cookie: client.cookieHeader(),
        origin: testBaseUrl,
        "x-forwarded-for": client.address,
      },
      body: form,
    });
  }

  async function profileOf(client: TestClient): Promise<Profile> {
    const response = await client.get("/api/profile");
    expect(response.status).toBe(200);
    return (await response.json()) as Profile;
  }

  /** The file behind an avatar URL, read from the store (and from disk on PGlite). */
  async function storedFile(url: string) {
    const key = url.replace(/^\/api\/files\//, "");
    const store = testApp().deps.fileStore;
    const file = await store.get(key);
    if (store.kind === "local") {
      expect(existsSync(join(database().dataDir, "files", key))).toBe(file !== null);
    }
    return file;
  }

  it("answers 401 to a signed-out caller on every route", async () => {
    const anonymous = new TestClient(testApp);
    for (const response of [
      await anonymous.get("/api/profile"),
      await patch(anonymous, { fullName: "X" }),
      await upload(anonymous, png, "a.png", "image/png"),
      await anonymous.request("DELETE", "/api/profile/avatar"),
      await anonymous.get(`/api/files/avatars/${person.userId}/1.png`),
    ]) {
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe("UNAUTHENTICATED");
    }
  });

  it("reads the viewer's profile", async () => {
    expect(await profileOf(person.client)).toEqual({
      email: person.email,
      fullName: "Noor Bakker",
      phone: null,
      dateOfBirth: null,
      bio: null,
      street: null,
      city: null,
      postalCode: null,
      country: null,
      preferredLanguage: "en",
      avatarUrl: null,
    });
  });

  it("saves every field, trimmed; an empty text clears a field", async () => {
    const response = await patch(person.client, {
      fullName: "  Noor de Vries  ",
      phone: "+31 (6) 123-45678",
      dateOfBirth: "1988-02-29",
      bio: "Keeps the family's books.",
      street: "Keizersgracht 1",
      city: "Amsterdam",
      postalCode: "1015 CJ",
      country: "Netherlands",
      preferredLanguage: "nl",
    });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as Profile;
    expect(saved).toMatchObject({
      fullName: "Noor de Vries",
      phone: "+31 (6) 123-45678",
      dateOfBirth: "1988-02-29",
      city: "Amsterdam",
      preferredLanguage: "nl",
    });
    expect(await profileOf(person.client)).toEqual(saved);

    // A partial update leaves the rest alone; "" clears.
    expect((await patch(person.client, { bio: "", preferredLanguage: "en" })).status).toBe(200);
    const after = await profileOf(person.client);
    expect(after.bio).toBeNull();
    expect(after.city).toBe("Amsterdam");
    expect(after.fullName).toBe("Noor de Vries");
  });

  it("puts a new full name on the member row and Better Auth's user", async () => {
    expect((await patch(person.client, { fullName: "Noor Jansen" })).status).toBe(200);
    const [row] = await db()
      .select({ name: members.name })
      .from(members)
      .where(and(eq(members.userId, person.userId), eq(members.isHousehold, false)));
    expect(row?.name).toBe("Noor Jansen");
    const [identity] = await db().select().from(user).where(eq(user.id, person.userId));
    expect(identity?.name).toBe("Noor Jansen");
    const me = (await (await person.client.get("/api/me")).json()) as {
      user: { name: string };
      profile: { fullName: string };
    };
    expect(me.user.name).toBe("Noor Jansen");
    expect(me.profile.fullName).toBe("Noor Jansen");
  });

  const tooLong = (n: number) => "x".repeat(n + 1);
  const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  it.each([
    ["an empty full name", { fullName: "   " }, "fullName", "Fill in your full name."],
    ["a full name over 100", { fullName: tooLong(100) }, "fullName", "at most 100"],
    ["a full name that is not text", { fullName: 5 }, "fullName", "Fill in your full name."],
    ["a phone with letters", { phone: "06-CALL-ME" }, "phone", "phone number"],
    ["a phone of 5 digits", { phone: "12 345" }, "phone", "phone number"],
    ["a phone of 21 digits", { phone: "1".repeat(21) }, "phone", "phone number"],
    ["a + inside a phone", { phone: "06+12345678" }, "phone", "phone number"],
    ["a date that is no date", { dateOfBirth: "1990-02-30" }, "dateOfBirth", "real date"],
    ["a date in another shape", { dateOfBirth: "21-04-1990" }, "dateOfBirth", "real date"],
    ["a date in the future", { dateOfBirth: tomorrow }, "dateOfBirth", "in the past"],
    ["a date before 1900", { dateOfBirth: "1899-12-31" }, "dateOfBirth", "before 1900"],
    ["a bio over 500", { bio: tooLong(500) }, "bio", "at most 500"],
    ["a street over 120", { street: tooLong(120) }, "street", "at most 120"],
    ["a city over 80", { city: tooLong(80) }, "city", "at most 80"],
    ["a postal code over 12", { postalCode: tooLong(12) }, "postalCode", "at most 12"],
    ["a country over 80", { country: tooLong(80) }, "country", "at most 80"],
    ["a language Hearth does not speak", { preferredLanguage: "fr" }, "preferredLanguage", "en"],
    ["the e-mail address", { email: "other@example.org" }, "body", ""],
  ])("refuses %s with VALIDATION naming the field", async (_label, body, field, message) => {
    const before = await profileOf(person.client);
    const response = await patch(person.client, body);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("VALIDATION");
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
    expect(error.fields?.[field]).toContain(message);
    expect(await profileOf(person.client)).toEqual(before);
  });

  it("accepts the edges: 100 characters of name, 6 and 20 digits, 1900-01-01", async () => {
    for (const body of [
      { fullName: "n".repeat(100) },
      { phone: "123456" },
      { phone: "+1".concat("2".repeat(19)) },
      { dateOfBirth: "1900-01-01" },
      { phone: "", dateOfBirth: "" },
      { fullName: "Noor Jansen" },
    ]) {
      expect((await patch(person.client, body)).status, JSON.stringify(body)).toBe(200);
    }
  });

  it("stores a PNG avatar, serves it with the cache header, replaces and removes it", async () => {
    const first = await upload(person.client, png, "me.png", "image/png");
    expect(first.status).toBe(200);
    const { avatarUrl } = (await first.json()) as { avatarUrl: string };
    expect(avatarUrl).toMatch(new RegExp(`^/api/files/avatars/${person.userId}/\\d+\\.png$`));
    expect((await profileOf(person.client)).avatarUrl).toBe(avatarUrl);
    expect((await storedFile(avatarUrl))?.bytes).toEqual(new Uint8Array(png));

    const served = await person.client.get(avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);

    // Replacing stores the new file under a new name and removes the old one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await upload(person.client, jpeg, "photo.png", "image/png");
    expect(second.status).toBe(200);
    const replaced = ((await second.json()) as { avatarUrl: string }).avatarUrl;
    expect(replaced).toMatch(/\.jpg$/);
    expect(replaced).not.toBe(avatarUrl);
    expect(await storedFile(avatarUrl)).toBeNull();
    expect((await storedFile(replaced))?.contentType).toBe("image/jpeg");
    expect((await person.client.get(avatarUrl)).status).toBe(404);
    if (testApp().deps.fileStore.kind === "local") {
      const folder = join(database().dataDir, "files", "avatars", person.userId);
      expect(readdirSync(folder).filter((f) => !f.endsWith(".type"))).toHaveLength(1);
    }

    const third = await upload(person.client, webp, "pic.webp", "image/webp");
    expect(third.status).toBe(200);
    const webpUrl = ((await third.json()) as { avatarUrl: string }).avatarUrl;
    expect(webpUrl).toMatch(/\.webp$/);
    expect(await storedFile(replaced)).toBeNull();

    const removed = await person.client.request("DELETE", "/api/profile/avatar");
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ avatarUrl: null });
    expect((await profileOf(person.client)).avatarUrl).toBeNull();
    expect(await storedFile(webpUrl)).toBeNull();
    // Removing when there is none is fine.
    expect((await person.client.request("DELETE", "/api/profile/avatar")).status).toBe(200);
  });

  it.each([
    ["a renamed text file", Buffer.from("just some text, not an image"), "fake.png", "image/png"],
    ["a GIF", gif, "anim.gif", "image/gif"],
    ["an empty file", Buffer.alloc(0), "empty.png", "image/png"],
    [
      "a file one byte over 2 MB",
      Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 1 - png.length)]),
      "big.png",
      "image/png",
    ],
    [
      "a file of 3 MB",
      Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]),
      "huge.png",
      "image/png",
    ],
  ])("refuses %s with VALIDATION and stores nothing", async (_label, bytes, name, type) => {
    const response = await upload(person.client, bytes, name, type);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("VALIDATION");
    expect(error.fields?.file).toBeTruthy();
    expect((await profileOf(person.client)).avatarUrl).toBeNull();
    if (testApp().deps.fileStore.kind === "local") {
      const folder = join(database().dataDir, "files", "avatars", person.userId);
      const files = existsSync(folder) ? readdirSync(folder) : [];
      expect(files).toEqual([]);
    }
  });

  it("accepts exactly 2 MB", async () => {
    const bytes = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 - png.length)]);
    const response = await upload(person.client, bytes, "edge.png", "image/png");
    expect(response.status).toBe(200);
    expect((await person.client.request("DELETE", "/api/profile/avatar")).status).toBe(200);
  });

  it("refuses an upload without a file", async () => {
    const response = await testApp().request("/api/profile/avatar", {
      method: "POST",
      headers: {
        cookie: person.client.cookieHeader(),
        origin: testBaseUrl,
        "x-forwarded-for": person.client.address,
      },
      body: new FormData(),
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("VALIDATION");
  });

  it("serves an avatar only to people of the same household", async () => {
    const uploaded = await upload(person.client, png, "me.png", "image/png");
    const { avatarUrl } = (await uploaded.json()) as { avatarUrl: string };

    // Another household's person: 404, as if there were no file.
    const foreign = await stranger.client.get(avatarUrl);
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).code).toBe("NOT_FOUND");
    for (const path of [
      `/api/files/avatars/${person.userId}/..%2F..%2Fauth-secret`,
      `/api/files/avatars/${person.userId}/123.png.type`,
      `/api/files/avatars/${person.userId}/999.png`,
    ]) {
      expect((await person.client.get(path)).status, path).toBe(404);
    }

    // Once in the same household, the avatar is theirs to see.
    const [household] = await db()
      .select({ householdId: members.householdId })
      .from(members)
      .where(and(eq(members.userId, person.userId), eq(members.isHousehold, false)));
    await db()
      .update(members)
      .set({ householdId: household?.householdId ?? "", role: "member" })
      .where(and(eq(members.userId, stranger.userId), eq(members.isHousehold, false)));
    const shared = await stranger.client.get(avatarUrl);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("cache-control")).toBe("private, max-age=3600");

    // The profile itself stays each person's own.
    expect((await profileOf(stranger.client)).fullName).toBe("Sam Visser");
    const [row] = await db().select().from(profiles).where(eq(profiles.id, person.userId));
    expect(row?.avatarUrl).toBe(avatarUrl);
  });

  it("changes the password: wrong current and weak refused; success ends other sessions", async () => {
    const other = new TestClient(testApp);
    const signIn = await other.post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
    });
    expect(signIn.status).toBe(200);
    expect((await other.get("/api/me")).status).toBe(200);

    const wrong = await person.client.post("/api/auth/change-password", {
      currentPassword: "not the password at all",
      newPassword: "Violet lantern harbour 73",
      revokeOtherSessions: true,
    });
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).code).toBe("INVALID_CREDENTIALS");

    const weak = await person.client.post("/api/auth/change-password", {
      currentPassword: person.password,
      newPassword: "password1",
      revokeOtherSessions: true,
    });
    expect(weak.status).toBe(400);
    expect((await errorOf(weak)).code).toBe("WEAK_PASSWORD");
    expect((await other.get("/api/me")).status).toBe(200);

    const changed = await person.client.post("/api/auth/change-password", {
      currentPassword: person.password,
      newPassword: "Violet lantern harbour 73",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    // The person who changed it stays signed in; the other session is over.
    expect((await person.client.get("/api/me")).status).toBe(200);
    expect((await other.get("/api/me")).status).toBe(401);

    const old = await new TestClient(testApp).post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
    });
    expect(old.status).toBe(401);
    const fresh = await new TestClient(testApp).post("/api/auth/sign-in/email", {
      email: person.email,
      password: "Violet lantern harbour 73",
    });
    expect(fresh.status).toBe(200);
  });
});
