import { and, asc, eq, exists, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Queryable } from "#server/db/client.ts";
import { members } from "#server/db/schema/households.ts";
import { insurancePolicies, insurancePolicyMembers } from "#server/db/schema/insurance.ts";
import { recurringRules } from "#server/db/schema/money.ts";
import type { RuleRow } from "#server/features/recurring/materialize.ts";
import { scopeMemberId } from "#server/features/savings/owners.ts";
import { checkMembers, fieldError } from "#server/features/transactions/entry-references.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { addDays, daysBetween, type IsoDate } from "#shared/dates.ts";
import { isUuid } from "#shared/ids.ts";
import {
  isWithinDays,
  memberParts,
  nextNoticeDeadline,
  nextRenewal,
  perMonth,
  premiumFigures,
} from "#shared/insurance-math.ts";
import type { RecurringRule } from "#shared/schemas/recurring.schema.ts";
import { deductibleRows, healthCareSpending } from "./insurance-deductible.ts";
import {
  bookingsOf,
  bookPremium,
  catchUpRewritten,
  endBookingOn,
  endBookings,
  lockPolicy,
  rewriteBooking,
} from "./insurance-booking.ts";
import {
  essentialKinds,
  insuranceKinds,
  type cancelPolicySchema,
  type createPolicySchema,
  type InsuranceOverview,
  type Policy,
  type policyBookingInputSchema,
  type PolicyList,
  type PremiumFigures,
  type updatePolicySchema,
} from "#shared/schemas/insurance.schema.ts";
import { inParallel } from "#server/db/parallel.ts";

/**
 * The insurance area (Pro): a household's policies with who each covers, their premiums per
 * year and month and each member's part, renewals and notice deadlines, and the overview with
 * totals, the coverage grid and what comes up within 60 days (decision 023). Only what the
 * family typed is stored; every figure is worked out when read by src/shared/insurance-math.ts.
 * Every query is scoped by the viewer's household; a foreign or malformed id is the 404 of a
 * missing one.
 */

type PolicyRow = typeof insurancePolicies.$inferSelect;
type PolicyMemberRow = typeof insurancePolicyMembers.$inferSelect;
/** A policy with the members it names, in their order (none: the whole household). */
export type PolicyRecord = { policy: PolicyRow; members: PolicyMemberRow[] };
type Part = PremiumFigures & { memberId: string };

const notFound = () => new AppError("NOT_FOUND", "There is no such insurance policy.");
const nothing: PremiumFigures = { premiumCents: 0, yearCents: 0, monthCents: 0 };

const kindOrder = (kind: PolicyRow["kind"]) => insuranceKinds.indexOf(kind);

/**
 * A household's policies (or one) with their members, in two queries: by kind in the kinds'
 * order, then insurer, start and id.
 */
export async function loadPolicies(
  tx: Queryable,
  householdId: string,
  options: { policyId?: string } = {},
): Promise<PolicyRecord[]> {
  const policies = await tx
    .select()
    .from(insurancePolicies)
    .where(
      and(
        eq(insurancePolicies.householdId, householdId),
        options.policyId ? eq(insurancePolicies.id, options.policyId) : undefined,
      ),
    );
  if (policies.length === 0) return [];
  const rows = await tx
    .select()
    .from(insurancePolicyMembers)
    .where(
      and(
        eq(insurancePolicyMembers.householdId, householdId),
        inArray(
          insurancePolicyMembers.policyId,
          policies.map((policy) => policy.id),
        ),
      ),
    )
    .orderBy(asc(insurancePolicyMembers.position), asc(insurancePolicyMembers.memberId));
  return policies
    .sort(
      (a, b) =>
        kindOrder(a.kind) - kindOrder(b.kind) ||
        a.insurer.localeCompare(b.insurer) ||
        a.startDate.localeCompare(b.startDate) ||
        a.id.localeCompare(b.id),
    )
    .map((policy) => ({
      policy,
      members: rows.filter((row) => row.policyId === policy.id),
    }));
}

/** A policy of the viewer's household (another's, or a malformed id: 404). */
async function policyOf(tx: Queryable, viewer: Viewer, id: string): Promise<PolicyRecord> {
  if (!isUuid(id)) throw notFound();
  const [record] = await loadPolicies(tx, viewer.householdId, { policyId: id });
  if (!record) throw notFound();
  return record;
}

/**
 * The people a policy of the whole household is shared between: the household's active people
 * (not its aggregate row), oldest first, so an odd cent always goes to the same person.
 */
async function peopleOf(tx: Queryable, householdId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.householdId, householdId),
        eq(members.isHousehold, false),
        eq(members.invitationStatus, "active"),
      ),
    )
    .orderBy(asc(members.createdAt), asc(members.id));
  return rows.map((row) => row.id);
}

/**
 * Everyone's part of a policy's premium: the members it names, by their shares or evenly; a
 * policy of the whole household evenly between its active people. Per payment by largest
 * remainder, so the parts add up to the premium and their years to the policy's year exactly.
 */
function partsOf(record: PolicyRecord, people: readonly string[]): Part[] {
  const { premiumCents, premiumFrequency } = record.policy;
  const named =
    record.members.length > 0
      ? record.members
      : people.map((memberId) => ({ memberId, shareBp: null }));
  const split = memberParts(premiumCents, named);
  return named.map((member, index) => ({
    memberId: member.memberId,
    ...premiumFigures(split[index] ?? 0, premiumFrequency),
  }));
}

/** Started by `day` and not ended: a cancelled policy covers up to and including `endsOn`. */
function inForce(policy: PolicyRow, day: IsoDate): boolean {
  if (policy.startDate > day) return false;
  return policy.status === "active" || (policy.endsOn !== null && policy.endsOn >= day);
}

/** Whether a policy covers a member: it names them, or it is the whole household's. */
function covers(record: PolicyRecord, memberId: string): boolean {
  return (
    record.members.length === 0 || record.members.some((member) => member.memberId === memberId)
  );
}

const noticePeriodOf = (policy: PolicyRow) =>
  policy.noticeValue !== null && policy.noticeUnit !== null
    ? { value: policy.noticeValue, unit: policy.noticeUnit }
    : null;

/** An active policy's next notice deadline still to come, its renewal and the reminder's day. */
function noticeOf(policy: PolicyRow, day: IsoDate): Policy["notice"] {
  const period = noticePeriodOf(policy);
  if (policy.status !== "active" || policy.renewalDate === null || period === null) return null;
  const next = nextNoticeDeadline(policy.renewalDate, period, day);
  return {
    ...next,
    remindOn:
      policy.remindDaysBefore === null ? null : addDays(next.deadline, -policy.remindDaysBefore),
  };
}

function policyOut(
  record: PolicyRecord,
  parts: Part[],
  memberId: string | null,
  day: IsoDate,
  booking: RecurringRule | null,
): Policy {
  const { policy } = record;
  const premium = premiumFigures(policy.premiumCents, policy.premiumFrequency);
  const own = parts.find((part) => part.memberId === memberId);
  return {
    id: policy.id,
    kind: policy.kind,
    insurer: policy.insurer,
    policyNumber: policy.policyNumber,
    frequency: policy.premiumFrequency,
    premium,
    deductibleCents: policy.deductibleCents,
    voluntaryDeductibleCents: policy.voluntaryDeductibleCents,
    coverageNotes: policy.coverageNotes,
    startDate: policy.startDate,
    renewalDate: policy.renewalDate,
    noticePeriod: noticePeriodOf(policy),
    remindDaysBefore: policy.remindDaysBefore,
    status: policy.status,
    endsOn: policy.endsOn,
    inForce: inForce(policy, day),
    insured: record.members.length > 0 ? "members" : "household",
    members: record.members.map((member) => ({
      memberId: member.memberId,
      shareBp: member.shareBp,
    })),
    parts,
    scope:
      memberId === null
        ? premium
        : own
          ? { premiumCents: own.premiumCents, yearCents: own.yearCents, monthCents: own.monthCents }
          : nothing,
    nextRenewal:
      policy.status === "active" && policy.renewalDate !== null
        ? nextRenewal(policy.renewalDate, day)
        : null,
    notice: noticeOf(policy, day),
    booking,
  };
}

/** The scope's policies as the pages show them, with the household's people. */
async function scopedPolicies(
  db: Queryable,
  viewer: Viewer,
  query: { member?: string | undefined },
  day: IsoDate,
) {
  const memberId = await scopeMemberId(db, viewer, query.member);
  const [records, people, bookings] = await inParallel(db, [
    () => loadPolicies(db, viewer.householdId),
    () => peopleOf(db, viewer.householdId),
    () => bookingsOf(db, viewer.householdId, day),
  ]);
  const policies = records
    .filter((record) => memberId === null || covers(record, memberId))
    .map((record) => ({
      record,
      out: policyOut(
        record,
        partsOf(record, people),
        memberId,
        day,
        bookings.get(record.policy.id) ?? null,
      ),
    }));
  return { memberId, people, policies };
}

/** A year's sum of some figures, and its month figure worked out from that sum. */
function totalOf(years: readonly number[]) {
  const yearCents = years.reduce((sum, cents) => sum + cents, 0);
  return { yearCents, monthCents: perMonth(yearCents) };
}

/**
 * The scope's policies (the household: all; a member: those that cover them, the household's
 * own included) with each one's figures and the scope's part, cancelled ones kept, and the
 * scope's totals of the policies in force.
 */
export async function listPolicies(
  db: Db,
  viewer: Viewer,
  query: { member?: string | undefined },
  day: IsoDate,
): Promise<PolicyList> {
  const { memberId, policies } = await scopedPolicies(db, viewer, query, day);
  return {
    memberId,
    policies: policies.map((item) => item.out),
    totals: totalOf(
      policies.filter((item) => item.out.inForce).map((item) => item.out.scope.yearCents),
    ),
  };
}

/** One policy with its figures and the scope's part. */
export async function policyDetail(
  db: Db,
  viewer: Viewer,
  id: string,
  query: { member?: string | undefined },
  day: IsoDate,
): Promise<Policy> {
  const record = await policyOf(db, viewer, id);
  const memberId = await scopeMemberId(db, viewer, query.member);
  const [people, bookings] = await inParallel(db, [
    () => peopleOf(db, viewer.householdId),
    () => bookingsOf(db, viewer.householdId, day),
  ]);
  return policyOut(
    record,
    partsOf(record, people),
    memberId,
    day,
    bookings.get(record.policy.id) ?? null,
  );
}

type PolicyInput = z.output<typeof createPolicySchema> | z.output<typeof updatePolicySchema>;

function policyValues(input: PolicyInput) {
  return {
    kind: input.kind,
    insurer: input.insurer,
    policyNumber: input.policyNumber,
    premiumCents: input.premiumCents,
    premiumFrequency: input.frequency,
    deductibleCents: input.deductibleCents,
    voluntaryDeductibleCents: input.voluntaryDeductibleCents,
    coverageNotes: input.coverageNotes,
    startDate: input.startDate,
    renewalDate: input.renewalDate,
    noticeValue: input.noticePeriod?.value ?? null,
    noticeUnit: input.noticePeriod?.unit ?? null,
    remindDaysBefore: input.remindDaysBefore,
  };
}

/**
 * The member rows an input stands for (none for the household's policy), after checking each
 * member is an active person of the household (or one the policy already named).
 */
async function insuredRows(
  tx: Queryable,
  viewer: Viewer,
  input: PolicyInput,
  known: readonly string[] = [],
) {
  if (input.insured === "household") return [];
  const fields: Record<string, string> = {};
  input.members.forEach((member, index) => (fields[`members.${index}.memberId`] = member.memberId));
  await checkMembers(tx, viewer, fields, { known });
  return input.members.map((member, position) => ({
    memberId: member.memberId,
    shareBp: member.shareBp,
    position,
  }));
}

async function writeMembers(
  tx: Queryable,
  viewer: Viewer,
  policyId: string,
  rows: Awaited<ReturnType<typeof insuredRows>>,
) {
  await tx.delete(insurancePolicyMembers).where(eq(insurancePolicyMembers.policyId, policyId));
  if (rows.length === 0) return;
  await tx
    .insert(insurancePolicyMembers)
    .values(rows.map((row) => ({ policyId, householdId: viewer.householdId, ...row })));
}

/** A new policy with who it covers, answered as its detail. */
export async function createPolicy(
  db: Db,
  viewer: Viewer,
  input: z.output<typeof createPolicySchema>,
  day: IsoDate,
): Promise<Policy> {
  const id = await db.transaction(async (tx) => {
    const rows = await insuredRows(tx, viewer, input);
    const [policy] = await tx
      .insert(insurancePolicies)
      .values({ householdId: viewer.householdId, ...policyValues(input) })
      .returning({ id: insurancePolicies.id });
    if (!policy) throw new Error("policy insert returned nothing");
    await writeMembers(tx, viewer, policy.id, rows);
    return policy.id;
  });
  return policyDetail(db, viewer, id, {}, day);
}

/**
 * Changes a policy and who it covers, in one transaction. Its status stays: a cancelled policy
 * stays cancelled with its end date, which may not come before a new start date. A booked
 * premium whose amount, frequency or parts changed is rewritten from `changesOn` (default
 * today) in the same transaction (decision 024).
 */
export async function updatePolicy(
  db: Db,
  viewer: Viewer,
  id: string,
  input: z.output<typeof updatePolicySchema>,
  day: IsoDate,
): Promise<Policy> {
  const rewritten = await db.transaction(async (tx) => {
    if (isUuid(id)) await lockPolicy(tx, id);
    const record = await policyOf(tx, viewer, id);
    // Members it covers already may stay although they left the household since.
    const known = record.members.map((member) => member.memberId);
    const rows = await insuredRows(tx, viewer, input, known);
    if (record.policy.endsOn !== null && record.policy.endsOn < input.startDate) {
      throw fieldError(viewer, "startDate", "endBeforeStart");
    }
    await tx
      .update(insurancePolicies)
      .set({ ...policyValues(input), updatedAt: new Date() })
      .where(eq(insurancePolicies.id, record.policy.id));
    await writeMembers(tx, viewer, record.policy.id, rows);
    const [changed] = await loadPolicies(tx, viewer.householdId, { policyId: record.policy.id });
    if (!changed) return null;
    const parts = partsOf(changed, await peopleOf(tx, viewer.householdId));
    return rewriteBooking(
      tx,
      viewer.householdId,
      changed.policy,
      parts,
      input.changesOn ?? day,
      day,
    );
  });
  await catchUpRewritten(db, rewritten, day);
  return policyDetail(db, viewer, id, {}, day);
}

/**
 * Cancels a policy: it is kept, cancelled, covering up to and including `endsOn` (on or after
 * its start). Cancelling it again changes the end date. A cancelled policy renews no more.
 */
export async function cancelPolicy(
  db: Db,
  viewer: Viewer,
  id: string,
  input: z.output<typeof cancelPolicySchema>,
  day: IsoDate,
): Promise<Policy> {
  await db.transaction(async (tx) => {
    if (isUuid(id)) await lockPolicy(tx, id);
    const record = await policyOf(tx, viewer, id);
    if (input.endsOn < record.policy.startDate) {
      throw fieldError(viewer, "endsOn", "endBeforeStart");
    }
    await tx
      .update(insurancePolicies)
      .set({ status: "cancelled", endsOn: input.endsOn, updatedAt: new Date() })
      .where(eq(insurancePolicies.id, record.policy.id));
    // Its booked premium ends with the cover (decision 024).
    await endBookingOn(tx, viewer.householdId, record.policy.id, input.endsOn);
  });
  return policyDetail(db, viewer, id, {}, day);
}

/**
 * Deletes a policy with its member rows, after ending its booked premium today (what it booked
 * stays, an ordinary ended series).
 */
export async function deletePolicy(db: Db, viewer: Viewer, id: string, day: IsoDate) {
  const record = await policyOf(db, viewer, id);
  await endBookings(db, viewer.householdId, record.policy.id, day, async (tx) => {
    await tx.delete(insurancePolicies).where(eq(insurancePolicies.id, record.policy.id));
  });
}

/**
 * After a household's active people changed (someone joined or left), in that change's
 * transaction: every policy of the whole household whose premium is booked has its booking
 * rewritten from its next premium on or after `day` with the new parts, as a change of the
 * policy does ("this and all following", decision 024); a booking that has ended is left alone.
 * Policies that name their members are not touched. The policies are locked in one statement,
 * in id order, so an edit of one of them waits. Returns the rules to catch up after the commit
 * (`catchUpRewritten`).
 */
export async function rebookHouseholdPolicies(
  tx: Queryable,
  householdIds: readonly string[],
  day: IsoDate,
): Promise<RuleRow[]> {
  if (householdIds.length === 0) return [];
  const booked = await tx
    .select({ id: insurancePolicies.id, householdId: insurancePolicies.householdId })
    .from(insurancePolicies)
    .where(
      and(
        inArray(insurancePolicies.householdId, [...householdIds]),
        exists(
          tx
            .select({ id: recurringRules.id })
            .from(recurringRules)
            .where(eq(recurringRules.policyId, insurancePolicies.id)),
        ),
      ),
    )
    .orderBy(asc(insurancePolicies.id))
    .for("update");
  const ids = new Set(booked.map((row) => row.id));
  const rewritten: RuleRow[] = [];
  for (const householdId of new Set(booked.map((row) => row.householdId))) {
    const records = (await loadPolicies(tx, householdId)).filter(
      (record) => ids.has(record.policy.id) && record.members.length === 0,
    );
    if (records.length === 0) continue;
    const people = await peopleOf(tx, householdId);
    if (people.length === 0) continue;
    for (const record of records) {
      const rule = await rewriteBooking(
        tx,
        householdId,
        record.policy,
        partsOf(record, people),
        day,
        day,
      );
      if (rule) rewritten.push(rule);
    }
  }
  return rewritten;
}

/**
 * Books the policy's premium as a recurring expense tied to it (decision 024): the premium at
 * its frequency, split between the people it covers by their parts. The payer, when named, is
 * an active person of the household.
 */
export async function bookPolicy(
  db: Db,
  viewer: Viewer,
  id: string,
  input: z.output<typeof policyBookingInputSchema>,
  day: IsoDate,
): Promise<RecurringRule> {
  const record = await policyOf(db, viewer, id);
  const parts = partsOf(record, await peopleOf(db, viewer.householdId));
  return bookPremium(
    db,
    viewer,
    record.policy,
    parts.map((part) => ({ memberId: part.memberId, premiumCents: part.premiumCents })),
    input,
    day,
  );
}

/** Stops booking the policy's premium: the rule ends today, what it booked stays. */
export async function unbookPolicy(db: Db, viewer: Viewer, id: string, day: IsoDate) {
  const record = await policyOf(db, viewer, id);
  const ended = await endBookings(db, viewer.householdId, record.policy.id, day);
  if (ended === 0) throw new AppError("NOT_FOUND", "This policy's premium is not booked.");
}

/**
 * The scope's insurance at a glance: what the policies in force cost a year and a month, per
 * person (the household's scope) and per kind, each adding up to the total's year exactly; the
 * coverage grid (people × kinds → the policies in force that cover them, the essential kinds a
 * person lacks); and the renewals and notice deadlines of active policies within 60 days.
 */
export async function insuranceOverview(
  db: Db,
  viewer: Viewer,
  query: { member?: string | undefined },
  day: IsoDate,
): Promise<InsuranceOverview> {
  const { memberId, people, policies } = await scopedPolicies(db, viewer, query, day);
  const current = policies.filter((item) => item.out.inForce);

  const perMember = new Map<string, number>();
  if (memberId === null) {
    for (const person of people) perMember.set(person, 0);
    for (const { out } of current) {
      for (const part of out.parts) {
        perMember.set(part.memberId, (perMember.get(part.memberId) ?? 0) + part.yearCents);
      }
    }
  }

  const perKind = insuranceKinds.flatMap((kind) => {
    const ofKind = current.filter((item) => item.out.kind === kind);
    if (ofKind.length === 0) return [];
    return [
      { kind, policies: ofKind.length, ...totalOf(ofKind.map((item) => item.out.scope.yearCents)) },
    ];
  });

  const rows = (memberId === null ? people : [memberId]).map((person) => {
    const cells = insuranceKinds.map((kind) => ({
      kind,
      policyIds: current
        .filter((item) => item.out.kind === kind && covers(item.record, person))
        .map((item) => item.out.id),
    }));
    return {
      memberId: person,
      cells,
      gaps: essentialKinds.filter((kind) =>
        cells.some((cell) => cell.kind === kind && cell.policyIds.length === 0),
      ),
    };
  });

  const upcoming = policies
    .flatMap(({ out }) => {
      const events: InsuranceOverview["upcoming"] = [];
      const base = { policyId: out.id, kind: out.kind, insurer: out.insurer };
      if (out.notice && isWithinDays(out.notice.deadline, day)) {
        events.push({
          ...base,
          event: "notice",
          date: out.notice.deadline,
          renewalDate: out.notice.renewalDate,
          daysAway: daysBetween(day, out.notice.deadline),
        });
      }
      if (out.nextRenewal && isWithinDays(out.nextRenewal, day)) {
        events.push({
          ...base,
          event: "renewal",
          date: out.nextRenewal,
          renewalDate: out.nextRenewal,
          daysAway: daysBetween(day, out.nextRenewal),
        });
      }
      return events;
    })
    .sort((a, b) => a.date.localeCompare(b.date));

  const year = Number(day.slice(0, 4));
  const spending = await healthCareSpending(
    db,
    viewer.householdId,
    `${year}-01-01`,
    `${year}-12-31`,
  );
  const healthDeductible = deductibleRows(
    year,
    rows.map((row) => row.memberId),
    (person) =>
      current.find((item) => item.out.kind === "health-basic" && covers(item.record, person))
        ?.record.policy,
    spending,
  );

  return {
    memberId,
    day,
    totals: {
      ...totalOf(current.map((item) => item.out.scope.yearCents)),
      policies: current.length,
    },
    perMember: [...perMember].map(([id, yearCents]) => ({
      memberId: id,
      yearCents,
      monthCents: perMonth(yearCents),
    })),
    perKind,
    coverage: { kinds: [...insuranceKinds], rows },
    upcoming,
    healthDeductible,
  };
}
