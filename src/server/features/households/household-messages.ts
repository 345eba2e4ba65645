import type { Language } from "#shared/i18n.ts";
import type { PlanName } from "#shared/plans.ts";

/**
 * The sentences the household routes answer with, in the asking person's language: the client
 * shows them as they are (the member-limit toast, "or the server's message" on a failed invite).
 * The Dutch table is typed by the English one, so a sentence missing in one language fails tsc.
 */
const planLabel = {
  en: { free: "Free", premium: "Premium", pro: "Pro" },
  nl: { free: "Gratis", premium: "Premium", pro: "Pro" },
} satisfies Record<Language, Record<PlanName, string>>;

const en = {
  notFound: "We could not find this household.",
  memberNotFound: "We could not find this member.",
  invitationNotFound: "We could not find this invitation.",
  ownerOnly: "Only the owner of the household can do this.",
  inviteSelf: "You cannot invite yourself: you are already in this household.",
  alreadyMember: (email: string) => `${email} is already a member of this household.`,
  removeSelf: "You cannot remove yourself from your own household.",
  removeAggregate: "The household row cannot be removed.",
  transferSelf: "You already own this household: choose another member.",
  transferNoAccount:
    "This member has no account of their own and cannot own the household: choose another member.",
  notPending: "This invitation is no longer pending.",
  invalidToken:
    "This invitation is no longer valid: it was used, cancelled, replaced or has expired. Ask for a new one.",
  unverified: "Confirm your e-mail address first, then accept the invitation.",
  wrongAddress: (email: string) =>
    `This invitation is for ${email}. Sign in with that address to accept it.`,
  alreadyInHousehold: "You are already a member of this household.",
  ownerWithMembers:
    "Your household has other members. Hand it over or remove them first, then accept this invitation.",
  limit: (used: number, limit: number, plan: PlanName, next: PlanName | null) => {
    const label = planLabel.en[plan];
    if (used < limit) {
      const free = limit - used;
      return `Your household has ${used} of ${limit} places on the ${label} plan. You can invite ${free} more ${free === 1 ? "person" : "people"}.`;
    }
    return next
      ? `Your household has ${used} of ${limit} places on the ${label} plan. Upgrade to ${planLabel.en[next]} to invite more people.`
      : `Your household has ${used} of ${limit} places on the ${label} plan, the most any plan offers.`;
  },
};

const nl: typeof en = {
  notFound: "We konden dit huishouden niet vinden.",
  memberNotFound: "We konden dit lid niet vinden.",
  invitationNotFound: "We konden deze uitnodiging niet vinden.",
  ownerOnly: "Alleen de eigenaar van het huishouden kan dit doen.",
  inviteSelf: "Je kunt jezelf niet uitnodigen: je zit al in dit huishouden.",
  alreadyMember: (email: string) => `${email} is al lid van dit huishouden.`,
  removeSelf: "Je kunt jezelf niet uit je eigen huishouden verwijderen.",
  removeAggregate: "De rij van het huishouden zelf kan niet worden verwijderd.",
  transferSelf: "Je bent al eigenaar van dit huishouden: kies een ander lid.",
  transferNoAccount:
    "Dit lid heeft geen eigen account en kan geen eigenaar worden: kies een ander lid.",
  notPending: "Deze uitnodiging staat niet meer open.",
  invalidToken:
    "Deze uitnodiging is niet meer geldig: ze is al gebruikt, ingetrokken, vervangen of verlopen. Vraag om een nieuwe.",
  unverified: "Bevestig eerst je e-mailadres en accepteer daarna de uitnodiging.",
  wrongAddress: (email: string) =>
    `Deze uitnodiging is voor ${email}. Log in met dat adres om haar te accepteren.`,
  alreadyInHousehold: "Je bent al lid van dit huishouden.",
  ownerWithMembers:
    "Je huishouden heeft nog andere leden. Draag het eerst over of verwijder hen, en accepteer dan deze uitnodiging.",
  limit: (used: number, limit: number, plan: PlanName, next: PlanName | null) => {
    const label = planLabel.nl[plan];
    if (used < limit) {
      const free = limit - used;
      return `Je huishouden gebruikt ${used} van de ${limit} plekken van het ${label}-abonnement. Je kunt nog ${free} ${free === 1 ? "persoon" : "personen"} uitnodigen.`;
    }
    return next
      ? `Je huishouden gebruikt ${used} van de ${limit} plekken van het ${label}-abonnement. Stap over op ${planLabel.nl[next]} om meer mensen uit te nodigen.`
      : `Je huishouden gebruikt ${used} van de ${limit} plekken van het ${label}-abonnement, het maximum van alle abonnementen.`;
  },
};

export const householdMessages = { en, nl } satisfies Record<Language, typeof en>;
export type HouseholdMessages = typeof en;
