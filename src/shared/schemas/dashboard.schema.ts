import { z } from "zod";
import { isIsoDate } from "../dates.ts";
import { isoDateSchema, transactionListItemSchema } from "./transactions.schema.ts";

/**
 * The dashboard's query: a period (both dates, or neither for the current month), an optional
 * member (none, or the household's aggregate row: the household) and the person's today (their
 * own calendar; the server's when left out), which tells a period that runs from one that is over.
 */
export const dashboardQuerySchema = z
  .object({
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    member: z.string().max(100).optional(),
    today: isoDateSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.from && !value.to)
      ctx.addIssue({ code: "custom", path: ["to"], message: "dateRequired" });
    if (value.to && !value.from)
      ctx.addIssue({ code: "custom", path: ["from"], message: "dateRequired" });
    // Compared only when both are dates (a bad one already has its own message).
    if (isIsoDate(value.from) && isIsoDate(value.to) && value.to < value.from) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "endBeforeStart" });
    }
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const periodSchema = z.object({ from: z.string(), to: z.string() });

export const dashboardFiguresSchema = z.object({
  incomeCents: z.number().int(),
  expenseCents: z.number().int(),
  netCents: z.number().int(),
  /** net × 10,000 / income (basis points, rounded toward zero); null without income. */
  savingsRateBp: z.number().int().nullable(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardSchema = z.object({
  period: periodSchema,
  /**
   * What `figures.current` covers: the period, or while it runs (today in it, before its last
   * day) the period up to today.
   */
  compared: periodSchema,
  /**
   * What `figures.previous` covers: the period of the same length right before (a calendar
   * month, a year, or as many days), or while the period runs the same days of it (1–26 October
   * for 1–26 November).
   */
  previous: periodSchema,
  /** Income, spending, net and savings rate of `compared` (current) and `previous`. */
  figures: z.object({ current: dashboardFiguresSchema, previous: dashboardFiguresSchema }),
  /** The period's spending per category (null: uncategorised), largest first. */
  spendingByCategory: z.array(
    z.object({
      categoryId: z.string().nullable(),
      totalCents: z.number().int(),
      count: z.number().int(),
    }),
  ),
  /** The 12 months ending with the period's last month, oldest first, empty months as 0. */
  monthly: z.array(
    z.object({
      month: z.string(),
      incomeCents: z.number().int(),
      expenseCents: z.number().int(),
    }),
  ),
  /** The household scope only (else null): each member's shares of the period's spending. */
  memberSpending: z
    .array(z.object({ memberId: z.string(), expenseCents: z.number().int() }))
    .nullable(),
  /** The scope's five latest entries (of any date), newest first; with a member, their share. */
  latest: z.array(transactionListItemSchema),
  /**
   * The household's first steps, whatever the scope and period: an income and an expense
   * entered, a budget set, a second person (active or invited).
   */
  setup: z.object({
    hasIncome: z.boolean(),
    hasExpense: z.boolean(),
    hasBudget: z.boolean(),
    hasPartner: z.boolean(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
