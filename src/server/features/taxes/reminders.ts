import { and, eq, gte, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { user } from "#server/db/schema/auth.ts";
import { members, profiles } from "#server/db/schema/households.ts";
import { taxDeadlines } from "#server/db/schema/taxes.ts";
import { householdPlan } from "#server/features/billing/entitlement.ts";
import { limits, type Limiter } from "#server/lib/limits.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { Mailer } from "#server/lib/mail.ts";
import { taxDeadlineMail } from "#server/lib/mail-templates.ts";
import type { BillingMode } from "#shared/billing.ts";
import { addDays, daysBetween, type IsoDate } from "#shared/dates.ts";
import { pickLanguage } from "#shared/i18n.ts";
import { hasAccess } from "#shared/plans.ts";
import { taxLabels } from "#shared/tax-labels.ts";

/**
 * Deadline reminders (decision 022): every open deadline whose reminder day (its day minus
 * `remind_days_before`) has come, whose day has not passed and whose reminder was not sent, is
 * claimed with one conditional update (`reminded_at` from null to now, returning the row), so of
 * two instances running at once exactly one gets it; the claimer mails the member the deadline
 * belongs to, or every active person with a confirmed account when it is the household's, each
 * in their own language, within the per-address mail limit (over it: not sent, logged). When no
 * mail could be sent because the mail server failed, the claim is taken back, so the next run
 * tries again; a reminder is never sent twice. Households whose plan no longer opens taxes get
 * none (their deadlines stay unclaimed, so a reminder still comes if they return in time).
 */
export type ReminderDeps = {
  db: Db;
  mailer: Mailer;
  limiter: Limiter;
  logger: Logger;
  baseUrl: string;
  billing: BillingMode;
};

export type ReminderRun = {
  /** Deadlines this run claimed. */
  claimed: number;
  /** Mails sent. */
  sent: number;
  /** Mails not sent: over the address's limit, or the mail server failed. */
  skipped: number;
};

/** The deadlines whose reminder is due on `day`, not yet claimed. */
async function dueReminders(db: Db, day: IsoDate) {
  return db
    .select({ id: taxDeadlines.id, householdId: taxDeadlines.householdId })
    .from(taxDeadlines)
    .where(
      and(
        isNull(taxDeadlines.remindedAt),
        isNotNull(taxDeadlines.remindDaysBefore),
        eq(taxDeadlines.status, "open"),
        // The index on due_on (unclaimed reminders only) finds the year ahead.
        gte(taxDeadlines.dueOn, day),
        lte(taxDeadlines.dueOn, addDays(day, 365)),
        sql`${taxDeadlines.dueOn} - ${taxDeadlines.remindDaysBefore} <= ${day}::date`,
      ),
    )
    .orderBy(taxDeadlines.dueOn, taxDeadlines.id);
}

/** Claims one deadline's reminder: the row when this run got it, else null. */
async function claim(db: Db, id: string) {
  const [row] = await db
    .update(taxDeadlines)
    .set({ remindedAt: new Date() })
    .where(
      and(
        eq(taxDeadlines.id, id),
        isNull(taxDeadlines.remindedAt),
        eq(taxDeadlines.status, "open"),
      ),
    )
    .returning();
  return row ?? null;
}

/** The people a deadline's reminder goes to: its member, or every person of the household. */
async function recipients(db: Db, householdId: string, memberId: string | null) {
  return db
    .select({
      email: user.email,
      name: members.name,
      language: profiles.preferredLanguage,
    })
    .from(members)
    .innerJoin(user, eq(user.id, members.userId))
    .leftJoin(profiles, eq(profiles.id, members.userId))
    .where(
      and(
        eq(members.householdId, householdId),
        eq(members.isHousehold, false),
        eq(members.invitationStatus, "active"),
        eq(user.emailVerified, true),
        memberId === null ? undefined : eq(members.id, memberId),
      ),
    );
}

/** One run of the job for `day` (the server's date). Safe beside other instances. */
export async function sendDeadlineReminders(
  deps: ReminderDeps,
  day: IsoDate,
): Promise<ReminderRun> {
  const { db, logger } = deps;
  const run: ReminderRun = { claimed: 0, sent: 0, skipped: 0 };
  const due = await dueReminders(db, day);
  const households = [...new Set(due.map((row) => row.householdId))];
  const open = new Set<string>();
  for (const householdId of households) {
    if (hasAccess(await householdPlan(db, householdId, deps.billing), "taxes")) {
      open.add(householdId);
    }
  }
  for (const candidate of due) {
    if (!open.has(candidate.householdId)) continue;
    const deadline = await claim(db, candidate.id);
    if (!deadline) continue;
    run.claimed++;
    let sent = 0;
    let failed = 0;
    for (const person of await recipients(db, deadline.householdId, deadline.memberId)) {
      const taken = await deps.limiter.take(limits.mailsReceived, person.email);
      if (!taken.ok) {
        run.skipped++;
        logger.warn("a tax deadline reminder was not sent: the address is over its mail limit", {
          deadlineId: deadline.id,
        });
        continue;
      }
      const language = pickLanguage(person.language);
      try {
        await deps.mailer.send(
          taxDeadlineMail(language, {
            to: person.email,
            name: person.name,
            kind: taxLabels[language].deadlineKind[deadline.kind],
            dueOn: deadline.dueOn,
            title: deadline.title,
            daysLeft: daysBetween(day, deadline.dueOn),
            url: `${deps.baseUrl}/dashboard/taxes`,
          }),
        );
        sent++;
      } catch (error) {
        failed++;
        logger.error("a tax deadline reminder could not be sent", {
          deadlineId: deadline.id,
          error,
        });
      }
    }
    run.sent += sent;
    run.skipped += failed;
    if (sent === 0 && failed > 0) {
      // Nobody got it because the mail server failed: the next run tries again.
      await db
        .update(taxDeadlines)
        .set({ remindedAt: null })
        .where(eq(taxDeadlines.id, deadline.id));
      run.claimed--;
    }
  }
  return run;
}
