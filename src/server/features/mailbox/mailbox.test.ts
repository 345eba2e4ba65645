import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailTexts } from "#server/lib/mail-templates.ts";
import { linkIn, pathOf, strongPassword, uniqueEmail } from "#test/accounts.ts";
import { TestClient, errorOf } from "#test/client.ts";
import { describeOnEachDatabase, useTestDatabase } from "#test/databases.ts";
import { startSmtpCapture, type SmtpCapture } from "#test/smtp.ts";
import { useTestApp } from "#test/test-app.ts";

type OutboxMail = { to: string; subject: string; text: string; html: string; createdAt: string };

describeOnEachDatabase("the outbox (no SMTP_URL)", (database) => {
  const testApp = useTestApp(database);
  const client = () => new TestClient(testApp);

  const mailbox = async (): Promise<OutboxMail[]> => {
    const response = await client().get("/api/dev/mailbox");
    expect(response.status).toBe(200);
    return (await response.json()) as OutboxMail[];
  };

  it("keeps every mail and lists them newest first with to, subject, text, html and createdAt", async () => {
    expect(testApp().deps.mailer.kind).toBe("outbox");
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    for (const email of [first, second]) {
      const response = await client().post("/api/auth/sign-up/email", {
        name: "Outbox Person",
        email,
        password: strongPassword,
        callbackURL: "/auth/email-verified",
      });
      expect(response.status).toBe(200);
    }
    const mails = await mailbox();
    const ours = mails.filter((mail) => mail.to === first || mail.to === second);
    expect(ours.map((mail) => mail.to)).toEqual([second, first]);
    for (const mail of ours) {
      expect(Object.keys(mail).sort()).toEqual(["createdAt", "html", "subject", "text", "to"]);
      expect(mail.subject).toBe(mailTexts.en.verify.subject);
      expect(mail.html).toContain("<a href=");
      expect(Number.isNaN(Date.parse(mail.createdAt))).toBe(false);
    }
    const times = mails.map((mail) => Date.parse(mail.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // The stored link works like a mailed one.
    const verify = await client().get(pathOf(linkIn(ours[0]?.text, "/api/auth/verify-email")));
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/auth/email-verified");
  });

  it("shows the outbox as a page at /dev/mailbox, with the links clickable and the text escaped", async () => {
    const email = uniqueEmail("page");
    await client().post("/api/auth/sign-up/email", {
      name: "<b>Page</b> Person",
      email,
      password: strongPassword,
    });
    const response = await client().get("/dev/mailbox");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain(email);
    expect(html).toMatch(
      /<a href="http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^"]+">/,
    );
    expect(html).not.toContain("<b>Page</b>");
    expect(html).toContain("&lt;b&gt;Page&lt;/b&gt;");
  });

  it("reports the outbox to the public pages", async () => {
    const response = await client().get("/api/config");
    expect(await response.json()).toEqual({ googleSignIn: false, billing: "test", outbox: true });
  });
});

describe("with SMTP_URL set", () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const testApp = useTestApp(useTestDatabase("pglite"), () => ({ SMTP_URL: smtp.url }));

  it("has no outbox routes, and keeps no mail in the database", async () => {
    const client = new TestClient(testApp);
    const api = await client.get("/api/dev/mailbox");
    expect(api.status).toBe(404);
    expect((await errorOf(api)).code).toBe("NOT_FOUND");
    expect((await client.get("/dev/mailbox")).status).toBe(404);
    expect(await (await client.get("/api/config")).json()).toMatchObject({ outbox: false });

    const email = uniqueEmail("smtp");
    await client.post("/api/auth/sign-up/email", {
      name: "Smtp Person",
      email,
      password: strongPassword,
    });
    await smtp.waitForMail(email);
    const stored = await testApp().deps.database.db.query.outboxMails.findMany();
    expect(stored).toHaveLength(0);
  });
});
