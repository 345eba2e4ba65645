import { getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  budgets,
  categories,
  categoryRules,
  importMappings,
  imports,
  recurringRules,
  recurringRuleShares,
  transactions,
  transactionShares,
} from "#server/db/schema/money.ts";
import {
  holdingPrices,
  holdings,
  investmentTrades,
  portfolios,
  portfolioShares,
} from "#server/db/schema/investments.ts";
import { loanExtraRepayments, loanParts, loans, loanShares } from "#server/db/schema/loans.ts";
import { taxDeadlines, taxItems, taxYears } from "#server/db/schema/taxes.ts";
import { insurancePolicies, insurancePolicyMembers } from "#server/db/schema/insurance.ts";
import {
  savingsAccounts,
  savingsAccountShares,
  savingsGoalAccounts,
  savingsGoalContributions,
  savingsGoals,
  savingsMovements,
  savingsRates,
  savingsStatements,
} from "#server/db/schema/savings.ts";

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
  /**
   * Statements run before the rows move, while the old household's rows are still apart: what
   * belonged to the old household as a whole becomes the joining person's own.
   */
  beforeMove?: (move: HouseholdMove) => SQL[];
};

export type HouseholdMove = {
  fromHouseholdId: string;
  toHouseholdId: string;
  /** The person's old member row and the old household's aggregate row. */
  fromMemberIds: string[];
  toMemberId: string;
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
    table: imports,
    householdColumn: imports.householdId,
    memberColumns: [imports.memberId, imports.createdByMemberId],
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
  { table: categoryRules, householdColumn: categoryRules.householdId, memberColumns: [] },
  {
    table: importMappings,
    householdColumn: importMappings.householdId,
    memberColumns: [],
    // One mapping per file shape: where both households remembered one, the joined one's stays.
    beforeMove: (move) => [
      sql`delete from import_mappings f where f.household_id = ${move.fromHouseholdId}::uuid
          and exists (select 1 from import_mappings t
            where t.household_id = ${move.toHouseholdId}::uuid and t.shape = f.shape)`,
    ],
  },
  {
    table: savingsAccounts,
    householdColumn: savingsAccounts.householdId,
    memberColumns: [],
    // An account of a household of one was that person's: in the new household it stays theirs
    // (the share row is re-pointed to their new member row with the other member columns).
    beforeMove: (move) => [
      sql`insert into savings_account_shares (account_id, household_id, member_id, percent_bp)
          select id, household_id, ${move.fromMemberIds[0] ?? null}::uuid, 10000 from savings_accounts
          where household_id = ${move.fromHouseholdId}::uuid and owner_kind = 'household'`,
      sql`update savings_accounts set owner_kind = 'member'
          where household_id = ${move.fromHouseholdId}::uuid and owner_kind = 'household'`,
    ],
  },
  {
    table: savingsAccountShares,
    householdColumn: savingsAccountShares.householdId,
    memberColumns: [savingsAccountShares.memberId],
  },
  { table: savingsRates, householdColumn: savingsRates.householdId, memberColumns: [] },
  {
    table: savingsMovements,
    householdColumn: savingsMovements.householdId,
    memberColumns: [savingsMovements.sourceMemberId, savingsMovements.createdByMemberId],
  },
  { table: savingsStatements, householdColumn: savingsStatements.householdId, memberColumns: [] },
  { table: savingsGoals, householdColumn: savingsGoals.householdId, memberColumns: [] },
  {
    table: savingsGoalAccounts,
    householdColumn: savingsGoalAccounts.householdId,
    memberColumns: [],
  },
  {
    table: savingsGoalContributions,
    householdColumn: savingsGoalContributions.householdId,
    memberColumns: [savingsGoalContributions.memberId],
  },
  {
    table: portfolios,
    householdColumn: portfolios.householdId,
    memberColumns: [],
    // As with savings accounts: a portfolio of a household of one was that person's, and stays
    // theirs in the new household.
    beforeMove: (move) => [
      sql`insert into portfolio_shares (portfolio_id, household_id, member_id, percent_bp)
          select id, household_id, ${move.fromMemberIds[0] ?? null}::uuid, 10000 from portfolios
          where household_id = ${move.fromHouseholdId}::uuid and owner_kind = 'household'`,
      sql`update portfolios set owner_kind = 'member'
          where household_id = ${move.fromHouseholdId}::uuid and owner_kind = 'household'`,
    ],
  },
  {
    table: portfolioShares,
    householdColumn: portfolioShares.householdId,
    memberColumns: [portfolioShares.memberId],
  },
  { table: holdings, householdColumn: holdings.householdId, memberColumns: [] },
  {
    table: investmentTrades,
    householdColumn: investmentTrades.householdId,
    memberColumns: [investmentTrades.createdByMemberId],
  },
  { table: holdingPrices, householdColumn: holdingPrices.householdId, memberColumns: [] },
  {
    table: loans,
    householdColumn: loans.householdId,
    memberColumns: [],
    // As with savings accounts: a loan of a household of one was that person's, and stays
    // theirs in the new household.
    beforeMove: (move) => [
      sql`insert into loan_shares (loan_id, household_id, member_id, percent_bp)
          select id, household_id, ${move.fromMemberIds[0] ?? null}::uuid, 10000 from loans
          where household_id = ${move.fromHouseholdId}::uuid and owner_kind = 'household'`,
      sql`update loans set owner_kind = 'member'
          where household_id = ${move.fromHouseholdId}::uuid and owner_kind = 'household'`,
    ],
  },
  {
    table: loanShares,
    householdColumn: loanShares.householdId,
    memberColumns: [loanShares.memberId],
  },
  { table: loanParts, householdColumn: loanParts.householdId, memberColumns: [] },
  {
    table: loanExtraRepayments,
    householdColumn: loanExtraRepayments.householdId,
    memberColumns: [],
  },
  { table: taxItems, householdColumn: taxItems.householdId, memberColumns: [taxItems.memberId] },
  {
    table: taxDeadlines,
    householdColumn: taxDeadlines.householdId,
    memberColumns: [taxDeadlines.memberId],
  },
  {
    table: taxYears,
    householdColumn: taxYears.householdId,
    memberColumns: [taxYears.partnerAMemberId, taxYears.partnerBMemberId],
    // One row per household and year: where the new household has chosen for a year, its
    // choice stands and the joining person's is dropped.
    beforeMove: (move) => [
      sql`delete from tax_years where household_id = ${move.fromHouseholdId}::uuid
          and year in (select year from tax_years where household_id = ${move.toHouseholdId}::uuid)`,
    ],
  },
  {
    table: insurancePolicies,
    householdColumn: insurancePolicies.householdId,
    memberColumns: [],
    // A policy of a household of one that covered the whole household covered that person: in
    // the new household it covers them alone, not the family they join.
    beforeMove: (move) => [
      sql`insert into insurance_policy_members (policy_id, household_id, member_id, share_bp, position)
          select p.id, p.household_id, ${move.fromMemberIds[0] ?? null}::uuid, null, 0
          from insurance_policies p
          where p.household_id = ${move.fromHouseholdId}::uuid
            and not exists (select 1 from insurance_policy_members m where m.policy_id = p.id)`,
    ],
  },
  {
    table: insurancePolicyMembers,
    householdColumn: insurancePolicyMembers.householdId,
    memberColumns: [insurancePolicyMembers.memberId],
  },
];

/**
 * The one statement that moves a table's rows from one household to another, re-pointing the
 * member columns: references to any of `fromMemberIds` become `toMemberId`.
 */
export function moveRowsStatement(owned: HouseholdOwnedTable, move: HouseholdMove): SQL {
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
