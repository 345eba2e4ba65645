import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { settle, type Balance } from "./settlement.ts";

/** Balances of 1..n members that add up to zero (the last one takes the rest). */
const balances = (maxMembers: number) =>
  fc
    .array(fc.integer({ min: -5_000_000, max: 5_000_000 }), {
      minLength: 0,
      maxLength: maxMembers - 1,
    })
    .map((values): Balance[] => {
      const all = [...values, 0 - values.reduce((sum, value) => sum + value, 0)];
      return all.map((balanceCents, index) => ({ memberId: `m${index}`, balanceCents }));
    });

function apply(start: readonly Balance[], payments: ReturnType<typeof settle>) {
  const result = new Map(start.map((b) => [b.memberId, b.balanceCents]));
  for (const payment of payments) {
    // Paying back raises the payer's balance and lowers the receiver's.
    result.set(payment.fromMemberId, (result.get(payment.fromMemberId) ?? 0) + payment.amountCents);
    result.set(payment.toMemberId, (result.get(payment.toMemberId) ?? 0) - payment.amountCents);
  }
  return result;
}

describe("settle", () => {
  it("brings every balance to zero with at most n − 1 positive payments", () => {
    fc.assert(
      fc.property(balances(10), (start) => {
        const payments = settle(start);
        for (const value of apply(start, payments).values()) expect(value).toBe(0);
        const open = start.filter((b) => b.balanceCents !== 0).length;
        expect(payments.length).toBeLessThanOrEqual(Math.max(0, open - 1));
        for (const payment of payments) {
          expect(payment.amountCents).toBeGreaterThan(0);
          expect(payment.fromMemberId).not.toBe(payment.toMemberId);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("also settles large groups (past the exact search)", () => {
    fc.assert(
      fc.property(balances(30), (start) => {
        const payments = settle(start);
        for (const value of apply(start, payments).values()) expect(value).toBe(0);
        expect(payments.length).toBeLessThanOrEqual(Math.max(0, start.length - 1));
      }),
      { numRuns: 50 },
    );
  });

  it("uses one payment per pair that cancels out", () => {
    const payments = settle([
      { memberId: "a", balanceCents: 500 },
      { memberId: "b", balanceCents: -500 },
      { memberId: "c", balanceCents: 700 },
      { memberId: "d", balanceCents: -700 },
    ]);
    expect(payments).toHaveLength(2);
  });

  it("refuses balances that do not add up to zero", () => {
    expect(() => settle([{ memberId: "a", balanceCents: 1 }])).toThrow(RangeError);
  });
});
