import type { Language } from "#shared/i18n.ts";

/**
 * The sentences a restore answers with, in the asking person's language. The Dutch table is
 * typed by the English one, so a sentence missing in one language fails tsc.
 */
const en = {
  notAnExport: "This file is not a Hearth export (a JSON file from “Your data”).",
  newerVersion: (version: string) =>
    `This export was made by a newer Hearth (format version ${version}); this Hearth cannot read it yet.`,
  incomplete: (what: string) => `This export is incomplete or damaged: ${what}.`,
  missingHousehold: "the household's row is missing",
  missingMembers: "the person who exported it or the household's own member row is missing",
  countsDiffer: (table: string) => `${table} holds another number of rows than its count says`,
  twice: (table: string) => `${table} is in it twice`,
  badValue: (table: string, row: number, column: string) =>
    `This export is damaged: ${table}, row ${row}, ${column} does not hold a valid value.`,
  missingReference: (table: string, row: number, column: string) =>
    `This export is damaged: ${table}, row ${row}, ${column} points at a row that is not in the file.`,
  rulesBroken: (table: string) =>
    `This export cannot be restored: the rows of ${table} break one of Hearth's rules.`,
  ownerOnly: "Only the household's owner can restore an export into it.",
  notEmpty:
    "Your household already holds data. An export can only be restored into a household without entries, accounts, loans, taxes, policies or other members, such as a new account's.",
  alreadyRestored: "This export has already been restored in this Hearth.",
  tooLarge: "This file is too large to restore (at most 100 MB).",
};

const nl: typeof en = {
  notAnExport: "Dit bestand is geen Hearth-export (een JSON-bestand van “Je gegevens”).",
  newerVersion: (version: string) =>
    `Deze export is gemaakt door een nieuwere Hearth (formaatversie ${version}); deze Hearth kan hem nog niet lezen.`,
  incomplete: (what: string) => `Deze export is onvolledig of beschadigd: ${what}.`,
  missingHousehold: "de rij van het huishouden ontbreekt",
  missingMembers: "de persoon die hem maakte of de eigen ledenrij van het huishouden ontbreekt",
  countsDiffer: (table: string) => `${table} heeft een ander aantal rijen dan de telling zegt`,
  twice: (table: string) => `${table} staat er twee keer in`,
  badValue: (table: string, row: number, column: string) =>
    `Deze export is beschadigd: ${table}, rij ${row}, ${column} heeft geen geldige waarde.`,
  missingReference: (table: string, row: number, column: string) =>
    `Deze export is beschadigd: ${table}, rij ${row}, ${column} verwijst naar een rij die niet in het bestand staat.`,
  rulesBroken: (table: string) =>
    `Deze export kan niet worden teruggezet: de rijen van ${table} voldoen niet aan een van de regels van Hearth.`,
  ownerOnly: "Alleen de eigenaar van het huishouden kan er een export in terugzetten.",
  notEmpty:
    "Je huishouden bevat al gegevens. Een export kan alleen worden teruggezet in een huishouden zonder boekingen, rekeningen, leningen, belastingen, polissen of andere leden, zoals dat van een nieuw account.",
  alreadyRestored: "Deze export is al eerder teruggezet in deze Hearth.",
  tooLarge: "Dit bestand is te groot om terug te zetten (hoogstens 100 MB).",
};

export const restoreMessages = { en, nl } satisfies Record<Language, typeof en>;
export type RestoreMessages = typeof en;
