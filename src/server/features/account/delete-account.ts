import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import type { Db } from "#server/db/client.ts";
import { account, user, verification } from "#server/db/schema/auth.ts";
import { households, invitations, members, profiles } from "#server/db/schema/households.ts";
import { accountRateLimits } from "#server/db/schema/limits.ts";
import { outboxMails } from "#server/db/schema/mail.ts";
import { chargingSubscription } from "#server/features/billing/billing.service.ts";
import { catchUpRewritten } from "#server/features/insurance/insurance-booking.ts";
import { rebookHouseholdPolicies } from "#server/features/insurance/insurance.service.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { FileStore } from "#server/lib/file-store.ts";
import { LimitError, limitMessages, limits, minutesOf, type Limiter } from "#server/lib/limits.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type { IsoDate } from "#shared/dates.ts";
import { isLanguage } from "#shared/i18n.ts";
import { confirmsDeletion, type DeleteAccountInput } from "#shared/schemas/account.schema.ts";
import { accountMessages } from "./account-messages.ts";

export type DeleteAccountDeps = {
  db: Db;
  fileStore: FileStore;
  limiter: Limiter;
  logger: Logger;
};

/** Where a person's avatars are stored (`avatars/<user id>/<timestamp>.<ext>`, profile.service). */
export const avatarFolderOf = (userId: string) => `avatars/${userId}/`;

/**
 * What deleting an account leaves, by what the person was:
 * - a member (or an owner who handed the household over): the household keeps its shared
 *   history. Their member row stays, as a removed member named "Former member", so its entries,
 *   shares, budgets and accounts still add up; policies of the whole household are rebooked for
 *   the people left, as when the owner removes someone (`removeMember`).
 * - the owner, alone in the household: the household goes with everything in it (every
 *   household-owned table cascades from `households`).
 * - the owner of a household with other people: refused; they hand it over first. So is an
 *   owner whose household still pays for a plan (decision 016: nothing charges a household that
 *   no longer exists).
 * Then, in the same transaction, the person's Better Auth user with its sessions and sign-in
 * methods (cascade), their profile, their reset tokens, answered invitations to their address,
 * their mails in the outbox and their counters; member rows of theirs in other households are renamed like the one left behind.
 * After the commit their avatar files are removed, so the address can sign up again at once.
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  viewer: Viewer,
  input: DeleteAccountInput,
  day: IsoDate,
) {
  const { db } = deps;
  const t = accountMessages[viewer.language];
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, viewer.userId), eq(account.providerId, "credential")))
    .limit(1);
  const fields: Record<string, string> = {};
  // An account made with Google alone has no password to ask for: the typed word is enough.
  if (credential?.password && input.password === "") fields.password = t.passwordRequired;
  if (!confirmsDeletion(input.confirmation)) fields.confirmation = t.confirmationWrong;
  if (credential?.password && input.password !== "") {
    // A wrong password counts as a failed sign-in of the account (decision 014).
    const taken = await deps.limiter.take(limits.signIns, viewer.email);
    if (!taken.ok) {
      throw new LimitError(
        limitMessages[viewer.language].signIns(minutesOf(taken.retryAfter)),
        taken.retryAfter,
      );
    }
    const right = await verifyPassword({ hash: credential.password, password: input.password });
    if (!right) fields.password = t.passwordWrong;
  }
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", t.invalid, fields);

  const { avatarUrl, rewritten } = await db.transaction(async (tx) => {
    const [membership] = await tx
      .select()
      .from(members)
      .where(eq(members.id, viewer.memberId))
      .for("update");
    const [profile] = await tx
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, viewer.userId));
    let rewritten: Awaited<ReturnType<typeof rebookHouseholdPolicies>> = [];
    let deletedHousehold: string | null = null;
    if (membership?.invitationStatus === "active") {
      const householdId = membership.householdId;
      if (membership.role === "owner") {
        // Only a person with an account can take the household over; people without one (the
        // demo's partner, the people of a restored export) go with it.
        const others = await tx
          .select({ id: members.id })
          .from(members)
          .where(
            and(
              eq(members.householdId, householdId),
              eq(members.isHousehold, false),
              eq(members.invitationStatus, "active"),
              ne(members.id, membership.id),
              isNotNull(members.userId),
            ),
          )
          .limit(1);
        if (others.length > 0) throw new AppError("CONFLICT", t.ownerWithMembers);
        if (await chargingSubscription(tx, householdId)) {
          throw new AppError("CONFLICT", t.paidPlanRunning);
        }
        await tx.delete(households).where(eq(households.id, householdId));
        deletedHousehold = householdId;
      } else {
        await tx
          .update(members)
          .set({ invitationStatus: "removed" })
          .where(eq(members.id, membership.id));
        rewritten = await rebookHouseholdPolicies(tx, [householdId], day);
      }
    }
    // Every member row still theirs (the one just left, and those of households they left
    // before) keeps the entries it holds under a name that is no longer theirs, in the language
    // of that household's owner.
    const remaining = await tx
      .select({ id: members.id, householdId: members.householdId })
      .from(members)
      .where(and(eq(members.userId, viewer.userId), eq(members.isHousehold, false)));
    for (const row of remaining) {
      if (row.householdId === deletedHousehold) continue;
      const [owner] = await tx
        .select({ language: profiles.preferredLanguage })
        .from(members)
        .innerJoin(profiles, eq(profiles.id, members.userId))
        .where(
          and(
            eq(members.householdId, row.householdId),
            eq(members.role, "owner"),
            eq(members.invitationStatus, "active"),
            eq(members.isHousehold, false),
            ne(members.userId, viewer.userId),
          ),
        )
        .limit(1);
      const language = isLanguage(owner?.language) ? owner.language : viewer.language;
      await tx
        .update(members)
        .set({ name: accountMessages[language].formerMember, role: "member" })
        .where(eq(members.id, row.id));
    }
    // Invitations to the address that were answered are no one's list any more; a pending one
    // stays the inviting owner's (the address may sign up again and accept it).
    await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.invitedEmail, viewer.email.toLowerCase()),
          ne(invitations.status, "pending"),
        ),
      );
    await tx.delete(verification).where(eq(verification.value, viewer.userId));
    await tx.delete(outboxMails).where(eq(outboxMails.to, viewer.email));
    const email = viewer.email.toLowerCase();
    await tx
      .delete(accountRateLimits)
      .where(
        inArray(accountRateLimits.key, [
          `${limits.writes.name}:${viewer.userId.toLowerCase()}`,
          `${limits.mailsSent.name}:${viewer.userId.toLowerCase()}`,
          `${limits.mailsReceived.name}:${email}`,
          `${limits.signIns.name}:${email}`,
        ]),
      );
    // Sessions, sign-in methods and the profile go with the user (on delete cascade); member
    // rows lose their user (on delete set null).
    await tx.delete(user).where(eq(user.id, viewer.userId));
    return { avatarUrl: profile?.avatarUrl ?? null, rewritten };
  });
  for (const rule of rewritten) await catchUpRewritten(db, rule, day);
  try {
    await deps.fileStore.deleteFolder(avatarFolderOf(viewer.userId));
  } catch (error) {
    // The account is gone; a file left behind is logged so an operator can remove it.
    deps.logger.error("avatar files of a deleted account could not be removed", {
      userId: viewer.userId,
      avatarUrl,
      error,
    });
  }
}
