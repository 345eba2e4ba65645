import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { taxDeadlines } from "#server/db/schema/taxes.ts";
import {
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import { limits } from "#server/lib/limits.ts";
import { createMailer, listOutbox, type Mailer } from "#server/lib/mail.ts";
import { asText, mailTexts } from "#server/lib/mail-templates.ts";
import type { TaxDeadline } from "#shared/schemas/taxes.schema.ts";
import { outboxVerificationLink, signUpAndVerify, uniqueEmail } from "#test/accounts.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { inviteByMail } from "#test/matrix-fixture.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { startSmtpCapture, type SmtpCapture } from "#test/smtp.ts";
import { testBaseUrl, useTestApp } from "#test/test-app.ts";
import { sendDeadlineReminders } from "./reminders.ts";

describeOnEachDatabase("tax deadline reminders", (database) => {
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
    home = await moneyHousehold(testApp, "Anna Herinnering");
    await setHouseholdPlan(db(), home.person.userId, "pro");
    const email = uniqueEmail("bram");
    const invitation = await inviteByMail(
      testApp,
      { ...home.person, householdId: home.householdId, memberId: home.memberId },
      email,
    );
    const signedUp = await signUpAndVerify(testApp, {
      name: "Bram Herinnering",
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
    sendDeadlineReminders(
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
  const add = async (body: Record<string, unknown>, who = home) =>
    jsonOf<TaxDeadline>(
      await who.person.client.post("/api/taxes/deadlines", {
        year: 2030,
        kind: "file-return",
        ...body,
      }),
      201,
    );
  /** The reminders in the outbox to an address (newest first). */
  const remindersTo = async (email: string) =>
    (await listOutbox(db())).filter(
      (mail) =>
        mail.to === email &&
        (mail.subject === mailTexts.en.taxDeadline.subject ||
          mail.subject === mailTexts.nl.taxDeadline.subject),
    );
  const remindedAt = async (id: string) => {
    const [row] = await db().select().from(taxDeadlines).where(eq(taxDeadlines.id, id));
    return row?.remindedAt ?? null;
  };

  it("mails the household's deadline once to every person with an account, in their own language, with two runs at once", async () => {
    const deadline = await add({
      dueOn: "2031-03-10",
      remindDaysBefore: 7,
      title: "Aangifte 2030",
    });
    // Not before its day.
    expect(await run("2031-03-02")).toEqual({ claimed: 0, sent: 0, skipped: 0 });
    expect(await remindersTo(home.person.email)).toEqual([]);

    const runs = await Promise.all([run("2031-03-03"), run("2031-03-03")]);
    expect(runs.map((r) => r.claimed).sort()).toEqual([0, 1]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(2);
    const [anna] = await remindersTo(home.person.email);
    const [dutch] = await remindersTo(bram.email);
    expect(anna?.subject).toBe(mailTexts.en.taxDeadline.subject);
    expect(anna?.text).toContain(
      "“File the tax return” (“Aangifte 2030”) is due on “10 March 2031”.",
    );
    expect(anna?.text).toContain("That is in 7 days.");
    expect(anna?.text).toContain(`${testBaseUrl}/dashboard/taxes`);
    expect(dutch?.subject).toBe(mailTexts.nl.taxDeadline.subject);
    expect(dutch?.text).toContain(
      "De uiterste datum voor “Aangifte inkomstenbelasting doen” (“Aangifte 2030”) is “10 maart 2031”.",
    );
    // Once: later runs find nothing, and the page says when it went out.
    expect(await run("2031-03-04")).toEqual({ claimed: 0, sent: 0, skipped: 0 });
    expect(await remindersTo(home.person.email)).toHaveLength(1);
    expect(await remindersTo(bram.email)).toHaveLength(1);
    const year = await jsonOf<{ deadlines: TaxDeadline[] }>(
      await home.person.client.get("/api/taxes/years/2030"),
    );
    expect(year.deadlines.find((d) => d.id === deadline.id)?.remindedAt).not.toBeNull();
  });

  it("mails a member's deadline to them alone; never a done one, a passed one or before its day", async () => {
    const bramsOwn = await add({
      dueOn: "2032-06-01",
      remindDaysBefore: 0,
      memberId: bram.memberId,
    });
    const done = await add({ dueOn: "2032-06-01", remindDaysBefore: 5, status: "done" });
    const passed = await add({ dueOn: "2032-06-05", remindDaysBefore: 3 });
    const partners = await add({
      dueOn: "2032-06-01",
      remindDaysBefore: 1,
      memberId: home.partnerId,
    });
    const annaBefore = (await remindersTo(home.person.email)).length;
    const bramBefore = (await remindersTo(bram.email)).length;

    expect((await run("2032-05-30")).sent).toBe(0);
    // The partner's deadline is claimed on its day, but the partner has no account to mail.
    expect(await run("2032-05-31")).toEqual({ claimed: 1, sent: 0, skipped: 0 });
    expect(await remindedAt(partners.id)).not.toBeNull();
    expect(await run("2032-06-01")).toEqual({ claimed: 1, sent: 1, skipped: 0 });
    const [mail] = await remindersTo(bram.email);
    expect(mail?.text).toContain("is “1 juni 2032”. Dat is vandaag.");
    expect(await remindersTo(bram.email)).toHaveLength(bramBefore + 1);
    expect(await remindersTo(home.person.email)).toHaveLength(annaBefore);
    expect(await remindedAt(bramsOwn.id)).not.toBeNull();
    // The passed deadline's reminder day (2 June) comes after its own day has gone by.
    expect(await run("2032-06-06")).toEqual({ claimed: 0, sent: 0, skipped: 0 });
    expect(await remindedAt(passed.id)).toBeNull();
    expect(await remindedAt(done.id)).toBeNull();
  });

  it("keeps to each address's mail limit, and mails no household whose plan does not open taxes", async () => {
    const deadline = await add({ dueOn: "2033-01-10", remindDaysBefore: 1 });
    for (let i = 0; i < limits.mailsReceived.max; i++) {
      await testApp().deps.limiter.take(limits.mailsReceived, home.person.email);
    }
    const annaBefore = (await remindersTo(home.person.email)).length;
    expect(await run("2033-01-09")).toEqual({ claimed: 1, sent: 1, skipped: 1 });
    expect(await remindersTo(home.person.email)).toHaveLength(annaBefore);
    expect(await remindedAt(deadline.id)).not.toBeNull();
    await testApp().deps.limiter.clear(limits.mailsReceived, home.person.email);

    const free = await moneyHousehold(testApp, "Freek Gratis");
    const [theirs] = await db()
      .insert(taxDeadlines)
      .values({
        householdId: free.householdId,
        year: 2032,
        kind: "file-return",
        dueOn: "2033-05-01",
        remindDaysBefore: 2,
      })
      .returning();
    expect(await run("2033-04-29")).toEqual({ claimed: 0, sent: 0, skipped: 0 });
    expect(await remindedAt(theirs?.id ?? "")).toBeNull();
    // Back on Pro before the day: the reminder still comes.
    await setHouseholdPlan(db(), free.person.userId, "pro");
    expect(await run("2033-04-30")).toEqual({ claimed: 1, sent: 1, skipped: 0 });
    expect(await remindersTo(free.person.email)).toHaveLength(1);
  });

  it("sends through a real SMTP server, the title as text; a failed server leaves it for the next run", async () => {
    const bait = "Claim your refund at https://evil.com/refund";
    const deadline = await add({
      dueOn: "2034-04-30",
      remindDaysBefore: 10,
      title: bait,
      memberId: home.memberId,
    });
    const broken: Mailer = {
      kind: "smtp",
      send: () => Promise.reject(new Error("the mail server is away")),
    };
    expect(await run("2034-04-20", broken)).toEqual({ claimed: 0, sent: 0, skipped: 1 });
    expect(await remindedAt(deadline.id)).toBeNull();

    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: "Hearth <hearth@example.org>",
      db: db(),
      logger: testApp().deps.logger,
    });
    expect(await run("2034-04-21", mailer)).toEqual({ claimed: 1, sent: 1, skipped: 0 });
    const mail = await smtp.waitForMail(home.person.email);
    expect(mail.subject).toBe(mailTexts.en.taxDeadline.subject);
    expect(mail.text).toContain(`(“${asText(bait)}”)`);
    expect(mail.text).not.toContain("https://evil.com");
    expect(mail.text).toContain("That is in 9 days.");
    expect(mail.text).toContain(`${testBaseUrl}/dashboard/taxes`);
    expect(smtp.mailsTo(bram.email)).toEqual([]);
  });
});
