import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { coupons, subscriptionPlanFeatures, subscriptionPlans } from "#server/db/schema/billing.ts";
import { checkouts } from "#server/db/schema/billing.ts";
import { members } from "#server/db/schema/households.ts";
import { categories } from "#server/db/schema/money.ts";
import { findMembership } from "#server/features/households/households.service.ts";
import { today } from "#shared/dates.ts";
import {
  latestOutboxMail,
  linkIn,
  outboxVerificationLink,
  signUpAndVerify,
  uniqueEmail,
  type SignedUp,
} from "#test/accounts.ts";
import { RawBody, TestClient } from "#test/client.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import type { TestApp } from "#test/test-app.ts";

/**
 * The callers every matrix entry is tried with, least privileged first (so a success of a more
 * privileged caller cannot hide a refusal of a lesser one): a visitor, the owner of another
 * household (with this household's ids in path, query and body), an administrator (ADMIN_EMAILS,
 * a household of their own), a member of the household who is not its owner, and its owner.
 */
export const callers = ["anonymous", "otherHousehold", "admin", "member", "owner"] as const;
export type Caller = (typeof callers)[number];
export type SignedInCaller = Exclude<Caller, "anonymous">;

/** A signed-up person, where they stand, and their client (cookies of their first session). */
export type Person = SignedUp & { householdId: string; memberId: string };

/** The ids of household A, the one every entry is about. The foreign callers get these too. */
export type HouseholdIds = {
  householdId: string;
  ownerMemberId: string;
  memberMemberId: string;
  aggregateId: string;
  /** A category made for the matrix, and the household's default income category. */
  expenseCategoryId: string;
  incomeCategoryId: string;
  personalEntryId: string;
  splitEntryId: string;
  incomeEntryId: string;
  ruleId: string;
  occurrenceId: string;
  budgetId: string;
  /** A savings account shared 60/40 by owner and member, with a rate, a deposit and a statement. */
  savingsAccountId: string;
  savingsRateId: string;
  savingsMovementId: string;
  savingsStatementId: string;
  goalId: string;
  /** A portfolio shared 60/40 by owner and member, with a holding, a buy of it and a price. */
  portfolioId: string;
  holdingId: string;
  tradeId: string;
  priceId: string;
  /** A mortgage shared 60/40 by owner and member: two parts, an extra repayment on the first. */
  loanId: string;
  loanPartId: string;
  loanExtraId: string;
  /** Taxes of 2025 (`matrixTaxYear`): a payment of the owner's and a deadline with a reminder. */
  taxItemId: string;
  taxDeadlineId: string;
  /** A basic health insurance of owner and member, shared evenly, renewing on 1 January. */
  insurancePolicyId: string;
  invitationId: string;
  checkoutId: string;
};

export type MatrixFixture = {
  testApp: () => TestApp;
  people: Record<SignedInCaller, Person>;
  a: HouseholdIds;
  /** The pending invitation's token (it is the key: the preview is public). */
  invitationToken: string;
  /** The owner's avatar, as /api/files/avatars/<user>/<file>. */
  ownerAvatarPath: string;
  plans: { premiumId: string; proId: string; featureId: string };
  coupon: { id: string; code: string };
  /** A category of the administrator's own household (quick entry). */
  adminExpenseCategoryId: string;
  today: string;
  month: string;
  /** The folder with the built client the app serves (index.html, one asset). */
  staticDir: string;
  assetPath: string;
};

/**
 * The tax year of A's tax records and box 3 choice (owner and member as fiscal partners, 60/40):
 * a year with box 3 parameters, fixed so the matrix does not depend on today.
 */
export const matrixTaxYear = 2025;

/** A valid 1×1 PNG (an avatar). */
export const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A multipart body with one file field, as the avatar upload expects. */
export function avatarForm(bytes: Uint8Array = onePixelPng): RawBody {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], "avatar.png", { type: "image/png" }));
  return new RawBody(form, null);
}

/** A stand-in for the built client: index.html and one hashed asset. */
export function makeStaticDir(): { dir: string; assetPath: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "hearth-matrix-static-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Hearth</title><div id=root></div>");
  writeFileSync(join(dir, "assets", "app-3f2a1b.js"), "console.log('hearth');\n");
  return {
    dir,
    assetPath: "/assets/app-3f2a1b.js",
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function jsonOk<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) {
    throw new Error(`Expected ${status}, got ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

async function person(testApp: () => TestApp, signedUp: SignedUp): Promise<Person> {
  const membership = await findMembership(testApp().deps.database.db, signedUp.userId);
  if (!membership) throw new Error(`${signedUp.email} has no household.`);
  return { ...signedUp, householdId: membership.householdId, memberId: membership.memberId };
}

function signUp(testApp: () => TestApp, name: string, email?: string) {
  return signUpAndVerify(testApp, {
    name,
    ...(email ? { email } : {}),
    verificationLink: outboxVerificationLink(testApp),
  });
}

/** Sends an invitation from the owner's client and returns it with the token from its mail. */
export async function inviteByMail(
  testApp: () => TestApp,
  owner: Person,
  email = uniqueEmail("invitee"),
) {
  const { invitation } = await jsonOk<{ invitation: { id: string } }>(
    await owner.client.post("/api/send-invitation", { email, householdId: owner.householdId }),
  );
  const mail = await latestOutboxMail(testApp(), email);
  const token = new URL(linkIn(mail.text, "/invitation?token=")).searchParams.get("token");
  if (!token) throw new Error(`The invitation mail to ${email} has no token.`);
  return { id: invitation.id, token, email };
}

/** A second session of a person on a fresh client (their first session stays). */
export async function signInAgain(
  testApp: () => TestApp,
  who: { email: string; password: string },
): Promise<TestClient> {
  const client = new TestClient(testApp);
  const answer = await client.post("/api/auth/sign-in/email", {
    email: who.email,
    password: who.password,
  });
  if (answer.status !== 200) {
    throw new Error(
      `Signing ${who.email} in again answered ${answer.status}: ${await answer.text()}`,
    );
  }
  return client;
}

/** A client with the same cookies as `client` and an address of its own. */
export function copyOf(testApp: () => TestApp, client: TestClient): TestClient {
  const copy = new TestClient(testApp);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

/**
 * Household A (a Pro subscription; owner, member, a category, a personal, a split and an income
 * entry, a monthly recurring rule with occurrences, a budget, a savings account with a goal, a
 * portfolio with a holding, a buy and a price, a shared mortgage with an extra repayment, a tax
 * payment, a tax deadline and a year's box 3 choice, a health insurance of owner and member, a
 * pending invitation, a pending checkout, the owner's avatar), household B with its owner, an
 * administrator with a household of their own, a coupon and the plans; everything made through
 * the routes a person uses, except what only a payment or an administrator's screen would make
 * (the subscription, the checkout, the coupon), which is stored directly.
 */
export async function buildMatrixFixture(
  testApp: () => TestApp,
  options: { adminEmail: string; staticDir: string; assetPath: string },
): Promise<MatrixFixture> {
  const db = testApp().deps.database.db;
  const owner = await person(testApp, await signUp(testApp, "Anna Matrix"));
  const memberEmail = uniqueEmail("member");
  const invitedMember = await inviteByMail(testApp, owner, memberEmail);
  const memberSignedUp = await signUp(testApp, "Bram Matrix", memberEmail);
  await jsonOk(
    await memberSignedUp.client.post("/api/accept-invitation", {
      invitationToken: invitedMember.token,
    }),
  );
  const member = await person(testApp, memberSignedUp);
  const otherHousehold = await person(testApp, await signUp(testApp, "Carla Elsewhere"));
  const admin = await person(testApp, await signUp(testApp, "Dirk Admin", options.adminEmail));
  if (member.householdId !== owner.householdId) throw new Error("The member did not join A.");

  await setHouseholdPlan(db, owner.userId, "pro");

  const [aggregate] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.householdId, owner.householdId), eq(members.isHousehold, true)));
  const category = await jsonOk<{ id: string }>(
    await owner.client.post("/api/categories", { kind: "expense", name: "Matrix groceries" }),
    201,
  );
  const [income] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.householdId, owner.householdId), eq(categories.kind, "income")))
    .orderBy(asc(categories.name))
    .limit(1);
  const [adminCategory] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.householdId, admin.householdId), eq(categories.kind, "expense")))
    .limit(1);
  if (!aggregate || !income || !adminCategory) throw new Error("Default rows are missing.");

  const day = today();
  const month = day.slice(0, 7);
  const entry = (body: Record<string, unknown>) =>
    owner.client
      .post("/api/transactions", {
        amountCents: 1250,
        occurredOn: `${month}-01`,
        merchant: "Matrix market",
        ...body,
      })
      .then((response) => jsonOk<{ id: string }>(response, 201));
  const personal = await entry({
    kind: "expense",
    categoryId: category.id,
    splitMode: "personal",
    memberId: owner.memberId,
    paidByMemberId: owner.memberId,
  });
  const split = await entry({
    kind: "expense",
    categoryId: category.id,
    splitMode: "percent",
    paidByMemberId: member.memberId,
    shares: [
      { memberId: owner.memberId, percentBp: 5000 },
      { memberId: member.memberId, percentBp: 5000 },
    ],
  });
  const incomeEntry = await entry({
    kind: "income",
    categoryId: income.id,
    splitMode: "personal",
    memberId: member.memberId,
    receivedByMemberId: member.memberId,
  });
  const rule = await newRule(testApp, owner, category.id);
  const budget = await jsonOk<{ id: string }>(
    await owner.client.put("/api/budgets", {
      categoryId: category.id,
      memberId: null,
      month,
      amountCents: 40000,
    }),
  );
  const savings = await jsonOk<{ id: string; rates: { id: string }[] }>(
    await owner.client.post("/api/savings/accounts", {
      name: "Matrix savings",
      institution: "Matrix bank",
      kind: "savings",
      ownerKind: "shared",
      shares: [
        { memberId: owner.memberId, percentBp: 6000 },
        { memberId: member.memberId, percentBp: 4000 },
      ],
      rateBp: 150,
      openingBalanceCents: 250000,
      openedOn: `${month}-01`,
    }),
    201,
  );
  const deposit = await jsonOk<{ id: string }>(
    await owner.client.post(`/api/savings/accounts/${savings.id}/movements`, {
      kind: "deposit",
      amountCents: 10000,
      occurredOn: `${month}-01`,
    }),
    201,
  );
  const statement = await jsonOk<{ id: string }>(
    await owner.client.post(`/api/savings/accounts/${savings.id}/statements`, {
      statedOn: `${month}-01`,
      balanceCents: 260500,
    }),
    201,
  );
  const goal = await jsonOk<{ id: string }>(
    await owner.client.post("/api/savings/goals", {
      name: "Matrix holiday",
      targetCents: 500000,
      targetDate: `${Number(month.slice(0, 4)) + 2}-06-01`,
      accountIds: [savings.id],
    }),
    201,
  );
  const portfolio = await jsonOk<{ id: string }>(
    await owner.client.post("/api/investments/portfolios", {
      name: "Matrix broker",
      broker: "Matrix broker bank",
      ownerKind: "shared",
      shares: [
        { memberId: owner.memberId, percentBp: 6000 },
        { memberId: member.memberId, percentBp: 4000 },
      ],
    }),
    201,
  );
  const holding = await jsonOk<{ id: string }>(
    await owner.client.post(`/api/investments/portfolios/${portfolio.id}/holdings`, {
      name: "Matrix All-World",
      symbol: "VWCE",
      isin: "IE00BK5BQT80",
      kind: "etf",
      currency: "EUR",
    }),
    201,
  );
  const buy = await jsonOk<{ id: string }>(
    await owner.client.post(`/api/investments/holdings/${holding.id}/trades`, {
      kind: "buy",
      occurredOn: `${month}-01`,
      quantity: 10,
      price: 110.5,
      feesCents: 300,
    }),
    201,
  );
  const holdingPrice = await jsonOk<{ id: string }>(
    await owner.client.post(`/api/investments/holdings/${holding.id}/prices`, {
      pricedOn: `${month}-01`,
      price: 111.25,
    }),
    201,
  );
  const loan = await newLoan(owner, member, month);
  const taxItem = await jsonOk<{ items: { id: string }[] }>(
    await owner.client.post("/api/taxes/items", {
      year: matrixTaxYear,
      kind: "provisional-assessment",
      status: "paid",
      amountCents: 12000,
      onDate: `${matrixTaxYear}-02-01`,
      description: "Matrix voorlopige aanslag",
      memberId: owner.memberId,
    }),
    201,
  );
  const taxDeadline = await jsonOk<{ id: string }>(
    await owner.client.post("/api/taxes/deadlines", {
      year: matrixTaxYear,
      kind: "file-return",
      title: "Matrix aangifte",
      dueOn: `${matrixTaxYear + 1}-05-01`,
      remindDaysBefore: 14,
    }),
    201,
  );
  await jsonOk(
    await owner.client.put(`/api/taxes/years/${matrixTaxYear}/box3-settings`, {
      partnerIds: [owner.memberId, member.memberId],
      firstPartnerSplitBp: 6000,
    }),
  );
  const policy = await jsonOk<{ id: string }>(
    await owner.client.post("/api/insurance/policies", {
      kind: "health-basic",
      insurer: "Matrix Zorg",
      premiumCents: 14_250,
      deductibleCents: 38_500,
      startDate: `${month.slice(0, 4)}-01-01`,
      renewalDate: `${Number(month.slice(0, 4)) + 1}-01-01`,
      noticePeriod: { value: 1, unit: "months" },
      insured: "members",
      members: [{ memberId: owner.memberId }, { memberId: member.memberId }],
    }),
    201,
  );
  const invitation = await inviteByMail(testApp, owner);
  const checkoutId = await newCheckout(testApp, owner);

  const plans = await db.select().from(subscriptionPlans);
  const premium = plans.find((plan) => plan.name === "premium");
  const pro = plans.find((plan) => plan.name === "pro");
  const [feature] = premium
    ? await db
        .select({ id: subscriptionPlanFeatures.id })
        .from(subscriptionPlanFeatures)
        .where(eq(subscriptionPlanFeatures.planId, premium.id))
        .limit(1)
    : [];
  if (!premium || !pro || !feature) throw new Error("The seeded plans are missing.");
  const coupon = await newCoupon(testApp, "MATRIX10");

  const avatar = await jsonOk<{ avatarUrl: string }>(
    await owner.client.request("POST", "/api/profile/avatar", avatarForm()),
  );

  return {
    testApp,
    people: { owner, member, otherHousehold, admin },
    a: {
      householdId: owner.householdId,
      ownerMemberId: owner.memberId,
      memberMemberId: member.memberId,
      aggregateId: aggregate.id,
      expenseCategoryId: category.id,
      incomeCategoryId: income.id,
      personalEntryId: personal.id,
      splitEntryId: split.id,
      incomeEntryId: incomeEntry.id,
      ruleId: rule.id,
      occurrenceId: rule.occurrenceId,
      budgetId: budget.id,
      savingsAccountId: savings.id,
      savingsRateId: savings.rates[0]?.id ?? "",
      savingsMovementId: deposit.id,
      savingsStatementId: statement.id,
      goalId: goal.id,
      portfolioId: portfolio.id,
      holdingId: holding.id,
      tradeId: buy.id,
      priceId: holdingPrice.id,
      ...loan,
      taxItemId: taxItem.items[0]?.id ?? "",
      taxDeadlineId: taxDeadline.id,
      insurancePolicyId: policy.id,
      invitationId: invitation.id,
      checkoutId,
    },
    invitationToken: invitation.token,
    ownerAvatarPath: avatar.avatarUrl,
    plans: { premiumId: premium.id, proId: pro.id, featureId: feature.id },
    coupon,
    adminExpenseCategoryId: adminCategory.id,
    today: day,
    month,
    staticDir: options.staticDir,
    assetPath: options.assetPath,
  };
}

/**
 * A mortgage of A shared 60/40 by owner and member, borrowed two years before `month`: an
 * annuity part with a yearly extra repayment and a linear part with a fixed-rate period.
 */
async function newLoan(owner: Person, member: Person, month: string) {
  const start = `${Number(month.slice(0, 4)) - 2}-${month.slice(5, 7)}-01`;
  const loan = await jsonOk<{ id: string; parts: { id: string }[] }>(
    await owner.client.post("/api/loans", {
      name: "Matrix mortgage",
      kind: "mortgage",
      lender: "Matrix bank",
      ownHome: true,
      ownerKind: "shared",
      shares: [
        { memberId: owner.memberId, percentBp: 6000 },
        { memberId: member.memberId, percentBp: 4000 },
      ],
      parts: [
        {
          principalCents: 25000000,
          startDate: start,
          termMonths: 360,
          repaymentType: "annuity",
          rateBp: 385,
        },
        {
          principalCents: 10000000,
          startDate: start,
          termMonths: 360,
          repaymentType: "linear",
          rateBp: 410,
          fixedMonths: 120,
          followingRateBp: 450,
        },
      ],
    }),
    201,
  );
  const loanPartId = loan.parts[0]?.id ?? "";
  const withExtra = await jsonOk<{ extras: { id: string }[] }>(
    await owner.client.post(`/api/loans/${loan.id}/extras`, {
      partId: loanPartId,
      kind: "yearly",
      date: `${month}-01`,
      amountCents: 500000,
    }),
    201,
  );
  return { loanId: loan.id, loanPartId, loanExtraId: withExtra.extras[0]?.id ?? "" };
}

/** A monthly rule of the owner, started two months ago, and one of the entries it made. */
export async function newRule(testApp: () => TestApp, owner: Person, categoryId: string) {
  const start = new Date(`${today()}T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - 2, 1);
  const rule = await jsonOk<{ id: string }>(
    await owner.client.post("/api/recurring", {
      kind: "expense",
      amountCents: 5000,
      occurredOn: start.toISOString().slice(0, 10),
      categoryId,
      merchant: "Matrix rent",
      splitMode: "personal",
      memberId: owner.memberId,
      paidByMemberId: owner.memberId,
      frequency: "monthly",
    }),
    201,
  );
  const page = await jsonOk<{ items: { id: string; recurringRuleId: string | null }[] }>(
    await owner.client.get("/api/transactions?q=Matrix%20rent&limit=200"),
  );
  const occurrence = page.items.find((item) => item.recurringRuleId === rule.id);
  if (!occurrence) throw new Error("The recurring rule made no entry.");
  return { id: rule.id, occurrenceId: occurrence.id };
}

/** A pending test checkout of the owner's household for Pro, monthly (as create-checkout makes). */
export async function newCheckout(testApp: () => TestApp, owner: Person): Promise<string> {
  const [row] = await testApp()
    .deps.database.db.insert(checkouts)
    .values({
      householdId: owner.householdId,
      createdBy: owner.userId,
      planName: "pro",
      billingPeriod: "monthly",
      priceCents: 999,
    })
    .returning({ id: checkouts.id });
  if (!row) throw new Error("The checkout was not stored.");
  return row.id;
}

/** A coupon as an administrator would add it: 10 % off, no end, no limit of uses. */
export async function newCoupon(testApp: () => TestApp, code: string) {
  const [row] = await testApp()
    .deps.database.db.insert(coupons)
    .values({ code, percentOff: 10 })
    .returning({ id: coupons.id, code: coupons.code });
  if (!row) throw new Error("The coupon was not stored.");
  return row;
}

/** Puts household A back on an active Pro subscription (after a route cancelled or paid one). */
export async function restorePro(fx: MatrixFixture) {
  await setHouseholdPlan(fx.testApp().deps.database.db, fx.people.owner.userId, "pro");
}
