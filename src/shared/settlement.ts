import type { Cents } from "./money.ts";

/**
 * Settling up. A member's balance is what they paid for others minus what others paid for
 * them: positive means the others owe them. Balances always add up to zero.
 */
export type Balance = { memberId: string; balanceCents: Cents };
export type Payment = { fromMemberId: string; toMemberId: string; amountCents: Cents };

/** Settles one group whose balances add up to zero with at most (size − 1) payments. */
function settleGroup(group: Balance[]): Payment[] {
  const creditors = group.filter((b) => b.balanceCents > 0).map((b) => ({ ...b }));
  const debtors = group
    .filter((b) => b.balanceCents < 0)
    .map((b) => ({ ...b, balanceCents: -b.balanceCents }));
  creditors.sort((a, b) => b.balanceCents - a.balanceCents || a.memberId.localeCompare(b.memberId));
  debtors.sort((a, b) => b.balanceCents - a.balanceCents || a.memberId.localeCompare(b.memberId));
  const payments: Payment[] = [];
  let i = 0;
  let j = 0;
  while (i < debtors.length && j < creditors.length) {
    const debtor = debtors[i];
    const creditor = creditors[j];
    if (!debtor || !creditor) break;
    const amount = Math.min(debtor.balanceCents, creditor.balanceCents);
    payments.push({
      fromMemberId: debtor.memberId,
      toMemberId: creditor.memberId,
      amountCents: amount,
    });
    debtor.balanceCents -= amount;
    creditor.balanceCents -= amount;
    if (debtor.balanceCents === 0) i++;
    if (creditor.balanceCents === 0) j++;
  }
  return payments;
}

/**
 * The fewest payments that bring every balance to zero. With n members that are not yet even,
 * the fewest is n minus the largest number of groups whose balances each add up to zero; that
 * number is found exactly (a household has at most a few dozen people, and this runs on those
 * who are not even, usually two to five). Past 16 open balances it falls back to settling
 * everyone as one group (at most n − 1 payments).
 */
export function settle(balances: readonly Balance[]): Payment[] {
  const open = balances.filter((b) => b.balanceCents !== 0);
  const total = open.reduce((sum, b) => sum + b.balanceCents, 0);
  if (total !== 0) throw new RangeError("balances must add up to zero");
  const n = open.length;
  if (n === 0) return [];
  if (n > 16) return settleGroup(open);
  const size = 1 << n;
  const sums = new Array<number>(size).fill(0);
  for (let mask = 1; mask < size; mask++) {
    const low = Math.log2(mask & -mask);
    sums[mask] = (sums[mask & (mask - 1)] ?? 0) + (open[low]?.balanceCents ?? 0);
  }
  // groups[mask]: the most zero-sum groups the members of `mask` split into (mask sums to 0).
  const groups = new Array<number>(size).fill(0);
  const choice = new Array<number>(size).fill(0);
  for (let mask = 1; mask < size; mask++) {
    if (sums[mask] !== 0) continue;
    // Any zero-sum sub-group containing the lowest member, with the rest split further.
    const low = mask & -mask;
    let best = 1;
    let bestSub = mask;
    for (let sub = (mask - 1) & mask; sub > 0; sub = (sub - 1) & mask) {
      if ((sub & low) === 0 || sums[sub] !== 0) continue;
      const value = 1 + (groups[mask ^ sub] ?? 0);
      if (value > best) {
        best = value;
        bestSub = sub;
      }
    }
    groups[mask] = best;
    choice[mask] = bestSub;
  }
  const payments: Payment[] = [];
  let mask = size - 1;
  while (mask > 0) {
    const sub = choice[mask] || mask;
    payments.push(...settleGroup(open.filter((_, index) => (sub >> index) & 1)));
    mask ^= sub;
  }
  return payments;
}
