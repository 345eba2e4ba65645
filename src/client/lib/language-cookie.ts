import { languageCookieName } from "#shared/i18n.ts";

/** Where the chosen language is kept in the browser. */
export const languageStorageKey = "language";

/** The `document.cookie` line that tells the server the chosen language, for a year. */
export function languageCookie(language: string): string {
  return `${languageCookieName}=${encodeURIComponent(language)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
