import type { Cents } from "./money.ts";

/**
 * An estimate of the Dutch wealth tax, box 3 ("sparen en beleggen"), under the deemed-return
 * regime that applies since 2023 (the "overbruggingswet", the savings variant): every asset
 * category earns a deemed return on its value on 1 January, the tax office's steps turn that
 * into a taxable benefit ("voordeel uit sparen en beleggen") and the rate is applied. It is an
 * estimate: the return the household files, its fiscal partner and other boxes can change it,
 * and since 2025 a lower actual return may be proven instead (the tegenbewijsregeling).
 *
 * Parameters are data, one entry per year, each with its source (see `box3Years`). A year has a
 * provisional set of percentages for bank balances and debts (the ones provisional assessments
 * use) and, once the State Secretary has published it after the year, a definitive set. Other
 * assets' percentage is definitive from the start.
 *
 * The steps and their rounding follow the Belastingdienst's own explanation and worked
 * examples (its page "Hoe wordt mijn box 3-inkomen over 2025 berekend?" and the 2022/2023
 * versions): values in whole euros in the taxpayer's favour (assets down, debts up); each
 * category's return in whole euros (assets' down, debts' to the nearest); the share of the base
 * ("aandeel in de rendementsgrondslag") as a percentage with two decimals, cut off; the benefit
 * and the tax in whole euros, rounded down. Their published examples come out exactly with this
 * rounding (see box3.test.ts). Percentages and the rate are basis points (144 = 1.44 %).
 */

export type Box3Rates = {
  /** Bank balances, savings and cash ("banktegoeden"). */
  bankBp: number;
  /** Every other asset: investments, a second home, ... ("overige bezittingen"). */
  otherBp: number;
  /** Debts that are not the own home's mortgage ("schulden"). */
  debtsBp: number;
};

export type Box3Source = { title: string; url: string };

export type Box3Year = {
  year: number;
  /** The tax-free allowance per person ("heffingsvrij vermogen"); doubled for fiscal partners. */
  allowanceCents: Cents;
  /** Debts count only above this, per person ("drempel schulden"); doubled for fiscal partners. */
  debtThresholdCents: Cents;
  /** The box 3 rate. */
  taxRateBp: number;
  /** The percentages provisional assessments use. */
  provisional: Box3Rates;
  /** The percentages set after the year, or null while they are not published. */
  definitive: (Box3Rates & { published: string }) | null;
  sources: Box3Source[];
};

const bd = (path: string) =>
  `https://www.belastingdienst.nl/wps/wcm/connect/nl/box-3/content/${path}`;

/**
 * The parameters of every year Hearth estimates, with their sources. Add a year here (and its
 * definitive percentages once they are published); nothing else needs to change.
 */
export const box3Years: readonly Box3Year[] = [
  {
    year: 2023,
    allowanceCents: 5_700_000,
    debtThresholdCents: 340_000,
    taxRateBp: 3200,
    // Provisional assessments over 2023 used the CPB's estimate (0.36 % / 2.57 %); the law itself
    // first said 0.01 % for bank balances.
    provisional: { bankBp: 36, otherBp: 617, debtsBp: 257 },
    definitive: { bankBp: 92, otherBp: 617, debtsBp: 246, published: "2024-01-25" },
    sources: [
      {
        title: "Belastingdienst: berekening box 3-inkomen 2023",
        url: bd("berekening-box-3-inkomen-2023"),
      },
      {
        title:
          "Kamerbrief 25 januari 2024 (Kamerstuk 32 140, nr. 179): definitieve percentages 2023",
        url: "https://www.tweedekamer.nl/kamerstukken/brieven_regering/detail?did=2024D02543&id=2024D02543",
      },
    ],
  },
  {
    year: 2024,
    allowanceCents: 5_700_000,
    debtThresholdCents: 370_000,
    taxRateBp: 3600,
    provisional: { bankBp: 103, otherBp: 604, debtsBp: 247 },
    definitive: { bankBp: 144, otherBp: 604, debtsBp: 261, published: "2025-03-14" },
    sources: [
      {
        title: "Belastingdienst: box 3-inkomen op voorlopige aanslag 2024",
        url: bd("box-3-inkomen-op-voorlopige-aanslag-2024"),
      },
      {
        title:
          "Besluit 14 maart 2025, nr. 2025-0000062971, Staatscourant 2025, 8295: definitieve percentages 2024",
        url: "https://zoek.officielebekendmakingen.nl/stcrt-2025-8295.html",
      },
    ],
  },
  {
    year: 2025,
    allowanceCents: 5_768_400,
    debtThresholdCents: 380_000,
    taxRateBp: 3600,
    provisional: { bankBp: 144, otherBp: 588, debtsBp: 262 },
    definitive: { bankBp: 137, otherBp: 588, debtsBp: 270, published: "2026-02-26" },
    sources: [
      {
        title: "Belastingdienst: box 3-inkomen op voorlopige aanslag 2025",
        url: bd("box-3-inkomen-op-voorlopige-aanslag-2025"),
      },
      {
        title: "Staatscourant 2026, 3708: definitieve percentages 2025",
        url: "https://zoek.officielebekendmakingen.nl/stcrt-2026-3708.html",
      },
    ],
  },
  {
    year: 2026,
    allowanceCents: 5_935_700,
    debtThresholdCents: 380_000,
    taxRateBp: 3600,
    provisional: { bankBp: 128, otherBp: 600, debtsBp: 270 },
    definitive: null,
    sources: [
      {
        title: "Belastingdienst: berekening box 3-inkomen 2026",
        url: bd("berekening-box-3-inkomen-2026"),
      },
      {
        title:
          "Belastingplan 2026 as amended (Kamerstuk 36 812, nr. 47): allowance € 59,357, other assets 6.00 %",
        url: "https://zoek.officielebekendmakingen.nl/kst-36812-47.html",
      },
    ],
  },
];

export function box3Year(year: number): Box3Year | null {
  return box3Years.find((entry) => entry.year === year) ?? null;
}

/** What the household owns and owes on 1 January, in cents (debts without the own home's mortgage). */
export type Box3Wealth = { bankCents: Cents; otherCents: Cents; debtsCents: Cents };

export type Box3Input = Box3Wealth & {
  /** Fiscal partners for the whole year: the allowance and the threshold count twice. */
  partners: boolean;
  /** With partners: the part of the joint base the first partner takes (0 to 10,000 bp). */
  firstPartnerSplitBp?: number;
};

/** A person's part of the outcome: of the base, their share of the yield base, benefit and tax. */
export type Box3Person = {
  baseEuros: number;
  /** "Aandeel in de rendementsgrondslag": hundredths of a percent (6200 = 62.00 %). */
  shareBp: number;
  benefitEuros: number;
  taxEuros: number;
};

/** Every step of the estimate, in whole euros, as the tax office writes it down. */
export type Box3Estimate = {
  year: number;
  basis: "definitive" | "provisional";
  rates: Box3Rates;
  taxRateBp: number;
  bankEuros: number;
  otherEuros: number;
  debtsEuros: number;
  thresholdEuros: number;
  /** Debts above the threshold. */
  deductibleDebtsEuros: number;
  bankReturnEuros: number;
  otherReturnEuros: number;
  debtsReturnEuros: number;
  /** "Belastbaar rendement": the returns of the assets minus that of the debts. */
  totalReturnEuros: number;
  /** "Rendementsgrondslag": assets minus deductible debts. */
  yieldBaseEuros: number;
  allowanceEuros: number;
  /** "Grondslag sparen en beleggen": the yield base above the allowance (not below 0). */
  baseEuros: number;
  /** One person, or the two partners in order. */
  people: Box3Person[];
  benefitEuros: number;
  taxEuros: number;
};

/** Whole euros of an amount in cents, rounded down (an asset, in the taxpayer's favour). */
const eurosDown = (cents: Cents) => Math.floor(Math.max(0, cents) / 100);
/** Whole euros, rounded up (a debt, in the taxpayer's favour). */
const eurosUp = (cents: Cents) => Math.ceil(Math.max(0, cents) / 100);
/** `euros × bp / 10000` in whole euros, rounded down, computed with integers. */
const partDown = (euros: number, bp: number) => Math.floor((euros * bp) / 10_000);
/** `euros × bp / 10000` to the nearest whole euro (halves up). */
const partNearest = (euros: number, bp: number) => Math.floor((euros * bp * 2 + 10_000) / 20_000);

/**
 * The estimate for a year's parameters and 1 January's wealth: definitive percentages when
 * they are published (unless `basis` asks for the provisional ones), else the provisional.
 */
export function estimateBox3(
  params: Box3Year,
  input: Box3Input,
  basis: "definitive" | "provisional" = params.definitive ? "definitive" : "provisional",
): Box3Estimate {
  const chosen =
    basis === "definitive" && params.definitive ? params.definitive : params.provisional;
  const rates: Box3Rates = {
    bankBp: chosen.bankBp,
    otherBp: chosen.otherBp,
    debtsBp: chosen.debtsBp,
  };
  const people = input.partners ? 2 : 1;

  const bankEuros = eurosDown(input.bankCents);
  const otherEuros = eurosDown(input.otherCents);
  const debtsEuros = eurosUp(input.debtsCents);
  const thresholdEuros = eurosDown(params.debtThresholdCents) * people;
  const deductibleDebtsEuros = Math.max(0, debtsEuros - thresholdEuros);

  const bankReturnEuros = partDown(bankEuros, rates.bankBp);
  const otherReturnEuros = partDown(otherEuros, rates.otherBp);
  const debtsReturnEuros = partNearest(deductibleDebtsEuros, rates.debtsBp);
  const totalReturnEuros = bankReturnEuros + otherReturnEuros - debtsReturnEuros;

  const yieldBaseEuros = bankEuros + otherEuros - deductibleDebtsEuros;
  const allowanceEuros = eurosDown(params.allowanceCents) * people;
  const baseEuros = Math.max(0, yieldBaseEuros - allowanceEuros);

  const split = Math.min(10_000, Math.max(0, input.firstPartnerSplitBp ?? 5_000));
  const bases = input.partners
    ? [
        Math.floor((baseEuros * split) / 10_000),
        baseEuros - Math.floor((baseEuros * split) / 10_000),
      ]
    : [baseEuros];
  const outcome = bases.map((personBase): Box3Person => {
    // The share of the yield base, in hundredths of a percent, cut off after two decimals.
    const shareBp = yieldBaseEuros > 0 ? Math.floor((personBase * 10_000) / yieldBaseEuros) : 0;
    const benefitEuros = totalReturnEuros > 0 ? partDown(totalReturnEuros, shareBp) : 0;
    return {
      baseEuros: personBase,
      shareBp,
      benefitEuros,
      taxEuros: partDown(benefitEuros, params.taxRateBp),
    };
  });

  return {
    year: params.year,
    basis: chosen === params.provisional ? "provisional" : "definitive",
    rates,
    taxRateBp: params.taxRateBp,
    bankEuros,
    otherEuros,
    debtsEuros,
    thresholdEuros,
    deductibleDebtsEuros,
    bankReturnEuros,
    otherReturnEuros,
    debtsReturnEuros,
    totalReturnEuros,
    yieldBaseEuros,
    allowanceEuros,
    baseEuros,
    people: outcome,
    benefitEuros: outcome.reduce((sum, person) => sum + person.benefitEuros, 0),
    taxEuros: outcome.reduce((sum, person) => sum + person.taxEuros, 0),
  };
}

/**
 * What the deemed return on a category would be, for comparing with the real return of the
 * year (a family whose investments earned less may prove it and pay less): in cents.
 */
export function deemedReturnCents(valueCents: Cents, bp: number): Cents {
  return Math.floor((Math.max(0, valueCents) * bp) / 10_000);
}
