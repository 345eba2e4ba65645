import { and, eq } from "drizzle-orm";
import { members } from "#server/db/schema/households.ts";
import { categories } from "#server/db/schema/money.ts";
import { findMembership } from "#server/features/households/households.service.ts";
import { outboxVerificationLink, signUpAndVerify, type SignedUp } from "#test/accounts.ts";
import type { TestApp } from "#test/test-app.ts";

/**
 * For the entries tests: a person signed up through the real routes (their household gets the
 * default categories), a partner and a third member in the same household (people without an
 * account: enough for shares and payments), and the ids the tests use.
 */
export type EntriesHousehold = {
  person: SignedUp;
  householdId: string;
  memberId: string;
  partnerId: string;
  thirdId: string;
  aggregateId: string;
  expenseCategoryId: string;
  otherExpenseCategoryId: string;
  incomeCategoryId: string;
};

export async function entriesHousehold(
  testApp: () => TestApp,
  name: string,
  options: { language?: "en" | "nl"; email?: string } = {},
): Promise<EntriesHousehold> {
  const person = await signUpAndVerify(testApp, {
    name,
    ...(options.language ? { language: options.language } : {}),
    ...(options.email ? { email: options.email } : {}),
    verificationLink: outboxVerificationLink(testApp),
  });
  const db = testApp().deps.database.db;
  const membership = await findMembership(db, person.userId);
  if (!membership) throw new Error("No membership after sign-up.");
  const { householdId, memberId } = membership;
  const [partner, third] = await db
    .insert(members)
    .values([
      { householdId, name: `Partner of ${name}`, role: "member" },
      { householdId, name: `Third of ${name}`, role: "member" },
    ])
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
  if (!partner || !third || !aggregate || expenses.length < 2 || !income) {
    throw new Error("The household lacks members, its aggregate row or default categories.");
  }
  return {
    person,
    householdId,
    memberId,
    partnerId: partner.id,
    thirdId: third.id,
    aggregateId: aggregate.id,
    expenseCategoryId: expenses[0]?.id ?? "",
    otherExpenseCategoryId: expenses[1]?.id ?? "",
    incomeCategoryId: income.id,
  };
}

/** Reads a JSON answer after checking its status. */
export async function expectJson<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) {
    throw new Error(`Expected ${status}, got ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}
