import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insurancePolicies } from "#server/db/schema/insurance.ts";
import {
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import { createMailer, listOutbox, type Mailer } from "#server/lib/mail.ts";
import { asText, mailTexts } from "#server/lib/mail-templates.ts";
import type { CreatePolicyInput, Policy } from "#shared/schemas/insurance.schema.ts";
import { outboxVerificationLink, signUpAndVerify, uniqueEmail } from "#test/accounts.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { inviteByMail } from "#test/matrix-fixture.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { startSmtpCapture, type SmtpCapture } from "#test/smtp.ts";
import { testBaseUrl, useTestApp } from "#test/test-app.ts";
import { sendNoticeReminders } from "./reminders.ts";

describeOnEachDatabase("insurance notice reminders", (database) => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  /** A second person of the household with an account, reading Dutch. */
  let bram: { email: string; memberId: string };

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Anna Opzeggen");
    await setHouseholdPlan(db(), home.person.userId, "pro");
    const email = uniqueEmail("bram");
    const invitation = await inviteByMail(
      testApp,
      { ...home.person, householdId: home.householdId, memberId: home.memberId },
      email,
    );
    const signedUp = await signUpAndVerify(testApp, {
      name: "Bram Opzeggen",
      email,
      language: "nl",
      verificationLink: outboxVerificationLink(testApp),
    });
    await jsonOf(
      await signedUp.client.post("/api/accept-invitation", {
        invitationToken: invitation.token,
      }),
    );
    const me = await jsonOf<{ member: { id: string } }>(await signedUp.client.get("/api/me"));
    bram = { email, memberId: me.member.id };
  });

  const run = (day: string, mailer: Mailer = testApp().deps.mailer) =>
    sendNoticeReminders(
      {
        db: db(),
        mailer,
        limiter: testApp().deps.limiter,
        logger: testApp().deps.logger,
        baseUrl: testApp().config.baseUrl,
        billing: testApp().config.billing,
      },
      day,
    );
  const create = async (body: Partial<CreatePolicyInput>) =>
    jsonOf<Policy>(
      await home.person.client.post("/api/insurance/policies", {
        kind: "liability",
        insurer: "Centraal Beheer",
        premiumCents: 595,
        startDate: "2029-01-01",
        renewalDate: "2031-01-01",
        noticePeriod: { value: 1, unit: "months" },
        remindDaysBefore: 14,
        ...body,
      }),
      201,
    );
  const subjects = [mailTexts.en.insuranceNotice.subject, mailTexts.nl.insuranceNotice.subject];
  /** The notice reminders in the outbox to an address (newest first). */
  const remindersTo = async (email: string) =>
    (await listOutbox(db())).filter((mail) => mail.to === email && subjects.includes(mail.subject));

  it("mails the household's policy once to every person with an account, in their language, with two runs at once, and again the next year", async () => {
    const policy = await create({});
    expect(policy.notice).toMatchObject({ deadline: "2030-12-01", remindOn: "2030-11-17" });
    // Not before its day.
    expect(await run("2030-11-16")).toEqual({ claimed: 0, sent: 0, skipped: 0 });

    const runs = await Promise.all([run("2030-11-17"), run("2030-11-17")]);
    expect(runs.map((r) => r.claimed).sort()).toEqual([0, 1]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(2);
    const [anna] = await remindersTo(home.person.email);
    const [dutch] = await remindersTo(bram.email);
    expect(anna?.subject).toBe(mailTexts.en.insuranceNotice.subject);
    expect(anna?.text).toContain(
      "The last day to give notice (opzegtermijn) for “liability insurance” with “Centraal Beheer” is “1 December 2030”; otherwise it renews on “1 January 2031”.",
    );
    expect(anna?.text).toContain("That is in 14 days.");
    expect(anna?.text).toContain(`${testBaseUrl}/dashboard/insurance`);
    expect(dutch?.subject).toBe(mailTexts.nl.insuranceNotice.subject);
    expect(dutch?.text).toContain(
      "De laatste dag om “de aansprakelijkheidsverzekering” bij “Centraal Beheer” op te zeggen (opzegtermijn) is “1 december 2030”",
    );
    // Once: later runs find nothing.
    expect(await run("2030-11-18")).toEqual({ claimed: 0, sent: 0, skipped: 0 });
    expect(await remindersTo(home.person.email)).toHaveLength(1);
    // The next renewal's deadline gets its own reminder.
    expect(await run("2031-11-17")).toMatchObject({ claimed: 1, sent: 2 });
    expect(await remindersTo(bram.email)).toHaveLength(2);

    // A cancelled policy, or one without a reminder, gets none.
    await jsonOf(
      await home.person.client.post(`/api/insurance/policies/${policy.id}/cancel`, {
        endsOn: "2032-12-31",
      }),
    );
    await create({ kind: "car", remindDaysBefore: null });
    expect(await run("2032-11-20")).toEqual({ claimed: 0, sent: 0, skipped: 0 });
  });

  it("mails only the people a policy covers, through a real mail server, the insurer only quoted, and tries again when the server failed", async () => {
    const bait = "Evil Insurer https://evil.com/claim";
    const policy = await create({
      kind: "travel",
      insurer: bait,
      startDate: "2033-01-01",
      renewalDate: "2034-05-01",
      noticePeriod: { value: 10, unit: "days" },
      remindDaysBefore: 5,
      insured: "members",
      members: [{ memberId: home.memberId }],
    });
    const broken: Mailer = {
      kind: "smtp",
      send: () => Promise.reject(new Error("the mail server is away")),
    };
    expect(await run("2034-04-16", broken)).toEqual({ claimed: 0, sent: 0, skipped: 1 });
    const [row] = await db()
      .select()
      .from(insurancePolicies)
      .where(eq(insurancePolicies.id, policy.id));
    expect(row?.remindedAt).toBeNull();

    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: "Hearth <hearth@example.org>",
      db: db(),
      logger: testApp().deps.logger,
    });
    expect(await run("2034-04-17", mailer)).toEqual({ claimed: 1, sent: 1, skipped: 0 });
    const mail = await smtp.waitForMail(home.person.email);
    expect(mail.subject).toBe(mailTexts.en.insuranceNotice.subject);
    expect(mail.text).toContain(`with “${asText(bait)}”`);
    expect(mail.text).not.toContain("https://evil.com");
    expect(mail.text).toContain("That is in 4 days.");
    expect(smtp.mailsTo(bram.email)).toEqual([]);
  });
});
