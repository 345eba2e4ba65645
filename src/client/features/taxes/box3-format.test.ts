import { describe, expect, it } from "vitest";
import {
  formatEuros,
  formatList,
  realVersusDeemed,
  returnPercentBp,
  wealthIsEmpty,
} from "./box3-format.ts";

const nothing = { bankCents: 0, otherCents: 0, debtsCents: 0 };

describe("box 3's figures on screen", () => {
  it("writes whole euros without cents, the language's way", () => {
    expect(formatEuros(2765, "nl").replace(/\s/g, " ")).toBe("€ 2.765");
    expect(formatEuros(2765, "en")).toBe("€2,765");
    expect(formatEuros(0, "en")).toBe("€0");
  });

  it("lists years the language's way", () => {
    expect(formatList(["2023", "2024", "2025"], "en")).toBe("2023, 2024 and 2025");
    expect(formatList(["2023", "2024", "2025"], "nl")).toBe("2023, 2024 en 2025");
  });

  it("gives the deemed return as a part of the yield base, cut off at two decimals", () => {
    // The tax office's 2025 example: € 3,546 on a yield base of € 140,000 is 2.53 %.
    expect(returnPercentBp(3546, 140_000)).toBe(253);
    expect(returnPercentBp(-120, 10_000)).toBe(-120);
    expect(returnPercentBp(500, 0)).toBeNull();
    expect(returnPercentBp(0, -100)).toBeNull();
  });

  it("knows when nothing is recorded on 1 January", () => {
    const household = { ...nothing, splitBetween: [], splitReason: "people" as const };
    const person = { ...nothing, memberId: "a", name: "Anna" };
    expect(wealthIsEmpty({ people: [person], householdOwned: household })).toBe(true);
    expect(
      wealthIsEmpty({ people: [{ ...person, debtsCents: 100 }], householdOwned: household }),
    ).toBe(false);
    expect(
      wealthIsEmpty({ people: [person], householdOwned: { ...household, otherCents: 1 } }),
    ).toBe(false);
  });

  it("compares the real return with the deemed one once the year has begun", () => {
    const comparison = {
      through: "2025-12-31",
      bank: { valueCents: 1_000_000, deemedReturnCents: 13_700, interestCents: 20_000 },
      other: {
        valueCents: 1_000_000,
        deemedReturnCents: 58_800,
        real: {
          startValueCents: 1_000_000,
          endValueCents: 1_010_000,
          dividendsCents: 0,
          moneyInCents: 0,
          returnCents: 10_000,
        },
      },
    };
    expect(realVersusDeemed(comparison, 2025)).toEqual({
      realCents: 30_000,
      deemedCents: 72_500,
      outcome: "lower",
      soFar: false,
    });
    expect(
      realVersusDeemed(
        {
          ...comparison,
          through: "2025-06-30",
          other: { ...comparison.other, real: null },
          bank: { ...comparison.bank, interestCents: 200_000 },
        },
        2025,
      ),
    ).toMatchObject({ realCents: 200_000, outcome: "higher", soFar: true });
    expect(
      realVersusDeemed(
        { ...comparison, through: null, bank: { ...comparison.bank, interestCents: null } },
        2027,
      ),
    ).toBeNull();
  });
});
