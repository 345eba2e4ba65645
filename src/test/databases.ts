import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { openDatabase } from "#server/db/client.ts";

/**
 * A database per test file: PGlite always, and PostgreSQL as well when TEST_DATABASE_URL points
 * at a server (each run creates a database of its own and drops it afterwards).
 */
export type DatabaseKind = "pglite" | "postgres";

/** What the app needs to open the database: hand it to loadConfig / openDatabase. */
export type TestDatabase = {
  kind: DatabaseKind;
  /** Set on PostgreSQL: the address of the database this run created. */
  databaseUrl: string | undefined;
  /** On PGlite: a private data folder holding a freshly migrated database. */
  dataDir: string;
  /** Drops the PostgreSQL database (after ending its connections), or removes the PGlite folder. */
  drop(): Promise<void>;
};

/** The PostgreSQL server to create test databases on, or undefined to run on PGlite only. */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? url : undefined;
}

export function databaseKinds(): DatabaseKind[] {
  return testDatabaseUrl() ? ["pglite", "postgres"] : ["pglite"];
}

const root = resolve(import.meta.dirname, "../..");

/** Changes whenever a migration or the PGlite version changes. */
function templateKey(): string {
  const hash = createHash("sha256");
  const folder = join(root, "drizzle");
  for (const file of readdirSync(folder, { recursive: true, encoding: "utf8" }).sort()) {
    if (file.endsWith(".sql") || file.endsWith(".json"))
      hash.update(file).update(readFileSync(join(folder, file)));
  }
  hash.update(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json")));
  return hash.digest("hex").slice(0, 16);
}

let template: Promise<string> | undefined;

/**
 * A PGlite data folder migrated by the app's own openDatabase, built once and shared by every
 * test file (PGlite's initdb takes seconds; copying the folder a fraction of one). Built in a
 * scratch folder and renamed into place, so parallel workers never see half a template.
 */
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = join(tmpdir(), `hearth-test-pglite-${templateKey()}`);
    if (existsSync(join(dir, "ready"))) return dir;
    const building = mkdtempSync(join(tmpdir(), "hearth-test-pglite-build-"));
    const database = await openDatabase({ dataDir: building });
    await database.close();
    writeFileSync(join(building, "ready"), "");
    try {
      renameSync(building, dir);
    } catch {
      // Another worker finished first: use theirs.
      rmSync(building, { recursive: true, force: true });
    }
    return dir;
  })();
  return template;
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
 * A fresh, migrated database of its own. PGlite: a copy of the template in a new folder.
 * PostgreSQL: an empty database; the app's openDatabase applies the migrations to it.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const source = await pgliteTemplate();
    const dataDir = mkdtempSync(join(tmpdir(), "hearth-test-"));
    cpSync(join(source, "db"), join(dataDir, "db"), { recursive: true });
    return {
      kind,
      databaseUrl: undefined,
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const serverUrl = testDatabaseUrl();
  if (!serverUrl)
    throw new Error("TEST_DATABASE_URL is not set: there is no PostgreSQL server to test on.");
  const name = `hearth_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    databaseUrl: url.toString(),
    dataDir: "memory://", // not used: openDatabase prefers the connection address
    drop: () =>
      withAdmin(serverUrl, async (client) => {
        await client.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [name],
        );
        await client.query(`drop database if exists "${name}"`);
      }),
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
 * Runs a describe block once per database: on PGlite, and on PostgreSQL too when
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
