import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultLanguage, isLanguage, languages, pickLanguage } from "#shared/i18n.ts";

describe("pickLanguage", () => {
  it("speaks English and Dutch, English by default", () => {
    expect(languages).toEqual(["en", "nl"]);
    expect(defaultLanguage).toBe("en");
    expect(pickLanguage()).toBe("en");
    expect(pickLanguage(undefined, null, "")).toBe("en");
  });

  it("reads an Accept-Language list in order, skipping languages Hearth does not speak", () => {
    expect(pickLanguage("nl-NL,nl;q=0.9,en;q=0.8")).toBe("nl");
    expect(pickLanguage("fr-FR, de;q=0.9, nl;q=0.5")).toBe("nl");
    expect(pickLanguage("en-GB,nl")).toBe("en");
    expect(pickLanguage("fr, de")).toBe("en");
    expect(pickLanguage("NL")).toBe("nl");
  });

  it("takes the first candidate that names a supported language", () => {
    expect(pickLanguage("nl", "en")).toBe("nl");
    expect(pickLanguage(null, "nl")).toBe("nl");
    expect(pickLanguage("fr", "nl-BE")).toBe("nl");
  });

  it("always answers a language Hearth speaks", () => {
    const candidate = fc.option(fc.string(), { nil: undefined });
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 4 }), (candidates) => {
        expect(isLanguage(pickLanguage(...candidates))).toBe(true);
      }),
    );
  });

  it("answers a supported language named first, whatever follows", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...languages),
        fc.string(),
        fc.string(),
        (language, region, rest) => {
          const header = `${language}${region.replace(/[,;]/g, "")},${rest}`;
          expect(pickLanguage(header)).toBe(language);
        },
      ),
    );
  });

  it("tells languages from other values", () => {
    expect(isLanguage("nl")).toBe(true);
    expect(isLanguage("de")).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
