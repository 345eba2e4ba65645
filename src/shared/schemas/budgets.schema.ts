import { z } from "zod";
import { isDateInRange } from "../dates.ts";
import { amountCentsSchema } from "./transactions.schema.ts";

/** A month as `YYYY-MM`, in Hearth's range of dates (decision 015). */
export const monthSchema = z
  .string({ error: "monthInvalid" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "monthInvalid", abort: true })
  .refine((month) => isDateInRange(`${month}-01`), { error: "dateOutOfRange" });

export const rolloverModes = ["none", "surplus", "all"] as const;
export type RolloverMode = (typeof rolloverModes)[number];

/**
 * Sets (creates or replaces) the budget of one expense category for one month, for the
 * household (`memberId` null) or for one member. An amount of 0 is allowed (nothing planned).
 */
export const setBudgetSchema = z.object({
  categoryId: z.string({ error: "categoryRequired" }).min(1, { error: "categoryRequired" }),
  memberId: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  month: monthSchema,
  amountCents: z.union([z.literal(0), amountCentsSchema], { error: "amountInvalid" }),
  rollover: z.enum(rolloverModes, { error: "invalid" }).default("none"),
});
export type SetBudgetInput = z.input<typeof setBudgetSchema>;

export const copyBudgetsSchema = z.object({
  fromMonth: monthSchema,
  toMonth: monthSchema,
  memberId: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
});

export const budgetQuerySchema = z.object({
  month: monthSchema,
  /** A member's budgets; without it, the household's. */
  member: z.string().max(100).optional(),
});

export const budgetStates = ["ok", "warning", "over"] as const;
export type BudgetState = (typeof budgetStates)[number];

export const budgetSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  memberId: z.string().nullable(),
  month: z.string(),
  amountCents: z.number().int(),
  rollover: z.enum(rolloverModes),
  /** Carried in from earlier months by roll-over (negative: overspending carried). */
  carriedCents: z.number().int(),
  /** amount + carried. */
  availableCents: z.number().int(),
  /** Spent in the month (a member's budget counts that member's shares). */
  spentCents: z.number().int(),
  /** spent / available in basis points (10000 = 100 %); null when nothing is available. */
  progressBp: z.number().int().nullable(),
  /** warning from 80 %, over past 100 %. */
  state: z.enum(budgetStates),
});
export type Budget = z.infer<typeof budgetSchema>;

/** Income and spending of a period, per category, for the household or one member. */
export const totalsQuerySchema = z.object({
  from: z.string(),
  to: z.string(),
  member: z.string().max(100).optional(),
});

export const totalsSchema = z.object({
  incomeCents: z.number().int(),
  expenseCents: z.number().int(),
  byCategory: z.array(
    z.object({
      categoryId: z.string(),
      kind: z.enum(["income", "expense"]),
      totalCents: z.number().int(),
      count: z.number().int(),
    }),
  ),
});
export type Totals = z.infer<typeof totalsSchema>;
