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
 * Taxes (Pro), per tax year: payments and refunds, deadlines with their reminders, and the
 * household's box 3 choices for the year (who are fiscal partners, and how they split the
 * base). Box 3's parameters are not stored per household: they are the same for everyone and
 * live as documented data in src/shared/box3.ts. Every table carries `household_id` and
 * registers in features/households/household-owned.ts so a merge moves it.
 */

export const taxItemKindValues = [
  "income-tax",
  "provisional-assessment",
  "municipal",
  "water-board",
  "road-tax",
  "other",
] as const;
/** Payments are due or paid; refunds are to receive or received. */
export const taxItemStatusValues = ["due", "paid", "to-receive", "received"] as const;
export const taxDeadlineKindValues = [
  "file-return",
  "object-assessment",
  "pay-assessment",
  "request-provisional",
  "other",
] as const;
export const taxDeadlineStatusValues = ["open", "done"] as const;

/** A tax payment (positive) or refund, of a tax year, with its day and status. */
export const taxItems = pgTable(
  "tax_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    kind: text("kind", { enum: taxItemKindValues }).notNull(),
    status: text("status", { enum: taxItemStatusValues }).notNull(),
    /** Always positive: the status says whether it goes out (due, paid) or comes in. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** The day it is due, or was paid or received. */
    onDate: date("on_date", { mode: "string" }).notNull(),
    description: text("description"),
    /** Whose tax it is (null: the household's). */
    memberId: uuid("member_id").references(() => members.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tax_items_household_year_idx").on(t.householdId, t.year),
    check("tax_items_amount", sql`${t.amountCents} > 0`),
    check("tax_items_year", sql`${t.year} between 1900 and 2099`),
  ],
);

/**
 * A deadline of a tax year (filing the return, objecting to an assessment, ...), with an
 * optional reminder mail `remindDaysBefore` days before it, sent once (`remindedAt` claims it).
 */
export const taxDeadlines = pgTable(
  "tax_deadlines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    kind: text("kind", { enum: taxDeadlineKindValues }).notNull(),
    title: text("title"),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    status: text("status", { enum: taxDeadlineStatusValues }).notNull().default("open"),
    /** Null: no reminder. */
    remindDaysBefore: integer("remind_days_before"),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    /** Whose deadline it is (null: the household's; the reminder goes to every member). */
    memberId: uuid("member_id").references(() => members.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tax_deadlines_household_year_idx").on(t.householdId, t.year),
    index("tax_deadlines_reminders_idx")
      .on(t.dueOn)
      .where(sql`${t.remindedAt} is null and ${t.remindDaysBefore} is not null`),
    check("tax_deadlines_year", sql`${t.year} between 1900 and 2099`),
    check(
      "tax_deadlines_remind",
      sql`${t.remindDaysBefore} is null or ${t.remindDaysBefore} between 0 and 365`,
    ),
  ],
);

/**
 * The household's box 3 choices for a tax year: the two members who are fiscal partners (none:
 * everyone files alone), and the part of the partners' joint base the first one takes (basis
 * points; partners may split it as they like).
 */
export const taxYears = pgTable(
  "tax_years",
  {
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    partnerAMemberId: uuid("partner_a_member_id").references(() => members.id),
    partnerBMemberId: uuid("partner_b_member_id").references(() => members.id),
    partnerASplitBp: integer("partner_a_split_bp").notNull().default(5000),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.householdId, t.year] }),
    check("tax_years_split", sql`${t.partnerASplitBp} between 0 and 10000`),
    check("tax_years_year", sql`${t.year} between 1900 and 2099`),
  ],
);
