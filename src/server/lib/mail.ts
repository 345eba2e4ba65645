import { desc } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "#server/db/client.ts";
import { outboxMails } from "#server/db/schema/mail.ts";
import type { Logger } from "./logger.ts";

export type Mail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  kind: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
};

/** SMTP when SMTP_URL is set; otherwise the outbox, stored in the database and logged. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, db, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        logger.info("mail sent", { to: mail.to, subject: mail.subject });
      },
    };
  }
  return {
    kind: "outbox",
    async send(mail) {
      await db.insert(outboxMails).values(mail);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info("mail stored in the outbox (see /dev/mailbox)", {
        to: mail.to,
        subject: mail.subject,
        links,
      });
    },
  };
}

export async function listOutbox(db: Db) {
  const rows = await db.select().from(outboxMails).orderBy(desc(outboxMails.createdAt)).limit(200);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
  }));
}
