import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { households, members } from "./households.ts";
import { insurancePolicies } from "./insurance.ts";
import { loans } from "./loans.ts";

/**
 * Income and spending: categories, entries (transactions) with their shares per member,
 * recurring rules, budgets. Every table carries `household_id` and registers in
 * features/households/household-owned.ts so a merge moves it. Amounts are integer cents.
 */

export const entryKindValues = ["income", "expense"] as const;
/** A settlement is a repayment between two members: neither income nor spending. */
export const transactionKindValues = ["income", "expense", "settlement"] as const;
export const splitModeValues = ["personal", "percent", "amount"] as const;
export const frequencyValues = [
  "daily",
  "weekly",
  "biweekly",
  "monthly",
  "quarterly",
  "semiannually",
  "annually",
] as const;
export const rolloverValues = ["none", "surplus", "all"] as const;

/** A category of income or of expenses. Archived ones are hidden from pickers, kept on entries. */
export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: entryKindValues }).notNull(),
    name: text("name").notNull(),
    icon: text("icon").notNull().default("tag"),
    color: text("color").notNull().default("slate"),
    taxRelevant: boolean("tax_relevant").notNull().default(false),
    /** Expenses in it count against the health deductible (eigen risico), decision 024. */
    healthCare: boolean("health_care").notNull().default(false),
    /** The default set's key (groceries, salary, ...), null for a category a person added. */
    defaultKey: text("default_key"),
    /**
     * False while a default category keeps its default name: it is then shown in the reader's
     * language (shared/default-categories.ts), whatever language `name` was stored in.
     */
    customName: boolean("custom_name").notNull().default(true),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("categories_household_id_idx").on(t.householdId, t.kind)],
);

/**
 * A recurring rule: the template of an entry and how often it comes. Occurrences up to today
 * are real transactions with (recurring_rule_id, recurring_date) unique; `materialized_through`
 * is the last date already created, so a deleted occurrence is never made again.
 */
export const recurringRules = pgTable(
  "recurring_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: entryKindValues }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("EUR"),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id),
    merchant: text("merchant"),
    notes: text("notes"),
    splitMode: text("split_mode", { enum: splitModeValues }).notNull().default("personal"),
    paidByMemberId: uuid("paid_by_member_id").references(() => members.id),
    receivedByMemberId: uuid("received_by_member_id").references(() => members.id),
    frequency: text("frequency", { enum: frequencyValues }).notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
    /**
     * The day of the month a month-based series was set on, when it is not the start date's: a
     * series split on a shorter month's last day (30 September of one set on the 31st) keeps
     * falling on the 31st. Null: the start date's day.
     */
    dayOfMonth: integer("day_of_month"),
    materializedThrough: date("materialized_through", { mode: "string" }),
    /**
     * A loan's monthly payment booked as this rule: each occurrence's amount is that month's
     * payment from the loan's schedule, not `amount_cents` (which holds the first one).
     */
    loanId: uuid("loan_id").references(() => loans.id, { onDelete: "set null" }),
    /**
     * An insurance policy's premium booked as this rule (decision 024): the policy's premium at
     * its frequency; a change of premium rewrites the series from its date, cancelling ends it.
     */
    policyId: uuid("policy_id").references(() => insurancePolicies.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("recurring_rules_household_id_idx").on(t.householdId),
    check("recurring_rules_amount_positive", sql`${t.amountCents} > 0`),
    check("recurring_rules_day_of_month", sql`${t.dayOfMonth} between 1 and 31`),
  ],
);

/** A member's part of a recurring rule (one row for a personal rule). */
export const recurringRuleShares = pgTable(
  "recurring_rule_shares",
  {
    ruleId: uuid("rule_id")
      .notNull()
      .references(() => recurringRules.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** Basis points (10000 = 100 %) when the rule is split by percentages. */
    percentBp: integer("percent_bp"),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.memberId] })],
);

/**
 * A CSV file imported into the entries (decision 031): its name, the bank it was recognised as,
 * who imported it and when, how many rows went in, were already there, or were bad (with the
 * reasons per line). Its entries carry its id (`transactions.import_id`). Undoing it soft-deletes
 * its entries with `undone_at` as their `deleted_at`, so undoing the undo restores exactly those.
 */
export const imports = pgTable(
  "imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    fileName: text("file_name"),
    /** The bank's layout the file was recognised as (a preset's key), null when unknown. */
    bank: text("bank"),
    /** Whose personal entries the rows became. */
    memberId: uuid("member_id").references(() => members.id),
    createdByMemberId: uuid("created_by_member_id").references(() => members.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    imported: integer("imported").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    /** Bad rows: `[{ line, errors: [validation keys] }]`, the first 1,000 of them. */
    invalid: jsonb("invalid").$type<{ line: number; errors: string[] }[]>().notNull().default([]),
    invalidCount: integer("invalid_count").notNull().default(0),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    /**
     * The categories rows without one of their own were put in (the setup's default, one per
     * kind; no rule or past entry placed them): "apply rules to existing entries" may re-file
     * the import's entries still in one of them (decision 037).
     */
    defaultCategoryIds: uuid("default_category_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [index("imports_household_idx").on(t.householdId, t.createdAt.desc())],
);

/**
 * An entry: income, an expense, or a settlement (a repayment from `paid_by` to `received_by`).
 * Income and expenses have a category and one share row per member they belong to (one for a
 * personal entry); the shares always add up to `amount_cents`. Deleting sets `deleted_at` so
 * it can be undone; every read filters on it.
 */
export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: transactionKindValues }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("EUR"),
    occurredOn: date("occurred_on", { mode: "string" }).notNull(),
    categoryId: uuid("category_id").references(() => categories.id),
    merchant: text("merchant"),
    notes: text("notes"),
    splitMode: text("split_mode", { enum: splitModeValues }).notNull().default("personal"),
    /** Expense: who paid. Settlement: who paid back. */
    paidByMemberId: uuid("paid_by_member_id").references(() => members.id),
    /** Income: who received it. Settlement: who was paid back. */
    receivedByMemberId: uuid("received_by_member_id").references(() => members.id),
    createdByMemberId: uuid("created_by_member_id").references(() => members.id),
    recurringRuleId: uuid("recurring_rule_id").references(() => recurringRules.id, {
      onDelete: "set null",
    }),
    recurringDate: date("recurring_date", { mode: "string" }),
    /**
     * The hash of an imported CSV row (with its place among identical rows of its file): the
     * first 128 bits of its SHA-256, kept as a uuid (decision 051).
     */
    importHash: uuid("import_hash"),
    /**
     * The hash of the row's own cells as the file wrote them (with its place among identical
     * lines), whatever the mapping: the same file again adds nothing after the mapping changed
     * (decision 031). Null on entries imported before it was kept. A uuid as `importHash` is.
     */
    importLineHash: uuid("import_line_hash"),
    /**
     * The import that created the row: a failed import takes back its batches, an undone one
     * soft-deletes them (decision 031).
     */
    importId: uuid("import_id").references(() => imports.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    check("transactions_amount_positive", sql`${t.amountCents} > 0`),
    index("transactions_list_by_date_idx")
      .on(t.householdId, t.occurredOn.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index("transactions_list_by_amount_idx")
      .on(t.householdId, t.amountCents.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // A category's entries newest first: the list filtered by category pages along it.
    index("transactions_category_by_date_idx")
      .on(t.householdId, t.categoryId, t.occurredOn.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index("transactions_import_id_idx").on(t.importId),
    // Settlements by date: the list's summary counts them beside the monthly roll-ups.
    index("transactions_settlements_by_date_idx")
      .on(t.householdId, t.occurredOn)
      .where(sql`${t.kind} = 'settlement' and ${t.deletedAt} is null`),
    // Only entries a recurring rule made are in it (decision 041: an index entry per typed or
    // imported entry, all of them nulls, cost every insert and never answered a query).
    uniqueIndex("transactions_one_per_rule_and_date")
      .on(t.recurringRuleId, t.recurringDate)
      .where(sql`${t.recurringRuleId} is not null`),
    // A row of a file imported before is skipped when a live entry has its hash; a deleted one
    // is looked up apart (an undone import's rows do not hold their rows back, decision 031).
    uniqueIndex("transactions_import_hash_live_idx")
      .on(t.householdId, t.importHash)
      .where(sql`${t.importHash} is not null and ${t.deletedAt} is null`),
    // A file's line as written is a live imported row's identity as its mapped hash is: at most
    // one live entry of a household holds it, so an import leaves it to this index to find a
    // line that is there (decision 059). Lines of deleted entries are looked up apart.
    uniqueIndex("transactions_import_line_hash_live_idx")
      .on(t.householdId, t.importLineHash)
      .where(sql`${t.importLineHash} is not null and ${t.deletedAt} is null`),
    index("transactions_import_line_hash_deleted_idx")
      .on(t.householdId, t.importLineHash)
      .where(sql`${t.importLineHash} is not null and ${t.deletedAt} is not null`),
    index("transactions_import_hash_deleted_idx")
      .on(t.householdId, t.importHash)
      .where(sql`${t.importHash} is not null and ${t.deletedAt} is not null`),
  ],
);

/** A member's part of an income or expense entry (in cents; they add up to the amount). */
export const transactionShares = pgTable(
  "transaction_shares",
  {
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** Basis points (10000 = 100 %) when the entry is split by percentages. */
    percentBp: integer("percent_bp"),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.memberId] }),
    index("transaction_shares_member_idx").on(t.householdId, t.memberId, t.transactionId),
  ],
);

/**
 * A monthly budget for one expense category, for the household (the aggregate member row) or
 * for one member. `month` is the first day of the month. Roll-over carries what was left
 * (`surplus`) or what was left and what was overspent (`all`) into the next month.
 */
export const budgets = pgTable(
  "budgets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    month: date("month", { mode: "string" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    rollover: text("rollover", { enum: rolloverValues }).notNull().default("none"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("budgets_amount_not_negative", sql`${t.amountCents} >= 0`),
    uniqueIndex("budgets_one_per_category_member_month").on(
      t.householdId,
      t.categoryId,
      t.memberId,
      t.month,
    ),
  ],
);

/**
 * Monthly roll-ups of income and spending, so reports read a row per month and category instead
 * of every entry (decision 028). A row with no member holds the household's entries (their
 * amounts; `entries` counts them); a row with a member holds that member's shares (`entries`
 * counts the shares). Only income and expenses that are not deleted count; settlements never.
 * Database triggers on `transactions` and `transaction_shares` keep it in the same transaction
 * as every write (drizzle/0013_monthly_totals.sql), so no write path can forget it; rows that
 * went back to zero stay (harmless to sums) until `npm run rollups:rebuild`. Not moved by a
 * household merge: the triggers move the totals with the entries.
 */
export const monthlyTotals = pgTable(
  "monthly_totals",
  {
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    month: date("month", { mode: "string" }).notNull(),
    memberId: uuid("member_id"),
    categoryId: uuid("category_id"),
    kind: text("kind", { enum: entryKindValues }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    entries: integer("entries").notNull(),
  },
  (t) => [
    unique("monthly_totals_key")
      .on(t.householdId, t.month, t.memberId, t.categoryId, t.kind)
      .nullsNotDistinct(),
  ],
);

export const categoryRuleFieldValues = ["any", "counterparty", "description"] as const;

/**
 * "Counterparty or description contains X → category Y" (decision 037): applied to imported rows
 * without a category of their own, first matching rule (lowest `position`) wins, and on demand to
 * existing entries. Matching ignores case and accents.
 */
export const categoryRules = pgTable(
  "category_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    /** Where the text is looked for: the counterparty, the description, or either. */
    field: text("field", { enum: categoryRuleFieldValues }).notNull().default("any"),
    pattern: text("pattern").notNull(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("category_rules_household_idx").on(t.householdId, t.position)],
);

/**
 * The mapping a household last imported a file of one shape with (decision 035): the shape is a
 * hash of the file's delimiter, width and header row (shared/import-shape.ts), so the next file
 * of that bank's layout starts from the columns, formats and choices the family made, ahead of
 * the preset and the guess. One row per shape, replaced by each import.
 */
export const importMappings = pgTable(
  "import_mappings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    shape: text("shape").notNull(),
    /** The import's setup (shared/csv-import.ts ImportSetup), as the import was sent. */
    setup: jsonb("setup").$type<Record<string, unknown>>().notNull(),
    /** The bank's layout the preview recognised (a preset's key), if any. */
    bank: text("bank"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("import_mappings_household_shape_idx").on(t.householdId, t.shape)],
);
