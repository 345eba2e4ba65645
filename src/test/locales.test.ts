import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { mailTexts } from "#server/lib/mail-templates.ts";
import { errorCodes } from "#shared/errors.ts";
import { languages } from "#shared/i18n.ts";

/**
 * Translation parity: every key in one language exists in the other, for every namespace file
 * under src/client/locales/<language>/ and for the mail texts. A key in one language only fails.
 */
const localesDir = resolve(import.meta.dirname, "../client/locales");

/** Every leaf of a nested object as a dotted path (array items by index), with its value. */
function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === "object" && value !== null) {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    if (entries.length === 0 && prefix) out.set(prefix, value);
    for (const [key, child] of entries) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key))
        out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** The keys each side has and the other lacks; both lists empty means the two match. */
function compareKeys(a: unknown, b: unknown): { onlyInA: string[]; onlyInB: string[] } {
  const keysA = new Set(flatten(a).keys());
  const keysB = new Set(flatten(b).keys());
  return {
    onlyInA: [...keysA].filter((key) => !keysB.has(key)).sort(),
    onlyInB: [...keysB].filter((key) => !keysA.has(key)).sort(),
  };
}

function namespaces(language: string): string[] {
  return readdirSync(join(localesDir, language))
    .filter((file) => file.endsWith(".json"))
    .sort();
}

function readNamespace(language: string, file: string): unknown {
  const text = readFileSync(join(localesDir, language, file), "utf8");
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`src/client/locales/${language}/${file} is not valid JSON: ${String(error)}`, {
      cause: error,
    });
  }
}

/** {{name}} placeholders i18next fills in. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1] ?? "").sort();
}

describe("the parity check itself", () => {
  it("catches a key missing in either language, nested or not", () => {
    const en = { title: "Title", nested: { a: "A", b: "B" }, list: ["x", "y"] };
    expect(compareKeys(en, structuredClone(en))).toEqual({ onlyInA: [], onlyInB: [] });
    expect(compareKeys(en, { title: "Titel", nested: { a: "A" }, list: ["x", "y"] })).toEqual({
      onlyInA: ["nested.b"],
      onlyInB: [],
    });
    expect(compareKeys({ a: "A" }, { a: "A", extra: { deep: "D" } })).toEqual({
      onlyInA: [],
      onlyInB: ["extra.deep"],
    });
    expect(compareKeys({ a: { b: "B" } }, { a: "A" })).toEqual({
      onlyInA: ["a.b"],
      onlyInB: ["a"],
    });
    expect(compareKeys({ list: ["x", "y"] }, { list: ["x"] })).toEqual({
      onlyInA: ["list.1"],
      onlyInB: [],
    });
  });
});

describe("translations", () => {
  const [reference = "en", ...others] = languages;

  it("have the same namespace files in every language", () => {
    const expected = namespaces(reference);
    expect(expected.length).toBeGreaterThan(0);
    for (const language of others) {
      expect(namespaces(language), `namespace files of ${language} vs ${reference}`).toEqual(
        expected,
      );
    }
  });

  const files = [...new Set(languages.flatMap((language) => namespaces(language)))];
  describe.each(files)("%s", (file) => {
    it("has exactly the same keys in every language", () => {
      const english = readNamespace(reference, file);
      for (const language of others) {
        const { onlyInA, onlyInB } = compareKeys(english, readNamespace(language, file));
        expect(onlyInA, `keys in ${reference}/${file} missing from ${language}/${file}`).toEqual(
          [],
        );
        expect(onlyInB, `keys in ${language}/${file} missing from ${reference}/${file}`).toEqual(
          [],
        );
      }
    });

    it("has a non-empty text for every key, with no placeholder the English text lacks", () => {
      const english = flatten(readNamespace(reference, file));
      for (const language of languages) {
        for (const [key, value] of flatten(readNamespace(language, file))) {
          expect(
            typeof value === "string" && value.trim() !== "",
            `${language}/${file} ${key} is empty or not text`,
          ).toBe(true);
          const source = english.get(key);
          if (language !== reference && typeof value === "string" && typeof source === "string") {
            for (const name of placeholders(value)) {
              expect(placeholders(source), `${language}/${file} ${key} uses {{${name}}}`).toContain(
                name,
              );
            }
          }
        }
      }
    });
  });

  it("translate every error code the server can answer", () => {
    for (const language of languages) {
      const common = flatten(readNamespace(language, "common.json"));
      const missing = errorCodes.filter((code) => !common.has(`errors.${code}`));
      expect(missing, `error codes without a text in ${language}/common.json`).toEqual([]);
    }
  });
});

describe("mail texts", () => {
  it("have the same keys in English and Dutch", () => {
    expect(compareKeys(mailTexts.en, mailTexts.nl)).toEqual({ onlyInA: [], onlyInB: [] });
  });

  it("are filled in, and the Dutch ones are not copies of the English", () => {
    const english = flatten(mailTexts.en);
    for (const [key, value] of flatten(mailTexts.nl)) {
      const source = english.get(key);
      if (typeof value === "function" && typeof source === "function") {
        expect(value.length, key).toBe(source.length);
        expect(String(value("Sam")), key).not.toBe(String(source("Sam")));
      } else {
        expect(typeof value, key).toBe("string");
        expect(String(value).trim(), key).not.toBe("");
        expect(value, key).not.toBe(source);
      }
    }
  });
});
