import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, session, user } from "#server/db/schema/auth.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { members, profiles } from "#server/db/schema/households.ts";
import { queryRows } from "#server/db/rows.ts";
import { createMemoryFileStore } from "#server/lib/file-store.ts";
import { confirmsDeletion } from "#shared/schemas/account.schema.ts";
import {
  outboxVerificationLink,
  signUpAndVerify,
  uniqueEmail,
  type SignedUp,
} from "#test/accounts.ts";
import { errorOf, TestClient } from "#test/client.ts";
import { describeOnEachDatabase, useTestDatabase } from "#test/databases.ts";
import { startTestS3, type TestS3 } from "#test/s3.ts";
import { avatarForm, copyOf, inviteByMail, jsonOk, signInAgain } from "#test/matrix-fixture.ts";
import { useTestApp, type TestApp } from "#test/test-app.ts";
import { avatarFolderOf } from "./delete-account.ts";

type Me = {
  household: { id: string; name: string };
  member: { id: string; role: "owner" | "member" };
  profile: { avatarUrl: string | null };
};
type Person = SignedUp & { householdId: string; memberId: string };

describe("the typed word", () => {
  it("is DELETE or VERWIJDER, in any case, with spaces around it", () => {
    expect(confirmsDeletion("DELETE")).toBe(true);
    expect(confirmsDeletion(" verwijder ")).toBe(true);
    expect(confirmsDeletion("Delete")).toBe(true);
    expect(confirmsDeletion("")).toBe(false);
    expect(confirmsDeletion("DELET")).toBe(false);
    expect(confirmsDeletion("DELETE ME")).toBe(false);
  });
});

describe("a store's folder", () => {
  it("removes every file under it and nothing beside it", async () => {
    const store = createMemoryFileStore();
    await store.put("avatars/a/1.png", new Uint8Array([1]), "image/png");
    await store.put("avatars/a/2.png", new Uint8Array([2]), "image/png");
    await store.put("avatars/ab/1.png", new Uint8Array([3]), "image/png");
    await store.deleteFolder("avatars/a/");
    expect(await store.get("avatars/a/1.png")).toBeNull();
    expect(await store.get("avatars/a/2.png")).toBeNull();
    expect(await store.get("avatars/ab/1.png")).not.toBeNull();
    await expect(store.deleteFolder("avatars/../")).rejects.toThrow();
    await expect(store.deleteFolder("avatars")).rejects.toThrow();
  });
});

/**
 * How many rows of every table of the database hold one of `values` in a text or uuid column:
 * what a deleted account would have left behind.
 */
async function rowsMentioning(testApp: TestApp, values: readonly string[]) {
  const db = testApp.deps.database.db;
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'uuid', 'character varying')
        order by table_name, column_name`,
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns) {
    byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name]);
  }
  const list = sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
  const found: Record<string, number> = {};
  const ids: string[] = [];
  for (const [table, names] of byTable) {
    const where = sql.join(
      names.map((name) => sql`${sql.identifier(name)}::text in (${list})`),
      sql` or `,
    );
    const hasId = names.includes("id");
    const rows = await queryRows<{ id: string | null }>(
      db,
      sql`select ${hasId ? sql`id::text` : sql`null`} as id from ${sql.identifier(table)} where ${where}`,
    );
    if (rows.length > 0) found[table] = rows.length;
    for (const row of rows) if (row.id) ids.push(row.id);
  }
  return { found, ids };
}

describeOnEachDatabase("deleting an account", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  const link = () => outboxVerificationLink(testApp);

  async function person(name: string, email?: string): Promise<Person> {
    const signedUp = await signUpAndVerify(testApp, {
      name,
      verificationLink: link(),
      ...(email ? { email } : {}),
    });
    const me = await jsonOk<Me>(await signedUp.client.get("/api/me"));
    return { ...signedUp, householdId: me.household.id, memberId: me.member.id };
  }

  /** `invitee` accepts the owner's invitation and leaves their own household for the owner's. */
  async function joinHousehold(owner: Person, invitee: Person): Promise<Person> {
    const { token } = await inviteByMail(testApp, owner, invitee.email);
    await jsonOk(await invitee.client.post("/api/accept-invitation", { invitationToken: token }));
    const me = await jsonOk<Me>(await invitee.client.get("/api/me"));
    return { ...invitee, householdId: me.household.id, memberId: me.member.id };
  }

  async function categoryOf(who: Person, kind: "expense" | "income") {
    const { categories } = await jsonOk<{ categories: { id: string; kind: string }[] }>(
      await who.client.get("/api/categories"),
    );
    const category = categories.find((row) => row.kind === kind);
    if (!category) throw new Error(`No ${kind} category.`);
    return category.id;
  }

  const remove = (client: TestClient, body: unknown) => client.post("/api/delete-account", body);

  /** The files under a person's avatar folder: on disk (the test database's data folder) or in memory. */
  async function avatarFiles(userId: string, keys: readonly string[]) {
    const store = testApp().deps.fileStore;
    if (store.kind === "local") {
      const folder = join(database().dataDir, "files", avatarFolderOf(userId));
      return existsSync(folder) ? readdirSync(folder).length : 0;
    }
    const present = await Promise.all(keys.map((key) => store.get(key)));
    return present.filter((file) => file !== null).length;
  }

  describe("a member who leaves", () => {
    let anna: Person;
    let bram: Person;
    let entryIds: string[];
    let avatarKey: string;
    let otherSession: TestClient;

    beforeAll(async () => {
      anna = await person("Anna de Vries");
      bram = await joinHousehold(anna, await person("Bram Jansen"));
      const expense = await categoryOf(anna, "expense");
      const own = await jsonOk<{ id: string }>(
        await bram.client.post("/api/transactions", {
          kind: "expense",
          amountCents: 1234,
          occurredOn: "2026-11-01",
          categoryId: expense,
          memberId: bram.memberId,
          paidByMemberId: bram.memberId,
        }),
        201,
      );
      const split = await jsonOk<{ id: string }>(
        await anna.client.post("/api/transactions", {
          kind: "expense",
          amountCents: 10_000,
          occurredOn: "2026-11-02",
          categoryId: expense,
          splitMode: "percent",
          paidByMemberId: bram.memberId,
          shares: [
            { memberId: anna.memberId, percentBp: 5000 },
            { memberId: bram.memberId, percentBp: 5000 },
          ],
        }),
        201,
      );
      entryIds = [own.id, split.id];
      await jsonOk(await bram.client.request("POST", "/api/profile/avatar", avatarForm()));
      const me = await jsonOk<Me>(await bram.client.get("/api/me"));
      avatarKey = (me.profile.avatarUrl ?? "").replace("/api/files/", "");
      otherSession = await signInAgain(testApp, bram);
    });

    it("is refused without the right password or the typed word, in the caller's language", async () => {
      const wrong = await remove(bram.client, {
        password: "not my password",
        confirmation: "DELETE",
      });
      expect(wrong.status).toBe(400);
      const wrongError = await errorOf(wrong);
      expect(wrongError.code).toBe("VALIDATION");
      expect(wrongError.fields).toEqual({ password: "This is not your password." });

      const untyped = await remove(bram.client, { password: bram.password, confirmation: "yes" });
      expect(untyped.status).toBe(400);
      expect((await errorOf(untyped)).fields).toEqual({ confirmation: "Type DELETE to confirm." });

      const dutch = await bram.client.post(
        "/api/delete-account",
        { password: "", confirmation: "" },
        { headers: { "x-hearth-language": "nl" } },
      );
      expect(dutch.status).toBe(400);
      expect((await errorOf(dutch)).fields).toEqual({
        password: "Vul je wachtwoord in.",
        confirmation: "Typ VERWIJDER om te bevestigen.",
      });

      for (const body of [{}, { password: 1, confirmation: "DELETE" }, "DELETE", null]) {
        const bad = await bram.client.post("/api/delete-account", body, {
          headers: { "x-hearth-language": "nl" },
        });
        expect(bad.status).toBe(400);
        const error = await errorOf(bad);
        expect(error.code).toBe("VALIDATION");
        // Every message in the caller's language, never zod's English.
        for (const message of Object.values(error.fields ?? {})) {
          expect(message).toBe("Deze waarde is niet geldig.");
        }
      }
      const long = await remove(bram.client, {
        password: "x".repeat(200),
        confirmation: "DELETE",
      });
      expect(long.status).toBe(400);
      expect(Object.keys((await errorOf(long)).fields ?? {})).toEqual(["password"]);

      // Still there, still signed in.
      expect((await bram.client.get("/api/me")).status).toBe(200);
      expect(await avatarFiles(bram.userId, [avatarKey])).toBeGreaterThan(0);
    });

    it("keeps the household's shared history, under a former member, and ends every session at once", async () => {
      const sameCookies = copyOf(testApp, bram.client);
      const done = await remove(bram.client, { password: bram.password, confirmation: "delete" });
      expect(done.status).toBe(200);
      expect(await done.json()).toEqual({ deleted: true });
      const cleared = done.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith("hearth.session_token="));
      expect(cleared).toMatch(/Max-Age=0/i);

      // Both of Bram's sessions end at once, the one that asked (its cookie sent again) and the other.
      expect(bram.client.cookies.has("hearth.session_token")).toBe(false);
      expect((await sameCookies.get("/api/me")).status).toBe(401);
      expect((await otherSession.get("/api/me")).status).toBe(401);
      expect(await db().select().from(session).where(eq(session.userId, bram.userId))).toEqual([]);
      expect(await db().select().from(user).where(eq(user.id, bram.userId))).toEqual([]);
      expect(await db().select().from(profiles).where(eq(profiles.id, bram.userId))).toEqual([]);

      // His member row stays, removed and nameless, and the entries still point at it.
      const [row] = await db().select().from(members).where(eq(members.id, bram.memberId));
      expect(row).toMatchObject({
        userId: null,
        invitationStatus: "removed",
        name: "Former member",
        role: "member",
        householdId: anna.householdId,
      });
      const { members: listed } = await jsonOk<{ members: { id: string }[] }>(
        await anna.client.get(`/api/households/${anna.householdId}/members`),
      );
      expect(listed.map((member) => member.id)).not.toContain(bram.memberId);
      for (const id of entryIds) {
        const entry = await jsonOk<{ paidByMemberId: string; amountCents: number }>(
          await anna.client.get(`/api/transactions/${id}`),
        );
        expect(entry.paidByMemberId).toBe(bram.memberId);
      }
      const summary = await jsonOk<{ expenseCents?: number; spendingCents?: number }>(
        await anna.client.get("/api/transactions/summary?from=2026-11-01&to=2026-11-30"),
      );
      expect(JSON.stringify(summary)).toContain("11234");

      // Nothing of his account is left: no row holds his id, address or name, and no avatar file.
      const left = await rowsMentioning(testApp(), [bram.userId, bram.email, bram.name]);
      expect(left.found).toEqual({});
      expect(await avatarFiles(bram.userId, [avatarKey])).toBe(0);
    });

    it("lets the address sign up again, as a new person with a household of their own", async () => {
      const again = await person("Bram Jansen", bram.email);
      expect(again.userId).not.toBe(bram.userId);
      expect(again.householdId).not.toBe(anna.householdId);
      const me = await jsonOk<Me>(await again.client.get("/api/me"));
      expect(me.member.role).toBe("owner");
    });
  });

  describe("an owner", () => {
    it("with members is refused until they hand the household over", async () => {
      const owner = await person("Carla Smit");
      const member = await joinHousehold(owner, await person("Daan Smit"));

      const refused = await remove(owner.client, {
        password: owner.password,
        confirmation: "DELETE",
      });
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).message).toMatch(/Hand it over/);

      const transfer = (who: Person, memberId: unknown) =>
        who.client.post(`/api/households/${owner.householdId}/transfer-ownership`, { memberId });
      // Only the owner hands over, to an active person of the household.
      expect((await transfer(member, owner.memberId)).status).toBe(403);
      expect((await transfer(owner, owner.memberId)).status).toBe(409);
      const invalid = await transfer(owner, "not-an-id");
      expect(invalid.status).toBe(400);
      expect((await errorOf(invalid)).fields).toEqual({
        memberId: "This person is not a member of your household",
      });
      expect((await transfer(owner, crypto.randomUUID())).status).toBe(404);
      const [aggregate] = await db()
        .select({ id: members.id })
        .from(members)
        .where(eq(members.householdId, owner.householdId))
        .orderBy(members.isHousehold);
      expect(aggregate).toBeDefined();
      const stranger = await person("Eva Mol");
      expect((await transfer(owner, stranger.memberId)).status).toBe(404);
      const foreign = await stranger.client.post(
        `/api/households/${owner.householdId}/transfer-ownership`,
        { memberId: member.memberId },
      );
      expect(foreign.status).toBe(404);

      const handed = await jsonOk<{ member: { id: string; role: string } }>(
        await transfer(owner, member.memberId),
      );
      expect(handed.member).toMatchObject({ id: member.memberId, role: "owner" });
      expect((await jsonOk<Me>(await member.client.get("/api/me"))).member.role).toBe("owner");
      expect((await jsonOk<Me>(await owner.client.get("/api/me"))).member.role).toBe("member");
      // Once handed over, the old owner cannot hand it over again.
      expect((await transfer(owner, member.memberId)).status).toBe(403);

      // Now a member, Carla leaves; the household stays Daan's.
      const done = await remove(owner.client, { password: owner.password, confirmation: "DELETE" });
      expect(done.status).toBe(200);
      const [household] = await queryRows<{ count: number }>(
        db(),
        sql`select count(*)::int as count from households where id = ${owner.householdId}`,
      );
      expect(household?.count).toBe(1);
      expect((await member.client.get("/api/me")).status).toBe(200);
    });

    it("whose household still pays for a plan is asked to cancel it first", async () => {
      const owner = await person("Femke Bos");
      await db()
        .insert(subscriptions)
        .values({
          householdId: owner.householdId,
          planName: "premium",
          billingPeriod: "monthly",
          status: "active",
          currentPeriodEnd: new Date(Date.now() + 10 * 24 * 60 * 60 * 1000),
        });
      const refused = await remove(owner.client, {
        password: owner.password,
        confirmation: "DELETE",
      });
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).message).toMatch(/Cancel it first/);
      await db()
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true })
        .where(eq(subscriptions.householdId, owner.householdId));
      expect(
        (await remove(owner.client, { password: owner.password, confirmation: "DELETE" })).status,
      ).toBe(200);
    });

    it("alone in the household leaves nothing behind: no row, no file", async () => {
      const email = uniqueEmail("gijs");
      const owner = await person("Gijs Vos", email);
      const expense = await categoryOf(owner, "expense");
      const income = await categoryOf(owner, "income");
      await jsonOk(
        await owner.client.post("/api/transactions", {
          kind: "expense",
          amountCents: 4200,
          occurredOn: "2026-11-03",
          categoryId: expense,
          memberId: owner.memberId,
          paidByMemberId: owner.memberId,
        }),
        201,
      );
      await jsonOk(
        await owner.client.post("/api/transactions", {
          kind: "income",
          amountCents: 300_000,
          occurredOn: "2026-11-25",
          categoryId: income,
          memberId: owner.memberId,
          receivedByMemberId: owner.memberId,
        }),
        201,
      );
      // Someone removed from the household earlier: their old row goes with it.
      const lodger = await joinHousehold(owner, await person("Hanna Vos"));
      await jsonOk(
        await owner.client.request("PATCH", `/api/members/${lodger.memberId}`, {
          invitationStatus: "removed",
        }),
      );
      await inviteByMail(testApp, owner, uniqueEmail("pending"));
      await jsonOk(await owner.client.request("POST", "/api/profile/avatar", avatarForm()));
      const first = (await jsonOk<Me>(await owner.client.get("/api/me"))).profile.avatarUrl ?? "";
      await jsonOk(await owner.client.request("POST", "/api/profile/avatar", avatarForm()));
      const second = (await jsonOk<Me>(await owner.client.get("/api/me"))).profile.avatarUrl ?? "";
      // A file an interrupted upload left behind goes too.
      const stray = `${avatarFolderOf(owner.userId)}stray.png`;
      await testApp().deps.fileStore.put(stray, new Uint8Array([1, 2, 3]), "image/png");
      const keys = [first, second].map((url) => url.replace("/api/files/", "")).concat(stray);
      expect(await avatarFiles(owner.userId, keys)).toBeGreaterThanOrEqual(2);

      // Everything that mentions the person, their household or their member rows, and then
      // whatever mentions those rows (the entries' shares, the categories' budgets).
      const seeds = [owner.userId, owner.householdId, owner.memberId, email];
      const before = await rowsMentioning(testApp(), seeds);
      const reach = await rowsMentioning(testApp(), [...seeds, ...before.ids]);
      expect(reach.found).toMatchObject({
        user: 1,
        session: 1,
        account: 1,
        profiles: 1,
        households: 1,
        transactions: 2,
        transaction_shares: 2,
        invitations: 2,
      });
      expect(reach.found.categories).toBeGreaterThan(5);
      expect(reach.found.members).toBe(3);
      const ids = [...new Set([...seeds, ...reach.ids])];

      const done = await remove(owner.client, { password: owner.password, confirmation: "DELETE" });
      expect(done.status).toBe(200);
      const after = await rowsMentioning(testApp(), ids);
      expect(after.found).toEqual({});
      expect(await avatarFiles(owner.userId, keys)).toBe(0);
      // The person removed earlier keeps their own account and household.
      expect((await lodger.client.get("/api/me")).status).toBe(200);
      expect((await owner.client.get("/api/me")).status).toBe(401);
    });
  });

  it("lets an owner whose other people have no account take the household with them", async () => {
    const owner = await person("Iris Smit");
    // A person without an account of their own (the demo's partner, a restored export's people).
    const [partner] = await db()
      .insert(members)
      .values({ householdId: owner.householdId, name: "Joost Smit", role: "member" })
      .returning({ id: members.id });
    expect(partner).toBeDefined();
    const done = await remove(owner.client, { password: owner.password, confirmation: "DELETE" });
    expect(done.status).toBe(200);
    const left = await db()
      .select()
      .from(members)
      .where(eq(members.householdId, owner.householdId));
    expect(left).toEqual([]);
  });

  it("counts wrong passwords as failed sign-ins, and stops them at the limit", async () => {
    const guessed = await person("Kees Mol");
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await remove(guessed.client, {
        password: `guess ${attempt}`,
        confirmation: "DELETE",
      });
      expect(wrong.status).toBe(400);
    }
    const limited = await remove(guessed.client, {
      password: guessed.password,
      confirmation: "DELETE",
    });
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).code).toBe("RATE_LIMITED");
    expect((await guessed.client.get("/api/me")).status).toBe(200);
  });

  it("asks an account without a password (Google's sign-in alone) only for the word", async () => {
    const google = await person("Lies Mol");
    // Made with Google, the account has no e-mail-and-password sign-in at all.
    await db().delete(account).where(eq(account.userId, google.userId));
    const untyped = await remove(google.client, { password: "", confirmation: "" });
    expect(untyped.status).toBe(400);
    expect((await errorOf(untyped)).fields).toEqual({ confirmation: "Type DELETE to confirm." });
    const done = await remove(google.client, { password: "", confirmation: "DELETE" });
    expect(done.status).toBe(200);
    expect(await db().select().from(user).where(eq(user.id, google.userId))).toEqual([]);
  });

  it("answers 401 to a visitor", async () => {
    const visitor = new TestClient(testApp);
    const answer = await remove(visitor, { password: "x", confirmation: "DELETE" });
    expect(answer.status).toBe(401);
  });
});

describe("a deleted account's avatars in an S3 bucket", () => {
  let s3: TestS3 | undefined;
  const bucket = () => {
    if (!s3) throw new Error("The S3 server starts in beforeAll.");
    return s3;
  };
  beforeAll(async () => {
    s3 = await startTestS3("hearth-deleted-avatars");
  });
  afterAll(async () => {
    await s3?.close();
  });
  const database = useTestDatabase("embedded");
  const testApp = useTestApp(database, () => bucket().env);

  it("are all removed from the bucket, and no one else's", async () => {
    const link = outboxVerificationLink(testApp);
    const leaving = await signUpAndVerify(testApp, { name: "Iris Kok", verificationLink: link });
    const staying = await signUpAndVerify(testApp, { name: "Joost Kok", verificationLink: link });
    for (const who of [leaving, leaving, staying]) {
      await jsonOk(await who.client.request("POST", "/api/profile/avatar", avatarForm()));
    }
    await testApp().deps.fileStore.put(
      `${avatarFolderOf(leaving.userId)}stray.png`,
      new Uint8Array([1]),
      "image/png",
    );
    const keysOf = async (userId: string) =>
      (await bucket().objects())
        .map((object) => object.key)
        .filter((key) => key.startsWith(avatarFolderOf(userId)));
    expect((await keysOf(leaving.userId)).length).toBe(2);
    expect((await keysOf(staying.userId)).length).toBe(1);

    const done = await leaving.client.post("/api/delete-account", {
      password: leaving.password,
      confirmation: "VERWIJDER",
    });
    expect(done.status).toBe(200);
    expect(await keysOf(leaving.userId)).toEqual([]);
    expect((await keysOf(staying.userId)).length).toBe(1);
  });
});
