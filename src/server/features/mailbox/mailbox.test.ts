import { request as httpRequest } from "node:http";
import { networkInterfaces } from "node:os";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, type Logger } from "#server/lib/logger.ts";
import { createMailer } from "#server/lib/mail.ts";
import { mailTexts } from "#server/lib/mail-templates.ts";
import {
  latestOutboxMail,
  linkIn,
  pathOf,
  signUpAndVerify,
  strongPassword,
  uniqueEmail,
} from "#test/accounts.ts";
import { TestClient, errorOf } from "#test/client.ts";
import { describeOnEachDatabase, useTestDatabase } from "#test/databases.ts";
import { startSmtpCapture, type SmtpCapture } from "#test/smtp.ts";
import { useTestApp, type TestApp } from "#test/test-app.ts";

type OutboxMail = { to: string; subject: string; text: string; html: string; createdAt: string };

/** An address of this machine that is not a loopback one (the "neighbour" connects from it). */
function outsideAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? []) {
      if (address.family === "IPv4" && !address.internal) return address.address;
    }
  }
  return undefined;
}

type HttpAnswer = { status: number; text: string };

/** A real HTTP GET, sent from `localAddress` to `host` (so the server sees that socket address). */
function httpGet(
  host: string,
  port: number,
  path: string,
  options: { localAddress?: string; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host,
        port,
        path,
        method: "GET",
        localAddress: options.localAddress,
        headers: options.headers,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** Serves a test app over real HTTP on every address of the machine, on a free port. */
async function serveOnAllAddresses(
  testApp: () => TestApp,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve(
      { fetch: testApp().app.fetch, hostname: "0.0.0.0", port: 0 },
      () => resolve(started),
    );
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("No port.");
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeOnEachDatabase("the outbox (no SMTP_URL)", (database) => {
  const adminEmail = uniqueEmail("outbox-admin");
  // As `npm start` runs it: no proxy in front, so the socket's address is the caller's.
  // Without a proxy every in-process client shares one address: limits are not the point here.
  const testApp = useTestApp(database, {
    TRUST_PROXY: "false",
    ADMIN_EMAILS: adminEmail,
    RATE_LIMIT: "false",
  });
  const client = () => new TestClient(testApp);
  let server: { port: number; close(): Promise<void> };
  beforeAll(async () => {
    server = await serveOnAllAddresses(testApp);
  });
  afterAll(async () => {
    await server.close();
  });
  const neighbour = outsideAddress();

  /** The mailbox as a browser on this very computer sees it. */
  const mailbox = async (): Promise<OutboxMail[]> => {
    const response = await httpGet("127.0.0.1", server.port, "/api/dev/mailbox");
    expect(response.status).toBe(200);
    return JSON.parse(response.text) as OutboxMail[];
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

  it("shows the outbox as a page at /dev/mailbox on this computer, with the links clickable and the text escaped", async () => {
    const email = uniqueEmail("page");
    await client().post("/api/auth/sign-up/email", {
      name: "<b>Page</b> Person",
      email,
      password: strongPassword,
    });
    const response = await httpGet("127.0.0.1", server.port, "/dev/mailbox");
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain(email);
    expect(html).toMatch(
      /<a href="http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^"]+">/,
    );
    expect(html).not.toContain("<b>Page</b>");
    // The name is escaped (and, like every name in a mail, has a U+200C after its "/": decision 018).
    expect(html).toContain("&lt;b&gt;Page&lt;/\u200Cb&gt;");
  });

  it.skipIf(neighbour === undefined)(
    "is a 404 for a neighbour on the network: a reset link cannot be read to take an account over",
    async () => {
      const from = neighbour ?? "";
      // The victim has an account; the neighbour asks for a reset of it.
      const victim = await signUpAndVerify(testApp, {
        verificationLink: async (email) =>
          linkIn((await latestOutboxMail(testApp(), email)).text, "/api/auth/verify-email"),
      });
      const ask = await client().post("/api/auth/request-password-reset", {
        email: victim.email,
        redirectTo: "/reset-password",
      });
      expect(ask.status).toBe(200);
      // The mail is there, seen from this computer …
      expect((await mailbox()).some((mail) => mail.to === victim.email)).toBe(true);
      // … but the neighbour, connecting from another address, finds no such page or route,
      // not even claiming to be this computer in a forwarded header.
      const tries: Record<string, string>[] = [
        {},
        { "x-forwarded-for": "127.0.0.1" },
        { forwarded: "for=127.0.0.1" },
      ];
      for (const headers of tries) {
        for (const path of ["/api/dev/mailbox", "/dev/mailbox"]) {
          const answer = await httpGet(from, server.port, path, { localAddress: from, headers });
          expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(404);
          expect(answer.text).not.toContain(victim.email);
          expect(answer.text).not.toContain("reset-password");
        }
      }
      // A signed-in person of any household is no more entitled to it.
      const other = await signUpAndVerify(testApp, {
        verificationLink: async (email) =>
          linkIn((await latestOutboxMail(testApp(), email)).text, "/api/auth/verify-email"),
      });
      const signedIn = await httpGet(from, server.port, "/api/dev/mailbox", {
        localAddress: from,
        headers: { cookie: other.client.cookieHeader() },
      });
      expect(signedIn.status).toBe(404);
    },
  );

  it("is not opened on this computer by a forwarded header, which a proxy in front would add", async () => {
    const proxied = await httpGet("127.0.0.1", server.port, "/api/dev/mailbox", {
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(proxied.status).toBe(404);
    // A request made inside the process has no socket at all: not proof either.
    expect((await client().get("/api/dev/mailbox")).status).toBe(404);
    expect((await client().get("/dev/mailbox")).status).toBe(404);
  });

  it.skipIf(neighbour === undefined)(
    "opens for a signed-in administrator from anywhere",
    async () => {
      const from = neighbour ?? "";
      const admin = await signUpAndVerify(testApp, {
        email: adminEmail,
        verificationLink: async (email) =>
          linkIn((await latestOutboxMail(testApp(), email)).text, "/api/auth/verify-email"),
      });
      for (const path of ["/api/dev/mailbox", "/dev/mailbox"]) {
        const answer = await httpGet(from, server.port, path, {
          localAddress: from,
          headers: { cookie: admin.client.cookieHeader() },
        });
        expect(answer.status, path).toBe(200);
        expect(answer.text).toContain(adminEmail);
      }
    },
  );

  it("prints the links of every mail it keeps in the server's log, for the one who runs Hearth", async () => {
    const lines: { msg: string; fields: Record<string, unknown> | undefined }[] = [];
    const base = createLogger("silent");
    const logger: Logger = {
      ...base,
      info: (msg, fields) => lines.push({ msg, fields }),
      child: () => logger,
    };
    const mailer = createMailer({
      smtpUrl: undefined,
      from: "hearth@example.org",
      db: testApp().deps.database.db,
      logger,
    });
    const to = uniqueEmail("logged");
    await mailer.send({
      to,
      subject: "Reset",
      text: "Open http://localhost:3000/reset-password?token=abc to choose a new password.",
      html: "",
    });
    expect((await mailbox()).some((mail) => mail.to === to)).toBe(true);
    expect(lines.at(-1)?.fields?.links).toEqual(["http://localhost:3000/reset-password?token=abc"]);
  });

  it("reports the outbox to the public pages", async () => {
    const response = await client().get("/api/config");
    expect(await response.json()).toEqual({ googleSignIn: false, billing: "test", outbox: true });
  });
});

describe("the outbox behind a proxy (TRUST_PROXY=true)", () => {
  const testApp = useTestApp(useTestDatabase("embedded"), { TRUST_PROXY: "true" });
  it("is closed even on this computer: every request through the proxy comes from it", async () => {
    const server = await serveOnAllAddresses(testApp);
    try {
      expect((await httpGet("127.0.0.1", server.port, "/api/dev/mailbox")).status).toBe(404);
      expect((await httpGet("127.0.0.1", server.port, "/dev/mailbox")).status).toBe(404);
    } finally {
      await server.close();
    }
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
  const testApp = useTestApp(useTestDatabase("embedded"), () => ({ SMTP_URL: smtp.url }));

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
