import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { AppDeps } from "#server/app.ts";
import { languageHeader } from "#server/auth.ts";
import { user } from "#server/db/schema/auth.ts";
import { households, members } from "#server/db/schema/households.ts";
import {
  budgets,
  categories,
  recurringRuleShares,
  recurringRules,
  transactionShares,
  transactions,
} from "#server/db/schema/money.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { setOwnerPlanName } from "#server/features/billing/billing.service.ts";
import { findMembership } from "#server/features/households/households.service.ts";
import { materializeDue } from "#server/features/recurring/materialize.ts";
import { recordSettlement, settleUp } from "#server/features/transactions/transactions.service.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { daysInMonth, type IsoDate } from "#shared/dates.ts";
import { seedDemoInsurance } from "./seed-insurance.ts";
import { seedDemoInvestments } from "./seed-investments.ts";
import { seedDemoLoansAndTaxes } from "./seed-loans-taxes.ts";
import { seedDemoSavings } from "./seed-savings.ts";
import { computeShares } from "#shared/shares.ts";

/** The demo account's address; a second run finds it and leaves the data as it is. */
export const demoEmail = "demo@hearth.local";
const ownerName = "Sanne de Vries";
const partnerName = "Joost Bakker";

export type SeedDemoResult =
  | { created: false; email: string }
  | {
      created: true;
      email: string;
      password: string;
      householdId: string;
      counts: {
        transactions: number;
        recurringRules: number;
        budgets: number;
        members: number;
        savingsAccounts: number;
        savingsMovements: number;
        goals: number;
        portfolios: number;
        holdings: number;
        trades: number;
        prices: number;
        loans: number;
        taxItems: number;
        deadlines: number;
        policies: number;
      };
    };

/** A small seeded PRNG (mulberry32): the same amounts on every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function iso(year: number, month: number, day: number): IsoDate {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.toISOString().slice(0, 10);
}

type Entry = {
  kind: "income" | "expense";
  amountCents: number;
  occurredOn: IsoDate;
  categoryKey: string | null;
  merchant: string | null;
  /** personal: the member it belongs to (payer of an expense, receiver of income). */
  splitMode: "personal" | "percent";
  paidBy: string | null;
  receivedBy: string | null;
};

/**
 * Creates the demo account (a real sign-up, so its password works at /auth) with a Dutch family
 * household of two adults and two years of entries up to `today`: salaries on the 25th and
 * holiday allowance in May, salaries and energy as recurring rules (their occurrences made by
 * materializeDue), weekly groceries split 50/50 and paid in turns, eating out, transport, phone
 * and internet, clothing, holidays, quarterly settlements, and budgets for this month and the
 * last (one near 80 %, one over), savings with two years of history and two goals
 * (seed-savings.ts), a portfolio bought into monthly for two years (seed-investments.ts), a
 * two-part mortgage whose payment is booked every month, a car loan and two tax years
 * (seed-loans-taxes.ts), and eight insurance policies whose premiums are booked every month or
 * year (health insurance among them), a renewal coming up and this year's care costs against
 * the health deductible (seed-insurance.ts), on a Pro plan. When the demo account already exists
 * it changes nothing and answers `created: false`.
 */
export async function seedDemo(
  deps: AppDeps,
  options: { today: IsoDate; email?: string; password?: string },
): Promise<SeedDemoResult> {
  const { db } = deps.database;
  const email = options.email ?? demoEmail;
  const existing = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing.length > 0) return { created: false, email };

  const password = options.password ?? `hearth-demo-${randomBytes(6).toString("hex")}`;
  await deps.auth.api.signUpEmail({
    body: { name: ownerName, email, password },
    headers: new Headers({ [languageHeader]: "nl" }),
  });
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!owner) throw new Error("The demo sign-up made no user.");
  // What following the verification link would do.
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, owner.id));
  const membership = await findMembership(db, owner.id);
  if (!membership) throw new Error("The demo account has no household.");
  const householdId = membership.householdId;
  const me = membership.memberId;

  // The second adult: a person in the household (no sign-in of their own).
  const [partnerRow] = await db
    .insert(members)
    .values({ householdId, name: partnerName, role: "member" })
    .returning({ id: members.id });
  if (!partnerRow) throw new Error("The partner insert returned nothing.");
  const partner = partnerRow.id;
  const [aggregate] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.householdId, householdId), eq(members.isHousehold, true)));
  if (!aggregate) throw new Error("The household has no aggregate member row.");

  const categoryRows = await db
    .select({ id: categories.id, key: categories.defaultKey })
    .from(categories)
    .where(eq(categories.householdId, householdId));
  const category = (key: string): string => {
    const row = categoryRows.find((candidate) => candidate.key === key);
    if (!row) throw new Error(`The default category ${key} is missing.`);
    return row.id;
  };

  const [todayYear, todayMonth] = options.today.split("-").map(Number) as [number, number];
  // The first month: two years back.
  const startYear = todayYear - 2;
  const startMonth = todayMonth;
  const start = iso(startYear, startMonth, 1);

  // Recurring rules: their occurrences are made by materializeDue below.
  const split = [
    { memberId: me, percentBp: 5000 },
    { memberId: partner, percentBp: 5000 },
  ];
  const rules: {
    kind: "income" | "expense";
    amountCents: number;
    key: string;
    merchant: string;
    splitMode: "personal" | "percent";
    person: string;
    day: number;
  }[] = [
    {
      kind: "income",
      amountCents: 342_500,
      key: "salary",
      merchant: "Gemeente Utrecht",
      splitMode: "personal",
      person: me,
      day: 25,
    },
    {
      kind: "income",
      amountCents: 298_000,
      key: "salary",
      merchant: "Bouwbedrijf Van Dijk",
      splitMode: "personal",
      person: partner,
      day: 25,
    },
    {
      kind: "expense",
      amountCents: 16_500,
      key: "energy",
      merchant: "Vattenfall",
      splitMode: "percent",
      person: partner,
      day: 5,
    },
  ];
  for (const rule of rules) {
    const [row] = await db
      .insert(recurringRules)
      .values({
        householdId,
        kind: rule.kind,
        amountCents: rule.amountCents,
        categoryId: category(rule.key),
        merchant: rule.merchant,
        splitMode: rule.splitMode,
        paidByMemberId: rule.kind === "expense" ? rule.person : null,
        receivedByMemberId: rule.kind === "income" ? rule.person : null,
        frequency: "monthly",
        startDate: iso(startYear, startMonth, rule.day),
      })
      .returning({ id: recurringRules.id });
    if (!row) throw new Error("The rule insert returned nothing.");
    const shares = computeShares({
      amountCents: rule.amountCents,
      splitMode: rule.splitMode,
      memberId: rule.person,
      shares: split,
    });
    await db
      .insert(recurringRuleShares)
      .values(shares.map((share) => ({ ruleId: row.id, householdId, ...share })));
  }

  // One-off entries, month by month.
  const random = prng(20_240_525);
  const between = (low: number, high: number) => Math.round(low + random() * (high - low));
  const entries: Entry[] = [];
  const add = (entry: Omit<Entry, "splitMode"> & { splitMode?: Entry["splitMode"] }) => {
    if (entry.occurredOn >= start && entry.occurredOn <= options.today)
      entries.push({ splitMode: "personal", ...entry });
  };
  const supermarkets = ["Albert Heijn", "Jumbo", "Lidl", "Plus", "Dirk"];
  const restaurants = [
    "Pizzeria Da Mario",
    "Het Pannenkoekenhuis",
    "Sushi Time",
    "De Lachende Koe",
  ];
  let groceryTurn = 0;
  // The days they settle up, at the end of each quarter (booked once every entry is in).
  const quarterEnds: IsoDate[] = [];
  for (let offset = 0; offset <= 24; offset++) {
    const year = startYear + Math.floor((startMonth - 1 + offset) / 12);
    const month = ((startMonth - 1 + offset) % 12) + 1;
    const last = daysInMonth(year, month);
    if (month === 5) {
      add({
        kind: "income",
        amountCents: 221_000 + between(0, 4000),
        occurredOn: iso(year, 5, 25),
        categoryKey: "holiday-allowance",
        merchant: "Gemeente Utrecht",
        paidBy: null,
        receivedBy: me,
      });
      add({
        kind: "income",
        amountCents: 193_000 + between(0, 4000),
        occurredOn: iso(year, 5, 25),
        categoryKey: "holiday-allowance",
        merchant: "Bouwbedrijf Van Dijk",
        paidBy: null,
        receivedBy: partner,
      });
    }
    // Groceries every Saturday (and a small one on the 2nd), split and paid in turns.
    for (let day = 1; day <= last; day++) {
      const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
      if (weekday !== 6 && day !== 2) continue;
      const payer = groceryTurn++ % 2 === 0 ? me : partner;
      add({
        kind: "expense",
        amountCents: weekday === 6 ? between(8_500, 16_500) : between(1_500, 3_500),
        occurredOn: iso(year, month, day),
        categoryKey: "groceries",
        merchant: supermarkets[between(0, supermarkets.length - 1)] ?? "Albert Heijn",
        splitMode: "percent",
        paidBy: payer,
        receivedBy: null,
      });
    }
    // Eating out: on the 1st and once or twice more, split.
    for (const day of [1, between(8, 16), ...(random() < 0.6 ? [between(17, 28)] : [])]) {
      add({
        kind: "expense",
        amountCents: between(3_500, 9_500),
        occurredOn: iso(year, month, day),
        categoryKey: "eating-out",
        merchant: restaurants[between(0, restaurants.length - 1)] ?? "Sushi Time",
        splitMode: "percent",
        paidBy: random() < 0.5 ? me : partner,
        receivedBy: null,
      });
    }
    add({
      kind: "expense",
      amountCents: 6_495,
      occurredOn: iso(year, month, 12),
      categoryKey: "phone-internet",
      merchant: "KPN",
      splitMode: "percent",
      paidBy: me,
      receivedBy: null,
    });
    add({
      kind: "expense",
      amountCents: between(2_000, 2_500),
      occurredOn: iso(year, month, 18),
      categoryKey: "phone-internet",
      merchant: "Odido",
      paidBy: partner,
      receivedBy: null,
    });
    // Transport: NS for one, fuel for the other.
    add({
      kind: "expense",
      amountCents: between(9_000, 14_000),
      occurredOn: iso(year, month, 3),
      categoryKey: "transport",
      merchant: "NS",
      paidBy: me,
      receivedBy: null,
    });
    add({
      kind: "expense",
      amountCents: between(6_000, 9_500),
      occurredOn: iso(year, month, 14),
      categoryKey: "transport",
      merchant: "Shell",
      paidBy: partner,
      receivedBy: null,
    });
    if (month % 2 === 0)
      add({
        kind: "expense",
        amountCents: between(4_000, 15_000),
        occurredOn: iso(year, month, 20),
        categoryKey: "clothing",
        merchant: "Zeeman",
        paidBy: random() < 0.5 ? me : partner,
        receivedBy: null,
      });
    if (month === 7)
      add({
        kind: "expense",
        amountCents: between(180_000, 260_000),
        occurredOn: iso(year, 7, 15),
        categoryKey: "holidays",
        merchant: "Camping Le Pin, Frankrijk",
        splitMode: "percent",
        paidBy: me,
        receivedBy: null,
      });
    if (month === 2)
      add({
        kind: "expense",
        amountCents: between(60_000, 90_000),
        occurredOn: iso(year, 2, 10),
        categoryKey: "holidays",
        merchant: "Center Parcs",
        splitMode: "percent",
        paidBy: partner,
        receivedBy: null,
      });
    if (month % 3 === 0) quarterEnds.push(iso(year, month, 28));
  }

  const entryRows: (typeof transactions.$inferInsert)[] = [];
  const shareRows: (typeof transactionShares.$inferInsert)[] = [];
  for (const entry of entries) {
    const id = randomUUID();
    entryRows.push({
      id,
      householdId,
      kind: entry.kind,
      amountCents: entry.amountCents,
      occurredOn: entry.occurredOn,
      categoryId: entry.categoryKey ? category(entry.categoryKey) : null,
      merchant: entry.merchant,
      splitMode: entry.splitMode,
      paidByMemberId: entry.paidBy,
      receivedByMemberId: entry.receivedBy,
      createdByMemberId: me,
    });
    const shares = computeShares({
      amountCents: entry.amountCents,
      splitMode: entry.splitMode,
      memberId: entry.kind === "income" ? entry.receivedBy : entry.paidBy,
      shares: split,
    });
    for (const share of shares) shareRows.push({ transactionId: id, householdId, ...share });
  }
  await db.transaction(async (tx) => {
    for (let at = 0; at < entryRows.length; at += 1000)
      await tx.insert(transactions).values(entryRows.slice(at, at + 1000));
    for (let at = 0; at < shareRows.length; at += 1000)
      await tx.insert(transactionShares).values(shareRows.slice(at, at + 1000));
  });
  await materializeDue(db, options.today, { householdId });

  // Budgets of this month and the last, from what was spent: groceries near 80 %, eating out
  // over, energy and transport comfortably under.
  const spentIn = async (key: string, from: IsoDate, to: IsoDate) => {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${transactions.amountCents}), 0)`.mapWith(Number) })
      .from(transactions)
      .where(
        and(
          eq(transactions.householdId, householdId),
          eq(transactions.categoryId, category(key)),
          sql`${transactions.deletedAt} is null`,
          sql`${transactions.occurredOn} between ${from} and ${to}`,
        ),
      );
    return row?.total ?? 0;
  };
  const previous = todayMonth === 1 ? [todayYear - 1, 12] : [todayYear, todayMonth - 1];
  const months = [
    { year: previous[0] ?? todayYear, month: previous[1] ?? todayMonth },
    { year: todayYear, month: todayMonth },
  ];
  const budgetRows: (typeof budgets.$inferInsert)[] = [];
  for (const { year, month } of months) {
    const from = iso(year, month, 1);
    const to = iso(year, month, daysInMonth(year, month));
    const plans: [string, (spent: number) => number][] = [
      ["groceries", (spent) => Math.max(100, Math.ceil(spent / 0.85 / 100) * 100)],
      ["eating-out", (spent) => Math.max(100, Math.floor((spent * 0.8) / 100) * 100)],
      ["energy", () => 20_000],
      ["transport", () => 35_000],
    ];
    for (const [key, amount] of plans) {
      budgetRows.push({
        householdId,
        categoryId: category(key),
        memberId: aggregate.id,
        month: from,
        amountCents: amount(await spentIn(key, from, to)),
      });
    }
  }
  await db.insert(budgets).values(budgetRows);

  // The demo shows every area full: its household is on Pro for a year, without a payment (no
  // Stripe ids: nothing for a webhook to find), or on everything with billing off.
  await setOwnerPlanName(db, householdId, "pro");
  if (deps.config.billing !== "off") {
    await db.insert(subscriptions).values({
      householdId,
      planName: "pro",
      billingPeriod: "annual",
      status: "active",
      currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000),
      priceCents: 0,
    });
  }
  // Loans and insurance first: the mortgage's booked payments and the premiums are spending the
  // emergency fund counts.
  const [household] = await db
    .select({ name: households.name })
    .from(households)
    .where(eq(households.id, householdId));
  const viewer: Viewer = {
    userId: owner.id,
    email,
    name: ownerName,
    emailVerified: true,
    householdId,
    householdName: household?.name ?? "",
    memberId: me,
    role: "owner",
    language: "nl",
  };
  const borrowed = await seedDemoLoansAndTaxes(db, viewer, {
    partner,
    housingCategoryId: category("housing"),
    historyStart: start,
    today: options.today,
  });
  const insured = await seedDemoInsurance(db, viewer, {
    partner,
    insuranceCategoryId: category("insurance"),
    healthCategoryId: category("health"),
    historyStart: start,
    today: options.today,
  });

  const saved = await seedDemoSavings(db, {
    householdId,
    me,
    partner,
    aggregateId: aggregate.id,
    today: options.today,
  });
  const invested = await seedDemoInvestments(db, {
    householdId,
    me,
    partner,
    today: options.today,
  });

  // Every quarter they settle up: what was owed that day, by the app's own rules (settle-up's
  // balances up to that day and the fewest payments), so only what came after is left open.
  for (const day of quarterEnds) {
    if (day < start || day > options.today) continue;
    const { payments } = await settleUp(db, viewer, { through: day });
    for (const payment of payments)
      await recordSettlement(db, viewer, {
        fromMemberId: payment.fromMemberId,
        toMemberId: payment.toMemberId,
        amountCents: payment.amountCents,
        occurredOn: day,
        notes: null,
      });
  }

  const [counted] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(transactions)
    .where(eq(transactions.householdId, householdId));
  return {
    created: true,
    email,
    password,
    householdId,
    counts: {
      transactions: counted?.count ?? 0,
      // The rules above, the mortgage's booked payment and each policy's booked premium.
      recurringRules: rules.length + 1 + insured.policies,
      budgets: budgetRows.length,
      members: 2,
      savingsAccounts: saved.accounts,
      savingsMovements: saved.movements,
      goals: saved.goals,
      ...invested,
      ...borrowed,
      policies: insured.policies,
    },
  };
}
