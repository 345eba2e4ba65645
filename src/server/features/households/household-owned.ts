import { getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  budgets,
  categories,
  recurringRules,
  recurringRuleShares,
  transactions,
  transactionShares,
} from "#server/db/schema/money.ts";

/**
 * A table whose rows belong to a household (transactions, budgets, savings, ...): when a person
 * accepts an invitation, the rows of their old household move into the new one, and every member
 * column pointing at their old member row (or at their old household's aggregate row) is
 * re-pointed at their new member row. Columns must be declared with their SQL name
 * (`uuid("household_id")`), like every column in src/server/db/schema.
 */
export type HouseholdOwnedTable = {
  table: PgTable;
  /** The column holding the household's id. */
  householdColumn: PgColumn;
  /** Columns holding a member's id (who the entry is for, who paid, who received, ...). */
  memberColumns: PgColumn[];
};

/**
 * Every household-owned table. An entry table registers here when it is added to the schema;
 * the merge on accepting an invitation moves whatever is listed, so nothing is left behind.
 */
export const householdOwnedTables: readonly HouseholdOwnedTable[] = [
  { table: categories, householdColumn: categories.householdId, memberColumns: [] },
  {
    table: recurringRules,
    householdColumn: recurringRules.householdId,
    memberColumns: [recurringRules.paidByMemberId, recurringRules.receivedByMemberId],
  },
  {
    table: recurringRuleShares,
    householdColumn: recurringRuleShares.householdId,
    memberColumns: [recurringRuleShares.memberId],
  },
  {
    table: transactions,
    householdColumn: transactions.householdId,
    memberColumns: [
      transactions.paidByMemberId,
      transactions.receivedByMemberId,
      transactions.createdByMemberId,
    ],
  },
  {
    table: transactionShares,
    householdColumn: transactionShares.householdId,
    memberColumns: [transactionShares.memberId],
  },
  { table: budgets, householdColumn: budgets.householdId, memberColumns: [budgets.memberId] },
];

/**
 * The one statement that moves a table's rows from one household to another, re-pointing the
 * member columns: references to any of `fromMemberIds` become `toMemberId`.
 */
export function moveRowsStatement(
  owned: HouseholdOwnedTable,
  move: {
    fromHouseholdId: string;
    toHouseholdId: string;
    fromMemberIds: string[];
    toMemberId: string;
  },
): SQL {
  const table = sql.identifier(getTableName(owned.table));
  const household = sql.identifier(owned.householdColumn.name);
  const from = sql.join(
    move.fromMemberIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const assignments = [
    sql`${household} = ${move.toHouseholdId}::uuid`,
    ...owned.memberColumns.map((column) => {
      const name = sql.identifier(column.name);
      return sql`${name} = case when ${name} in (${from}) then ${move.toMemberId}::uuid else ${name} end`;
    }),
  ];
  return sql`update ${table} set ${sql.join(assignments, sql`, `)} where ${household} = ${move.fromHouseholdId}::uuid`;
}
