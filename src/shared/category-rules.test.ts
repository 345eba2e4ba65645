import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  categoryChooser,
  categoryFinder,
  counterpartyKey,
  firstMatchingRule,
  matchText,
  ruleMatches,
  type MatchableRule,
} from "./category-rules.ts";

const rule = (
  id: string,
  pattern: string,
  field: MatchableRule["field"] = "any",
  kind: MatchableRule["kind"] = "expense",
): MatchableRule => ({ id, pattern, field, kind, categoryId: `category-${id}` });

const expense = (merchant: string | null, notes: string | null = null) => ({
  kind: "expense" as const,
  merchant,
  notes,
});

describe("matchText", () => {
  it("drops case, accents and runs of spaces", () => {
    expect(matchText("  Café   MÜLLER ")).toBe("cafe muller");
    expect(matchText("Ölçü\tŞehir")).toBe("olcu sehir");
  });
});

describe("ruleMatches", () => {
  it("finds the text anywhere in the counterparty or the description", () => {
    expect(ruleMatches(rule("a", "albert heijn"), expense("ALBERT HEIJN 1234 UTRECHT"))).toBe(true);
    expect(ruleMatches(rule("a", "cafe muller"), expense("x", "Koffie bij Café  Müller"))).toBe(
      true,
    );
    expect(ruleMatches(rule("a", "jumbo"), expense("Albert Heijn", "boodschappen"))).toBe(false);
  });

  it("looks only where the rule says", () => {
    const entry = expense("Werkgever BV", "loon januari");
    expect(ruleMatches(rule("a", "loon", "counterparty"), entry)).toBe(false);
    expect(ruleMatches(rule("a", "loon", "description"), entry)).toBe(true);
    expect(ruleMatches(rule("a", "werkgever", "description"), entry)).toBe(false);
    expect(ruleMatches(rule("a", "werkgever", "counterparty"), entry)).toBe(true);
  });

  it("never matches with an empty text or on a missing field", () => {
    expect(ruleMatches(rule("a", "   "), expense("Anything", "at all"))).toBe(false);
    expect(ruleMatches(rule("a", "x"), expense(null, null))).toBe(false);
  });

  it("ignores case and accents whatever the text (property)", () => {
    const plain: Record<string, string> = {
      é: "e",
      è: "e",
      ë: "e",
      ü: "u",
      ö: "o",
      ç: "c",
      ñ: "n",
    };
    const letters = fc.constantFrom(..."abcdeéèëüöçñxyz".split(""));
    fc.assert(
      fc.property(
        fc.array(letters, { minLength: 1, maxLength: 10 }),
        fc.string({ maxLength: 8 }),
        (chars, before) => {
          const word = chars.join("");
          const bare = chars.map((char) => plain[char] ?? char).join("");
          // The rule written without accents finds the accented word in capitals, and back.
          return (
            ruleMatches(rule("a", bare), expense(`${before} ${word.toUpperCase()} BV`)) &&
            ruleMatches(rule("a", word.toUpperCase()), expense(null, `${before} ${bare} bv`))
          );
        },
      ),
    );
  });
});

describe("firstMatchingRule", () => {
  it("takes the first rule of the entry's kind in the household's order", () => {
    const rules = [
      rule("salary", "heijn", "any", "income"),
      rule("specific", "albert heijn to go"),
      rule("general", "heijn"),
    ];
    expect(firstMatchingRule(rules, expense("Albert Heijn to go 12"))?.id).toBe("specific");
    expect(firstMatchingRule(rules, expense("Albert Heijn"))?.id).toBe("general");
    expect(
      firstMatchingRule(rules, { kind: "income", merchant: "Albert Heijn", notes: null })?.id,
    ).toBe("salary");
    expect(firstMatchingRule(rules, expense("Lidl"))).toBeUndefined();
  });
});

describe("categoryChooser", () => {
  it("prefers a rule, then what the household learned of the counterparty, else nothing", () => {
    const learned = new Map([[counterpartyKey("expense", "Bakkerij Jansen"), "bakery"]]);
    const choose = categoryChooser({ rules: [rule("coffee", "koffie")], learned });
    expect(choose(expense("BAKKERIJ  JANSEN", "brood"))).toEqual({
      categoryId: "bakery",
      source: "learned",
      ruleId: null,
    });
    expect(choose(expense("Bakkerij Jansen", "koffie en brood"))).toEqual({
      categoryId: "category-coffee",
      source: "rule",
      ruleId: "coffee",
    });
    // Learned by kind: money from the baker is not an expense of bread.
    expect(choose({ kind: "income", merchant: "Bakkerij Jansen", notes: null })).toBeNull();
    expect(choose(expense("Onbekend"))).toBeNull();
    expect(choose(expense(null, "brood"))).toBeNull();
  });
});

describe("categoryFinder", () => {
  const find = categoryFinder([
    { id: "g", kind: "expense", name: "Boodschappen", defaultKey: "groceries", customName: false },
    { id: "h", kind: "expense", name: "Hobby's", defaultKey: null, customName: true },
    { id: "r", kind: "expense", name: "Mijn huur", defaultKey: "housing", customName: true },
    { id: "s", kind: "income", name: "Salaris", defaultKey: "salary", customName: false },
  ]);

  it("finds a category whatever the case, spaces or accents", () => {
    expect(find("expense", "boodschappen ")).toBe("g");
    expect(find("expense", " BOODSCHAPPEN")).toBe("g");
    expect(find("expense", "Hóbby's")).toBe("h");
  });

  it("finds a default category by its name in another language, unless it was renamed", () => {
    expect(find("expense", "Groceries")).toBe("g");
    expect(find("income", "salary")).toBe("s");
    expect(find("expense", "Rent or mortgage")).toBeUndefined();
    expect(find("expense", "mijn huur")).toBe("r");
  });

  it("keeps the kinds apart", () => {
    expect(find("income", "Boodschappen")).toBeUndefined();
    expect(find("expense", "Salaris")).toBeUndefined();
  });
});
