import { createRoute, z } from "@hono/zod-openapi";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";
import { listOutbox } from "#server/lib/mail.ts";
import { createRouter, type AppEnv } from "#server/lib/router.ts";
import { escapeHtml } from "#server/lib/html.ts";

export type OutboxAccess = { trustProxy: boolean; adminEmails: string[] };

const loopback = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Whether the request truly comes from the machine Hearth runs on: the socket's own address is a
 * loopback one, and no proxy stands between (behind a proxy every request comes from the machine,
 * so none proves anything, and a forwarded header is something any client can write).
 */
export function isFromThisMachine(c: Context<AppEnv>, trustProxy: boolean): boolean {
  if (trustProxy) return false;
  if (c.req.header("x-forwarded-for") !== undefined || c.req.header("forwarded") !== undefined) {
    return false;
  }
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    // No socket (a request made inside the process): not proof of anything.
    return false;
  }
  return address !== undefined && loopback.has(address);
}

/**
 * Who may read the outbox (decision 013): a signed-in administrator (ADMIN_EMAILS, address
 * confirmed), or a browser on the machine Hearth runs on. Everyone else gets the 404 of a route
 * that is not there: the outbox holds reset links, confirmation links and invitation tokens.
 */
export function canReadOutbox(c: Context<AppEnv>, access: OutboxAccess): boolean {
  const viewer = c.get("viewer");
  if (viewer?.emailVerified && access.adminEmails.includes(viewer.email.toLowerCase())) return true;
  return isFromThisMachine(c, access.trustProxy);
}

function assertCanReadOutbox(c: Context<AppEnv>, access: OutboxAccess): void {
  if (!canReadOutbox(c, access)) throw new AppError("NOT_FOUND", "There is no such API route.");
}

const mailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

const mailboxRoute = createRoute({
  method: "get",
  path: "/dev/mailbox",
  summary:
    "The outbox, newest first (only when no SMTP server is configured; for an administrator or a browser on the machine itself)",
  responses: {
    200: { description: "Mails", content: { "application/json": { schema: z.array(mailSchema) } } },
    404: { description: "Not an administrator, and not on the machine Hearth runs on" },
  },
});

/** GET /api/dev/mailbox: registered only in outbox mode, for those `canReadOutbox` lets in. */
export function mailboxRoutes(deps: { db: Db; access: OutboxAccess }) {
  return createRouter().openapi(mailboxRoute, async (c) => {
    assertCanReadOutbox(c, deps.access);
    return c.json(await listOutbox(deps.db), 200);
  });
}

/** The /dev/mailbox page: a plain, readable list of the outbox with clickable links. */
export async function renderMailboxPage(db: Db): Promise<string> {
  const mails = await listOutbox(db);
  const items = mails
    .map((mail) => {
      const body = escapeHtml(mail.text).replace(
        /https?:\/\/[^\s<]+/g,
        (url) => `<a href="${url}">${url}</a>`,
      );
      return `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt)}</p><pre>${body}</pre></article>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox · Hearth</title>
<style>
body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1c1917;background:#fafaf9}
@media (prefers-color-scheme:dark){body{color:#e7e5e4;background:#1c1917}a{color:#fdba74}}
article{border:1px solid #d6d3d1;border-radius:.5rem;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0}.meta{color:#78716c;font-size:.875rem}pre{white-space:pre-wrap;font-family:inherit}
</style></head><body>
<h1>Mailbox</h1>
<p>Hearth has no SMTP server configured (SMTP_URL), so every e-mail it sends lands here, newest first.</p>
${items || "<p>No mail yet. Sign up or ask for a password reset, and the mail shows up here.</p>"}
</body></html>`;
}
