import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { households, invitations, members, profiles } from "#server/db/schema/households.ts";
import { mailTexts, quoted } from "#server/lib/mail-templates.ts";
import { linkIn, signUpAndVerify, uniqueEmail, type SignedUp } from "#test/accounts.ts";
import { TestClient, errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { startSmtpCapture, type SmtpCapture } from "#test/smtp.ts";
import { testBaseUrl, useTestApp } from "#test/test-app.ts";

type Me = {
  user: { id: string; email: string };
  profile: { scopeMemberId: string | null };
  household: { id: string; name: string };
  member: { id: string; role: "owner" | "member" };
};
type MemberRow = {
  id: string;
  name: string;
  role: string;
  isHousehold: boolean;
  invitationStatus: string;
  createdAt: string;
  userId: string | null;
  avatarUrl: string | null;
  isSelf: boolean;
};
type InvitationRow = {
  id: string;
  invitedEmail: string;
  status: string;
  createdAt: string;
  expiresAt: string;
};

/**
 * The household routes through the real app and a real SMTP server: members, invitations (the
 * mail, the token rules, accepting, declining, cancelling, replacing), the member limit,
 * removal, the scope picker, and who may do what.
 */
describeOnEachDatabase("households, members and invitations", (database) => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const testApp = useTestApp(database, () => ({ SMTP_URL: smtp.url }));
  const db = () => testApp().deps.database.db;

  /** The first mail to an address whose text holds a link starting with `pathStart`. */
  async function mailWithLink(email: string, pathStart: string, since = 0) {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const mail = smtp
        .mailsTo(email)
        .slice(since)
        .find((candidate) => candidate.text?.includes(`${testBaseUrl}${pathStart}`));
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`No mail to ${email} with a link to ${pathStart}.`);
  }

  const signUp = (name: string, options: { email?: string; language?: "en" | "nl" } = {}) =>
    signUpAndVerify(testApp, {
      name,
      ...options,
      verificationLink: async (email) =>
        linkIn(
          (await mailWithLink(email, "/api/auth/verify-email")).text,
          "/api/auth/verify-email",
        ),
    });

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    if (response.status !== status) {
      throw new Error(`Expected ${status}, got ${response.status}: ${await response.text()}`);
    }
    return (await response.json()) as T;
  };
  const me = async (client: TestClient) => json<Me>(await client.get("/api/me"));
  const membersOf = async (client: TestClient, householdId: string) =>
    (
      await json<{ members: MemberRow[] }>(
        await client.get(`/api/households/${householdId}/members`),
      )
    ).members;
  const pendingOf = async (client: TestClient, householdId: string) =>
    (
      await json<{ invitations: InvitationRow[] }>(
        await client.get(`/api/households/${householdId}/invitations`),
      )
    ).invitations;
  const patch = (client: TestClient, path: string, body: unknown) =>
    client.request("PATCH", path, body);

  /** Sends an invitation and returns it with the token from the mail it sent. */
  async function invite(owner: SignedUp, email: string) {
    const householdId = (await me(owner.client)).household.id;
    const since = smtp.mailsTo(email).length;
    const { invitation } = await json<{ invitation: InvitationRow }>(
      await owner.client.post("/api/send-invitation", { email, householdId }),
    );
    const mail = await mailWithLink(email.trim().toLowerCase(), "/invitation?token=", since);
    const link = linkIn(mail.text, "/invitation?token=");
    const token = new URL(link).searchParams.get("token") ?? "";
    return { invitation, token, mail, householdId };
  }

  const accept = (client: TestClient, invitationToken: string) =>
    client.post("/api/accept-invitation", { invitationToken });

  async function invitationRow(id: string) {
    const [row] = await db().select().from(invitations).where(eq(invitations.id, id));
    return row;
  }

  /** Everything the household tables hold, to show that a refused call changed nothing. */
  async function snapshot() {
    return {
      households: await db().select().from(households).orderBy(households.id),
      members: await db().select().from(members).orderBy(members.id),
      invitations: await db().select().from(invitations).orderBy(invitations.id),
      profiles: await db().select().from(profiles).orderBy(profiles.id),
    };
  }

  /** An owner and a partner who accepted their invitation: one household of two. */
  async function couple(ownerName = "Anna de Vries", partnerName = "Bram Visser") {
    const owner = await signUp(ownerName);
    const partnerEmail = uniqueEmail("partner");
    const { token, householdId } = await invite(owner, partnerEmail);
    const partner = await signUp(partnerName, { email: partnerEmail });
    await json(await accept(partner.client, token));
    return { owner, partner, householdId };
  }

  describe("the life cycle", () => {
    it("invites by mail in the owner's language, previews, accepts, and both see each other", async () => {
      const anna = await signUp("Anna de Vries", { language: "nl" });
      const annaMe = await me(anna.client);
      const bramEmail = uniqueEmail("bram");

      const { invitation, token, mail, householdId } = await invite(
        anna,
        `  ${bramEmail.toUpperCase()} `,
      );
      expect(householdId).toBe(annaMe.household.id);
      expect(invitation).toMatchObject({ invitedEmail: bramEmail, status: "pending" });
      const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 864e5;
      expect(days).toBeCloseTo(7, 2);

      // The mail: Dutch (the owner's profile language), a plain-text part and an HTML part.
      const nl = mailTexts.nl.invitation;
      expect(mail.subject).toBe(nl.subject);
      expect(mail.text).toContain(nl.intro(quoted("Anna de Vries"), quoted(annaMe.household.name)));
      expect(mail.text).toContain(nl.expiry(bramEmail));
      expect(mail.html).toContain(`${testBaseUrl}/invitation?token=`);
      // At least 128 bits, stored only as its SHA-256 hash.
      expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
      const row = await invitationRow(invitation.id);
      expect(row?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
      expect(JSON.stringify(row)).not.toContain(token);

      // The owner sees it pending; the public preview tells who invites to which household.
      expect((await pendingOf(anna.client, householdId)).map((i) => i.id)).toEqual([invitation.id]);
      const anonymous = new TestClient(testApp);
      const preview = await json<Record<string, string>>(
        await anonymous.get(`/api/invitations/preview?token=${encodeURIComponent(token)}`),
      );
      expect(preview).toEqual({
        householdName: annaMe.household.name,
        inviterName: "Anna de Vries",
        invitedEmail: bramEmail,
        status: "pending",
      });

      // Bram signs up with the invited address and accepts.
      const bram = await signUp("Bram Visser", { email: bramEmail });
      const bramBefore = await me(bram.client);
      expect(bramBefore.household.id).not.toBe(householdId);
      const accepted = await json<{ household: { id: string; name: string } }>(
        await accept(bram.client, token),
      );
      expect(accepted.household).toEqual({ id: householdId, name: annaMe.household.name });

      const bramAfter = await me(bram.client);
      expect(bramAfter.household.id).toBe(householdId);
      expect(bramAfter.member.role).toBe("member");
      expect(
        await db().select().from(households).where(eq(households.id, bramBefore.household.id)),
      ).toEqual([]);

      const seenByAnna = await membersOf(anna.client, householdId);
      const seenByBram = await membersOf(bram.client, householdId);
      const people = (list: MemberRow[]) =>
        list.filter((m) => !m.isHousehold).map((m) => [m.name, m.role, m.isSelf]);
      expect(people(seenByAnna)).toEqual([
        ["Anna de Vries", "owner", true],
        ["Bram Visser", "member", false],
      ]);
      expect(people(seenByBram)).toEqual([
        ["Anna de Vries", "owner", false],
        ["Bram Visser", "member", true],
      ]);
      expect(seenByAnna.filter((m) => m.isHousehold)).toHaveLength(1);
      expect(seenByAnna.every((m) => m.invitationStatus === "active")).toBe(true);
      expect(seenByAnna.map((m) => m.createdAt)).toEqual(seenByAnna.map((m) => m.createdAt).sort());

      // The link worked once: the invitation is accepted, no longer listed, refused when replayed.
      expect((await invitationRow(invitation.id))?.status).toBe("accepted");
      expect(await pendingOf(anna.client, householdId)).toEqual([]);
      const replay = await accept(bram.client, token);
      expect(replay.status).toBe(400);
      expect((await errorOf(replay)).code).toBe("INVALID_TOKEN");
      const after = await json<{ status: string }>(
        await anonymous.get(`/api/invitations/preview?token=${encodeURIComponent(token)}`),
      );
      expect(after.status).toBe("accepted");
    });

    it("writes the invitation in English when the owner's profile is English", async () => {
      const owner = await signUp("Eva Smit", { language: "en" });
      const { mail } = await invite(owner, uniqueEmail("friend"));
      const householdName = (await me(owner.client)).household.name;
      expect(mail.subject).toBe(mailTexts.en.invitation.subject);
      expect(mail.text).toContain(
        mailTexts.en.invitation.intro(quoted("Eva Smit"), quoted(householdName)),
      );
      expect(mail.text).toContain(mailTexts.en.invitation.action);
    });

    it("lets the invitee decline", async () => {
      const owner = await signUp("Daan Mulder");
      const cleoEmail = uniqueEmail("cleo");
      const { invitation, token, householdId } = await invite(owner, cleoEmail);
      const cleo = await signUp("Cleo", { email: cleoEmail });
      const declined = await cleo.client.post("/api/decline-invitation", {
        invitationToken: token,
      });
      expect(await json(declined)).toEqual({ status: "declined" });
      expect((await invitationRow(invitation.id))?.status).toBe("declined");
      expect(await pendingOf(owner.client, householdId)).toEqual([]);
      const late = await accept(cleo.client, token);
      expect(late.status).toBe(400);
      expect((await errorOf(late)).code).toBe("INVALID_TOKEN");
      expect((await me(cleo.client)).household.id).not.toBe(householdId);
    });

    it("lets the owner cancel a pending invitation, after which its link is refused", async () => {
      const owner = await signUp("Fleur");
      const guestEmail = uniqueEmail("guest");
      const { invitation, token, householdId } = await invite(owner, guestEmail);
      const cancelled = await json<{ invitation: InvitationRow }>(
        await patch(owner.client, `/api/invitations/${invitation.id}`, { status: "declined" }),
      );
      expect(cancelled.invitation).toMatchObject({ id: invitation.id, status: "declined" });
      expect(await pendingOf(owner.client, householdId)).toEqual([]);
      const again = await patch(owner.client, `/api/invitations/${invitation.id}`, {
        status: "declined",
      });
      expect(again.status).toBe(409);
      const guest = await signUp("Guest", { email: guestEmail });
      const refused = await accept(guest.client, token);
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).code).toBe("INVALID_TOKEN");
      const wrongStatus = await patch(owner.client, `/api/invitations/${invitation.id}`, {
        status: "accepted",
      });
      expect(wrongStatus.status).toBe(400);
    });

    it("replaces an earlier invitation to the same address", async () => {
      const owner = await signUp("Gijs");
      const email = uniqueEmail("twice");
      const first = await invite(owner, email);
      const second = await invite(owner, email.toUpperCase());
      expect(second.invitation.id).not.toBe(first.invitation.id);
      expect((await invitationRow(first.invitation.id))?.status).toBe("replaced");
      expect((await pendingOf(owner.client, first.householdId)).map((i) => i.id)).toEqual([
        second.invitation.id,
      ]);
      const preview = await json<{ status: string }>(
        await new TestClient(testApp).get(`/api/invitations/preview?token=${first.token}`),
      );
      expect(preview.status).toBe("replaced");
      const invitee = await signUp("Twice", { email });
      const old = await accept(invitee.client, first.token);
      expect(old.status).toBe(400);
      expect((await errorOf(old)).code).toBe("INVALID_TOKEN");
      await json(await accept(invitee.client, second.token));
      expect((await me(invitee.client)).household.id).toBe(first.householdId);
    });

    it("lists pending invitations newest first, leaving out expired ones", async () => {
      const owner = await signUp("Hanna");
      await setHouseholdPlan(db(), owner.userId, "pro");
      const a = await invite(owner, uniqueEmail("a"));
      const b = await invite(owner, uniqueEmail("b"));
      const c = await invite(owner, uniqueEmail("c"));
      await db()
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, b.invitation.id));
      expect((await pendingOf(owner.client, a.householdId)).map((i) => i.id)).toEqual([
        c.invitation.id,
        a.invitation.id,
      ]);
    });

    it("answers the invitation even when the mail cannot be sent", async () => {
      const owner = await signUp("Ilse");
      const householdId = (await me(owner.client)).household.id;
      const mailer = testApp().deps.mailer;
      const send = mailer.send.bind(mailer);
      mailer.send = () => Promise.reject(new Error("SMTP down"));
      try {
        const response = await owner.client.post("/api/send-invitation", {
          email: uniqueEmail("lost"),
          householdId,
        });
        expect(response.status).toBe(200);
      } finally {
        mailer.send = send;
      }
      expect(await pendingOf(owner.client, householdId)).toHaveLength(1);
    });
  });

  describe("the token rules", () => {
    async function invited() {
      const owner = await signUp("Jan Bos");
      const email = uniqueEmail("invitee");
      const sent = await invite(owner, email);
      const invitee = await signUp("Kim", { email });
      return { owner, invitee, ...sent };
    }

    async function expectRefused(client: TestClient, token: string, code: string, status: number) {
      const before = await snapshot();
      const response = await accept(client, token);
      expect(response.status).toBe(status);
      const error = await errorOf(response);
      expect(error.code).toBe(code);
      expect(await snapshot()).toEqual(before);
      return error;
    }

    it("refuses an unknown token", async () => {
      const { invitee } = await invited();
      await expectRefused(invitee.client, "not-a-token", "INVALID_TOKEN", 400);
      const preview = await new TestClient(testApp).get("/api/invitations/preview?token=nope");
      expect(preview.status).toBe(404);
    });

    it("refuses an expired token, and the preview says expired", async () => {
      const { invitee, invitation, token } = await invited();
      await db()
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, invitation.id));
      await expectRefused(invitee.client, token, "INVALID_TOKEN", 400);
      const preview = await json<{ status: string }>(
        await new TestClient(testApp).get(`/api/invitations/preview?token=${token}`),
      );
      expect(preview.status).toBe("expired");
      const decline = await invitee.client.post("/api/decline-invitation", {
        invitationToken: token,
      });
      expect(decline.status).toBe(400);
    });

    it("refuses another address, even when signed in and confirmed", async () => {
      const { token, invitation } = await invited();
      const stranger = await signUp("Stranger");
      const error = await expectRefused(stranger.client, token, "FORBIDDEN", 403);
      expect(error.message).toContain(invitation.invitedEmail);
      const decline = await stranger.client.post("/api/decline-invitation", {
        invitationToken: token,
      });
      expect(decline.status).toBe(403);
      expect((await invitationRow(invitation.id))?.status).toBe("pending");
    });

    it("refuses an address that is not confirmed", async () => {
      const { invitee, token } = await invited();
      await db().update(user).set({ emailVerified: false }).where(eq(user.id, invitee.userId));
      try {
        await expectRefused(invitee.client, token, "FORBIDDEN", 403);
      } finally {
        await db().update(user).set({ emailVerified: true }).where(eq(user.id, invitee.userId));
      }
      // The same person, confirmed again, may accept: the refusal was about the confirmation.
      await json(await accept(invitee.client, token));
    });

    it("refuses an invitation whose inviter is no longer a member", async () => {
      const { invitee, token, invitation } = await invited();
      const inviterId = (await invitationRow(invitation.id))?.invitedByMemberId ?? "";
      await db()
        .update(members)
        .set({ invitationStatus: "removed" })
        .where(eq(members.id, inviterId));
      try {
        await expectRefused(invitee.client, token, "INVALID_TOKEN", 400);
      } finally {
        await db()
          .update(members)
          .set({ invitationStatus: "active" })
          .where(eq(members.id, inviterId));
      }
    });

    it("refuses an invitation whose household is gone", async () => {
      const { invitee, token, householdId } = await invited();
      await db().delete(households).where(eq(households.id, householdId));
      await expectRefused(invitee.client, token, "INVALID_TOKEN", 400);
      const preview = await new TestClient(testApp).get(`/api/invitations/preview?token=${token}`);
      expect(preview.status).toBe(404);
    });

    it("refuses someone already in the household, and an owner who still has members", async () => {
      const { owner, partner, householdId } = await couple("Lars", "Mila");
      // Mila is already in Lars's household: a second invitation to her is refused at sending.
      const again = await owner.client.post("/api/send-invitation", {
        email: partner.email,
        householdId,
      });
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toContain(partner.email);

      // Lars (owner, with Mila) is invited elsewhere: he must hand over or remove her first.
      const other = await signUp("Nina");
      await setHouseholdPlan(db(), other.userId, "pro");
      const { token } = await invite(other, owner.email);
      await expectRefused(owner.client, token, "CONFLICT", 409);

      // Mila (a member) may leave for Nina's household; her entries stay with Lars's household.
      const forMila = await invite(other, partner.email);
      await json(await accept(partner.client, forMila.token));
      expect((await me(partner.client)).household.id).toBe(forMila.householdId);
      const lars = await membersOf(owner.client, householdId);
      expect(lars.filter((m) => !m.isHousehold).map((m) => m.name)).toEqual(["Lars"]);
      // Now Lars is alone, and may accept.
      await json(await accept(owner.client, token));
      expect((await me(owner.client)).household.id).toBe(forMila.householdId);
    });
  });

  describe("sending an invitation", () => {
    it.each([["not an address"], [""], ["a@b"], ["   "]])(
      "refuses %j with the validation message",
      async (email) => {
        const owner = await signUp("Olga");
        const householdId = (await me(owner.client)).household.id;
        const response = await owner.client.post("/api/send-invitation", { email, householdId });
        expect(response.status).toBe(400);
        const error = await errorOf(response);
        expect(error.code).toBe("VALIDATION");
        expect(error.fields?.email).toBe("Please enter a valid email address");
        expect(await pendingOf(owner.client, householdId)).toEqual([]);
      },
    );

    it("refuses yourself, whatever the case", async () => {
      const owner = await signUp("Pim");
      const householdId = (await me(owner.client)).household.id;
      const response = await owner.client.post("/api/send-invitation", {
        email: ` ${owner.email.toUpperCase()}`,
        householdId,
      });
      expect(response.status).toBe(409);
      expect((await errorOf(response)).code).toBe("CONFLICT");
      expect(await pendingOf(owner.client, householdId)).toEqual([]);
    });
  });

  describe("the member limit", () => {
    type Limit = { canAddMember: boolean; message: string; householdPlan: string };
    const check = async (client: TestClient, householdId: string) =>
      json<Limit>(await client.post("/api/check-household-member-limit", { householdId }));

    it("allows 2 on Free, counting pending invitations and never the household row", async () => {
      const owner = await signUp("Quinten");
      const householdId = (await me(owner.client)).household.id;
      expect(await check(owner.client, householdId)).toEqual({
        canAddMember: true,
        message: "Your household has 1 of 2 places on the Free plan. You can invite 1 more person.",
        householdPlan: "free",
      });
      const first = await invite(owner, uniqueEmail("first"));
      expect(await check(owner.client, householdId)).toEqual({
        canAddMember: false,
        message:
          "Your household has 2 of 2 places on the Free plan. Upgrade to Premium to invite more people.",
        householdPlan: "free",
      });
      const before = await snapshot();
      const refused = await owner.client.post("/api/send-invitation", {
        email: uniqueEmail("second"),
        householdId,
      });
      expect(refused.status).toBe(403);
      const error = await errorOf(refused);
      expect(error.code).toBe("MEMBER_LIMIT_REACHED");
      expect(error.message).toContain("Upgrade to Premium");
      expect(await snapshot()).toEqual(before);
      // Inviting the same address again replaces its invitation, so it takes no new place.
      await invite(owner, first.invitation.invitedEmail);
      // An expired invitation frees its place.
      await db()
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.householdId, householdId));
      expect((await check(owner.client, householdId)).canAddMember).toBe(true);
    });

    it("allows 5 on Premium and 10 on Pro, the plan being the owner's", async () => {
      const { owner, partner, householdId } = await couple("Rosa", "Sem");
      await setHouseholdPlan(db(), owner.userId, "premium");
      // The member's own plan does not count.
      await setHouseholdPlan(db(), partner.userId, "free");
      for (let i = 0; i < 3; i++) await invite(owner, uniqueEmail(`p${i}`));
      const full = await check(partner.client, householdId);
      expect(full).toEqual({
        canAddMember: false,
        message:
          "Your household has 5 of 5 places on the Premium plan. Upgrade to Pro to invite more people.",
        householdPlan: "premium",
      });
      const refused = await owner.client.post("/api/send-invitation", {
        email: uniqueEmail("sixth"),
        householdId,
      });
      expect((await errorOf(refused)).code).toBe("MEMBER_LIMIT_REACHED");

      await setHouseholdPlan(db(), owner.userId, "pro");
      for (let i = 3; i < 8; i++) await invite(owner, uniqueEmail(`p${i}`));
      const pro = await check(owner.client, householdId);
      expect(pro).toEqual({
        canAddMember: false,
        message: "Your household has 10 of 10 places on the Pro plan, the most any plan offers.",
        householdPlan: "pro",
      });
    });

    it("answers in the asker's language", async () => {
      const owner = await signUp("Tess", { language: "nl" });
      const householdId = (await me(owner.client)).household.id;
      expect((await check(owner.client, householdId)).message).toBe(
        "Je huishouden gebruikt 1 van de 2 plekken van het Gratis-abonnement. Je kunt nog 1 persoon uitnodigen.",
      );
    });
  });

  describe("removing a member", () => {
    it("cuts access at once and gives the removed person a household of their own", async () => {
      const { owner, partner, householdId } = await couple("Ugo", "Vera");
      const partnerMember = (await me(partner.client)).member.id;
      await json(await partner.client.put("/api/me/scope", { memberId: partnerMember }));
      await json(await owner.client.put("/api/me/scope", { memberId: partnerMember }));

      const removed = await json<{ member: MemberRow }>(
        await patch(owner.client, `/api/members/${partnerMember}`, {
          invitationStatus: "removed",
        }),
      );
      expect(removed.member).toMatchObject({ id: partnerMember, invitationStatus: "removed" });

      // The very next request: a household of her own, and no way into the old one.
      const vera = await me(partner.client);
      expect(vera.household.id).not.toBe(householdId);
      expect(vera.member.role).toBe("owner");
      expect(vera.profile.scopeMemberId).toBeNull();
      const peek = await partner.client.get(`/api/households/${householdId}/members`);
      expect(peek.status).toBe(404);

      // The row stays, removed; the owner's list shows active people only; the scope falls back.
      const [row] = await db().select().from(members).where(eq(members.id, partnerMember));
      expect(row).toMatchObject({ householdId, invitationStatus: "removed" });
      const list = await membersOf(owner.client, householdId);
      expect(list.some((m) => m.id === partnerMember)).toBe(false);
      expect((await me(owner.client)).profile.scopeMemberId).toBeNull();
    });

    it("names the sign-up's and the removed person's households within the name's limit", async () => {
      const long = "V".repeat(100);
      const alone = await signUp(long, { language: "nl" });
      const own = (await me(alone.client)).household;
      expect(own.name).toBe(`Huishouden van ${"V".repeat(64)}…`);
      // The name it was given is one the household settings accept as it is.
      await json(await patch(alone.client, `/api/households/${own.id}`, { name: own.name }));

      const { owner, partner, householdId } = await couple("Ugo", `${"V".repeat(93)} Visser`);
      const partnerMember = (await me(partner.client)).member.id;
      await json(
        await patch(owner.client, `/api/members/${partnerMember}`, {
          invitationStatus: "removed",
        }),
      );
      const fresh = (await me(partner.client)).household;
      expect(fresh.id).not.toBe(householdId);
      expect(fresh.name).toBe(`${"V".repeat(67)}…'s household`);
      expect(fresh.name).toHaveLength(80);
    });

    it("refuses to remove yourself or the household row", async () => {
      const { owner, householdId } = await couple("Wim", "Xena");
      const list = await membersOf(owner.client, householdId);
      const self = list.find((m) => m.isSelf);
      const aggregate = list.find((m) => m.isHousehold);
      const before = await snapshot();
      for (const target of [self, aggregate]) {
        const response = await patch(owner.client, `/api/members/${target?.id ?? ""}`, {
          invitationStatus: "removed",
        });
        expect(response.status).toBe(403);
      }
      const wrong = await patch(owner.client, `/api/members/${self?.id ?? ""}`, {
        invitationStatus: "active",
      });
      expect(wrong.status).toBe(400);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("renaming", () => {
    it("lets the owner rename, trimmed, between 1 and 80 characters", async () => {
      const owner = await signUp("Yara");
      const householdId = (await me(owner.client)).household.id;
      const renamed = await json<{ household: { id: string; name: string } }>(
        await patch(owner.client, `/api/households/${householdId}`, { name: "  De Berg  " }),
      );
      expect(renamed.household).toEqual({ id: householdId, name: "De Berg" });
      expect((await me(owner.client)).household.name).toBe("De Berg");
      for (const name of ["   ", "x".repeat(81)]) {
        const response = await patch(owner.client, `/api/households/${householdId}`, { name });
        expect(response.status).toBe(400);
        expect(Object.keys((await errorOf(response)).fields ?? {})).toEqual(["name"]);
      }
      expect((await me(owner.client)).household.name).toBe("De Berg");
    });
  });

  describe("the scope picker", () => {
    it("keeps one active member or the household, and refuses anyone else", async () => {
      const { owner, partner, householdId } = await couple("Zoë", "Abel");
      const list = await membersOf(owner.client, householdId);
      const abel = list.find((m) => m.userId === partner.userId);
      const aggregate = list.find((m) => m.isHousehold);
      expect(await json(await owner.client.put("/api/me/scope", { memberId: abel?.id }))).toEqual({
        scopeMemberId: abel?.id,
      });
      expect((await me(owner.client)).profile.scopeMemberId).toBe(abel?.id);
      expect(
        await json(await owner.client.put("/api/me/scope", { memberId: aggregate?.id })),
      ).toEqual({ scopeMemberId: null });
      expect((await me(owner.client)).profile.scopeMemberId).toBeNull();

      const stranger = await signUp("Bo");
      const theirs = (await me(stranger.client)).member.id;
      const foreign = await owner.client.put("/api/me/scope", { memberId: theirs });
      expect(foreign.status).toBe(404);
      const notAnId = await owner.client.put("/api/me/scope", { memberId: "abc" });
      expect(notAnId.status).toBe(400);
      await json(await owner.client.put("/api/me/scope", { memberId: abel?.id }));
      await json(await owner.client.put("/api/me/scope", { memberId: null }));
      expect((await me(owner.client)).profile.scopeMemberId).toBeNull();
    });
  });

  describe("who may do what", () => {
    let owner: SignedUp;
    let partner: SignedUp;
    let outsider: SignedUp;
    let householdId: string;
    let pendingId: string;
    let partnerMemberId: string;
    let ownerMemberId: string;
    let pendingToken: string;

    beforeAll(async () => {
      ({ owner, partner, householdId } = await couple("Cas", "Dina"));
      await setHouseholdPlan(db(), owner.userId, "premium");
      const pending = await invite(owner, uniqueEmail("pending"));
      pendingId = pending.invitation.id;
      pendingToken = pending.token;
      partnerMemberId = (await me(partner.client)).member.id;
      ownerMemberId = (await me(owner.client)).member.id;
      outsider = await signUp("Outsider");
    });

    /** Every route of the household area, as the caller would call it. */
    const calls = () =>
      [
        ["list members", (c: TestClient) => c.get(`/api/households/${householdId}/members`)],
        [
          "list invitations",
          (c: TestClient) => c.get(`/api/households/${householdId}/invitations`),
        ],
        ["rename", (c: TestClient) => patch(c, `/api/households/${householdId}`, { name: "X" })],
        [
          "check the limit",
          (c: TestClient) => c.post("/api/check-household-member-limit", { householdId }),
        ],
        [
          "invite",
          (c: TestClient) =>
            c.post("/api/send-invitation", { email: uniqueEmail("x"), householdId }),
        ],
        [
          "cancel",
          (c: TestClient) => patch(c, `/api/invitations/${pendingId}`, { status: "declined" }),
        ],
        [
          "remove",
          (c: TestClient) =>
            patch(c, `/api/members/${partnerMemberId}`, { invitationStatus: "removed" }),
        ],
        ["scope", (c: TestClient) => c.put("/api/me/scope", { memberId: partnerMemberId })],
      ] as const;

    it("answers 404 to a member of another household, and changes nothing", async () => {
      const before = await snapshot();
      for (const [label, call] of calls()) {
        const response = await call(outsider.client);
        expect(response.status, label).toBe(404);
        expect((await errorOf(response)).code, label).toBe("NOT_FOUND");
      }
      // A made-up id answers the same.
      const madeUp = "00000000-0000-4000-8000-000000000000";
      const missing = await outsider.client.get(`/api/households/${madeUp}/members`);
      expect(missing.status).toBe(404);
      expect(
        (await patch(outsider.client, "/api/members/nope", { invitationStatus: "removed" })).status,
      ).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it("answers 401 to a signed-out caller, and changes nothing", async () => {
      const before = await snapshot();
      const anonymous = new TestClient(testApp);
      for (const [label, call] of [
        ...calls(),
        ["accept", (c: TestClient) => accept(c, pendingToken)],
        [
          "decline",
          (c: TestClient) => c.post("/api/decline-invitation", { invitationToken: pendingToken }),
        ],
        ["bad body", (c: TestClient) => c.post("/api/send-invitation", { email: 1 })],
      ] as const) {
        const response = await call(anonymous);
        expect(response.status, label).toBe(401);
        expect((await errorOf(response)).code, label).toBe("UNAUTHENTICATED");
      }
      expect(await snapshot()).toEqual(before);
    });

    it("lets a member read the members and the limit, but not invite, cancel, rename or remove", async () => {
      const before = await snapshot();
      const list = await membersOf(partner.client, householdId);
      expect(list.filter((m) => !m.isHousehold)).toHaveLength(2);
      expect(
        (await partner.client.post("/api/check-household-member-limit", { householdId })).status,
      ).toBe(200);
      for (const [label, call] of calls()) {
        if (label === "list members" || label === "check the limit" || label === "scope") continue;
        const response = await call(partner.client);
        expect(response.status, label).toBe(403);
        expect((await errorOf(response)).code, label).toBe("FORBIDDEN");
      }
      const removeOwner = await patch(partner.client, `/api/members/${ownerMemberId}`, {
        invitationStatus: "removed",
      });
      expect(removeOwner.status).toBe(403);
      expect(await snapshot()).toEqual(before);
      const [stillPending] = await db()
        .select()
        .from(invitations)
        .where(and(eq(invitations.id, pendingId), eq(invitations.status, "pending")));
      expect(stillPending).toBeDefined();
    });
  });
});
