/**
 * The kinds, colours and icons a category can have, without zod: the client's badges and lists
 * import them from here, so the dashboard's first load carries no schema (decision 030).
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
