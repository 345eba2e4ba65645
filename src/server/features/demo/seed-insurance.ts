import type { Db } from "#server/db/client.ts";
import { bookPolicy, createPolicy } from "#server/features/insurance/insurance.service.ts";
import { materializeDue } from "#server/features/recurring/materialize.ts";
import { createEntry } from "#server/features/transactions/transactions.service.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { addDays, addMonths, daysBetween, type IsoDate } from "#shared/dates.ts";
import { nextPremiumOn } from "#shared/insurance-math.ts";
import {
  createPolicySchema,
  policyBookingInputSchema,
  type CreatePolicyInput,
  type Policy,
} from "#shared/schemas/insurance.schema.ts";
import { entryInputSchema } from "#shared/schemas/transactions.schema.ts";

/** `date` moved by whole years, on a day of the month every year has. */
function yearsFrom(date: IsoDate, years: number): IsoDate {
  return `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
}

/** The first premium of the policy's series on or after `from` (its start, when later). */
function firstPremiumFrom(policy: Policy, from: IsoDate): IsoDate {
  const first = nextPremiumOn(policy, from);
  if (!first) throw new Error(`The demo policy of ${policy.insurer} has no premium to book.`);
  return first;
}

type DemoPolicy = {
  input: CreatePolicyInput;
  /** Who pays the premium (left out: the first person it covers). */
  paidBy?: string;
};

/**
 * The demo household's insurance (Pro), made through the area's own services so every figure is
 * the app's: basic health insurance for both adults with the year's mandatory deductible of
 * € 385 (Sanne at Zilveren Kruis, Joost at CZ with a voluntary € 500 and supplementary cover
 * there), the home's buildings and contents insurance since the house was bought, the family's
 * liability insurance, Joost's car insurance renewing in about six weeks (its one-month notice
 * deadline about two weeks away, with a reminder) and a yearly travel insurance. Every premium is
 * booked as a recurring expense tied to its policy from the start of the demo's history (or the
 * policy's), replacing a plain health insurance rule, and this year's care costs in the health
 * care category use part of each adult's deductible (€ 120 of Sanne's, € 260 of Joost's).
 */
export async function seedDemoInsurance(
  db: Db,
  viewer: Viewer,
  ids: {
    partner: string;
    insuranceCategoryId: string;
    healthCategoryId: string;
    historyStart: IsoDate;
    today: IsoDate;
  },
): Promise<{ policies: number; careEntries: number }> {
  const { partner, today } = ids;
  const me = viewer.memberId;
  const year = Number(today.slice(0, 4));
  const month = today.slice(0, 7);
  // Health insurance renews on 1 January; notice can be given up to and including 31 December.
  const healthStart = `${year - 6}-01-01`;
  const healthRenewal = `${year - 5}-01-01`;
  // The house was bought 40 months ago, with the mortgage (seed-loans-taxes.ts).
  const homeStart = `${addMonths(month, -40)}-01`;
  // The car's next renewal in about six weeks, on a day every month has.
  const carRenewal = (() => {
    const soon = addDays(today, 45);
    return Number(soon.slice(8)) > 28 ? `${soon.slice(0, 8)}28` : soon;
  })();
  const carStart = yearsFrom(carRenewal, -3);
  const travelStart = `${addMonths(month, -29)}-15`;
  const liabilityStart = `${addMonths(month, -75)}-01`;

  const household = { insured: "household" as const };
  const only = (memberId: string) => ({
    insured: "members" as const,
    members: [{ memberId, shareBp: null }],
  });
  const policies: DemoPolicy[] = [
    {
      input: {
        kind: "health-basic",
        insurer: "Zilveren Kruis",
        policyNumber: "ZK 4817 2290",
        premiumCents: 14_695,
        frequency: "monthly",
        deductibleCents: 38_500,
        voluntaryDeductibleCents: 0,
        coverageNotes: "Basis Zeker, geen vrijwillig eigen risico",
        startDate: healthStart,
        renewalDate: healthRenewal,
        noticePeriod: { value: 1, unit: "days" },
        remindDaysBefore: 14,
        ...only(me),
      },
    },
    {
      input: {
        kind: "health-basic",
        insurer: "CZ",
        policyNumber: "CZ 2093 5561",
        premiumCents: 12_445,
        frequency: "monthly",
        deductibleCents: 38_500,
        voluntaryDeductibleCents: 50_000,
        coverageNotes: "Zorg-op-maat, vrijwillig eigen risico € 500",
        startDate: healthStart,
        renewalDate: healthRenewal,
        noticePeriod: { value: 1, unit: "days" },
        ...only(partner),
      },
    },
    {
      input: {
        kind: "health-supplementary",
        insurer: "CZ",
        policyNumber: "CZ 2093 5561-A",
        premiumCents: 2_550,
        frequency: "monthly",
        coverageNotes:
          "Aanvullend Plus: fysiotherapie 9 behandelingen, tandarts tot € 250 per jaar",
        startDate: healthStart,
        renewalDate: healthRenewal,
        noticePeriod: { value: 1, unit: "days" },
        ...only(partner),
      },
    },
    {
      input: {
        kind: "home",
        insurer: "Centraal Beheer",
        policyNumber: "CB-W 70 118 442",
        premiumCents: 2_385,
        frequency: "monthly",
        deductibleCents: 25_000,
        coverageNotes: "Opstalverzekering Merelstraat, herbouwwaarde, eigen risico storm € 250",
        startDate: homeStart,
        renewalDate: yearsFrom(homeStart, 1),
        noticePeriod: { value: 1, unit: "months" },
        ...household,
      },
    },
    {
      input: {
        kind: "contents",
        insurer: "Centraal Beheer",
        policyNumber: "CB-I 70 118 443",
        premiumCents: 1_460,
        frequency: "monthly",
        deductibleCents: 0,
        coverageNotes: "Inboedel all risk, inclusief glas",
        startDate: homeStart,
        renewalDate: yearsFrom(homeStart, 1),
        noticePeriod: { value: 1, unit: "months" },
        ...household,
      },
      paidBy: partner,
    },
    {
      input: {
        kind: "liability",
        insurer: "FBTO",
        policyNumber: "FB 3 551 208",
        premiumCents: 545,
        frequency: "monthly",
        deductibleCents: 0,
        coverageNotes: "Aansprakelijkheid particulier (AVP) voor het gezin, tot € 2.500.000",
        startDate: liabilityStart,
        renewalDate: yearsFrom(liabilityStart, 1),
        noticePeriod: { value: 1, unit: "months" },
        ...household,
      },
    },
    {
      input: {
        kind: "car",
        insurer: "ANWB",
        policyNumber: "ANWB AV 9 604 731",
        premiumCents: 6_275,
        frequency: "monthly",
        deductibleCents: 15_000,
        coverageNotes: "WA + beperkt casco, Volkswagen Golf 2019, 6 schadevrije jaren",
        startDate: carStart,
        renewalDate: yearsFrom(carStart, 1),
        noticePeriod: { value: 1, unit: "months" },
        remindDaysBefore: 14,
        ...only(partner),
      },
    },
    {
      input: {
        kind: "travel",
        insurer: "Interpolis",
        policyNumber: "IP-R 5 772 019",
        premiumCents: 9_840,
        frequency: "yearly",
        deductibleCents: 5_000,
        coverageNotes: "Doorlopende reisverzekering voor het gezin, Europa, met annulering",
        startDate: travelStart,
        renewalDate: yearsFrom(travelStart, 1),
        noticePeriod: { value: 1, unit: "months" },
        ...household,
      },
    },
  ];

  for (const { input, paidBy } of policies) {
    const policy = await createPolicy(db, viewer, createPolicySchema.parse(input), today);
    await bookPolicy(
      db,
      viewer,
      policy.id,
      policyBookingInputSchema.parse({
        categoryId: ids.insuranceCategoryId,
        ...(paidBy ? { paidByMemberId: paidBy } : {}),
        startDate: firstPremiumFrom(policy, ids.historyStart),
      }),
      today,
    );
  }
  await materializeDue(db, today, { householdId: viewer.householdId });

  // This year's care costs, spread over the part of the year that has passed: € 120 of
  // Sanne's deductible used and € 260 of Joost's, both below what they have.
  const yearStart = `${year}-01-01`;
  const passed = daysBetween(yearStart, today);
  const care: [memberId: string, cents: number, merchant: string, notes: string, at: number][] = [
    [me, 2_380, "Apotheek De Linde", "Antibiotica", 0.15],
    [partner, 3_150, "Apotheek De Linde", "Medicijnen", 0.3],
    [me, 9_620, "Saltro (Zilveren Kruis)", "Eigen risico: bloedonderzoek", 0.45],
    [partner, 18_850, "St. Antonius Ziekenhuis (CZ)", "Eigen risico: polikliniek orthopedie", 0.6],
    [partner, 4_000, "Fysiotherapie Lombok", "Behandeling buiten de aanvullende dekking", 0.85],
  ];
  for (const [memberId, amountCents, merchant, notes, at] of care) {
    await createEntry(
      db,
      viewer,
      entryInputSchema.parse({
        kind: "expense",
        amountCents,
        occurredOn: addDays(yearStart, Math.floor(passed * at)),
        categoryId: ids.healthCategoryId,
        merchant,
        notes,
        splitMode: "personal",
        memberId,
        paidByMemberId: memberId,
      }),
    );
  }
  return { policies: policies.length, careEntries: care.length };
}
