import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { members, profiles } from "#server/db/schema/households.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { currentScope, findProfile } from "#server/features/households/households.service.ts";
import { AppError } from "#server/lib/app-error.ts";
import { viewerPlan } from "#server/features/billing/entitlement.ts";
import type { BillingMode } from "#shared/billing.ts";
import { isLanguage, type Language } from "#shared/i18n.ts";

/**
 * The signed-in person, their profile and household. The household's plan is the one the server
 * enforces (entitlement.ts: the subscription's plan, or Pro for everyone with billing off), so
 * every screen shows what the household has, whoever looks; `profile.planName` only records
 * whether the owner has chosen a plan yet (decision 016).
 */
export async function getAccount(
  db: Db,
  viewer: Viewer,
  adminEmails: string[],
  billing: BillingMode,
) {
  // Read with the session when it was (the same request), else now.
  const profile = viewer.loaded ? viewer.loaded.profile : await findProfile(db, viewer.userId);
  if (!profile) throw new AppError("NOT_FOUND", "Your profile could not be found.");
  return {
    user: {
      id: viewer.userId,
      email: viewer.email,
      name: viewer.name,
      emailVerified: viewer.emailVerified,
    },
    profile: {
      fullName: profile.fullName,
      preferredLanguage: isLanguage(profile.preferredLanguage) ? profile.preferredLanguage : "en",
      planName: profile.planName,
      avatarUrl: profile.avatarUrl,
      // Read with the session, the choice is already one of the household's active members.
      scopeMemberId: viewer.loaded
        ? profile.scopeMemberId
        : await currentScope(db, viewer, profile.scopeMemberId),
    },
    household: {
      id: viewer.householdId,
      name: viewer.householdName,
      planName: await viewerPlan(db, viewer, billing),
      billing,
    },
    member: { id: viewer.memberId, role: viewer.role },
    isAdmin: adminEmails.includes(viewer.email.toLowerCase()),
  };
}

export async function updateLanguage(db: Db, viewer: Viewer, language: Language) {
  await db
    .update(profiles)
    .set({ preferredLanguage: language, updatedAt: new Date() })
    .where(eq(profiles.id, viewer.userId));
}

/**
 * Keeps the scope picker's choice: one active member of the viewer's household, or null for the
 * whole household (the aggregate row counts as the household and is stored as null).
 */
export async function updateScope(db: Db, viewer: Viewer, memberId: string | null) {
  let scopeMemberId: string | null = null;
  if (memberId !== null) {
    const [member] = await db
      .select({ id: members.id, isHousehold: members.isHousehold })
      .from(members)
      .where(
        and(
          eq(members.id, memberId),
          eq(members.householdId, viewer.householdId),
          eq(members.invitationStatus, "active"),
        ),
      )
      .limit(1);
    if (!member) throw new AppError("NOT_FOUND", "This member is not part of your household.");
    scopeMemberId = member.isHousehold ? null : member.id;
  }
  await db
    .update(profiles)
    .set({ scopeMemberId, updatedAt: new Date() })
    .where(eq(profiles.id, viewer.userId));
  return { scopeMemberId };
}
