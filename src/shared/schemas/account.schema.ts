import { z } from "zod";
import { languages, type Language } from "../i18n.ts";
import { passwordMaxLength } from "../password-rules.ts";

export const updateLanguageSchema = z.object({
  language: z.enum(languages, { message: "Choose English (en) or Dutch (nl)." }),
});
export type UpdateLanguageInput = z.infer<typeof updateLanguageSchema>;

/**
 * The word a person types to confirm deleting their account, in the language on their screen.
 * The server takes either language's word (a Dutch reader may have switched to English), in any
 * case and with spaces around it.
 */
export const deleteConfirmationWords = { en: "DELETE", nl: "VERWIJDER" } as const satisfies Record<
  Language,
  string
>;

export function confirmsDeletion(typed: string): boolean {
  const word = typed.trim().toUpperCase();
  return Object.values(deleteConfirmationWords).some((confirmation) => confirmation === word);
}

/**
 * Deleting one's account: the password and the typed word. Empty ones are refused by the
 * service, with a sentence per field in the caller's language; here only the shape is checked.
 */
export const deleteAccountSchema = z.object(
  {
    password: z.string({ error: "invalid" }).max(passwordMaxLength, { error: "textTooLong" }),
    confirmation: z.string({ error: "invalid" }).max(100, { error: "textTooLong" }),
  },
  { error: "invalid" },
);
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
