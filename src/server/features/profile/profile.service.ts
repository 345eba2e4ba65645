import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { user } from "#server/db/schema/auth.ts";
import { members, profiles } from "#server/db/schema/households.ts";
import { findProfile } from "#server/features/households/households.service.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { FileStore } from "#server/lib/file-store.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { isLanguage } from "#shared/i18n.ts";
import {
  avatarMaxBytes,
  detectImageType,
  type UpdateProfileInput,
} from "#shared/schemas/profile.schema.ts";

/** Where avatars are served; the rest of the path is the file's key under `avatars/`. */
export const avatarUrlPrefix = "/api/files/";

export async function getProfile(db: Db, viewer: Viewer) {
  const profile = await findProfile(db, viewer.userId);
  if (!profile) throw new AppError("NOT_FOUND", "Your profile could not be found.");
  return {
    email: viewer.email,
    fullName: profile.fullName,
    phone: profile.phone,
    dateOfBirth: profile.dateOfBirth,
    bio: profile.bio,
    street: profile.street,
    city: profile.city,
    postalCode: profile.postalCode,
    country: profile.country,
    preferredLanguage: isLanguage(profile.preferredLanguage) ? profile.preferredLanguage : "en",
    avatarUrl: profile.avatarUrl,
  };
}

const blankToNull = (value: string | undefined) =>
  value === undefined ? undefined : value === "" ? null : value;

/**
 * Saves the fields sent (already validated and trimmed). A new full name is also the name on
 * the person's member rows and Better Auth's user name, so every list shows it.
 */
export async function updateProfile(db: Db, viewer: Viewer, input: UpdateProfileInput) {
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({
        fullName: input.fullName,
        phone: blankToNull(input.phone),
        dateOfBirth: blankToNull(input.dateOfBirth),
        bio: blankToNull(input.bio),
        street: blankToNull(input.street),
        city: blankToNull(input.city),
        postalCode: blankToNull(input.postalCode),
        country: blankToNull(input.country),
        preferredLanguage: input.preferredLanguage,
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, viewer.userId));
    if (input.fullName !== undefined) {
      await tx
        .update(members)
        .set({ name: input.fullName })
        .where(and(eq(members.userId, viewer.userId), eq(members.isHousehold, false)));
      await tx
        .update(user)
        .set({ name: input.fullName, updatedAt: new Date() })
        .where(eq(user.id, viewer.userId));
    }
  });
  return getProfile(db, viewer);
}

/** Refuses what is not an avatar with a sentence that says what to do instead. */
export function checkAvatar(bytes: Uint8Array) {
  if (bytes.length === 0)
    throw new AppError("VALIDATION", "The file is empty. Choose a JPEG, PNG or WebP image.", {
      file: "The file is empty.",
    });
  if (bytes.length > avatarMaxBytes)
    throw new AppError("VALIDATION", "The image is larger than 2 MB. Choose a smaller one.", {
      file: "The image is larger than 2 MB.",
    });
  const type = detectImageType(bytes);
  if (!type)
    throw new AppError(
      "VALIDATION",
      "This file is not a JPEG, PNG or WebP image. Choose one of those.",
      { file: "Only JPEG, PNG and WebP images are accepted." },
    );
  return type;
}

/** The store key of an avatar URL we set, or null for anything else. */
export function avatarKeyOf(url: string | null | undefined, userId: string): string | null {
  if (!url?.startsWith(`${avatarUrlPrefix}avatars/${userId}/`)) return null;
  return url.slice(avatarUrlPrefix.length);
}

/**
 * Stores a new avatar as `avatars/<userId>/<timestamp>.<ext>`, points the profile at it, and
 * only then removes the previous file (a failure before that leaves the old avatar in place).
 */
export async function setAvatar(db: Db, store: FileStore, viewer: Viewer, bytes: Uint8Array) {
  const { contentType, ext } = checkAvatar(bytes);
  const previous = await findProfile(db, viewer.userId);
  if (!previous) throw new AppError("NOT_FOUND", "Your profile could not be found.");
  const key = `avatars/${viewer.userId}/${Date.now()}.${ext}`;
  await store.put(key, bytes, contentType);
  const avatarUrl = `${avatarUrlPrefix}${key}`;
  await db
    .update(profiles)
    .set({ avatarUrl, updatedAt: new Date() })
    .where(eq(profiles.id, viewer.userId));
  const oldKey = avatarKeyOf(previous.avatarUrl, viewer.userId);
  if (oldKey && oldKey !== key) await store.delete(oldKey);
  return { avatarUrl };
}

export async function removeAvatar(db: Db, store: FileStore, viewer: Viewer) {
  const profile = await findProfile(db, viewer.userId);
  if (!profile) throw new AppError("NOT_FOUND", "Your profile could not be found.");
  await db
    .update(profiles)
    .set({ avatarUrl: null, updatedAt: new Date() })
    .where(eq(profiles.id, viewer.userId));
  const key = avatarKeyOf(profile.avatarUrl, viewer.userId);
  if (key) await store.delete(key);
}

/** Whether `userId` is an active member of the viewer's household (the viewer always is). */
export async function sharesHousehold(db: Db, viewer: Viewer, userId: string): Promise<boolean> {
  if (userId === viewer.userId) return true;
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.userId, userId),
        eq(members.householdId, viewer.householdId),
        eq(members.isHousehold, false),
        eq(members.invitationStatus, "active"),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
