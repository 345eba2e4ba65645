import type { Language } from "./i18n.ts";
import { formatMoney, formatMoneyInput, readMoney } from "./money.ts";
import { validationMessage, validationMessages, type ValidationKey } from "./validation.ts";

/**
 * The message of a form's amount field when what was typed reads two ways ("12,345": € 12.345,00
 * or € 12,35). The form keeps it as the field's error (a text it can hold, like a validation
 * key); `formMessage` turns it into the sentence with both readings in the language on screen.
 */
const ambiguousAmountPrefix = "amountAmbiguous:";

/** The field's error for a typed amount that reads two ways, or null when it does not. */
export function ambiguousAmountError(text: string): string | null {
  return readMoney(text).kind === "ambiguous" ? `${ambiguousAmountPrefix}${text.trim()}` : null;
}

/**
 * The sentence about an amount that reads two ways, with both readings and how to write each:
 * "12,345 can be read as €12,345.00 or €12.35 — write 12345 or 12.35".
 */
export function ambiguousAmountSentence(text: string, language: Language): string {
  const reading = readMoney(text);
  if (reading.kind !== "ambiguous") return validationMessages[language].amountInvalid;
  const [thousands, decimal] = reading.readings;
  const [a, b] = [formatMoney(thousands, language), formatMoney(decimal, language)];
  const [typeA, typeB] = [String(thousands / 100), formatMoneyInput(decimal, language)];
  const shown = text.trim();
  return language === "nl"
    ? `${shown} is te lezen als ${a} of ${b} — schrijf ${typeA} of ${typeB}`
    : `${shown} can be read as ${a} or ${b} — write ${typeA} or ${typeB}`;
}

/** The messages the schemas give an amount that is not one (a typed text that reads two ways). */
const notAnAmountKeys: ReadonlySet<string> = new Set<ValidationKey>([
  "amountInvalid",
  "loanPrincipalInvalid",
  "deductibleInvalid",
]);

/**
 * A form's message for a field where an amount is typed: the schema's `message`, or when it
 * says the amount is not valid and the typed `text` reads two ways, the message with both.
 */
export function amountFieldMessage(message: string, text: unknown): string {
  if (!notAnAmountKeys.has(message) || typeof text !== "string") return message;
  return ambiguousAmountError(text) ?? message;
}

/**
 * The sentence for a form field's message: an amount that reads two ways
 * (`ambiguousAmountError`) the sentence with both readings, anything else as
 * `validationMessage` says it.
 */
export function formMessage(message: string, language: Language): string {
  if (message.startsWith(ambiguousAmountPrefix)) {
    return ambiguousAmountSentence(message.slice(ambiguousAmountPrefix.length), language);
  }
  return validationMessage(message, language);
}
