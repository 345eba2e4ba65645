import { z } from "zod";
import { categoryRuleFields } from "../category-rules.ts";
import { entryKinds } from "./categories.schema.ts";

/**
 * Category rules (decision 037): "counterparty or description contains X → category Y", in the
 * household's order. Messages are validation keys (src/shared/validation.ts).
 */
export const ruleTextMaxLength = 100;

const ruleText = z
  .string({ error: "ruleTextRequired" })
  .trim()
  .min(1, { error: "ruleTextRequired" })
  .max(ruleTextMaxLength, { error: "ruleTextRequired" });

export const createCategoryRuleSchema = z.object({
  field: z.enum(categoryRuleFields, { error: "invalid" }).default("any"),
  pattern: ruleText,
  categoryId: z.uuid({ error: "categoryRequired" }),
  /** Put the rule before all others (a rule made from the import's preview); else last. */
  first: z.boolean({ error: "invalid" }).default(false),
});
export type CreateCategoryRuleInput = z.input<typeof createCategoryRuleSchema>;

export const updateCategoryRuleSchema = z.object({
  field: z.enum(categoryRuleFields, { error: "invalid" }).optional(),
  pattern: ruleText.optional(),
  categoryId: z.uuid({ error: "categoryRequired" }).optional(),
  /** The rule's new place in the list (0 is first); the others move up or down. */
  position: z
    .number({ error: "invalid" })
    .int({ error: "invalid" })
    .min(0, { error: "invalid" })
    .max(10_000, { error: "invalid" })
    .optional(),
});
export type UpdateCategoryRuleInput = z.infer<typeof updateCategoryRuleSchema>;

export const categoryRuleSchema = z.object({
  id: z.string(),
  field: z.enum(categoryRuleFields),
  pattern: z.string(),
  categoryId: z.string(),
  position: z.number().int(),
});
export type CategoryRule = z.infer<typeof categoryRuleSchema>;

/** What the import's preview asks: where its rows go, and which of the file's names are new. */
export const categoryPreviewSchema = z.object({
  rows: z
    .array(
      z.object({
        kind: z.enum(entryKinds, { error: "invalid" }),
        merchant: z.string({ error: "textTooLong" }).max(200, { error: "textTooLong" }).nullish(),
        notes: z.string({ error: "textTooLong" }).max(2000, { error: "textTooLong" }).nullish(),
      }),
      { error: "invalid" },
    )
    .max(200, { error: "invalid" }),
  names: z
    .array(
      z.object({
        kind: z.enum(entryKinds, { error: "invalid" }),
        name: z.string({ error: "nameTooLong" }).trim().max(60, { error: "nameTooLong" }),
      }),
      { error: "invalid" },
    )
    .max(1000, { error: "invalid" }),
});
export type CategoryPreviewInput = z.infer<typeof categoryPreviewSchema>;

export const categoryPreviewResultSchema = z.object({
  /** For each row: the category a rule or a past entry gives it, or null (the file's or default). */
  rows: z.array(
    z.object({
      categoryId: z.string().nullable(),
      source: z.enum(["rule", "learned"]).nullable(),
      ruleId: z.string().nullable(),
    }),
  ),
  /** For each name: the household's category it is (look-alikes included), or null: created. */
  names: z.array(
    z.object({ kind: z.enum(entryKinds), name: z.string(), categoryId: z.string().nullable() }),
  ),
});
export type CategoryPreview = z.infer<typeof categoryPreviewResultSchema>;
