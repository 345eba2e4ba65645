import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { user } from "#server/db/schema/auth.ts";
import { households, members, profiles } from "#server/db/schema/households.ts";
import {
  createHouseholdForUser,
  findMembership,
  firstName,
  householdName,
} from "#server/features/households/households.service.ts";
import { householdNameMaxLength } from "#shared/schemas/households.schema.ts";
import { describeOnEachDatabase } from "#test/databases.ts";

it("names a household after the first word of the name, in the person's language", () => {
  expect(firstName("  Anna   de Vries ")).toBe("Anna");
  expect(householdName("Anna de Vries", "en")).toBe("Anna's household");
  expect(householdName("Anna de Vries", "nl")).toBe("Huishouden van Anna");
});

it("keeps a household named after a long first name within the household name's limit", () => {
  const long = "W".repeat(100);
  const en = householdName(`${long} de Vries`, "en");
  const nl = householdName(long, "nl");
  expect(en).toBe(`${"W".repeat(67)}…'s household`);
  expect(nl).toBe(`Huishouden van ${"W".repeat(64)}…`);
  expect(en).toHaveLength(householdNameMaxLength);
  expect(nl).toHaveLength(householdNameMaxLength);
  // A name that just fits is kept whole; a cut never splits a character in two.
  expect(householdName("W".repeat(68), "en")).toBe(`${"W".repeat(68)}'s household`);
  const emoji = householdName("😀".repeat(50), "nl");
  expect(emoji).toBe(`Huishouden van ${"😀".repeat(32)}…`);
  expect(emoji.length).toBeLessThanOrEqual(householdNameMaxLength);
});

describeOnEachDatabase("createHouseholdForUser", (database) => {
  let opened: Database;
  beforeAll(async () => {
    opened = await openDatabase({
      databaseUrl: database().databaseUrl,
      dataDir: database().dataDir,
    });
  });
  afterAll(async () => {
    await opened.close();
  });

  const newUser = async (name: string) => {
    const id = randomUUID();
    await opened.db.insert(user).values({ id, name, email: `${id}@example.org` });
    return id;
  };

  it("creates the profile, the household, its owner and its aggregate row", async () => {
    const userId = await newUser("Lotte Jansen");
    await createHouseholdForUser(opened.db, { userId, fullName: "Lotte Jansen", language: "nl" });

    const [profile] = await opened.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile).toMatchObject({
      fullName: "Lotte Jansen",
      preferredLanguage: "nl",
      planName: null,
      avatarUrl: null,
    });
    const membership = await findMembership(opened.db, userId);
    expect(membership).toMatchObject({ householdName: "Huishouden van Lotte", role: "owner" });
    const rows = await opened.db
      .select()
      .from(members)
      .where(eq(members.householdId, membership?.householdId ?? ""));
    expect(
      rows.map((row) => [row.userId, row.role, row.isHousehold, row.invitationStatus]).sort(),
    ).toEqual(
      [
        [userId, "owner", false, "active"],
        [null, "member", true, "active"],
      ].sort(),
    );
  });

  it("stores a household name within its limit for a 100-character first name", async () => {
    const name = "L".repeat(100);
    const userId = await newUser(name);
    await createHouseholdForUser(opened.db, { userId, fullName: name, language: "en" });
    const membership = await findMembership(opened.db, userId);
    const [household] = await opened.db
      .select()
      .from(households)
      .where(eq(households.id, membership?.householdId ?? ""));
    expect(household?.name).toBe(`${"L".repeat(67)}…'s household`);
    expect(household?.name.length).toBeLessThanOrEqual(householdNameMaxLength);
  });

  it("keeps the profile's and the member's name within the profile's limit", async () => {
    // A user row written before the limit held, or by a path that skipped it.
    const name = `  ${"P".repeat(1000)}  `;
    const userId = await newUser(name);
    await createHouseholdForUser(opened.db, { userId, fullName: name, language: "en" });
    const [profile] = await opened.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile?.fullName).toBe(`${"P".repeat(99)}…`);
    const [member] = await opened.db.select().from(members).where(eq(members.userId, userId));
    expect(member?.name).toBe(`${"P".repeat(99)}…`);
  });

  it("creates nothing new when called again for the same person", async () => {
    const userId = await newUser("Mees");
    await createHouseholdForUser(opened.db, { userId, fullName: "Mees", language: "en" });
    const before = await opened.db.select().from(households);
    await createHouseholdForUser(opened.db, { userId, fullName: "Mees", language: "en" });
    expect(await opened.db.select().from(households)).toHaveLength(before.length);
    expect(await opened.db.select().from(members).where(eq(members.userId, userId))).toHaveLength(
      1,
    );
  });

  it("lets the database refuse a second active membership and a second aggregate row", async () => {
    const userId = await newUser("Ruben");
    await createHouseholdForUser(opened.db, { userId, fullName: "Ruben", language: "en" });
    const membership = await findMembership(opened.db, userId);
    const householdId = membership?.householdId ?? "";
    const [other] = await opened.db.insert(households).values({ name: "Other" }).returning();
    await expect(
      opened.db
        .insert(members)
        .values({ userId, householdId: other?.id ?? "", name: "Ruben", role: "member" }),
    ).rejects.toThrow();
    await expect(
      opened.db
        .insert(members)
        .values({ householdId, name: "Second aggregate", isHousehold: true }),
    ).rejects.toThrow();
    // A removed membership does not count: the person may be active elsewhere.
    await opened.db
      .update(members)
      .set({ invitationStatus: "removed" })
      .where(eq(members.userId, userId));
    await opened.db
      .insert(members)
      .values({ userId, householdId: other?.id ?? "", name: "Ruben", role: "member" });
    expect((await findMembership(opened.db, userId))?.householdId).toBe(other?.id);
  });
});
