import { afterEach, describe, expect, it } from "vitest";
import { browserLanguage, languageStorageKey, storedLanguage } from "./i18n.ts";

/** The browser's languages, as a visitor's browser sends them. */
function browserSays(languages: string[]) {
  Object.defineProperty(navigator, "languages", { value: languages, configurable: true });
}

describe("the language Hearth opens in", () => {
  afterEach(() => {
    // Back to jsdom's own (en-US).
    delete (navigator as { languages?: unknown }).languages;
    localStorage.clear();
  });

  it("follows a Dutch browser on a first visit, when nobody has chosen", () => {
    browserSays(["nl-BE", "en"]);
    expect(storedLanguage()).toBe("nl");
  });

  it("takes the first of the browser's languages Hearth speaks, else English", () => {
    browserSays(["de-DE", "nl", "en"]);
    expect(browserLanguage()).toBe("nl");
    browserSays(["de-DE", "fr-FR"]);
    expect(browserLanguage()).toBe("en");
    browserSays(["en-GB", "nl-NL"]);
    expect(browserLanguage()).toBe("en");
  });

  it("keeps the language chosen in this browser over the browser's", () => {
    browserSays(["nl-NL"]);
    localStorage.setItem(languageStorageKey, "en");
    expect(storedLanguage()).toBe("en");
  });
});
