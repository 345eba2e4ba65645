import { and, eq } from "drizzle-orm";
import type { Queryable } from "#server/db/client.ts";
import { members } from "#server/db/schema/households.ts";
import { memberOfHousehold } from "#server/features/recurring/recurring.service.ts";
import { checkMembers } from "#server/features/transactions/entry-references.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { allocate } from "#shared/money.ts";
import type { OwnerKind } from "#shared/schemas/savings.schema.ts";

/**
 * Who owns an asset (a savings account, a portfolio): one member, the household, or members by
 * percentages. Stored as share rows in basis points (none for the household's own), so a
 * member's part of any figure is their share of it (decision 019).
 */
export type OwnerShare = { memberId: string; percentBp: number };
export type Owner = { kind: OwnerKind; shares: OwnerShare[] };

/** The share rows an owner input stands for, after checking every member is an active person. */
export async function ownerShares(
  tx: Queryable,
  viewer: Viewer,
  input: {
    ownerKind: OwnerKind;
    memberId?: string | null | undefined;
    shares: OwnerShare[];
  },
  known: readonly string[] = [],
): Promise<OwnerShare[]> {
  if (input.ownerKind === "household") return [];
  if (input.ownerKind === "member") {
    const memberId = input.memberId ?? "";
    await checkMembers(tx, viewer, { memberId }, { known });
    return [{ memberId, percentBp: 10_000 }];
  }
  const fields: Record<string, string> = {};
  input.shares.forEach((share, index) => (fields[`shares.${index}.memberId`] = share.memberId));
  await checkMembers(tx, viewer, fields, { known });
  return input.shares.map((share) => ({ memberId: share.memberId, percentBp: share.percentBp }));
}

/**
 * The scope a query means: null for the household (no member, or the household's aggregate
 * row, which the scope picker may hold), else a member of the household (404 if not).
 */
export async function scopeMemberId(
  tx: Queryable,
  viewer: Viewer,
  member: string | undefined,
): Promise<string | null> {
  if (!member) return null;
  const row = await memberOfHousehold(tx, viewer, member);
  return row.isHousehold ? null : row.id;
}

/**
 * The part of `cents` that belongs to `memberId` (null: the household, all of it). Shared
 * amounts are split by largest remainder so the members' parts add up to the whole; the
 * household's own assets belong to no single member.
 */
export function partOf(cents: number, owner: Owner, memberId: string | null): number {
  if (memberId === null) return cents;
  const index = owner.shares.findIndex((share) => share.memberId === memberId);
  if (index < 0 || cents === 0) return 0;
  const parts = allocate(
    cents,
    owner.shares.map((share) => share.percentBp),
  );
  return parts[index] ?? 0;
}

/** Every member's part of `cents` (none for the household's own assets). */
export function partsOf(cents: number, owner: Owner): Map<string, number> {
  const parts = new Map<string, number>();
  if (owner.shares.length === 0) return parts;
  const split = allocate(
    cents,
    owner.shares.map((share) => share.percentBp),
  );
  owner.shares.forEach((share, index) => parts.set(share.memberId, split[index] ?? 0));
  return parts;
}

/** The household's active people, for per-member totals. */
export async function activePeople(tx: Queryable, householdId: string) {
  return tx
    .select({ id: members.id, name: members.name })
    .from(members)
    .where(
      and(
        eq(members.householdId, householdId),
        eq(members.isHousehold, false),
        eq(members.invitationStatus, "active"),
      ),
    );
}

/**
 * For the household's lists: each active person's part of some amounts (a balance per account
 * or loan) and what the household owns as a whole, so the two add up to the total to the cent.
 */
export async function membersParts(
  tx: Queryable,
  householdId: string,
  items: readonly { cents: number; owner: Owner }[],
) {
  const perMember = new Map<string, number>();
  for (const person of await activePeople(tx, householdId)) perMember.set(person.id, 0);
  let householdOwnedCents = 0;
  for (const item of items) {
    if (item.owner.kind === "household") householdOwnedCents += item.cents;
    for (const [id, cents] of partsOf(item.cents, item.owner)) {
      perMember.set(id, (perMember.get(id) ?? 0) + cents);
    }
  }
  return {
    perMember: [...perMember].map(([memberId, balanceCents]) => ({ memberId, balanceCents })),
    householdOwnedCents,
  };
}
