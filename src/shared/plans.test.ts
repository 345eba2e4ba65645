import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  areaMinPlan,
  effectivePlan,
  gatedAreas,
  hasAccess,
  isPlanName,
  memberLimit,
  planNames,
  planRank,
  upgradeTarget,
  type GatedArea,
  type PlanName,
} from "#shared/plans.ts";

/** The specification's table, written out: which plan opens which area. */
const expected: Record<PlanName, Record<GatedArea, boolean>> = {
  free: { savings: false, investments: false, loans: false, taxes: false, insurance: false },
  premium: { savings: true, investments: true, loans: false, taxes: false, insurance: false },
  pro: { savings: true, investments: true, loans: true, taxes: true, insurance: true },
};

describe("plans", () => {
  it("lists the plans from lowest to highest and the five gated areas", () => {
    expect(planNames).toEqual(["free", "premium", "pro"]);
    expect(planNames.map((plan) => planRank[plan])).toEqual([0, 1, 2]);
    expect([...gatedAreas].sort()).toEqual([
      "insurance",
      "investments",
      "loans",
      "savings",
      "taxes",
    ]);
  });

  for (const plan of planNames) {
    for (const area of gatedAreas) {
      it(`${expected[plan][area] ? "opens" : "locks"} ${area} on ${plan}`, () => {
        expect(hasAccess(plan, area)).toBe(expected[plan][area]);
      });
    }
  }

  it("needs Premium for savings and investments, Pro for loans, taxes and insurance", () => {
    expect(areaMinPlan).toEqual({
      savings: "premium",
      investments: "premium",
      loans: "pro",
      taxes: "pro",
      insurance: "pro",
    });
  });

  it("allows 2, 5 and 10 members", () => {
    expect(memberLimit).toEqual({ free: 2, premium: 5, pro: 10 });
  });

  it("offers Premium from Free, Pro from Premium, and nothing past Pro", () => {
    expect(upgradeTarget("free")).toBe("premium");
    expect(upgradeTarget("premium")).toBe("pro");
    expect(upgradeTarget("pro")).toBeNull();
  });

  it("counts a missing or unknown plan as Free", () => {
    expect(effectivePlan(null)).toBe("free");
    expect(effectivePlan(undefined)).toBe("free");
    expect(effectivePlan("")).toBe("free");
    expect(effectivePlan("gold")).toBe("free");
    expect(effectivePlan("Premium")).toBe("free");
    expect(effectivePlan("premium")).toBe("premium");
    expect(effectivePlan("pro")).toBe("pro");
    expect(isPlanName("pro")).toBe(true);
    expect(isPlanName(2)).toBe(false);
  });

  it("never takes an area away on a higher plan, and an upgrade always ranks higher", () => {
    const plan = fc.constantFrom(...planNames);
    fc.assert(
      fc.property(plan, plan, fc.constantFrom(...gatedAreas), (a, b, area) => {
        if (planRank[a] <= planRank[b] && hasAccess(a, area)) expect(hasAccess(b, area)).toBe(true);
        const next = upgradeTarget(a);
        if (next) expect(planRank[next]).toBe(planRank[a] + 1);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(planNames).toContain(effectivePlan(value));
      }),
    );
  });
});
