/**
 * The bench household, seeded through an in-process app (`createDeps` + `createApp`) on the
 * database the bench then serves from its own server process: one owner signed up and signed in
 * through Better Auth (the cookie the load uses), 3 more members, 40 categories, the entries over
 * 5 years (~30 % split between members), and on Pro 8 savings accounts with ~2,500 movements and
 * 6 goals, 3 portfolios of 12 holdings with 5 years of monthly buys and a price every weekday, a
 * two-part 30-year mortgage and a car loan, this year's and last year's taxes, and 12 insurance
 * policies (4 of them booked, through the API). Deterministic: every run seeds the same kind of
 * data.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { AppDeps } from "#server/app.ts";
import { user } from "#server/db/schema/auth.ts";
import { members } from "#server/db/schema/households.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { categories, transactions, transactionShares } from "#server/db/schema/money.ts";
import {
  savingsAccounts,
  savingsAccountShares,
  savingsGoalAccounts,
  savingsGoals,
  savingsMovements,
  savingsRates,
} from "#server/db/schema/savings.ts";
import {
  holdingPrices,
  holdings,
  investmentTrades,
  portfolios,
  portfolioShares,
} from "#server/db/schema/investments.ts";
import { loanExtraRepayments, loanParts, loans, loanShares } from "#server/db/schema/loans.ts";
import { taxDeadlines, taxItems, taxYears } from "#server/db/schema/taxes.ts";
import { findMembership } from "#server/features/households/households.service.ts";
import { allocate } from "#shared/money.ts";

const password = "bench horse battery staple";

export type BenchRows = {
  transactions: number;
  shares: number;
  categories: number;
  members: number;
  savingsMovements: number;
  investmentTrades: number;
  holdingPrices: number;
  taxItems: number;
  insurancePolicies: number;
};

// A small deterministic random source, so every run seeds the same kind of data.
let seed = 20_260_101;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const merchants = [
  "Albert Heijn",
  "Jumbo",
  "Lidl",
  "Aldi",
  "Plus",
  "Dirk",
  "HEMA",
  "Action",
  "Kruidvat",
  "Etos",
  "Bol.com",
  "Coolblue",
  "IKEA",
  "Gamma",
  "Praxis",
  "Shell",
  "BP",
  "Esso",
  "NS",
  "GVB",
  "Eneco",
  "Vattenfall",
  "Ziggo",
  "KPN",
  "Vodafone",
  "Netflix",
  "Spotify",
  "Thuisbezorgd",
  "Domino's",
  "Starbucks",
  "Bakkerij Bart",
  "De Slager",
  "Apotheek Centrum",
  "Tandarts Smit",
  "Zilveren Kruis",
  "Centraal Beheer",
  "Gemeente Amsterdam",
  "Waternet",
  "Decathlon",
  "Zara",
  "H&M",
  "MediaMarkt",
  "Pathé",
  "Booking.com",
  "Transavia",
  "KLM",
  "Marktplaats",
  "Blokker",
  "Xenos",
  "Intertoys",
];
const notes = [
  "weekly shopping",
  "birthday present",
  "school trip",
  "holiday",
  "monthly",
  "repair",
  "for the garden",
  "with friends",
  "gift for grandma",
  "new shoes",
];
const extraExpenseNames = [
  "Garden",
  "Pets",
  "Childcare",
  "School",
  "Sports",
  "Hobbies",
  "Books",
  "Music",
  "Furniture",
  "Electronics",
  "Home repairs",
  "Car maintenance",
  "Parking",
  "Taxi",
  "Donations",
  "Pharmacy",
  "Dentist",
  "Hairdresser",
  "Cosmetics",
  "Software",
  "Streaming",
  "Newspapers",
  "Coffee",
  "Lunch at work",
  "Takeaway",
  "Bank costs",
  "Taxes",
  "Fines",
  "Laundry",
  "Camping",
  "Museums",
  "Concerts",
];
const extraIncomeNames = ["Bonus", "Freelance", "Rental income", "Interest", "Allowance", "Sales"];

export function isoDaysAgo(days: number): string {
  const date = new Date();
  date.setUTCHours(12, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

async function signUpAndSignIn(
  deps: AppDeps,
  url: string,
): Promise<{ cookie: string; householdId: string; memberId: string }> {
  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  const headers = { "content-type": "application/json", origin: deps.config.baseUrl };
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Bench Owner", email, password, callbackURL: "/" }),
  });
  if (!signUp.ok) throw new Error(`Sign-up answered ${signUp.status}: ${await signUp.text()}`);
  // The verification mail's link would do this; the bench has no mailbox to read.
  await deps.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`Sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  // The first signed-in request makes sure the household exists.
  const first = await fetch(`${url}/api/transactions`, { headers: { cookie } });
  if (!first.ok) throw new Error(`The list answered ${first.status}: ${await first.text()}`);
  const [row] = await deps.database.db.select().from(user).where(eq(user.email, email));
  const membership = row ? await findMembership(deps.database.db, row.id) : undefined;
  if (!membership) throw new Error("The bench owner has no household.");
  return { cookie, householdId: membership.householdId, memberId: membership.memberId };
}

/**
 * The bench household on Pro, with 8 savings accounts (household, personal and shared),
 * each with five years of weekly deposits, monthly interest and a withdrawal now and then (about
 * 2,500 movements), a rate change a year, and 6 goals: what the savings pages read.
 */
async function seedSavings(deps: AppDeps, householdId: string): Promise<number> {
  const { db } = deps.database;
  await db.insert(subscriptions).values({
    householdId,
    planName: "pro",
    billingPeriod: "annual",
    status: "active",
    currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000),
  });
  const people = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.householdId, householdId), eq(members.isHousehold, false)));
  const accountIds: string[] = [];
  const movements: (typeof savingsMovements.$inferInsert)[] = [];
  for (let index = 0; index < 8; index++) {
    const ownerKind = index % 3 === 0 ? "household" : index % 3 === 1 ? "member" : "shared";
    const [account] = await db
      .insert(savingsAccounts)
      .values({ householdId, name: `Bench savings ${index + 1}`, ownerKind })
      .returning({ id: savingsAccounts.id });
    if (!account) throw new Error("No savings account.");
    accountIds.push(account.id);
    const owners =
      ownerKind === "household"
        ? []
        : ownerKind === "member"
          ? [{ memberId: people[index % people.length]?.id ?? "", percentBp: 10_000 }]
          : [
              { memberId: people[0]?.id ?? "", percentBp: 6_000 },
              { memberId: people[1]?.id ?? "", percentBp: 4_000 },
            ];
    if (owners.length > 0) {
      await db
        .insert(savingsAccountShares)
        .values(owners.map((owner) => ({ accountId: account.id, householdId, ...owner })));
    }
    for (let year = 5; year >= 0; year--) {
      await db.insert(savingsRates).values({
        accountId: account.id,
        householdId,
        startsOn: isoDaysAgo(year * 365),
        rateBp: 100 + Math.floor(random() * 250),
      });
    }
    for (let day = 5 * 365; day >= 0; day -= 7) {
      const occurredOn = isoDaysAgo(day);
      movements.push({
        accountId: account.id,
        householdId,
        kind: "deposit",
        amountCents: 2_500 + Math.floor(random() * 10_000),
        occurredOn,
      });
      if (day % 28 === 0) {
        movements.push({
          accountId: account.id,
          householdId,
          kind: day % 364 === 0 ? "withdrawal" : "interest",
          amountCents: day % 364 === 0 ? -20_000 : 100 + Math.floor(random() * 2_000),
          occurredOn,
        });
      }
    }
  }
  for (let at = 0; at < movements.length; at += 1000) {
    await db.insert(savingsMovements).values(movements.slice(at, at + 1000));
  }
  for (let index = 0; index < 6; index++) {
    const [goal] = await db
      .insert(savingsGoals)
      .values({
        householdId,
        name: `Bench goal ${index + 1}`,
        targetCents: 1_000_000 * (index + 1),
        targetDate: isoDaysAgo(-365 * (index + 1)),
        plannedMonthlyCents: index % 2 === 0 ? 25_000 : null,
      })
      .returning({ id: savingsGoals.id });
    if (!goal) throw new Error("No goal.");
    await db
      .insert(savingsGoalAccounts)
      .values(
        accountIds
          .slice(index, index + 2)
          .map((accountId) => ({ goalId: goal.id, accountId, householdId })),
      );
  }
  return movements.length;
}

/**
 * The bench household's investments: 3 portfolios (the household's, a member's, one shared
 * 60/40) of 4 holdings each, every holding bought monthly for five years with a dividend a
 * quarter and a sale a year, and a price every weekday: what the portfolios, the history and net
 * worth read (the history reduces the prices to one a month in the database).
 */
/** A loan of the bench household with its owners, parts and extra repayments, stored as typed. */
async function insertLoan(
  deps: AppDeps,
  householdId: string,
  loan: Omit<typeof loans.$inferInsert, "householdId">,
  owners: { memberId: string; percentBp: number }[],
  parts: (Omit<typeof loanParts.$inferInsert, "householdId" | "loanId"> & {
    yearlyExtra?: number;
  })[],
): Promise<string> {
  const { db } = deps.database;
  const [row] = await db
    .insert(loans)
    .values({ householdId, ...loan })
    .returning({ id: loans.id });
  if (!row) throw new Error("No loan.");
  if (owners.length > 0) {
    await db.insert(loanShares).values(owners.map((o) => ({ loanId: row.id, householdId, ...o })));
  }
  for (const [position, { yearlyExtra, ...part }] of parts.entries()) {
    const [stored] = await db
      .insert(loanParts)
      .values({ loanId: row.id, householdId, position, ...part })
      .returning({ id: loanParts.id, startDate: loanParts.startDate });
    if (stored && yearlyExtra) {
      await db.insert(loanExtraRepayments).values({
        loanId: row.id,
        partId: stored.id,
        householdId,
        kind: "yearly",
        onDate: `${Number(stored.startDate.slice(0, 4)) + 1}-12-15`,
        amountCents: yearlyExtra,
      });
    }
  }
  return row.id;
}

/**
 * The bench household's loans (Pro): a 30-year mortgage of two parts (annuity with a 10-year
 * fixed rate and a yearly extra repayment, and linear) shared by two members, borrowed five
 * years ago, and a member's 5-year car loan. Returns the mortgage's id for the detail case.
 */
async function seedLoans(deps: AppDeps, householdId: string): Promise<string> {
  const people = await deps.database.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.householdId, householdId), eq(members.isHousehold, false)));
  const [first = "", second = ""] = people.map((person) => person.id);
  const mortgage = await insertLoan(
    deps,
    householdId,
    {
      name: "Bench mortgage",
      kind: "mortgage",
      lender: "Bench bank",
      ownerKind: "shared",
      ownHome: true,
    },
    [
      { memberId: first, percentBp: 5_000 },
      { memberId: second, percentBp: 5_000 },
    ],
    [
      {
        principalCents: 28_000_000,
        startDate: isoDaysAgo(5 * 365),
        termMonths: 360,
        repaymentType: "annuity",
        rateBp: 385,
        fixedMonths: 120,
        followingRateBp: 450,
        yearlyExtra: 500_000,
      },
      {
        principalCents: 12_000_000,
        startDate: isoDaysAgo(5 * 365),
        termMonths: 360,
        repaymentType: "linear",
        rateBp: 360,
      },
    ],
  );
  await insertLoan(
    deps,
    householdId,
    { name: "Bench car", kind: "car", lender: "Bench lease", ownerKind: "member" },
    [{ memberId: second, percentBp: 10_000 }],
    [
      {
        principalCents: 2_500_000,
        startDate: isoDaysAgo(2 * 365),
        termMonths: 60,
        repaymentType: "annuity",
        rateBp: 690,
      },
    ],
  );
  return mortgage;
}

/** A JSON POST, as the browser sends it (our Origin, the session cookie). */
async function postJson<T>(url: string, cookie: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The bench household's insurance (Pro), made through the API as the page makes it: basic
 * health insurance for each of the 4 members (two with a voluntary deductible), supplementary
 * health insurance for two, the home, its contents, liability, legal aid and travel for the
 * household, and a member's car: 12 policies started three years ago, renewing yearly with a
 * notice period (two with a reminder). 4 premiums are booked as recurring expenses from a year
 * ago (their entries made at once). What the overview (totals, coverage grid, renewals, the
 * health deductible over this year's health-care entries) and the list read.
 */
async function seedInsurance(
  deps: AppDeps,
  url: string,
  owner: { cookie: string; householdId: string },
): Promise<number> {
  const { db } = deps.database;
  const people = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.householdId, owner.householdId), eq(members.isHousehold, false)))
    .orderBy(members.createdAt, members.id);
  const [insurance] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(eq(categories.householdId, owner.householdId), eq(categories.defaultKey, "insurance")),
    );
  if (!insurance) throw new Error("The bench household has no insurance category.");
  const startDate = `${isoDaysAgo(3 * 365).slice(0, 7)}-01`;
  const renewalDate = `${Number(startDate.slice(0, 4)) + 1}${startDate.slice(4)}`;
  const yearly = { startDate, renewalDate, noticePeriod: { value: 1, unit: "months" } };
  const only = (index: number) => ({
    insured: "members",
    members: [{ memberId: people[index % people.length]?.id ?? "" }],
  });
  const healthInsurers = ["Zilveren Kruis", "CZ", "VGZ", "Menzis"];
  const policies: { body: Record<string, unknown>; book: boolean }[] = [
    ...people.map((_, index) => ({
      body: {
        kind: "health-basic",
        insurer: healthInsurers[index % healthInsurers.length],
        premiumCents: index % 2 === 0 ? 14_695 : 12_445,
        deductibleCents: 38_500,
        voluntaryDeductibleCents: index % 2 === 0 ? 0 : 50_000,
        startDate: `${startDate.slice(0, 4)}-01-01`,
        renewalDate: `${Number(startDate.slice(0, 4)) + 1}-01-01`,
        noticePeriod: { value: 1, unit: "days" },
        ...only(index),
      },
      book: index === 0,
    })),
    ...[0, 1].map((index) => ({
      body: {
        kind: "health-supplementary",
        insurer: healthInsurers[index],
        premiumCents: 2_550,
        ...yearly,
        ...only(index),
      },
      book: false,
    })),
    {
      body: { kind: "home", insurer: "Centraal Beheer", premiumCents: 2_385, ...yearly },
      book: true,
    },
    {
      body: { kind: "contents", insurer: "Centraal Beheer", premiumCents: 1_460, ...yearly },
      book: true,
    },
    {
      body: {
        kind: "liability",
        insurer: "FBTO",
        premiumCents: 545,
        remindDaysBefore: 14,
        ...yearly,
      },
      book: false,
    },
    {
      body: {
        kind: "legal",
        insurer: "DAS",
        premiumCents: 6_120,
        frequency: "quarterly",
        ...yearly,
      },
      book: false,
    },
    {
      body: {
        kind: "travel",
        insurer: "ANWB",
        premiumCents: 9_840,
        frequency: "yearly",
        ...yearly,
      },
      book: false,
    },
    {
      body: {
        kind: "car",
        insurer: "Interpolis",
        premiumCents: 6_275,
        deductibleCents: 15_000,
        remindDaysBefore: 14,
        ...yearly,
        ...only(1),
      },
      book: true,
    },
  ];
  const bookFrom = `${isoDaysAgo(365).slice(0, 7)}-01`;
  for (const { body, book } of policies) {
    const policy = await postJson<{ id: string }>(
      url,
      owner.cookie,
      "/api/insurance/policies",
      body,
    );
    if (book) {
      await postJson(url, owner.cookie, `/api/insurance/policies/${policy.id}/booking`, {
        categoryId: insurance.id,
        startDate: bookFrom,
      });
    }
  }
  return policies.length;
}

async function seedInvestments(
  deps: AppDeps,
  householdId: string,
): Promise<{ trades: number; prices: number }> {
  const { db } = deps.database;
  const people = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.householdId, householdId), eq(members.isHousehold, false)));
  const trades: (typeof investmentTrades.$inferInsert)[] = [];
  const prices: (typeof holdingPrices.$inferInsert)[] = [];
  const kinds = ["etf", "etf", "fund", "stock"] as const;
  for (let index = 0; index < 3; index++) {
    const ownerKind = index === 0 ? "household" : index === 1 ? "member" : "shared";
    const [portfolio] = await db
      .insert(portfolios)
      .values({
        householdId,
        name: `Bench portfolio ${index + 1}`,
        broker: "Bench broker",
        ownerKind,
      })
      .returning({ id: portfolios.id });
    if (!portfolio) throw new Error("No portfolio.");
    const owners =
      ownerKind === "household"
        ? []
        : ownerKind === "member"
          ? [{ memberId: people[1]?.id ?? "", percentBp: 10_000 }]
          : [
              { memberId: people[0]?.id ?? "", percentBp: 6_000 },
              { memberId: people[1]?.id ?? "", percentBp: 4_000 },
            ];
    if (owners.length > 0) {
      await db
        .insert(portfolioShares)
        .values(owners.map((owner) => ({ portfolioId: portfolio.id, householdId, ...owner })));
    }
    for (let h = 0; h < 4; h++) {
      const kind = kinds[h] ?? "etf";
      const dollars = h === 3;
      const [holding] = await db
        .insert(holdings)
        .values({
          householdId,
          portfolioId: portfolio.id,
          name: `Bench ${kind} ${index + 1}.${h + 1}`,
          kind,
          currency: dollars ? "USD" : "EUR",
        })
        .returning({ id: holdings.id });
      if (!holding) throw new Error("No holding.");
      const base = { householdId, holdingId: holding.id };
      // A random walk with a little drift, one step a weekday.
      let price = 20 + random() * 180;
      const priceOn = new Map<string, number>();
      for (let day = 5 * 365; day >= 0; day--) {
        const pricedOn = isoDaysAgo(day);
        const weekday = new Date(`${pricedOn}T12:00:00Z`).getUTCDay();
        if (weekday === 0 || weekday === 6) continue;
        price = Math.max(1, price * (1 + (random() - 0.48) * 0.02));
        const rounded = Math.round(price * 100) / 100;
        priceOn.set(pricedOn.slice(0, 7), priceOn.get(pricedOn.slice(0, 7)) ?? rounded);
        prices.push({ ...base, pricedOn, price: rounded, fxRate: dollars ? 0.92 : 1 });
      }
      let held = 0;
      for (let month = 60; month >= 0; month--) {
        const occurredOn = isoDaysAgo(month * 30 + 2);
        const perUnit = priceOn.get(occurredOn.slice(0, 7)) ?? price;
        const fxRate = dollars ? 0.92 : 1;
        const quantity = Math.max(1, Math.round((200 + random() * 300) / perUnit));
        held += quantity;
        trades.push({
          ...base,
          kind: "buy",
          occurredOn,
          quantity,
          price: perUnit,
          fxRate,
          amountCents: Math.round(quantity * perUnit * fxRate * 100),
          feesCents: 100,
        });
        if (month % 3 === 0) {
          const amountCents = Math.round(held * 25);
          trades.push({
            ...base,
            kind: "dividend",
            occurredOn: isoDaysAgo(month * 30 + 1),
            amountCents,
            taxCents: Math.round(amountCents * 0.15),
          });
        }
        if (month % 12 === 6) {
          const sold = Math.floor(held / 4);
          held -= sold;
          trades.push({
            ...base,
            kind: "sell",
            occurredOn: isoDaysAgo(month * 30),
            quantity: sold,
            price: perUnit,
            fxRate,
            amountCents: Math.round(sold * perUnit * fxRate * 100),
            feesCents: 100,
          });
        }
      }
    }
  }
  for (let at = 0; at < trades.length; at += 1000) {
    await db.insert(investmentTrades).values(trades.slice(at, at + 1000));
  }
  for (let at = 0; at < prices.length; at += 2000) {
    await db.insert(holdingPrices).values(prices.slice(at, at + 2000));
  }
  return { trades: trades.length, prices: prices.length };
}

/**
 * The bench household's taxes of this year and last year: a provisional assessment in 11 monthly
 * terms, municipal and water board taxes, a refund, the filing deadline with a reminder, and the
 * first two members as fiscal partners: what the year's page and the box 3 estimate read.
 */
async function seedTaxes(deps: AppDeps, householdId: string): Promise<number> {
  const { db } = deps.database;
  const people = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.householdId, householdId), eq(members.isHousehold, false)));
  const thisYear = Number(isoDaysAgo(0).slice(0, 4));
  const items: (typeof taxItems.$inferInsert)[] = [];
  for (const year of [thisYear - 1, thisYear]) {
    for (let month = 1; month <= 11; month++) {
      const onDate = `${year}-${String(month + 1).padStart(2, "0")}-28`;
      items.push({
        householdId,
        year,
        kind: "provisional-assessment",
        status: onDate <= isoDaysAgo(0) ? "paid" : "due",
        amountCents: 12_000,
        onDate,
        memberId: people[0]?.id ?? null,
      });
    }
    items.push(
      {
        householdId,
        year,
        kind: "municipal",
        status: "paid",
        amountCents: 84_250,
        onDate: `${year}-03-31`,
      },
      {
        householdId,
        year,
        kind: "water-board",
        status: "paid",
        amountCents: 31_299,
        onDate: `${year}-04-30`,
      },
      {
        householdId,
        year,
        kind: "income-tax",
        status: "received",
        amountCents: 45_600,
        onDate: `${year}-06-15`,
        memberId: people[1]?.id ?? null,
      },
    );
    await db.insert(taxDeadlines).values({
      householdId,
      year,
      kind: "file-return",
      title: `Aangifte ${year}`,
      dueOn: `${year + 1}-05-01`,
      remindDaysBefore: 14,
    });
    await db.insert(taxYears).values({
      householdId,
      year,
      partnerAMemberId: people[0]?.id ?? null,
      partnerBMemberId: people[1]?.id ?? null,
      partnerASplitBp: 5_000,
    });
  }
  await db.insert(taxItems).values(items);
  return items.length;
}

/** 3 more members, categories up to 40, and the entries with their shares, in multi-row inserts. */
async function seedHousehold(
  deps: AppDeps,
  householdId: string,
  ownerId: string,
  entryCount: number,
): Promise<
  Omit<
    BenchRows,
    "savingsMovements" | "investmentTrades" | "holdingPrices" | "taxItems" | "insurancePolicies"
  >
> {
  const { db } = deps.database;
  const others = await db
    .insert(members)
    .values(
      ["Bram", "Carla", "Daan"].map((name) => ({
        householdId,
        name: `${name} Bench`,
        role: "member" as const,
      })),
    )
    .returning({ id: members.id });
  const memberIds = [ownerId, ...others.map((row) => row.id)];

  const existing = await db
    .select()
    .from(categories)
    .where(eq(categories.householdId, householdId));
  const expenseCount = existing.filter((row) => row.kind === "expense").length;
  const incomeCount = existing.length - expenseCount;
  const wantIncome = Math.max(incomeCount, 6);
  const newIncome = extraIncomeNames.slice(0, Math.max(0, wantIncome - incomeCount));
  const newExpense = extraExpenseNames.slice(
    0,
    Math.max(0, 40 - existing.length - newIncome.length),
  );
  if (newIncome.length + newExpense.length > 0) {
    await db
      .insert(categories)
      .values([
        ...newIncome.map((name) => ({ householdId, kind: "income" as const, name })),
        ...newExpense.map((name) => ({ householdId, kind: "expense" as const, name })),
      ]);
  }
  const all = await db.select().from(categories).where(eq(categories.householdId, householdId));
  const income = all.filter((row) => row.kind === "income").map((row) => row.id);
  const expense = all.filter((row) => row.kind === "expense").map((row) => row.id);

  const batchSize = 2000;
  let shareCount = 0;
  for (let start = 0; start < entryCount; start += batchSize) {
    const entryRows: (typeof transactions.$inferInsert)[] = [];
    const shareRows: (typeof transactionShares.$inferInsert)[] = [];
    for (let i = start; i < Math.min(entryCount, start + batchSize); i++) {
      const id = randomUUID();
      const isIncome = random() < 0.08;
      const occurredOn = isoDaysAgo(Math.floor(random() * 5 * 365));
      const amountCents = isIncome
        ? 50_000 + Math.floor(random() * 400_000)
        : Math.floor(100 + random() * random() * 30_000);
      const person = pick(memberIds);
      const split = !isIncome && random() < 0.3;
      entryRows.push({
        id,
        householdId,
        kind: isIncome ? "income" : "expense",
        amountCents,
        occurredOn,
        categoryId: pick(isIncome ? income : expense),
        merchant: isIncome ? "Werkgever BV" : pick(merchants),
        notes: random() < 0.25 ? pick(notes) : null,
        splitMode: split ? "percent" : "personal",
        paidByMemberId: isIncome ? null : person,
        receivedByMemberId: isIncome ? person : null,
        createdByMemberId: ownerId,
      });
      if (split) {
        const count = 2 + Math.floor(random() * 3);
        const sharers = [...memberIds].sort(() => random() - 0.5).slice(0, count);
        const percents =
          count === 2
            ? pick([
                [5000, 5000],
                [6000, 4000],
                [7000, 3000],
              ])
            : null;
        const weights = percents ?? sharers.map(() => 1);
        const basisPoints = percents ?? allocate(10_000, weights);
        const parts = allocate(amountCents, weights);
        sharers.forEach((memberId, index) =>
          shareRows.push({
            transactionId: id,
            householdId,
            memberId,
            amountCents: parts[index] ?? 0,
            percentBp: basisPoints[index] ?? null,
          }),
        );
      } else {
        shareRows.push({
          transactionId: id,
          householdId,
          memberId: person,
          amountCents,
          percentBp: null,
        });
      }
    }
    await db.transaction(async (tx) => {
      await tx.insert(transactions).values(entryRows);
      for (let s = 0; s < shareRows.length; s += 3000)
        await tx.insert(transactionShares).values(shareRows.slice(s, s + 3000));
    });
    shareCount += shareRows.length;
  }
  await db.execute(sql`analyze`);
  const [counted] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(transactions)
    .where(and(eq(transactions.householdId, householdId)));
  return {
    transactions: counted?.count ?? 0,
    shares: shareCount,
    categories: all.length,
    members: memberIds.length,
  };
}

/** What the bench's cases need to know about the seeded household. */
export type SeededBench = {
  /** The owner's session cookie (`name=value; …`), valid on any server with the same secret. */
  cookie: string;
  householdId: string;
  rows: BenchRows;
  /** The category with the most "Albert Heijn" entries, for the filtered search. */
  searchCategoryId: string;
  /** The holding with the most trades (the seed gives each the same; then the first by name). */
  largestHolding: { id: string; trades: number };
  mortgageId: string;
};

/**
 * Seeds the bench household through `deps` and the app served at `url` (which must be
 * `deps.config.baseUrl`, the Origin the API's writes are checked against).
 */
export async function seedBench(
  deps: AppDeps,
  url: string,
  entryCount: number,
): Promise<SeededBench> {
  const owner = await signUpAndSignIn(deps, url);
  const household = await seedHousehold(deps, owner.householdId, owner.memberId, entryCount);
  const savingsMovementCount = await seedSavings(deps, owner.householdId);
  const invested = await seedInvestments(deps, owner.householdId);
  const mortgageId = await seedLoans(deps, owner.householdId);
  const taxItemCount = await seedTaxes(deps, owner.householdId);
  const insurancePolicies = await seedInsurance(deps, url, owner);
  await deps.database.db.execute(sql`analyze`);
  const [category] = await deps.database.db
    .select({ id: categories.id })
    .from(categories)
    .innerJoin(transactions, eq(transactions.categoryId, categories.id))
    .where(
      and(
        eq(transactions.householdId, owner.householdId),
        eq(transactions.merchant, "Albert Heijn"),
      ),
    )
    .groupBy(categories.id)
    .orderBy(sql`count(*) desc`)
    .limit(1);
  const [largestHolding] = await deps.database.db
    .select({ id: holdings.id, name: holdings.name, trades: sql<number>`count(*)::int` })
    .from(holdings)
    .innerJoin(investmentTrades, eq(investmentTrades.holdingId, holdings.id))
    .where(eq(holdings.householdId, owner.householdId))
    .groupBy(holdings.id, holdings.name)
    .orderBy(sql`count(*) desc`, holdings.name)
    .limit(1);
  if (!category) throw new Error("The bench household has no Albert Heijn entries.");
  if (!largestHolding) throw new Error("The bench household has no holding with trades.");
  return {
    cookie: owner.cookie,
    householdId: owner.householdId,
    rows: {
      ...household,
      savingsMovements: savingsMovementCount,
      investmentTrades: invested.trades,
      holdingPrices: invested.prices,
      taxItems: taxItemCount,
      insurancePolicies,
    },
    searchCategoryId: category.id,
    largestHolding: { id: largestHolding.id, trades: largestHolding.trades },
    mortgageId,
  };
}

/**
 * The import case's file: `rows` entries over 5 years as a bank's CSV, and its column set-up.
 * Files of later runs (`run` 1, 2, …) hold other rows: none of them is already there.
 */
export function benchCsv(rows: number, run = 0): { text: string; setup: Record<string, unknown> } {
  const lines = ["date,amount,category,merchant,notes"];
  for (let i = 0; i < rows; i++) {
    const income = random() < 0.08;
    const cents = income
      ? 50_000 + Math.floor(random() * 400_000)
      : 100 + Math.floor(random() * 20_000);
    const amount = `${income ? "" : "-"}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
    const category = income ? pick(extraIncomeNames) : pick(extraExpenseNames);
    lines.push(
      `${isoDaysAgo(Math.floor(random() * 5 * 365))},${amount},${category},${pick(merchants)},import ${run > 0 ? `${run}.` : ""}${i}`,
    );
  }
  return {
    text: lines.join("\n"),
    setup: {
      columns: { date: 0, amount: 1, category: 2, merchant: 3, notes: 4 },
      hasHeader: true,
      dateFormat: "YYYY-MM-DD",
      decimal: "dot",
      kindFrom: "sign",
      defaultKind: "expense",
    },
  };
}

/** The large household: who signs in to it, and how many rows the database holds in all. */
export type SeededLarge = { cookie: string; householdId: string; entries: number; rows: number };

/**
 * A second household with `entryCount` entries over five years, four people and personal shares,
 * made by the database itself (generate_series, 100,000 entries a statement) so a million takes
 * seconds, not the hour a row-by-row seed would. For the 1,000,000-entry dashboard and the cold
 * start with a database of over 2,000,000 rows (BENCH_LARGE=1).
 */
export async function seedLarge(
  deps: AppDeps,
  url: string,
  entryCount: number,
): Promise<SeededLarge> {
  const { db } = deps.database;
  const owner = await signUpAndSignIn(deps, url);
  const householdId = owner.householdId;
  const others = await db
    .insert(members)
    .values(
      ["Bram", "Carla", "Daan"].map((name) => ({
        householdId,
        name: `${name} Large`,
        role: "member" as const,
      })),
    )
    .returning({ id: members.id });
  const people = [owner.memberId, ...others.map((row) => row.id)];
  const all = await db.select().from(categories).where(eq(categories.householdId, householdId));
  const income = all.filter((row) => row.kind === "income").map((row) => row.id);
  const expense = all.filter((row) => row.kind === "expense").map((row) => row.id);
  const uuids = (ids: string[]) =>
    sql.raw(`array[${ids.map((id) => `'${id}'`).join(",")}]::uuid[]`);
  const texts = (values: string[]) =>
    sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(",")}]`);
  const chunk = 100_000;
  for (let start = 0; start < entryCount; start += chunk) {
    const end = Math.min(entryCount, start + chunk);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into ${transactions} (household_id, kind, amount_cents, occurred_on, category_id,
            merchant, split_mode, paid_by_member_id, received_by_member_id, created_by_member_id)
        select ${householdId}::uuid, e.kind, e.amount, current_date - (i::bigint * 7919 % 1825)::int,
            case when e.kind = 'income'
              then (${uuids(income)})[1 + i % ${income.length}]
              else (${uuids(expense)})[1 + i % ${expense.length}] end,
            (${texts(merchants)})[1 + i % ${merchants.length}], 'personal',
            case when e.kind = 'expense' then e.person end,
            case when e.kind = 'income' then e.person end, ${owner.memberId}::uuid
          from generate_series(${start + 1}::int, ${end}::int) as i,
            lateral (select
              case when i % 13 = 0 then 'income' else 'expense' end as kind,
              case when i % 13 = 0 then 50000 + i::bigint * 104729 % 400000
                else 100 + i::bigint * 15485863 % 30000 end as amount,
              (${uuids(people)})[1 + (i / 7) % ${people.length}] as person) as e`);
      await tx.execute(sql`
        insert into ${transactionShares} (transaction_id, household_id, member_id, amount_cents)
        select t.id, t.household_id, coalesce(t.paid_by_member_id, t.received_by_member_id),
            t.amount_cents
          from ${transactions} t
          where t.household_id = ${householdId}::uuid
            and not exists (select 1 from ${transactionShares} s where s.transaction_id = t.id)`);
    });
  }
  await db.execute(sql`analyze`);
  const [counted] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(transactions)
    .where(eq(transactions.householdId, householdId));
  const [rows] = await db
    .select({
      count:
        sql<number>`(select count(*) from ${transactions}) + (select count(*) from ${transactionShares})`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`);
  return {
    cookie: owner.cookie,
    householdId,
    entries: counted?.count ?? 0,
    rows: rows?.count ?? 0,
  };
}
