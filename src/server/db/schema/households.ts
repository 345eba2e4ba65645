import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/** A person's profile: one row per user, the fields of the specification's section 3. */
export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull(),
  preferredLanguage: text("preferred_language").notNull().default("en"),
  planName: text("plan_name"),
  avatarUrl: text("avatar_url"),
  phone: text("phone"),
  dateOfBirth: date("date_of_birth", { mode: "string" }),
  bio: text("bio"),
  street: text("street"),
  city: text("city"),
  postalCode: text("postal_code"),
  country: text("country"),
  /** The scope picker's choice: a member of the household, or null for the whole household. */
  scopeMemberId: uuid("scope_member_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const households = pgTable("households", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /**
   * The first name a default name ("Anna's household") was made from, so it is shown in the
   * reader's language ("Huishouden van Anna"); null once the household was named by hand.
   */
  defaultNameOf: text("default_name_of"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * Goes up with every committed change to the household's rows (decision 045): database
   * triggers on every table with a `household_id`, on the household itself, and on its people's
   * user and profile rows. Read with the session; a kept answer of an older version is not used.
   */
  dataVersion: bigint("data_version", { mode: "number" }).notNull().default(0),
});

/**
 * The households a transaction changed, written by the statement triggers of decision 045 and
 * taken out again by the deferred trigger that raises their `data_version` just before commit.
 * Holds only rows of transactions in flight.
 */
export const householdTouches = pgTable("household_touches", {
  householdId: uuid("household_id").notNull(),
});

/**
 * A person in a household, or the household's aggregate row (`is_household`). Rows are never
 * deleted while entries point at them: removal sets `invitation_status` to `removed`.
 */
export const members = pgTable(
  "members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role", { enum: ["owner", "member"] })
      .notNull()
      .default("member"),
    isHousehold: boolean("is_household").notNull().default(false),
    invitationStatus: text("invitation_status", { enum: ["active", "removed"] })
      .notNull()
      .default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("members_household_id_idx").on(t.householdId),
    index("members_user_id_idx").on(t.userId),
    // A person is an active member of at most one household.
    uniqueIndex("members_one_active_household_per_user")
      .on(t.userId)
      .where(sql`${t.invitationStatus} = 'active' and ${t.isHousehold} = false`),
    // Each household has exactly one aggregate row.
    uniqueIndex("members_one_aggregate_per_household")
      .on(t.householdId)
      .where(sql`${t.isHousehold} = true`),
  ],
);

/**
 * An invitation to join a household. The link's token is random (256 bits) and stored only as
 * its SHA-256 hash; it works once, until `expires_at`, for a signed-in person whose verified
 * e-mail is `invited_email`. Status: pending, then accepted, declined (cancelled by the owner or
 * declined by the invitee) or replaced (a newer invitation to the same address).
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    invitedEmail: text("invited_email").notNull(),
    status: text("status", { enum: ["pending", "accepted", "declined", "replaced"] })
      .notNull()
      .default("pending"),
    tokenHash: text("token_hash").notNull().unique(),
    invitedByMemberId: uuid("invited_by_member_id").references(() => members.id, {
      onDelete: "set null",
    }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("invitations_household_id_idx").on(t.householdId),
    // At most one pending invitation per address and household: inviting again replaces it.
    uniqueIndex("invitations_one_pending_per_address")
      .on(t.householdId, t.invitedEmail)
      .where(sql`${t.status} = 'pending'`),
  ],
);
