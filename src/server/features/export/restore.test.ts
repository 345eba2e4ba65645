import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { queryRows } from "#server/db/rows.ts";
import { seedDemo } from "#server/features/demo/seed-demo.ts";
import { findMembership } from "#server/features/households/households.service.ts";
import { addMonths, today } from "#shared/dates.ts";
import { outboxVerificationLink, signUpAndVerify, uniqueEmail } from "#test/accounts.ts";
import { RawBody, TestClient } from "#test/client.ts";
import { describeOnEachDatabase, useTestDatabase } from "#test/databases.ts";
import { inviteByMail } from "#test/matrix-fixture.ts";
import { useTestApp, type TestApp } from "#test/test-app.ts";
import { restoreBodyLimit, restoredId, type RestoreDocument } from "./restore.service.ts";

type Row = Record<string, unknown>;
/** 32 hexadecimal digits as PostgreSQL writes a uuid. */
const uuidOf = (hex: string) => hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");

type Document = Omit<RestoreDocument, "tables"> & { tables: { name: string; rows: Row[] }[] };

type Person = {
  client: TestClient;
  userId: string;
  householdId: string;
  memberId: string;
};

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function person(testApp: TestApp, client: TestClient, userId: string): Promise<Person> {
  const membership = await findMembership(testApp.deps.database.db, userId);
  if (!membership) throw new Error("No membership.");
  return { client, userId, householdId: membership.householdId, memberId: membership.memberId };
}

/** Every read the app offers a household's people, with the ids each detail needs. */
async function everyFigure(who: Person): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  const get = async <T = unknown>(path: string): Promise<T> => {
    const answer = await json<T>(await who.client.get(path));
    answers[path] = answer;
    return answer;
  };
  const now = today();
  const month = now.slice(0, 7);
  const { members } = await get<{ members: { id: string; isHousehold: boolean }[] }>(
    `/api/households/${who.householdId}/members`,
  );
  const scopes = ["", ...members.filter((m) => !m.isHousehold).map((m) => m.id)];
  for (const scope of scopes) {
    const member = scope ? `member=${scope}` : "";
    for (const period of ["this-month", "last-month", "this-year", "last-12-months"])
      await get(`/api/dashboard?period=${period}&${member}`);
    await get(`/api/dashboard?period=custom&from=${addMonths(month, -30)}-01&to=${now}&${member}`);
    for (const offset of [0, -1, -6, -13])
      await get(`/api/budgets?month=${addMonths(month, offset)}&${member}`);
    await get(`/api/transactions/summary?${member}`);
    await get(`/api/totals?from=${addMonths(month, -24)}-01&to=${now}&${member}`);
    await get(`/api/recurring/upcoming?days=60&${member}`);
    await get(`/api/savings/history?months=24&${member}`);
    await get(`/api/investments/history?months=24&${member}`);
    await get(`/api/net-worth?${member}`);
  }
  await get("/api/categories");
  await get("/api/settle-up");
  await get("/api/recurring");
  await get("/api/imports");
  // Every entry, page by page (the cursor is opaque: its pages are compared, not it).
  const entries: unknown[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: unknown[]; nextCursor: string | null } = await json(
      await who.client.get(
        `/api/transactions?limit=100&includeDeleted=true${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      ),
    );
    entries.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  answers.entries = entries;
  const accounts = await get<{ accounts?: { id: string }[] } | { id: string }[]>(
    "/api/savings/accounts",
  );
  for (const account of Array.isArray(accounts) ? accounts : (accounts.accounts ?? []))
    await get(`/api/savings/accounts/${account.id}`);
  await get("/api/savings/goals");
  await get("/api/savings/emergency-suggestion");
  const portfolios = await get("/api/investments/portfolios");
  for (const id of new Set(
    [...JSON.stringify(portfolios).matchAll(/"holdingId":"([^"]+)"/g)].map((m) => m[1]),
  ))
    await get(`/api/investments/holdings/${id}`);
  const loans = await get<unknown>("/api/loans");
  for (const id of idsOf(loans, "loans")) await get(`/api/loans/${id}`);
  const years = await get<unknown>("/api/taxes/years");
  for (const year of new Set(
    [...JSON.stringify(years).matchAll(/"year":(\d{4})/g)].map((m) => m[1]),
  )) {
    await get(`/api/taxes/years/${year}`);
    await get(`/api/taxes/years/${year}/box3-settings`);
    await get(`/api/taxes/years/${year}/box3`);
  }
  await get("/api/insurance/overview");
  const policies = await get<unknown>("/api/insurance/policies");
  for (const id of idsOf(policies, "policies")) await get(`/api/insurance/policies/${id}`);
  return answers;
}

/** The ids of a list answer (an array, or an object holding one under `key`). */
function idsOf(answer: unknown, key: string): string[] {
  const list = Array.isArray(answer) ? answer : ((answer as Record<string, unknown>)[key] ?? []);
  return (list as { id: string }[]).map((item) => item.id);
}

describeOnEachDatabase("household restore", (database, kind) => {
  // Two Hearths: the exported household's, and a fresh one on a database of its own.
  const env = { BILLING: "off" };
  const source = useTestApp(database, env);
  const freshDatabase = useTestDatabase(kind);
  const target = useTestApp(freshDatabase, env);
  let exporter: Person;
  let document: Document;
  let documentText: string;

  beforeAll(async () => {
    const email = uniqueEmail("restore-source");
    const seeded = await seedDemo(source().deps, { today: today(), email });
    if (!seeded.created) throw new Error("The demo household was not made.");
    const client = new TestClient(source, { headers: { "x-hearth-language": "nl" } });
    const signIn = await client.post("/api/auth/sign-in/email", {
      email,
      password: seeded.password,
    });
    expect(signIn.status).toBe(200);
    const [row] = await queryRows<{ id: string }>(
      source().deps.database.db,
      sql`select id from "user" where email = ${email}`,
    );
    exporter = await person(source(), client, row?.id ?? "");
    const response = await client.get(`/api/households/${exporter.householdId}/export?format=json`);
    expect(response.status).toBe(200);
    documentText = await response.text();
    document = JSON.parse(documentText) as Document;
  });

  /** A new account on the fresh Hearth, named as the exporter's member row. */
  const newAccount = async (): Promise<Person> => {
    const memberRow = document.tables
      .find((table) => table.name === "members")
      ?.rows.find((row) => row.id === document.exportedBy.memberId);
    const signedUp = await signUpAndVerify(target, {
      name: String(memberRow?.name),
      language: "nl",
      verificationLink: outboxVerificationLink(target),
    });
    return person(target(), signedUp.client, signedUp.userId);
  };

  const restore = (who: Person, body: unknown) =>
    who.client.post(`/api/households/${who.householdId}/restore`, body);

  it("refuses a damaged document with a 400 that says what is wrong, and writes nothing", async () => {
    const someone = await newAccount();
    const broken = (change: (copy: Document) => void) => {
      const copy = JSON.parse(documentText) as Document;
      change(copy);
      return copy;
    };
    const rowsOf = (copy: Document, name: string) =>
      copy.tables.find((table) => table.name === name)?.rows ?? [];
    const cases: [Document | unknown, RegExp][] = [
      [{ hello: "world" }, /.+/],
      [broken((copy) => (copy.format = "something-else")), /geen Hearth-export/],
      [broken((copy) => (copy.version = 99)), /nieuwere Hearth \(formaatversie 99\)/],
      [
        broken((copy) => {
          const row = rowsOf(copy, "transactions")[0];
          if (row) row.amount_cents = 12.5;
        }),
        /transactions, rij 1, amount_cents/,
      ],
      [
        broken((copy) => {
          const row = rowsOf(copy, "transactions")[0];
          if (row) row.occurred_on = "2026-02-30";
        }),
        /transactions, rij 1, occurred_on/,
      ],
      [
        broken((copy) => {
          const row = rowsOf(copy, "transactions").find((entry) => entry.category_id);
          if (row) row.category_id = "00000000-0000-4000-8000-000000000000";
        }),
        /transactions, rij \d+, category_id verwijst naar een rij die niet in het bestand staat/,
      ],
      [
        broken((copy) => {
          rowsOf(copy, "transactions").pop();
        }),
        /onvolledig of beschadigd: transactions/,
      ],
      [
        broken((copy) => {
          // An entry of a negative amount: one of the database's rules.
          const row = rowsOf(copy, "transactions")[0];
          if (row) row.amount_cents = -5;
        }),
        /de rijen van transactions voldoen niet aan een van de regels van Hearth/,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await restore(someone, body);
      const text = await answer.text();
      expect(answer.status, text).toBe(400);
      expect((JSON.parse(text) as { error: { message: string } }).error.message).toMatch(message);
    }
    const [rows] = await queryRows<{ n: number }>(
      target().deps.database.db,
      sql`select (select count(*) from transactions where household_id = ${someone.householdId}::uuid)
               + (select count(*) from members where household_id = ${someone.householdId}::uuid)
               as n`,
    );
    expect(Number(rows?.n)).toBe(2);
  });

  it("refuses a body over the limit with a translated 400", async () => {
    const someone = await newAccount();
    // Over 100 MB: the route's limit refuses it as it reads.
    const chunk = new Uint8Array(1024 * 1024).fill(32);
    const body = new Blob(Array.from({ length: restoreBodyLimit / chunk.length + 1 }, () => chunk));
    const answer = await someone.client.request(
      "POST",
      `/api/households/${someone.householdId}/restore`,
      new RawBody(body, "application/json"),
    );
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
      "Dit bestand is te groot om terug te zetten (hoogstens 100 MB).",
    );
  });

  it("restores every area into a new account on a fresh Hearth: every figure the API answers is the same", async () => {
    const tables = new Map(document.tables.map((table) => [table.name, table.rows]));
    for (const name of [
      "transactions",
      "transaction_shares",
      "budgets",
      "recurring_rules",
      "savings_accounts",
      "savings_movements",
      "savings_goals",
      "holdings",
      "investment_trades",
      "loans",
      "loan_parts",
      "tax_items",
      "tax_deadlines",
      "insurance_policies",
    ])
      expect(tables.get(name)?.length ?? 0, name).toBeGreaterThan(0);

    const restorer = await newAccount();
    const answer = await restore(restorer, document);
    expect(answer.status, await answer.clone().text()).toBe(200);
    const result = (await answer.json()) as { counts: Record<string, number>; members: number };
    expect(result.counts.transactions).toBe(tables.get("transactions")?.length);

    // The new ids, read back as the document's: every row's id is derived from the exported
    // household's id, its table and its old id; the exporter is the restoring person now.
    const back = new Map<string, string>([
      [restorer.householdId, exporter.householdId],
      [restorer.userId, exporter.userId],
    ]);
    for (const table of document.tables)
      for (const row of table.rows)
        if (typeof row.id === "string")
          back.set(restoredId(document.householdId, table.name, row.id), row.id);

    const before = await everyFigure(exporter);
    const after = await everyFigure(restorer);
    const asExported = JSON.parse(
      JSON.stringify(after)
        .replace(uuid, (id) => back.get(id) ?? id)
        .split(restorer.userId)
        .join(exporter.userId),
    ) as Record<string, unknown>;
    expect(Object.keys(asExported)).toEqual(Object.keys(before));
    for (const [path, value] of Object.entries(before))
      expect(asExported[path], path).toEqual(value);

    // The monthly roll-ups were made by the triggers, as for any entry.
    const [totals] = await queryRows<{ n: number }>(
      target().deps.database.db,
      sql`select count(*)::int as n from monthly_totals where household_id = ${restorer.householdId}::uuid`,
    );
    expect(totals?.n ?? 0).toBeGreaterThan(0);

    // Restoring it again is refused and changes nothing.
    const entries = async () =>
      (
        await queryRows<{ n: number }>(
          target().deps.database.db,
          sql`select count(*)::int as n from transactions`,
        )
      )[0]?.n;
    const count = await entries();
    const again = await restore(restorer, document);
    expect(again.status).toBe(409);
    // And by another new account in the same Hearth: the same export, restored before.
    const other = await newAccount();
    const twice = await restore(other, document);
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: { message: string } }).error.message).toBe(
      "Deze export is al eerder teruggezet in deze Hearth.",
    );
    expect(await entries()).toBe(count);
  });

  it("restores a member's export: the member becomes the owner here, the owner a member without an account", async () => {
    const joiner = await signUpAndVerify(source, {
      name: "Mila Member",
      verificationLink: outboxVerificationLink(source),
    });
    const invitation = await inviteByMail(
      source,
      { ...exporter, email: "", password: "", name: "" },
      joiner.email,
    );
    const accepted = await joiner.client.post("/api/accept-invitation", {
      invitationToken: invitation.token,
    });
    expect(accepted.status).toBe(200);
    const response = await joiner.client.get(
      `/api/households/${exporter.householdId}/export?format=json`,
    );
    expect(response.status).toBe(200);
    // Another household's id throughout, as if it came from another Hearth (this household's
    // export is restored here already).
    const text = (await response.text()).replaceAll(exporter.householdId, crypto.randomUUID());
    const restorer = await signUpAndVerify(target, {
      name: "Mila Member",
      verificationLink: outboxVerificationLink(target),
    });
    const here = await person(target(), restorer.client, restorer.userId);
    const answer = await restore(here, JSON.parse(text));
    expect(answer.status, await answer.clone().text()).toBe(200);
    const { members } = await json<{
      members: { name: string; role: string; userId: string | null; isSelf: boolean }[];
    }>(await restorer.client.get(`/api/households/${here.householdId}/members`));
    expect(members.find((member) => member.isSelf)).toMatchObject({
      name: "Mila Member",
      role: "owner",
      userId: restorer.userId,
    });
    expect(members.find((member) => member.name === "Sanne de Vries")).toMatchObject({
      role: "member",
      userId: null,
    });
  });

  it("keeps the import hashes of an export written before they were uuids, as the migration does", async () => {
    // An export from before migration 0026 (decision 051): two entries' hashes as text.
    const origin = crypto.randomUUID();
    const old = JSON.parse(documentText.replaceAll(exporter.householdId, origin)) as Document;
    const entries = old.tables.find((table) => table.name === "transactions")?.rows ?? [];
    const [first, second] = entries;
    if (!first || !second) throw new Error("The demo household has fewer than two entries.");
    const hash = "ab".repeat(32);
    const line = "0123456789abcdef".repeat(4);
    Object.assign(first, { import_hash: hash, import_line_hash: line });
    Object.assign(second, { import_hash: "written by hand", import_line_hash: null });
    const restorer = await signUpAndVerify(target, {
      name: "Olaf Oud",
      verificationLink: outboxVerificationLink(target),
    });
    const here = await person(target(), restorer.client, restorer.userId);
    const answer = await restore(here, old);
    expect(answer.status, await answer.clone().text()).toBe(200);
    const stored = async (row: Row) => {
      const [kept] = await queryRows<{ import_hash: string; import_line_hash: string | null }>(
        target().deps.database.db,
        sql`select import_hash, import_line_hash from transactions
          where id = ${restoredId(origin, "transactions", String(row.id))}::uuid`,
      );
      return kept;
    };
    expect(await stored(first)).toEqual({
      import_hash: "abababab-abab-abab-abab-abababababab",
      import_line_hash: "01234567-89ab-cdef-0123-456789abcdef",
    });
    // Text that was never a hash becomes the uuid of its MD5.
    expect(await stored(second)).toEqual({
      import_hash: uuidOf(createHash("md5").update("written by hand").digest("hex")),
      import_line_hash: null,
    });
  });

  it("keeps an import's line or hash on the first live entry of an export that repeats one", async () => {
    // An export from before migration 0027 (decision 059): a link could give a typed entry the
    // line of an imported one.
    const origin = crypto.randomUUID();
    const old = JSON.parse(documentText.replaceAll(exporter.householdId, origin)) as Document;
    const entries = old.tables.find((table) => table.name === "transactions")?.rows ?? [];
    const [first, second, third] = entries;
    if (!first || !second || !third) throw new Error("The demo household has few entries.");
    const [hash, otherHash, line, otherLine] = Array.from({ length: 4 }, () => crypto.randomUUID());
    Object.assign(first, { import_hash: hash, import_line_hash: line, deleted_at: null });
    Object.assign(second, { import_hash: otherHash, import_line_hash: line, deleted_at: null });
    Object.assign(third, { import_hash: hash, import_line_hash: otherLine, deleted_at: null });
    const restorer = await signUpAndVerify(target, {
      name: "Rita Reeks",
      verificationLink: outboxVerificationLink(target),
    });
    const here = await person(target(), restorer.client, restorer.userId);
    const answer = await restore(here, old);
    expect(answer.status, await answer.clone().text()).toBe(200);
    const stored = async (row: Row) =>
      (
        await queryRows<{ import_hash: string | null; import_line_hash: string | null }>(
          target().deps.database.db,
          sql`select import_hash, import_line_hash from transactions
            where id = ${restoredId(origin, "transactions", String(row.id))}::uuid`,
        )
      )[0];
    expect(await stored(first)).toEqual({ import_hash: hash, import_line_hash: line });
    expect(await stored(second)).toEqual({ import_hash: otherHash, import_line_hash: null });
    expect(await stored(third)).toEqual({ import_hash: null, import_line_hash: otherLine });
  });

  it("refuses a household that holds data already, and another household's id", async () => {
    // The exporter's own household is not empty.
    const answer = await restore(exporter, document);
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
      /bevat al gegevens/,
    );
    // Another household's id is a 404, like a missing one.
    const someone = await newAccount();
    const foreign = await someone.client.post(
      `/api/households/${exporter.householdId}/restore`,
      document,
    );
    expect(foreign.status).toBe(404);
  });
});
