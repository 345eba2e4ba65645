import { and, asc, count, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { households, invitations, members, profiles } from "#server/db/schema/households.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { isLanguage, type Language } from "#shared/i18n.ts";
import { memberLimit, upgradeTarget, type PlanName } from "#shared/plans.ts";
import { householdPlan } from "#server/features/billing/entitlement.ts";
import { createDefaultCategories } from "#server/features/categories/default-categories.ts";
import { catchUpRewritten } from "#server/features/insurance/insurance-booking.ts";
import { rebookHouseholdPolicies } from "#server/features/insurance/insurance.service.ts";
import { householdMessages, type HouseholdMessages } from "./household-messages.ts";
import type { IsoDate } from "#shared/dates.ts";
import { isUuid } from "#shared/ids.ts";
import { fitText } from "#shared/names.ts";
import { householdNameMaxLength } from "#shared/schemas/households.schema.ts";
import { profileLimits } from "#shared/schemas/profile.schema.ts";

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/**
 * A new household's name, after the person's first name ("Anna's household"). A first name too
 * long for the household name's limit is cut with an ellipsis, so the name stays one the
 * household settings accept.
 */
export function householdName(fullName: string, language: Language): string {
  const named = (first: string) =>
    language === "nl" ? `Huishouden van ${first}` : `${first}'s household`;
  const room = householdNameMaxLength - named("").length;
  return named(fitText(firstName(fullName), room));
}

/** A household's name as a reader sees it: a default name in the reader's language. */
export function shownHouseholdName(
  household: { name: string; defaultNameOf: string | null },
  language: Language,
): string {
  return household.defaultNameOf
    ? householdName(household.defaultNameOf, language)
    : household.name;
}

/**
 * A person's name as Hearth stores it (Better Auth's user, the profile, the member row): trimmed
 * and within the profile's one limit, cut with an ellipsis. Sign-up and the profile refuse a
 * longer name; this holds it for paths no form checks, such as a name from Google's sign-in.
 */
export function fitFullName(name: string): string {
  return fitText(name.trim(), profileLimits.fullName);
}

const aggregateName: Record<Language, string> = { en: "Household", nl: "Huishouden" };

/**
 * What signing up creates, in one transaction: the profile, a household of one's own, the
 * person's member row (owner) and the household's aggregate row. Safe to call twice: a user who
 * already has a profile and an active membership gets nothing new.
 */
export async function createHouseholdForUser(
  db: Db,
  input: { userId: string; fullName: string; language: Language },
): Promise<void> {
  const fullName = fitFullName(input.fullName);
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({
        id: input.userId,
        fullName,
        preferredLanguage: input.language,
        planName: null,
      })
      .onConflictDoNothing();
    const active = await tx
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.userId, input.userId),
          eq(members.invitationStatus, "active"),
          eq(members.isHousehold, false),
        ),
      )
      .limit(1);
    if (active.length > 0) return;
    const [household] = await tx
      .insert(households)
      .values({
        name: householdName(fullName, input.language),
        defaultNameOf: firstName(fullName),
      })
      .returning({ id: households.id });
    if (!household) throw new Error("household insert returned nothing");
    await createDefaultCategories(tx, household.id, input.language);
    await tx.insert(members).values([
      { userId: input.userId, householdId: household.id, name: fullName, role: "owner" },
      {
        userId: null,
        householdId: household.id,
        name: aggregateName[input.language],
        role: "member",
        isHousehold: true,
      },
    ]);
  });
}

export type Membership = {
  memberId: string;
  householdId: string;
  /** In the profile's language (shownHouseholdName). */
  householdName: string;
  householdDefaultNameOf: string | null;
  role: "owner" | "member";
  /** The profile's language (the session middleware prefers the language on screen). */
  language: Language;
};

/** The person's active membership (never the aggregate row), or null. */
export async function findMembership(db: Db, userId: string): Promise<Membership | null> {
  const rows = await db
    .select({
      memberId: members.id,
      householdId: members.householdId,
      householdName: households.name,
      householdDefaultNameOf: households.defaultNameOf,
      role: members.role,
      preferredLanguage: profiles.preferredLanguage,
    })
    .from(members)
    .innerJoin(households, eq(households.id, members.householdId))
    .leftJoin(profiles, eq(profiles.id, members.userId))
    .where(
      and(
        eq(members.userId, userId),
        eq(members.isHousehold, false),
        eq(members.invitationStatus, "active"),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { preferredLanguage, ...membership } = row;
  const language = isLanguage(preferredLanguage) ? preferredLanguage : "en";
  return {
    ...membership,
    householdName: shownHouseholdName(
      { name: row.householdName, defaultNameOf: row.householdDefaultNameOf },
      language,
    ),
    language,
  };
}

export async function findProfile(db: Db, userId: string) {
  const rows = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return rows[0] ?? null;
}

/** The language of a person's profile, for the sentences the household routes answer with. */
export async function languageOf(db: Db, userId: string): Promise<Language> {
  const profile = await findProfile(db, userId);
  return isLanguage(profile?.preferredLanguage) ? profile.preferredLanguage : "en";
}

export async function messagesFor(db: Db, viewer: Viewer): Promise<HouseholdMessages> {
  return householdMessages[await languageOf(db, viewer.userId)];
}

/** A household that is not the viewer's answers exactly like a missing one. */
export function assertOwnHousehold(viewer: Viewer, householdId: string, t: HouseholdMessages) {
  if (householdId !== viewer.householdId) throw new AppError("NOT_FOUND", t.notFound);
}

export function assertOwner(viewer: Viewer, t: HouseholdMessages) {
  if (viewer.role !== "owner") throw new AppError("FORBIDDEN", t.ownerOnly);
}

function memberAnswer(
  row: typeof members.$inferSelect & { avatarUrl: string | null },
  viewer: Viewer,
) {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    isHousehold: row.isHousehold,
    invitationStatus: row.invitationStatus,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    avatarUrl: row.avatarUrl,
    isSelf: row.id === viewer.memberId,
  };
}

/** The household's active rows, the aggregate row included, in the order they were created. */
export async function listMembers(db: Db, viewer: Viewer, householdId: string) {
  assertOwnHousehold(viewer, householdId, await messagesFor(db, viewer));
  const rows = await db
    .select({ member: members, avatarUrl: profiles.avatarUrl })
    .from(members)
    .leftJoin(profiles, eq(profiles.id, members.userId))
    .where(and(eq(members.householdId, householdId), eq(members.invitationStatus, "active")))
    // Rows created in one transaction share a timestamp: the aggregate row first, then by id.
    .orderBy(asc(members.createdAt), desc(members.isHousehold), asc(members.id));
  return rows.map((row) => memberAnswer({ ...row.member, avatarUrl: row.avatarUrl }, viewer));
}

export async function renameHousehold(db: Db, viewer: Viewer, householdId: string, name: string) {
  const t = await messagesFor(db, viewer);
  assertOwnHousehold(viewer, householdId, t);
  assertOwner(viewer, t);
  const [row] = await db
    .update(households)
    .set({ name, defaultNameOf: null })
    .where(eq(households.id, householdId))
    .returning({ id: households.id, name: households.name });
  if (!row) throw new AppError("NOT_FOUND", t.notFound);
  return row;
}

/**
 * Removes a member: the row stays (entries keep pointing at it) with `invitation_status`
 * `removed`. The person's next request finds no active membership and gets a household of
 * their own (see loadSession). In the same transaction, the premiums booked for policies of the
 * whole household are rewritten from `day` on with the remaining people's parts (decision 024).
 */
export async function removeMember(db: Db, viewer: Viewer, memberId: string, day: IsoDate) {
  const t = await messagesFor(db, viewer);
  if (!isUuid(memberId)) throw new AppError("NOT_FOUND", t.memberNotFound);
  const [found] = await db
    .select({ member: members, avatarUrl: profiles.avatarUrl })
    .from(members)
    .leftJoin(profiles, eq(profiles.id, members.userId))
    .where(and(eq(members.id, memberId), eq(members.householdId, viewer.householdId)))
    .limit(1);
  if (!found) throw new AppError("NOT_FOUND", t.memberNotFound);
  assertOwner(viewer, t);
  if (found.member.isHousehold) throw new AppError("FORBIDDEN", t.removeAggregate);
  if (found.member.id === viewer.memberId) throw new AppError("FORBIDDEN", t.removeSelf);
  if (found.member.invitationStatus === "removed") {
    return memberAnswer({ ...found.member, avatarUrl: found.avatarUrl }, viewer);
  }
  const { updated, rewritten } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(members)
      .set({ invitationStatus: "removed" })
      .where(eq(members.id, memberId))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", t.memberNotFound);
    return {
      updated: row,
      rewritten: await rebookHouseholdPolicies(tx, [viewer.householdId], day),
    };
  });
  for (const rule of rewritten) await catchUpRewritten(db, rule, day);
  return memberAnswer({ ...updated, avatarUrl: found.avatarUrl }, viewer);
}

/**
 * The owner hands the household over to one of its active people with an account: that member
 * becomes the owner and the old owner a member, in one transaction (both rows locked, so two
 * hand-overs at once cannot leave two owners). The new owner takes over the recorded plan choice
 * when they never made one, so the plan dialog does not ask them again.
 */
export async function transferOwnership(
  db: Db,
  viewer: Viewer,
  householdId: string,
  memberId: string,
) {
  const t = await messagesFor(db, viewer);
  assertOwnHousehold(viewer, householdId, t);
  return db.transaction(async (tx) => {
    const [self] = await tx
      .select({ id: members.id, role: members.role, status: members.invitationStatus })
      .from(members)
      .where(eq(members.id, viewer.memberId))
      .for("update");
    if (self?.role !== "owner" || self.status !== "active") {
      throw new AppError("FORBIDDEN", t.ownerOnly);
    }
    const [target] = await tx
      .select()
      .from(members)
      .where(
        and(
          eq(members.id, memberId),
          eq(members.householdId, householdId),
          eq(members.invitationStatus, "active"),
          eq(members.isHousehold, false),
        ),
      )
      .for("update");
    if (!target) throw new AppError("NOT_FOUND", t.memberNotFound);
    if (target.id === viewer.memberId) throw new AppError("CONFLICT", t.transferSelf);
    if (!target.userId) throw new AppError("CONFLICT", t.transferNoAccount);
    await tx.update(members).set({ role: "member" }).where(eq(members.id, viewer.memberId));
    const [owner] = await tx
      .update(members)
      .set({ role: "owner" })
      .where(eq(members.id, target.id))
      .returning();
    const [oldOwner] = await tx
      .select({ planName: profiles.planName })
      .from(profiles)
      .where(eq(profiles.id, viewer.userId));
    if (oldOwner?.planName) {
      await tx
        .update(profiles)
        .set({ planName: oldOwner.planName, updatedAt: new Date() })
        .where(and(eq(profiles.id, target.userId), isNull(profiles.planName)));
    }
    if (!owner) throw new AppError("NOT_FOUND", t.memberNotFound);
    const [profile] = await tx
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, target.userId));
    return memberAnswer(
      { ...owner, avatarUrl: profile?.avatarUrl ?? null },
      { ...viewer, role: "member" },
    );
  });
}

/** The language of the household owner's profile (English when unknown): invitation mails speak it. */
export async function ownerLanguage(db: Db, householdId: string): Promise<Language> {
  const [owner] = await db
    .select({ preferredLanguage: profiles.preferredLanguage })
    .from(members)
    .innerJoin(profiles, eq(profiles.id, members.userId))
    .where(
      and(
        eq(members.householdId, householdId),
        eq(members.role, "owner"),
        eq(members.isHousehold, false),
        eq(members.invitationStatus, "active"),
      ),
    )
    .limit(1);
  return isLanguage(owner?.preferredLanguage) ? owner.preferredLanguage : "en";
}

/**
 * The places a household uses: its active people (never the aggregate row) and its pending,
 * unexpired invitations, except one to `exceptEmail` (inviting that address again replaces it).
 */
export async function placesUsed(db: Db, householdId: string, exceptEmail?: string) {
  const [people] = await db
    .select({ value: count() })
    .from(members)
    .where(
      and(
        eq(members.householdId, householdId),
        eq(members.isHousehold, false),
        eq(members.invitationStatus, "active"),
      ),
    );
  const [pending] = await db
    .select({ value: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.householdId, householdId),
        eq(invitations.status, "pending"),
        gt(invitations.expiresAt, new Date()),
        exceptEmail === undefined ? undefined : ne(invitations.invitedEmail, exceptEmail),
      ),
    );
  return (people?.value ?? 0) + (pending?.value ?? 0);
}

export type MemberLimitAnswer = { canAddMember: boolean; message: string; householdPlan: PlanName };

export async function memberLimitOf(
  db: Db,
  input: {
    householdId: string;
    billing: "test" | "stripe" | "off";
    t: HouseholdMessages;
    exceptEmail?: string;
  },
): Promise<MemberLimitAnswer> {
  const plan = await householdPlan(db, input.householdId, input.billing);
  const used = await placesUsed(db, input.householdId, input.exceptEmail);
  const limit = memberLimit[plan];
  return {
    canAddMember: used < limit,
    message: input.t.limit(used, limit, plan, upgradeTarget(plan)),
    householdPlan: plan,
  };
}

export async function checkMemberLimit(
  db: Db,
  viewer: Viewer,
  householdId: string,
  billing: "test" | "stripe" | "off",
) {
  const t = await messagesFor(db, viewer);
  assertOwnHousehold(viewer, householdId, t);
  return memberLimitOf(db, { householdId, billing, t });
}

/**
 * The scope picker's choice, if it still points at an active person of the viewer's household;
 * otherwise null (the whole household).
 */
export async function currentScope(
  db: Db,
  viewer: Viewer,
  stored: string | null,
): Promise<string | null> {
  if (!stored) return null;
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.id, stored),
        eq(members.householdId, viewer.householdId),
        eq(members.isHousehold, false),
        eq(members.invitationStatus, "active"),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
