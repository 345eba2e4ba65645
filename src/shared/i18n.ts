/** The languages Hearth speaks. English is the default. */
export const languages = ["en", "nl"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** Picks a supported language from an Accept-Language style list, or the default. */
export function pickLanguage(...candidates: (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    if (!candidate) continue;
    for (const part of candidate.split(",")) {
      const code = part.split(";")[0]?.trim().slice(0, 2).toLowerCase();
      if (isLanguage(code)) return code;
    }
  }
  return defaultLanguage;
}

/**
 * The cookie that tells the server the language chosen in this browser (the choice itself is kept
 * in local storage): the server-rendered landing page is shown in it (decision 040).
 */
export const languageCookieName = "hearth-language";
