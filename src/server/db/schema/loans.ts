import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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
import { ownerKindValues } from "./savings.ts";

/**
 * Loans (Pro): loans and mortgages with their owners (like savings accounts), their parts
 * (a Dutch mortgage's leningdelen) and extra repayments. Only what the household typed is
 * stored: the month-by-month schedule is computed from it (src/shared/loan-math.ts) whenever it
 * is needed, never kept row by row. Every table carries `household_id` and registers in
 * features/households/household-owned.ts so a merge moves it. Amounts are integer cents, rates
 * basis points a year (385 = 3.85 %).
 */

export const loanKindValues = ["mortgage", "personal", "car", "student", "other"] as const;
export const repaymentTypeValues = ["annuity", "linear", "interest-only"] as const;
/** What an extra repayment does: keep the payment and end sooner, or keep the end and pay less. */
export const extraEffectValues = ["shorter-term", "lower-payment"] as const;
export const extraRepaymentKindValues = ["once", "yearly"] as const;

export const loans = pgTable(
  "loans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: loanKindValues }).notNull().default("mortgage"),
    lender: text("lender"),
    ownerKind: text("owner_kind", { enum: ownerKindValues }).notNull().default("household"),
    /** A mortgage on the family's own home (eigen woning): its interest is deductible, and it is no box 3 debt. */
    ownHome: boolean("own_home").notNull().default(false),
    extraEffect: text("extra_effect", { enum: extraEffectValues })
      .notNull()
      .default("shorter-term"),
    /** What may be repaid extra each calendar year without a penalty, in basis points of the original principal. */
    penaltyFreeBp: integer("penalty_free_bp").notNull().default(1000),
    /** Closed loans keep their history and leave net worth once repaid. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("loans_household_idx").on(t.householdId),
    check("loans_penalty_free", sql`${t.penaltyFreeBp} >= 0 and ${t.penaltyFreeBp} <= 10000`),
  ],
);

/** A member's part of a loan, in basis points adding up to 10000 (none: the household's). */
export const loanShares = pgTable(
  "loan_shares",
  {
    loanId: uuid("loan_id")
      .notNull()
      .references(() => loans.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    percentBp: integer("percent_bp").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.loanId, t.memberId] }),
    check("loan_shares_percent", sql`${t.percentBp} > 0 and ${t.percentBp} <= 10000`),
  ],
);

/**
 * A part of a loan (leningdeel): its principal, start, term, repayment type, and its rate for
 * the fixed-rate period (rentevaste periode; null = the whole term) and the rate after it
 * (null = the same).
 */
export const loanParts = pgTable(
  "loan_parts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    loanId: uuid("loan_id")
      .notNull()
      .references(() => loans.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    name: text("name"),
    position: integer("position").notNull().default(0),
    principalCents: bigint("principal_cents", { mode: "number" }).notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    termMonths: integer("term_months").notNull(),
    repaymentType: text("repayment_type", { enum: repaymentTypeValues }).notNull(),
    rateBp: integer("rate_bp").notNull(),
    fixedMonths: integer("fixed_months"),
    followingRateBp: integer("following_rate_bp"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("loan_parts_loan_idx").on(t.loanId),
    check("loan_parts_principal", sql`${t.principalCents} > 0`),
    check("loan_parts_term", sql`${t.termMonths} between 1 and 600`),
    check("loan_parts_rate", sql`${t.rateBp} between 0 and 10000`),
    check(
      "loan_parts_following_rate",
      sql`${t.followingRateBp} is null or ${t.followingRateBp} between 0 and 10000`,
    ),
  ],
);

/** An extra repayment on one part: once on a day, or every year on a day (until a day). */
export const loanExtraRepayments = pgTable(
  "loan_extra_repayments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    loanId: uuid("loan_id")
      .notNull()
      .references(() => loans.id, { onDelete: "cascade" }),
    partId: uuid("part_id")
      .notNull()
      .references(() => loanParts.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: extraRepaymentKindValues }).notNull().default("once"),
    onDate: date("on_date", { mode: "string" }).notNull(),
    untilDate: date("until_date", { mode: "string" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("loan_extra_repayments_loan_idx").on(t.loanId),
    check("loan_extra_repayments_amount", sql`${t.amountCents} > 0`),
  ],
);
