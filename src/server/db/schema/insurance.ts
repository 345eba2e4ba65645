import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { households, members } from "./households.ts";

/**
 * Insurance (Pro): a household's policies and who each covers. Only what the family typed is
 * stored; a premium's year and month, each member's part, the next renewal and the notice
 * deadline are worked out when read (src/shared/insurance-math.ts, decision 023). Every table
 * carries `household_id` and registers in features/households/household-owned.ts so a merge
 * moves it. Amounts are integer cents.
 */

export const insuranceKindValues = [
  "health-basic",
  "health-supplementary",
  "home",
  "contents",
  "liability",
  "car",
  "travel",
  "life",
  "disability",
  "legal",
  "funeral",
  "pet",
  "other",
] as const;
export const premiumFrequencyValues = ["monthly", "quarterly", "half-yearly", "yearly"] as const;
export const noticeUnitValues = ["months", "days"] as const;
/** A cancelled policy is kept, with the last day it covers (`ends_on`). */
export const policyStatusValues = ["active", "cancelled"] as const;

export const insurancePolicies = pgTable(
  "insurance_policies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: insuranceKindValues }).notNull(),
    insurer: text("insurer").notNull(),
    policyNumber: text("policy_number"),
    /** What the insurer charges per payment, at `premium_frequency`. */
    premiumCents: bigint("premium_cents", { mode: "number" }).notNull(),
    premiumFrequency: text("premium_frequency", { enum: premiumFrequencyValues })
      .notNull()
      .default("monthly"),
    /** The deductible (eigen risico) a year; for basic health insurance the mandatory one. */
    deductibleCents: bigint("deductible_cents", { mode: "number" }),
    /** Basic health insurance only: the voluntary deductible on top (€ 0 to € 500). */
    voluntaryDeductibleCents: bigint("voluntary_deductible_cents", { mode: "number" }),
    coverageNotes: text("coverage_notes"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** The day it renews, every year on its anniversary (null: not known, or it does not). */
    renewalDate: date("renewal_date", { mode: "string" }),
    /** The notice period (opzegtermijn): a number of months or days before the renewal. */
    noticeValue: integer("notice_value"),
    noticeUnit: text("notice_unit", { enum: noticeUnitValues }),
    /** Days before the notice deadline to mail a reminder (null: none, the default). */
    remindDaysBefore: integer("remind_days_before"),
    status: text("status", { enum: policyStatusValues }).notNull().default("active"),
    /** A cancelled policy's last day of cover. */
    endsOn: date("ends_on", { mode: "string" }),
    /**
     * When the last notice reminder was claimed (null: never). A reminder is due again once a
     * later notice deadline's reminder day has come (features/insurance/reminders.ts).
     */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("insurance_policies_household_idx").on(t.householdId),
    check("insurance_policies_premium", sql`${t.premiumCents} > 0`),
    check(
      "insurance_policies_deductibles",
      sql`(${t.deductibleCents} is null or ${t.deductibleCents} >= 0) and (${t.voluntaryDeductibleCents} is null or ${t.voluntaryDeductibleCents} >= 0)`,
    ),
    check(
      "insurance_policies_notice",
      sql`(${t.noticeValue} is null) = (${t.noticeUnit} is null) and (${t.noticeValue} is null or ${t.noticeValue} between 1 and 365)`,
    ),
    check(
      "insurance_policies_remind",
      sql`${t.remindDaysBefore} is null or ${t.remindDaysBefore} between 0 and 365`,
    ),
    check("insurance_policies_ends", sql`(${t.status} = 'cancelled') = (${t.endsOn} is not null)`),
  ],
);

/**
 * A member a policy covers, with their share of its premium in basis points (null on every row
 * of a policy: shared evenly). No rows: the policy covers the whole household.
 */
export const insurancePolicyMembers = pgTable(
  "insurance_policy_members",
  {
    policyId: uuid("policy_id")
      .notNull()
      .references(() => insurancePolicies.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    shareBp: integer("share_bp"),
    /** The order the family named them in: an odd cent of an even split goes to the first. */
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.policyId, t.memberId] }),
    check(
      "insurance_policy_members_share",
      sql`${t.shareBp} is null or ${t.shareBp} between 1 and 10000`,
    ),
  ],
);
