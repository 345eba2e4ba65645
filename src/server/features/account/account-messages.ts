import type { Language } from "#shared/i18n.ts";
import { deleteConfirmationWords } from "#shared/schemas/account.schema.ts";

/**
 * The sentences deleting an account answers with, in the asking person's language. The Dutch
 * table is typed by the English one, so a sentence missing in one language fails tsc.
 */
const en = {
  invalid: "Some fields are not filled in correctly.",
  passwordRequired: "Fill in your password.",
  passwordWrong: "This is not your password.",
  confirmationWrong: `Type ${deleteConfirmationWords.en} to confirm.`,
  ownerWithMembers:
    "Your household has other members. Hand it over to one of them first on the Household tab, then delete your account.",
  paidPlanRunning:
    "Your household still pays for a plan. Cancel it first on the Subscription tab of your profile, then delete your account: nothing else is charged after that.",
  /** The name a deleted person's member row keeps, so the household's entries say whose they were. */
  formerMember: "Former member",
};

const nl: typeof en = {
  invalid: "Sommige velden zijn niet goed ingevuld.",
  passwordRequired: "Vul je wachtwoord in.",
  passwordWrong: "Dit is niet je wachtwoord.",
  confirmationWrong: `Typ ${deleteConfirmationWords.nl} om te bevestigen.`,
  ownerWithMembers:
    "Je huishouden heeft nog andere leden. Draag het eerst over aan een van hen op het tabblad Huishouden en verwijder daarna je account.",
  paidPlanRunning:
    "Je huishouden betaalt nog voor een abonnement. Zeg het eerst op via het tabblad Abonnement van je profiel en verwijder daarna je account: daarna wordt er niets meer afgeschreven.",
  formerMember: "Voormalig lid",
};

export const accountMessages = { en, nl } satisfies Record<Language, typeof en>;
export type AccountMessages = typeof en;
