/**
 * Categories at import (issue 17, item 7; decision 037): "counterparty or description contains X
 * → category Y" rules, and the category a household used last with a counterparty. Pure
 * functions the server runs at import, in the preview and on existing entries.
 */

import { categoryNames } from "./default-categories.ts";

export const categoryRuleFields = ["any", "counterparty", "description"] as const;
export type CategoryRuleField = (typeof categoryRuleFields)[number];

/** Text compared without case, accents or runs of spaces: "  Café  MÜLLER " -> "cafe muller". */
export const matchText = (value: string): string =>
  value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

export type MatchableRule = {
  id: string;
  field: CategoryRuleField;
  pattern: string;
  categoryId: string;
  /** The kind of the rule's category: a rule only places entries of that kind. */
  kind: "income" | "expense";
};

export type MatchableEntry = {
  kind: "income" | "expense";
  merchant: string | null;
  notes: string | null;
};

/** Whether the rule's text is in the entry's counterparty or description (as the rule says). */
export function ruleMatches(
  rule: Pick<MatchableRule, "field" | "pattern">,
  entry: Pick<MatchableEntry, "merchant" | "notes">,
): boolean {
  const needle = matchText(rule.pattern);
  if (needle === "") return false;
  const inText = (text: string | null) => text !== null && matchText(text).includes(needle);
  if (rule.field === "counterparty") return inText(entry.merchant);
  if (rule.field === "description") return inText(entry.notes);
  return inText(entry.merchant) || inText(entry.notes);
}

/**
 * A matcher for many entries: the first rule (the list is in the household's order) of the
 * entry's kind that places it. Each text is normalised once, not once per rule.
 */
export function ruleMatcher<Rule extends MatchableRule>(
  rules: readonly Rule[],
): (entry: MatchableEntry) => Rule | undefined {
  const prepared = rules
    .map((rule) => ({ rule, needle: matchText(rule.pattern) }))
    .filter(({ needle }) => needle !== "");
  return (entry) => {
    if (prepared.length === 0) return undefined;
    const merchant = entry.merchant ? matchText(entry.merchant) : "";
    const notes = entry.notes ? matchText(entry.notes) : "";
    for (const { rule, needle } of prepared) {
      if (rule.kind !== entry.kind) continue;
      const inMerchant = rule.field !== "description" && merchant.includes(needle);
      const inNotes = rule.field !== "counterparty" && notes.includes(needle);
      if (inMerchant || inNotes) return rule;
    }
    return undefined;
  };
}

/** The first rule of the list that places the entry (one entry; see `ruleMatcher`). */
export function firstMatchingRule<Rule extends MatchableRule>(
  rules: readonly Rule[],
  entry: MatchableEntry,
): Rule | undefined {
  return ruleMatcher(rules)(entry);
}

/** The key of a counterparty for the categories a household learned: kind and matched text. */
export const counterpartyKey = (kind: "income" | "expense", merchant: string): string =>
  `${kind}|${matchText(merchant)}`;

export type CategoryChoice = {
  categoryId: string;
  source: "rule" | "learned";
  ruleId: string | null;
};

/**
 * Where entries without a category of their own go: the first matching rule, else the category
 * the household used most recently with the same counterparty (`learned`, by `counterpartyKey`),
 * else nowhere (the caller's default).
 */
export function categoryChooser(context: {
  rules: readonly MatchableRule[];
  learned: ReadonlyMap<string, string>;
}): (entry: MatchableEntry) => CategoryChoice | null {
  const match = ruleMatcher(context.rules);
  return (entry) => {
    const rule = match(entry);
    if (rule) return { categoryId: rule.categoryId, source: "rule", ruleId: rule.id };
    if (entry.merchant && context.learned.size > 0) {
      const learned = context.learned.get(counterpartyKey(entry.kind, entry.merchant));
      if (learned) return { categoryId: learned, source: "learned", ruleId: null };
    }
    return null;
  };
}

/** Where one entry goes (see `categoryChooser`). */
export function chooseCategory(
  entry: MatchableEntry,
  context: { rules: readonly MatchableRule[]; learned: ReadonlyMap<string, string> },
): CategoryChoice | null {
  return categoryChooser(context)(entry);
}

type NamedCategory = {
  id: string;
  kind: "income" | "expense";
  name: string;
  defaultKey: string | null;
  customName: boolean;
};

/**
 * Finds a household's category by a name as a file writes it, so an import creates no
 * look-alike: case, accents and spaces do not count ("boodschappen " is "Boodschappen"), and a
 * default category answers to its default name in every language ("Groceries" in a Dutch
 * household). The first category of a name wins (the caller lists active ones first).
 */
export function categoryFinder(
  categories: readonly NamedCategory[],
): (kind: "income" | "expense", name: string) => string | undefined {
  const ids = new Map<string, string>();
  for (const category of categories) {
    for (const name of categoryNames(category)) {
      const key = `${category.kind}|${matchText(name)}`;
      if (!ids.has(key)) ids.set(key, category.id);
    }
  }
  return (kind, name) => ids.get(`${kind}|${matchText(name)}`);
}
