import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";
import { startEmbeddedPostgres } from "#server/db/embedded.ts";

/**
 * One embedded PostgreSQL for the whole test run, from the same binaries and the same start as
 * `npm start` (decision 027), with a template database migrated once by the app's own
 * openDatabase: each test file copies it (`create database … template`), a fraction of a second.
 * fsync is off here only: a test server's data is thrown away when the run ends.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "hearth-test-embedded-"));
  const server = await startEmbeddedPostgres(dataDir, undefined, {
    settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
  });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query("create database hearth_template");
  } finally {
    await admin.end();
  }
  const templateUrl = new URL(server.url);
  templateUrl.pathname = "/hearth_template";
  const template = await openDatabase({
    databaseUrl: templateUrl.toString(),
    dataDir: "memory://",
  });
  await template.close();
  project.provide("embeddedTemplateUrl", templateUrl.toString());
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
