import { members } from "#server/db/schema/households.ts";
import {
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import type { TestApp } from "#test/test-app.ts";

/**
 * For the entries tests: the money tests' household (a person signed up through the real
 * routes, with a partner) plus a third member without an account, for splits of three.
 */
export type EntriesHousehold = MoneyHousehold & { thirdId: string };

export async function entriesHousehold(
  testApp: () => TestApp,
  name: string,
  options: { language?: "en" | "nl"; email?: string } = {},
): Promise<EntriesHousehold> {
  const home = await moneyHousehold(testApp, name, options.language, options.email);
  const [third] = await testApp()
    .deps.database.db.insert(members)
    .values({ householdId: home.householdId, name: `Third of ${name}`, role: "member" })
    .returning();
  if (!third) throw new Error("The third member was not stored.");
  return { ...home, thirdId: third.id };
}

/** Reads a JSON answer after checking its status. */
export const expectJson = jsonOf;
