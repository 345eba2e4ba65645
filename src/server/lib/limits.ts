import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { accountRateLimits } from "#server/db/schema/limits.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { ErrorCode } from "#shared/errors.ts";
import type { Language } from "#shared/i18n.ts";

/** One limit: at most `max` requests per subject in a window of `windowSeconds`. */
export type Limit = { name: string; max: number; windowSeconds: number };

/**
 * Hearth's own limits, per account or per address, on top of Better Auth's per-client-address
 * ones (decision 014). A family typing by hand never meets them; a script does.
 */
export const limits = {
  /** Changes (POST, PUT, PATCH, DELETE under /api) by one signed-in account. */
  writes: { name: "write", max: 300, windowSeconds: 60 },
  /** Mails one account makes Hearth send to others (invitations). */
  mailsSent: { name: "mail-from", max: 10, windowSeconds: 3600 },
  /** Mails to one address, whoever asks (invitations, password resets, confirmations). */
  mailsReceived: { name: "mail-to", max: 5, windowSeconds: 3600 },
  /** Attempts to sign in to one account (by its address), from any client address. */
  signIns: { name: "sign-in", max: 10, windowSeconds: 900 },
} satisfies Record<string, Limit>;

/** Refused by a limit: a 429 that says when to try again (the `Retry-After` header, seconds). */
export class LimitError extends AppError {
  readonly retryAfter: number;

  constructor(message: string, retryAfter: number, code: ErrorCode = "RATE_LIMITED") {
    super(code, message);
    this.retryAfter = retryAfter;
  }
}

export type TakeResult = { ok: true } | { ok: false; retryAfter: number };

export type Limiter = {
  /**
   * Counts one request of `subject` against `limit` and says whether it is within it; when not,
   * how many seconds until the window ends. One atomic statement, safe across instances.
   */
  take(limit: Limit, subject: string, now?: number): Promise<TakeResult>;
  /** Forgets the count (a successful sign-in ends the run of failures). */
  clear(limit: Limit, subject: string): Promise<void>;
};

const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject.toLowerCase()}`;

/**
 * A fixed-window counter per key in `account_rate_limit`: an insert that, on conflict, starts a
 * new window when the old one is over and otherwise adds one, returning the count. On
 * PostgreSQL two instances counting the same key wait for each other's row lock, so no request
 * is lost. `enabled: false` (RATE_LIMIT=false) lets everything through.
 */
export function createLimiter(db: Db, enabled: boolean): Limiter {
  return {
    async take(limit, subject, now = Date.now()) {
      if (!enabled) return { ok: true };
      const windowMs = limit.windowSeconds * 1000;
      const over = sql`${accountRateLimits.windowStartedAt} <= ${now - windowMs}`;
      const [row] = await db
        .insert(accountRateLimits)
        .values({ key: keyOf(limit, subject), windowStartedAt: now, count: 1 })
        .onConflictDoUpdate({
          target: accountRateLimits.key,
          set: {
            count: sql`case when ${over} then 1 else ${accountRateLimits.count} + 1 end`,
            windowStartedAt: sql`case when ${over} then ${now} else ${accountRateLimits.windowStartedAt} end`,
          },
        })
        .returning({
          count: accountRateLimits.count,
          windowStartedAt: accountRateLimits.windowStartedAt,
        });
      if (!row || row.count <= limit.max) return { ok: true };
      const retryAfter = Math.max(1, Math.ceil((row.windowStartedAt + windowMs - now) / 1000));
      return { ok: false, retryAfter };
    },
    async clear(limit, subject) {
      if (!enabled) return;
      await db.delete(accountRateLimits).where(eq(accountRateLimits.key, keyOf(limit, subject)));
    },
  };
}

/** Minutes to wait, rounded up, for a message. */
export const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** What a person reads when a limit refuses them, in their language. */
export const limitMessages = {
  en: {
    writes: "You made a great many changes in a short time. Wait a minute, then try again.",
    mailsSent: (minutes: number) =>
      `You sent many invitations in the last hour. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    mailsReceived: (minutes: number) =>
      `This address already received several e-mails from Hearth in the last hour. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    signIns: (minutes: number) =>
      `Too many attempts to sign in to this account. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}, or choose a new password with "Forgot password?".`,
  },
  nl: {
    writes:
      "Je hebt in korte tijd heel veel gewijzigd. Wacht een minuut en probeer het dan opnieuw.",
    mailsSent: (minutes: number) =>
      `Je hebt het afgelopen uur veel uitnodigingen verstuurd. Probeer het over ${minutes} ${minutes === 1 ? "minuut" : "minuten"} opnieuw.`,
    mailsReceived: (minutes: number) =>
      `Dit adres kreeg het afgelopen uur al meerdere e-mails van Hearth. Probeer het over ${minutes} ${minutes === 1 ? "minuut" : "minuten"} opnieuw.`,
    signIns: (minutes: number) =>
      `Te veel pogingen om in te loggen op dit account. Probeer het over ${minutes} ${minutes === 1 ? "minuut" : "minuten"} opnieuw, of kies een nieuw wachtwoord via "Wachtwoord vergeten?".`,
  },
} satisfies Record<Language, unknown>;
