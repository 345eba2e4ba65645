import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimit, session, verification } from "#server/db/schema/auth.ts";
import { households, members, profiles } from "#server/db/schema/households.ts";
import { mailTexts } from "#server/lib/mail-templates.ts";
import {
  linkIn,
  pathOf,
  signUpAndVerify,
  strongPassword,
  uniqueEmail,
  userRow,
} from "#test/accounts.ts";
import { TestClient, errorOf, parseSetCookie } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { startSmtpCapture, type SmtpCapture } from "#test/smtp.ts";
import { testBaseUrl, useTestApp } from "#test/test-app.ts";

/**
 * Every account flow through the real app, Better Auth and a real SMTP server: the mails are
 * sent by nodemailer over SMTP_URL, received by the test's SMTP server and parsed.
 */
describeOnEachDatabase("accounts", (database) => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const testApp = useTestApp(database, () => ({ SMTP_URL: smtp.url }));
  const db = () => testApp().deps.database.db;
  const client = (headers?: Record<string, string>) =>
    new TestClient(testApp, headers ? { headers } : {});

  /** Waits for the next mail to an address (after the ones already received) and returns its link. */
  async function nextMailTo(email: string, since: number) {
    return smtp.waitForMail(email, { since });
  }

  const verificationLinkFromSmtp = async (email: string) =>
    linkIn((await smtp.waitForMail(email)).text, "/api/auth/verify-email");

  const signUp = (who: TestClient, body: Record<string, unknown>) =>
    who.post("/api/auth/sign-up/email", { callbackURL: "/auth/email-verified", ...body });

  describe("sign up", () => {
    it("mails an English verification link whose click signs in and shows the new household", async () => {
      const email = uniqueEmail("anna");
      const anna = client();
      const response = await signUp(anna, {
        name: "Anna de Vries",
        email,
        password: strongPassword,
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { user: { email: string; emailVerified: boolean } };
      expect(body.user).toMatchObject({ email, emailVerified: false });
      expect(anna.cookies.size).toBe(0); // not signed in before the address is confirmed

      const mail = await smtp.waitForMail(email);
      expect(mail.to).toContain(email);
      expect(mail.subject).toBe(mailTexts.en.verify.subject);
      expect(mail.text).toContain("Hello Anna de Vries,");
      expect(mail.text).toContain(mailTexts.en.verify.intro);
      const link = linkIn(mail.text, "/api/auth/verify-email?token=");
      expect(new URL(link).searchParams.get("callbackURL")).toBe("/auth/email-verified");
      expect(mail.html).toContain('lang="en"');

      const verified = await anna.get(pathOf(link));
      expect(verified.status).toBe(302);
      expect(verified.headers.get("location")).toBe("/auth/email-verified");
      expect(anna.cookies.get("hearth.session_token")).toBeTruthy();
      // The link signs in once: opened again, it only shows the page.
      const again = await client().get(pathOf(link));
      expect(again.status).toBe(302);
      expect(again.headers.getSetCookie()).toEqual([]);

      const me = await anna.get("/api/me");
      expect(me.status).toBe(200);
      const account = (await me.json()) as {
        user: { id: string; email: string; name: string; emailVerified: boolean };
        profile: {
          fullName: string;
          preferredLanguage: string;
          planName: string | null;
          avatarUrl: string | null;
        };
        household: { id: string; name: string };
        member: { id: string; role: string };
      };
      expect(account.user).toMatchObject({ email, name: "Anna de Vries", emailVerified: true });
      expect(account.profile).toEqual({
        fullName: "Anna de Vries",
        preferredLanguage: "en",
        planName: null,
        avatarUrl: null,
        scopeMemberId: null,
      });
      expect(account.household.name).toBe("Anna's household");
      expect(account.member.role).toBe("owner");

      // Exactly what signing up creates: one profile, one household, its owner and its aggregate row.
      const userId = account.user.id;
      const profileRows = await db().select().from(profiles).where(eq(profiles.id, userId));
      expect(profileRows).toHaveLength(1);
      expect(profileRows[0]).toMatchObject({
        fullName: "Anna de Vries",
        preferredLanguage: "en",
        planName: null,
      });
      const memberRows = await db().select().from(members).where(eq(members.userId, userId));
      expect(memberRows).toHaveLength(1);
      expect(memberRows[0]).toMatchObject({
        id: account.member.id,
        householdId: account.household.id,
        role: "owner",
        isHousehold: false,
        invitationStatus: "active",
        name: "Anna de Vries",
      });
      const householdRows = await db()
        .select()
        .from(households)
        .where(eq(households.id, account.household.id));
      expect(householdRows).toHaveLength(1);
      const householdMembers = await db()
        .select()
        .from(members)
        .where(eq(members.householdId, account.household.id));
      expect(householdMembers).toHaveLength(2);
      const aggregate = householdMembers.find((row) => row.isHousehold);
      expect(aggregate).toMatchObject({
        userId: null,
        isHousehold: true,
        invitationStatus: "active",
      });
    });

    it("writes in Dutch, with a plain-text part, when the person signs up in Dutch", async () => {
      const email = uniqueEmail("bram");
      const bram = client({ "x-hearth-language": "nl" });
      expect(
        (await signUp(bram, { name: "Bram Visser", email, password: strongPassword })).status,
      ).toBe(200);

      const mail = await smtp.waitForMail(email);
      expect(mail.subject).toBe(mailTexts.nl.verify.subject);
      expect(mail.raw).toMatch(/content-type: text\/plain/i);
      expect(mail.text).toContain("Hallo Bram Visser,");
      expect(mail.text).toContain(mailTexts.nl.verify.intro);
      expect(mail.text).toContain(mailTexts.nl.signature); // non-ASCII survives the transfer encoding
      expect(mail.html).toContain('lang="nl"');

      const verified = await bram.get(pathOf(linkIn(mail.text, "/api/auth/verify-email")));
      expect(verified.status).toBe(302);
      const me = await bram.get("/api/me");
      const account = (await me.json()) as {
        profile: { preferredLanguage: string };
        household: { name: string };
      };
      expect(account.profile.preferredLanguage).toBe("nl");
      expect(account.household.name).toBe("Huishouden van Bram");
    });

    const badSignUps: [string, (email: string) => Record<string, unknown>, string][] = [
      ["every field empty", () => ({ name: "", email: "", password: "" }), "VALIDATION"],
      ["no fields at all", () => ({}), "VALIDATION"],
      ["an empty name", (email) => ({ name: "", email, password: strongPassword }), "VALIDATION"],
      ["a blank name", (email) => ({ name: "   ", email, password: strongPassword }), "VALIDATION"],
      [
        "an empty e-mail address",
        () => ({ name: "Eve", email: "", password: strongPassword }),
        "VALIDATION",
      ],
      [
        "a malformed e-mail address",
        () => ({ name: "Eve", email: "eve-at-example.org", password: strongPassword }),
        "VALIDATION",
      ],
      ["an empty password", (email) => ({ name: "Eve", email, password: "" }), "WEAK_PASSWORD"],
      [
        "a password of 7 characters",
        (email) => ({ name: "Eve", email, password: "Xq7#pL2" }),
        "WEAK_PASSWORD",
      ],
      [
        "a password of 129 characters",
        (email) => ({ name: "Eve", email, password: "Xq7#pL2-".repeat(17).slice(0, 129) }),
        "WEAK_PASSWORD",
      ],
      [
        "a guessable password",
        (email) => ({ name: "Eve", email, password: "password123" }),
        "WEAK_PASSWORD",
      ],
      [
        "a password made of the e-mail address",
        (email) => ({ name: "Eve", email, password: `${email.split("@")[0] ?? ""}` }),
        "WEAK_PASSWORD",
      ],
    ];

    it.each(badSignUps)(
      "refuses %s with the error shape and creates nothing",
      async (_label, makeBody, code) => {
        const email = uniqueEmail("evelyn");
        const since = smtp.received.length;
        const response = await client().post("/api/auth/sign-up/email", makeBody(email));
        expect(response.status).toBe(400);
        expect((await errorOf(response)).code).toBe(code);
        expect(await userRow(testApp(), email)).toHaveLength(0);
        expect(smtp.received.length).toBe(since);
      },
    );

    it("answers an existing address like a new one, without a second account or a takeover", async () => {
      const email = uniqueEmail("carla");
      const first = await signUpAndVerify(testApp, {
        name: "Carla Smit",
        email,
        verificationLink: verificationLinkFromSmtp,
      });
      const since = smtp.received.length;

      const again = await signUp(client(), {
        name: "Mallory",
        email,
        password: "an entirely different passphrase",
      });
      // Better Auth (requireEmailVerification) answers a taken address with the same 200 as a
      // new sign-up, so that sign-up does not reveal who has an account.
      expect(again.status).toBe(200);
      const body = (await again.json()) as {
        token: unknown;
        user: { email: string; name: string };
      };
      expect(body.token).toBeNull();
      expect(body.user.email).toBe(email);
      const shouting = await signUp(client(), {
        name: "Mallory",
        email: email.toUpperCase(),
        password: strongPassword,
      });
      expect(shouting.status).toBe(200);

      const rows = await userRow(testApp(), email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: first.userId, name: "Carla Smit", emailVerified: true });
      // The owner is told, twice; nobody else gets mail, and no mail carries a sign-up link.
      await smtp.waitForMail(email, { since });
      await smtp.waitForMail(email, { since: since + 1 });
      const told = smtp.received.slice(since);
      expect(told).toHaveLength(2);
      for (const mail of told) {
        expect(mail.envelopeTo.map((a) => a.toLowerCase())).toEqual([email.toLowerCase()]);
        expect(mail.subject).toBe("Someone tried to create a Hearth account with your address");
        expect(mail.text).not.toContain("verify-email");
        expect(mail.text).toContain("/auth");
      }
      expect(
        await db().select().from(members).where(eq(members.userId, first.userId)),
      ).toHaveLength(1);

      const withOld = await client().post("/api/auth/sign-in/email", {
        email,
        password: strongPassword,
      });
      expect(withOld.status).toBe(200);
      const withNew = await client().post("/api/auth/sign-in/email", {
        email,
        password: "an entirely different passphrase",
      });
      expect(withNew.status).toBe(401);
    });
  });

  describe("sign in and out", () => {
    it("refuses a wrong password and an unknown address with the same answer", async () => {
      const person = await signUpAndVerify(testApp, { verificationLink: verificationLinkFromSmtp });
      const wrong = await client().post("/api/auth/sign-in/email", {
        email: person.email,
        password: "not the password at all",
      });
      const unknown = await client().post("/api/auth/sign-in/email", {
        email: uniqueEmail("nobody"),
        password: "not the password at all",
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const wrongError = await errorOf(wrong);
      expect(wrongError.code).toBe("INVALID_CREDENTIALS");
      expect(await errorOf(unknown)).toEqual(wrongError);
      expect(wrong.headers.getSetCookie()).toEqual([]);
    });

    it("refuses bad input with the error shape", async () => {
      for (const body of [
        {},
        { email: "", password: "" },
        { email: "nope", password: strongPassword },
      ]) {
        const response = await client().post("/api/auth/sign-in/email", body);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(["VALIDATION", "INVALID_CREDENTIALS"]).toContain((await errorOf(response)).code);
      }
    });

    it("refuses a sign-in posted from another site, even without cookies", async () => {
      const person = await signUpAndVerify(testApp, { verificationLink: verificationLinkFromSmtp });
      const browser = client();
      const response = await browser.post(
        "/api/auth/sign-in/email",
        { email: person.email, password: strongPassword },
        { origin: "https://evil.example" },
      );
      expect(response.status).toBe(403);
      await errorOf(response);
      expect(browser.cookies.size).toBe(0);
    });

    it("tells an unverified person to confirm the address first, without a session", async () => {
      const email = uniqueEmail("dirk");
      expect(
        (await signUp(client(), { name: "Dirk", email, password: strongPassword })).status,
      ).toBe(200);
      const dirk = client();
      const response = await dirk.post("/api/auth/sign-in/email", {
        email,
        password: strongPassword,
      });
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe("EMAIL_NOT_VERIFIED");
      expect(dirk.cookies.size).toBe(0);
    });

    it("signs a verified person in with an HttpOnly, SameSite=Lax cookie, and out on the server", async () => {
      const person = await signUpAndVerify(testApp, { verificationLink: verificationLinkFromSmtp });
      const browser = client();
      const response = await browser.post("/api/auth/sign-in/email", {
        email: person.email,
        password: strongPassword,
      });
      expect(response.status).toBe(200);
      const cookie = response.headers
        .getSetCookie()
        .map(parseSetCookie)
        .find((c) => c.name === "hearth.session_token");
      expect(cookie?.value).toBeTruthy();
      expect(cookie?.attributes.httponly).toBe(true);
      expect(String(cookie?.attributes.samesite).toLowerCase()).toBe("lax");
      expect(cookie?.attributes.path).toBe("/");
      expect(Number(cookie?.attributes["max-age"])).toBeGreaterThan(0);

      expect((await browser.get("/api/me")).status).toBe(200);
      const oldCookie = browser.cookieHeader();
      const sessionsBefore = await db()
        .select()
        .from(session)
        .where(eq(session.userId, person.userId));

      const out = await browser.post("/api/auth/sign-out", {});
      expect(out.status).toBe(200);
      expect(browser.cookies.has("hearth.session_token")).toBe(false);
      // The session is gone on the server: replaying the old cookie does not work.
      const replay = await client().get("/api/me", { headers: { cookie: oldCookie } });
      expect(replay.status).toBe(401);
      expect((await errorOf(replay)).code).toBe("UNAUTHENTICATED");
      const sessionsAfter = await db()
        .select()
        .from(session)
        .where(eq(session.userId, person.userId));
      expect(sessionsAfter).toHaveLength(sessionsBefore.length - 1);
      // The verification link's session is untouched.
      expect((await person.client.get("/api/me")).status).toBe(200);
    });
  });

  describe("answers that never reveal an account", () => {
    it("answers a resend of the verification mail the same for known and unknown addresses", async () => {
      const known = uniqueEmail("erik");
      expect(
        (await signUp(client(), { name: "Erik", email: known, password: strongPassword })).status,
      ).toBe(200);
      await smtp.waitForMail(known);
      const since = smtp.received.length;
      const unknown = uniqueEmail("nobody");

      const resend = (email: string) =>
        client().post("/api/auth/send-verification-email", {
          email,
          callbackURL: "/auth/email-verified",
        });
      const forKnown = await resend(known);
      const forUnknown = await resend(unknown);
      expect(forKnown.status).toBe(forUnknown.status);
      expect(forKnown.status).toBeLessThan(300);
      expect(await forKnown.text()).toBe(await forUnknown.text());

      const mail = await nextMailTo(known, since);
      expect(mail.subject).toBe(mailTexts.en.verify.subject);
      expect(smtp.mailsTo(unknown)).toHaveLength(0);
    });

    it("answers a password-reset request the same for known and unknown addresses", async () => {
      const person = await signUpAndVerify(testApp, { verificationLink: verificationLinkFromSmtp });
      const unknown = uniqueEmail("nobody");
      const since = smtp.received.length;
      const ask = (email: string) =>
        client().post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
      const forKnown = await ask(person.email);
      const forUnknown = await ask(unknown);
      expect(forKnown.status).toBe(forUnknown.status);
      expect(forKnown.status).toBe(200);
      expect(await forKnown.text()).toBe(await forUnknown.text());

      const mail = await nextMailTo(person.email, since);
      expect(mail.subject).toBe(mailTexts.en.reset.subject);
      expect(smtp.mailsTo(unknown)).toHaveLength(0);
    });
  });

  describe("password reset", () => {
    const requestReset = async (email: string) => {
      const since = smtp.received.length;
      const response = await client().post("/api/auth/request-password-reset", {
        email,
        redirectTo: "/reset-password",
      });
      expect(response.status).toBe(200);
      const mail = await nextMailTo(email, since);
      return { mail, link: linkIn(mail.text, "/api/auth/reset-password/") };
    };

    /** Follows the mail's link like a browser: it redirects to /reset-password?token=…. */
    const tokenFrom = async (link: string) => {
      const response = await client().get(pathOf(link));
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("location") ?? "", testBaseUrl);
      expect(`${location.origin}${location.pathname}`).toBe(`${testBaseUrl}/reset-password`);
      const token = location.searchParams.get("token");
      expect(token).toBeTruthy();
      return token ?? "";
    };

    it("resets once with a strong password through the mailed link, and ends the old sessions", async () => {
      const person = await signUpAndVerify(testApp, { verificationLink: verificationLinkFromSmtp });
      const { mail, link } = await requestReset(person.email);
      expect(mail.text).toContain(mailTexts.en.reset.action);
      expect(new URL(link).searchParams.get("callbackURL")).toBe("/reset-password");
      const token = await tokenFrom(link);
      expect(link).toContain(token);

      const weak = await client().post("/api/auth/reset-password", {
        token,
        newPassword: "password123",
      });
      expect(weak.status).toBe(400);
      expect((await errorOf(weak)).code).toBe("WEAK_PASSWORD");

      const newPassword = "a quiet harbour at dawn";
      const reset = await client().post("/api/auth/reset-password", { token, newPassword });
      expect(reset.status).toBe(200);

      const withOld = await client().post("/api/auth/sign-in/email", {
        email: person.email,
        password: strongPassword,
      });
      expect(withOld.status).toBe(401);
      expect((await errorOf(withOld)).code).toBe("INVALID_CREDENTIALS");
      const withNew = await client().post("/api/auth/sign-in/email", {
        email: person.email,
        password: newPassword,
      });
      expect(withNew.status).toBe(200);
      // Sessions from before the reset are revoked.
      expect((await person.client.get("/api/me")).status).toBe(401);

      const reused = await client().post("/api/auth/reset-password", {
        token,
        newPassword: "yet another calm passphrase",
      });
      expect(reused.status).toBe(400);
      expect((await errorOf(reused)).code).toBe("INVALID_TOKEN");
      const stillNew = await client().post("/api/auth/sign-in/email", {
        email: person.email,
        password: newPassword,
      });
      expect(stillNew.status).toBe(200);
    });

    it("refuses an expired link, both when opened and when used", async () => {
      const person = await signUpAndVerify(testApp, { verificationLink: verificationLinkFromSmtp });
      const { link } = await requestReset(person.email);
      const token = await tokenFrom(link);

      const expired = await db()
        .update(verification)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(verification.identifier, `reset-password:${token}`))
        .returning({ id: verification.id });
      expect(expired).toHaveLength(1);

      const opened = await client().get(pathOf(link));
      expect(opened.status).toBe(302);
      const location = new URL(opened.headers.get("location") ?? "", testBaseUrl);
      expect(location.pathname).toBe("/reset-password");
      expect(location.searchParams.get("token")).toBeNull();
      expect(location.searchParams.get("error")).toBe("INVALID_TOKEN");

      const used = await client().post("/api/auth/reset-password", {
        token,
        newPassword: "a quiet harbour at dawn",
      });
      expect(used.status).toBe(400);
      expect((await errorOf(used)).code).toBe("INVALID_TOKEN");
      const withOld = await client().post("/api/auth/sign-in/email", {
        email: person.email,
        password: strongPassword,
      });
      expect(withOld.status).toBe(200);
    });

    it("refuses a made-up token and bad input with the error shape", async () => {
      const madeUp = await client().post("/api/auth/reset-password", {
        token: "not-a-real-token",
        newPassword: "a quiet harbour at dawn",
      });
      expect(madeUp.status).toBe(400);
      expect((await errorOf(madeUp)).code).toBe("INVALID_TOKEN");
      const empty = await client().post("/api/auth/reset-password", {});
      expect(empty.status).toBeGreaterThanOrEqual(400);
      expect(empty.status).toBeLessThan(500);
      await errorOf(empty);
    });

    it("writes the reset mail in the language saved in the profile", async () => {
      const person = await signUpAndVerify(testApp, { verificationLink: verificationLinkFromSmtp });
      expect((await person.client.put("/api/me/language", { language: "nl" })).status).toBe(200);
      const { mail } = await requestReset(person.email); // the request itself says nothing about language
      expect(mail.subject).toBe(mailTexts.nl.reset.subject);
      expect(mail.text).toContain(mailTexts.nl.reset.action);
    });
  });

  describe("redirects", () => {
    it("never send anyone to another site after a mail link", async () => {
      const email = uniqueEmail("olga");
      const signUpElsewhere = await client().post("/api/auth/sign-up/email", {
        name: "Olga",
        email,
        password: strongPassword,
        callbackURL: "https://evil.example/welcome",
      });
      expect(signUpElsewhere.status).toBe(403);
      await errorOf(signUpElsewhere);
      expect(await userRow(testApp(), email)).toHaveLength(0);

      const person = await signUpAndVerify(testApp, { verificationLink: verificationLinkFromSmtp });
      const since = smtp.received.length;
      const resetElsewhere = await client().post("/api/auth/request-password-reset", {
        email: person.email,
        redirectTo: "https://evil.example/reset",
      });
      expect(resetElsewhere.status).toBe(403);
      await errorOf(resetElsewhere);
      expect(smtp.received.length).toBe(since);

      const verifyElsewhere = await client().get(
        "/api/auth/verify-email?token=whatever&callbackURL=https%3A%2F%2Fevil.example%2F",
      );
      expect(verifyElsewhere.status).toBe(403);
      expect(verifyElsewhere.headers.get("location")).toBeNull();
    });

    it("send a bad verification link back to our own page with an error", async () => {
      const response = await client().get(
        "/api/auth/verify-email?token=not-a-token&callbackURL=%2Fauth%2Femail-verified",
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/auth/email-verified?error=INVALID_TOKEN");
      expect(response.headers.getSetCookie()).toEqual([]);
    });
  });

  describe("rate limits", () => {
    it("answers 429 RATE_LIMITED after too many sign-in attempts from one address, kept in the database", async () => {
      const person = await signUpAndVerify(testApp, { verificationLink: verificationLinkFromSmtp });
      const attacker = client();
      const attempt = (who: TestClient, password: string) =>
        who.post("/api/auth/sign-in/email", { email: person.email, password });
      for (let i = 0; i < 5; i++) {
        expect((await attempt(attacker, `wrong guess number ${i}`)).status).toBe(401);
      }
      const blocked = await attempt(attacker, "wrong guess number 6");
      expect(blocked.status).toBe(429);
      expect((await errorOf(blocked)).code).toBe("RATE_LIMITED");
      // Even the right password is refused from that address while the window lasts.
      expect((await attempt(attacker, strongPassword)).status).toBe(429);
      // Another address is not affected.
      expect((await attempt(client(), strongPassword)).status).toBe(200);

      const rows = await db()
        .select()
        .from(rateLimit)
        .where(and(like(rateLimit.key, `${attacker.address}|%`), like(rateLimit.key, "%sign-in%")));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.count).toBeGreaterThanOrEqual(5);
    });
  });
});

describeOnEachDatabase("rate limits behind no proxy", (database) => {
  // TRUST_PROXY off: X-Forwarded-For is ignored, and a client cannot set our client-address header.
  const testApp = useTestApp(database, { TRUST_PROXY: "false" });

  it("cannot be dodged with forged address headers", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const forger = new TestClient(testApp, { headers: { "x-hearth-client-ip": `192.0.2.${i}` } });
      const response = await forger.post("/api/auth/sign-in/email", {
        email: uniqueEmail("nobody"),
        password: "not the password at all",
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
