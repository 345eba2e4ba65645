import { gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { beforeAll, expect, it } from "vitest";
import { account, session } from "#server/db/schema/auth.ts";
import { invitations, members } from "#server/db/schema/households.ts";
import { categories } from "#server/db/schema/money.ts";
import { queryRows } from "#server/db/rows.ts";
import { seedDemo } from "#server/features/demo/seed-demo.ts";
import { findMembership } from "#server/features/households/households.service.ts";
import { parseCsv } from "#shared/csv-import.ts";
import { today } from "#shared/dates.ts";
import {
  outboxVerificationLink,
  signUpAndVerify,
  uniqueEmail,
  type SignedUp,
} from "#test/accounts.ts";
import { TestClient } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { inviteByMail } from "#test/matrix-fixture.ts";
import { useTestApp, type TestApp } from "#test/test-app.ts";
import { exportAreas, exportSources, sourcesFor, type Exporter } from "./export-sources.ts";
import {
  csvFileName,
  exportBatchSize,
  exportFormatVersion,
  exportJson,
  tableBatches,
} from "./export.service.ts";

type ExportTable = {
  name: string;
  area: string;
  primaryKey: string[];
  columns: { name: string; type: string; notNull: boolean }[];
  references: { columns: string[]; table: string; foreignColumns: string[] }[];
  rows: Record<string, unknown>[];
};
type ExportDocument = {
  format: string;
  version: number;
  exportedAt: string;
  householdId: string;
  exportedBy: { userId: string; memberId: string; role: string };
  tables: ExportTable[];
  counts: Record<string, number>;
};

type Person = { client: TestClient; userId: string; email: string; householdId: string };

const exportPath = (householdId: string, format: "json" | "csv") =>
  `/api/households/${householdId}/export?format=${format}`;

async function exportDocument(person: Person, headers: Record<string, string> = {}) {
  const response = await person.client.get(exportPath(person.householdId, "json"), { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="hearth-export-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  const text = await response.text();
  return { text, document: JSON.parse(text) as ExportDocument };
}

async function exportZip(person: Person) {
  const response = await person.client.get(exportPath(person.householdId, "csv"));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="hearth-export-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

/** A CSV file of the zip as rows of cells (its BOM checked and dropped). */
function csvRows(bytes: Uint8Array | undefined): string[][] {
  if (!bytes) throw new Error("No such file in the zip.");
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.slice(3));
  return parseCsv(text, { delimiter: "," }).records.map((record) => record.cells);
}

/** How many rows a table holds for the exporter, counted straight in the database. */
async function countRows(testApp: TestApp, name: string, who: Exporter) {
  const source = exportSources.find((candidate) => candidate.name === name);
  if (!source) throw new Error(`${name} is not exported.`);
  const [row] = await queryRows<{ n: number }>(
    testApp.deps.database.db,
    sql`select count(*)::int as n from ${sql.identifier(name)} where ${source.scope(who)}`,
  );
  return row?.n ?? 0;
}

/** Every `id` value in a document: the rows' own ids. */
function rowIds(document: ExportDocument): Set<string> {
  const ids = new Set<string>();
  for (const table of document.tables)
    for (const row of table.rows) if (typeof row.id === "string") ids.add(row.id);
  return ids;
}

describeOnEachDatabase("household export", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let owner: Person;
  let member: Person;
  let foreign: Person;
  let pendingTokenHash: string;

  const signedInDemo = async (email: string): Promise<Person> => {
    const result = await seedDemo(testApp().deps, { today: today(), email });
    if (!result.created) throw new Error("The demo household was not made.");
    const client = new TestClient(testApp);
    const answer = await client.post("/api/auth/sign-in/email", {
      email,
      password: result.password,
    });
    expect(answer.status).toBe(200);
    const membership = await findMembership(db(), (await userId(email)) ?? "");
    return {
      client,
      email,
      userId: (await userId(email)) ?? "",
      householdId: membership?.householdId ?? "",
    };
  };
  const userId = async (email: string) => {
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`select id from "user" where email = ${email}`,
    );
    return row?.id;
  };
  const exporter = async (person: Person): Promise<Exporter> => {
    const membership = await findMembership(db(), person.userId);
    if (!membership) throw new Error("No membership.");
    return {
      userId: person.userId,
      householdId: membership.householdId,
      memberId: membership.memberId,
      role: membership.role,
    };
  };

  beforeAll(async () => {
    owner = await signedInDemo(uniqueEmail("export-owner"));
    foreign = await signedInDemo(uniqueEmail("export-foreign"));
    // A person who joins the owner's household through an invitation.
    const joiner: SignedUp = await signUpAndVerify(testApp, {
      name: "Mila Member",
      verificationLink: outboxVerificationLink(testApp),
    });
    // inviteByMail reads the inviter's client and household.
    const inviter = { ...owner, password: "", name: "", memberId: "" };
    const invitation = await inviteByMail(testApp, inviter, joiner.email);
    const accepted = await joiner.client.post("/api/accept-invitation", {
      invitationToken: invitation.token,
    });
    expect(accepted.status).toBe(200);
    member = { ...joiner, householdId: owner.householdId };
    // And one still pending: the owner's export holds it, without its token's hash.
    const pending = await inviteByMail(testApp, inviter);
    const [row] = await db()
      .select({ tokenHash: invitations.tokenHash })
      .from(invitations)
      .where(eq(invitations.id, pending.id));
    pendingTokenHash = row?.tokenHash ?? "";
    expect(pendingTokenHash).not.toBe("");
  });

  it("gives the owner every table of every area, every member and every row of the household", async () => {
    const { text, document } = await exportDocument(owner);
    const who = await exporter(owner);
    expect(document).toMatchObject({
      format: "hearth-export",
      version: exportFormatVersion,
      householdId: owner.householdId,
      exportedBy: { userId: owner.userId, memberId: who.memberId, role: "owner" },
    });
    expect(Date.parse(document.exportedAt)).not.toBeNaN();

    // Every table the export knows, the household-owned registry's included, in its order.
    expect(document.tables.map((table) => table.name)).toEqual(exportSources.map((s) => s.name));
    for (const table of document.tables) {
      expect(document.counts[table.name], table.name).toBe(table.rows.length);
      expect(table.rows.length, table.name).toBe(await countRows(testApp(), table.name, who));
      expect(table.columns.map((column) => column.name)).toEqual(
        table.rows[0] ? Object.keys(table.rows[0]) : table.columns.map((column) => column.name),
      );
    }
    // Every area has rows (the demo fills them all).
    const areas = new Set(
      document.tables.filter((table) => table.rows.length > 0).map((table) => table.area),
    );
    for (const area of exportAreas.filter((area) => area !== "other")) {
      expect(areas, area).toContain(area);
    }
    const table = (name: string) => {
      const found = document.tables.find((candidate) => candidate.name === name);
      if (!found) throw new Error(`No ${name} in the export.`);
      return found;
    };
    for (const name of ["transactions", "transaction_shares", "recurring_rules", "budgets"]) {
      expect(table(name).rows.length, name).toBeGreaterThan(0);
    }
    // Settlements are entries of their own kind; deleted entries are history too.
    expect(table("transactions").rows.some((row) => row.kind === "settlement")).toBe(true);

    // Every member row: people, the partner without an account, the joiner and the aggregate.
    const memberRows = await db()
      .select({ id: members.id })
      .from(members)
      .where(eq(members.householdId, owner.householdId));
    expect(
      table("members")
        .rows.map((row) => row.id)
        .sort(),
    ).toEqual(memberRows.map((row) => row.id).sort());
    expect(memberRows.length).toBeGreaterThanOrEqual(4);
    // The owner's own account and profile, nobody else's.
    expect(table("user").rows).toEqual([expect.objectContaining({ id: owner.userId })]);
    expect(table("profiles").rows).toEqual([expect.objectContaining({ id: owner.userId })]);
    // The member's address is in the owner's invitation to them, nowhere else.
    const outsideInvitations = JSON.stringify(
      document.tables.filter((t) => t.name !== "invitations"),
    );
    expect(outsideInvitations).not.toContain(member.email);

    // Invitations without their token's hash; the subscription without Stripe's ids.
    expect(table("invitations").rows.length).toBe(2);
    expect(table("invitations").columns.map((c) => c.name)).not.toContain("token_hash");
    expect(text).not.toContain(pendingTokenHash);
    expect(table("subscriptions").rows).toEqual([
      expect.objectContaining({ household_id: owner.householdId, plan_name: "pro" }),
    ]);
    expect(text).not.toMatch(/stripe_customer_id|stripe_subscription_id/);

    // No secrets: no session token, no password hash.
    const tokens = await db().select({ token: session.token }).from(session);
    const hashes = await db().select({ password: account.password }).from(account);
    for (const { token } of tokens) expect(text).not.toContain(token);
    for (const { password } of hashes) if (password) expect(text).not.toContain(password);
    expect(document.tables.map((t) => t.name)).not.toEqual(
      expect.arrayContaining(["session", "account", "verification"]),
    );

    // References are the schema's, and every table comes after the tables it points at.
    expect(table("transactions").references).toEqual(
      expect.arrayContaining([
        { columns: ["category_id"], table: "categories", foreignColumns: ["id"] },
        { columns: ["paid_by_member_id"], table: "members", foreignColumns: ["id"] },
      ]),
    );
    const order = document.tables.map((t) => t.name);
    for (const t of document.tables) {
      for (const reference of t.references) {
        if (reference.table === t.name || !order.includes(reference.table)) continue;
        expect(order.indexOf(reference.table), `${t.name} → ${reference.table}`).toBeLessThan(
          order.indexOf(t.name),
        );
      }
    }
    // Values come as PostgreSQL keeps them: cents as numbers, days as ISO dates.
    const entry = table("transactions").rows[0];
    expect(typeof entry?.amount_cents).toBe("number");
    expect(entry?.occurred_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("never holds a row of another household", async () => {
    const { text, document } = await exportDocument(owner);
    const theirs = (await exportDocument(foreign)).document;
    const ours = rowIds(document);
    const foreignIds = rowIds(theirs);
    expect(foreignIds.size).toBeGreaterThan(500);
    for (const id of foreignIds) expect(ours.has(id), id).toBe(false);
    expect(text).not.toContain(foreign.householdId);
    expect(text).not.toContain(foreign.email);
    // Every row of every table names the owner's household where it has one.
    for (const table of document.tables) {
      for (const row of table.rows) {
        if ("household_id" in row) expect(row.household_id, table.name).toBe(owner.householdId);
      }
    }
  });

  it("gives a member what they see: the household's areas, no invitations, their own profile", async () => {
    const { text, document } = await exportDocument(member);
    const ownerExport = (await exportDocument(owner)).document;
    const who = await exporter(member);
    expect(who.role).toBe("member");
    expect(document.exportedBy).toEqual({
      userId: member.userId,
      memberId: who.memberId,
      role: "member",
    });
    const names = document.tables.map((table) => table.name);
    expect(names).toEqual(sourcesFor(who).map((source) => source.name));
    expect(names).not.toContain("invitations");
    expect(text).not.toContain(pendingTokenHash);
    // The household's data as the owner's export has it, table by table.
    for (const table of document.tables) {
      if (table.name === "user" || table.name === "profiles") continue;
      expect(document.counts[table.name], table.name).toBe(ownerExport.counts[table.name]);
    }
    const own = (name: string) => document.tables.find((table) => table.name === name)?.rows;
    expect(own("user")).toEqual([expect.objectContaining({ id: member.userId })]);
    expect(own("profiles")).toEqual([expect.objectContaining({ id: member.userId })]);
    expect(text).not.toContain(owner.email);
  });

  it("zips a CSV file per table under its area, each holding every row", async () => {
    const files = await exportZip(owner);
    const { document } = await exportDocument(owner);
    const names = Object.keys(files);
    expect(names[0]).toBe("export.csv");
    const about = csvRows(files["export.csv"]);
    expect(about[0]).toEqual([
      "format",
      "version",
      "exported_at",
      "household_id",
      "user_id",
      "member_id",
      "role",
    ]);
    expect(about[1]?.slice(0, 2)).toEqual(["hearth-export", String(exportFormatVersion)]);
    expect(about[1]?.[3]).toBe(owner.householdId);

    for (const area of exportAreas.filter((area) => area !== "other")) {
      expect(
        names.some((name) => name.startsWith(`${area}/`)),
        area,
      ).toBe(true);
    }
    for (const table of document.tables) {
      const rows = csvRows(files[csvFileName(table)]);
      expect(rows[0], table.name).toEqual(table.columns.map((column) => column.name));
      expect(rows.length - 1, table.name).toBe(table.rows.length);
      // The rows are the document's, cell by cell, in the same order.
      const id = rows[0]?.indexOf(table.primaryKey[0] ?? "") ?? -1;
      expect(
        rows.slice(1).map((row) => row[id]),
        table.name,
      ).toEqual(table.rows.map((row) => String(row[table.primaryKey[0] ?? ""])));
    }
    // Cells: numbers and days as written, text as it was (quoted where it must be).
    const entries = csvRows(files["income-spending/transactions.csv"]);
    const header = entries[0] ?? [];
    const first = document.tables.find((t) => t.name === "transactions")?.rows[0];
    const line = entries[1] ?? [];
    expect(line[header.indexOf("amount_cents")]).toBe(String(first?.amount_cents));
    expect(line[header.indexOf("occurred_on")]).toBe(first?.occurred_on);
    expect(line[header.indexOf("merchant")]).toBe(first?.merchant ?? "");

    // A member's zip has no invitations.
    const theirs = await exportZip(member);
    expect(Object.keys(theirs)).not.toContain("household/invitations.csv");
    expect(Object.keys(theirs)).toContain("income-spending/transactions.csv");
  });

  it("gzips the document as it is written when the caller takes gzip", async () => {
    const response = await owner.client.get(exportPath(owner.householdId, "json"), {
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(response.headers.get("cache-control")).toBe("private, no-store, no-transform");
    const text = gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
    const document = JSON.parse(text) as ExportDocument;
    expect(document.householdId).toBe(owner.householdId);
    // Brotli alone: sent as it is, never read whole to be compressed.
    const plain = await owner.client.get(exportPath(owner.householdId, "json"), {
      headers: { "accept-encoding": "br" },
    });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((JSON.parse(await plain.text()) as ExportDocument).householdId).toBe(owner.householdId);
  });

  it("answers another household's id, or none, as a missing one; a visitor gets 401", async () => {
    for (const path of [
      exportPath(foreign.householdId, "json"),
      exportPath(foreign.householdId, "csv"),
      exportPath("00000000-0000-4000-8000-000000000000", "json"),
      exportPath("not-an-id", "csv"),
    ]) {
      const response = await owner.client.get(path);
      expect(response.status, path).toBe(404);
    }
    const wrong = await owner.client.get(`/api/households/${owner.householdId}/export?format=xml`);
    expect(wrong.status).toBe(400);
    const visitor = await new TestClient(testApp).get(exportPath(owner.householdId, "json"));
    expect(visitor.status).toBe(401);
  });
});

describeOnEachDatabase("household export of many entries", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  const entryCount = 20_000;
  let person: Person;
  let who: Exporter;

  beforeAll(async () => {
    const signed = await signUpAndVerify(testApp, {
      name: "Bea Bulk",
      verificationLink: outboxVerificationLink(testApp),
    });
    const membership = await findMembership(db(), signed.userId);
    if (!membership) throw new Error("No membership.");
    person = { ...signed, householdId: membership.householdId };
    who = {
      userId: signed.userId,
      householdId: membership.householdId,
      memberId: membership.memberId,
      role: membership.role,
    };
    const [category] = await db()
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.householdId, who.householdId))
      .limit(1);
    await db().execute(sql`
      insert into transactions (household_id, kind, amount_cents, occurred_on, category_id,
                                split_mode, paid_by_member_id, merchant, notes)
      select ${who.householdId}::uuid, 'expense', 100 + g, date '2024-01-01' + (g % 700),
             ${category?.id ?? null}::uuid, 'personal', ${who.memberId}::uuid,
             'Shop ' || g, case when g % 7 = 0 then 'line one' || chr(10) || 'line, "two"' end
      from generate_series(1, ${entryCount}) g`);
    await db().execute(sql`
      insert into transaction_shares (transaction_id, household_id, member_id, amount_cents)
      select id, household_id, paid_by_member_id, amount_cents from transactions
      where household_id = ${who.householdId}::uuid`);
  }, 120_000);

  it("reads a table in batches of at most the batch size, in key order, each after the last", async () => {
    const source = exportSources.find((candidate) => candidate.name === "transactions");
    if (!source) throw new Error("No transactions source.");
    const sizes: number[] = [];
    let previous = "";
    for await (const batch of tableBatches(db(), source, who)) {
      sizes.push(batch.json.length);
      const first = JSON.parse(batch.json[0] ?? "{}") as { id: string };
      expect(first.id > previous).toBe(true);
      previous = batch.lastKey[0] ?? "";
    }
    expect(sizes).toEqual(
      Array.from({ length: entryCount / exportBatchSize }, () => exportBatchSize),
    );
    // A composite key (entry, member) pages the same way.
    const shares = exportSources.find((candidate) => candidate.name === "transaction_shares");
    if (!shares) throw new Error("No transaction_shares source.");
    let count = 0;
    for await (const batch of tableBatches(db(), shares, who, 3000)) {
      expect(batch.json.length).toBeLessThanOrEqual(3000);
      count += batch.json.length;
    }
    expect(count).toBe(entryCount);
  }, 120_000);

  it("reads a batch only when the piece before it has been taken", async () => {
    // The real database, with its queries counted.
    let queries = 0;
    const counted = new Proxy(db(), {
      get(target, property, receiver) {
        if (property === "execute") {
          return (...args: Parameters<typeof target.execute>) => {
            queries += 1;
            return target.execute(...args);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    let pieces = 0;
    let taken = 0;
    for await (const piece of exportJson(counted, who)) {
      // Never more than one query between two pieces: nothing is read ahead of the reader.
      expect(queries - taken).toBeLessThanOrEqual(1);
      taken = queries;
      pieces += 1;
      expect(piece.length).toBeLessThan(2_000_000);
    }
    // Ten batches of entries, ten of shares, and the other tables.
    expect(queries).toBeGreaterThanOrEqual(2 * (entryCount / exportBatchSize) + 2);
    expect(pieces).toBeGreaterThan(queries);
  }, 120_000);

  it("streams the document: many pieces as the batches are read, none near the whole", async () => {
    const response = await person.client.get(exportPath(person.householdId, "json"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBeNull();
    const reader = response.body?.getReader();
    if (!reader) throw new Error("No body.");
    const pieces: Uint8Array[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pieces.push(value);
    }
    const total = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
    const largest = Math.max(...pieces.map((piece) => piece.byteLength));
    // 20,000 entries and 20,000 shares in batches of 2,000: at least 20 pieces of rows.
    expect(pieces.length).toBeGreaterThanOrEqual((2 * entryCount) / exportBatchSize);
    expect(largest).toBeLessThan(total / 8);
    const document = JSON.parse(Buffer.concat(pieces).toString("utf8")) as ExportDocument;
    const rows = (name: string) => document.tables.find((table) => table.name === name)?.rows;
    expect(rows("transactions")).toHaveLength(entryCount);
    expect(rows("transaction_shares")).toHaveLength(entryCount);
    expect(document.counts.transactions).toBe(entryCount);
    expect(new Set(rows("transactions")?.map((row) => row.id)).size).toBe(entryCount);
    const amounts = rows("transactions")?.reduce((sum, row) => sum + Number(row.amount_cents), 0);
    expect(amounts).toBe(entryCount * 100 + (entryCount * (entryCount + 1)) / 2);
  }, 120_000);

  it("streams the zip, its entries' CSV holding every row, notes with line breaks and quotes", async () => {
    const response = await person.client.get(exportPath(person.householdId, "csv"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBeNull();
    const reader = response.body?.getReader();
    if (!reader) throw new Error("No body.");
    const pieces: Uint8Array[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pieces.push(value);
    }
    expect(pieces.length).toBeGreaterThanOrEqual((2 * entryCount) / exportBatchSize);
    const files = unzipSync(new Uint8Array(Buffer.concat(pieces)));
    const entries = csvRows(files["income-spending/transactions.csv"]);
    expect(entries).toHaveLength(entryCount + 1);
    const notes = entries[0]?.indexOf("notes") ?? -1;
    expect(entries.filter((row) => row[notes] === 'line one\nline, "two"')).toHaveLength(
      Math.floor(entryCount / 7),
    );
    expect(csvRows(files["income-spending/transaction_shares.csv"])).toHaveLength(entryCount + 1);
  }, 120_000);
});
