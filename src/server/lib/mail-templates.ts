import type { Language } from "#shared/i18n.ts";
import type { Mail } from "./mail.ts";
import { escapeHtml } from "./html.ts";

/**
 * Every mail Hearth sends, in English and Dutch. The Dutch table is typed by the English one,
 * so a sentence missing in one language fails the type check.
 *
 * Names are free text anyone can type, and a mail may go to someone who has no account yet: so
 * no subject carries one, and in a body a name is set off as text (`asText`, `quoted`) that no
 * mail program turns into a link (decision 018).
 */
const en = {
  greeting: (name: string) => `Hello ${name},`,
  signature: "— Hearth, your household's money at a glance",
  ignore: "If you did not ask for this, you can ignore this e-mail.",
  verify: {
    subject: "Confirm your e-mail address for Hearth",
    intro:
      "Welcome to Hearth. Please confirm your e-mail address to start keeping your household's money together.",
    action: "Confirm my e-mail address",
    expiry: "The link works for 24 hours.",
  },
  reset: {
    subject: "Reset your Hearth password",
    intro:
      "Someone asked to reset the password of your Hearth account. Use the link below to choose a new one.",
    action: "Choose a new password",
    expiry: "The link works once and for one hour.",
  },
  existing: {
    subject: "Someone tried to create a Hearth account with your address",
    intro:
      'Someone tried to create a new Hearth account with this e-mail address, which already has one. If it was you, just sign in; if you forgot your password, use "Forgot password?" on the sign-in page.',
    action: "Sign in to Hearth",
    expiry: "Nothing was changed in your account.",
  },
  invitation: {
    subject: "You are invited to join a household on Hearth",
    greeting: "Hello,",
    intro: (inviter: string, household: string) =>
      `${inviter} invites you to join ${household} on Hearth, to keep your household's money together.`,
    newHere: (email: string) =>
      `New to Hearth? Create an account with ${email} first; the link brings you back to the invitation. Accepting brings the entries you already have along.`,
    action: "View the invitation",
    expiry: (email: string) => `The link works once, for 7 days, and only for ${email}.`,
    ignore: "Not expecting this? Then you can ignore this e-mail.",
  },
  taxDeadline: {
    subject: "Reminder: a tax deadline is coming up",
    intro: (kind: string, date: string, title: string | null) =>
      `${kind}${title ? ` (${title})` : ""} is due on ${date}.`,
    daysLeft: (days: number) =>
      days === 0 ? "That is today." : days === 1 ? "That is tomorrow." : `That is in ${days} days.`,
    action: "Open your taxes in Hearth",
    why: "You get this reminder because the deadline was given one in Hearth. Mark it done there, or change the reminder.",
  },
  insuranceNotice: {
    subject: "Reminder: the last day to cancel an insurance policy is coming up",
    intro: (kind: string, insurer: string, date: string, renewal: string) =>
      `The last day to give notice (opzegtermijn) for ${kind} with ${insurer} is ${date}; otherwise it renews on ${renewal}.`,
    daysLeft: (days: number) =>
      days === 0 ? "That is today." : days === 1 ? "That is tomorrow." : `That is in ${days} days.`,
    action: "Open your insurance in Hearth",
    why: "You get this reminder because the policy was given one in Hearth. Change or switch it off there.",
  },
};

const nl: typeof en = {
  greeting: (name: string) => `Hallo ${name},`,
  signature: "— Hearth, het geld van je huishouden in één oogopslag",
  ignore: "Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren.",
  verify: {
    subject: "Bevestig je e-mailadres voor Hearth",
    intro:
      "Welkom bij Hearth. Bevestig je e-mailadres om samen het geld van je huishouden bij te houden.",
    action: "Mijn e-mailadres bevestigen",
    expiry: "De link werkt 24 uur.",
  },
  reset: {
    subject: "Stel je Hearth-wachtwoord opnieuw in",
    intro:
      "Er is gevraagd om het wachtwoord van je Hearth-account opnieuw in te stellen. Kies via de link hieronder een nieuw wachtwoord.",
    action: "Een nieuw wachtwoord kiezen",
    expiry: "De link werkt één keer en één uur lang.",
  },
  existing: {
    subject: "Iemand probeerde een Hearth-account aan te maken met jouw adres",
    intro:
      'Iemand probeerde een nieuw Hearth-account aan te maken met dit e-mailadres, dat al een account heeft. Was jij dat? Log dan gewoon in; ben je je wachtwoord vergeten, gebruik dan "Wachtwoord vergeten?" op de inlogpagina.',
    action: "Inloggen bij Hearth",
    expiry: "Er is niets aan je account veranderd.",
  },
  invitation: {
    subject: "Je bent uitgenodigd voor een huishouden op Hearth",
    greeting: "Hallo,",
    intro: (inviter: string, household: string) =>
      `${inviter} nodigt je uit om lid te worden van ${household} op Hearth, om samen het geld van jullie huishouden bij te houden.`,
    newHere: (email: string) =>
      `Nieuw bij Hearth? Maak eerst een account aan met ${email}; de link brengt je daarna terug naar de uitnodiging. Als je accepteert, neem je je bestaande gegevens mee.`,
    action: "Uitnodiging bekijken",
    expiry: (email: string) => `De link werkt één keer, 7 dagen lang, en alleen voor ${email}.`,
    ignore: "Had je dit niet verwacht? Dan kun je deze e-mail negeren.",
  },
  taxDeadline: {
    subject: "Herinnering: er nadert een uiterste datum voor je belastingen",
    intro: (kind: string, date: string, title: string | null) =>
      `De uiterste datum voor ${kind}${title ? ` (${title})` : ""} is ${date}.`,
    daysLeft: (days: number) =>
      days === 0 ? "Dat is vandaag." : days === 1 ? "Dat is morgen." : `Dat is over ${days} dagen.`,
    action: "Je belastingen openen in Hearth",
    why: "Je krijgt deze herinnering omdat je er in Hearth een hebt ingesteld. Zet de termijn daar op gedaan, of pas de herinnering aan.",
  },
  insuranceNotice: {
    subject: "Herinnering: de laatste dag om een verzekering op te zeggen nadert",
    intro: (kind: string, insurer: string, date: string, renewal: string) =>
      `De laatste dag om ${kind} bij ${insurer} op te zeggen (opzegtermijn) is ${date}; anders wordt hij op ${renewal} verlengd.`,
    daysLeft: (days: number) =>
      days === 0 ? "Dat is vandaag." : days === 1 ? "Dat is morgen." : `Dat is over ${days} dagen.`,
    action: "Je verzekeringen openen in Hearth",
    why: "Je krijgt deze herinnering omdat je er in Hearth een hebt ingesteld voor deze polis. Pas hem daar aan of zet hem uit.",
  },
};

export const mailTexts = { en, nl } satisfies Record<Language, typeof en>;

/** The zero-width non-joiner: invisible, and no link finder reads an address across it. */
const linkBreak = "\u200C";

/**
 * Free text as text only: after every ".", ":", "/" and "@" an invisible zero-width non-joiner,
 * so "evil.com/refund", "https://…" or "me@evil.com" in a name is no domain, scheme or address
 * to the link finders of mail programs; what a person reads does not change.
 */
export function asText(value: string): string {
  return value.replace(/[.:/@]/g, (mark) => `${mark}${linkBreak}`);
}

/** Free text inside a sentence: as text (`asText`) and between quotation marks. */
export function quoted(value: string): string {
  return `“${asText(value)}”`;
}

/** A mail's HTML part: its paragraphs in a plain, readable page. */
function htmlPage(language: Language, body: string): string {
  return `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1c1917;line-height:1.5">
${body}
</body></html>`;
}

/** The one link of a mail, as a button: Hearth's own address. */
function actionButton(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#c2410c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

/** A mail with one action link: a plain-text part and a simple, readable HTML part. */
function actionMail(
  language: Language,
  to: string,
  name: string,
  kind: "verify" | "reset" | "existing",
  url: string,
): Mail {
  const t = mailTexts[language];
  const part = t[kind];
  const greeting = t.greeting(asText(name));
  const text = [
    greeting,
    "",
    part.intro,
    "",
    `${part.action}: ${url}`,
    "",
    part.expiry,
    t.ignore,
    "",
    t.signature,
  ].join("\n");
  const html = htmlPage(
    language,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(part.intro)}</p>
${actionButton(url, part.action)}
<p style="font-size:13px;color:#57534e">${escapeHtml(part.expiry)} ${escapeHtml(t.ignore)}</p>
<p style="font-size:13px;color:#57534e">${escapeHtml(url)}</p>
<p>${escapeHtml(t.signature)}</p>`,
  );
  return { to, subject: part.subject, text, html };
}

export const verificationMail = (language: Language, to: string, name: string, url: string) =>
  actionMail(language, to, name, "verify", url);

export const resetPasswordMail = (language: Language, to: string, name: string, url: string) =>
  actionMail(language, to, name, "reset", url);

export const existingAccountMail = (language: Language, to: string, name: string, url: string) =>
  actionMail(language, to, name, "existing", url);

/** The invitation to a household: in the language of the household owner's profile. */
export function invitationMail(
  language: Language,
  input: { to: string; inviterName: string; householdName: string; url: string },
): Mail {
  const t = mailTexts[language];
  const part = t.invitation;
  const intro = part.intro(quoted(input.inviterName), quoted(input.householdName));
  const text = [
    part.greeting,
    "",
    intro,
    "",
    `${part.action}: ${input.url}`,
    "",
    part.newHere(input.to),
    part.expiry(input.to),
    part.ignore,
    "",
    t.signature,
  ].join("\n");
  const html = htmlPage(
    language,
    `<p>${escapeHtml(part.greeting)}</p>
<p>${escapeHtml(intro)}</p>
${actionButton(input.url, part.action)}
<p>${escapeHtml(part.newHere(input.to))}</p>
<p style="font-size:13px;color:#57534e">${escapeHtml(part.expiry(input.to))} ${escapeHtml(part.ignore)}</p>
<p style="font-size:13px;color:#57534e">${escapeHtml(input.url)}</p>
<p>${escapeHtml(t.signature)}</p>`,
  );
  return {
    to: input.to,
    subject: part.subject,
    text,
    html,
  };
}

/** A day as a person reads it: "1 May 2026", "1 mei 2026". */
function longDate(day: string, language: Language): string {
  return new Intl.DateTimeFormat(language === "nl" ? "nl-NL" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * A tax deadline's reminder, to a person with an account about their household's deadline: a
 * fixed subject; the deadline's kind, day and title (free text) in the body as quoted text.
 */
export function taxDeadlineMail(
  language: Language,
  input: {
    to: string;
    name: string;
    kind: string;
    dueOn: string;
    title: string | null;
    daysLeft: number;
    url: string;
  },
): Mail {
  const t = mailTexts[language];
  const part = t.taxDeadline;
  const greeting = t.greeting(asText(input.name));
  const intro = part.intro(
    quoted(input.kind),
    quoted(longDate(input.dueOn, language)),
    input.title ? quoted(input.title) : null,
  );
  return reminderMail(
    language,
    input.to,
    part,
    greeting,
    intro,
    part.daysLeft(input.daysLeft),
    input.url,
  );
}

/**
 * A policy's notice deadline is coming up (decision 024). The subject is fixed; the kind, the
 * insurer (free text), the dates and the name appear only quoted, as text, in the body.
 */
export function insuranceNoticeMail(
  language: Language,
  input: {
    to: string;
    name: string;
    kind: string;
    insurer: string;
    deadline: string;
    renewalDate: string;
    daysLeft: number;
    url: string;
  },
): Mail {
  const t = mailTexts[language];
  const part = t.insuranceNotice;
  const greeting = t.greeting(asText(input.name));
  const intro = part.intro(
    quoted(input.kind),
    quoted(input.insurer),
    quoted(longDate(input.deadline, language)),
    quoted(longDate(input.renewalDate, language)),
  );
  return reminderMail(
    language,
    input.to,
    part,
    greeting,
    intro,
    part.daysLeft(input.daysLeft),
    input.url,
  );
}

/**
 * A reminder (a tax deadline, a policy's notice deadline): the greeting, what is due and how many
 * days are left, the button, why the mail came, and the signature; the subject is the part's own.
 */
function reminderMail(
  language: Language,
  to: string,
  part: { subject: string; action: string; why: string },
  greeting: string,
  intro: string,
  daysLeft: string,
  url: string,
): Mail {
  const t = mailTexts[language];
  const text = [
    greeting,
    "",
    `${intro} ${daysLeft}`,
    "",
    `${part.action}: ${url}`,
    "",
    part.why,
    "",
    t.signature,
  ].join("\n");
  const html = htmlPage(
    language,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)} ${escapeHtml(daysLeft)}</p>
${actionButton(url, part.action)}
<p style="font-size:13px;color:#57534e">${escapeHtml(part.why)}</p>
<p style="font-size:13px;color:#57534e">${escapeHtml(url)}</p>
<p>${escapeHtml(t.signature)}</p>`,
  );
  return { to, subject: part.subject, text, html };
}
