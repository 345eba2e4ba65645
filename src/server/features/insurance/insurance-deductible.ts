import { and, eq, gte, isNull, lte, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/client.ts";
import { categories, transactions, transactionShares } from "#server/db/schema/money.ts";
import type { IsoDate } from "#shared/dates.ts";
import { deductibleUse } from "#shared/insurance-math.ts";
import type { DeductibleRow } from "#shared/schemas/insurance.schema.ts";

/**
 * The health deductible (eigen risico) per person covered by basic health insurance (decision
 * 024): the year's mandatory plus voluntary deductible of the policy in force that covers them,
 * and what their share of the year's expenses in categories marked as health care used of it.
 * Shares are counted as the dashboard counts them: each entry's share rows, deleted entries left
 * out.
 */

/** Each member's share of the household's health-care expenses from `from` to `to`. */
export async function healthCareSpending(
  tx: Queryable,
  householdId: string,
  from: IsoDate,
  to: IsoDate,
): Promise<Map<string, number>> {
  const rows = await tx
    .select({
      memberId: transactionShares.memberId,
      cents: sql<number>`coalesce(sum(${transactionShares.amountCents}), 0)::bigint`.mapWith(
        Number,
      ),
    })
    .from(transactions)
    .innerJoin(transactionShares, eq(transactionShares.transactionId, transactions.id))
    .innerJoin(categories, eq(categories.id, transactions.categoryId))
    .where(
      and(
        eq(transactions.householdId, householdId),
        eq(transactionShares.householdId, householdId),
        eq(transactions.kind, "expense"),
        isNull(transactions.deletedAt),
        gte(transactions.occurredOn, from),
        lte(transactions.occurredOn, to),
        eq(categories.healthCare, true),
      ),
    )
    .groupBy(transactionShares.memberId);
  return new Map(rows.map((row) => [row.memberId, row.cents]));
}

type HealthPolicy = {
  id: string;
  insurer: string;
  deductibleCents: number | null;
  voluntaryDeductibleCents: number | null;
};

/**
 * The year's deductible rows: for each person (in the order given) the first basic health
 * policy in force that covers them, with what their health-care spending used of it and what is
 * left. A person without one has no row.
 */
export function deductibleRows(
  year: number,
  people: readonly string[],
  policyFor: (memberId: string) => HealthPolicy | undefined,
  spending: ReadonlyMap<string, number>,
): DeductibleRow[] {
  return people.flatMap((memberId) => {
    const policy = policyFor(memberId);
    if (!policy) return [];
    return [
      {
        memberId,
        policyId: policy.id,
        insurer: policy.insurer,
        year,
        ...deductibleUse(
          policy.deductibleCents,
          policy.voluntaryDeductibleCents,
          spending.get(memberId) ?? 0,
        ),
      },
    ];
  });
}
