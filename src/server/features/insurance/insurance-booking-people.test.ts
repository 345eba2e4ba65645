import { and, asc, eq, inArray, isNull, lt } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import {
  categories,
  recurringRules,
  transactions,
  transactionShares,
} from "#server/db/schema/money.ts";
import { findMembership } from "#server/features/households/households.service.ts";
import { materializeDue } from "#server/features/recurring/materialize.ts";
import {
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import { addDays, addMonths, today } from "#shared/dates.ts";
import type { CreatePolicyInput, Policy } from "#shared/schemas/insurance.schema.ts";
import type { RecurringRule } from "#shared/schemas/recurring.schema.ts";
import {
  latestOutboxMail,
  linkIn,
  outboxVerificationLink,
  signUpAndVerify,
  type SignedUp,
} from "#test/accounts.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";

/**
 * A booked premium of a policy of the whole household follows the household's people: when a
 * person joins (accepting an invitation) or leaves (removed, or joining another household), the
 * booked series is rewritten from its next premium on or after today with the new parts, in the
 * membership change's transaction (decision 024). Entries before today stay as they were.
 */
describeOnEachDatabase("insurance booking when the household's people change", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  const day = today();
  const thisMonth = day.slice(0, 7);
  const monthsAgo = (months: number) => `${addMonths(thisMonth, -months)}-01`;
  /** The first premium on or after today of a monthly series on the 1st. */
  const splitDate = day.endsWith("-01") ? day : `${addMonths(thisMonth, 1)}-01`;

  const signUp = (name: string) =>
    signUpAndVerify(testApp, { name, verificationLink: outboxVerificationLink(testApp) });
  const proHousehold = async (name: string) => {
    const home = await moneyHousehold(testApp, name);
    await setHouseholdPlan(db(), home.person.userId, "pro");
    return home;
  };

  /** A policy of the whole household, € 100 a month from three months ago (100 / 3 is odd). */
  const householdPolicy = (overrides: Partial<CreatePolicyInput> = {}) =>
    ({
      kind: "liability",
      insurer: "Centraal Beheer",
      premiumCents: 10_000,
      frequency: "monthly",
      deductibleCents: 0,
      startDate: monthsAgo(3),
      insured: "household",
      members: [],
      ...overrides,
    }) satisfies CreatePolicyInput;
  const create = async (client: SignedUp["client"], body: CreatePolicyInput) =>
    jsonOf<Policy>(await client.post("/api/insurance/policies", body), 201);
  /** Books a policy's premium from its start: the months up to today are made at once. */
  const book = async (client: SignedUp["client"], policy: Policy, categoryId: string) =>
    jsonOf<RecurringRule>(
      await client.post(`/api/insurance/policies/${policy.id}/booking`, {
        categoryId,
        startDate: policy.startDate,
      }),
      201,
    );
  const detail = async (client: SignedUp["client"], id: string) =>
    jsonOf<Policy>(await client.get(`/api/insurance/policies/${id}`));
  const rulesOf = async (policyId: string) =>
    db()
      .select()
      .from(recurringRules)
      .where(eq(recurringRules.policyId, policyId))
      .orderBy(asc(recurringRules.startDate));

  /** Every entry a policy's rules made (deleted ones too), by date, with its shares. */
  const entriesOf = async (policyId: string, before?: string) => {
    const ruleIds = (await rulesOf(policyId)).map((rule) => rule.id);
    const rows = await db()
      .select()
      .from(transactions)
      .where(
        and(
          inArray(transactions.recurringRuleId, ruleIds),
          before ? lt(transactions.recurringDate, before) : undefined,
        ),
      )
      .orderBy(asc(transactions.recurringDate));
    const shares = await db()
      .select()
      .from(transactionShares)
      .where(
        inArray(
          transactionShares.transactionId,
          rows.map((row) => row.id),
        ),
      );
    return rows.map((row) => ({
      date: row.recurringDate,
      amountCents: row.amountCents,
      deleted: row.deletedAt !== null,
      ruleId: row.recurringRuleId,
      shares: shares
        .filter((share) => share.transactionId === row.id)
        .map((share) => [share.memberId, share.amountCents] as const)
        .sort(),
    }));
  };

  /**
   * The policy's parts are exactly `people`'s, and the booking from `from` on (the latest rule)
   * is the premium split into those parts to the cent.
   */
  const expectBookedAsParts = async (
    client: SignedUp["client"],
    policyId: string,
    people: string[],
    from: string,
  ) => {
    const policy = await detail(client, policyId);
    const parts = policy.parts.map((part) => [part.memberId, part.premiumCents] as const).sort();
    expect(parts.map(([memberId]) => memberId)).toEqual([...people].sort());
    expect(parts.reduce((sum, [, cents]) => sum + cents, 0)).toBe(policy.premium.premiumCents);
    expect(policy.booking).toMatchObject({
      startDate: from,
      endDate: null,
      amountCents: policy.premium.premiumCents,
      splitMode: people.length === 1 ? "personal" : "amount",
    });
    const shares = (policy.booking?.shares ?? [])
      .map((share) => [share.memberId, share.amountCents] as const)
      .sort();
    expect(shares).toEqual(parts);
    return parts;
  };

  /** `person` accepts an invitation from `owner`'s household through the real routes. */
  const join = async (owner: MoneyHousehold, person: SignedUp) => {
    await jsonOf(
      await owner.person.client.post("/api/send-invitation", {
        email: person.email,
        householdId: owner.householdId,
      }),
    );
    const link = linkIn(
      (await latestOutboxMail(testApp(), person.email)).text,
      "/invitation?token=",
    );
    const invitationToken = new URL(link).searchParams.get("token") ?? "";
    await jsonOf(await person.client.post("/api/accept-invitation", { invitationToken }));
    const membership = await findMembership(db(), person.userId);
    expect(membership?.householdId).toBe(owner.householdId);
    return membership?.memberId ?? "";
  };

  let home: MoneyHousehold;
  beforeAll(async () => {
    home = await proHousehold("Hanna Huis");
  });

  it("splits the household's booked premium in three from today when a person joins, and back when they are removed", async () => {
    const client = home.person.client;
    const policy = await create(client, householdPolicy());
    await book(client, policy, home.expenseCategoryId);
    // A policy that names its members is theirs, whoever joins.
    const named = await create(
      client,
      householdPolicy({
        kind: "health-basic",
        premiumCents: 14_250,
        insured: "members",
        members: [
          { memberId: home.memberId, shareBp: 6_000 },
          { memberId: home.partnerId, shareBp: 4_000 },
        ],
      }),
    );
    await book(client, named, home.expenseCategoryId);
    /** The named policy's series and what its entries made so far hold. */
    const namedState = async (through: string) => ({
      rules: (await rulesOf(named.id)).map((rule) => [rule.id, rule.startDate, rule.endDate]),
      booking: (await detail(client, named.id)).booking,
      entries: (await entriesOf(named.id)).filter((entry) => (entry.date ?? "") <= through),
    });
    const namedBefore = await namedState(day);
    // A yearly policy from today: today's premium is made at once, in two.
    const fromToday = await create(
      client,
      householdPolicy({ kind: "home", premiumCents: 50_000, frequency: "yearly", startDate: day }),
    );
    await book(client, fromToday, home.expenseCategoryId);
    const pastBefore = await entriesOf(policy.id, day);
    expect(pastBefore.map((entry) => [entry.date, entry.shares])).toEqual(
      [3, 2, 1, 0]
        .map(monthsAgo)
        .filter((date) => date < day)
        .map((date) => [
          date,
          [
            [home.memberId, 5_000],
            [home.partnerId, 5_000],
          ].sort(),
        ]),
    );

    const jan = await signUp("Jan Nieuw");
    const janId = await join(home, jan);

    // From the first premium on or after today: three parts, the policy's to the cent.
    const three = await expectBookedAsParts(
      client,
      policy.id,
      [home.memberId, home.partnerId, janId],
      splitDate,
    );
    expect(three.map(([, cents]) => cents).sort()).toEqual([3_333, 3_333, 3_334]);
    expect((await rulesOf(policy.id)).map((rule) => [rule.startDate, rule.endDate])).toEqual([
      [monthsAgo(3), addDays(splitDate, -1)],
      [splitDate, null],
    ]);
    // Entries before today are as they were; the premiums from today on are made in three.
    expect(await entriesOf(policy.id, day)).toEqual(pastBefore);
    await materializeDue(db(), `${addMonths(thisMonth, 2)}-28`, { householdId: home.householdId });
    const following = (await entriesOf(policy.id)).filter((entry) => (entry.date ?? "") >= day);
    expect(following.map((entry) => entry.date)).toEqual(
      [0, 1, 2].map((months) => `${addMonths(thisMonth, months)}-01`).filter((date) => date >= day),
    );
    for (const entry of following) {
      expect(entry).toMatchObject({ amountCents: 10_000, deleted: false, shares: three });
    }
    // Today's premium, made already, is today's and on: split in three (as an edit dated today
    // would), once; the series is the new one from its start.
    const todayThree = await expectBookedAsParts(
      client,
      fromToday.id,
      [home.memberId, home.partnerId, janId],
      day,
    );
    expect(await rulesOf(fromToday.id)).toHaveLength(1);
    expect(await entriesOf(fromToday.id)).toMatchObject([
      { date: day, amountCents: 50_000, deleted: false, shares: todayThree },
    ]);
    // The members' policy is untouched.
    expect(await namedState(day)).toEqual(namedBefore);

    // The owner removes Jan: back to the two people from the same premium on.
    const removed = await client.request("PATCH", `/api/members/${janId}`, {
      invitationStatus: "removed",
    });
    expect(removed.status).toBe(200);
    const two = await expectBookedAsParts(
      client,
      policy.id,
      [home.memberId, home.partnerId],
      splitDate,
    );
    expect(two.map(([, cents]) => cents)).toEqual([5_000, 5_000]);
    expect(await rulesOf(policy.id)).toHaveLength(2);
    expect(await entriesOf(policy.id, day)).toEqual(pastBefore);
    for (const entry of (await entriesOf(policy.id)).filter((one) => (one.date ?? "") >= day)) {
      expect(entry).toMatchObject({ amountCents: 10_000, deleted: false, shares: two });
    }
    const todayTwo = await expectBookedAsParts(
      client,
      fromToday.id,
      [home.memberId, home.partnerId],
      day,
    );
    expect(todayTwo.map(([, cents]) => cents)).toEqual([25_000, 25_000]);
    expect(await entriesOf(fromToday.id)).toMatchObject([
      { date: day, deleted: false, shares: todayTwo },
    ]);
    expect(await namedState(day)).toEqual(namedBefore);
  });

  it("rewrites both households when a person leaves one by joining another, and the policy they bring along stays theirs", async () => {
    const left = await proHousehold("Lotte Links");
    const joined = await proHousehold("Otto Over");
    const leftPolicy = await create(left.person.client, householdPolicy());
    await book(left.person.client, leftPolicy, left.expenseCategoryId);
    const joinedPolicy = await create(
      joined.person.client,
      householdPolicy({ kind: "legal", premiumCents: 2_000, frequency: "quarterly" }),
    );
    await book(joined.person.client, joinedPolicy, joined.expenseCategoryId);
    // A cancelled policy whose booking has ended is left alone.
    const ended = await create(left.person.client, householdPolicy({ kind: "pet" }));
    await book(left.person.client, ended, left.expenseCategoryId);
    await jsonOf(
      await left.person.client.post(`/api/insurance/policies/${ended.id}/cancel`, {
        endsOn: monthsAgo(2),
      }),
    );
    const endedRules = await rulesOf(ended.id);

    // Kim, alone in her own household, booked its whole-household policy (hers alone) and joins
    // Lotte's household: her policy comes along naming her, Lotte's splits in three.
    const kim = await signUp("Kim Kamer");
    await setHouseholdPlan(db(), kim.userId, "pro");
    const own = await findMembership(db(), kim.userId);
    const kimPolicy = await create(kim.client, householdPolicy({ kind: "travel" }));
    const kimBooking = await book(kim.client, kimPolicy, await firstExpenseCategory(own));
    expect(kimBooking).toMatchObject({ splitMode: "personal" });
    await setHouseholdPlan(db(), kim.userId, "free");
    const kimInLeft = await join(left, kim);
    await expectBookedAsParts(
      left.person.client,
      leftPolicy.id,
      [left.memberId, left.partnerId, kimInLeft],
      splitDate,
    );
    const brought = await detail(left.person.client, kimPolicy.id);
    expect(brought).toMatchObject({ insured: "members", members: [{ memberId: kimInLeft }] });
    await expectBookedAsParts(left.person.client, kimPolicy.id, [kimInLeft], monthsAgo(3));
    expect(await rulesOf(kimPolicy.id)).toHaveLength(1);
    expect(await rulesOf(ended.id)).toEqual(endedRules);

    // Kim leaves Lotte's household for Otto's: Lotte's is back to two, Otto's in three, the
    // policy naming Kim is hers as before.
    const leftPast = await entriesOf(leftPolicy.id, day);
    const kimInJoined = await join(joined, kim);
    await expectBookedAsParts(
      left.person.client,
      leftPolicy.id,
      [left.memberId, left.partnerId],
      splitDate,
    );
    expect(await entriesOf(leftPolicy.id, day)).toEqual(leftPast);
    const quarterlySplit = (await rulesOf(joinedPolicy.id)).at(-1)?.startDate ?? "";
    expect(quarterlySplit >= day).toBe(true);
    const joinedParts = await expectBookedAsParts(
      joined.person.client,
      joinedPolicy.id,
      [joined.memberId, joined.partnerId, kimInJoined],
      quarterlySplit,
    );
    expect(joinedParts.map(([, cents]) => cents).sort()).toEqual([666, 667, 667]);
    await expectBookedAsParts(left.person.client, kimPolicy.id, [kimInLeft], monthsAgo(3));
    expect(await rulesOf(kimPolicy.id)).toHaveLength(1);
    expect(await rulesOf(ended.id)).toEqual(endedRules);
  });

  /** The first expense category of a household. */
  async function firstExpenseCategory(membership: { householdId: string } | null) {
    const [row] = await db()
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          eq(categories.householdId, membership?.householdId ?? ""),
          eq(categories.kind, "expense"),
          isNull(categories.archivedAt),
        ),
      )
      .orderBy(asc(categories.name))
      .limit(1);
    return row?.id ?? "";
  }
});
