import { and, eq } from "drizzle-orm";
import type { Db, Queryable } from "#server/db/client.ts";
import { recurringRules, transactions } from "#server/db/schema/money.ts";
import type { IsoDate } from "#shared/dates.ts";
import { catchUpRule, materializeStep } from "./materialize.ts";

/** The column that ties a recurring rule to what it books: a loan's payment, a policy's premium. */
export type RuleLink = "loanId" | "policyId";

/**
 * Ends the rules that book a loan's payment or a policy's premium and keeps what they booked:
 * the entries due up to `day` are made first, then each rule ends on `day` (or its own earlier
 * end) and lets go of its loan or policy; a rule that booked nothing yet is removed. `lock` takes
 * the loan's or policy's row in the transaction first; `then` runs in it after. Returns how many
 * rules there were (decisions 021 and 024).
 */
export async function endLinkedRules(
  db: Db,
  link: { householdId: string; column: RuleLink; id: string },
  day: IsoDate,
  lock: (tx: Queryable) => Promise<void>,
  then: (tx: Queryable) => Promise<void> = async () => undefined,
): Promise<number> {
  const linked = and(
    eq(recurringRules.householdId, link.householdId),
    eq(recurringRules[link.column], link.id),
  );
  for (const rule of await db.select().from(recurringRules).where(linked)) {
    await catchUpRule(db, rule, day);
  }
  return db.transaction(async (tx) => {
    await lock(tx);
    const rules = await tx.select().from(recurringRules).where(linked).for("update");
    for (const rule of rules) {
      // Anything that came due since the catch-up (one step holds it).
      await materializeStep(tx, rule, day);
      const [made] = await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.recurringRuleId, rule.id))
        .limit(1);
      if (!made) {
        await tx.delete(recurringRules).where(eq(recurringRules.id, rule.id));
        continue;
      }
      await tx
        .update(recurringRules)
        .set({
          endDate: rule.endDate && rule.endDate < day ? rule.endDate : day,
          [link.column]: null,
          updatedAt: new Date(),
        })
        .where(eq(recurringRules.id, rule.id));
    }
    await then(tx);
    return rules.length;
  });
}
