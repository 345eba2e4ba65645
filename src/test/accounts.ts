import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { user } from "#server/db/schema/auth.ts";
import { listOutbox } from "#server/lib/mail.ts";
import { TestClient } from "#test/client.ts";
import { linksIn } from "#test/mime.ts";
import { testBaseUrl, type TestApp } from "#test/test-app.ts";

/** A passphrase zxcvbn scores as strong. */
export const strongPassword = "correct horse battery staple";

/** An address no other test uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.org`;
}

/** The path and query of a link in a mail, after checking that it points at our own address. */
export function pathOf(link: string): string {
  if (!link.startsWith(`${testBaseUrl}/`))
    throw new Error(`The link ${link} does not point at ${testBaseUrl}.`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The first link in a mail text that starts with `${BASE_URL}${pathStart}`. */
export function linkIn(text: string | undefined, pathStart: string): string {
  const link = linksIn(text ?? "").find((candidate) =>
    candidate.startsWith(`${testBaseUrl}${pathStart}`),
  );
  if (!link) throw new Error(`No link to ${pathStart} in the mail:\n${text ?? "(no text part)"}`);
  return link;
}

/** The newest outbox mail to an address (outbox mode). */
export async function latestOutboxMail(testApp: TestApp, email: string) {
  const mail = (await listOutbox(testApp.deps.database.db)).find((m) => m.to === email);
  if (!mail) throw new Error(`No mail to ${email} in the outbox.`);
  return mail;
}

export async function userRow(testApp: TestApp, email: string) {
  const rows = await testApp.deps.database.db.select().from(user).where(eq(user.email, email));
  return rows;
}

export type SignedUp = {
  client: TestClient;
  email: string;
  password: string;
  name: string;
  userId: string;
};

/**
 * Signs a person up the way the client does, follows the verification link from their mail
 * (which signs them in) and returns their client with its session cookie.
 */
export async function signUpAndVerify(
  testApp: () => TestApp,
  options: {
    verificationLink: (email: string) => Promise<string>;
    name?: string;
    email?: string;
    password?: string;
    language?: "en" | "nl";
  },
): Promise<SignedUp> {
  const name = options.name ?? "Sam Example";
  const email = options.email ?? uniqueEmail("person");
  const password = options.password ?? strongPassword;
  const client = new TestClient(
    testApp,
    options.language ? { headers: { "x-hearth-language": options.language } } : {},
  );
  const signUp = await client.post("/api/auth/sign-up/email", {
    name,
    email,
    password,
    callbackURL: "/auth/email-verified",
  });
  if (signUp.status !== 200)
    throw new Error(`Sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const verify = await client.get(pathOf(await options.verificationLink(email)));
  if (verify.status !== 302)
    throw new Error(`The verification link answered ${verify.status}: ${await verify.text()}`);
  const [row] = await userRow(testApp(), email);
  if (!row) throw new Error(`No user row for ${email}.`);
  return { client, email, password, name, userId: row.id };
}

/** In outbox mode: the verification link from the outbox. */
export function outboxVerificationLink(testApp: () => TestApp) {
  return async (email: string) =>
    linkIn((await latestOutboxMail(testApp(), email)).text, "/api/auth/verify-email");
}
