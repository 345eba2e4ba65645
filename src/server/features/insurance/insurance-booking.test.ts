import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { recurringRules, transactions, transactionShares } from "#server/db/schema/money.ts";
import { materializeDue } from "#server/features/recurring/materialize.ts";
import {
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import { addMonths, today } from "#shared/dates.ts";
import type {
  CreatePolicyInput,
  Policy,
  PolicyBookingInput,
  PolicyList,
} from "#shared/schemas/insurance.schema.ts";
import type { RecurringRule } from "#shared/schemas/recurring.schema.ts";
import { validationMessages, type ValidationKey } from "#shared/validation.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";

/** Booking a policy's premium as a recurring expense tied to it (decision 024). */
describeOnEachDatabase("insurance booking", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  let other: MoneyHousehold;
  const day = today();
  const thisMonth = day.slice(0, 7);
  const monthsAgo = (months: number, dayOfMonth = "01") =>
    `${addMonths(thisMonth, -months)}-${dayOfMonth}`;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Bea Bakker");
    other = await moneyHousehold(testApp, "Otto Vreemd", "nl");
    await setHouseholdPlan(db(), home.person.userId, "pro");
    await setHouseholdPlan(db(), other.person.userId, "pro");
  });

  /** Basic health insurance of both members, 60/40, € 142.50 a month. */
  const policyInput = (who: MoneyHousehold, overrides: Partial<CreatePolicyInput> = {}) =>
    ({
      kind: "health-basic",
      insurer: "Zilveren Kruis",
      premiumCents: 14_250,
      frequency: "monthly",
      deductibleCents: 38_500,
      startDate: monthsAgo(3),
      insured: "members",
      members: [
        { memberId: who.memberId, shareBp: 6_000 },
        { memberId: who.partnerId, shareBp: 4_000 },
      ],
      ...overrides,
    }) satisfies CreatePolicyInput;
  const create = async (body: CreatePolicyInput, who = home) =>
    jsonOf<Policy>(await who.person.client.post("/api/insurance/policies", body), 201);
  const put = async (policy: Policy, changes: Record<string, unknown>, who = home) =>
    jsonOf<Policy>(
      await who.person.client.put(`/api/insurance/policies/${policy.id}`, {
        kind: policy.kind,
        insurer: policy.insurer,
        premiumCents: policy.premium.premiumCents,
        frequency: policy.frequency,
        deductibleCents: policy.deductibleCents,
        startDate: policy.startDate,
        insured: policy.insured,
        members: policy.members,
        ...changes,
      }),
    );
  const book = (id: string, body: Partial<PolicyBookingInput>, who = home) =>
    who.person.client.post(`/api/insurance/policies/${id}/booking`, {
      categoryId: who.expenseCategoryId,
      ...body,
    });
  const unbook = (id: string, who = home) =>
    who.person.client.request("DELETE", `/api/insurance/policies/${id}/booking`);
  const detail = async (id: string, who = home) =>
    jsonOf<Policy>(await who.person.client.get(`/api/insurance/policies/${id}`));
  /** The policy's entries still in the family's spending, by date. */
  const entriesOf = async (ruleIds: string[]) =>
    db()
      .select()
      .from(transactions)
      .where(and(inArray(transactions.recurringRuleId, ruleIds), isNull(transactions.deletedAt)))
      .orderBy(asc(transactions.recurringDate));
  const rulesOf = async (policyId: string) =>
    db()
      .select()
      .from(recurringRules)
      .where(eq(recurringRules.policyId, policyId))
      .orderBy(asc(recurringRules.startDate));

  it("books the premium once, split by the policy's parts, and stops the booking", async () => {
    const policy = await create(policyInput(home));
    const booking = await jsonOf<RecurringRule>(
      await book(policy.id, { startDate: policy.startDate }),
      201,
    );
    expect(booking).toMatchObject({
      policyId: policy.id,
      kind: "expense",
      amountCents: 14_250,
      frequency: "monthly",
      merchant: "Zilveren Kruis",
      paidByMemberId: home.memberId,
      splitMode: "amount",
      startDate: monthsAgo(3),
    });
    // The months from the start up to today are booked at once, each split 60/40 to the cent.
    const made = await entriesOf([booking.id]);
    expect(made.map((row) => [row.occurredOn, row.amountCents])).toEqual(
      [3, 2, 1, 0].map((months) => [monthsAgo(months), 14_250]),
    );
    const shares = await db()
      .select()
      .from(transactionShares)
      .where(
        inArray(
          transactionShares.transactionId,
          made.map((row) => row.id),
        ),
      );
    for (const row of made) {
      expect(
        shares
          .filter((share) => share.transactionId === row.id)
          .map((share) => [share.memberId, share.amountCents])
          .sort(),
      ).toEqual(
        [
          [home.memberId, 8_550],
          [home.partnerId, 5_700],
        ].sort(),
      );
    }
    // The answers say it is booked.
    expect((await detail(policy.id)).booking).toMatchObject({ id: booking.id });
    const listed = await jsonOf<PolicyList>(
      await home.person.client.get("/api/insurance/policies"),
    );
    expect(listed.policies.find((one) => one.id === policy.id)?.booking?.id).toBe(booking.id);
    // Booked once: again is a conflict, also when two bookings race.
    expect((await book(policy.id, {})).status).toBe(409);
    const raced = await create(policyInput(home, { kind: "health-supplementary" }));
    const statuses = await Promise.all([book(raced.id, {}), book(raced.id, {})]);
    expect(statuses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(await rulesOf(raced.id)).toHaveLength(1);

    // Stopping the booking ends the rule today and keeps what it booked.
    expect((await unbook(policy.id)).status).toBe(204);
    expect((await unbook(policy.id)).status).toBe(404);
    const [ended] = await db()
      .select()
      .from(recurringRules)
      .where(eq(recurringRules.id, booking.id));
    expect(ended).toMatchObject({ policyId: null, endDate: day });
    expect(await entriesOf([booking.id])).toHaveLength(4);
    expect((await detail(policy.id)).booking).toBeNull();
  });

  it("makes every premium exactly once, also when two runs make them at the same time", async () => {
    const policy = await create(policyInput(home, { kind: "car", startDate: "2098-01-15" }));
    // Without a start: the next premium on or after today (the policy's first).
    const booking = await jsonOf<RecurringRule>(await book(policy.id, {}), 201);
    expect(booking).toMatchObject({ startDate: "2098-01-15", nextDate: "2098-01-15" });
    const runs = await Promise.all([
      materializeDue(db(), "2098-06-30", { ruleId: booking.id }),
      materializeDue(db(), "2098-06-30", { ruleId: booking.id }),
    ]);
    expect(runs.flatMap((run) => run.failed)).toEqual([]);
    expect(runs[0].created + runs[1].created).toBe(6);
    // The marker lost: the unique key still holds.
    await db()
      .update(recurringRules)
      .set({ materializedThrough: null })
      .where(eq(recurringRules.id, booking.id));
    await Promise.all([
      materializeDue(db(), "2098-06-30", { ruleId: booking.id }),
      materializeDue(db(), "2098-06-30", { ruleId: booking.id }),
    ]);
    expect(await entriesOf([booking.id])).toHaveLength(6);
  });

  it("rewrites the booked series from a change of premium or frequency on, once, and ends it with the cover", async () => {
    const policy = await create(policyInput(home, { kind: "home", startDate: "2098-01-15" }));
    const booking = await jsonOf<RecurringRule>(await book(policy.id, {}), 201);
    await materializeDue(db(), "2098-06-30", { ruleId: booking.id });

    // A new premium from April: April to June are rewritten, January to March stay.
    const raised = await put(policy, { premiumCents: 15_000, changesOn: "2098-04-01" });
    expect(raised.booking).toMatchObject({
      amountCents: 15_000,
      startDate: "2098-04-15",
      policyId: policy.id,
    });
    const afterRaise = await rulesOf(policy.id);
    expect(afterRaise.map((rule) => [rule.startDate, rule.endDate])).toEqual([
      ["2098-01-15", "2098-04-14"],
      ["2098-04-15", null],
    ]);
    const ruleIds = afterRaise.map((rule) => rule.id);
    expect((await entriesOf(ruleIds)).map((row) => [row.occurredOn, row.amountCents])).toEqual([
      ["2098-01-15", 14_250],
      ["2098-02-15", 14_250],
      ["2098-03-15", 14_250],
      ["2098-04-15", 15_000],
      ["2098-05-15", 15_000],
      ["2098-06-15", 15_000],
    ]);
    // The rewritten entries' shares are the new premium's parts.
    const [april] = (await entriesOf(ruleIds)).filter((row) => row.occurredOn === "2098-04-15");
    const aprilShares = await db()
      .select()
      .from(transactionShares)
      .where(eq(transactionShares.transactionId, april?.id ?? ""));
    expect(aprilShares.map((share) => share.amountCents).sort()).toEqual([6_000, 9_000]);
    // Nothing is booked twice, whoever runs next.
    const runs = await Promise.all([
      materializeDue(db(), "2098-08-31", { householdId: home.householdId }),
      materializeDue(db(), "2098-08-31", { householdId: home.householdId }),
    ]);
    expect(runs.flatMap((run) => run.failed)).toEqual([]);
    expect((await entriesOf(ruleIds)).map((row) => row.occurredOn)).toEqual(
      ["01", "02", "03", "04", "05", "06", "07", "08"].map((m) => `2098-${m}-15`),
    );
    // The same premium again changes nothing.
    await put(raised, { changesOn: "2098-05-01" });
    expect(await rulesOf(policy.id)).toHaveLength(2);

    // Quarterly from July: July stays (the new series' first), August goes, October comes.
    const quarterly = await put(raised, {
      premiumCents: 45_000,
      frequency: "quarterly",
      changesOn: "2098-07-01",
    });
    expect(quarterly.booking).toMatchObject({
      amountCents: 45_000,
      frequency: "quarterly",
      startDate: "2098-07-15",
    });
    await materializeDue(db(), "2098-12-31", { householdId: home.householdId });
    const allRules = (await rulesOf(policy.id)).map((rule) => rule.id);
    expect(allRules).toHaveLength(3);
    expect(
      (await entriesOf(allRules)).slice(5).map((row) => [row.occurredOn, row.amountCents]),
    ).toEqual([
      ["2098-06-15", 15_000],
      ["2098-07-15", 45_000],
      ["2098-10-15", 45_000],
    ]);

    // Cancelled from the end of September: October's premium goes, nothing after it comes.
    await jsonOf(
      await home.person.client.post(`/api/insurance/policies/${policy.id}/cancel`, {
        endsOn: "2098-09-30",
      }),
    );
    const cancelled = await rulesOf(policy.id);
    expect(cancelled.map((rule) => rule.endDate)).toEqual([
      "2098-04-14",
      "2098-07-14",
      "2098-09-30",
    ]);
    await materializeDue(db(), "2099-12-31", { householdId: home.householdId });
    expect((await entriesOf(allRules)).map((row) => row.occurredOn).at(-1)).toBe("2098-07-15");
    expect(await entriesOf(allRules)).toHaveLength(7);
  });

  it("ends the booking today and lets go of the policy when the policy is deleted", async () => {
    const policy = await create(policyInput(home, { kind: "legal" }));
    const booking = await jsonOf<RecurringRule>(
      await book(policy.id, { startDate: policy.startDate, paidByMemberId: home.partnerId }),
      201,
    );
    expect(booking.paidByMemberId).toBe(home.partnerId);
    expect(
      (await home.person.client.request("DELETE", `/api/insurance/policies/${policy.id}`)).status,
    ).toBe(204);
    const [rule] = await db()
      .select()
      .from(recurringRules)
      .where(eq(recurringRules.id, booking.id));
    expect(rule).toMatchObject({ policyId: null, endDate: day });
    expect(await entriesOf([booking.id])).toHaveLength(4);
  });

  it("answers the booking's messages in English and Dutch, and another household's policy with 404", async () => {
    const mine = await create(policyInput(home, { kind: "pet" }));
    const theirs = await create(policyInput(other, { kind: "pet" }), other);
    const cases: { body: Record<string, unknown>; field: string; key: ValidationKey }[] = [
      { body: { startDate: monthsAgo(4) }, field: "startDate", key: "bookingOutsidePolicy" },
      { body: { categoryId: "" }, field: "categoryId", key: "categoryRequired" },
      { body: { startDate: "2026-02-30" }, field: "startDate", key: "dateInvalid" },
    ];
    for (const [who, policy, language] of [
      [home, mine, "en"],
      [other, theirs, "nl"],
    ] as const) {
      for (const { body, field, key } of cases) {
        const response = await book(policy.id, body, who);
        expect(response.status, key).toBe(400);
        expect((await errorOf(response)).fields?.[field], key).toBe(
          validationMessages[language][key],
        );
      }
    }
    // A cancelled policy books nothing after its cover.
    const ended = await create(policyInput(home, { kind: "funeral" }));
    await jsonOf(
      await home.person.client.post(`/api/insurance/policies/${ended.id}/cancel`, {
        endsOn: monthsAgo(2),
      }),
    );
    const late = await book(ended.id, { startDate: monthsAgo(1) });
    expect((await errorOf(late)).fields?.startDate).toBe(
      validationMessages.en.bookingOutsidePolicy,
    );
    // Another household's policy, payer or category: 404 or a field error, nothing booked.
    expect((await book(theirs.id, {})).status).toBe(404);
    expect((await unbook(theirs.id)).status).toBe(404);
    expect((await book(mine.id, { paidByMemberId: other.memberId })).status).toBe(400);
    expect((await book(mine.id, { categoryId: other.expenseCategoryId })).status).toBe(400);
    expect(await rulesOf(mine.id)).toHaveLength(0);
    expect(await rulesOf(theirs.id)).toHaveLength(0);
  });
});
