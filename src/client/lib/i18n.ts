import i18n from "i18next";
import HttpBackend from "i18next-http-backend";
import { initReactI18next } from "react-i18next";
import { defaultLanguage, isLanguage, languages, type Language } from "#shared/i18n.ts";
import { languageCookie, languageStorageKey } from "./language-cookie.ts";

export { languageStorageKey };

/** The language chosen in this browser (never one merely guessed), told to the server too. */
function keepCookie(chosen?: Language) {
  try {
    const language = chosen ?? localStorage.getItem(languageStorageKey);
    if (isLanguage(language)) document.cookie = languageCookie(language);
  } catch {
    // Storage or cookies may be blocked: the server then follows the browser's languages.
  }
}

/** Every namespace, one JSON file per language under src/client/locales/<lng>/. */
export const namespaces = [
  "common",
  "landing",
  "legal",
  "auth",
  "dashboard",
  "households",
  "profile",
  "billing",
  "admin",
  "entries",
  "money",
  "savings",
  "investments",
  "holdings",
  "loans",
  "taxes",
  "box3",
  "insurance",
] as const;

/**
 * The first of the browser's languages Hearth speaks ("nl-BE" → nl), or English: a Dutch browser
 * gets Dutch on its first visit, before anyone has chosen.
 */
export function browserLanguage(): Language {
  try {
    const tags = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
    for (const tag of tags) {
      const base = tag.toLowerCase().split("-")[0];
      if (isLanguage(base)) return base;
    }
  } catch {
    // No navigator (or a strange one): English.
  }
  return defaultLanguage;
}

/** The language chosen in this browser, or the browser's own when nobody has chosen yet. */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(languageStorageKey);
    return isLanguage(value) ? value : browserLanguage();
  } catch {
    return browserLanguage();
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
}

/** Shows the app in `language` and keeps the choice in local storage. */
export async function applyLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // Storage may be blocked: the choice then lasts for this page only.
  }
  keepCookie(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

export function initI18n() {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  keepCookie();
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      ns: [...namespaces],
      defaultNS: "common",
      load: "languageOnly",
      backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
      // Retries belong to i18next core: 5 tries from 350 ms, doubling; at most 10 reads at once.
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}

export { i18n };
