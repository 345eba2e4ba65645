import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "#test/s3.ts";
import {
  checkKey,
  createFileStore,
  createLocalFileStore,
  createMemoryFileStore,
  createS3FileStore,
} from "./file-store.ts";

const root = mkdtempSync(join(tmpdir(), "hearth-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

describe("file keys", () => {
  it.each(["avatars/u1/1700000000000.png", "a", "a/b-c_d.e/f.webp"])("accepts %s", (key) => {
    expect(checkKey(key)).toBe(key);
  });

  it.each([
    "",
    "/etc/passwd",
    "../outside",
    "avatars/../../outside",
    "avatars/./x",
    "avatars//x",
    "avatars\\x",
    "avatars/x y",
    "C:/windows",
    `${"a".repeat(600)}`,
  ])("refuses %j", (key) => {
    expect(() => checkKey(key)).toThrow(/Not a valid file key/);
  });
});

describe("the local file store", () => {
  const store = createLocalFileStore(root);

  it("keeps bytes and content type, and gives them back", async () => {
    await store.put("avatars/u1/1.png", bytes, "image/png");
    expect(readFileSync(join(root, "avatars/u1/1.png"))).toEqual(Buffer.from(bytes));
    const stored = await store.get("avatars/u1/1.png");
    expect(stored?.contentType).toBe("image/png");
    expect(stored?.bytes).toEqual(bytes);
    // No temporary file is left behind.
    expect(readdirSync(join(root, "avatars/u1")).sort()).toEqual(["1.png", "1.png.type"]);
  });

  it("answers null for a missing file, and deleting one twice is fine", async () => {
    expect(await store.get("avatars/u1/missing.png")).toBeNull();
    await store.put("avatars/u1/2.png", bytes, "image/png");
    await store.delete("avatars/u1/2.png");
    await store.delete("avatars/u1/2.png");
    expect(existsSync(join(root, "avatars/u1/2.png"))).toBe(false);
    expect(existsSync(join(root, "avatars/u1/2.png.type"))).toBe(false);
    expect(await store.get("avatars/u1/2.png")).toBeNull();
  });

  it("overwrites a key", async () => {
    await store.put("avatars/u2/1.jpg", bytes, "image/png");
    await store.put("avatars/u2/1.jpg", new Uint8Array([0xff, 0xd8, 0xff]), "image/jpeg");
    expect(await store.get("avatars/u2/1.jpg")).toEqual({
      bytes: new Uint8Array([0xff, 0xd8, 0xff]),
      contentType: "image/jpeg",
    });
  });

  it("refuses keys that leave its folder, for every operation", async () => {
    await expect(store.put("../escape.png", bytes, "image/png")).rejects.toThrow(/Not a valid/);
    await expect(store.get("/etc/passwd")).rejects.toThrow(/Not a valid/);
    await expect(store.delete("avatars/../../x")).rejects.toThrow(/Not a valid/);
    expect(existsSync(join(root, "..", "escape.png"))).toBe(false);
  });
});

describe("choosing the store", () => {
  it("uses <dataDir>/files without S3, memory for an in-memory data folder", async () => {
    const local = createFileStore({ dataDir: root, s3: undefined });
    expect(local.kind).toBe("local");
    await local.put("x/1.png", bytes, "image/png");
    expect(existsSync(join(root, "files", "x", "1.png"))).toBe(true);
    expect(createFileStore({ dataDir: "memory://", s3: undefined }).kind).toBe("memory");
  });

  it("uses S3 when a bucket is set", () => {
    const store = createFileStore({
      dataDir: root,
      s3: {
        bucket: "hearth",
        region: "eu-west-1",
        endpoint: "http://127.0.0.1:9",
        accessKeyId: "key",
        secretAccessKey: "secret",
        forcePathStyle: true,
      },
    });
    expect(store.kind).toBe("s3");
  });

  it("the memory store behaves like the local one", async () => {
    const store = createMemoryFileStore();
    await store.put("a/1.png", bytes, "image/png");
    expect(await store.get("a/1.png")).toEqual({ bytes, contentType: "image/png" });
    await store.delete("a/1.png");
    expect(await store.get("a/1.png")).toBeNull();
    await expect(store.get("../x")).rejects.toThrow(/Not a valid/);
  });
});

describe("the S3 store, against a real S3-compatible server (s3rver)", () => {
  let s3: TestS3 | undefined;
  const server = () => {
    if (!s3) throw new Error("The S3 server starts in beforeAll.");
    return s3;
  };
  const store = () =>
    createS3FileStore({
      bucket: server().bucket,
      region: "us-east-1",
      endpoint: server().endpoint,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });

  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it("puts an object with its content type, gets it back, overwrites and deletes it", async () => {
    await store().put("avatars/u1/1.png", bytes, "image/png");
    expect(await server().objects()).toEqual([
      { key: "avatars/u1/1.png", bytes, contentType: "image/png" },
    ]);
    expect(await store().get("avatars/u1/1.png")).toEqual({ bytes, contentType: "image/png" });

    const jpeg = new Uint8Array([0xff, 0xd8, 0xff]);
    await store().put("avatars/u1/1.png", jpeg, "image/jpeg");
    expect(await store().get("avatars/u1/1.png")).toEqual({
      bytes: jpeg,
      contentType: "image/jpeg",
    });

    await store().delete("avatars/u1/1.png");
    expect(await server().objects()).toEqual([]);
    expect(await store().get("avatars/u1/1.png")).toBeNull();
  });

  it("answers null for a missing key, and deleting one is fine", async () => {
    expect(await store().get("avatars/u1/missing.png")).toBeNull();
    await store().delete("avatars/u1/missing.png");
  });

  it("refuses keys that leave the store before asking the server", async () => {
    await expect(store().put("../escape.png", bytes, "image/png")).rejects.toThrow(/Not a valid/);
    await expect(store().get("avatars/../x")).rejects.toThrow(/Not a valid/);
    expect(await server().objects()).toEqual([]);
  });

  it("fails loudly with credentials the server does not know", async () => {
    // s3rver checks the access key id (it does not verify version 4 signatures).
    const wrong = createS3FileStore({
      bucket: server().bucket,
      region: "us-east-1",
      endpoint: server().endpoint,
      accessKeyId: "SOMEONE-ELSE",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    await expect(wrong.put("avatars/u1/2.png", bytes, "image/png")).rejects.toThrow();
    expect(await server().objects()).toEqual([]);
  });
});
