import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { taxYears } from "#server/db/schema/taxes.ts";
import { holdingFigures } from "#server/features/investments/figures.ts";
import {
  latestPrices,
  listPortfolios,
  tradesByHolding,
} from "#server/features/investments/investments.service.ts";
import { loadLoans, owedOn, scheduleOf } from "#server/features/loans/loan-figures.ts";
import {
  activePeople,
  partsOf,
  scopeMemberId,
  type Owner,
} from "#server/features/savings/owners.ts";
import { balancesOn, listAccounts } from "#server/features/savings/savings.service.ts";
import { checkMembers, fieldError } from "#server/features/transactions/entry-references.ts";
import type { Viewer } from "#server/middleware/session.ts";
import {
  box3Year,
  deemedReturnCents,
  estimateBox3,
  type Box3Estimate,
  type Box3Wealth,
} from "#shared/box3.ts";
import type { IsoDate } from "#shared/dates.ts";
import type { Language } from "#shared/i18n.ts";
import { allocate } from "#shared/money.ts";
import type {
  Box3Basis,
  Box3EstimateAnswer,
  Box3Return,
  Box3Settings,
  box3SettingsInputSchema,
} from "#shared/schemas/taxes.schema.ts";
import { inParallel } from "#server/db/parallel.ts";

/**
 * The box 3 estimate of a tax year (decision 022): what each person of the household owns and
 * owes on 1 January, from the savings, investments and loans areas' own figures, the household's
 * choice of fiscal partners, and the tax office's steps in src/shared/box3.ts with the year's
 * parameters. Beside the deemed returns: the year's real return where Hearth knows it.
 */

/** The household's choice for a year: two fiscal partners and the first one's part, or none. */
export async function box3Settings(db: Db, viewer: Viewer, year: number): Promise<Box3Settings> {
  const [row] = await db
    .select()
    .from(taxYears)
    .where(and(eq(taxYears.householdId, viewer.householdId), eq(taxYears.year, year)))
    .limit(1);
  const partnerIds =
    row?.partnerAMemberId && row.partnerBMemberId
      ? [row.partnerAMemberId, row.partnerBMemberId]
      : [];
  return { year, partnerIds, firstPartnerSplitBp: row?.partnerASplitBp ?? 5_000 };
}

/**
 * Stores the year's choice. Partners are active people of the household (people who were
 * partners already may stay); no partners is stored too, so the household's explicit "no
 * partners" stands when someone joins with a choice of their own for the year.
 */
export async function saveBox3Settings(
  db: Db,
  viewer: Viewer,
  year: number,
  input: z.output<typeof box3SettingsInputSchema>,
): Promise<Box3Settings> {
  const current = await box3Settings(db, viewer, year);
  const [first = null, second = null] = input.partnerIds;
  await checkMembers(
    db,
    viewer,
    { "partnerIds.0": first, "partnerIds.1": second },
    { known: current.partnerIds },
  );
  const values = {
    partnerAMemberId: first,
    partnerBMemberId: second,
    partnerASplitBp: input.firstPartnerSplitBp,
    updatedAt: new Date(),
  };
  await db
    .insert(taxYears)
    .values({ householdId: viewer.householdId, year, ...values })
    .onConflictDoUpdate({ target: [taxYears.householdId, taxYears.year], set: values });
  return box3Settings(db, viewer, year);
}

const notice: Record<Language, string> = {
  en: "This is an estimate of box 3 (savings and investments) from what Hearth knows: bank balances, investments and debts other than the own home's mortgage at the start of 1 January, with the tax-free allowance (heffingsvrij vermogen) per person. The tax office's assessment decides. Not included: green investments and their exemption, other assets Hearth does not record (a second home, a loan to someone, crypto kept elsewhere), fiscal partnership for part of the year, children's wealth (it counts with the parents), deductions left over from other boxes, and since 2025 proving a lower actual return instead (the tegenbewijsregeling).",
  nl: "Dit is een schatting van box 3 (sparen en beleggen) met wat Hearth weet: banktegoeden, beleggingen en schulden zonder de hypotheek van de eigen woning aan het begin van 1 januari, met het heffingsvrij vermogen per persoon. De aanslag van de Belastingdienst beslist. Niet meegenomen: groene beleggingen en hun vrijstelling, bezittingen die Hearth niet bijhoudt (een tweede woning, een lening aan iemand, elders bewaarde crypto), fiscaal partnerschap voor een deel van het jaar, vermogen van kinderen (dat telt bij de ouders), persoonsgebonden aftrek die overblijft uit andere boxen, en sinds 2025 het aantonen van een lager werkelijk rendement (de tegenbewijsregeling).",
};

type WealthKey = keyof Box3Wealth;
const noWealth = (): Box3Wealth => ({ bankCents: 0, otherCents: 0, debtsCents: 0 });

/**
 * Who owns which part of an amount for box 3: a member's or shared asset by its shares (largest
 * remainder, as every area splits it), and the household's own evenly between `split` (the
 * fiscal partners, or else every person of the household).
 */
function attribute(cents: number, owner: Owner, split: readonly string[]): Map<string, number> {
  if (owner.shares.length > 0) return partsOf(cents, owner);
  if (split.length === 0 || cents === 0) return new Map();
  const parts = allocate(
    cents,
    split.map(() => 1),
  );
  return new Map(split.map((id, index) => [id, parts[index] ?? 0]));
}

/** The scope's part of an attributed amount: one member's, or all of it for the household. */
function scopePart(parts: Map<string, number>, memberId: string | null): number {
  if (memberId !== null) return parts.get(memberId) ?? 0;
  let sum = 0;
  for (const cents of parts.values()) sum += cents;
  return sum;
}

/** One return in the answer: the tax office's steps with whose each part is. */
export function box3Return(
  estimate: Box3Estimate,
  wealth: Box3Wealth,
  memberIds: readonly string[],
  firstPartnerSplitBp: number | null,
): Box3Return {
  const {
    year: _year,
    basis: _basis,
    rates: _rates,
    taxRateBp: _rate,
    people,
    ...steps
  } = estimate;
  return {
    partners: memberIds.length === 2,
    firstPartnerSplitBp,
    wealth,
    ...steps,
    people: people.map((person, index) => ({ memberId: memberIds[index] ?? "", ...person })),
  };
}

/**
 * The estimate for a year and scope. Wealth is what was held at the start of 1 January: the
 * savings accounts' balances after every movement up to 31 December before (bank balances), the
 * portfolios' values with the newest prices up to then (other assets), and what the loans that
 * are not the own home's mortgage owed by their schedules (debts). Each person gets their shares;
 * what the household owns as a whole is split evenly between the fiscal partners (or, without
 * partners, between every person). Partners file together with their split, everyone else alone.
 * A member's scope is the return they are part of; the household's all of them. A year without
 * parameters is a 400 on `year` that says which years Hearth has.
 */
export async function box3Estimate(
  db: Db,
  viewer: Viewer,
  year: number,
  query: { member?: string | undefined; basis?: Box3Basis | undefined },
  day: IsoDate,
): Promise<Box3EstimateAnswer> {
  const params = box3Year(year);
  if (!params) throw fieldError(viewer, "year", "box3YearUnknown");
  const memberId = await scopeMemberId(db, viewer, query.member);
  const basis = query.basis ?? (params.definitive ? "definitive" : "provisional");
  const yearStart = `${year}-01-01`;
  const lastDayBefore = `${year - 1}-12-31`;
  const yearEnd = `${year}-12-31`;
  /** The last day of the year the real return can count: 31 December, or today. */
  const through = yearStart > day ? null : yearEnd < day ? yearEnd : day;

  const [settings, peopleRows, savings, portfolios, loans, trades, prices, interest] =
    await inParallel(db, [
      () => box3Settings(db, viewer, year),
      () => activePeople(db, viewer.householdId),
      () => listAccounts(db, viewer, {}, lastDayBefore),
      () => listPortfolios(db, viewer, {}, lastDayBefore),
      () => loadLoans(db, viewer.householdId),
      () => tradesByHolding(db, viewer.householdId),
      () => (through ? latestPrices(db, viewer.householdId, through) : Promise.resolve(null)),
      () =>
        through ? balancesOn(db, viewer.householdId, through, yearStart) : Promise.resolve(null),
    ]);
  const people = [...peopleRows].sort(
    (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
  const personIds = new Set(people.map((person) => person.id));
  // A choice naming someone who left the household no longer holds: everyone files alone.
  const partnerIds = settings.partnerIds.every((id) => personIds.has(id))
    ? settings.partnerIds
    : [];
  const split = partnerIds.length === 2 ? partnerIds : people.map((person) => person.id);

  const wealth = new Map(people.map((person) => [person.id, noWealth()]));
  const householdOwned = noWealth();
  const scopeWealth = noWealth();
  const add = (key: WealthKey, cents: number, owner: Owner) => {
    const parts = attribute(cents, owner, split);
    for (const [id, part] of parts) {
      const person = wealth.get(id);
      if (person) person[key] += part;
    }
    if (owner.shares.length === 0) householdOwned[key] += cents;
    scopeWealth[key] += scopePart(parts, memberId);
  };
  for (const account of savings.accounts) add("bankCents", account.balanceCents, account.owner);
  for (const portfolio of portfolios.portfolios) {
    for (const holding of portfolio.holdings)
      add("otherCents", holding.valueCents, portfolio.owner);
  }
  for (const record of loans) {
    if (record.loan.ownHome) continue;
    add("debtsCents", owedOn(record, scheduleOf(record), lastDayBefore), record.owner);
  }

  // The real return of the year, the scope's part: interest booked on the savings accounts, and
  // for the investments the value at the end minus at the start, plus what the trades brought in
  // and took out (sells, dividends after tax, transfers out; buys and fees, transfers in).
  let interestCents: number | null = null;
  if (interest) {
    interestCents = 0;
    for (const account of savings.accounts) {
      const booked = interest.get(account.id)?.interest ?? 0;
      interestCents += scopePart(attribute(booked, account.owner, split), memberId);
    }
  }
  let real: Box3EstimateAnswer["comparison"]["other"]["real"] = null;
  if (through && prices) {
    const sum = { start: 0, end: 0, dividends: 0, flows: 0, seen: false };
    for (const portfolio of portfolios.portfolios) {
      const part = (cents: number) => scopePart(attribute(cents, portfolio.owner, split), memberId);
      for (const holding of portfolio.holdings) {
        const list = trades.get(holding.id) ?? [];
        const inYear = list.filter((t) => t.occurredOn > lastDayBefore && t.occurredOn <= through);
        const figures = holdingFigures(
          list,
          prices.get(holding.id) ?? null,
          { kind: portfolio.owner.kind, shares: [] },
          null,
          through,
        );
        if (holding.valueCents === 0 && figures.valueCents === 0 && inYear.length === 0) continue;
        sum.seen = true;
        sum.start += part(holding.valueCents);
        sum.end += part(figures.valueCents);
        sum.dividends += part(
          inYear
            .filter((t) => t.kind === "dividend")
            .reduce((total, t) => total + t.amountCents - t.taxCents, 0),
        );
        sum.flows += part(
          figures.tradeFlows
            .filter((flow) => flow.date > lastDayBefore)
            .reduce((total, flow) => total + flow.cents, 0),
        );
      }
    }
    if (sum.seen) {
      real = {
        startValueCents: sum.start,
        endValueCents: sum.end,
        dividendsCents: sum.dividends,
        moneyInCents: sum.dividends - sum.flows,
        returnCents: sum.end - sum.start + sum.flows,
      };
    }
  }

  const returns: Box3Return[] = [];
  const scope = { benefitEuros: 0, taxEuros: 0 };
  const file = (memberIds: readonly string[], firstPartnerSplitBp: number | null) => {
    const total = noWealth();
    for (const id of memberIds) {
      const person = wealth.get(id) ?? noWealth();
      total.bankCents += person.bankCents;
      total.otherCents += person.otherCents;
      total.debtsCents += person.debtsCents;
    }
    const estimate = estimateBox3(
      params,
      {
        ...total,
        partners: memberIds.length === 2,
        ...(firstPartnerSplitBp === null ? {} : { firstPartnerSplitBp }),
      },
      basis,
    );
    const answer = box3Return(estimate, total, memberIds, firstPartnerSplitBp);
    if (memberId !== null && !memberIds.includes(memberId)) return;
    returns.push(answer);
    for (const person of answer.people) {
      if (memberId !== null && person.memberId !== memberId) continue;
      scope.benefitEuros += person.benefitEuros;
      scope.taxEuros += person.taxEuros;
    }
  };
  if (partnerIds.length === 2) file(partnerIds, settings.firstPartnerSplitBp);
  for (const person of people) {
    if (!partnerIds.includes(person.id)) file([person.id], null);
  }

  const used = basis === "definitive" && params.definitive ? params.definitive : params.provisional;
  const rates = { bankBp: used.bankBp, otherBp: used.otherBp, debtsBp: used.debtsBp };
  return {
    year,
    estimate: true,
    notice: notice[viewer.language],
    basis: used === params.provisional ? "provisional" : "definitive",
    bases: params.definitive ? ["definitive", "provisional"] : ["provisional"],
    parameters: {
      allowanceCents: params.allowanceCents,
      debtThresholdCents: params.debtThresholdCents,
      taxRateBp: params.taxRateBp,
      provisional: params.provisional,
      definitive: params.definitive,
      used: rates,
      sources: params.sources,
    },
    wealthOn: yearStart,
    wealthIsForecast: yearStart > day,
    memberId,
    people: people.map((person) => ({
      memberId: person.id,
      name: person.name,
      ...(wealth.get(person.id) ?? noWealth()),
    })),
    householdOwned: {
      ...householdOwned,
      splitBetween: split,
      splitReason: partnerIds.length === 2 ? "partners" : "people",
    },
    partners:
      partnerIds.length === 2
        ? { memberIds: partnerIds, firstPartnerSplitBp: settings.firstPartnerSplitBp }
        : null,
    returns,
    scope,
    comparison: {
      through,
      bank: {
        valueCents: scopeWealth.bankCents,
        deemedReturnCents: deemedReturnCents(scopeWealth.bankCents, rates.bankBp),
        interestCents,
      },
      other: {
        valueCents: scopeWealth.otherCents,
        deemedReturnCents: deemedReturnCents(scopeWealth.otherCents, rates.otherBp),
        real,
      },
    },
  };
}
