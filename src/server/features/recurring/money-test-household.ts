import { and, eq } from "drizzle-orm";
import { members } from "#server/db/schema/households.ts";
import type { Db } from "#server/db/client.ts";
import { categories, transactions, transactionShares } from "#server/db/schema/money.ts";
import { findMembership } from "#server/features/households/households.service.ts";
import { outboxVerificationLink, signUpAndVerify, type SignedUp } from "#test/accounts.ts";
import type { TestApp } from "#test/test-app.ts";

/**
 * For the money tests: a person signed up through the real routes (their household gets the
 * default categories), plus a partner member row in the same household (a person without an
 * account, enough for shares), and the ids the tests need.
 */
export type MoneyHousehold = {
  person: SignedUp;
  householdId: string;
  memberId: string;
  partnerId: string;
  aggregateId: string;
  /** An expense category and an income category of the household. */
  expenseCategoryId: string;
  otherExpenseCategoryId: string;
  incomeCategoryId: string;
};

export async function moneyHousehold(
  testApp: () => TestApp,
  name: string,
  language: "en" | "nl" = "en",
  email?: string,
): Promise<MoneyHousehold> {
  const person = await signUpAndVerify(testApp, {
    name,
    language,
    ...(email ? { email } : {}),
    verificationLink: outboxVerificationLink(testApp),
  });
  const db = testApp().deps.database.db;
  const membership = await findMembership(db, person.userId);
  if (!membership) throw new Error("No membership after sign-up.");
  const { householdId, memberId } = membership;
  const [partner] = await db
    .insert(members)
    .values({ householdId, name: `Partner of ${name}`, role: "member" })
    .returning();
  const [aggregate] = await db
    .select()
    .from(members)
    .where(and(eq(members.householdId, householdId), eq(members.isHousehold, true)));
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.householdId, householdId))
    .orderBy(categories.name);
  const expenses = rows.filter((row) => row.kind === "expense");
  const income = rows.find((row) => row.kind === "income");
  if (!partner || !aggregate || expenses.length < 2 || !income) {
    throw new Error("The household lacks a partner, its aggregate row or default categories.");
  }
  return {
    person,
    householdId,
    memberId,
    partnerId: partner.id,
    aggregateId: aggregate.id,
    expenseCategoryId: expenses[0]?.id ?? "",
    otherExpenseCategoryId: expenses[1]?.id ?? "",
    incomeCategoryId: income.id,
  };
}

/** Reads a JSON answer after checking its status. */
export async function jsonOf<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) {
    throw new Error(`Expected ${status}, got ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/**
 * Stores an entry straight in the tables (the way the entry routes store one): the amount is the
 * sum of the shares; `paidBy` defaults to the first share's member.
 */
export async function addEntry(
  db: Db,
  home: MoneyHousehold,
  entry: {
    kind?: "income" | "expense" | "settlement";
    date: string;
    categoryId: string | null;
    shares: [memberId: string, cents: number][];
    deleted?: boolean;
  },
): Promise<string> {
  const kind = entry.kind ?? "expense";
  const amountCents = entry.shares.reduce((total, [, cents]) => total + cents, 0);
  const first = entry.shares[0]?.[0] ?? home.memberId;
  const [row] = await db
    .insert(transactions)
    .values({
      householdId: home.householdId,
      kind,
      amountCents,
      occurredOn: entry.date,
      categoryId: entry.categoryId,
      splitMode: entry.shares.length > 1 ? "amount" : "personal",
      paidByMemberId: kind === "income" ? null : first,
      receivedByMemberId: kind === "expense" ? null : first,
      deletedAt: entry.deleted ? new Date() : null,
    })
    .returning({ id: transactions.id });
  if (!row) throw new Error("The entry was not stored.");
  if (kind !== "settlement") {
    await db.insert(transactionShares).values(
      entry.shares.map(([memberId, cents]) => ({
        transactionId: row.id,
        householdId: home.householdId,
        memberId,
        amountCents: cents,
        percentBp: null,
      })),
    );
  }
  return row.id;
}
