import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#server/db/client.ts";
import { listOutbox } from "#server/lib/mail.ts";
import { createRouter } from "#server/lib/router.ts";

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
  summary: "The outbox, newest first (only when no SMTP server is configured)",
  responses: {
    200: { description: "Mails", content: { "application/json": { schema: z.array(mailSchema) } } },
  },
});

/** GET /api/dev/mailbox: registered only in outbox mode. */
export function mailboxRoutes(deps: { db: Db }) {
  return createRouter().openapi(mailboxRoute, async (c) => c.json(await listOutbox(deps.db), 200));
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
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
