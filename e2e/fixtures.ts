import { randomUUID } from "node:crypto";
import {
  test as base,
  expect,
  type ConsoleMessage,
  type Page,
  type WebError,
} from "@playwright/test";

/** Someone who uses Hearth in a test: a fresh, unique address every time. */
export type Person = { name: string; email: string; password: string };

/** A mail from the outbox (`GET /api/dev/mailbox`). */
export type Mail = { to: string; subject: string; text: string; html: string; createdAt: string };

/** A password the server's strength check accepts (zxcvbn score 3 or more). */
export const strongPassword = "Amber kettle orchard 41";
export const otherStrongPassword = "Violet lantern harbour 73";

export function newPerson(tag = "e2e"): Person {
  const id = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  return { name: "Robin Janssen", email: `${tag}-${id}@example.com`, password: strongPassword };
}

/** A new person with this name ("Anna de Vries"); `tag` starts their address. */
export function named(name: string, tag: string): Person {
  return { ...newPerson(tag), name };
}

/**
 * The outbox, read over HTTP like a person reads their inbox. Mails are listed newest first;
 * `waitFor` polls until a mail to the address (optionally matching more) arrives, or fails
 * after a bounded time with what the outbox did hold for that address.
 */
export class Mailbox {
  constructor(private readonly baseURL: string) {}

  async list(): Promise<Mail[]> {
    const res = await fetch(`${this.baseURL}/api/dev/mailbox`);
    if (!res.ok)
      throw new Error(`GET /api/dev/mailbox answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Mail[];
  }

  /** Every mail to `to`, newest first. */
  async mailsTo(to: string): Promise<Mail[]> {
    const address = to.toLowerCase();
    return (await this.list()).filter((mail) => mail.to.toLowerCase() === address);
  }

  /**
   * The newest mail to `to` whose text contains `containing` (e.g. a link's path) and that was
   * stored after `after` (an ISO time, e.g. the createdAt of a mail already read).
   */
  async waitFor(
    to: string,
    options: { containing?: string; after?: string; timeout?: number } = {},
  ): Promise<Mail> {
    const { containing, after, timeout = 15_000 } = options;
    const deadline = Date.now() + timeout;
    let seen: Mail[];
    for (let wait = 100; ; wait = Math.min(wait * 2, 1_000)) {
      seen = await this.mailsTo(to);
      const match = seen.find(
        (mail) =>
          (containing === undefined || mail.text.includes(containing)) &&
          (after === undefined || mail.createdAt > after),
      );
      if (match) return match;
      if (Date.now() + wait > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const summary = seen.map((m) => `  - ${m.createdAt} "${m.subject}"`).join("\n") || "  (none)";
    throw new Error(
      `No mail to ${to}${containing ? ` containing "${containing}"` : ""}${after ? ` after ${after}` : ""} within ${timeout} ms. Mails to that address:\n${summary}`,
    );
  }

  /** The link to follow in a mail: the first address on this server in its plain-text part. */
  linkIn(mail: Mail): string {
    const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(this.baseURL));
    if (!link)
      throw new Error(
        `The mail "${mail.subject}" to ${mail.to} has no link to ${this.baseURL}:\n${mail.text}`,
      );
    return link;
  }
}

/** Paths of Better Auth's links in mails. */
export const mailLinks = {
  verify: "/api/auth/verify-email?token=",
  reset: "/api/auth/reset-password/",
} as const;

function describeConsole(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return `console.error: ${message.text()}${url ? `\n      at ${url}${lineNumber ? `:${lineNumber}` : ""}` : ""}`;
}

function describeWebError(error: WebError): string {
  const cause = error.error();
  const where = error.page()?.url() ?? "an unknown page";
  return `uncaught error on ${where}: ${cause.stack ?? cause.message}`;
}

type Fixtures = {
  /** A fresh person with a unique e-mail address, not signed up yet. */
  person: Person;
  mailbox: Mailbox;
  /**
   * Signs `person` up through the API, then opens the confirmation link from the mail in the
   * page, which signs them in and lands on /auth/email-verified. For specs that just need a
   * signed-in person. Unless `choosePlan` is false, the person then chooses Free through the API,
   * so the forced plan dialog stays away (specs of the first choice pass `choosePlan: false`).
   */
  signUpAndVerify: (
    page: Page,
    person?: Person,
    options?: { choosePlan?: boolean },
  ) => Promise<Person>;
  /**
   * Signs one of the administrators listed in playwright.config.ts (ADMIN_EMAILS) in, in the
   * page's context: with the password when the account exists (a retry), else by signing up.
   */
  signInAsAdmin: (page: Page, email: (typeof adminEmails)[number]) => Promise<Person>;
  /** Fails the test when any page of the test logs a console error or throws (auto). */
  noConsoleErrors: undefined;
};

/** The administrators of the browser tests' server (ADMIN_EMAILS in playwright.config.ts). */
export const adminEmails = ["admin@e2e.hearth.test", "admin2@e2e.hearth.test"] as const;

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from its first parameter.
  person: async ({}, use) => {
    await use(newPerson());
  },

  mailbox: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error("baseURL is not set in playwright.config.ts");
    await use(new Mailbox(baseURL));
  },

  signUpAndVerify: async ({ baseURL, mailbox, person: defaultPerson }, use) => {
    if (!baseURL) throw new Error("baseURL is not set in playwright.config.ts");
    await use(async (page, person = defaultPerson, { choosePlan = true } = {}) => {
      const res = await fetch(`${baseURL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseURL, "x-hearth-language": "en" },
        body: JSON.stringify({ ...person, callbackURL: "/auth/email-verified" }),
      });
      if (!res.ok)
        throw new Error(`Signing ${person.email} up answered ${res.status}: ${await res.text()}`);
      const mail = await mailbox.waitFor(person.email, { containing: mailLinks.verify });
      await page.goto(mailbox.linkIn(mail));
      await expect(page).toHaveURL(/\/auth\/email-verified$/);
      if (choosePlan) {
        const chosen = await page.request.post(`${baseURL}/api/select-free-plan`, {
          headers: { origin: baseURL },
        });
        if (!chosen.ok())
          throw new Error(`Choosing Free for ${person.email} answered ${chosen.status()}`);
      }
      return person;
    });
  },

  signInAsAdmin: async ({ baseURL, signUpAndVerify }, use) => {
    if (!baseURL) throw new Error("baseURL is not set in playwright.config.ts");
    await use(async (page, email) => {
      const admin: Person = { name: "Ada Admin", email, password: strongPassword };
      const signedIn = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
        headers: { origin: baseURL },
        data: { email, password: admin.password },
      });
      if (signedIn.ok()) return admin;
      return signUpAndVerify(page, admin);
    });
  },

  noConsoleErrors: [
    async ({ context }, use) => {
      const problems: string[] = [];
      context.on("console", (message) => {
        if (message.type() !== "error") return;
        problems.push(describeConsole(message));
      });
      context.on("weberror", (error) => problems.push(describeWebError(error)));
      await use(undefined);
      if (problems.length > 0) {
        throw new Error(
          `The pages of this test logged ${problems.length} error(s):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
        );
      }
    },
    { auto: true },
  ],
});

export { expect };
