import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxVerificationLink, signUpAndVerify, type SignedUp } from "#test/accounts.ts";
import type { TestClient } from "#test/client.ts";
import { useTestDatabase } from "#test/databases.ts";
import { startTestS3, type TestS3 } from "#test/s3.ts";
import { testBaseUrl, useTestApp } from "#test/test-app.ts";

/** A valid 1×1 PNG. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

/**
 * Avatars with S3_BUCKET set, in a real S3-compatible server (s3rver) started here: the settings
 * as an operator writes them, the upload, serving and removal through the app's routes, and the
 * objects looked at in the bucket with a client of the test's own.
 */
describe("avatars in an S3 bucket", () => {
  let s3: TestS3 | undefined;
  const bucket = () => {
    if (!s3) throw new Error("The S3 server starts in beforeAll.");
    return s3;
  };
  beforeAll(async () => {
    s3 = await startTestS3("hearth-avatars");
  });
  afterAll(async () => {
    await s3?.close();
  });

  const database = useTestDatabase("embedded");
  const testApp = useTestApp(database, () => bucket().env);
  let person: SignedUp;
  let partner: SignedUp;

  beforeAll(async () => {
    person = await signUpAndVerify(testApp, {
      name: "Noor Bakker",
      verificationLink: outboxVerificationLink(testApp),
    });
    partner = await signUpAndVerify(testApp, {
      name: "Sam Visser",
      verificationLink: outboxVerificationLink(testApp),
    });
  });

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

  it("is the S3 store the settings ask for", () => {
    expect(testApp().deps.fileStore.kind).toBe("s3");
  });

  it("stores the upload as an object, serves it from there, replaces and removes it", async () => {
    const first = await upload(person.client, png, "me.png", "image/png");
    expect(first.status).toBe(200);
    const { avatarUrl } = (await first.json()) as { avatarUrl: string };
    const key = avatarUrl.replace(/^\/api\/files\//, "");
    expect(key).toMatch(new RegExp(`^avatars/${person.userId}/\\d+\\.png$`));
    expect(await bucket().objects()).toEqual([
      { key, bytes: new Uint8Array(png), contentType: "image/png" },
    ]);

    const served = await person.client.get(avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    // Someone of another household gets a 404, as with files on disk.
    expect((await partner.client.get(avatarUrl)).status).toBe(404);

    // Replacing puts the new object and removes the old one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await upload(person.client, jpeg, "photo.jpg", "image/jpeg");
    expect(second.status).toBe(200);
    const replaced = ((await second.json()) as { avatarUrl: string }).avatarUrl;
    const replacedKey = replaced.replace(/^\/api\/files\//, "");
    expect(replacedKey).toMatch(/\.jpg$/);
    expect(await bucket().objects()).toEqual([
      { key: replacedKey, bytes: new Uint8Array(jpeg), contentType: "image/jpeg" },
    ]);
    expect((await person.client.get(avatarUrl)).status).toBe(404);
    const servedJpeg = await person.client.get(replaced);
    expect(servedJpeg.status).toBe(200);
    expect(servedJpeg.headers.get("content-type")).toBe("image/jpeg");

    const removed = await person.client.request("DELETE", "/api/profile/avatar");
    expect(removed.status).toBe(200);
    expect(await bucket().objects()).toEqual([]);
    expect((await person.client.get(replaced)).status).toBe(404);

    // Nothing went to the data folder.
    expect(existsSync(join(database().dataDir, "files"))).toBe(false);
  });

  it("refuses what is not an image without putting anything in the bucket", async () => {
    const response = await upload(
      partner.client,
      Buffer.from("not an image"),
      "x.png",
      "image/png",
    );
    expect(response.status).toBe(400);
    expect(await bucket().objects()).toEqual([]);
  });
});
