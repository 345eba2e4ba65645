import { allocate, type Cents } from "./money.ts";
import type { ShareInput, SplitMode } from "./schemas/transactions.schema.ts";

/** A member's part of an entry as stored: cents that add up to the total, and the percentage. */
export type Share = { memberId: string; amountCents: Cents; percentBp: number | null };

/**
 * The stored shares of a valid entry (see checkEntryRules): one share of the whole amount for a
 * personal entry; for a split by percentages the amount allocated by largest remainder, so the
 * parts always add up to the total to the cent; for a split by amounts the amounts as given.
 */
export function computeShares(entry: {
  amountCents: Cents;
  splitMode: SplitMode;
  memberId?: string | null | undefined;
  shares: readonly ShareInput[];
}): Share[] {
  if (entry.splitMode === "personal") {
    if (!entry.memberId) throw new RangeError("a personal entry needs a member");
    return [{ memberId: entry.memberId, amountCents: entry.amountCents, percentBp: null }];
  }
  if (entry.splitMode === "amount") {
    return entry.shares.map((share) => ({
      memberId: share.memberId,
      amountCents: share.amountCents ?? 0,
      percentBp: null,
    }));
  }
  const weights = entry.shares.map((share) => share.percentBp ?? 0);
  const parts = allocate(entry.amountCents, weights);
  return entry.shares.map((share, index) => ({
    memberId: share.memberId,
    amountCents: parts[index] ?? 0,
    percentBp: share.percentBp ?? 0,
  }));
}

/** The member a personal entry belongs to, read back from its shares (null for a split). */
export function personalMember(splitMode: SplitMode, shares: readonly Share[]): string | null {
  return splitMode === "personal" ? (shares[0]?.memberId ?? null) : null;
}
