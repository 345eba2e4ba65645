import { SMTPServer } from "smtp-server";
import { parseMail, type ParsedMail } from "#test/mime.ts";

export type ReceivedMail = ParsedMail & { envelopeTo: string[] };

export type SmtpCapture = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Waits for the first mail to `address` (case-insensitive) after `since` received mails. */
  waitForMail(
    address: string,
    options?: { since?: number; timeoutMs?: number },
  ): Promise<ReceivedMail>;
  /** Mails received for an address so far. */
  mailsTo(address: string): ReceivedMail[];
  close(): Promise<void>;
};

/**
 * A real SMTP server on a free local port that keeps every message it receives, parsed.
 * Plain SMTP without authentication or STARTTLS, like a local relay.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          ...parseMail(raw),
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  if (address === null || typeof address === "string")
    throw new Error("The SMTP server has no TCP port.");
  const { port } = address;

  const isFor = (mail: ReceivedMail, address: string) =>
    mail.envelopeTo.includes(address.toLowerCase());

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo: (address) => received.filter((mail) => isFor(mail, address)),
    waitForMail(address, options = {}) {
      const since = options.since ?? 0;
      const timeoutMs = options.timeoutMs ?? 5_000;
      const find = () => received.slice(since).find((mail) => isFor(mail, address));
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find();
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail to ${address} arrived within ${timeoutMs} ms.`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
