import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";

/**
 * A database per test file: on the embedded PostgreSQL always (one server for the whole run,
 * started by `embedded-global-setup.ts`, decision 027), and on PostgreSQL as well when
 * TEST_DATABASE_URL points at a server (each run creates a database of its own and drops it
 * afterwards).
 */
export type DatabaseKind = "embedded" | "postgres";

/** What the app needs to open the database: hand it to loadConfig / openDatabase. */
export type TestDatabase = {
  kind: DatabaseKind;
  /** The address of the database this test file got. */
  databaseUrl: string;
  /** On the embedded kind: a private data folder for the file store; "memory://" otherwise. */
  dataDir: string;
  /** Drops the database (after ending its connections), and removes the data folder. */
  drop(): Promise<void>;
};

/** The PostgreSQL server to create test databases on, or undefined to run on the embedded one only. */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? url : undefined;
}

export function databaseKinds(): DatabaseKind[] {
  return testDatabaseUrl() ? ["embedded", "postgres"] : ["embedded"];
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The embedded test server's template database, migrated once for the whole run. */
    embeddedTemplateUrl: string;
  }
}

async function withAdmin<T>(
  serverUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database of its own. Embedded: a copy of the run's template database.
 * PostgreSQL: an empty database; the app's openDatabase applies the migrations to it.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const name = `hearth_test_${randomBytes(6).toString("hex")}`;
  let serverUrl: string;
  let template = "";
  if (kind === "embedded") {
    const templateUrl = new URL(inject("embeddedTemplateUrl"));
    template = templateUrl.pathname.slice(1);
    templateUrl.pathname = "/postgres";
    serverUrl = templateUrl.toString();
  } else {
    const url = testDatabaseUrl();
    if (!url) {
      throw new Error("TEST_DATABASE_URL is not set: there is no PostgreSQL server to test on.");
    }
    serverUrl = url;
  }
  await withAdmin(serverUrl, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database "${name}"${template ? ` template "${template}"` : ""}`);
        return;
      } catch (error) {
        // Another file's copy of the template is still starting: try again shortly.
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = kind === "embedded" ? mkdtempSync(join(tmpdir(), "hearth-test-")) : "memory://";
  return {
    kind,
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      await withAdmin(serverUrl, async (client) => {
        await client.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [name],
        );
        await client.query(`drop database if exists "${name}"`);
      });
      if (dataDir !== "memory://") rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a database before the block's tests and drops it after them. */
export function useTestDatabase(kind: DatabaseKind): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });
  return () => {
    if (!database)
      throw new Error("The test database is created in beforeAll; use it inside hooks and tests.");
    return database;
  };
}

/**
 * Runs a describe block once per database: on the embedded one, and on PostgreSQL too when
 * TEST_DATABASE_URL is set. `database()` gives the block's database from `beforeAll` on; it is
 * dropped after the block.
 */
export function describeOnEachDatabase(
  name: string,
  body: (database: () => TestDatabase, kind: DatabaseKind) => void,
) {
  for (const kind of databaseKinds()) {
    describe(`${name} (${kind})`, () => {
      body(useTestDatabase(kind), kind);
    });
  }
}
