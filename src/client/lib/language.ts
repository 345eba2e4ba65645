import type { Language } from "#shared/i18n.ts";
import { api, ApiError, unwrap } from "./api.ts";
import { applyLanguage } from "./i18n.ts";

/**
 * Shows Hearth in `language`, keeps it in local storage and, when someone is signed in, in
 * their profile so it follows them to another device. Signed out, the profile part is skipped.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await applyLanguage(language);
  try {
    await unwrap(api.me.language.$put({ json: { language } }));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}
