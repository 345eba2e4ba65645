import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { households, members, profiles } from "#server/db/schema/households.ts";
import type { Language } from "#shared/i18n.ts";

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

export function householdName(fullName: string, language: Language): string {
  const first = firstName(fullName);
  return language === "nl" ? `Huishouden van ${first}` : `${first}'s household`;
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
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({
        id: input.userId,
        fullName: input.fullName,
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
      .values({ name: householdName(input.fullName, input.language) })
      .returning({ id: households.id });
    if (!household) throw new Error("household insert returned nothing");
    await tx.insert(members).values([
      { userId: input.userId, householdId: household.id, name: input.fullName, role: "owner" },
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
  householdName: string;
  role: "owner" | "member";
};

/** The person's active membership (never the aggregate row), or null. */
export async function findMembership(db: Db, userId: string): Promise<Membership | null> {
  const rows = await db
    .select({
      memberId: members.id,
      householdId: members.householdId,
      householdName: households.name,
      role: members.role,
    })
    .from(members)
    .innerJoin(households, eq(households.id, members.householdId))
    .where(
      and(
        eq(members.userId, userId),
        eq(members.isHousehold, false),
        eq(members.invitationStatus, "active"),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function findProfile(db: Db, userId: string) {
  const rows = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return rows[0] ?? null;
}
