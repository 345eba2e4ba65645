import { box3Years } from "./box3.ts";
import type { Language } from "./i18n.ts";

/**
 * Validation messages of the money areas, by key. The shared zod schemas use a key as their
 * message; the server's validation hook answers the sentence in the caller's language, and the
 * client's forms show the same sentence. Both languages are typed by the key list, so a key
 * cannot exist in one language only.
 */
export const validationKeys = [
  "invalid",
  "categoryRequired",
  "amountRequired",
  "amountPositive",
  "amountInvalid",
  "selectMember",
  "selectPaidBy",
  "selectReceivedBy",
  "splitNeedsTwo",
  "splitAmountsMustEqualTotal",
  "splitPercentsMustTotal100",
  "splitMemberTwice",
  "dateInvalid",
  "dateRequired",
  "dateOutOfRange",
  "endBeforeStart",
  "nameRequired",
  "nameTooLong",
  "nameTaken",
  "textTooLong",
  "monthInvalid",
  "categoryKindMismatch",
  "categoryArchived",
  "mergeIntoSelf",
  "memberUnknown",
  "settleSameMember",
  "csvEmpty",
  "csvTooLarge",
  "requestTooLarge",
  "csvColumnMissing",
  "csvAmountNotMoney",
  "currencyNotEuro",
  "ofxInvalid",
  "camtInvalid",
  "mt940Invalid",
  "importKindMismatch",
  "ruleTextRequired",
  "controlCharacters",
  "bodyNotJson",
  "rateInvalid",
  "accountRequired",
  "accountClosed",
  "targetDateNotFuture",
  "emergencyMonthsRange",
  "withdrawalTooLarge",
  "isinInvalid",
  "currencyInvalid",
  "quantityInvalid",
  "priceInvalid",
  "fxRateInvalid",
  "ratioInvalid",
  "taxTooLarge",
  "sellTooLarge",
  "holdingRequired",
  "holdingUnknown",
  // Loans (issue 13)
  "loanPartsRequired",
  "loanPartRequired",
  "loanPrincipalInvalid",
  "loanTooLarge",
  "loanTermInvalid",
  "loanRateInvalid",
  "fixedPeriodInvalid",
  "followingRateNeedsPeriod",
  "penaltyFreeInvalid",
  "ownHomeOnlyMortgage",
  "untilOnlyYearly",
  "untilAfterFirst",
  "extraOutsidePart",
  "loanSplitByPercent",
  "loanRepaidBy",
  // Taxes (issue 13)
  "taxYearInvalid",
  "taxItemKindRequired",
  "taxItemStatusRequired",
  "installmentsRange",
  "installmentsTooSmall",
  "taxDeadlineKindRequired",
  "taxDeadlineStatusInvalid",
  "remindDaysRange",
  "partnersNeedTwo",
  "partnerSplitInvalid",
  "box3YearUnknown",
  // Insurance (issue 14)
  "insuranceKindRequired",
  "insurerRequired",
  "premiumFrequencyRequired",
  "deductibleInvalid",
  "voluntaryDeductibleSteps",
  "voluntaryDeductibleHealthOnly",
  "renewalAfterStart",
  "noticePeriodInvalid",
  "reminderNeedsNotice",
  "insuredMembersRequired",
  "insuranceSharesAllOrNone",
  "bookingOutsidePolicy",
] as const;
export type ValidationKey = (typeof validationKeys)[number];

/** The years with box 3 parameters (src/shared/box3.ts), for the message about other years. */
const firstBox3Year = box3Years[0]?.year ?? 2023;
const lastBox3Year = box3Years.at(-1)?.year ?? firstBox3Year;

export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === "string" && (validationKeys as readonly string[]).includes(value);
}

const en = {
  invalid: "This value is not valid.",
  categoryRequired: "Category is required",
  amountRequired: "Amount is required",
  amountPositive: "Amount must be positive",
  amountInvalid: "Please enter a valid amount",
  selectMember: "Please select a household member",
  selectPaidBy: "Please select who paid",
  selectReceivedBy: "Please select who received",
  splitNeedsTwo: "At least 2 members are needed to split",
  splitAmountsMustEqualTotal: "Split amounts must equal the total",
  splitPercentsMustTotal100: "Split percentages must add up to 100%",
  splitMemberTwice: "Each member can appear only once in a split",
  dateInvalid: "Please enter a valid date",
  dateRequired: "Date is required",
  dateOutOfRange: "Choose a date from 1900 up to and including 2099",
  endBeforeStart: "The end date must be on or after the start date",
  nameRequired: "Name is required",
  nameTooLong: "The name may have at most 60 characters",
  nameTaken: "There is already a category with this name",
  textTooLong: "This text is too long",
  monthInvalid: "Please choose a valid month",
  categoryKindMismatch: "Choose a category of the same type as the entry",
  categoryArchived: "This category is archived: choose another one",
  mergeIntoSelf: "Choose another category to merge into",
  memberUnknown: "This person is not a member of your household",
  settleSameMember: "Choose two different members",
  csvEmpty: "The file has no rows to import",
  csvTooLarge: "The file is too large: import at most 100,000 rows at a time",
  requestTooLarge: "This request is too large: send at most 1 MB",
  csvColumnMissing: "Choose a column for the date and the amount",
  csvAmountNotMoney:
    "The amount column holds account or card numbers, not amounts: choose the column of amounts",
  currencyNotEuro: "This row is in another currency than the euro: Hearth keeps euros only",
  ofxInvalid:
    "This file looks like an OFX or QFX bank file but cannot be read: download it from your bank again, or choose its CSV export",
  camtInvalid:
    "This file looks like a CAMT.053 bank statement but is not valid XML of one: download it from your bank again, or choose its CSV export",
  mt940Invalid:
    "This file looks like an MT940 bank statement but has no transactions that can be read: download it from your bank again, or choose its CSV export",
  importKindMismatch:
    "The amount's sign and the category's type disagree: check the sign or the category",
  ruleTextRequired: "Enter the text the counterparty or description contains (1 to 100 characters)",
  controlCharacters:
    "This text holds an invisible control character (such as NUL): remove it and try again",
  bodyNotJson: "Send the request as a JSON object (content-type: application/json)",
  rateInvalid: "Enter a yearly rate from -100% to 100%, with at most two decimals",
  accountRequired: "Choose a savings account",
  accountClosed: "This account is closed: open it again first",
  targetDateNotFuture: "Choose a target date after today",
  emergencyMonthsRange: "Choose from 3 to 6 months of spending",
  withdrawalTooLarge: "There is not that much in the account on that date",
  isinInvalid: "An ISIN is 2 letters, 9 letters or digits and a check digit (NL0011683594)",
  currencyInvalid: "Enter a currency as three letters, such as EUR or USD",
  quantityInvalid: "Enter a number of units above 0",
  priceInvalid: "Enter a price of 0 or more",
  fxRateInvalid: "Enter the exchange rate in euros per unit of the currency, above 0",
  ratioInvalid: "Enter how many new units each unit becomes, such as 2 or 0.5",
  taxTooLarge: "The tax withheld cannot be more than the dividend",
  sellTooLarge: "There are not that many units held on that date",
  holdingRequired: "Choose a holding",
  holdingUnknown: "No holding of this portfolio has this name, symbol or ISIN: add it first",
  // Loans (issue 13)
  loanPartsRequired: "Add at least one loan part (at most 20)",
  loanPartRequired: "Choose a part of this loan",
  loanPrincipalInvalid: "Enter the amount borrowed: from € 0.01 up to € 100 million",
  loanTooLarge: "A loan may borrow € 100 million at most, all its parts together",
  loanTermInvalid: "Enter a term from 1 to 600 months (50 years)",
  loanRateInvalid: "Enter a yearly rate from 0% to 100%, with at most two decimals",
  fixedPeriodInvalid: "The fixed-rate period is 1 month up to the loan part's term",
  followingRateNeedsPeriod:
    "Enter the fixed-rate period first: the rate after it starts when it ends",
  penaltyFreeInvalid: "Enter what may be repaid without a penalty each year: 0% to 100%",
  ownHomeOnlyMortgage: "Only a mortgage can be the mortgage on your own home",
  untilOnlyYearly: "Only a yearly extra repayment has a last date",
  untilAfterFirst: "The last date of a yearly extra repayment comes after its first",
  extraOutsidePart:
    "Choose a date from the loan part's start up to its last payment: there is nothing to repay outside it",
  loanSplitByPercent:
    "Split a loan's payment by percentages: its amount changes from month to month",
  loanRepaidBy: "The loan is repaid by then: choose an earlier first payment to book",
  // Taxes (issue 13)
  taxYearInvalid: "Choose a tax year from 1900 up to and including 2099",
  taxItemKindRequired:
    "Choose a kind: income tax, provisional assessment, municipal taxes, water board tax, road tax or other",
  taxItemStatusRequired: "Choose a status: due, paid, to receive or received",
  installmentsRange: "Choose from 1 to 12 monthly terms",
  installmentsTooSmall: "Each term needs at least one cent: enter a larger amount or fewer terms",
  taxDeadlineKindRequired:
    "Choose a kind: filing the return, objecting to an assessment, paying an assessment, requesting a provisional assessment or other",
  taxDeadlineStatusInvalid: "Choose open or done",
  remindDaysRange: "Choose a reminder from 0 to 365 days before the deadline, or none",
  partnersNeedTwo: "Choose two different people as fiscal partners, or none",
  partnerSplitInvalid: "Enter the first partner's part of the joint base, from 0% to 100%",
  box3YearUnknown: `Hearth has the box 3 parameters of ${firstBox3Year} up to and including ${lastBox3Year}: choose one of those years`,
  // Insurance (issue 14)
  insuranceKindRequired:
    "Choose a kind: basic health insurance, supplementary health insurance, home (building), contents, liability, car, travel, life, disability, legal aid, funeral, pet or other",
  insurerRequired: "Enter the insurer (at most 100 characters)",
  premiumFrequencyRequired:
    "Choose how often the premium is paid: monthly, quarterly, half-yearly or yearly",
  deductibleInvalid: "Enter the deductible (eigen risico) as an amount of € 0 or more",
  voluntaryDeductibleSteps:
    "Choose a voluntary deductible (vrijwillig eigen risico) of € 0, € 100, € 200, € 300, € 400 or € 500",
  voluntaryDeductibleHealthOnly: "Only basic health insurance has a voluntary deductible",
  renewalAfterStart: "The renewal date comes after the start date",
  noticePeriodInvalid:
    "Enter a notice period (opzegtermijn) of 1 to 24 months or 1 to 365 days, or none",
  reminderNeedsNotice:
    "A reminder needs a renewal date and a notice period (opzegtermijn): enter them, or choose no reminder",
  insuredMembersRequired: "Choose who is insured: the household, or one or more members",
  insuranceSharesAllOrNone:
    "Give every insured member a share of the premium, or none to share it evenly",
  bookingOutsidePolicy:
    "The policy does not run then: choose a first premium within the policy's cover",
} as const satisfies Record<ValidationKey, string>;

const nl = {
  invalid: "Deze waarde is niet geldig.",
  categoryRequired: "Categorie is verplicht",
  amountRequired: "Bedrag is verplicht",
  amountPositive: "Bedrag moet positief zijn",
  amountInvalid: "Voer een geldig bedrag in",
  selectMember: "Selecteer een lid van het huishouden",
  selectPaidBy: "Selecteer wie heeft betaald",
  selectReceivedBy: "Selecteer wie het heeft ontvangen",
  splitNeedsTwo: "Er zijn minstens 2 leden nodig om te verdelen",
  splitAmountsMustEqualTotal: "De verdeelde bedragen moeten samen het totaal zijn",
  splitPercentsMustTotal100: "De percentages moeten samen 100% zijn",
  splitMemberTwice: "Elk lid mag maar één keer in een verdeling staan",
  dateInvalid: "Voer een geldige datum in",
  dateRequired: "Datum is verplicht",
  dateOutOfRange: "Kies een datum vanaf 1900 tot en met 2099",
  endBeforeStart: "De einddatum moet op of na de begindatum liggen",
  nameRequired: "Naam is verplicht",
  nameTooLong: "De naam mag hoogstens 60 tekens hebben",
  nameTaken: "Er is al een categorie met deze naam",
  textTooLong: "Deze tekst is te lang",
  monthInvalid: "Kies een geldige maand",
  categoryKindMismatch: "Kies een categorie van hetzelfde soort als de post",
  categoryArchived: "Deze categorie is gearchiveerd: kies een andere",
  mergeIntoSelf: "Kies een andere categorie om mee samen te voegen",
  memberUnknown: "Deze persoon is geen lid van je huishouden",
  settleSameMember: "Kies twee verschillende leden",
  csvEmpty: "Het bestand heeft geen rijen om te importeren",
  csvTooLarge: "Het bestand is te groot: importeer hoogstens 100.000 rijen tegelijk",
  requestTooLarge: "Dit verzoek is te groot: stuur hoogstens 1 MB",
  csvColumnMissing: "Kies een kolom voor de datum en het bedrag",
  csvAmountNotMoney:
    "De bedragkolom bevat rekening- of kaartnummers, geen bedragen: kies de kolom met bedragen",
  currencyNotEuro: "Deze rij is in een andere valuta dan de euro: Hearth houdt alleen euro's bij",
  ofxInvalid:
    "Dit bestand lijkt een OFX- of QFX-bankbestand maar is niet te lezen: download het opnieuw bij je bank, of kies de CSV-export",
  camtInvalid:
    "Dit bestand lijkt een CAMT.053-afschrift maar is geen geldige XML daarvan: download het opnieuw bij je bank, of kies de CSV-export",
  mt940Invalid:
    "Dit bestand lijkt een MT940-afschrift maar heeft geen transacties die te lezen zijn: download het opnieuw bij je bank, of kies de CSV-export",
  importKindMismatch:
    "Het teken van het bedrag en de soort van de categorie spreken elkaar tegen: controleer het teken of de categorie",
  ruleTextRequired:
    "Vul de tekst in die in de tegenpartij of omschrijving staat (1 tot 100 tekens)",
  controlCharacters:
    "Deze tekst bevat een onzichtbaar stuurteken (zoals NUL): haal het weg en probeer het opnieuw",
  bodyNotJson: "Stuur het verzoek als een JSON-object (content-type: application/json)",
  rateInvalid: "Voer een jaarrente in van -100% tot 100%, met hoogstens twee decimalen",
  accountRequired: "Kies een spaarrekening",
  accountClosed: "Deze rekening is opgeheven: open hem eerst weer",
  targetDateNotFuture: "Kies een streefdatum na vandaag",
  emergencyMonthsRange: "Kies 3 tot 6 maanden uitgaven",
  withdrawalTooLarge: "Er staat op die datum niet zoveel op de rekening",
  isinInvalid: "Een ISIN is 2 letters, 9 letters of cijfers en een controlecijfer (NL0011683594)",
  currencyInvalid: "Voer een valuta in als drie letters, zoals EUR of USD",
  quantityInvalid: "Voer een aantal stuks boven 0 in",
  priceInvalid: "Voer een koers van 0 of meer in",
  fxRateInvalid: "Voer de wisselkoers in euro per eenheid van de valuta in, boven 0",
  ratioInvalid: "Voer in hoeveel nieuwe stuks elk stuk wordt, zoals 2 of 0,5",
  taxTooLarge: "De ingehouden belasting kan niet meer zijn dan het dividend",
  sellTooLarge: "Er zijn op die datum niet zoveel stuks in bezit",
  holdingRequired: "Kies een positie",
  holdingUnknown:
    "Geen positie van deze portefeuille heeft deze naam, dit symbool of deze ISIN: voeg hem eerst toe",
  // Leningen (issue 13)
  loanPartsRequired: "Voeg minstens één leningdeel toe (hoogstens 20)",
  loanPartRequired: "Kies een leningdeel van deze lening",
  loanPrincipalInvalid: "Voer het geleende bedrag in: van € 0,01 tot € 100 miljoen",
  loanTooLarge: "Een lening is hoogstens € 100 miljoen, alle leningdelen samen",
  loanTermInvalid: "Voer een looptijd in van 1 tot 600 maanden (50 jaar)",
  loanRateInvalid: "Voer een jaarrente in van 0% tot 100%, met hoogstens twee decimalen",
  fixedPeriodInvalid: "De rentevaste periode is 1 maand tot de looptijd van het leningdeel",
  followingRateNeedsPeriod:
    "Vul eerst de rentevaste periode in: de rente daarna gaat in als die afloopt",
  penaltyFreeInvalid: "Voer in hoeveel je per jaar boetevrij mag aflossen: 0% tot 100%",
  ownHomeOnlyMortgage: "Alleen een hypotheek kan de hypotheek op je eigen woning zijn",
  untilOnlyYearly: "Alleen een jaarlijkse extra aflossing heeft een laatste datum",
  untilAfterFirst: "De laatste datum van een jaarlijkse extra aflossing ligt na de eerste",
  extraOutsidePart:
    "Kies een datum vanaf het begin van het leningdeel tot de laatste betaling: daarbuiten valt niets af te lossen",
  loanSplitByPercent:
    "Verdeel de betaling van een lening in procenten: het bedrag verschilt per maand",
  loanRepaidBy: "De lening is dan al afgelost: kies een eerdere eerste betaling om te boeken",
  // Belastingen (issue 13)
  taxYearInvalid: "Kies een belastingjaar vanaf 1900 tot en met 2099",
  taxItemKindRequired:
    "Kies een soort: inkomstenbelasting, voorlopige aanslag, gemeentelijke belastingen, waterschapsbelasting, motorrijtuigenbelasting of overig",
  taxItemStatusRequired: "Kies een status: te betalen, betaald, te ontvangen of ontvangen",
  installmentsRange: "Kies 1 tot 12 maandelijkse termijnen",
  installmentsTooSmall:
    "Elke termijn moet minstens één cent zijn: voer een hoger bedrag of minder termijnen in",
  taxDeadlineKindRequired:
    "Kies een soort: aangifte doen, bezwaar maken tegen een aanslag, een aanslag betalen, een voorlopige aanslag aanvragen of overig",
  taxDeadlineStatusInvalid: "Kies open of gedaan",
  remindDaysRange: "Kies een herinnering van 0 tot 365 dagen voor de uiterste datum, of geen",
  partnersNeedTwo: "Kies twee verschillende personen als fiscaal partners, of geen",
  partnerSplitInvalid:
    "Voer het deel van de gezamenlijke grondslag voor de eerste fiscaal partner in, van 0% tot 100%",
  box3YearUnknown: `Hearth heeft de box 3-parameters van ${firstBox3Year} tot en met ${lastBox3Year}: kies een van die jaren`,
  // Verzekeringen (issue 14)
  insuranceKindRequired:
    "Kies een soort: zorgverzekering (basis), aanvullende verzekering, opstalverzekering, inboedelverzekering, aansprakelijkheidsverzekering, autoverzekering, reisverzekering, levensverzekering, arbeidsongeschiktheidsverzekering, rechtsbijstandverzekering, uitvaartverzekering, dierenverzekering of overig",
  insurerRequired: "Vul de verzekeraar in (hoogstens 100 tekens)",
  premiumFrequencyRequired:
    "Kies hoe vaak je de premie betaalt: per maand, per kwartaal, per halfjaar of per jaar",
  deductibleInvalid: "Voer het eigen risico in als bedrag van € 0 of meer",
  voluntaryDeductibleSteps:
    "Kies een vrijwillig eigen risico van € 0, € 100, € 200, € 300, € 400 of € 500",
  voluntaryDeductibleHealthOnly:
    "Alleen een basiszorgverzekering heeft een vrijwillig eigen risico",
  renewalAfterStart: "De verlengdatum ligt na de ingangsdatum",
  noticePeriodInvalid: "Voer een opzegtermijn in van 1 tot 24 maanden of 1 tot 365 dagen, of geen",
  reminderNeedsNotice:
    "Een herinnering heeft een verlengdatum en een opzegtermijn nodig: vul ze in, of kies geen herinnering",
  insuredMembersRequired: "Kies wie verzekerd is: het huishouden, of een of meer leden",
  insuranceSharesAllOrNone:
    "Geef elk verzekerd lid een deel van de premie, of niemand om hem gelijk te verdelen",
  bookingOutsidePolicy:
    "De polis loopt dan niet: kies een eerste premie binnen de looptijd van de polis",
} as const satisfies Record<ValidationKey, string>;

export const validationMessages: Record<Language, Record<ValidationKey, string>> = { en, nl };

/** The general sentence for a request with fields that are not right. */
export const invalidRequestMessage: Record<Language, string> = {
  en: "Some fields are not filled in correctly.",
  nl: "Sommige velden zijn niet goed ingevuld.",
};

/**
 * The sentence for a validation message: a key becomes the sentence in `language`; any other
 * text (a message written out in a schema) stays as it is.
 */
export function validationMessage(message: string, language: Language): string {
  return isValidationKey(message) ? validationMessages[language][message] : message;
}
