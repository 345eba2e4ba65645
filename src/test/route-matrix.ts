import { randomInt } from "node:crypto";
import { and, eq, lte, sql } from "drizzle-orm";
import { account, session } from "#server/db/schema/auth.ts";
import { members } from "#server/db/schema/households.ts";
import { categories, categoryRules } from "#server/db/schema/money.ts";
import { budgets } from "#server/db/schema/money.ts";
import { subscriptionPlanFeatures } from "#server/db/schema/billing.ts";
import {
  savingsAccounts,
  savingsGoalAccounts,
  savingsGoals,
  savingsMovements,
  savingsRates,
  savingsStatements,
} from "#server/db/schema/savings.ts";
import {
  holdingPrices,
  holdings,
  investmentTrades,
  portfolios,
} from "#server/db/schema/investments.ts";
import { loanExtraRepayments, loanParts, loans } from "#server/db/schema/loans.ts";
import { taxDeadlines, taxItems } from "#server/db/schema/taxes.ts";
import { insurancePolicies } from "#server/db/schema/insurance.ts";
import type { ErrorCode } from "#shared/errors.ts";
import { importShape } from "#shared/import-shape.ts";
import type { CorruptionKind } from "#test/bad-input.ts";
import {
  latestOutboxMail,
  linkIn,
  outboxVerificationLink,
  pathOf,
  signUpAndVerify,
  strongPassword,
  uniqueEmail,
} from "#test/accounts.ts";
import { RawBody, TestClient } from "#test/client.ts";
import {
  avatarForm,
  inviteByMail,
  jsonOk,
  matrixTaxYear,
  newCheckout,
  newCoupon,
  newRule,
  restorePro,
  signInAgain,
  type Caller,
  type HouseholdIds,
  type MatrixFixture,
  type Person,
} from "#test/matrix-fixture.ts";

/**
 * The authorization matrix: one entry per route the app serves (src/server/authorization-matrix
 * .test.ts fails for a route without one, and for an entry whose route is gone), saying what each
 * caller gets. Decision 017 explains the design.
 */

/** What a caller gets: a status, or a status with the error code and a check of the body. */
export type Expectation =
  | number
  | {
      status: number;
      code?: ErrorCode;
      /** Returns what is wrong with a successful answer's body, or undefined. */
      check?: (body: unknown, run: MatrixRun) => string | undefined;
      /** A success that must change nothing (the request named someone else's data). */
      unchanged?: true;
    };

export type MatrixRequest = {
  /** The concrete path, ids filled in. */
  path: string;
  /** Query parameters (an undefined one is left out). */
  query?: Record<string, string | undefined>;
  /** A JSON value, or a RawBody (a form, text). Undefined: no body. */
  body?: unknown;
};

/** What a request is built from: household A's ids (or, for the foreign check, unknown ones). */
export type MatrixRun = {
  fx: MatrixFixture;
  a: HouseholdIds;
  /** What the entry's setup made for this caller (a throwaway object, a token, an account). */
  made: Record<string, string>;
  caller: Caller;
  /** The signed-in caller, or null for the visitor. */
  person: Person | null;
};

/** How the generated bad input treats a route (src/server/bad-input.test.ts). */
export type BadInputSpec = {
  /** Fields (dotted paths in the body) that may be null or left out by design. */
  optional?: string[];
  /** Corruptions the route accepts by design, at a body path or "query:<name>": not a fault. */
  harmless?: { at: string; kinds: CorruptionKind[]; why: string }[];
  /**
   * Number fields (dotted body paths) that take any fraction: units, prices, exchange rates.
   * 12.5 and 0.000001 are valid there, so they count as only sometimes wrong.
   */
  fractional?: string[];
  /** Why the route has nothing to corrupt (no body, query or path parameter it reads). */
  nothingToCorrupt?: string;
};

export type MatrixEntry = {
  route: string;
  /** A throwaway object per caller, for a route that uses up what it is given. */
  setup?: (fx: MatrixFixture, caller: Caller) => Promise<Record<string, string>>;
  request: (run: MatrixRun) => MatrixRequest;
  expect: Record<Caller, Expectation>;
  /**
   * Better Auth's endpoints Hearth's client never calls. When Better Auth is told to switch one
   * off (`disabledPaths`), every caller must get 404 instead of what `expect` says.
   */
  unusedByHearth?: string;
  /** Runs after a caller's request (a changed password to remember, a plan to restore). */
  after?: (run: MatrixRun, response: Response) => Promise<void>;
  /** The route may end the caller's sessions: sign them in again afterwards. */
  endsSessions?: true;
  badInput?: BadInputSpec;
};

const everyone = (status: Expectation): Record<Caller, Expectation> => ({
  anonymous: status,
  otherHousehold: status,
  admin: status,
  member: status,
  owner: status,
});
/** Any signed-in person, for their own data; a visitor gets 401. */
const signedIn = (status: Expectation): Record<Caller, Expectation> => ({
  ...everyone(status),
  anonymous: 401,
});
/** Household A's data: its people may, everyone else hears "no such thing". */
const household = (member: Expectation, owner: Expectation = member) => ({
  anonymous: 401,
  otherHousehold: 404,
  admin: 404,
  member,
  owner,
});
/** Household A's data, for its owner only. */
const ownerOnly = (owner: Expectation) => household(403, owner);
/** A body that names A's ids: a foreigner hears what an unknown id gets (a field's message). */
const householdBody = (status: Expectation) => ({
  ...household(status),
  otherHousehold: 400,
  admin: 400,
});
/** A Premium area of A (A is on Pro): B and the administrator's household are on Free. */
const premiumArea = (member: Expectation, owner: Expectation = member) => ({
  anonymous: 401,
  otherHousehold: { status: 403, code: "PLAN_REQUIRED" as const },
  admin: { status: 403, code: "PLAN_REQUIRED" as const },
  member,
  owner,
});
/** Routes that exist only for administrators: anyone else gets the unknown route's answer. */
const adminOnly = (admin: Expectation): Record<Caller, Expectation> => ({
  ...everyone(404),
  admin,
});

const own = (run: MatrixRun) => {
  if (!run.person) throw new Error(`${run.caller} has no account.`);
  return run.person;
};

function record(body: unknown): Record<string, unknown> {
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
}

/** The caller's own household, or A's when they are in it: what /api/me must say. */
const isOwnHousehold = (body: unknown, run: MatrixRun) => {
  const id = record(record(body).household).id;
  return id === own(run).householdId ? undefined : `household ${String(id)} is not the caller's`;
};

const noRowsOfA = (body: unknown, run: MatrixRun) => {
  const text = JSON.stringify(body);
  const leaked = Object.entries(run.fx.a).filter(([, id]) => text.includes(id));
  return leaked.length > 0 ? `names household A's ${leaked.map(([k]) => k).join(", ")}` : undefined;
};

/** A restore's document: an empty household's export (its household, its owner, its own row). */
const restoreDocument = () => {
  const householdId = "6c1f3e0a-55d2-4b8e-9a57-0d3c2b1a9e01";
  const createdAt = "2026-01-02T03:04:05.000+00:00";
  const member = (id: string, name: string, role: string, isHousehold: boolean) => ({
    id,
    user_id: null,
    household_id: householdId,
    name,
    role,
    is_household: isHousehold,
    invitation_status: "active",
    created_at: createdAt,
  });
  return {
    format: "hearth-export",
    version: 1,
    householdId,
    exportedBy: { memberId: "6c1f3e0a-55d2-4b8e-9a57-0d3c2b1a9e02", role: "owner" },
    tables: [
      {
        name: "households",
        rows: [{ id: householdId, name: "Matrix home", created_at: createdAt }],
      },
      {
        name: "members",
        rows: [
          member("6c1f3e0a-55d2-4b8e-9a57-0d3c2b1a9e02", "Matrix owner", "owner", false),
          member("6c1f3e0a-55d2-4b8e-9a57-0d3c2b1a9e03", "Matrix home", "owner", true),
        ],
      },
    ],
  };
};

/** The export of household A by its member or owner: only the owner's holds the invitations. */
const exportOf = (role: "owner" | "member") => (body: unknown, run: MatrixRun) => {
  const document = record(body);
  if (document.householdId !== run.fx.a.householdId) return "not household A's export";
  const tables = Array.isArray(document.tables) ? document.tables.map((t) => record(t).name) : [];
  if (!tables.includes("transactions")) return "no transactions table";
  if (tables.includes("invitations") !== (role === "owner")) {
    return role === "owner"
      ? "the owner's export lacks the invitations"
      : "a member's export holds the invitations";
  }
  return JSON.stringify(body).includes("token_hash")
    ? "holds the invitations' token hashes"
    : undefined;
};

const planIs = (field: string, plan: string) => (body: unknown) =>
  record(body)[field] === plan
    ? undefined
    : `${field} is ${String(record(body)[field])}, not ${plan}`;

const db = (fx: MatrixFixture) => fx.testApp().deps.database.db;

/** A member row of A without an account (removing it costs nothing). */
async function throwawayMember(fx: MatrixFixture) {
  const [row] = await db(fx)
    .insert(members)
    .values({ householdId: fx.a.householdId, name: "Matrix lodger", role: "member" })
    .returning({ id: members.id });
  if (!row) throw new Error("No member row.");
  return row.id;
}

async function throwawayCategory(fx: MatrixFixture) {
  const [row] = await db(fx)
    .insert(categories)
    .values({
      householdId: fx.a.householdId,
      kind: "expense",
      name: `Matrix ${crypto.randomUUID()}`,
    })
    .returning({ id: categories.id });
  if (!row) throw new Error("No category row.");
  return row.id;
}

/** A category rule of A's, for the routes that change or remove one. */
async function throwawayRule(fx: MatrixFixture) {
  const [row] = await db(fx)
    .insert(categoryRules)
    .values({
      householdId: fx.a.householdId,
      pattern: `Matrix ${crypto.randomUUID().slice(0, 8)}`,
      categoryId: fx.a.expenseCategoryId,
      position: 1000,
    })
    .returning({ id: categoryRules.id });
  if (!row) throw new Error("No rule row.");
  return row.id;
}

/** An import of one row by A's owner (undone when asked), for the history's routes. */
async function throwawayImport(fx: MatrixFixture, undone = false) {
  const day = 10 + Math.floor(Math.random() * 18);
  const result = await jsonOk<{ importId: string }>(
    await fx.people.owner.client.post("/api/imports", {
      text: `Datum;Bedrag;Omschrijving\n${day}-02-2026;-${1 + Math.floor(Math.random() * 900)},00;Matrix history\n`,
      setup: {
        columns: { date: 0, amount: 1, merchant: 2 },
        hasHeader: true,
        dateFormat: "DD-MM-YYYY",
        decimal: "comma",
        kindFrom: "sign",
        defaultKind: "expense",
        defaultCategory: "Matrix imports",
      },
      fileName: "matrix-history.csv",
    }),
  );
  if (undone)
    await jsonOk(await fx.people.owner.client.post(`/api/imports/${result.importId}/undo`));
  return result.importId;
}

async function throwawayEntry(fx: MatrixFixture, deleted = false) {
  const entry = await jsonOk<{ id: string }>(
    await fx.people.owner.client.post("/api/transactions", {
      kind: "expense",
      amountCents: 700,
      occurredOn: `${fx.month}-02`,
      categoryId: fx.a.expenseCategoryId,
      merchant: "Matrix throwaway",
      splitMode: "personal",
      memberId: fx.a.ownerMemberId,
      paidByMemberId: fx.a.ownerMemberId,
    }),
    201,
  );
  if (deleted) {
    await jsonOk(
      await fx.people.owner.client.post("/api/transactions/delete", { ids: [entry.id] }),
    );
  }
  return entry.id;
}

/** A budget of A for a month far from the fixture's (each caller its own month). */
async function throwawayBudget(fx: MatrixFixture): Promise<string> {
  const [row] = await db(fx)
    .insert(budgets)
    .values({
      householdId: fx.a.householdId,
      categoryId: fx.a.expenseCategoryId,
      memberId: fx.a.aggregateId,
      month: `20${10 + Math.floor(Math.random() * 80)}-0${1 + Math.floor(Math.random() * 9)}-01`,
      amountCents: 100,
    })
    .onConflictDoNothing()
    .returning({ id: budgets.id });
  return row?.id ?? throwawayBudget(fx);
}

/** A day in A's savings far from the fixture's, different for each call. */
const randomDay = () =>
  `20${10 + Math.floor(Math.random() * 80)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;

async function throwawaySavings(fx: MatrixFixture) {
  const [row] = await db(fx)
    .insert(savingsAccounts)
    .values({ householdId: fx.a.householdId, name: "Matrix throwaway", ownerKind: "household" })
    .returning({ id: savingsAccounts.id });
  if (!row) throw new Error("No savings account row.");
  return row.id;
}

/** What Hearth computes for A's shared savings account on `day`: its movements up to then. */
async function balanceOn(fx: MatrixFixture, day: string): Promise<number> {
  const [row] = await db(fx)
    .select({ cents: sql<string>`coalesce(sum(${savingsMovements.amountCents}), 0)` })
    .from(savingsMovements)
    .where(
      and(
        eq(savingsMovements.accountId, fx.a.savingsAccountId),
        lte(savingsMovements.occurredOn, day),
      ),
    );
  return Number(row?.cents ?? 0);
}

async function throwawaySavingsRow(
  fx: MatrixFixture,
  kind: "rate" | "movement" | "statement",
): Promise<string> {
  const base = { accountId: fx.a.savingsAccountId, householdId: fx.a.householdId };
  const day = randomDay();
  const [row] =
    kind === "rate"
      ? await db(fx)
          .insert(savingsRates)
          .values({ ...base, startsOn: day, rateBp: 100 })
          .onConflictDoNothing()
          .returning({ id: savingsRates.id })
      : kind === "movement"
        ? await db(fx)
            .insert(savingsMovements)
            .values({ ...base, kind: "interest", amountCents: 1, occurredOn: fx.today })
            .returning({ id: savingsMovements.id })
        : await db(fx)
            .insert(savingsStatements)
            // Always a difference to book (else a 409): more than Hearth has on that day, which
            // an earlier caller's correction may have moved.
            .values({
              ...base,
              statedOn: day,
              balanceCents: (await balanceOn(fx, day)) + 1_000 + randomInt(900_000),
            })
            .onConflictDoNothing()
            .returning({ id: savingsStatements.id });
  return row?.id ?? throwawaySavingsRow(fx, kind);
}

async function throwawayGoal(fx: MatrixFixture) {
  const [row] = await db(fx)
    .insert(savingsGoals)
    .values({
      householdId: fx.a.householdId,
      name: "Matrix throwaway goal",
      targetCents: 1000,
      targetDate: "2090-01-01",
    })
    .returning({ id: savingsGoals.id });
  if (!row) throw new Error("No goal row.");
  await db(fx)
    .insert(savingsGoalAccounts)
    .values({ goalId: row.id, accountId: fx.a.savingsAccountId, householdId: fx.a.householdId });
  return row.id;
}

async function throwawayPortfolio(fx: MatrixFixture) {
  const [row] = await db(fx)
    .insert(portfolios)
    .values({ householdId: fx.a.householdId, name: "Matrix throwaway", ownerKind: "household" })
    .returning({ id: portfolios.id });
  if (!row) throw new Error("No portfolio row.");
  return row.id;
}

async function throwawayHolding(fx: MatrixFixture) {
  const [row] = await db(fx)
    .insert(holdings)
    .values({ householdId: fx.a.householdId, portfolioId: fx.a.portfolioId, name: "Matrix gone" })
    .returning({ id: holdings.id });
  if (!row) throw new Error("No holding row.");
  return row.id;
}

/** A dividend of A's holding (no later sell needs it) or a price on a day far from the fixture's. */
async function throwawayInvestmentRow(fx: MatrixFixture, kind: "trade" | "price"): Promise<string> {
  const base = { holdingId: fx.a.holdingId, householdId: fx.a.householdId };
  const [row] =
    kind === "trade"
      ? await db(fx)
          .insert(investmentTrades)
          .values({ ...base, kind: "dividend", occurredOn: fx.today, amountCents: 1 })
          .returning({ id: investmentTrades.id })
      : await db(fx)
          .insert(holdingPrices)
          .values({ ...base, pricedOn: randomDay(), price: 99.5 })
          .onConflictDoNothing()
          .returning({ id: holdingPrices.id });
  return row?.id ?? throwawayInvestmentRow(fx, kind);
}

// ——— Taxes: throwaway rows of A ———

/** A tax payment or deadline of A, for a route that removes it. */
async function throwawayTaxRow(fx: MatrixFixture, kind: "item" | "deadline"): Promise<string> {
  const base = { householdId: fx.a.householdId, year: matrixTaxYear };
  const [row] =
    kind === "item"
      ? await db(fx)
          .insert(taxItems)
          .values({ ...base, kind: "municipal", status: "due", amountCents: 100, onDate: fx.today })
          .returning({ id: taxItems.id })
      : await db(fx)
          .insert(taxDeadlines)
          .values({ ...base, kind: "other", dueOn: fx.today })
          .returning({ id: taxDeadlines.id });
  if (!row) throw new Error("No tax row.");
  return row.id;
}

// ——— Loans: throwaway rows of A ———

/** A car loan of A borrowed on the 1st of this month: its first payment is next month's. */
async function throwawayLoan(fx: MatrixFixture) {
  const [loan] = await db(fx)
    .insert(loans)
    .values({ householdId: fx.a.householdId, name: "Matrix throwaway loan", kind: "car" })
    .returning({ id: loans.id });
  if (!loan) throw new Error("No loan row.");
  await db(fx)
    .insert(loanParts)
    .values({
      loanId: loan.id,
      householdId: fx.a.householdId,
      principalCents: 1_000_000,
      startDate: `${fx.month}-01`,
      termMonths: 12,
      repaymentType: "annuity",
      rateBp: 500,
    });
  return loan.id;
}

async function throwawayExtra(fx: MatrixFixture) {
  const [row] = await db(fx)
    .insert(loanExtraRepayments)
    .values({
      loanId: fx.a.loanId,
      partId: fx.a.loanPartId,
      householdId: fx.a.householdId,
      onDate: fx.today,
      amountCents: 100,
    })
    .returning({ id: loanExtraRepayments.id });
  if (!row) throw new Error("No extra repayment row.");
  return row.id;
}

/** A throwaway loan whose payment the owner booked (from next month: nothing made yet). */
async function throwawayBookedLoan(fx: MatrixFixture) {
  const loanId = await throwawayLoan(fx);
  await jsonOk(
    await fx.people.owner.client.post(`/api/loans/${loanId}/booking`, {
      categoryId: fx.a.expenseCategoryId,
      memberId: fx.a.ownerMemberId,
      paidByMemberId: fx.a.ownerMemberId,
    }),
    201,
  );
  return loanId;
}

// ——— Insurance: throwaway rows of A ———

/** A travel policy of A's whole household, started this month. */
async function throwawayPolicy(fx: MatrixFixture) {
  const [row] = await db(fx)
    .insert(insurancePolicies)
    .values({
      householdId: fx.a.householdId,
      kind: "travel",
      insurer: "Matrix throwaway insurer",
      premiumCents: 450,
      startDate: `${fx.month}-01`,
    })
    .returning({ id: insurancePolicies.id });
  if (!row) throw new Error("No policy row.");
  return row.id;
}

/** A throwaway policy whose premium the owner booked (the next premium on or after today). */
async function throwawayBookedPolicy(fx: MatrixFixture) {
  const policyId = await throwawayPolicy(fx);
  await jsonOk(
    await fx.people.owner.client.post(`/api/insurance/policies/${policyId}/booking`, {
      categoryId: fx.a.expenseCategoryId,
    }),
    201,
  );
  return policyId;
}

async function throwawayFeature(fx: MatrixFixture) {
  const [row] = await db(fx)
    .insert(subscriptionPlanFeatures)
    .values({
      planId: fx.plans.premiumId,
      featureText: "Matrix feature",
      featureTextNl: "Matrixfunctie",
      displayOrder: 900,
    })
    .returning({ id: subscriptionPlanFeatures.id });
  if (!row) throw new Error("No feature row.");
  return row.id;
}

/** A person of their own (not one of the five callers), signed up and confirmed. */
async function throwawayAccount(fx: MatrixFixture, label: string) {
  const signedUp = await signUpAndVerify(fx.testApp, {
    name: "Matrix Throwaway",
    email: uniqueEmail(label),
    verificationLink: outboxVerificationLink(fx.testApp),
  });
  return { email: signedUp.email, password: signedUp.password, userId: signedUp.userId };
}

/** A person who signed up and has not confirmed yet; returns the confirmation link's path. */
async function unconfirmedAccount(fx: MatrixFixture) {
  const email = uniqueEmail("unconfirmed");
  const answer = await new TestClient(fx.testApp).post("/api/auth/sign-up/email", {
    name: "Matrix Unconfirmed",
    email,
    password: strongPassword,
    callbackURL: "/auth/email-verified",
  });
  if (answer.status !== 200) throw new Error(`Sign-up answered ${answer.status}.`);
  const mail = await latestOutboxMail(fx.testApp(), email);
  return { email, verifyPath: pathOf(linkIn(mail.text, "/api/auth/verify-email")) };
}

/** A reset token of a throwaway person, from the mail a reset request sends. */
async function resetToken(fx: MatrixFixture) {
  const person = await throwawayAccount(fx, "reset");
  const asked = await new TestClient(fx.testApp).post("/api/auth/request-password-reset", {
    email: person.email,
    redirectTo: "/reset-password",
  });
  if (asked.status !== 200) throw new Error(`The reset request answered ${asked.status}.`);
  const link = linkIn(
    (await latestOutboxMail(fx.testApp(), person.email)).text,
    "/api/auth/reset-password/",
  );
  const token = new URL(link).pathname.split("/").pop() ?? "";
  return { ...person, token };
}

/** The session token and account id of A's owner (what another person must not reach). */
async function ownerSecrets(fx: MatrixFixture) {
  const [row] = await db(fx)
    .select({ token: session.token })
    .from(session)
    .where(eq(session.userId, fx.people.owner.userId))
    .limit(1);
  const [credential] = await db(fx)
    .select({ id: account.id })
    .from(account)
    .where(eq(account.userId, fx.people.owner.userId))
    .limit(1);
  if (!row || !credential) throw new Error("The owner has no session or account.");
  return { sessionToken: row.token, accountId: credential.id };
}

const text = (value: string) => new RawBody(value, "text/plain");

/** The entry body the entry form sends for a personal expense of A's owner. */
const expenseOfA = (a: HouseholdIds, month: string) => ({
  kind: "expense",
  amountCents: 1999,
  occurredOn: `${month}-03`,
  categoryId: a.expenseCategoryId,
  merchant: "Matrix bakery",
  notes: "Bread",
  splitMode: "personal",
  memberId: a.ownerMemberId,
  paidByMemberId: a.ownerMemberId,
});

const entryOptional = [
  "merchant",
  "notes",
  "memberId",
  "receivedByMemberId",
  "shares",
  "splitMode",
];

export const routeMatrix: MatrixEntry[] = [
  // ——— System, session, static ———
  { route: "GET /api/health", request: () => ({ path: "/api/health" }), expect: everyone(200) },
  { route: "GET /api/config", request: () => ({ path: "/api/config" }), expect: everyone(200) },
  {
    route: "GET /api/openapi.json",
    request: () => ({ path: "/api/openapi.json" }),
    expect: everyone(200),
  },
  {
    route: "ALL /api/*",
    request: () => ({ path: "/api/no-such-route" }),
    expect: everyone({ status: 404, code: "NOT_FOUND" }),
  },
  {
    route: "GET /api/session",
    request: () => ({ path: "/api/session" }),
    expect: {
      ...everyone({
        status: 200,
        check: (body, run) => {
          const account = record(record(body).account);
          return isOwnHousehold(account, run);
        },
      }),
      anonymous: {
        status: 200,
        check: (body) => (record(body).account === null ? undefined : "a visitor has an account"),
      },
    },
  },
  {
    route: "GET /api/me",
    request: () => ({ path: "/api/me" }),
    expect: signedIn({ status: 200, check: isOwnHousehold }),
  },
  {
    route: "PUT /api/me/language",
    request: () => ({ path: "/api/me/language", body: { language: "en" } }),
    expect: signedIn(200),
  },
  {
    route: "PUT /api/me/scope",
    request: ({ a }) => ({ path: "/api/me/scope", body: { memberId: a.memberMemberId } }),
    expect: household(200),
    badInput: { optional: ["memberId"] },
  },
  {
    route: "GET /api/dev/mailbox",
    request: () => ({ path: "/api/dev/mailbox" }),
    expect: adminOnly(200),
  },
  {
    route: "GET /dev/mailbox",
    request: () => ({ path: "/dev/mailbox" }),
    expect: adminOnly(200),
  },
  {
    route: "ALL /assets/*",
    request: ({ fx }) => ({ path: fx.assetPath }),
    expect: everyone(200),
  },
  {
    route: "GET /*",
    request: () => ({ path: "/dashboard" }),
    expect: everyone(200),
  },
  {
    route: "POST /api/webhooks/stripe",
    // BILLING=test: Stripe's webhook is not there (stripe-webhook.test.ts covers signatures).
    request: () => ({ path: "/api/webhooks/stripe", body: text("{}") }),
    expect: everyone({ status: 404, code: "NOT_FOUND" }),
    badInput: { nothingToCorrupt: "BILLING=test: the webhook answers 404 before it reads a body" },
  },

  // ——— Households, members, invitations ———
  {
    route: "GET /api/households/:householdId/members",
    request: ({ a }) => ({ path: `/api/households/${a.householdId}/members` }),
    expect: household(200),
  },
  {
    route: "GET /api/households/:householdId/invitations",
    request: ({ a }) => ({ path: `/api/households/${a.householdId}/invitations` }),
    expect: ownerOnly(200),
  },
  {
    route: "GET /api/households/:householdId/export",
    request: ({ a }) => ({
      path: `/api/households/${a.householdId}/export`,
      query: { format: "json" },
    }),
    expect: household(
      { status: 200, check: exportOf("member") },
      { status: 200, check: exportOf("owner") },
    ),
    badInput: {},
  },
  {
    route: "POST /api/households/:householdId/restore",
    // A whole document of an empty household: A holds data, so even its owner is refused (the
    // restores themselves are in src/server/features/export/restore.test.ts).
    request: ({ a }) => ({
      path: `/api/households/${a.householdId}/restore`,
      body: restoreDocument(),
    }),
    expect: { ...ownerOnly({ status: 409, code: "CONFLICT" }) },
    badInput: {},
  },
  {
    route: "PATCH /api/households/:householdId",
    request: ({ a }) => ({
      path: `/api/households/${a.householdId}`,
      body: { name: "Matrix home" },
    }),
    expect: ownerOnly(200),
  },
  {
    route: "POST /api/check-household-member-limit",
    request: ({ a }) => ({
      path: "/api/check-household-member-limit",
      body: { householdId: a.householdId },
    }),
    expect: household(200),
  },
  {
    route: "POST /api/send-invitation",
    setup: async () => ({ email: uniqueEmail("matrix-invite") }),
    request: ({ a, made }) => ({
      path: "/api/send-invitation",
      body: { email: made.email, householdId: a.householdId },
    }),
    expect: ownerOnly(200),
  },
  {
    route: "GET /api/invitations/preview",
    // Public: the token is the key. The matrix fixture's invitation is pending.
    request: ({ fx }) => ({
      path: "/api/invitations/preview",
      query: { token: fx.invitationToken },
    }),
    expect: everyone(200),
    badInput: {},
  },
  {
    route: "POST /api/accept-invitation",
    // Nobody of the five is the invited address: the token alone is not enough.
    request: ({ fx }) => ({
      path: "/api/accept-invitation",
      body: { invitationToken: fx.invitationToken },
    }),
    expect: { ...signedIn({ status: 403, code: "FORBIDDEN" }) },
  },
  {
    route: "POST /api/decline-invitation",
    request: ({ fx }) => ({
      path: "/api/decline-invitation",
      body: { invitationToken: fx.invitationToken },
    }),
    expect: { ...signedIn({ status: 403, code: "FORBIDDEN" }) },
  },
  {
    route: "PATCH /api/invitations/:id",
    setup: async (fx) => ({ invitationId: (await inviteByMail(fx.testApp, fx.people.owner)).id }),
    request: ({ made }) => ({
      path: `/api/invitations/${made.invitationId}`,
      body: { status: "declined" },
    }),
    expect: ownerOnly(200),
  },
  {
    route: "PATCH /api/members/:id",
    setup: async (fx) => ({ memberId: await throwawayMember(fx) }),
    request: ({ made }) => ({
      path: `/api/members/${made.memberId}`,
      body: { invitationStatus: "removed" },
    }),
    expect: ownerOnly(200),
  },
  {
    route: "POST /api/households/:householdId/transfer-ownership",
    request: ({ a }) => ({
      path: `/api/households/${a.householdId}/transfer-ownership`,
      body: { memberId: a.memberMemberId },
    }),
    expect: ownerOnly(200),
    after: async (run, response) => {
      // The owner handed A over to its member: hand it back, so the next entries find A as it was.
      if (response.status !== 200) return;
      await db(run.fx)
        .update(members)
        .set({ role: "owner" })
        .where(eq(members.id, run.fx.a.ownerMemberId));
      await db(run.fx)
        .update(members)
        .set({ role: "member" })
        .where(eq(members.id, run.fx.a.memberMemberId));
    },
  },
  {
    route: "POST /api/delete-account",
    // The word not typed: every signed-in caller is refused and keeps their account (the
    // deletions themselves are in src/server/features/account/delete-account.test.ts).
    request: ({ person }) => ({
      path: "/api/delete-account",
      body: { password: person?.password ?? strongPassword, confirmation: "KEEP" },
    }),
    expect: signedIn({ status: 400, code: "VALIDATION" }),
  },

  // ——— Profile and files ———
  { route: "GET /api/profile", request: () => ({ path: "/api/profile" }), expect: signedIn(200) },
  {
    route: "PATCH /api/profile",
    request: () => ({ path: "/api/profile", body: { bio: "Matrix bio", city: "Utrecht" } }),
    expect: signedIn(200),
    badInput: { optional: ["bio", "city"] },
  },
  {
    route: "POST /api/profile/avatar",
    request: () => ({ path: "/api/profile/avatar", body: avatarForm() }),
    expect: signedIn(200),
  },
  {
    route: "DELETE /api/profile/avatar",
    request: () => ({ path: "/api/profile/avatar" }),
    expect: signedIn(200),
    after: async (run) => {
      // The owner's avatar is what the files route serves: put it back.
      if (run.caller === "owner") {
        await run.fx.people.owner.client.request("POST", "/api/profile/avatar", avatarForm());
      }
    },
    badInput: { nothingToCorrupt: "reads no body, query or path parameter" },
  },
  {
    route: "GET /api/files/avatars/:userId/:file",
    setup: async (fx) => {
      const profile = await jsonOk<{ avatarUrl: string | null }>(
        await fx.people.owner.client.get("/api/profile"),
      );
      const [, , , , ownerUserId = "", file = ""] = (profile.avatarUrl ?? "").split("/");
      return { ownerUserId, file };
    },
    request: ({ made }) => ({ path: `/api/files/avatars/${made.ownerUserId}/${made.file}` }),
    expect: household(200),
  },

  // ——— Savings (Premium; A is on Pro, B and the administrator on Free) ———
  {
    route: "GET /api/savings/accounts",
    request: ({ a }) => ({ path: "/api/savings/accounts", query: { member: a.memberMemberId } }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "POST /api/savings/accounts",
    request: ({ a, fx }) => ({
      path: "/api/savings/accounts",
      body: {
        name: "Matrix deposit account",
        institution: "Matrix bank",
        kind: "fixed-term",
        ownerKind: "member",
        memberId: a.ownerMemberId,
        rateBp: 210,
        openingBalanceCents: 100000,
        openedOn: `${fx.month}-01`,
      },
    }),
    expect: premiumArea(201),
    badInput: {
      optional: ["institution", "kind", "ownerKind", "rateBp", "openingBalanceCents"],
    },
  },
  {
    route: "GET /api/savings/accounts/:id",
    request: ({ a }) => ({
      path: `/api/savings/accounts/${a.savingsAccountId}`,
      query: { member: a.ownerMemberId },
    }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "PUT /api/savings/accounts/:id",
    request: ({ a }) => ({
      path: `/api/savings/accounts/${a.savingsAccountId}`,
      body: {
        name: "Matrix savings",
        institution: "Matrix bank",
        kind: "savings",
        ownerKind: "shared",
        shares: [
          { memberId: a.ownerMemberId, percentBp: 6000 },
          { memberId: a.memberMemberId, percentBp: 4000 },
        ],
        closed: false,
      },
    }),
    expect: premiumArea(200),
    badInput: { optional: ["institution", "kind", "closed"] },
  },
  {
    route: "DELETE /api/savings/accounts/:id",
    setup: async (fx) => ({ accountId: await throwawaySavings(fx) }),
    request: ({ made }) => ({ path: `/api/savings/accounts/${made.accountId}` }),
    expect: premiumArea(204),
  },
  {
    route: "POST /api/savings/accounts/:id/rates",
    request: ({ a, fx }) => ({
      path: `/api/savings/accounts/${a.savingsAccountId}/rates`,
      body: { startsOn: fx.today, rateBp: 175 },
    }),
    expect: premiumArea(201),
    badInput: {},
  },
  {
    route: "DELETE /api/savings/rates/:id",
    setup: async (fx) => ({ rateId: await throwawaySavingsRow(fx, "rate") }),
    request: ({ made }) => ({ path: `/api/savings/rates/${made.rateId}` }),
    expect: premiumArea(204),
  },
  {
    route: "POST /api/savings/accounts/:id/movements",
    request: ({ a, fx }) => ({
      path: `/api/savings/accounts/${a.savingsAccountId}/movements`,
      body: { kind: "interest", amountCents: 7, occurredOn: fx.today, note: "Matrix interest" },
    }),
    expect: premiumArea(201),
    badInput: { optional: ["note", "sourceMemberId"] },
  },
  {
    route: "DELETE /api/savings/movements/:id",
    setup: async (fx) => ({ movementId: await throwawaySavingsRow(fx, "movement") }),
    request: ({ made }) => ({ path: `/api/savings/movements/${made.movementId}` }),
    expect: premiumArea(204),
  },
  {
    route: "POST /api/savings/accounts/:id/statements",
    request: ({ a, fx }) => ({
      path: `/api/savings/accounts/${a.savingsAccountId}/statements`,
      body: { statedOn: fx.today, balanceCents: 300000 },
    }),
    expect: premiumArea(201),
    badInput: {},
  },
  {
    route: "DELETE /api/savings/statements/:id",
    setup: async (fx) => ({ statementId: await throwawaySavingsRow(fx, "statement") }),
    request: ({ made }) => ({ path: `/api/savings/statements/${made.statementId}` }),
    expect: premiumArea(204),
  },
  {
    route: "POST /api/savings/statements/:id/book",
    setup: async (fx) => ({ statementId: await throwawaySavingsRow(fx, "statement") }),
    request: ({ made }) => ({ path: `/api/savings/statements/${made.statementId}/book` }),
    expect: premiumArea(201),
  },
  {
    route: "GET /api/savings/history",
    request: ({ a }) => ({
      path: "/api/savings/history",
      query: { member: a.ownerMemberId, months: "12" },
    }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "GET /api/savings/goals",
    request: ({ a }) => ({ path: "/api/savings/goals", query: { member: a.ownerMemberId } }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "POST /api/savings/goals",
    request: ({ a }) => ({
      path: "/api/savings/goals",
      body: {
        name: "Matrix emergency fund",
        kind: "emergency",
        targetCents: 900000,
        targetDate: "2031-01-01",
        accountIds: [a.savingsAccountId],
        plannedMonthlyCents: 20000,
        emergencyMonths: 3,
        contributions: [{ memberId: a.memberMemberId, monthlyCents: 5000 }],
      },
    }),
    expect: premiumArea(201),
    badInput: { optional: ["kind", "plannedMonthlyCents", "contributions"] },
  },
  {
    route: "PUT /api/savings/goals/:id",
    request: ({ a }) => ({
      path: `/api/savings/goals/${a.goalId}`,
      body: {
        name: "Matrix holiday",
        targetCents: 500000,
        targetDate: "2030-06-01",
        accountIds: [a.savingsAccountId],
      },
    }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "DELETE /api/savings/goals/:id",
    setup: async (fx) => ({ goalId: await throwawayGoal(fx) }),
    request: ({ made }) => ({ path: `/api/savings/goals/${made.goalId}` }),
    expect: premiumArea(204),
  },
  {
    route: "GET /api/savings/emergency-suggestion",
    request: ({ a }) => ({
      path: "/api/savings/emergency-suggestion",
      query: { member: a.ownerMemberId },
    }),
    expect: premiumArea(200),
    badInput: {},
  },

  // ——— Investments and net worth (Premium; A is on Pro, B and the administrator on Free) ———
  {
    route: "GET /api/investments/portfolios",
    request: ({ a }) => ({
      path: "/api/investments/portfolios",
      query: { member: a.memberMemberId },
    }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "POST /api/investments/portfolios",
    request: ({ a }) => ({
      path: "/api/investments/portfolios",
      body: {
        name: "Matrix pension",
        broker: "Matrix broker bank",
        ownerKind: "member",
        memberId: a.ownerMemberId,
      },
    }),
    expect: premiumArea(201),
    badInput: { optional: ["broker", "ownerKind"] },
  },
  {
    route: "PUT /api/investments/portfolios/:id",
    request: ({ a }) => ({
      path: `/api/investments/portfolios/${a.portfolioId}`,
      body: {
        name: "Matrix broker",
        broker: "Matrix broker bank",
        ownerKind: "shared",
        shares: [
          { memberId: a.ownerMemberId, percentBp: 6000 },
          { memberId: a.memberMemberId, percentBp: 4000 },
        ],
        closed: false,
      },
    }),
    expect: premiumArea(200),
    badInput: { optional: ["broker", "closed"] },
  },
  {
    route: "DELETE /api/investments/portfolios/:id",
    setup: async (fx) => ({ portfolioId: await throwawayPortfolio(fx) }),
    request: ({ made }) => ({ path: `/api/investments/portfolios/${made.portfolioId}` }),
    expect: premiumArea(204),
  },
  {
    route: "POST /api/investments/portfolios/:id/holdings",
    request: ({ a }) => ({
      path: `/api/investments/portfolios/${a.portfolioId}/holdings`,
      body: {
        name: "Matrix Emerging Markets",
        symbol: "EMIM",
        isin: "IE00BKM4GZ66",
        kind: "etf",
        currency: "USD",
      },
    }),
    expect: premiumArea(201),
    badInput: { optional: ["symbol", "isin", "kind", "currency"] },
  },
  {
    route: "POST /api/investments/portfolios/:id/imports",
    // A buy of A's holding on a day of its own per caller, found by its ISIN: every caller who
    // may import adds a row (a sell could make a later one impossible).
    setup: async () => ({
      line: `${10 + Math.floor(Math.random() * 18)}-01-2026;IE00BK5BQT80;${1 + Math.floor(Math.random() * 9)};${100 + Math.floor(Math.random() * 20)},25`,
    }),
    request: ({ a, made }) => ({
      path: `/api/investments/portfolios/${a.portfolioId}/imports`,
      body: {
        text: `Datum;ISIN;Aantal;Koers;Transactiekosten\n${made.line};-2,00\n`,
        setup: {
          columns: { date: 0, holding: 1, quantity: 2, price: 3, fees: 4 },
          hasHeader: true,
          dateFormat: "DD-MM-YYYY",
          decimal: "comma",
          kindFrom: "sign",
        },
      },
    }),
    expect: premiumArea(200),
    badInput: {
      optional: ["setup.columns.fees"],
      harmless: [
        {
          at: "text",
          kinds: ["huge-string"],
          why: "a long text is a file of one bad row: it is reported, nothing is imported",
        },
      ],
    },
  },
  {
    route: "GET /api/investments/holdings/:id",
    request: ({ a }) => ({
      path: `/api/investments/holdings/${a.holdingId}`,
      query: { member: a.memberMemberId },
    }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "PUT /api/investments/holdings/:id",
    request: ({ a }) => ({
      path: `/api/investments/holdings/${a.holdingId}`,
      body: {
        name: "Matrix All-World",
        symbol: "VWCE",
        isin: "IE00BK5BQT80",
        kind: "etf",
        currency: "EUR",
      },
    }),
    expect: premiumArea(200),
    badInput: { optional: ["symbol", "isin", "kind", "currency"] },
  },
  {
    route: "DELETE /api/investments/holdings/:id",
    setup: async (fx) => ({ holdingId: await throwawayHolding(fx) }),
    request: ({ made }) => ({ path: `/api/investments/holdings/${made.holdingId}` }),
    expect: premiumArea(204),
  },
  {
    route: "POST /api/investments/holdings/:id/trades",
    request: ({ a, fx }) => ({
      path: `/api/investments/holdings/${a.holdingId}/trades`,
      body: {
        kind: "buy",
        occurredOn: fx.today,
        quantity: 2,
        price: 112.75,
        fxRate: 1,
        feesCents: 100,
        note: "Matrix monthly buy",
      },
    }),
    expect: premiumArea(201),
    badInput: {
      optional: ["fxRate", "feesCents", "note"],
      fractional: ["quantity", "price", "fxRate"],
    },
  },
  {
    route: "DELETE /api/investments/trades/:id",
    setup: async (fx) => ({ tradeId: await throwawayInvestmentRow(fx, "trade") }),
    request: ({ made }) => ({ path: `/api/investments/trades/${made.tradeId}` }),
    expect: premiumArea(204),
  },
  {
    route: "POST /api/investments/holdings/:id/prices",
    request: ({ a, fx }) => ({
      path: `/api/investments/holdings/${a.holdingId}/prices`,
      body: { pricedOn: fx.today, price: 113.4, fxRate: 1 },
    }),
    expect: premiumArea(201),
    badInput: { optional: ["fxRate"], fractional: ["price", "fxRate"] },
  },
  {
    route: "DELETE /api/investments/prices/:id",
    setup: async (fx) => ({ priceId: await throwawayInvestmentRow(fx, "price") }),
    request: ({ made }) => ({ path: `/api/investments/prices/${made.priceId}` }),
    expect: premiumArea(204),
  },
  {
    route: "GET /api/investments/history",
    request: ({ a }) => ({
      path: "/api/investments/history",
      query: { member: a.ownerMemberId, months: "12" },
    }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "GET /api/net-worth",
    request: ({ a }) => ({ path: "/api/net-worth", query: { member: a.ownerMemberId } }),
    expect: premiumArea(200),
    badInput: {},
  },

  // ——— Loans (Pro; A is on Pro, B and the administrator on Free) ———
  {
    route: "GET /api/loans",
    request: ({ a }) => ({ path: "/api/loans", query: { member: a.memberMemberId } }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "POST /api/loans",
    request: ({ a, fx }) => ({
      path: "/api/loans",
      body: {
        name: "Matrix car loan",
        kind: "car",
        lender: "Matrix lender",
        ownHome: false,
        extraEffect: "lower-payment",
        penaltyFreeBp: 2000,
        ownerKind: "member",
        memberId: a.memberMemberId,
        parts: [
          {
            name: "Matrix part",
            principalCents: 1500000,
            startDate: `${fx.month}-01`,
            termMonths: 60,
            repaymentType: "annuity",
            rateBp: 699,
            fixedMonths: 24,
            followingRateBp: 799,
          },
        ],
      },
    }),
    expect: premiumArea(201),
    badInput: {
      optional: [
        "kind",
        "lender",
        "ownHome",
        "extraEffect",
        "penaltyFreeBp",
        "ownerKind",
        "parts.name",
        "parts.fixedMonths",
        "parts.followingRateBp",
      ],
    },
  },
  {
    route: "GET /api/loans/:id",
    request: ({ a }) => ({ path: `/api/loans/${a.loanId}`, query: { member: a.memberMemberId } }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "PUT /api/loans/:id",
    request: ({ a, fx }) => ({
      path: `/api/loans/${a.loanId}`,
      body: {
        name: "Matrix mortgage",
        kind: "mortgage",
        lender: "Matrix bank",
        ownHome: true,
        extraEffect: "shorter-term",
        penaltyFreeBp: 1000,
        ownerKind: "shared",
        shares: [
          { memberId: a.ownerMemberId, percentBp: 6000 },
          { memberId: a.memberMemberId, percentBp: 4000 },
        ],
        // The annuity part kept by its id (its extra stays); the linear part sent without one
        // replaces the one it had.
        parts: [
          {
            id: a.loanPartId,
            name: "Matrix annuity",
            principalCents: 25000000,
            startDate: `${Number(fx.month.slice(0, 4)) - 2}-${fx.month.slice(5, 7)}-01`,
            termMonths: 360,
            repaymentType: "annuity",
            rateBp: 385,
          },
          {
            name: "Matrix linear",
            principalCents: 10000000,
            startDate: `${Number(fx.month.slice(0, 4)) - 2}-${fx.month.slice(5, 7)}-01`,
            termMonths: 240,
            repaymentType: "linear",
            rateBp: 410,
          },
        ],
      },
    }),
    expect: premiumArea(200),
    badInput: {
      optional: [
        "kind",
        "lender",
        "ownHome",
        "extraEffect",
        "penaltyFreeBp",
        "parts.id",
        "parts.name",
      ],
    },
  },
  {
    route: "DELETE /api/loans/:id",
    setup: async (fx) => ({ loanId: await throwawayLoan(fx) }),
    request: ({ made }) => ({ path: `/api/loans/${made.loanId}` }),
    expect: premiumArea(204),
  },
  {
    route: "POST /api/loans/:id/extras",
    request: ({ a, fx }) => ({
      path: `/api/loans/${a.loanId}/extras`,
      body: {
        partId: a.loanPartId,
        kind: "yearly",
        date: fx.today,
        untilDate: "2040-12-31",
        amountCents: 150000,
        note: "Matrix bonus",
      },
    }),
    expect: premiumArea(201),
    badInput: { optional: ["kind", "untilDate", "note"] },
  },
  {
    route: "DELETE /api/loans/extras/:id",
    setup: async (fx) => ({ extraId: await throwawayExtra(fx) }),
    request: ({ made }) => ({ path: `/api/loans/extras/${made.extraId}` }),
    expect: premiumArea(204),
  },
  {
    route: "POST /api/loans/:id/what-if",
    request: ({ a, fx }) => ({
      path: `/api/loans/${a.loanId}/what-if`,
      body: {
        partId: a.loanPartId,
        kind: "once",
        date: fx.today,
        amountCents: 2500000,
        effect: "lower-payment",
      },
    }),
    expect: premiumArea({ status: 200, unchanged: true }),
    badInput: { optional: ["kind", "effect"] },
  },
  {
    route: "POST /api/loans/:id/booking",
    setup: async (fx) => ({ loanId: await throwawayLoan(fx) }),
    request: ({ a, made }) => ({
      path: `/api/loans/${made.loanId}/booking`,
      body: {
        categoryId: a.expenseCategoryId,
        merchant: "Matrix lender",
        splitMode: "percent",
        paidByMemberId: a.ownerMemberId,
        shares: [
          { memberId: a.ownerMemberId, percentBp: 5000 },
          { memberId: a.memberMemberId, percentBp: 5000 },
        ],
      },
    }),
    expect: premiumArea(201),
    badInput: { optional: ["merchant", "splitMode"] },
  },
  {
    route: "DELETE /api/loans/:id/booking",
    setup: async (fx) => ({ loanId: await throwawayBookedLoan(fx) }),
    request: ({ made }) => ({ path: `/api/loans/${made.loanId}/booking` }),
    expect: premiumArea(204),
  },

  // ——— Taxes (Pro; A is on Pro, B and the administrator on Free: as for a Premium area) ———
  {
    route: "GET /api/taxes/years",
    request: () => ({ path: "/api/taxes/years" }),
    expect: premiumArea(200),
  },
  {
    route: "GET /api/taxes/years/:year",
    request: ({ a }) => ({
      path: `/api/taxes/years/${matrixTaxYear}`,
      query: { member: a.ownerMemberId },
    }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "GET /api/taxes/years/:year/export.csv",
    request: ({ a }) => ({
      path: `/api/taxes/years/${matrixTaxYear}/export.csv`,
      query: { member: a.memberMemberId },
    }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "POST /api/taxes/items",
    request: ({ a }) => ({
      path: "/api/taxes/items",
      body: {
        year: matrixTaxYear,
        kind: "provisional-assessment",
        status: "due",
        amountCents: 132000,
        onDate: `${matrixTaxYear}-01-28`,
        description: "Matrix voorlopige aanslag in termijnen",
        memberId: a.memberMemberId,
        installments: 11,
      },
    }),
    expect: premiumArea(201),
    badInput: { optional: ["description", "memberId", "installments"] },
  },
  {
    route: "PUT /api/taxes/items/:id",
    request: ({ a }) => ({
      path: `/api/taxes/items/${a.taxItemId}`,
      body: {
        year: matrixTaxYear,
        kind: "provisional-assessment",
        status: "paid",
        amountCents: 12000,
        onDate: `${matrixTaxYear}-02-01`,
        description: "Matrix voorlopige aanslag",
        memberId: a.ownerMemberId,
      },
    }),
    expect: premiumArea(200),
    badInput: { optional: ["description", "memberId"] },
  },
  {
    route: "DELETE /api/taxes/items/:id",
    setup: async (fx) => ({ itemId: await throwawayTaxRow(fx, "item") }),
    request: ({ made }) => ({ path: `/api/taxes/items/${made.itemId}` }),
    expect: premiumArea(204),
  },
  {
    route: "POST /api/taxes/deadlines",
    request: ({ a }) => ({
      path: "/api/taxes/deadlines",
      body: {
        year: matrixTaxYear,
        kind: "object-assessment",
        title: "Matrix bezwaar",
        dueOn: `${matrixTaxYear + 1}-08-15`,
        status: "open",
        remindDaysBefore: 7,
        memberId: a.memberMemberId,
      },
    }),
    expect: premiumArea(201),
    badInput: { optional: ["title", "status", "remindDaysBefore", "memberId"] },
  },
  {
    route: "PUT /api/taxes/deadlines/:id",
    request: ({ a }) => ({
      path: `/api/taxes/deadlines/${a.taxDeadlineId}`,
      body: {
        year: matrixTaxYear,
        kind: "file-return",
        title: "Matrix aangifte",
        dueOn: `${matrixTaxYear + 1}-05-01`,
        status: "open",
        remindDaysBefore: 14,
      },
    }),
    expect: premiumArea(200),
    badInput: { optional: ["title", "status", "remindDaysBefore"] },
  },
  {
    route: "DELETE /api/taxes/deadlines/:id",
    setup: async (fx) => ({ deadlineId: await throwawayTaxRow(fx, "deadline") }),
    request: ({ made }) => ({ path: `/api/taxes/deadlines/${made.deadlineId}` }),
    expect: premiumArea(204),
  },
  {
    route: "GET /api/taxes/years/:year/box3-settings",
    request: () => ({ path: `/api/taxes/years/${matrixTaxYear}/box3-settings` }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "PUT /api/taxes/years/:year/box3-settings",
    request: ({ a }) => ({
      path: `/api/taxes/years/${matrixTaxYear}/box3-settings`,
      body: { partnerIds: [a.ownerMemberId, a.memberMemberId], firstPartnerSplitBp: 6000 },
    }),
    expect: premiumArea(200),
    badInput: { optional: ["firstPartnerSplitBp"] },
  },
  {
    route: "GET /api/taxes/years/:year/box3",
    request: ({ a }) => ({
      path: `/api/taxes/years/${matrixTaxYear}/box3`,
      query: { member: a.memberMemberId, basis: "provisional" },
    }),
    expect: premiumArea(200),
    badInput: {},
  },

  // ——— Insurance (Pro; A is on Pro, B and the administrator on Free: as for a Premium area) ———
  {
    route: "GET /api/insurance/overview",
    request: ({ a }) => ({ path: "/api/insurance/overview", query: { member: a.memberMemberId } }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "GET /api/insurance/policies",
    request: ({ a }) => ({ path: "/api/insurance/policies", query: { member: a.ownerMemberId } }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "POST /api/insurance/policies",
    request: ({ a, fx }) => ({
      path: "/api/insurance/policies",
      body: {
        kind: "health-basic",
        insurer: "Matrix Zorg",
        policyNumber: "MZ-123456",
        premiumCents: 14_250,
        frequency: "monthly",
        deductibleCents: 38_500,
        voluntaryDeductibleCents: 20_000,
        coverageNotes: "Matrix basisverzekering met vrijwillig eigen risico",
        startDate: `${fx.month}-01`,
        renewalDate: `${Number(fx.month.slice(0, 4)) + 1}-01-01`,
        noticePeriod: { value: 1, unit: "months" },
        remindDaysBefore: 14,
        insured: "members",
        members: [
          { memberId: a.ownerMemberId, shareBp: 6000 },
          { memberId: a.memberMemberId, shareBp: 4000 },
        ],
      },
    }),
    expect: premiumArea(201),
    badInput: {
      optional: [
        "policyNumber",
        "frequency",
        "deductibleCents",
        "voluntaryDeductibleCents",
        "coverageNotes",
        "renewalDate",
        "noticePeriod",
        "remindDaysBefore",
        "insured",
      ],
    },
  },
  {
    route: "GET /api/insurance/policies/:id",
    request: ({ a }) => ({
      path: `/api/insurance/policies/${a.insurancePolicyId}`,
      query: { member: a.memberMemberId },
    }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "PUT /api/insurance/policies/:id",
    request: ({ a, fx }) => ({
      path: `/api/insurance/policies/${a.insurancePolicyId}`,
      body: {
        kind: "liability",
        insurer: "Matrix Verzekeringen",
        policyNumber: "MV-42",
        premiumCents: 2_595,
        frequency: "quarterly",
        deductibleCents: 0,
        voluntaryDeductibleCents: null,
        coverageNotes: "Matrix gezinsdekking",
        startDate: `${fx.month}-01`,
        renewalDate: `${Number(fx.month.slice(0, 4)) + 1}-${fx.month.slice(5, 7)}-01`,
        noticePeriod: { value: 30, unit: "days" },
        remindDaysBefore: 7,
        insured: "household",
      },
    }),
    expect: premiumArea(200),
    badInput: {
      optional: [
        "policyNumber",
        "frequency",
        "deductibleCents",
        "voluntaryDeductibleCents",
        "coverageNotes",
        "renewalDate",
        "noticePeriod",
        "remindDaysBefore",
      ],
    },
  },
  {
    route: "POST /api/insurance/policies/:id/cancel",
    setup: async (fx) => ({ policyId: await throwawayPolicy(fx) }),
    request: ({ made, fx }) => ({
      path: `/api/insurance/policies/${made.policyId}/cancel`,
      body: { endsOn: `${Number(fx.month.slice(0, 4)) + 1}-12-31` },
    }),
    expect: premiumArea(200),
    badInput: {},
  },
  {
    route: "DELETE /api/insurance/policies/:id",
    setup: async (fx) => ({ policyId: await throwawayPolicy(fx) }),
    request: ({ made }) => ({ path: `/api/insurance/policies/${made.policyId}` }),
    expect: premiumArea(204),
  },
  {
    route: "POST /api/insurance/policies/:id/booking",
    setup: async (fx) => ({ policyId: await throwawayPolicy(fx) }),
    request: ({ a, made }) => ({
      path: `/api/insurance/policies/${made.policyId}/booking`,
      body: {
        categoryId: a.expenseCategoryId,
        merchant: "Matrix insurer",
        notes: "Matrix premium",
        paidByMemberId: a.ownerMemberId,
      },
    }),
    expect: premiumArea(201),
    badInput: { optional: ["merchant", "notes", "paidByMemberId"] },
  },
  {
    route: "DELETE /api/insurance/policies/:id/booking",
    setup: async (fx) => ({ policyId: await throwawayBookedPolicy(fx) }),
    request: ({ made }) => ({ path: `/api/insurance/policies/${made.policyId}/booking` }),
    expect: premiumArea(204),
  },

  // ——— Plans, checkout, subscription (BILLING=test) ———
  { route: "GET /api/plans", request: () => ({ path: "/api/plans" }), expect: everyone(200) },
  {
    route: "POST /api/select-free-plan",
    request: () => ({ path: "/api/select-free-plan", body: {} }),
    // B and the administrator's household are on Free: choosing it is theirs to do. A pays for
    // Pro: its owner choosing Free cancels at the period's end (decision 016).
    expect: {
      anonymous: 401,
      otherHousehold: 200,
      admin: 200,
      member: { status: 403, code: "FORBIDDEN" },
      owner: 200,
    },
    after: async (run) => restorePro(run.fx),
    badInput: { nothingToCorrupt: "reads no body, query or path parameter" },
  },
  {
    route: "POST /api/create-checkout",
    request: () => ({
      path: "/api/create-checkout",
      body: { priceId: "test_premium_annual", planName: "premium", couponCode: "MATRIX10" },
    }),
    expect: {
      anonymous: 401,
      otherHousehold: 200,
      admin: 200,
      member: { status: 403, code: "FORBIDDEN" },
      owner: 200,
    },
    badInput: { optional: ["couponCode"] },
  },
  {
    route: "GET /api/checkouts/:id",
    request: ({ a }) => ({ path: `/api/checkouts/${a.checkoutId}` }),
    expect: household(200),
  },
  {
    route: "POST /api/checkouts/:id/pay",
    setup: async (fx) => ({ checkoutId: await newCheckout(fx.testApp, fx.people.owner) }),
    request: ({ made }) => ({ path: `/api/checkouts/${made.checkoutId}/pay`, body: {} }),
    expect: ownerOnly(200),
    after: async (run) => restorePro(run.fx),
  },
  {
    route: "POST /api/checkouts/:id/cancel",
    setup: async (fx) => ({ checkoutId: await newCheckout(fx.testApp, fx.people.owner) }),
    request: ({ made }) => ({ path: `/api/checkouts/${made.checkoutId}/cancel`, body: {} }),
    expect: ownerOnly(200),
  },
  {
    route: "POST /api/check-subscription",
    request: () => ({ path: "/api/check-subscription", body: {} }),
    expect: {
      ...signedIn({ status: 200, check: planIs("plan_name", "free") }),
      member: { status: 200, check: planIs("plan_name", "pro") },
      owner: { status: 200, check: planIs("plan_name", "pro") },
    },
    badInput: { nothingToCorrupt: "reads no body, query or path parameter" },
  },
  {
    route: "GET /api/subscription",
    request: () => ({ path: "/api/subscription" }),
    expect: {
      ...signedIn({ status: 200, check: planIs("planName", "free") }),
      member: { status: 200, check: planIs("planName", "pro") },
      owner: { status: 200, check: planIs("planName", "pro") },
    },
  },
  {
    route: "POST /api/subscription/cancel",
    request: () => ({ path: "/api/subscription/cancel", body: {} }),
    expect: {
      anonymous: 401,
      otherHousehold: { status: 409, code: "CONFLICT" },
      admin: { status: 409, code: "CONFLICT" },
      member: { status: 403, code: "FORBIDDEN" },
      owner: 200,
    },
    after: async (run) => restorePro(run.fx),
    badInput: { nothingToCorrupt: "reads no body, query or path parameter" },
  },
  // Changing the running paid plan (decision 016): A pays for Pro monthly; B and the
  // administrator's household pay for nothing, so there is nothing to change.
  {
    route: "POST /api/subscription/preview-change",
    request: () => ({
      path: "/api/subscription/preview-change",
      body: { planName: "premium", period: "annual" },
    }),
    expect: {
      anonymous: 401,
      otherHousehold: { status: 409, code: "CONFLICT" },
      admin: { status: 409, code: "CONFLICT" },
      member: { status: 403, code: "FORBIDDEN" },
      owner: 200,
    },
  },
  {
    route: "POST /api/subscription/change",
    request: () => ({
      path: "/api/subscription/change",
      body: { planName: "premium", period: "annual" },
    }),
    expect: {
      anonymous: 401,
      otherHousehold: { status: 409, code: "CONFLICT" },
      admin: { status: 409, code: "CONFLICT" },
      member: { status: 403, code: "FORBIDDEN" },
      owner: { status: 200, check: planIs("planName", "premium") },
    },
    after: async (run) => restorePro(run.fx),
  },
  {
    route: "POST /api/subscription/resume",
    // The owner's Pro is cancelled first, so there is something to resume.
    setup: async (fx, caller) => {
      if (caller === "owner") {
        await jsonOk(await fx.people.owner.client.post("/api/subscription/cancel", {}));
      }
      return {};
    },
    request: () => ({ path: "/api/subscription/resume", body: {} }),
    expect: {
      anonymous: 401,
      otherHousehold: { status: 409, code: "CONFLICT" },
      admin: { status: 409, code: "CONFLICT" },
      member: { status: 403, code: "FORBIDDEN" },
      owner: {
        status: 200,
        check: (body) =>
          record(body).cancelAtPeriodEnd === false ? undefined : "the plan is still cancelled",
      },
    },
    after: async (run) => restorePro(run.fx),
    badInput: { nothingToCorrupt: "reads no body, query or path parameter" },
  },
  {
    route: "POST /api/subscription/portal",
    // Stripe's portal: not in test billing.
    request: () => ({ path: "/api/subscription/portal", body: {} }),
    expect: {
      anonymous: 401,
      otherHousehold: { status: 409, code: "CONFLICT" },
      admin: { status: 409, code: "CONFLICT" },
      member: { status: 403, code: "FORBIDDEN" },
      owner: { status: 409, code: "CONFLICT" },
    },
    badInput: { nothingToCorrupt: "reads no body, query or path parameter" },
  },

  // ——— Administrators ———
  {
    route: "GET /api/admin/plans",
    request: () => ({ path: "/api/admin/plans" }),
    expect: adminOnly(200),
  },
  {
    route: "PUT /api/admin/plans/:id",
    request: ({ fx }) => ({
      path: `/api/admin/plans/${fx.plans.premiumId}`,
      body: { displayName: "Premium", displayNameNl: "Premium", monthlyPriceCents: 499 },
    }),
    expect: adminOnly(200),
    badInput: { optional: ["displayName", "displayNameNl", "monthlyPriceCents"] },
  },
  {
    route: "POST /api/admin/plans/:id/features",
    request: ({ fx }) => ({
      path: `/api/admin/plans/${fx.plans.premiumId}/features`,
      body: { text: "Matrix support", textNl: "Matrixhulp", displayOrder: 950 },
    }),
    expect: adminOnly(200),
    badInput: { optional: ["displayOrder"] },
  },
  {
    route: "PUT /api/admin/plans/:id/features/:featureId",
    request: ({ fx }) => ({
      path: `/api/admin/plans/${fx.plans.premiumId}/features/${fx.plans.featureId}`,
      body: { isHighlighted: true },
    }),
    expect: adminOnly(200),
    badInput: { optional: ["isHighlighted"] },
  },
  {
    route: "DELETE /api/admin/plans/:id/features/:featureId",
    setup: async (fx) => ({ featureId: await throwawayFeature(fx) }),
    request: ({ fx, made }) => ({
      path: `/api/admin/plans/${fx.plans.premiumId}/features/${made.featureId}`,
    }),
    expect: adminOnly(200),
  },
  {
    route: "GET /api/admin/coupons",
    request: () => ({ path: "/api/admin/coupons" }),
    expect: adminOnly(200),
  },
  {
    route: "POST /api/admin/coupons",
    setup: async () => ({ code: `M${crypto.randomUUID().slice(0, 8).toUpperCase()}` }),
    request: ({ made }) => ({
      path: "/api/admin/coupons",
      body: { code: made.code, percentOff: 15, maxUses: 3 },
    }),
    expect: adminOnly(200),
    badInput: { optional: ["maxUses"] },
  },
  {
    route: "PUT /api/admin/coupons/:id",
    request: ({ fx }) => ({
      path: `/api/admin/coupons/${fx.coupon.id}`,
      body: {
        percentOff: 10,
        amountOffCents: null,
        validUntil: null,
        maxUses: null,
        isActive: true,
      },
    }),
    expect: adminOnly(200),
    badInput: { optional: ["amountOffCents", "validUntil", "maxUses", "isActive"] },
  },
  {
    route: "DELETE /api/admin/coupons/:id",
    setup: async (fx) => {
      const coupon = await newCoupon(
        fx.testApp,
        `GONE${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      );
      return { couponId: coupon.id };
    },
    request: ({ made }) => ({ path: `/api/admin/coupons/${made.couponId}` }),
    expect: adminOnly(200),
  },

  // ——— Categories ———
  {
    route: "GET /api/categories",
    request: () => ({ path: "/api/categories", query: { kind: "expense" } }),
    expect: {
      ...signedIn({ status: 200, check: noRowsOfA }),
      member: 200,
      owner: 200,
    },
    badInput: {},
  },
  {
    route: "POST /api/categories",
    setup: async () => ({ name: `Matrix ${crypto.randomUUID().slice(0, 8)}` }),
    request: ({ made }) => ({
      path: "/api/categories",
      body: { kind: "expense", name: made.name, icon: "tag", color: "teal", taxRelevant: false },
    }),
    expect: signedIn(201),
    badInput: { optional: ["icon", "color", "taxRelevant"] },
  },
  {
    route: "PATCH /api/categories/:id",
    request: ({ a }) => ({
      path: `/api/categories/${a.expenseCategoryId}`,
      body: { name: "Matrix groceries", color: "green" },
    }),
    expect: household(200),
    badInput: { optional: ["name", "color"] },
  },
  {
    route: "POST /api/categories/:id/merge",
    setup: async (fx) => ({ categoryId: await throwawayCategory(fx) }),
    request: ({ a, made }) => ({
      path: `/api/categories/${made.categoryId}/merge`,
      body: { intoCategoryId: a.expenseCategoryId },
    }),
    expect: household(200),
  },

  // ——— Category rules (decision 037) ———
  {
    route: "GET /api/category-rules",
    request: () => ({ path: "/api/category-rules" }),
    expect: {
      ...signedIn({ status: 200, check: noRowsOfA }),
      member: 200,
      owner: 200,
    },
  },
  {
    route: "POST /api/category-rules",
    request: ({ a }) => ({
      path: "/api/category-rules",
      body: { pattern: "Matrix market", field: "counterparty", categoryId: a.expenseCategoryId },
    }),
    expect: householdBody(201),
    badInput: { optional: ["field", "first"] },
  },
  {
    route: "PATCH /api/category-rules/:id",
    setup: async (fx) => ({ ruleId: await throwawayRule(fx) }),
    request: ({ a, made }) => ({
      path: `/api/category-rules/${made.ruleId}`,
      body: { pattern: "Matrix shop", categoryId: a.expenseCategoryId, position: 0 },
    }),
    expect: { ...household(200), otherHousehold: 404, admin: 404 },
    badInput: { optional: ["pattern", "categoryId", "position"] },
  },
  {
    route: "DELETE /api/category-rules/:id",
    setup: async (fx) => ({ ruleId: await throwawayRule(fx) }),
    request: ({ made }) => ({ path: `/api/category-rules/${made.ruleId}` }),
    expect: household(204),
  },
  {
    route: "POST /api/category-rules/apply",
    request: () => ({ path: "/api/category-rules/apply" }),
    expect: signedIn(200),
    badInput: { nothingToCorrupt: "reads no body, query or path parameter" },
  },
  {
    route: "POST /api/category-rules/preview",
    request: () => ({
      path: "/api/category-rules/preview",
      body: {
        rows: [{ kind: "expense", merchant: "Matrix market", notes: "weekly" }],
        names: [{ kind: "expense", name: "Matrix groceries" }],
      },
    }),
    expect: signedIn(200),
    badInput: { optional: ["rows", "rows.merchant", "rows.notes", "names"] },
  },

  // ——— Entries ———
  {
    route: "GET /api/transactions",
    request: ({ a }) => ({
      path: "/api/transactions",
      query: { member: a.ownerMemberId, limit: "50" },
    }),
    expect: {
      ...signedIn({ status: 200, check: noRowsOfA }),
      member: 200,
      owner: 200,
    },
    badInput: {},
  },
  {
    route: "GET /api/transactions/summary",
    request: ({ a }) => ({ path: "/api/transactions/summary", query: { member: a.ownerMemberId } }),
    expect: signedIn(200),
    badInput: {},
  },
  {
    route: "GET /api/transactions/merchants",
    request: () => ({ path: "/api/transactions/merchants", query: { q: "matrix", limit: "5" } }),
    expect: {
      // Anyone signed in hears their own household's merchants: A's only A's people.
      ...signedIn({
        status: 200,
        check: (body) =>
          JSON.stringify(body).includes("Matrix market") ? "lists A's merchants" : undefined,
      }),
      member: {
        status: 200,
        check: (body) =>
          JSON.stringify(body).includes("Matrix market") ? undefined : "misses A's merchant",
      },
      owner: {
        status: 200,
        check: (body) =>
          JSON.stringify(body).includes("Matrix market") ? undefined : "misses A's merchant",
      },
    },
    badInput: {},
  },
  {
    route: "GET /api/transactions/export",
    request: ({ a }) => ({
      path: "/api/transactions/export",
      query: { member: a.ownerMemberId, category: a.expenseCategoryId },
    }),
    expect: {
      ...signedIn({
        status: 200,
        check: (body) =>
          typeof body === "string" && body.includes("Matrix market")
            ? "lists A's entries"
            : undefined,
      }),
      member: 200,
      owner: 200,
    },
    badInput: {},
  },
  {
    route: "POST /api/imports",
    setup: async () => ({
      line: `${10 + Math.floor(Math.random() * 18)}-01-2026;-${1 + Math.floor(Math.random() * 900)},00`,
    }),
    request: ({ a, made }) => ({
      path: "/api/imports",
      body: {
        text: `Datum;Bedrag;Omschrijving\n${made.line};Matrix import\n`,
        setup: {
          columns: { date: 0, amount: 1, merchant: 2 },
          hasHeader: true,
          dateFormat: "DD-MM-YYYY",
          decimal: "comma",
          kindFrom: "sign",
          defaultKind: "expense",
          defaultCategory: "Matrix imports",
        },
        memberId: a.ownerMemberId,
        fileName: "matrix.csv",
      },
    }),
    expect: householdBody(200),
    badInput: {
      optional: ["memberId", "fileName", "setup.defaultCategory", "setup.columns.merchant"],
      harmless: [
        {
          at: "text",
          kinds: ["huge-string"],
          why: "a long text is a file of one bad row: it is reported, nothing is imported",
        },
      ],
    },
  },
  {
    route: "GET /api/imports",
    request: () => ({ path: "/api/imports" }),
    expect: {
      ...signedIn({ status: 200, check: noRowsOfA }),
      member: 200,
      owner: 200,
    },
  },
  {
    // Household A imported a file of this shape: its mapping is A's alone.
    route: "GET /api/imports/mappings/:shape",
    setup: async (fx) => ({ importId: await throwawayImport(fx) }),
    request: () => ({
      path: `/api/imports/mappings/${importShape("Datum;Bedrag;Omschrijving\n10-02-2026;-1,00;x\n")}`,
    }),
    expect: {
      ...signedIn({
        status: 200,
        check: (body) =>
          (body as { mapping?: unknown }).mapping === null ? undefined : "shows A's mapping",
      }),
      member: {
        status: 200,
        check: (body) => ((body as { mapping?: unknown }).mapping ? undefined : "no mapping"),
      },
      owner: {
        status: 200,
        check: (body) => ((body as { mapping?: unknown }).mapping ? undefined : "no mapping"),
      },
    },
  },
  {
    route: "POST /api/imports/:id/undo",
    setup: async (fx) => ({ importId: await throwawayImport(fx) }),
    request: ({ made }) => ({ path: `/api/imports/${made.importId}/undo` }),
    expect: household(200),
  },
  {
    route: "POST /api/imports/:id/redo",
    setup: async (fx) => ({ importId: await throwawayImport(fx, true) }),
    request: ({ made }) => ({ path: `/api/imports/${made.importId}/redo` }),
    expect: household(200),
  },
  {
    route: "GET /api/imports/likely-matches",
    setup: async (fx) => ({ entryId: await throwawayEntry(fx) }),
    request: ({ fx }) => ({
      path: `/api/imports/likely-matches?from=${fx.month}-01&to=${fx.month}-28`,
    }),
    expect: {
      ...signedIn({ status: 200, check: noRowsOfA }),
      member: 200,
      owner: 200,
    },
  },
  {
    // A's typed entry (€7.00 on the 2nd) and a bank file's row of it: linked for A's people.
    route: "POST /api/imports/links",
    setup: async (fx) => ({ entryId: await throwawayEntry(fx) }),
    request: ({ fx, made }) => ({
      path: "/api/imports/links",
      body: {
        text: `Datum;Bedrag;Omschrijving\n${fx.month}-03;-7,00;Matrix link\n`,
        setup: {
          columns: { date: 0, amount: 1, merchant: 2 },
          hasHeader: true,
          dateFormat: "YYYY-MM-DD",
          decimal: "comma",
          kindFrom: "sign",
          defaultKind: "expense",
          defaultCategory: "Matrix imports",
        },
        links: [{ line: 2, transactionId: made.entryId }],
      },
    }),
    expect: household(200),
    badInput: { optional: ["setup.defaultCategory", "setup.columns.merchant"] },
  },
  {
    route: "POST /api/transactions",
    request: ({ a, fx }) => ({ path: "/api/transactions", body: expenseOfA(a, fx.month) }),
    expect: householdBody(201),
    badInput: { optional: entryOptional },
  },
  {
    route: "GET /api/transactions/:id",
    request: ({ a }) => ({ path: `/api/transactions/${a.splitEntryId}` }),
    expect: household(200),
  },
  {
    route: "PATCH /api/transactions/:id",
    request: ({ a, fx }) => ({
      path: `/api/transactions/${a.personalEntryId}`,
      body: { ...expenseOfA(a, fx.month), merchant: "Matrix market" },
    }),
    expect: household(200),
    badInput: { optional: entryOptional },
  },
  {
    route: "DELETE /api/transactions/:id",
    setup: async (fx) => ({ entryId: await throwawayEntry(fx) }),
    request: ({ made }) => ({ path: `/api/transactions/${made.entryId}` }),
    expect: household(204),
  },
  {
    route: "POST /api/transactions/delete",
    setup: async (fx) => ({ entryId: await throwawayEntry(fx) }),
    request: ({ made }) => ({ path: "/api/transactions/delete", body: { ids: [made.entryId] } }),
    expect: household(200),
  },
  {
    route: "POST /api/transactions/restore",
    setup: async (fx) => ({ entryId: await throwawayEntry(fx, true) }),
    request: ({ made }) => ({ path: "/api/transactions/restore", body: { ids: [made.entryId] } }),
    expect: household(200),
  },
  {
    route: "GET /api/settle-up",
    request: () => ({ path: "/api/settle-up" }),
    expect: signedIn(200),
  },
  {
    route: "POST /api/settlements",
    request: ({ a, fx }) => ({
      path: "/api/settlements",
      body: {
        fromMemberId: a.memberMemberId,
        toMemberId: a.ownerMemberId,
        amountCents: 625,
        occurredOn: `${fx.month}-04`,
        notes: "Matrix repayment",
      },
    }),
    expect: household(201),
    badInput: { optional: ["notes"] },
  },
  {
    route: "PATCH /api/settlements/:id",
    setup: async (fx) => ({
      settlementId: (
        await jsonOk<{ id: string }>(
          await fx.people.owner.client.post("/api/settlements", {
            fromMemberId: fx.a.memberMemberId,
            toMemberId: fx.a.ownerMemberId,
            amountCents: 500,
            occurredOn: `${fx.month}-04`,
          }),
          201,
        )
      ).id,
    }),
    request: ({ made, fx }) => ({
      path: `/api/settlements/${made.settlementId}`,
      body: { amountCents: 450, occurredOn: `${fx.month}-05`, notes: "Matrix change" },
    }),
    expect: household(200),
    badInput: { optional: ["notes"] },
  },
  {
    route: "POST /api/quick-entries",
    request: ({ fx }) => ({
      path: "/api/quick-entries",
      body: {
        amountCents: 450,
        categoryId: fx.adminExpenseCategoryId,
        occurredOn: `${fx.month}-05`,
        merchant: "Matrix coffee",
      },
    }),
    expect: adminOnly(201),
    badInput: { optional: ["merchant"] },
  },
  {
    route: "GET /api/quick-entries",
    request: () => ({ path: "/api/quick-entries" }),
    expect: adminOnly(200),
  },

  // ——— Recurring ———
  {
    route: "POST /api/recurring",
    request: ({ a, fx }) => ({
      path: "/api/recurring",
      body: {
        ...expenseOfA(a, fx.month),
        occurredOn: fx.today,
        frequency: "monthly",
        endDate: null,
      },
    }),
    expect: householdBody(201),
    badInput: { optional: [...entryOptional, "endDate"] },
  },
  {
    route: "GET /api/recurring",
    request: ({ a }) => ({ path: "/api/recurring", query: { member: a.ownerMemberId } }),
    expect: household(200),
    badInput: {},
  },
  {
    route: "GET /api/recurring/upcoming",
    request: ({ a }) => ({
      path: "/api/recurring/upcoming",
      query: { days: "60", member: a.ownerMemberId },
    }),
    expect: household(200),
    badInput: {},
  },
  {
    route: "PATCH /api/recurring/occurrences/:transactionId",
    setup: async (fx) => ({
      transactionId: (await newRule(fx.testApp, fx.people.owner, fx.a.expenseCategoryId))
        .occurrenceId,
    }),
    request: ({ a, made, fx }) => ({
      path: `/api/recurring/occurrences/${made.transactionId}`,
      body: { ...expenseOfA(a, fx.month), amountCents: 5500, frequency: "monthly" },
    }),
    expect: household(200),
    badInput: { optional: [...entryOptional, "frequency"] },
  },
  {
    route: "POST /api/recurring/:id/stop",
    setup: async (fx) => ({
      ruleId: (await newRule(fx.testApp, fx.people.owner, fx.a.expenseCategoryId)).id,
    }),
    request: ({ made, fx }) => ({
      path: `/api/recurring/${made.ruleId}/stop`,
      body: { endDate: fx.today },
    }),
    expect: household(200),
    badInput: { optional: ["endDate"] },
  },

  // ——— Budgets and totals ———
  {
    route: "GET /api/budgets",
    request: ({ a, fx }) => ({
      path: "/api/budgets",
      query: { month: fx.month, member: a.ownerMemberId },
    }),
    expect: household(200),
    badInput: {},
  },
  {
    route: "PUT /api/budgets",
    request: ({ a, fx }) => ({
      path: "/api/budgets",
      body: {
        categoryId: a.expenseCategoryId,
        memberId: a.ownerMemberId,
        month: fx.month,
        amountCents: 30000,
        rollover: "surplus",
      },
    }),
    expect: householdBody(200),
    badInput: { optional: ["memberId", "rollover"] },
  },
  {
    route: "DELETE /api/budgets/:id",
    setup: async (fx) => ({ budgetId: await throwawayBudget(fx) }),
    request: ({ made }) => ({ path: `/api/budgets/${made.budgetId}` }),
    expect: household(204),
  },
  {
    route: "POST /api/budgets/copy",
    request: ({ a, fx }) => ({
      path: "/api/budgets/copy",
      body: {
        fromMonth: fx.month,
        toMonth: `${Number(fx.month.slice(0, 4)) + 1}${fx.month.slice(4)}`,
        memberId: a.ownerMemberId,
      },
    }),
    expect: householdBody(200),
    badInput: { optional: ["memberId"] },
  },
  {
    route: "GET /api/totals",
    request: ({ a, fx }) => ({
      path: "/api/totals",
      query: { from: `${fx.month}-01`, to: fx.today, member: a.ownerMemberId },
    }),
    expect: household(200),
    badInput: {},
  },
  {
    route: "GET /api/dashboard",
    request: ({ a }) => ({ path: "/api/dashboard", query: { member: a.ownerMemberId } }),
    expect: household(200),
    badInput: {},
  },

  // ——— Better Auth (mounted at /api/auth) ———
  {
    route: "POST /api/auth/sign-up/email",
    setup: async () => ({ email: uniqueEmail("matrix-signup") }),
    request: ({ made }) => ({
      path: "/api/auth/sign-up/email",
      body: {
        name: "Matrix Newcomer",
        email: made.email,
        password: strongPassword,
        callbackURL: "/auth/email-verified",
      },
    }),
    expect: everyone(200),
    badInput: { optional: ["callbackURL"] },
  },
  {
    route: "POST /api/auth/sign-in/email",
    setup: async (fx, caller) => {
      if (caller === "anonymous") return throwawayAccount(fx, "signin");
      const person = fx.people[caller];
      return { email: person.email, password: person.password };
    },
    request: ({ made }) => ({
      path: "/api/auth/sign-in/email",
      body: { email: made.email, password: made.password },
    }),
    expect: everyone(200),
  },
  {
    route: "POST /api/auth/sign-in/social",
    // Google is not configured in the test app: no provider to go to.
    request: () => ({
      path: "/api/auth/sign-in/social",
      body: { provider: "google", callbackURL: "/dashboard" },
    }),
    expect: everyone(404),
    badInput: { optional: ["callbackURL"] },
  },
  {
    route: "GET /api/auth/callback/:id",
    request: () => ({ path: "/api/auth/callback/google", query: { code: "x", state: "y" } }),
    expect: everyone(302),
  },
  {
    route: "POST /api/auth/callback/:id",
    request: () => ({ path: "/api/auth/callback/google", body: { code: "x", state: "y" } }),
    expect: everyone(302),
  },
  {
    route: "GET /api/auth/get-session",
    unusedByHearth: "the server reads the session itself; the client asks /api/session",
    request: () => ({ path: "/api/auth/get-session" }),
    expect: {
      ...everyone({
        status: 200,
        check: (body, run) =>
          record(record(body).user).id === own(run).userId ? undefined : "not the caller's session",
      }),
      anonymous: 200,
    },
  },
  {
    route: "POST /api/auth/get-session",
    unusedByHearth: "the server reads the session itself; the client asks /api/session",
    // Better Auth refuses POST without deferSessionRefresh (405): not a route Hearth has.
    request: () => ({ path: "/api/auth/get-session", body: {} }),
    expect: everyone({ status: 404, code: "NOT_FOUND" }),
    badInput: { nothingToCorrupt: "not a route Hearth has: answers 404 before reading a body" },
  },
  {
    route: "POST /api/auth/sign-out",
    endsSessions: true,
    request: () => ({ path: "/api/auth/sign-out", body: {} }),
    expect: everyone(200),
    badInput: { nothingToCorrupt: "reads no body" },
  },
  {
    route: "POST /api/auth/request-password-reset",
    setup: async (fx) => ({ email: (await throwawayAccount(fx, "forgot")).email }),
    request: ({ made }) => ({
      path: "/api/auth/request-password-reset",
      body: { email: made.email, redirectTo: "/reset-password" },
    }),
    expect: everyone(200),
    badInput: { optional: ["redirectTo"] },
  },
  {
    route: "GET /api/auth/reset-password/:token",
    setup: async (fx) => ({ token: (await resetToken(fx)).token }),
    request: ({ made }) => ({
      path: `/api/auth/reset-password/${made.token}`,
      query: { callbackURL: "/reset-password" },
    }),
    expect: everyone(302),
  },
  {
    route: "POST /api/auth/reset-password",
    // The token is the proof: whoever holds it sets the password of its person.
    setup: async (fx) => ({ token: (await resetToken(fx)).token }),
    request: ({ made }) => ({
      path: "/api/auth/reset-password",
      body: { token: made.token, newPassword: `${strongPassword} again` },
    }),
    expect: everyone(200),
  },
  {
    route: "POST /api/auth/send-verification-email",
    setup: async (fx) => ({ email: (await unconfirmedAccount(fx)).email }),
    request: ({ made }) => ({
      path: "/api/auth/send-verification-email",
      body: { email: made.email, callbackURL: "/auth/email-verified" },
    }),
    // Signed in, only one's own address may be sent a link ("Email mismatch").
    expect: { ...everyone(400), anonymous: 200 },
    badInput: { optional: ["callbackURL"] },
  },
  {
    route: "GET /api/auth/verify-email",
    setup: async (fx) => {
      const url = new URL((await unconfirmedAccount(fx)).verifyPath, "http://x");
      return { token: url.searchParams.get("token") ?? "" };
    },
    request: ({ made }) => ({
      path: "/api/auth/verify-email",
      query: { token: made.token, callbackURL: "/auth/email-verified" },
    }),
    expect: everyone(302),
    badInput: {},
  },
  {
    route: "POST /api/auth/change-password",
    endsSessions: true,
    request: ({ person }) => ({
      path: "/api/auth/change-password",
      body: {
        currentPassword: person?.password ?? strongPassword,
        newPassword: `${person?.password ?? strongPassword}!`,
        revokeOtherSessions: true,
      },
    }),
    expect: signedIn(200),
    after: async (run, response) => {
      if (run.person && response.status === 200) run.person.password = `${run.person.password}!`;
    },
    badInput: { optional: ["revokeOtherSessions"] },
  },
  {
    route: "POST /api/auth/verify-password",
    unusedByHearth: "Hearth never asks for the password again outside change-password",
    request: (run) => ({
      path: "/api/auth/verify-password",
      body: { password: run.person?.password ?? strongPassword },
    }),
    expect: signedIn(200),
  },
  {
    route: "POST /api/auth/change-email",
    unusedByHearth: "Hearth has no address change (Better Auth's is off)",
    request: () => ({
      path: "/api/auth/change-email",
      body: { newEmail: uniqueEmail("matrix-new"), callbackURL: "/profile" },
    }),
    expect: signedIn(400),
  },
  {
    route: "POST /api/auth/update-session",
    unusedByHearth: "Hearth keeps nothing in the session",
    // Hearth defines no session fields: there is nothing to update.
    request: () => ({ path: "/api/auth/update-session", body: {} }),
    expect: signedIn(400),
    badInput: {
      nothingToCorrupt: "Hearth sends it no fields: Better Auth refuses an empty update",
    },
  },
  {
    route: "POST /api/auth/update-user",
    unusedByHearth: "names are changed through PATCH /api/profile",
    request: (run) => ({ path: "/api/auth/update-user", body: { name: run.person?.name ?? "x" } }),
    expect: signedIn(200),
  },
  {
    route: "POST /api/auth/delete-user",
    unusedByHearth: "Hearth has no account deletion yet (Better Auth's is off)",
    request: (run) => ({
      path: "/api/auth/delete-user",
      body: { password: run.person?.password ?? strongPassword },
    }),
    expect: signedIn(404),
  },
  {
    route: "GET /api/auth/delete-user/callback",
    unusedByHearth: "Hearth has no account deletion yet (Better Auth's is off)",
    request: () => ({ path: "/api/auth/delete-user/callback", query: { token: "x" } }),
    expect: everyone(404),
    badInput: {},
  },
  {
    route: "GET /api/auth/list-sessions",
    unusedByHearth: "Hearth shows no session list",
    request: () => ({ path: "/api/auth/list-sessions" }),
    expect: signedIn({
      status: 200,
      check: (body, run) =>
        Array.isArray(body) && body.every((item) => record(item).userId === own(run).userId)
          ? undefined
          : "lists sessions that are not the caller's",
    }),
  },
  {
    route: "POST /api/auth/revoke-session",
    unusedByHearth: "Hearth shows no session list",
    // Another person's token must stay valid: only the owner's own revocation succeeds.
    setup: async (fx) => {
      await signInAgain(fx.testApp, fx.people.owner);
      return { token: (await ownerSecrets(fx)).sessionToken };
    },
    request: ({ made }) => ({ path: "/api/auth/revoke-session", body: { token: made.token } }),
    expect: {
      ...signedIn({ status: 200, unchanged: true }),
      owner: 200,
    },
    endsSessions: true,
  },
  {
    route: "POST /api/auth/revoke-sessions",
    unusedByHearth: "Hearth shows no session list",
    endsSessions: true,
    request: () => ({ path: "/api/auth/revoke-sessions", body: {} }),
    expect: signedIn(200),
    badInput: { nothingToCorrupt: "reads no body" },
  },
  {
    route: "POST /api/auth/revoke-other-sessions",
    unusedByHearth: "Hearth shows no session list",
    endsSessions: true,
    request: () => ({ path: "/api/auth/revoke-other-sessions", body: {} }),
    expect: signedIn(200),
    badInput: { nothingToCorrupt: "reads no body" },
  },
  {
    route: "POST /api/auth/link-social",
    unusedByHearth: "Hearth links no second sign-in method",
    request: () => ({
      path: "/api/auth/link-social",
      body: { provider: "google", callbackURL: "/profile" },
    }),
    expect: signedIn(404),
  },
  {
    route: "GET /api/auth/list-accounts",
    unusedByHearth: "Hearth shows no sign-in methods",
    request: () => ({ path: "/api/auth/list-accounts" }),
    expect: signedIn({
      status: 200,
      check: (body, run) =>
        Array.isArray(body) && body.every((item) => record(item).userId === own(run).userId)
          ? undefined
          : "lists accounts that are not the caller's",
    }),
  },
  {
    route: "POST /api/auth/unlink-account",
    unusedByHearth: "Hearth links no second sign-in method",
    setup: async (fx) => ({ accountId: (await ownerSecrets(fx)).accountId }),
    request: ({ made }) => ({
      path: "/api/auth/unlink-account",
      body: { providerId: "credential", accountId: made.accountId },
    }),
    expect: signedIn(400),
  },
  {
    route: "GET /api/auth/account-info",
    unusedByHearth: "Hearth reads no provider's account data",
    setup: async (fx) => ({ accountId: (await ownerSecrets(fx)).accountId }),
    request: ({ made }) => ({
      path: "/api/auth/account-info",
      query: { accountId: made.accountId },
    }),
    expect: signedIn(400),
    badInput: {},
  },
  ...["get-access-token", "refresh-token"].map((name): MatrixEntry => ({
    route: `POST /api/auth/${name}`,
    unusedByHearth: "Hearth calls no provider's API",
    // The owner's account id and user id: nobody else's session reaches them.
    setup: async (fx) => ({ accountId: (await ownerSecrets(fx)).accountId }),
    request: ({ made, fx }) => ({
      path: `/api/auth/${name}`,
      body: { accountId: made.accountId, userId: fx.people.owner.userId },
    }),
    expect: signedIn(400),
  })),
  {
    route: "GET /api/auth/ok",
    unusedByHearth: "Better Auth's own health answer",
    request: () => ({ path: "/api/auth/ok" }),
    expect: everyone(200),
  },
  {
    route: "GET /api/auth/error",
    unusedByHearth: "Better Auth's error page (Hearth shows its own)",
    request: () => ({ path: "/api/auth/error", query: { error: "matrix" } }),
    expect: everyone(200),
    badInput: {},
  },
];
