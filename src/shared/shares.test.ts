import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maxAmountCents } from "./schemas/transactions.schema.ts";
import { computeShares, personalMember } from "./shares.ts";

/** Percentages in basis points that add up to exactly 100 % (two to eight members). */
const percentSplit = fc
  .array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 7 })
  .map((cuts) => {
    const points = [0, ...cuts.sort((a, b) => a - b), 10_000];
    return points.slice(1).map((point, index) => point - (points[index] ?? 0));
  });

const amount = fc.oneof(
  fc.integer({ min: 1, max: 100_000 }),
  fc.integer({ min: 1, max: maxAmountCents }),
);

describe("computeShares", () => {
  it("allocates a split by percentages so the shares always add up to the total", () => {
    fc.assert(
      fc.property(amount, percentSplit, (amountCents, weights) => {
        const shares = computeShares({
          amountCents,
          splitMode: "percent",
          shares: weights.map((percentBp, index) => ({ memberId: `m${index}`, percentBp })),
        });
        expect(shares.reduce((sum, share) => sum + share.amountCents, 0)).toBe(amountCents);
        shares.forEach((share, index) => {
          const exact = (amountCents * (weights[index] ?? 0)) / 10_000;
          // Never a cent or more away from the exact share.
          expect(Math.abs(share.amountCents - exact)).toBeLessThan(1);
          expect(Number.isSafeInteger(share.amountCents)).toBe(true);
          expect(share.percentBp).toBe(weights[index]);
          expect(share.memberId).toBe(`m${index}`);
        });
      }),
      { numRuns: 500 },
    );
  });

  it("keeps the amounts of a split by amounts as given", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 2, maxLength: 8 }),
        (parts) => {
          const total = parts.reduce((sum, part) => sum + part, 0);
          const shares = computeShares({
            amountCents: total,
            splitMode: "amount",
            shares: parts.map((amountCents, index) => ({ memberId: `m${index}`, amountCents })),
          });
          expect(shares.map((share) => share.amountCents)).toEqual(parts);
          expect(shares.every((share) => share.percentBp === null)).toBe(true);
        },
      ),
    );
  });

  it("gives a personal entry one share of the whole amount", () => {
    fc.assert(
      fc.property(amount, (amountCents) => {
        const shares = computeShares({
          amountCents,
          splitMode: "personal",
          memberId: "me",
          shares: [],
        });
        expect(shares).toEqual([{ memberId: "me", amountCents, percentBp: null }]);
        expect(personalMember("personal", shares)).toBe("me");
      }),
    );
  });

  it("splits 10001 cents 60/40 as 6001 and 4000", () => {
    const shares = computeShares({
      amountCents: 10001,
      splitMode: "percent",
      shares: [
        { memberId: "a", percentBp: 6000 },
        { memberId: "b", percentBp: 4000 },
      ],
    });
    expect(shares.map((share) => share.amountCents)).toEqual([6001, 4000]);
    expect(personalMember("percent", shares)).toBeNull();
  });
});
