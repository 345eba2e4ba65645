import type { Language } from "./i18n.ts";
import type { CategoryColor, CategoryIcon, EntryKind } from "./schemas/categories.schema.ts";

/**
 * The categories every household starts with, named in the household's language (they can be
 * renamed, archived and merged like any other). `key` stays the same in every language.
 */
export type DefaultCategory = {
  key: string;
  kind: EntryKind;
  icon: CategoryIcon;
  color: CategoryColor;
  taxRelevant?: boolean;
  /** Counts against the health deductible (eigen risico). */
  healthCare?: boolean;
  names: Record<Language, string>;
};

export const defaultCategories: readonly DefaultCategory[] = [
  {
    key: "salary",
    kind: "income",
    icon: "briefcase",
    color: "emerald",
    names: { en: "Salary", nl: "Salaris" },
  },
  {
    key: "holiday-allowance",
    kind: "income",
    icon: "plane",
    color: "teal",
    names: { en: "Holiday allowance", nl: "Vakantiegeld" },
  },
  {
    key: "benefits",
    kind: "income",
    icon: "hand-coins",
    color: "cyan",
    taxRelevant: true,
    names: { en: "Benefits and allowances", nl: "Toeslagen en uitkeringen" },
  },
  {
    key: "freelance",
    kind: "income",
    icon: "banknote",
    color: "green",
    taxRelevant: true,
    names: { en: "Freelance and side income", nl: "Freelance en bijverdiensten" },
  },
  {
    key: "interest",
    kind: "income",
    icon: "trending-up",
    color: "sky",
    names: { en: "Interest and dividends", nl: "Rente en dividend" },
  },
  {
    key: "gifts-received",
    kind: "income",
    icon: "gift",
    color: "pink",
    names: { en: "Gifts received", nl: "Ontvangen cadeaus" },
  },
  {
    key: "other-income",
    kind: "income",
    icon: "circle-ellipsis",
    color: "slate",
    names: { en: "Other income", nl: "Overige inkomsten" },
  },
  {
    key: "housing",
    kind: "expense",
    icon: "home",
    color: "indigo",
    names: { en: "Rent or mortgage", nl: "Huur of hypotheek" },
  },
  {
    key: "energy",
    kind: "expense",
    icon: "zap",
    color: "amber",
    names: { en: "Energy and water", nl: "Energie en water" },
  },
  {
    key: "groceries",
    kind: "expense",
    icon: "shopping-cart",
    color: "green",
    names: { en: "Groceries", nl: "Boodschappen" },
  },
  {
    key: "eating-out",
    kind: "expense",
    icon: "utensils",
    color: "orange",
    names: { en: "Eating out", nl: "Uit eten" },
  },
  {
    key: "transport",
    kind: "expense",
    icon: "car",
    color: "blue",
    names: { en: "Transport", nl: "Vervoer" },
  },
  {
    key: "insurance",
    kind: "expense",
    icon: "shield",
    color: "violet",
    names: { en: "Insurance", nl: "Verzekeringen" },
  },
  {
    key: "health",
    kind: "expense",
    icon: "heart-pulse",
    color: "red",
    taxRelevant: true,
    healthCare: true,
    names: { en: "Health care", nl: "Zorg" },
  },
  {
    key: "phone-internet",
    kind: "expense",
    icon: "wifi",
    color: "cyan",
    names: { en: "Phone and internet", nl: "Telefoon en internet" },
  },
  {
    key: "children",
    kind: "expense",
    icon: "baby",
    color: "pink",
    names: { en: "Children", nl: "Kinderen" },
  },
  {
    key: "clothing",
    kind: "expense",
    icon: "shirt",
    color: "purple",
    names: { en: "Clothing", nl: "Kleding" },
  },
  {
    key: "leisure",
    kind: "expense",
    icon: "film",
    color: "fuchsia",
    names: { en: "Leisure and hobbies", nl: "Vrije tijd en hobby's" },
  },
  {
    key: "subscriptions",
    kind: "expense",
    icon: "music",
    color: "sky",
    names: { en: "Subscriptions", nl: "Abonnementen" },
  },
  {
    key: "holidays",
    kind: "expense",
    icon: "plane",
    color: "teal",
    names: { en: "Holidays", nl: "Vakanties" },
  },
  {
    key: "gifts-donations",
    kind: "expense",
    icon: "gift",
    color: "rose",
    taxRelevant: true,
    names: { en: "Gifts and donations", nl: "Cadeaus en giften" },
  },
  {
    key: "taxes",
    kind: "expense",
    icon: "landmark",
    color: "slate",
    taxRelevant: true,
    names: { en: "Taxes", nl: "Belastingen" },
  },
  {
    key: "other-expenses",
    kind: "expense",
    icon: "circle-ellipsis",
    color: "slate",
    names: { en: "Other expenses", nl: "Overige uitgaven" },
  },
];

const defaultsByKey = new Map(defaultCategories.map((category) => [category.key, category]));

/**
 * A category's name as a reader sees it: a default category that kept its default name is
 * named in the reader's language (a household started in English shows "Boodschappen" to a
 * Dutch partner); any other keeps the name it was given.
 */
export function categoryName(
  category: { name: string; defaultKey: string | null; customName: boolean },
  language: Language,
): string {
  if (category.customName || !category.defaultKey) return category.name;
  return defaultsByKey.get(category.defaultKey)?.names[language] ?? category.name;
}

/** Every name a category answers to: its own, and a default's name in every language. */
export function categoryNames(category: {
  name: string;
  defaultKey: string | null;
  customName: boolean;
}): string[] {
  if (category.customName || !category.defaultKey) return [category.name];
  const names = defaultsByKey.get(category.defaultKey)?.names;
  return [category.name, ...(names ? Object.values(names) : [])];
}

/** The keys of the default categories whose name, in some language, contains the text. */
export function defaultKeysNamed(text: string): string[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return defaultCategories
    .filter((category) =>
      Object.values(category.names).some((name) => name.toLowerCase().includes(needle)),
    )
    .map((category) => category.key);
}
