import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { households } from "./households.ts";

/**
 * A plan as the specification describes it (section 3), plus Dutch texts. Seeded on start,
 * edited by administrators; only active plans are listed, by `display_order`.
 */
export const subscriptionPlans = pgTable("subscription_plans", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name", { enum: ["free", "premium", "pro"] })
    .notNull()
    .unique(),
  displayName: text("display_name").notNull(),
  displayNameNl: text("display_name_nl").notNull(),
  description: text("description").notNull().default(""),
  descriptionNl: text("description_nl").notNull().default(""),
  monthlyPriceCents: integer("monthly_price_cents").notNull().default(0),
  annualPriceCents: integer("annual_price_cents").notNull().default(0),
  stripeMonthlyPriceId: text("stripe_monthly_price_id"),
  stripeAnnualPriceId: text("stripe_annual_price_id"),
  isPopular: boolean("is_popular").notNull().default(false),
  isPro: boolean("is_pro").notNull().default(false),
  isActive: boolean("is_active").notNull().default(true),
  displayOrder: integer("display_order").notNull().default(0),
});

export const subscriptionPlanFeatures = pgTable(
  "subscription_plan_features",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "cascade" }),
    featureText: text("feature_text").notNull(),
    featureTextNl: text("feature_text_nl").notNull(),
    isIncluded: boolean("is_included").notNull().default(true),
    isHighlighted: boolean("is_highlighted").notNull().default(false),
    displayOrder: integer("display_order").notNull().default(0),
    category: text("category"),
  },
  (t) => [index("subscription_plan_features_plan_id_idx").on(t.planId)],
);

/** A discount code: stored upper-case; either a percentage or an amount off. */
export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    maxUses: integer("max_uses"),
    timesUsed: integer("times_used").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("coupons_one_discount", sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null)`),
  ],
);

/**
 * A household's subscription: one row per household, written by the test checkout or by the
 * Stripe webhook, never by a redirect. The entitlement reads only this row.
 */
export const subscriptions = pgTable("subscriptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  householdId: uuid("household_id")
    .notNull()
    .unique()
    .references(() => households.id, { onDelete: "cascade" }),
  planName: text("plan_name", { enum: ["free", "premium", "pro"] }).notNull(),
  billingPeriod: text("billing_period", { enum: ["monthly", "annual"] }).notNull(),
  /** Mirrors Stripe: active, trialing, past_due, canceled, incomplete, incomplete_expired, unpaid, paused. */
  status: text("status").notNull(),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  priceCents: integer("price_cents").notNull().default(0),
  couponCode: text("coupon_code"),
  stripeCustomerId: text("stripe_customer_id"),
  stripeSubscriptionId: text("stripe_subscription_id").unique(),
  /** The `created` time of the newest Stripe event applied, so an older one cannot undo it. */
  stripeEventCreated: bigint("stripe_event_created", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A checkout of the test payment provider: created, then paid or cancelled once. */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    planName: text("plan_name", { enum: ["free", "premium", "pro"] }).notNull(),
    billingPeriod: text("billing_period", { enum: ["monthly", "annual"] }).notNull(),
    priceCents: integer("price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    couponCode: text("coupon_code"),
    status: text("status", { enum: ["pending", "paid", "cancelled"] })
      .notNull()
      .default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("checkouts_household_id_idx").on(t.householdId)],
);

/** Every Stripe event id processed, so a replay changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
