import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { session } from "#server/db/schema/auth.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { profiles } from "#server/db/schema/households.ts";
import {
  latestOutboxMail,
  linkIn,
  outboxVerificationLink,
  signUpAndVerify,
  uniqueEmail,
  type SignedUp,
} from "#test/accounts.ts";
import { TestClient } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";
import { verifiedToken } from "./session.ts";

/**
 * Issue 15, item 2: the session, the person and their household are read in one round trip —
 * and nothing is cached, so whatever changed is seen on the very next request: a member removed
 * loses the household, a session signed out or expired is refused, a forged cookie never counts,
 * and Better Auth still slides a session's expiry once a day.
 */
describe("the session cookie's signature", () => {
  const secret = "a-secret-of-at-least-thirty-two-characters";
  const sign = (token: string, key = secret) =>
    `${token}.${createHmac("sha256", key).update(token).digest("base64")}`;

  it("gives the token of a cookie Better Auth signed", () => {
    expect(verifiedToken(sign("abc123"), secret)).toBe("abc123");
    expect(verifiedToken(sign("with.a.dot"), secret)).toBe("with.a.dot");
  });

  it("refuses a cookie signed with another secret, changed, cut short or missing", () => {
    expect(verifiedToken(sign("abc123", "another-secret-of-thirty-two-characters"), secret)).toBe(
      null,
    );
    expect(verifiedToken(sign("abc123").replace("abc123", "abc124"), secret)).toBe(null);
    expect(verifiedToken("abc123", secret)).toBe(null);
    expect(verifiedToken("abc123.c2hvcnQ=", secret)).toBe(null);
    expect(verifiedToken(".".repeat(45), secret)).toBe(null);
    expect(verifiedToken("", secret)).toBe(null);
    expect(verifiedToken(undefined, secret)).toBe(null);
  });
});

describeOnEachDatabase("the session on every request", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  const tokenCookie = "hearth.session_token";
  let owner: SignedUp;
  let partner: SignedUp;
  let householdId: string;
  let partnerMemberId: string;

  type Me = { account: { household: { id: string }; member: { id: string; role: string } } };
  const me = async (client: TestClient) => {
    const response = await client.get("/api/session");
    expect(response.status).toBe(200);
    return (await response.json()) as Me;
  };
  /** Who /api/session says is signed in (null: nobody), and whether a household route lets in. */
  const signedIn = async (client: TestClient) => {
    const body = (await (await client.get("/api/session")).json()) as { account: unknown };
    const members = await client.get(`/api/households/${householdId}/members`);
    return { account: body.account !== null, members: members.status };
  };
  const tokenOf = (client: TestClient) =>
    decodeURIComponent(client.cookies.get(tokenCookie) ?? "").split(".")[0] ?? "";

  beforeAll(async () => {
    owner = await signUpAndVerify(testApp, {
      verificationLink: outboxVerificationLink(testApp),
      name: "Iris Kok",
    });
    await setHouseholdPlan(db(), owner.userId, "pro");
    householdId = (await me(owner.client)).account.household.id;
    const email = uniqueEmail("partner");
    const sent = await owner.client.post("/api/send-invitation", { email, householdId });
    expect(sent.status).toBe(200);
    const mail = await latestOutboxMail(testApp(), email);
    const token = new URL(linkIn(mail.text, "/invitation?token=")).searchParams.get("token");
    partner = await signUpAndVerify(testApp, {
      verificationLink: outboxVerificationLink(testApp),
      name: "Olaf Kok",
      email,
    });
    const accepted = await partner.client.post("/api/accept-invitation", {
      invitationToken: token,
    });
    expect(accepted.status).toBe(200);
    const joined = await me(partner.client);
    expect(joined.account.household.id).toBe(householdId);
    partnerMemberId = joined.account.member.id;
  });

  it("answers a signed-in request without touching the cookie", async () => {
    const response = await owner.client.get("/api/session");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("answers a request without Better Auth's cookies as signed out, without asking Better Auth", async () => {
    const getSession = vi.spyOn(testApp().deps.auth.api, "getSession");
    try {
      // A load balancer's probe, a visitor with only cookies of their own: signed out, at once.
      const probe = await testApp().request("/api/health");
      expect(probe.status).toBe(200);
      const visitor = new TestClient(testApp);
      visitor.cookies.set("theme", "dark");
      expect(await signedIn(visitor)).toEqual({ account: false, members: 401 });
      expect(getSession).not.toHaveBeenCalled();
      // A piece of Better Auth's chunked session cookie alone still goes to Better Auth, which
      // clears what it does not use.
      const leftover = new TestClient(testApp);
      leftover.cookies.set("hearth.session_data.0", "stale");
      expect(await signedIn(leftover)).toEqual({ account: false, members: 401 });
      expect(getSession).toHaveBeenCalled();
    } finally {
      getSession.mockRestore();
    }
    expect(await signedIn(owner.client)).toEqual({ account: true, members: 200 });
  });

  it("refuses a cookie whose token is real but whose signature is forged", async () => {
    const forged = new TestClient(testApp);
    forged.cookies.set(
      tokenCookie,
      encodeURIComponent(`${tokenOf(owner.client)}.${"A".repeat(43)}=`),
    );
    expect(await signedIn(forged)).toEqual({ account: false, members: 401 });
    const bare = new TestClient(testApp);
    bare.cookies.set(tokenCookie, tokenOf(owner.client));
    expect(await signedIn(bare)).toEqual({ account: false, members: 401 });
    expect(await signedIn(owner.client)).toEqual({ account: true, members: 200 });
  });

  it("takes the household from a member removed on their very next request", async () => {
    const members = `/api/households/${householdId}/members`;
    expect((await partner.client.get(members)).status).toBe(200);
    const removed = await owner.client.request("PATCH", `/api/members/${partnerMemberId}`, {
      invitationStatus: "removed",
    });
    expect(removed.status).toBe(200);
    // The next request: the old household is another household's (404), and they have their own.
    expect((await partner.client.get(members)).status).toBe(404);
    const after = await me(partner.client);
    expect(after.account.household.id).not.toBe(householdId);
    expect(after.account.member.role).toBe("owner");
  });

  it("reads the plan and the profile with the session, as they are now", async () => {
    type Account = Me["account"] & {
      household: { planName: string };
      profile: { fullName: string; scopeMemberId: string | null };
    };
    const account = async () =>
      ((await (await owner.client.get("/api/session")).json()) as { account: Account }).account;
    expect((await account()).household.planName).toBe("pro");
    expect((await owner.client.get("/api/savings/accounts")).status).toBe(200);

    // The subscription ends: the very next request has Free, and the gated area is refused.
    const householdOf = eq(subscriptions.householdId, householdId);
    await db()
      .update(subscriptions)
      .set({ status: "canceled", currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(householdOf);
    expect((await account()).household.planName).toBe("free");
    const refused = await owner.client.get("/api/savings/accounts");
    expect(refused.status).toBe(403);
    await setHouseholdPlan(db(), owner.userId, "pro");
    expect((await account()).household.planName).toBe("pro");

    // The scope picker's choice counts only while it is one of the household's active members.
    const self = (await me(owner.client)).account.member.id;
    expect((await owner.client.put("/api/me/scope", { memberId: self })).status).toBe(200);
    expect((await account()).profile.scopeMemberId).toBe(self);
    // The partner was removed above: a choice still pointing at them is none.
    await db()
      .update(profiles)
      .set({ scopeMemberId: partnerMemberId })
      .where(eq(profiles.id, owner.userId));
    expect((await account()).profile.scopeMemberId).toBeNull();
    expect((await account()).profile.fullName).toBe("Iris Kok");
  });

  it("refuses a session signed out, or expired in the database, on the next request", async () => {
    const second = new TestClient(testApp);
    const signIn = await second.post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    expect(signIn.status).toBe(200);
    expect(await signedIn(second)).toEqual({ account: true, members: 200 });
    const copy = new TestClient(testApp);
    for (const [name, value] of second.cookies) copy.cookies.set(name, value);
    expect((await second.post("/api/auth/sign-out")).status).toBe(200);
    expect(await signedIn(copy)).toEqual({ account: false, members: 401 });

    const third = new TestClient(testApp);
    await third.post("/api/auth/sign-in/email", { email: owner.email, password: owner.password });
    expect(await signedIn(third)).toEqual({ account: true, members: 200 });
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, tokenOf(third)));
    const expired = (await (await third.get("/api/session")).json()) as { account: unknown };
    expect(expired.account).toBeNull();
    // Better Auth's way clears the cookie of a session that ended.
    expect(third.cookies.has(tokenCookie)).toBe(false);
  });

  it("still slides a session's expiry once a day, writing the session and the cookie", async () => {
    const client = new TestClient(testApp);
    await client.post("/api/auth/sign-in/email", { email: owner.email, password: owner.password });
    const token = tokenOf(client);
    // Made a day and a minute ago: six days left of seven.
    const dayAgo = new Date(Date.now() + 6 * 24 * 3600_000 - 60_000);
    await db().update(session).set({ expiresAt: dayAgo }).where(eq(session.token, token));
    const response = await client.get("/api/session");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(tokenCookie))).toBe(
      true,
    );
    const [row] = await db().select().from(session).where(eq(session.token, token));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7 * 24 * 3600_000 - 60_000);
  });
});
