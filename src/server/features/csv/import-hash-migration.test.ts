import { createHash, randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeOnEachDatabase } from "#test/databases.ts";
import { importHash } from "./import-prepare.ts";

const drizzleFolder = resolve(import.meta.dirname, "../../../../drizzle");

/** The migrations up to and including `last` (its journal cut there), in a folder of their own. */
function migrationsUpTo(last: string): string {
  const folder = mkdtempSync(join(tmpdir(), "hearth-migrations-"));
  mkdirSync(join(folder, "meta"));
  const journal = JSON.parse(readFileSync(join(drizzleFolder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const end = journal.entries.findIndex((entry) => entry.tag === last);
  if (end < 0) throw new Error(`No migration ${last}.`);
  const entries = journal.entries.slice(0, end + 1);
  for (const entry of entries)
    cpSync(join(drizzleFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}

/**
 * A database of its own for a describe block, migrated up to and including \`last\` before its
 * tests and dropped after them: its client.
 */
function useDatabaseMigratedTo(database: () => { databaseUrl: string }, last: string) {
  let client: pg.Client | undefined;
  let admin: pg.Client | undefined;
  let folder: string | undefined;
  const name = `hearth_test_${randomBytes(6).toString("hex")}`;
  beforeAll(async () => {
    const url = new URL(database().databaseUrl);
    url.pathname = "/postgres";
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database "${name}" template template0`);
    url.pathname = `/${name}`;
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    folder = migrationsUpTo(last);
    await migrate(drizzle({ client }), { migrationsFolder: folder });
  });
  afterAll(async () => {
    await client?.end();
    await admin?.query(`drop database if exists "${name}"`);
    await admin?.end();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    if (!client) throw new Error("The database is not there yet.");
    return client;
  };
}

/**
 * Migration 0026 (decision 051): the hashes an earlier Hearth kept as 64 hexadecimal digits
 * become the uuids the server now makes of the same keys, so a file imported before it is still
 * recognised after it.
 */
describeOnEachDatabase("an import's hashes kept before migration 0026", (database) => {
  const connection = useDatabaseMigratedTo(database, "0025_roll_up_fillfactor");
  const household = "00000000-0000-4000-8000-000000000001";
  const member = "00000000-0000-4000-8000-000000000002";
  const key = "2025-03-07|expense|310|boodschappen|Bakker|#0";
  const lineKey = "line:2025-03-07\u001f-3.10\u001fBoodschappen\u001fBakker#0";
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

  it("become the first 128 bits of the same SHA-256, as a new import makes them", async () => {
    const client = connection();
    await client.query(`
      insert into "user" (id, name, email, email_verified) values ('u1', 'Anna', 'anna@example.org', true);
      insert into households (id, name) values ('${household}', 'Huishouden van Anna');
      insert into members (id, household_id, user_id, name, role)
        values ('${member}', '${household}', 'u1', 'Anna', 'owner');`);
    await client.query(
      `insert into transactions (household_id, kind, amount_cents, occurred_on, paid_by_member_id,
          import_hash, import_line_hash)
        values ($1, 'expense', 310, '2025-03-07', $2, $3, $4),
          ($1, 'expense', 420, '2025-03-08', $2, 'not a hash', null)`,
      [household, member, sha256(key), sha256(lineKey)],
    );
    await migrate(drizzle({ client }), { migrationsFolder: drizzleFolder });
    const { rows } = await client.query<{
      amount_cents: string;
      import_hash: string;
      import_line_hash: string | null;
    }>(
      "select amount_cents, import_hash, import_line_hash from transactions order by amount_cents",
    );
    expect(rows).toEqual([
      {
        amount_cents: "310",
        import_hash: asUuid(importHash(key)),
        import_line_hash: asUuid(importHash(lineKey)),
      },
      // Text that was never a hash (no Hearth wrote one) still becomes a uuid, of its MD5.
      {
        amount_cents: "420",
        import_hash: md5Uuid("not a hash"),
        import_line_hash: null,
      },
    ]);
    // The unique index of the live entries' hashes is there again, on the uuids.
    await expect(
      client.query(
        `insert into transactions (household_id, kind, amount_cents, occurred_on, paid_by_member_id,
            import_hash)
          values ($1, 'expense', 310, '2025-03-07', $2, $3)`,
        [household, member, importHash(key)],
      ),
    ).rejects.toThrow(/transactions_import_hash_live_idx/);
  });
});

/**
 * Migration 0027 (decision 059): at most one live entry of a household holds a line as written;
 * where a link had repeated one, the oldest entry keeps it and the others keep their entries.
 */
describeOnEachDatabase("an import's lines held twice before migration 0027", (database) => {
  const connection = useDatabaseMigratedTo(database, "0026_import_hash_uuid");
  const household = "00000000-0000-4000-8000-000000000011";
  const member = "00000000-0000-4000-8000-000000000012";
  const line = importHash("line:2025-03-07\u001f-3.10\u001fBakker#0");

  it("keeps a line on the oldest live entry only, and every entry", async () => {
    const client = connection();
    await client.query(`
      insert into "user" (id, name, email, email_verified) values ('u1', 'Bert', 'bert@example.org', true);
      insert into households (id, name) values ('${household}', 'Huishouden van Bert');
      insert into members (id, household_id, user_id, name, role)
        values ('${member}', '${household}', 'u1', 'Bert', 'owner');`);
    await client.query(
      `insert into transactions (household_id, kind, amount_cents, occurred_on, paid_by_member_id,
          import_line_hash, created_at, deleted_at)
        values ($1, 'expense', 310, '2025-03-07', $2, $3, '2025-03-08T10:00:00Z', null),
          ($1, 'expense', 311, '2025-03-07', $2, $3, '2025-03-09T10:00:00Z', null),
          ($1, 'expense', 312, '2025-03-07', $2, $3, '2025-03-07T10:00:00Z', '2025-03-08T09:00:00Z'),
          ($1, 'expense', 313, '2025-03-07', $2, null, '2025-03-07T10:00:00Z', null)`,
      [household, member, line],
    );
    await migrate(drizzle({ client }), { migrationsFolder: drizzleFolder });
    const { rows } = await client.query<{ amount_cents: string; import_line_hash: string | null }>(
      "select amount_cents, import_line_hash from transactions order by amount_cents",
    );
    expect(rows).toEqual([
      { amount_cents: "310", import_line_hash: asUuid(line) },
      // A later live entry with the same line keeps its entry, not the line.
      { amount_cents: "311", import_line_hash: null },
      // A deleted entry keeps its line (an import looks those up apart).
      { amount_cents: "312", import_line_hash: asUuid(line) },
      { amount_cents: "313", import_line_hash: null },
    ]);
    // The index refuses a second live entry with the line.
    await expect(
      client.query(
        `insert into transactions (household_id, kind, amount_cents, occurred_on, paid_by_member_id,
            import_line_hash)
          values ($1, 'expense', 314, '2025-03-07', $2, $3)`,
        [household, member, line],
      ),
    ).rejects.toThrow(/transactions_import_line_hash_live_idx/);
  });
});

/** 32 hexadecimal digits as PostgreSQL writes a uuid. */
const asUuid = (hex: string) => hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
const md5Uuid = (text: string) => asUuid(createHash("md5").update(text).digest("hex"));
