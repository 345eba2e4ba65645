import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { box3Year, box3Years, estimateBox3, type Box3Year } from "./box3.ts";

function year(value: number): Box3Year {
  const found = box3Year(value);
  if (!found) throw new Error(`no parameters for ${value}`);
  return found;
}

const euros = (value: number) => value * 100;

describe("box 3 parameters", () => {
  it("has every year from 2023 to 2026, each with its sources", () => {
    expect(box3Years.map((entry) => entry.year)).toEqual([2023, 2024, 2025, 2026]);
    for (const entry of box3Years) {
      expect(entry.sources.length, String(entry.year)).toBeGreaterThan(0);
      for (const source of entry.sources) expect(source.url).toMatch(/^https:\/\//);
    }
  });

  it("keeps a year's provisional and definitive percentages apart", () => {
    // 2024's bank balances: 1.03 % provisionally, 1.44 % definitively.
    expect(year(2024).provisional.bankBp).toBe(103);
    expect(year(2024).definitive?.bankBp).toBe(144);
    expect(year(2024).provisional.debtsBp).toBe(247);
    expect(year(2024).definitive?.debtsBp).toBe(261);
    expect(year(2023).definitive).toMatchObject({ bankBp: 92, otherBp: 617, debtsBp: 246 });
    expect(year(2025).definitive).toMatchObject({ bankBp: 137, otherBp: 588, debtsBp: 270 });
    // 2026's definitive percentages are published after the year.
    expect(year(2026).definitive).toBeNull();
    expect(year(2026).allowanceCents).toBe(euros(59_357));
  });
});

describe("estimateBox3", () => {
  it("gives the issue's 2024 case: € 100,000 in the bank and € 50,000 invested, alone", () => {
    const estimate = estimateBox3(year(2024), {
      bankCents: euros(100_000),
      otherCents: euros(50_000),
      debtsCents: 0,
      partners: false,
    });
    expect(estimate.basis).toBe("definitive");
    expect(estimate).toMatchObject({
      bankReturnEuros: 1_440,
      otherReturnEuros: 3_020,
      totalReturnEuros: 4_460,
      yieldBaseEuros: 150_000,
      allowanceEuros: 57_000,
      baseEuros: 93_000,
    });
    expect(estimate.people).toEqual([
      { baseEuros: 93_000, shareBp: 6_200, benefitEuros: 2_765, taxEuros: 995 },
    ]);
    expect(Math.abs(estimate.benefitEuros - 2_765)).toBeLessThanOrEqual(1);
    expect(Math.abs(estimate.taxEuros - 995)).toBeLessThanOrEqual(1);
  });

  it("uses the provisional percentages when asked, and while no definitive ones exist", () => {
    const wealth = { bankCents: euros(100_000), otherCents: euros(50_000), debtsCents: 0 };
    const provisional = estimateBox3(year(2024), { ...wealth, partners: false }, "provisional");
    expect(provisional.basis).toBe("provisional");
    expect(provisional.bankReturnEuros).toBe(1_030);
    expect(provisional.benefitEuros).toBe(2_511);
    expect(estimateBox3(year(2026), { ...wealth, partners: false }).basis).toBe("provisional");
  });

  // The Belastingdienst's worked examples for 2025 ("Hoe wordt mijn box 3-inkomen over 2025
  // berekend?"), with the definitive 2025 percentages: each line is the outcome it gives.
  it("matches the tax office's 2025 example with savings only, alone and as partners", () => {
    const alone = estimateBox3(year(2025), {
      bankCents: euros(150_000),
      otherCents: 0,
      debtsCents: 0,
      partners: false,
    });
    expect(alone).toMatchObject({ totalReturnEuros: 2_055, baseEuros: 92_316 });
    expect(alone.people).toEqual([
      { baseEuros: 92_316, shareBp: 6_154, benefitEuros: 1_264, taxEuros: 455 },
    ]);
    const partners = estimateBox3(year(2025), {
      bankCents: euros(150_000),
      otherCents: 0,
      debtsCents: 0,
      partners: true,
      firstPartnerSplitBp: 5_000,
    });
    expect(partners.baseEuros).toBe(34_632);
    for (const person of partners.people) {
      expect(person).toEqual({
        baseEuros: 17_316,
        shareBp: 1_154,
        benefitEuros: 237,
        taxEuros: 85,
      });
    }
  });

  it("matches the tax office's 2025 example with savings, investments and debts", () => {
    const wealth = {
      bankCents: euros(150_000),
      otherCents: euros(275_000),
      debtsCents: euros(100_000),
    };
    const alone = estimateBox3(year(2025), { ...wealth, partners: false });
    expect(alone).toMatchObject({
      thresholdEuros: 3_800,
      deductibleDebtsEuros: 96_200,
      debtsReturnEuros: 2_597,
      totalReturnEuros: 15_628,
      yieldBaseEuros: 328_800,
      baseEuros: 271_116,
      benefitEuros: 12_885,
      taxEuros: 4_638,
    });
    expect(alone.people[0]?.shareBp).toBe(8_245);

    const partners = estimateBox3(year(2025), { ...wealth, partners: true });
    expect(partners).toMatchObject({
      thresholdEuros: 7_600,
      deductibleDebtsEuros: 92_400,
      debtsReturnEuros: 2_495,
      totalReturnEuros: 15_730,
      yieldBaseEuros: 332_600,
      baseEuros: 217_232,
    });
    for (const person of partners.people) {
      expect(person).toEqual({
        baseEuros: 108_616,
        shareBp: 3_265,
        benefitEuros: 5_135,
        taxEuros: 1_848,
      });
    }
  });

  it("lets partners put the whole base with one of them", () => {
    const estimate = estimateBox3(year(2025), {
      bankCents: euros(150_000),
      otherCents: 0,
      debtsCents: 0,
      partners: true,
      firstPartnerSplitBp: 10_000,
    });
    expect(estimate.people.map((person) => person.baseEuros)).toEqual([34_632, 0]);
    expect(estimate.people[1]).toMatchObject({ benefitEuros: 0, taxEuros: 0 });
  });

  it("rounds values in the taxpayer's favour: assets down, debts up, to whole euros", () => {
    const estimate = estimateBox3(year(2024), {
      bankCents: 10_000_099,
      otherCents: 5_000_099,
      debtsCents: 500_001,
      partners: false,
    });
    expect(estimate).toMatchObject({ bankEuros: 100_000, otherEuros: 50_000, debtsEuros: 5_001 });
  });

  it("owes nothing below the allowance, and nothing when debts outweigh the assets", () => {
    const small = estimateBox3(year(2025), {
      bankCents: euros(57_684),
      otherCents: 0,
      debtsCents: 0,
      partners: false,
    });
    expect(small).toMatchObject({ baseEuros: 0, benefitEuros: 0, taxEuros: 0 });
    const indebted = estimateBox3(year(2025), {
      bankCents: euros(10_000),
      otherCents: 0,
      debtsCents: euros(200_000),
      partners: false,
    });
    expect(indebted).toMatchObject({ baseEuros: 0, benefitEuros: 0, taxEuros: 0 });
  });

  it("never taxes more than the rate of the benefit, and partners never pay more than one alone (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...box3Years),
        fc.integer({ min: 0, max: 500_000_000 }),
        fc.integer({ min: 0, max: 500_000_000 }),
        fc.integer({ min: 0, max: 200_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (params, bankCents, otherCents, debtsCents, split) => {
          const wealth = { bankCents, otherCents, debtsCents };
          const alone = estimateBox3(params, { ...wealth, partners: false });
          const together = estimateBox3(params, {
            ...wealth,
            partners: true,
            firstPartnerSplitBp: split,
          });
          for (const estimate of [alone, together]) {
            expect(estimate.benefitEuros).toBeGreaterThanOrEqual(0);
            expect(estimate.benefitEuros).toBeLessThanOrEqual(
              Math.max(0, estimate.totalReturnEuros),
            );
            expect(estimate.taxEuros).toBeLessThanOrEqual(
              (estimate.benefitEuros * params.taxRateBp) / 10_000,
            );
            const bases = estimate.people.reduce((sum, person) => sum + person.baseEuros, 0);
            expect(bases).toBe(estimate.baseEuros);
            for (const person of estimate.people)
              expect(Number.isInteger(person.taxEuros)).toBe(true);
          }
          expect(together.baseEuros).toBeLessThanOrEqual(alone.baseEuros);
        },
      ),
      { numRuns: 500 },
    );
  });
});
