import { useTranslation } from "react-i18next";
import { defaultLanguage, isLanguage, type Language } from "#shared/i18n.ts";

/** The language on screen (amounts are typed and shown the way it writes them); follows a change. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
}
