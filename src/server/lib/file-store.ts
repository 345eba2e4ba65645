import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { Config } from "#server/env.ts";

export type StoredFile = { bytes: Uint8Array; contentType: string };

/**
 * Where uploaded files live: a folder under the data folder, or an S3 bucket. Keys are relative
 * paths with forward slashes, like `avatars/<userId>/<timestamp>.png`.
 */
export type FileStore = {
  readonly kind: "local" | "memory" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file and its content type, or null when there is none under the key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `folder` (ending in `/`), e.g. a person's avatars. */
  deleteFolder(folder: string): Promise<void>;
};

/** A folder prefix: a valid key followed by `/`. */
function checkFolder(folder: string): string {
  if (!folder.endsWith("/")) throw new Error(`Not a folder: ${JSON.stringify(folder)}`);
  checkKey(folder.slice(0, -1));
  return folder;
}

const segmentPattern = /^[A-Za-z0-9_.-]+$/;

/** Refuses a key that could leave the store's folder: absolute, `..`, empty or odd segments. */
export function checkKey(key: string): string {
  const segments = key.split("/");
  const ok =
    key.length > 0 &&
    key.length <= 512 &&
    !isAbsolute(key) &&
    !key.includes("\\") &&
    segments.every(
      (segment) =>
        segment !== "" && segment !== "." && segment !== ".." && segmentPattern.test(segment),
    );
  if (!ok) throw new Error(`Not a valid file key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Files in `${root}/<key>`, each with its content type in `<key>.type` beside it. Writes go to a
 * temporary name first and are renamed into place, so a reader never sees half a file.
 */
export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, checkKey(key)));
    if (!path.startsWith(base + sep)) throw new Error(`Not a valid file key: ${key}`);
    return path;
  };
  const missing = (error: unknown) =>
    typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT";

  return {
    kind: "local",
    async put(key, bytes, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(`${path}.type`, contentType, "utf8");
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [bytes, contentType] = await Promise.all([
          readFile(path),
          readFile(`${path}.type`, "utf8").catch(() => "application/octet-stream"),
        ]);
        return { bytes: new Uint8Array(bytes), contentType: contentType.trim() };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.type`, { force: true });
    },
    async deleteFolder(folder) {
      await rm(pathOf(checkFolder(folder).slice(0, -1)), { recursive: true, force: true });
    },
  };
}

/** Files in memory, for a data folder that is itself in memory (`memory://`, PGlite's). */
export function createMemoryFileStore(): FileStore {
  const files = new Map<string, StoredFile>();
  return {
    kind: "memory",
    async put(key, bytes, contentType) {
      files.set(checkKey(key), { bytes: new Uint8Array(bytes), contentType });
    },
    async get(key) {
      return files.get(checkKey(key)) ?? null;
    },
    async delete(key) {
      files.delete(checkKey(key));
    },
    async deleteFolder(folder) {
      checkFolder(folder);
      for (const key of [...files.keys()]) if (key.startsWith(folder)) files.delete(key);
    },
  };
}

/**
 * Files as objects in an S3 bucket (or a compatible service at `endpoint`). The SDK is loaded on
 * first use, so a server without S3 never loads it. The tests run it against a real
 * S3-compatible server (s3rver, `src/test/s3.ts`), on its own and behind the avatar routes.
 */
export function createS3FileStore(s3: NonNullable<Config["s3"]>): FileStore {
  let connecting: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const connect = () =>
    (connecting ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: s3.forcePathStyle,
        credentials:
          s3.accessKeyId && s3.secretAccessKey
            ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
            : undefined,
      }),
    })));
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: s3.bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({ Bucket: s3.bucket, Key: checkKey(key) }),
        );
        if (!object.Body) return null;
        return {
          bytes: await object.Body.transformToByteArray(),
          contentType: object.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: checkKey(key) }));
    },
    async deleteFolder(folder) {
      const { sdk, client } = await connect();
      const prefix = checkFolder(folder);
      // A page holds at most 1,000 keys, as many as one DeleteObjects takes.
      for (;;) {
        const listed = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix, MaxKeys: 1000 }),
        );
        const keys = (listed.Contents ?? []).flatMap((object) =>
          object.Key ? [{ Key: object.Key }] : [],
        );
        if (keys.length === 0) return;
        await client.send(
          new sdk.DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: keys } }),
        );
        if (!listed.IsTruncated) return;
      }
    },
  };
}

/** S3 when a bucket is configured, otherwise `${dataDir}/files` (in memory for `memory://`). */
export function createFileStore(config: Pick<Config, "dataDir" | "s3">): FileStore {
  if (config.s3) return createS3FileStore(config.s3);
  if (config.dataDir.startsWith("memory://")) return createMemoryFileStore();
  return createLocalFileStore(join(config.dataDir, "files"));
}
