import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { profiles } from "#server/db/schema/households.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { findProfile } from "#server/features/households/households.service.ts";
import { AppError } from "#server/lib/app-error.ts";
import { isLanguage, type Language } from "#shared/i18n.ts";

export async function getAccount(db: Db, viewer: Viewer, adminEmails: string[]) {
  const profile = await findProfile(db, viewer.userId);
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
    },
    household: { id: viewer.householdId, name: viewer.householdName },
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
