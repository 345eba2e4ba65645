import { sql } from "drizzle-orm";
import {
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
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const households = pgTable("households", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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
