import { eq, like } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { accountRateLimits } from "#server/db/schema/limits.ts";
import { createLimiter, limits } from "#server/lib/limits.ts";
import { listOutbox } from "#server/lib/mail.ts";
import {
  latestOutboxMail,
  linkIn,
  outboxVerificationLink,
  signUpAndVerify,
  strongPassword,
  uniqueEmail,
  type SignedUp,
} from "#test/accounts.ts";
import { TestClient, errorOf, uniqueAddress } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";

/**
 * Issue 11, item 3: limits per account and per address, kept in the database (decision 014).
 * Seen on main before: 30 invitations to one address in half a second, 20 strangers mailed by an
 * invite-and-cancel loop, 30 reset mails to one victim from 10 addresses, 50 wrong passwords
 * against one account from 10 addresses all checked, and a client that chose its own address
 * with the left-most X-Forwarded-For.
 */
describeOnEachDatabase("limits per account and per address", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let owner: SignedUp;

  beforeAll(async () => {
    owner = await signUpAndVerify(testApp, {
      verificationLink: outboxVerificationLink(testApp),
      name: "Noor Visser",
    });
  });

  const mailsTo = async (email: string) =>
    (await listOutbox(db())).filter((mail) => mail.to === email).length;

  const me = async (client: TestClient) => {
    const response = await client.get("/api/me");
    expect(response.status).toBe(200);
    return (await response.json()) as { household: { id: string } };
  };

  const invite = async (client: TestClient, householdId: string, email: string) =>
    client.post("/api/send-invitation", { email, householdId });

  it("sends at most five mails an hour to one address, and says when to try again", async () => {
    const { household } = await me(owner.client);
    const stranger = uniqueEmail("stranger");
    const answers: number[] = [];
    for (let i = 0; i < 8; i += 1)
      answers.push((await invite(owner.client, household.id, stranger)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await mailsTo(stranger)).toBe(limits.mailsReceived.max);

    const refused = await invite(owner.client, household.id, stranger);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const error = await errorOf(refused);
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toBe(
      "This address already received several e-mails from Hearth in the last hour. Try again in 60 minutes.",
    );
    const dutch = await owner.client.post(
      "/api/send-invitation",
      { email: stranger, householdId: household.id },
      { headers: { "x-hearth-language": "nl" } },
    );
    expect((await errorOf(dutch)).message).toBe(
      "Dit adres kreeg het afgelopen uur al meerdere e-mails van Hearth. Probeer het over 60 minuten opnieuw.",
    );
  });

  it("lets one account mail at most ten others an hour, also when it cancels each invitation", async () => {
    const sender = await signUpAndVerify(testApp, {
      verificationLink: outboxVerificationLink(testApp),
      name: "Bram de Wit",
    });
    const { household } = await me(sender.client);
    const strangers = Array.from({ length: 14 }, (_, i) => uniqueEmail(`loop-${i}`));
    const answers: number[] = [];
    for (const email of strangers) {
      const sent = await invite(sender.client, household.id, email);
      answers.push(sent.status);
      if (sent.status !== 200) continue;
      const { invitation } = (await sent.json()) as { invitation: { id: string } };
      const cancelled = await sender.client.request("PATCH", `/api/invitations/${invitation.id}`, {
        status: "declined",
      });
      expect(cancelled.status).toBe(200);
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(limits.mailsSent.max);
    expect(answers.slice(limits.mailsSent.max).every((status) => status === 429)).toBe(true);
    let mailed = 0;
    for (const email of strangers) mailed += await mailsTo(email);
    expect(mailed).toBe(limits.mailsSent.max);
  });

  it("sends a victim at most five reset mails an hour, asked from ten addresses, and answers alike", async () => {
    const victim = await signUpAndVerify(testApp, {
      verificationLink: outboxVerificationLink(testApp),
      name: "Iris Bakker",
    });
    const before = await mailsTo(victim.email);
    const answers: number[] = [];
    for (let address = 0; address < 10; address += 1) {
      const client = new TestClient(testApp);
      for (let i = 0; i < 3; i += 1) {
        const asked = await client.post("/api/auth/request-password-reset", {
          email: victim.email,
          redirectTo: "/auth/reset-password",
        });
        answers.push(asked.status);
      }
    }
    // The same answer for every request: the limit tells nobody whether the address is known.
    expect(new Set(answers)).toEqual(new Set([200]));
    // The verification mail of the sign-up counted too: five in all for the hour.
    expect(before).toBe(1);
    expect(await mailsTo(victim.email)).toBe(limits.mailsReceived.max);
  });

  it("checks at most ten passwords per account in 15 minutes, from any number of addresses", async () => {
    const target = await signUpAndVerify(testApp, {
      verificationLink: outboxVerificationLink(testApp),
      name: "Daan Smit",
    });
    const guessers = Array.from({ length: 10 }, () => new TestClient(testApp));
    // Five guesses from each of ten addresses, all at once: within Better Auth's per-address limit.
    const guesses = await Promise.all(
      guessers.flatMap((guesser, at) =>
        Array.from({ length: 5 }, (_, i) =>
          guesser.post("/api/auth/sign-in/email", {
            email: target.email,
            password: `wrong guess ${at}-${i}`,
          }),
        ),
      ),
    );
    const statuses = guesses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(limits.signIns.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - limits.signIns.max);

    // Now even the right password waits; the answer says how long, in the person's language.
    const rightful = new TestClient(testApp, { headers: { "x-hearth-language": "nl" } });
    const right = await rightful.post("/api/auth/sign-in/email", {
      email: target.email.toUpperCase(),
      password: strongPassword,
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(800);
    const error = await errorOf(right);
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toBe(
      'Te veel pogingen om in te loggen op dit account. Probeer het over 15 minuten opnieuw, of kies een nieuw wachtwoord via "Wachtwoord vergeten?".',
    );
    // A new password through the mailed link ends the run: the owner signs in at once.
    const helper = new TestClient(testApp);
    await helper.post("/api/auth/request-password-reset", {
      email: target.email,
      redirectTo: "/auth/reset-password",
    });
    const link = linkIn(
      (await latestOutboxMail(testApp(), target.email)).text,
      "/api/auth/reset-password/",
    );
    const token = new URL(link).pathname.split("/").pop() ?? "";
    const newPassword = "a quiet harbour at dawn";
    const reset = await helper.post("/api/auth/reset-password", { token, newPassword });
    expect(reset.status).toBe(200);
    const afterReset = await new TestClient(testApp).post("/api/auth/sign-in/email", {
      email: target.email,
      password: newPassword,
    });
    expect(afterReset.status).toBe(200);

    // Another account is not affected.
    const other = await new TestClient(testApp).post("/api/auth/sign-in/email", {
      email: owner.email,
      password: strongPassword,
    });
    expect(other.status).toBe(200);
  });

  it("limits changes per account: a script's burst is refused with Retry-After, reading goes on", async () => {
    const busy = await signUpAndVerify(testApp, {
      verificationLink: outboxVerificationLink(testApp),
      name: "Sem Jansen",
    });
    const patch = (i: number) =>
      busy.client.request("PATCH", "/api/profile", { fullName: `Sem Jansen ${i % 2}` });
    const answers: number[] = [];
    for (let i = 0; i < limits.writes.max + 3; i += 1) answers.push((await patch(i)).status);
    expect(answers.slice(0, limits.writes.max).every((status) => status === 200)).toBe(true);
    expect(answers.slice(-3)).toEqual([429, 429, 429]);
    const refused = await patch(1);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await errorOf(refused)).message).toBe(
      "You made a great many changes in a short time. Wait a minute, then try again.",
    );
    expect((await busy.client.get("/api/profile")).status).toBe(200);
    // Someone else in the meantime changes what they like.
    expect((await owner.client.request("PATCH", "/api/profile", { fullName: "Noor" })).status).toBe(
      200,
    );
  });

  it("takes the address the trusted proxy saw (right-most X-Forwarded-For), not the one the client wrote", async () => {
    const proxySaw = uniqueAddress();
    const answers: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const client = new TestClient(testApp, { address: `${uniqueAddress()}, ${proxySaw}` });
      const response = await client.post("/api/auth/sign-in/email", {
        email: uniqueEmail(`nobody-${i}`),
        password: "not the password",
      });
      answers.push(response.status);
    }
    // Better Auth allows five sign-ins a minute per address: the sixth from the proxy's is refused,
    // whatever the client put before it.
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5)).toEqual([429, 429]);
  });

  it("counts in the database, one window per key, and RATE_LIMIT=false lets everything through", async () => {
    const limit = { name: "probe", max: 2, windowSeconds: 60 };
    const limiter = createLimiter(db(), true);
    const start = 1_800_000_000_000;
    expect(await limiter.take(limit, "A", start)).toEqual({ ok: true });
    expect(await limiter.take(limit, "a", start + 1000)).toEqual({ ok: true });
    expect(await limiter.take(limit, "a", start + 2000)).toEqual({ ok: false, retryAfter: 58 });
    // A new window starts when the old one is over.
    expect(await limiter.take(limit, "a", start + 60_000)).toEqual({ ok: true });
    const [row] = await db()
      .select()
      .from(accountRateLimits)
      .where(eq(accountRateLimits.key, "probe:a"));
    expect(row).toEqual({ key: "probe:a", windowStartedAt: start + 60_000, count: 1 });
    // Twenty at once on one key: exactly `max` pass (one statement each, no lost update).
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => limiter.take(limit, "b", start)),
    );
    expect(burst.filter((result) => result.ok)).toHaveLength(2);

    const off = createLimiter(db(), false);
    for (let i = 0; i < 5; i += 1) expect(await off.take(limit, "c", start)).toEqual({ ok: true });
    expect(
      await db().select().from(accountRateLimits).where(like(accountRateLimits.key, "probe:c")),
    ).toEqual([]);
  });
});
