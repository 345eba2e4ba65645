import type { Page } from "@playwright/test";
import { mailLinks, named, type Mailbox, type Person } from "../fixtures.ts";

/** Paths of Hearth's own links in mails. */
export const invitationLinkPath = "/invitation?token=";

/** A person signed up and verified through the API, with the cookie of their session. */
export type ApiPerson = Person & { cookie: string; baseURL: string };

/** The `name=value` pairs of an answer's Set-Cookie headers, as a Cookie header. */
function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
}

/** The cookies of an API person, for `context.addCookies`. */
export function browserCookies(person: ApiPerson) {
  return person.cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: person.baseURL };
  });
}

/** A JSON call to Hearth's API as `person` (for setting a test up, not for what it checks). */
export async function call<T>(
  person: ApiPerson,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${person.baseURL}/api${path}`, {
    method,
    headers: {
      cookie: person.cookie,
      origin: person.baseURL,
      "x-hearth-language": "en",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Signs `person` up, opens the confirmation link from the mail without following its redirect
 * and keeps the session cookie it sets (confirming signs the person in); then chooses Free.
 */
export async function signUpThroughApi(
  baseURL: string,
  mailbox: Mailbox,
  person: Person,
): Promise<ApiPerson> {
  const res = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL, "x-hearth-language": "en" },
    body: JSON.stringify({ ...person, callbackURL: "/auth/email-verified" }),
  });
  if (!res.ok)
    throw new Error(`Signing ${person.email} up answered ${res.status}: ${await res.text()}`);
  const mail = await mailbox.waitFor(person.email, { containing: mailLinks.verify });
  const verified = await fetch(mailbox.linkIn(mail), { redirect: "manual" });
  const cookie = cookieHeader(verified);
  if (!cookie)
    throw new Error(`Confirming ${person.email} set no session cookie (${verified.status}).`);
  const signedIn = { ...person, cookie, baseURL };
  // Choosing Free keeps the forced plan dialog away (billing.spec.ts covers the first choice).
  await call(signedIn, "POST", "/select-free-plan");
  return signedIn;
}

type Session = { account: { household: { id: string; name: string } } | null };

export async function householdOf(person: ApiPerson) {
  const { account } = await call<Session>(person, "GET", "/session");
  if (!account) throw new Error(`${person.email} is not signed in.`);
  return account.household;
}

/** The owner invites `invitee` through the API; answers the token from the invitation mail. */
export async function inviteThroughApi(
  owner: ApiPerson,
  mailbox: Mailbox,
  email: string,
): Promise<string> {
  const before = new Date(Date.now() - 1000).toISOString();
  const household = await householdOf(owner);
  await call(owner, "POST", "/send-invitation", { email, householdId: household.id });
  const mail = await mailbox.waitFor(email, { containing: invitationLinkPath, after: before });
  const link = new URL(mailbox.linkIn(mail));
  const token = link.searchParams.get("token");
  if (!token) throw new Error(`The invitation mail to ${email} has no token: ${link.href}`);
  return token;
}

export async function acceptThroughApi(invitee: ApiPerson, token: string) {
  await call(invitee, "POST", "/accept-invitation", { invitationToken: token });
}

/** A household of two made through the API: `owner` signs up, invites `partner`, who accepts. */
export async function householdOfTwo(
  baseURL: string,
  mailbox: Mailbox,
  people: { owner: Person; partner: Person },
): Promise<{ owner: ApiPerson; partner: ApiPerson }> {
  const owner = await signUpThroughApi(baseURL, mailbox, people.owner);
  const partner = await signUpThroughApi(baseURL, mailbox, people.partner);
  await acceptThroughApi(partner, await inviteThroughApi(owner, mailbox, partner.email));
  return { owner, partner };
}

/** A household of two (Anna owns it, Sam joined), with Anna signed in in `page`. */
export async function coupleSignedIn(page: Page, baseURL: string | undefined, mailbox: Mailbox) {
  if (!baseURL) throw new Error("baseURL is not set");
  const owner = await signUpThroughApi(baseURL, mailbox, named("Anna de Vries", "owner"));
  const partner = await signUpThroughApi(baseURL, mailbox, named("Sam Bakker", "partner"));
  await acceptThroughApi(partner, await inviteThroughApi(owner, mailbox, partner.email));
  await page.context().addCookies(browserCookies(owner));
  return { owner, partner };
}
