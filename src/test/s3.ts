import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/** s3rver's fixed credentials (it refuses other access key ids; it does not verify V4 signatures). */
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export type StoredObject = { key: string; bytes: Uint8Array; contentType: string | undefined };

export type TestS3 = {
  bucket: string;
  /** The service's address, for S3_ENDPOINT (path-style: S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  /** The settings that point Hearth at this bucket. */
  env: Record<string, string>;
  /** Every object in the bucket, read by a client of the test's own (not Hearth's store). */
  objects(): Promise<StoredObject[]>;
  close(): Promise<void>;
};

/**
 * A real S3-compatible server (s3rver, on a free port of 127.0.0.1, objects in a temporary
 * folder) with one empty bucket. Close it after the tests; the folder goes with it.
 */
export async function startTestS3(bucket = "hearth-test"): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), "hearth-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3ClientConfig = {
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials,
  };
  const client = new S3Client(config);
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async objects() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      const objects: StoredObject[] = [];
      for (const { Key } of listed.Contents ?? []) {
        if (!Key) continue;
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        objects.push({
          key: Key,
          bytes: (await object.Body?.transformToByteArray()) ?? new Uint8Array(),
          contentType: object.ContentType,
        });
      }
      return objects.sort((x, y) => x.key.localeCompare(y.key));
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
