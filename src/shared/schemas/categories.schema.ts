import { z } from "zod";

/**
 * Categories of income and of expenses: requests and answers. Messages are validation keys
 * (src/shared/validation.ts), shown in the person's language by the server and the client.
 */
export const entryKinds = ["income", "expense"] as const;
export type EntryKind = (typeof entryKinds)[number];

/** The colours a category can have: names of the design system's palette, fine in both themes. */
export const categoryColors = [
  "slate",
  "red",
  "orange",
  "amber",
  "yellow",
  "lime",
  "green",
  "emerald",
  "teal",
  "cyan",
  "sky",
  "blue",
  "indigo",
  "violet",
  "purple",
  "fuchsia",
  "pink",
  "rose",
] as const;
export type CategoryColor = (typeof categoryColors)[number];

/** Icons a category can have (lucide names, kebab-case); the client maps each to a component. */
export const categoryIcons = [
  "tag",
  "shopping-cart",
  "home",
  "zap",
  "droplet",
  "wifi",
  "phone",
  "car",
  "fuel",
  "train-front",
  "bike",
  "utensils",
  "coffee",
  "shirt",
  "heart-pulse",
  "pill",
  "shield",
  "graduation-cap",
  "baby",
  "dog",
  "gift",
  "plane",
  "film",
  "music",
  "dumbbell",
  "book-open",
  "wrench",
  "receipt",
  "landmark",
  "piggy-bank",
  "briefcase",
  "banknote",
  "hand-coins",
  "trending-up",
  "sparkles",
  "circle-ellipsis",
] as const;
export type CategoryIcon = (typeof categoryIcons)[number];

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
