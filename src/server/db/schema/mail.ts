import { pgTable, text, timestamp, uuid, index } from "drizzle-orm/pg-core";

/** The outbox: every mail sent while no SMTP_URL is set, shown at /dev/mailbox. */
export const outboxMails = pgTable(
  "outbox_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_mails_created_at_idx").on(t.createdAt)],
);
