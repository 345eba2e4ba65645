/** Every table, for Drizzle's relational queries and drizzle-kit. */
export { user, session, account, verification, rateLimit } from "./schema/auth.ts";
export {
  profiles,
  households,
  householdTouches,
  members,
  invitations,
} from "./schema/households.ts";
export { outboxMails } from "./schema/mail.ts";
export {
  subscriptionPlans,
  subscriptionPlanFeatures,
  coupons,
  subscriptions,
  checkouts,
  stripeEvents,
} from "./schema/billing.ts";
export {
  categories,
  recurringRules,
  recurringRuleShares,
  transactions,
  transactionShares,
  budgets,
  monthlyTotals,
  imports,
  categoryRules,
  importMappings,
} from "./schema/money.ts";
export { accountRateLimits } from "./schema/limits.ts";
export {
  savingsAccounts,
  savingsAccountShares,
  savingsRates,
  savingsMovements,
  savingsStatements,
  savingsGoals,
  savingsGoalAccounts,
  savingsGoalContributions,
} from "./schema/savings.ts";
export {
  portfolios,
  portfolioShares,
  holdings,
  investmentTrades,
  holdingPrices,
} from "./schema/investments.ts";
export { loans, loanShares, loanParts, loanExtraRepayments } from "./schema/loans.ts";
export { taxItems, taxDeadlines, taxYears } from "./schema/taxes.ts";
export { insurancePolicies, insurancePolicyMembers } from "./schema/insurance.ts";
