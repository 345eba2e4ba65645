import { AppError } from "#server/lib/app-error.ts";
import type { Language } from "#shared/i18n.ts";

/**
 * The not-found sentences of the money routes, in the asking person's language. Another
 * household's id answers exactly like an id that does not exist.
 */
const en = {
  category: "We could not find this category.",
  transaction: "We could not find this entry.",
  member: "We could not find this member.",
  rule: "We could not find this rule.",
} as const;

const nl = {
  category: "We konden deze categorie niet vinden.",
  transaction: "We konden deze post niet vinden.",
  member: "We konden dit lid niet vinden.",
  rule: "We konden deze regel niet vinden.",
} as const satisfies Record<keyof typeof en, string>;

const messages: Record<Language, Record<keyof typeof en, string>> = { en, nl };

export function notFound(language: Language, what: keyof typeof en): AppError {
  return new AppError("NOT_FOUND", messages[language][what]);
}
