import { and, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { user } from "#server/db/schema/auth.ts";
import { members, profiles } from "#server/db/schema/households.ts";
import { insurancePolicies, insurancePolicyMembers } from "#server/db/schema/insurance.ts";
import { householdPlan } from "#server/features/billing/entitlement.ts";
import type { ReminderDeps, ReminderRun } from "#server/features/taxes/reminders.ts";
import { limits } from "#server/lib/limits.ts";
import { insuranceNoticeMail } from "#server/lib/mail-templates.ts";
import { addDays, daysBetween, type IsoDate } from "#shared/dates.ts";
import { pickLanguage, type Language } from "#shared/i18n.ts";
import { nextNoticeDeadline } from "#shared/insurance-math.ts";
import { hasAccess } from "#shared/plans.ts";
import type { InsuranceKind } from "#shared/schemas/insurance.schema.ts";

/**
 * Notice reminders (decision 024), beside the tax deadline reminders (decision 022): an active
 * policy with a reminder, a renewal date and a notice period gets one mail per notice deadline,
 * `remind_days_before` days before it. Each due reminder is claimed with one conditional update
 * (`reminded_at` from null, or from a time before this deadline's reminder day, to now), so of
 * two instances running at once exactly one gets it and a policy renewing every year is reminded
 * again the next year. The claimer mails the people the policy covers (everyone for the whole
 * household's policy) who have a confirmed address, each in their own language, within the
 * per-address mail limit. The subject is fixed; the insurer is free text and only quoted in the
 * body (decision 018). When the mail server failed for everyone, the claim is taken back.
 */

/** The kinds as a mail names them. */
const kindNames: Record<Language, Record<InsuranceKind, string>> = {
  en: {
    "health-basic": "basic health insurance",
    "health-supplementary": "supplementary health insurance",
    home: "home insurance",
    contents: "contents insurance",
    liability: "liability insurance",
    car: "car insurance",
    travel: "travel insurance",
    life: "life insurance",
    disability: "disability insurance",
    legal: "legal aid insurance",
    funeral: "funeral insurance",
    pet: "pet insurance",
    other: "the insurance",
  },
  nl: {
    "health-basic": "de basiszorgverzekering",
    "health-supplementary": "de aanvullende zorgverzekering",
    home: "de opstalverzekering",
    contents: "de inboedelverzekering",
    liability: "de aansprakelijkheidsverzekering",
    car: "de autoverzekering",
    travel: "de reisverzekering",
    life: "de levensverzekering",
    disability: "de arbeidsongeschiktheidsverzekering",
    legal: "de rechtsbijstandverzekering",
    funeral: "de uitvaartverzekering",
    pet: "de dierenverzekering",
    other: "de verzekering",
  },
};

type PolicyRow = typeof insurancePolicies.$inferSelect;

/** A policy's next notice deadline and the day its reminder is due (null: none set). */
function reminderOf(policy: PolicyRow, day: IsoDate) {
  if (
    policy.status !== "active" ||
    policy.renewalDate === null ||
    policy.noticeValue === null ||
    policy.noticeUnit === null ||
    policy.remindDaysBefore === null
  ) {
    return null;
  }
  const next = nextNoticeDeadline(
    policy.renewalDate,
    { value: policy.noticeValue, unit: policy.noticeUnit },
    day,
  );
  return { ...next, remindOn: addDays(next.deadline, -policy.remindDaysBefore) };
}

/** The policies whose reminder is due on `day` and not sent for this deadline yet. */
async function dueReminders(db: Db, day: IsoDate) {
  const rows = await db
    .select()
    .from(insurancePolicies)
    .where(
      and(
        eq(insurancePolicies.status, "active"),
        isNotNull(insurancePolicies.remindDaysBefore),
        isNotNull(insurancePolicies.renewalDate),
        isNotNull(insurancePolicies.noticeValue),
      ),
    )
    .orderBy(insurancePolicies.id);
  return rows.flatMap((policy) => {
    const reminder = reminderOf(policy, day);
    if (!reminder || reminder.remindOn > day) return [];
    if (policy.remindedAt && policy.remindedAt.toISOString().slice(0, 10) >= reminder.remindOn) {
      return [];
    }
    return [{ policy, reminder }];
  });
}

/** The start of a day in UTC, as `reminded_at` is compared with days. */
const startOf = (day: IsoDate) => new Date(`${day}T00:00:00Z`);

/**
 * Claims one policy's reminder for the deadline whose reminder day is `remindOn`, run on `day`:
 * `reminded_at` becomes now (never before `day`'s start, so a claim always counts for the day it
 * was made on), when it was null or before `remindOn`'s start.
 */
async function claim(db: Db, id: string, remindOn: IsoDate, day: IsoDate) {
  const now = new Date();
  const [row] = await db
    .update(insurancePolicies)
    .set({ remindedAt: now > startOf(day) ? now : startOf(day) })
    .where(
      and(
        eq(insurancePolicies.id, id),
        eq(insurancePolicies.status, "active"),
        or(
          isNull(insurancePolicies.remindedAt),
          lt(insurancePolicies.remindedAt, startOf(remindOn)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** The people a policy's reminder goes to: those it covers, or every person of the household. */
async function recipients(db: Db, policy: PolicyRow) {
  const covered = await db
    .select({ memberId: insurancePolicyMembers.memberId })
    .from(insurancePolicyMembers)
    .where(eq(insurancePolicyMembers.policyId, policy.id));
  return db
    .select({ email: user.email, name: members.name, language: profiles.preferredLanguage })
    .from(members)
    .innerJoin(user, eq(user.id, members.userId))
    .leftJoin(profiles, eq(profiles.id, members.userId))
    .where(
      and(
        eq(members.householdId, policy.householdId),
        eq(members.isHousehold, false),
        eq(members.invitationStatus, "active"),
        eq(user.emailVerified, true),
        covered.length === 0
          ? undefined
          : inArray(
              members.id,
              covered.map((row) => row.memberId),
            ),
      ),
    );
}

/** One run of the job for `day` (the server's date). Safe beside other instances. */
export async function sendNoticeReminders(deps: ReminderDeps, day: IsoDate): Promise<ReminderRun> {
  const { db, logger } = deps;
  const run: ReminderRun = { claimed: 0, sent: 0, skipped: 0 };
  const due = await dueReminders(db, day);
  const open = new Set<string>();
  for (const householdId of new Set(due.map((item) => item.policy.householdId))) {
    if (hasAccess(await householdPlan(db, householdId, deps.billing), "insurance")) {
      open.add(householdId);
    }
  }
  for (const { policy: candidate, reminder } of due) {
    if (!open.has(candidate.householdId)) continue;
    const policy = await claim(db, candidate.id, reminder.remindOn, day);
    if (!policy) continue;
    run.claimed++;
    let sent = 0;
    let failed = 0;
    for (const person of await recipients(db, policy)) {
      const taken = await deps.limiter.take(limits.mailsReceived, person.email);
      if (!taken.ok) {
        run.skipped++;
        logger.warn("a notice reminder was not sent: the address is over its mail limit", {
          policyId: policy.id,
        });
        continue;
      }
      const language = pickLanguage(person.language);
      try {
        await deps.mailer.send(
          insuranceNoticeMail(language, {
            to: person.email,
            name: person.name,
            kind: kindNames[language][policy.kind],
            insurer: policy.insurer,
            deadline: reminder.deadline,
            renewalDate: reminder.renewalDate,
            daysLeft: daysBetween(day, reminder.deadline),
            url: `${deps.baseUrl}/dashboard/insurance`,
          }),
        );
        sent++;
      } catch (error) {
        failed++;
        logger.error("a notice reminder could not be sent", { policyId: policy.id, error });
      }
    }
    run.sent += sent;
    run.skipped += failed;
    if (sent === 0 && failed > 0) {
      // Nobody got it because the mail server failed: the next run tries again.
      await db
        .update(insurancePolicies)
        .set({ remindedAt: candidate.remindedAt })
        .where(eq(insurancePolicies.id, policy.id));
      run.claimed--;
    }
  }
  return run;
}
