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
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { households, members } from "./households.ts";

/**
 * Savings (Premium): accounts with their owners, rate history, dated movements and statement
 * balances, and goals. Every table carries `household_id` and registers in
 * features/households/household-owned.ts so a merge moves it. Amounts are integer cents;
 * rates are basis points (175 = 1.75 % a year). A deposit is a movement here, never an entry
 * in `transactions`, so no figure counts a euro twice (decision 019).
 */

export const savingsKindValues = ["savings", "fixed-term", "other"] as const;
/** Who an account (or a portfolio) belongs to: one member, the household, or members by percentages. */
export const ownerKindValues = ["member", "household", "shared"] as const;
export const movementKindValues = ["deposit", "withdrawal", "interest", "correction"] as const;
export const goalKindValues = ["custom", "emergency"] as const;

export const savingsAccounts = pgTable(
  "savings_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    institution: text("institution"),
    kind: text("kind", { enum: savingsKindValues }).notNull().default("savings"),
    ownerKind: text("owner_kind", { enum: ownerKindValues }).notNull().default("household"),
    currency: text("currency").notNull().default("EUR"),
    /** Closed accounts keep their history and leave the pickers. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("savings_accounts_household_idx").on(t.householdId)],
);

/**
 * A member's part of an account, in basis points adding up to 10000: one row of 10000 for a
 * member's own account, two or more for a shared one, none for the household's.
 */
export const savingsAccountShares = pgTable(
  "savings_account_shares",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => savingsAccounts.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    percentBp: integer("percent_bp").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.memberId] }),
    check("savings_account_shares_percent", sql`${t.percentBp} > 0 and ${t.percentBp} <= 10000`),
  ],
);

/** An account's yearly interest rate from a date on, until the next one starts. */
export const savingsRates = pgTable(
  "savings_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => savingsAccounts.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    rateBp: integer("rate_bp").notNull(),
  },
  (t) => [
    uniqueIndex("savings_rates_one_per_day").on(t.accountId, t.startsOn),
    check("savings_rates_range", sql`${t.rateBp} >= -10000 and ${t.rateBp} <= 10000`),
  ],
);

/**
 * A dated change of an account's balance, signed: deposits and interest up, withdrawals down, a
 * correction either way (booked from a statement's difference). A deposit records whose money
 * it was (`source_member_id`: a member, or the household's aggregate row for joint money).
 */
export const savingsMovements = pgTable(
  "savings_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => savingsAccounts.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: movementKindValues }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    occurredOn: date("occurred_on", { mode: "string" }).notNull(),
    note: text("note"),
    sourceMemberId: uuid("source_member_id").references(() => members.id),
    createdByMemberId: uuid("created_by_member_id").references(() => members.id),
    /** The statement whose difference this correction books. */
    statementId: uuid("statement_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("savings_movements_account_idx").on(t.accountId, t.occurredOn),
    index("savings_movements_household_idx").on(t.householdId, t.occurredOn),
    check(
      "savings_movements_sign",
      sql`(${t.kind} in ('deposit', 'interest') and ${t.amountCents} > 0)
        or (${t.kind} = 'withdrawal' and ${t.amountCents} < 0)
        or (${t.kind} = 'correction' and ${t.amountCents} <> 0)`,
    ),
  ],
);

/** A balance read from the bank's statement on a date, to compare with what Hearth computed. */
export const savingsStatements = pgTable(
  "savings_statements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => savingsAccounts.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    statedOn: date("stated_on", { mode: "string" }).notNull(),
    balanceCents: bigint("balance_cents", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("savings_statements_one_per_day").on(t.accountId, t.statedOn)],
);

/**
 * A goal: a target amount by a date, drawing on one or more accounts, with an optional planned
 * monthly amount. An emergency fund's target follows the household's spending (`months` of it).
 */
export const savingsGoals = pgTable(
  "savings_goals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: goalKindValues }).notNull().default("custom"),
    targetCents: bigint("target_cents", { mode: "number" }).notNull(),
    targetDate: date("target_date", { mode: "string" }).notNull(),
    plannedMonthlyCents: bigint("planned_monthly_cents", { mode: "number" }),
    /** An emergency fund: how many months of spending the target was set from (3 to 6). */
    emergencyMonths: integer("emergency_months"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("savings_goals_household_idx").on(t.householdId),
    check("savings_goals_target_positive", sql`${t.targetCents} > 0`),
  ],
);

/** The accounts a goal draws on. */
export const savingsGoalAccounts = pgTable(
  "savings_goal_accounts",
  {
    goalId: uuid("goal_id")
      .notNull()
      .references(() => savingsGoals.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => savingsAccounts.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.goalId, t.accountId] })],
);

/** What a member means to put towards a goal each month. */
export const savingsGoalContributions = pgTable(
  "savings_goal_contributions",
  {
    goalId: uuid("goal_id")
      .notNull()
      .references(() => savingsGoals.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    monthlyCents: bigint("monthly_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.goalId, t.memberId] }),
    check("savings_goal_contributions_positive", sql`${t.monthlyCents} >= 0`),
  ],
);
