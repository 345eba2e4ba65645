import { getTableName, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { user } from "#server/db/schema/auth.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { households, invitations, members, profiles } from "#server/db/schema/households.ts";
import { householdOwnedTables } from "#server/features/households/household-owned.ts";

/**
 * What the household export reads (docs/export-format.md, decision 032): the household's own
 * rows, every table of the household-owned registry (so a table added there is exported without
 * a change here), and the exporting person's own account and profile. Secrets never leave:
 * sessions, accounts (password hashes), verification and invitation tokens, Stripe's ids.
 */

/** The areas a table belongs to: the folders of the CSV zip and the `area` of each table. */
export const exportAreas = [
  "household",
  "income-spending",
  "savings",
  "investments",
  "loans",
  "taxes",
  "insurance",
  "other",
] as const;
export type ExportArea = (typeof exportAreas)[number];

/** The area of each table by its SQL name; a table not listed here goes to "other". */
const areaOfTable: Record<string, ExportArea> = {
  user: "household",
  profiles: "household",
  households: "household",
  members: "household",
  invitations: "household",
  subscriptions: "household",
  categories: "income-spending",
  recurring_rules: "income-spending",
  recurring_rule_shares: "income-spending",
  imports: "income-spending",
  import_mappings: "income-spending",
  transactions: "income-spending",
  transaction_shares: "income-spending",
  budgets: "income-spending",
  category_rules: "income-spending",
  savings_accounts: "savings",
  savings_account_shares: "savings",
  savings_rates: "savings",
  savings_movements: "savings",
  savings_statements: "savings",
  savings_goals: "savings",
  savings_goal_accounts: "savings",
  savings_goal_contributions: "savings",
  portfolios: "investments",
  portfolio_shares: "investments",
  holdings: "investments",
  investment_trades: "investments",
  holding_prices: "investments",
  loans: "loans",
  loan_shares: "loans",
  loan_parts: "loans",
  loan_extra_repayments: "loans",
  tax_items: "taxes",
  tax_deadlines: "taxes",
  tax_years: "taxes",
  insurance_policies: "insurance",
  insurance_policy_members: "insurance",
};

/** Who exports: the rows are the household's, the account and profile the person's own. */
export type Exporter = {
  userId: string;
  householdId: string;
  memberId: string;
  role: "owner" | "member";
};

export type ExportColumn = { name: string; type: string; notNull: boolean };
export type ExportReference = { columns: string[]; table: string; foreignColumns: string[] };

export type ExportSource = {
  /** The table's SQL name: the key in the document and the CSV file's name. */
  name: string;
  area: ExportArea;
  table: PgTable;
  /** The exported columns, in the table's order, secrets left out. */
  columns: ExportColumn[];
  /** The primary key's columns: rows are read in batches in this order (keyset). */
  primaryKey: string[];
  /** The table's foreign keys among the exported columns, for a restore to re-point ids. */
  references: ExportReference[];
  /** The condition that keeps the rows to the exporter's household (or the person's own). */
  scope: (who: Exporter) => SQL;
  /** Only in the owner's export (a member sees no invitations in the app either). */
  ownerOnly: boolean;
};

type SourceSpec = {
  table: PgTable;
  scope: (who: Exporter) => SQL;
  omit?: PgColumn[];
  ownerOnly?: boolean;
};

const byColumn = (column: PgColumn, value: (who: Exporter) => string) => (who: Exporter) =>
  sql`${sql.identifier(column.name)} = ${value(who)}`;

/** The rows that are the household's, or the person's, outside the household-owned registry. */
const fixedSources: SourceSpec[] = [
  { table: households, scope: byColumn(households.id, (who) => who.householdId) },
  { table: members, scope: byColumn(members.householdId, (who) => who.householdId) },
  // The person's own account (no password: that is in Better Auth's `account`, never exported).
  { table: user, scope: byColumn(user.id, (who) => who.userId) },
  // A profile (phone, address, date of birth) is its person's: each exports their own.
  { table: profiles, scope: byColumn(profiles.id, (who) => who.userId) },
  {
    table: invitations,
    scope: byColumn(invitations.householdId, (who) => who.householdId),
    omit: [invitations.tokenHash],
    ownerOnly: true,
  },
  {
    table: subscriptions,
    scope: byColumn(subscriptions.householdId, (who) => who.householdId),
    omit: [
      subscriptions.stripeCustomerId,
      subscriptions.stripeSubscriptionId,
      subscriptions.stripeEventCreated,
    ],
  },
];

function toSource(spec: SourceSpec): ExportSource {
  const config = getTableConfig(spec.table);
  const omitted = new Set((spec.omit ?? []).map((column) => column.name));
  const columns = config.columns
    .filter((column) => !omitted.has(column.name))
    .map((column) => ({
      name: column.name,
      type: column.getSQLType(),
      notNull: column.notNull,
    }));
  const primaryKey =
    config.primaryKeys[0]?.columns.map((column) => column.name) ??
    config.columns.filter((column) => column.primary).map((column) => column.name);
  const name = getTableName(spec.table);
  if (primaryKey.length === 0) throw new Error(`The export needs a primary key on ${name}.`);
  const exported = new Set(columns.map((column) => column.name));
  const references = config.foreignKeys
    .map((key) => key.reference())
    .map((reference) => ({
      columns: reference.columns.map((column) => column.name),
      table: getTableName(reference.foreignTable),
      foreignColumns: reference.foreignColumns.map((column) => column.name),
    }))
    .filter((reference) => reference.columns.every((column) => exported.has(column)));
  return {
    name,
    area: areaOfTable[name] ?? "other",
    table: spec.table,
    columns,
    primaryKey,
    references,
    scope: spec.scope,
    ownerOnly: spec.ownerOnly ?? false,
  };
}

/**
 * Tables in an order a restore can insert them in: each after the tables it references (a
 * reference to itself or to a table outside the export does not count), otherwise as listed.
 */
export function dependencyOrder(sources: ExportSource[]): ExportSource[] {
  const names = new Set(sources.map((source) => source.name));
  const placed = new Set<string>();
  const ordered: ExportSource[] = [];
  const waiting = [...sources];
  while (waiting.length > 0) {
    const index = waiting.findIndex((source) =>
      source.references.every(
        (reference) =>
          reference.table === source.name ||
          !names.has(reference.table) ||
          placed.has(reference.table),
      ),
    );
    // A cycle would leave nothing ready: keep the listed order for what remains.
    const [next] = waiting.splice(index === -1 ? 0 : index, 1);
    if (!next) break;
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

/** Every table of the export, in dependency order. Worked out once, from the schema. */
export const exportSources: readonly ExportSource[] = dependencyOrder([
  ...fixedSources.map(toSource),
  ...householdOwnedTables.map((owned) =>
    toSource({
      table: owned.table,
      scope: byColumn(owned.householdColumn, (who) => who.householdId),
    }),
  ),
]);

/** The tables a person's export holds: a member's leaves out what only the owner sees. */
export function sourcesFor(who: Exporter): ExportSource[] {
  return exportSources.filter((source) => !source.ownerOnly || who.role === "owner");
}
