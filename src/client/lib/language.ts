import type { Language } from "#shared/i18n.ts";
import { api, ApiError, unwrap } from "./api.ts";
import { applyLanguage } from "./i18n.ts";

/**
 * Shows Hearth in `language` and keeps it in local storage; with `saveToProfile` (someone is
 * signed in) also in their profile, so it follows them to another device.
 */
export async function changeLanguage(
  language: Language,
  options: { saveToProfile: boolean },
): Promise<void> {
  await applyLanguage(language);
  if (!options.saveToProfile) return;
  try {
    await unwrap(api.me.language.$put({ json: { language } }));
  } catch (error) {
    // Signed out in the meantime: the choice stays in this browser.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}
