import { z } from "zod";
import { categoryColors, categoryIcons, entryKinds } from "../category-options.ts";

/**
 * Categories of income and of expenses: requests and answers. Messages are validation keys
 * (src/shared/validation.ts), shown in the person's language by the server and the client.
 */
export {
  categoryColors,
  categoryIcons,
  entryKinds,
  type CategoryColor,
  type CategoryIcon,
  type EntryKind,
} from "../category-options.ts";

export const categoryNameMaxLength = 60;

export const categoryNameSchema = z
  .string({ error: "nameRequired" })
  .trim()
  .min(1, { error: "nameRequired" })
  .max(categoryNameMaxLength, { error: "nameTooLong" });

export const createCategorySchema = z.object({
  kind: z.enum(entryKinds, { error: "invalid" }),
  name: categoryNameSchema,
  icon: z.enum(categoryIcons, { error: "invalid" }).default("tag"),
  color: z.enum(categoryColors, { error: "invalid" }).default("slate"),
  taxRelevant: z.boolean({ error: "invalid" }).default(false),
  /** Expenses in it count against the health deductible (eigen risico). */
  healthCare: z.boolean({ error: "invalid" }).default(false),
});
export type CreateCategoryInput = z.input<typeof createCategorySchema>;

/** Rename, re-icon, re-colour, mark tax-relevant, archive (true) or bring back (false). */
export const updateCategorySchema = z.object({
  name: categoryNameSchema.optional(),
  icon: z.enum(categoryIcons, { error: "invalid" }).optional(),
  color: z.enum(categoryColors, { error: "invalid" }).optional(),
  taxRelevant: z.boolean({ error: "invalid" }).optional(),
  healthCare: z.boolean({ error: "invalid" }).optional(),
  archived: z.boolean({ error: "invalid" }).optional(),
});
export type UpdateCategoryInput = z.infer<typeof updateCategorySchema>;

/** Moves every entry, recurring rule and budget of the category into another, then removes it. */
export const mergeCategorySchema = z.object({
  intoCategoryId: z.uuid({ error: "categoryRequired" }),
});

export const categorySchema = z.object({
  id: z.string(),
  kind: z.enum(entryKinds),
  name: z.string(),
  icon: z.string(),
  color: z.string(),
  taxRelevant: z.boolean(),
  /** Expenses in it count against the health deductible (eigen risico). */
  healthCare: z.boolean(),
  archived: z.boolean(),
  /** The default set's key, or null for a category someone added. */
  defaultKey: z.string().nullable(),
});
export type Category = z.infer<typeof categorySchema>;
