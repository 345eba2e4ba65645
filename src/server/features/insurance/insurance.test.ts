import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { members } from "#server/db/schema/households.ts";
import { insurancePolicies, insurancePolicyMembers } from "#server/db/schema/insurance.ts";
import {
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import { addDays, today } from "#shared/dates.ts";
import type {
  CreatePolicyInput,
  InsuranceOverview,
  Policy,
  PolicyList,
} from "#shared/schemas/insurance.schema.ts";
import { validationMessages, type ValidationKey } from "#shared/validation.ts";
import { latestOutboxMail, linkIn, uniqueEmail } from "#test/accounts.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { databaseFingerprint } from "#test/fingerprint.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";

describeOnEachDatabase("insurance", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  /** A Dutch household, for the messages in Dutch and for foreign ids. */
  let other: MoneyHousehold;
  const day = today();
  const thisYear = Number(day.slice(0, 4));
  const lastYear = thisYear - 1;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Anna de Vries");
    other = await moneyHousehold(testApp, "Olaf Stranger", "nl");
    await setHouseholdPlan(db(), home.person.userId, "pro");
    await setHouseholdPlan(db(), other.person.userId, "pro");
  });

  /** A basic health insurance of the whole household since last year, renewing on 1 January. */
  const basic = (overrides: Partial<CreatePolicyInput> = {}): CreatePolicyInput => ({
    kind: "health-basic",
    insurer: "Zilveren Kruis",
    policyNumber: "ZK-123",
    premiumCents: 14_250,
    frequency: "monthly",
    deductibleCents: 38_500,
    startDate: `${lastYear}-01-01`,
    renewalDate: `${thisYear + 1}-01-01`,
    noticePeriod: { value: 1, unit: "months" },
    ...overrides,
  });
  const create = async (body: CreatePolicyInput, who = home) =>
    jsonOf<Policy>(await who.person.client.post("/api/insurance/policies", body), 201);
  const query = (member?: string) => (member ? `?member=${member}` : "");
  const list = async (member?: string, who = home) =>
    jsonOf<PolicyList>(await who.person.client.get(`/api/insurance/policies${query(member)}`));
  const overview = async (member?: string, who = home) =>
    jsonOf<InsuranceOverview>(
      await who.person.client.get(`/api/insurance/overview${query(member)}`),
    );
  const cancel = (id: string, endsOn: string, who = home) =>
    who.person.client.post(`/api/insurance/policies/${id}/cancel`, { endsOn });
  const remove = (id: string, who = home) =>
    who.person.client.request("DELETE", `/api/insurance/policies/${id}`);
  const fieldsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    return (await errorOf(response)).fields ?? {};
  };
  /** A household of its own on Pro, for figures no other test's policies disturb. */
  const freshHousehold = async (name: string) => {
    const fresh = await moneyHousehold(testApp, name);
    await setHouseholdPlan(db(), fresh.person.userId, "pro");
    return fresh;
  };
  /** The same day `years` years earlier (a multiple of 4 keeps 29 February a real day). */
  const yearsBefore = (date: string, years: number) =>
    `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;

  it("answers every validation message in English and in Dutch, naming the field", async () => {
    const mine = await create(basic());
    const theirs = await create(basic(), other);
    const mineCancelled = await create(basic({ kind: "travel", renewalDate: null }));
    const theirsCancelled = await create(basic({ kind: "travel", renewalDate: null }), other);
    for (const [id, who] of [
      [mineCancelled.id, home],
      [theirsCancelled.id, other],
    ] as const) {
      await jsonOf(await cancel(id, `${lastYear}-06-30`, who));
    }
    type Case = {
      send: (who: MoneyHousehold) => Promise<Response>;
      field: string;
      key: ValidationKey;
    };
    const post = (body: Record<string, unknown>) => (who: MoneyHousehold) =>
      who.person.client.post("/api/insurance/policies", { ...basic(), ...body });
    const withMembers =
      (list: (who: MoneyHousehold) => Record<string, unknown>[]) => (who: MoneyHousehold) =>
        post({ insured: "members", members: list(who) })(who);
    const put =
      (body: Record<string, unknown>, cancelled = false) =>
      (who: MoneyHousehold) => {
        const id =
          who === home ? (cancelled ? mineCancelled : mine) : cancelled ? theirsCancelled : theirs;
        return who.person.client.put(`/api/insurance/policies/${id.id}`, {
          ...basic(),
          insured: "household",
          ...body,
        });
      };
    const cancelOwn = (endsOn: string) => (who: MoneyHousehold) =>
      cancel(who === home ? mine.id : theirs.id, endsOn, who);
    const cases: Case[] = [
      { send: post({ kind: "boat" }), field: "kind", key: "insuranceKindRequired" },
      { send: post({ kind: null }), field: "kind", key: "insuranceKindRequired" },
      { send: post({ insurer: "  " }), field: "insurer", key: "insurerRequired" },
      { send: post({ insurer: "x".repeat(101) }), field: "insurer", key: "textTooLong" },
      { send: post({ policyNumber: "x".repeat(61) }), field: "policyNumber", key: "textTooLong" },
      {
        send: post({ coverageNotes: "x".repeat(2001) }),
        field: "coverageNotes",
        key: "textTooLong",
      },
      { send: post({ premiumCents: null }), field: "premiumCents", key: "amountRequired" },
      { send: post({ premiumCents: 0 }), field: "premiumCents", key: "amountPositive" },
      { send: post({ premiumCents: 12.5 }), field: "premiumCents", key: "amountInvalid" },
      { send: post({ frequency: "weekly" }), field: "frequency", key: "premiumFrequencyRequired" },
      { send: post({ deductibleCents: -1 }), field: "deductibleCents", key: "deductibleInvalid" },
      {
        send: post({ voluntaryDeductibleCents: 15_000 }),
        field: "voluntaryDeductibleCents",
        key: "voluntaryDeductibleSteps",
      },
      {
        send: post({ voluntaryDeductibleCents: 60_000 }),
        field: "voluntaryDeductibleCents",
        key: "voluntaryDeductibleSteps",
      },
      {
        send: post({ kind: "health-supplementary", voluntaryDeductibleCents: 10_000 }),
        field: "voluntaryDeductibleCents",
        key: "voluntaryDeductibleHealthOnly",
      },
      {
        send: post({ renewalDate: `${lastYear}-01-01` }),
        field: "renewalDate",
        key: "renewalAfterStart",
      },
      {
        send: post({ noticePeriod: { value: 25, unit: "months" } }),
        field: "noticePeriod.value",
        key: "noticePeriodInvalid",
      },
      {
        send: post({ noticePeriod: { value: 366, unit: "days" } }),
        field: "noticePeriod.value",
        key: "noticePeriodInvalid",
      },
      {
        send: post({ noticePeriod: { value: 2, unit: "weeks" } }),
        field: "noticePeriod.unit",
        key: "noticePeriodInvalid",
      },
      {
        send: post({ noticePeriod: "1 month" }),
        field: "noticePeriod",
        key: "noticePeriodInvalid",
      },
      {
        send: post({ noticePeriod: null, remindDaysBefore: 14 }),
        field: "remindDaysBefore",
        key: "reminderNeedsNotice",
      },
      {
        send: post({ renewalDate: null, remindDaysBefore: 14 }),
        field: "remindDaysBefore",
        key: "reminderNeedsNotice",
      },
      { send: post({ remindDaysBefore: 366 }), field: "remindDaysBefore", key: "remindDaysRange" },
      { send: post({ insured: "family" }), field: "insured", key: "invalid" },
      { send: withMembers(() => []), field: "members", key: "insuredMembersRequired" },
      {
        send: withMembers((who) => [
          { memberId: who.memberId, shareBp: 5_000 },
          { memberId: who.partnerId },
        ]),
        field: "members",
        key: "insuranceSharesAllOrNone",
      },
      {
        send: withMembers((who) => [
          { memberId: who.memberId, shareBp: 5_000 },
          { memberId: who.partnerId, shareBp: 4_000 },
        ]),
        field: "members",
        key: "splitPercentsMustTotal100",
      },
      {
        send: withMembers((who) => [{ memberId: who.memberId }, { memberId: who.memberId }]),
        field: "members",
        key: "splitMemberTwice",
      },
      {
        send: withMembers(() => [{ memberId: "" }]),
        field: "members.0.memberId",
        key: "selectMember",
      },
      {
        send: withMembers((who) => [{ memberId: (who === home ? other : home).memberId }]),
        field: "members.0.memberId",
        key: "memberUnknown",
      },
      {
        send: withMembers((who) => [{ memberId: who.aggregateId }]),
        field: "members.0.memberId",
        key: "memberUnknown",
      },
      {
        send: withMembers((who) => [
          { memberId: who.memberId, shareBp: 0 },
          { memberId: who.partnerId, shareBp: 10_000 },
        ]),
        field: "members.0.shareBp",
        key: "invalid",
      },
      { send: post({ startDate: null }), field: "startDate", key: "dateRequired" },
      { send: post({ startDate: `${lastYear}-02-30` }), field: "startDate", key: "dateInvalid" },
      { send: post({ startDate: "1899-12-31" }), field: "startDate", key: "dateOutOfRange" },
      { send: post({ renewalDate: "2100-01-01" }), field: "renewalDate", key: "dateOutOfRange" },
      // A change names who is insured again.
      { send: put({ insured: undefined }), field: "insured", key: "invalid" },
      { send: put({ kind: "ship" }), field: "kind", key: "insuranceKindRequired" },
      {
        send: put({ startDate: `${lastYear}-07-01`, renewalDate: null }, true),
        field: "startDate",
        key: "endBeforeStart",
      },
      { send: cancelOwn(`${lastYear - 1}-12-31`), field: "endsOn", key: "endBeforeStart" },
      { send: cancelOwn(`${thisYear}-13-01`), field: "endsOn", key: "dateInvalid" },
      { send: cancelOwn("2100-01-01"), field: "endsOn", key: "dateOutOfRange" },
    ];
    // Every message the insurance area adds has a case.
    const insuranceKeys: ValidationKey[] = [
      "insuranceKindRequired",
      "insurerRequired",
      "premiumFrequencyRequired",
      "deductibleInvalid",
      "voluntaryDeductibleSteps",
      "voluntaryDeductibleHealthOnly",
      "renewalAfterStart",
      "noticePeriodInvalid",
      "reminderNeedsNotice",
      "insuredMembersRequired",
      "insuranceSharesAllOrNone",
    ];
    expect(insuranceKeys.filter((key) => !cases.some((c) => c.key === key))).toEqual([]);
    const before = await databaseFingerprint(db());
    for (const [who, language] of [
      [home, "en"],
      [other, "nl"],
    ] as const) {
      for (const { send, field, key } of cases) {
        const fields = await fieldsOf(await send(who));
        expect([language, field, fields[field]]).toEqual([
          language,
          field,
          validationMessages[language][key],
        ]);
      }
    }
    expect(await databaseFingerprint(db())).toEqual(before);
    for (const [id, who] of [
      [mine.id, home],
      [mineCancelled.id, home],
      [theirs.id, other],
      [theirsCancelled.id, other],
    ] as const) {
      expect((await remove(id, who)).status).toBe(204);
    }
  });

  it("works out premiums a year and a month and everyone's part, adding up to the cent", async () => {
    const family = await freshHousehold("Bram Jansen");
    const me = family.memberId;
    const partner = family.partnerId;
    const since = `${lastYear}-01-01`;
    // Mine alone, monthly: € 142.50 a month is € 1,710.00 a year.
    const mineHealth = await create(
      basic({ insured: "members", members: [{ memberId: me }], startDate: since }),
      family,
    );
    // The partner's, with a voluntary deductible of € 500.
    const partnerHealth = await create(
      basic({
        insurer: "CZ",
        premiumCents: 13_999,
        voluntaryDeductibleCents: 50_000,
        insured: "members",
        members: [{ memberId: partner }],
      }),
      family,
    );
    // The whole household's liability, € 75.01 a year: evenly between the two people.
    const liability = await create(
      basic({
        kind: "liability",
        insurer: "Centraal Beheer",
        premiumCents: 7_501,
        frequency: "yearly",
        deductibleCents: null,
      }),
      family,
    );
    // Travel for both, 70/30, € 20.01 a quarter.
    const travel = await create(
      basic({
        kind: "travel",
        insurer: "ANWB",
        premiumCents: 2_001,
        frequency: "quarterly",
        insured: "members",
        members: [
          { memberId: me, shareBp: 7_000 },
          { memberId: partner, shareBp: 3_000 },
        ],
      }),
      family,
    );
    // My car, € 333.33 a half year.
    const car = await create(
      basic({
        kind: "car",
        insurer: "Univé",
        premiumCents: 33_333,
        frequency: "half-yearly",
        insured: "members",
        members: [{ memberId: me }],
      }),
      family,
    );
    // The partner's contents policy ended yesterday, and a home policy starts next month: neither
    // counts today.
    const contents = await create(
      basic({
        kind: "contents",
        insurer: "Interpolis",
        premiumCents: 1_234,
        insured: "members",
        members: [{ memberId: partner }],
      }),
      family,
    );
    const cancelled = await jsonOf<Policy>(await cancel(contents.id, addDays(day, -1), family));
    const later = await create(
      basic({
        kind: "home",
        insurer: "Nationale-Nederlanden",
        premiumCents: 5_000,
        startDate: addDays(day, 31),
        renewalDate: null,
      }),
      family,
    );

    expect(mineHealth).toMatchObject({
      premium: { premiumCents: 14_250, yearCents: 171_000, monthCents: 14_250 },
      parts: [{ memberId: me, premiumCents: 14_250, yearCents: 171_000, monthCents: 14_250 }],
      insured: "members",
      inForce: true,
    });
    expect(partnerHealth.voluntaryDeductibleCents).toBe(50_000);
    // € 75.01 a year: € 6.25 a month (625.08 cents); € 37.51 and € 37.50, the odd cent to the
    // older member.
    expect(liability).toMatchObject({
      insured: "household",
      members: [],
      premium: { premiumCents: 7_501, yearCents: 7_501, monthCents: 625 },
      parts: [
        { memberId: me, premiumCents: 3_751, yearCents: 3_751, monthCents: 313 },
        { memberId: partner, premiumCents: 3_750, yearCents: 3_750, monthCents: 313 },
      ],
    });
    // 70 % of € 20.01 is € 14.007: € 14.01 and € 6.00 a quarter, € 56.04 and € 24.00 a year.
    expect(travel.parts).toEqual([
      { memberId: me, premiumCents: 1_401, yearCents: 5_604, monthCents: 467 },
      { memberId: partner, premiumCents: 600, yearCents: 2_400, monthCents: 200 },
    ]);
    expect(car.premium).toEqual({ premiumCents: 33_333, yearCents: 66_666, monthCents: 5_556 });
    expect(cancelled).toMatchObject({
      status: "cancelled",
      endsOn: addDays(day, -1),
      inForce: false,
      nextRenewal: null,
      notice: null,
    });
    expect(later.inForce).toBe(false);

    // The household: 1,710.00 + 1,679.88 + 75.01 + 80.04 + 666.66 = € 4,211.59 a year.
    const all = await overview(undefined, family);
    expect(all.totals).toEqual({ yearCents: 421_159, monthCents: 35_097, policies: 5 });
    expect(all.perMember).toEqual([
      { memberId: me, yearCents: 247_021, monthCents: 20_585 },
      { memberId: partner, yearCents: 174_138, monthCents: 14_512 },
    ]);
    expect(all.perKind).toEqual([
      { kind: "health-basic", policies: 2, yearCents: 338_988, monthCents: 28_249 },
      { kind: "liability", policies: 1, yearCents: 7_501, monthCents: 625 },
      { kind: "car", policies: 1, yearCents: 66_666, monthCents: 5_556 },
      { kind: "travel", policies: 1, yearCents: 8_004, monthCents: 667 },
    ]);
    const sum = (rows: { yearCents: number }[]) => rows.reduce((t, r) => t + r.yearCents, 0);
    expect(sum(all.perMember)).toBe(all.totals.yearCents);
    expect(sum(all.perKind)).toBe(all.totals.yearCents);
    const household = await list(undefined, family);
    expect(household.totals).toEqual({ yearCents: 421_159, monthCents: 35_097 });
    // By kind, then insurer: CZ before Zilveren Kruis.
    expect(household.policies.map((policy) => policy.id)).toEqual([
      partnerHealth.id,
      mineHealth.id,
      later.id,
      cancelled.id,
      liability.id,
      car.id,
      travel.id,
    ]);

    // A member sees what covers them (the household's own too) and their part of it.
    const mine = await list(me, family);
    expect(mine.policies.map((policy) => [policy.id, policy.scope.yearCents])).toEqual([
      [mineHealth.id, 171_000],
      [later.id, 2_500 * 12],
      [liability.id, 3_751],
      [car.id, 66_666],
      [travel.id, 5_604],
    ]);
    expect(mine.totals).toEqual({ yearCents: 247_021, monthCents: 20_585 });
    const partnerView = await overview(partner, family);
    expect(partnerView.totals).toEqual({ yearCents: 174_138, monthCents: 14_512, policies: 3 });
    expect(partnerView.perMember).toEqual([]);
    expect(partnerView.perKind.map((row) => [row.kind, row.yearCents])).toEqual([
      ["health-basic", 167_988],
      ["liability", 3_750],
      ["travel", 2_400],
    ]);
    expect((await list(partner, family)).policies.map((policy) => policy.id)).not.toContain(
      mineHealth.id,
    );
    // The detail in a member's scope: their part.
    const detail = await jsonOf<Policy>(
      await family.person.client.get(`/api/insurance/policies/${travel.id}?member=${partner}`),
    );
    expect(detail.scope).toEqual({ premiumCents: 600, yearCents: 2_400, monthCents: 200 });

    // The grid: who has what, no essential gaps yet.
    const cellsOf = (view: InsuranceOverview, memberId: string) =>
      Object.fromEntries(
        (view.coverage.rows.find((row) => row.memberId === memberId)?.cells ?? [])
          .filter((cell) => cell.policyIds.length > 0)
          .map((cell) => [cell.kind, cell.policyIds]),
      );
    expect(all.coverage.rows.map((row) => [row.memberId, row.gaps])).toEqual([
      [me, []],
      [partner, []],
    ]);
    expect(cellsOf(all, me)).toEqual({
      "health-basic": [mineHealth.id],
      liability: [liability.id],
      car: [car.id],
      travel: [travel.id],
    });
    expect(cellsOf(all, partner)).toEqual({
      "health-basic": [partnerHealth.id],
      liability: [liability.id],
      travel: [travel.id],
    });
    expect(all.coverage.rows[0]?.cells.map((cell) => cell.kind)).toEqual(all.coverage.kinds);

    // Ending the liability policy today keeps it in force today; from yesterday it leaves a gap.
    await jsonOf(await cancel(liability.id, day, family));
    expect((await overview(undefined, family)).totals.yearCents).toBe(421_159);
    await jsonOf(await cancel(liability.id, addDays(day, -1), family));
    const gap = await overview(undefined, family);
    expect(gap.coverage.rows.map((row) => [row.memberId, row.gaps])).toEqual([
      [me, ["liability"]],
      [partner, ["liability"]],
    ]);
    expect(gap.totals).toEqual({ yearCents: 413_658, monthCents: 34_472, policies: 4 });
    expect(sum(gap.perMember)).toBe(gap.totals.yearCents);
    expect(
      (await list(undefined, family)).policies.find((p) => p.id === liability.id),
    ).toMatchObject({ status: "cancelled", inForce: false });
  });

  it("changes a policy and who it covers; the status stays", async () => {
    const family = await freshHousehold("Carla Smit");
    const policy = await create(
      basic({ insured: "members", members: [{ memberId: family.memberId }] }),
      family,
    );
    const changed = await jsonOf<Policy>(
      await family.person.client.put(`/api/insurance/policies/${policy.id}`, {
        ...basic({ kind: "health-supplementary", premiumCents: 3_000, frequency: "quarterly" }),
        insured: "members",
        members: [
          { memberId: family.partnerId, shareBp: 2_500 },
          { memberId: family.memberId, shareBp: 7_500 },
        ],
      }),
    );
    expect(changed).toMatchObject({
      id: policy.id,
      kind: "health-supplementary",
      premium: { premiumCents: 3_000, yearCents: 12_000, monthCents: 1_000 },
      members: [
        { memberId: family.partnerId, shareBp: 2_500 },
        { memberId: family.memberId, shareBp: 7_500 },
      ],
      parts: [
        { memberId: family.partnerId, premiumCents: 750, yearCents: 3_000 },
        { memberId: family.memberId, premiumCents: 2_250, yearCents: 9_000 },
      ],
    });
    const ended = await jsonOf<Policy>(await cancel(policy.id, addDays(day, 10), family));
    expect(ended).toMatchObject({ status: "cancelled", inForce: true, nextRenewal: null });
    const edited = await jsonOf<Policy>(
      await family.person.client.put(`/api/insurance/policies/${policy.id}`, {
        ...basic({ insurer: "Menzis" }),
        insured: "household",
      }),
    );
    expect(edited).toMatchObject({
      insurer: "Menzis",
      status: "cancelled",
      endsOn: addDays(day, 10),
      insured: "household",
      members: [],
    });
    expect(await jsonOf<Policy>(await cancel(policy.id, addDays(day, 20), family))).toMatchObject({
      endsOn: addDays(day, 20),
    });
    expect((await remove(policy.id, family)).status).toBe(204);
    expect(
      await db()
        .select()
        .from(insurancePolicyMembers)
        .where(eq(insurancePolicyMembers.policyId, policy.id)),
    ).toEqual([]);
    expect((await family.person.client.get(`/api/insurance/policies/${policy.id}`)).status).toBe(
      404,
    );
  });

  it("shows the renewals and notice deadlines within 60 days, by date, for the scope", async () => {
    const family = await freshHousehold("Dirk Bakker");
    const inDays = (days: number) => addDays(day, days);
    // Renews in 20 days; a month's notice was due before today, so the next deadline is next
    // year's: only the renewal shows.
    const soon = await create(
      basic({ kind: "car", insurer: "Soon", renewalDate: inDays(20) }),
      family,
    );
    // Renews in 45 days with 30 days' notice: the notice deadline in 15 days, with a reminder a
    // week before it, then the renewal.
    const both = await create(
      basic({
        kind: "contents",
        insurer: "Both",
        renewalDate: inDays(45),
        noticePeriod: { value: 30, unit: "days" },
        remindDaysBefore: 7,
        insured: "members",
        members: [{ memberId: family.partnerId }],
      }),
      family,
    );
    // Renewed on this anniversary for years: the next one is in 10 days.
    const yearly = await create(
      basic({
        kind: "liability",
        insurer: "Yearly",
        startDate: yearsBefore(inDays(10), 8),
        renewalDate: yearsBefore(inDays(10), 4),
        noticePeriod: null,
      }),
      family,
    );
    // Renews in 61 days (too far), but its 40 days' notice are due in 21.
    const far = await create(
      basic({
        kind: "pet",
        insurer: "Far",
        renewalDate: inDays(61),
        noticePeriod: { value: 40, unit: "days" },
      }),
      family,
    );
    // Cancelled: it renews no more.
    const gone = await create(
      basic({ kind: "legal", insurer: "Gone", renewalDate: inDays(5) }),
      family,
    );
    await jsonOf(await cancel(gone.id, inDays(4), family));

    expect(both.notice).toEqual({
      deadline: inDays(15),
      renewalDate: inDays(45),
      remindOn: inDays(8),
    });
    expect(yearly.nextRenewal).toBe(inDays(10));
    expect(soon.notice?.deadline && soon.notice.deadline > inDays(60)).toBe(true);

    const event = (policy: Policy, kind: "notice" | "renewal", days: number, renewal: string) => ({
      policyId: policy.id,
      kind: policy.kind,
      insurer: policy.insurer,
      event: kind,
      date: inDays(days),
      renewalDate: renewal,
      daysAway: days,
    });
    expect((await overview(undefined, family)).upcoming).toEqual([
      event(yearly, "renewal", 10, inDays(10)),
      event(both, "notice", 15, inDays(45)),
      event(soon, "renewal", 20, inDays(20)),
      event(far, "notice", 21, inDays(61)),
      event(both, "renewal", 45, inDays(45)),
    ]);
    // The member is not covered by the partner's contents policy.
    expect((await overview(family.memberId, family)).upcoming.map((e) => e.policyId)).toEqual([
      yearly.id,
      soon.id,
      far.id,
    ]);
  });

  it("answers another household's ids with 404 and changes nothing", async () => {
    const policy = await create(
      basic({ insured: "members", members: [{ memberId: home.memberId }] }),
    );
    const before = await databaseFingerprint(db());
    const c = other.person.client;
    const body = { ...basic(), insured: "household" };
    const attempts: [string, Response][] = [
      ["GET policy", await c.get(`/api/insurance/policies/${policy.id}`)],
      ["PUT policy", await c.put(`/api/insurance/policies/${policy.id}`, body)],
      ["cancel policy", await cancel(policy.id, day, other)],
      ["DELETE policy", await remove(policy.id, other)],
      ["GET list of our member", await c.get(`/api/insurance/policies?member=${home.memberId}`)],
      [
        "GET overview of our member",
        await c.get(`/api/insurance/overview?member=${home.memberId}`),
      ],
      ["GET not an id", await c.get("/api/insurance/policies/not-an-id")],
      ["PUT not an id", await c.put("/api/insurance/policies/42", body)],
      ["DELETE not an id", await remove("00000000-0000-4000-8000-00000000000g", other)],
    ];
    expect(attempts.map(([what, response]) => [what, response.status])).toEqual(
      attempts.map(([what]) => [what, 404]),
    );
    expect(await errorOf(attempts[0]?.[1] ?? new Response())).toMatchObject({ code: "NOT_FOUND" });
    // Naming our people in a body is naming nobody.
    expect(
      await fieldsOf(
        await c.post("/api/insurance/policies", {
          ...basic(),
          insured: "members",
          members: [{ memberId: home.memberId }],
        }),
      ),
    ).toEqual({ "members.0.memberId": validationMessages.nl.memberUnknown });
    expect(await databaseFingerprint(db())).toEqual(before);
    expect((await list(undefined, other)).policies).toEqual([]);
    expect((await remove(policy.id)).status).toBe(204);
  });

  it("refuses Free and Premium with PLAN_REQUIRED, keeps everything after a downgrade and opens it whole again", async () => {
    const insured = await moneyHousehold(testApp, "Piet Verzekerd");
    const c = insured.person.client;
    const everyRoute = (id: string) => [
      () => c.get("/api/insurance/overview"),
      () => c.get("/api/insurance/policies"),
      () => c.post("/api/insurance/policies", basic()),
      () => c.get(`/api/insurance/policies/${id}`),
      () => c.put(`/api/insurance/policies/${id}`, { ...basic(), insured: "household" }),
      () => c.post(`/api/insurance/policies/${id}/cancel`, { endsOn: day }),
      () => c.request("DELETE", `/api/insurance/policies/${id}`),
    ];
    const refusedEverywhere = async (id: string) => {
      const before = await databaseFingerprint(db());
      const answers = [];
      for (const call of everyRoute(id)) {
        const response = await call();
        answers.push([response.status, (await errorOf(response)).code]);
      }
      expect(answers).toEqual(answers.map(() => [403, "PLAN_REQUIRED"]));
      expect(await databaseFingerprint(db())).toEqual(before);
    };
    const unknown = "00000000-0000-4000-8000-000000000000";
    await refusedEverywhere(unknown);
    await setHouseholdPlan(db(), insured.person.userId, "premium");
    await refusedEverywhere(unknown);

    await setHouseholdPlan(db(), insured.person.userId, "pro");
    const policy = await create(
      basic({ insured: "members", members: [{ memberId: insured.partnerId }] }),
      insured,
    );
    await create(basic({ kind: "liability", premiumCents: 595 }), insured);
    const whole = await list(undefined, insured);
    const wholeOverview = await overview(undefined, insured);
    for (const plan of ["free", "premium"] as const) {
      await setHouseholdPlan(db(), insured.person.userId, plan);
      await refusedEverywhere(policy.id);
    }
    const kept = await db()
      .select()
      .from(insurancePolicies)
      .where(eq(insurancePolicies.householdId, insured.householdId));
    expect(kept).toHaveLength(2);
    await setHouseholdPlan(db(), insured.person.userId, "pro");
    expect(await list(undefined, insured)).toEqual(whole);
    expect(await overview(undefined, insured)).toEqual(wholeOverview);
  });

  it("carries policies and who they cover along when their owner joins another household", async () => {
    const email = uniqueEmail("insured");
    const joiner = await moneyHousehold(testApp, "Joris Verzekerd", "en", email);
    // A household of one: the helper's partner row is not a person who could stay behind.
    await db()
      .update(members)
      .set({ invitationStatus: "removed" })
      .where(eq(members.id, joiner.partnerId));
    await setHouseholdPlan(db(), joiner.person.userId, "pro");
    const health = await create(
      basic({ insurer: "VGZ", insured: "members", members: [{ memberId: joiner.memberId }] }),
      joiner,
    );
    // The household's own contents policy covered only Joris: it stays his, not the family's.
    const contents = await create(
      basic({ kind: "contents", insurer: "Ditzo", premiumCents: 999 }),
      joiner,
    );
    // A paid plan must end before joining (decision 016): the policies stay through it.
    await setHouseholdPlan(db(), joiner.person.userId, "free");
    await jsonOf(
      await home.person.client.post("/api/send-invitation", {
        email,
        householdId: home.householdId,
      }),
    );
    const mail = await latestOutboxMail(testApp(), email);
    const token = new URL(linkIn(mail.text, "/invitation?token=")).searchParams.get("token");
    await jsonOf(
      await joiner.person.client.post("/api/accept-invitation", { invitationToken: token }),
    );
    const me = await jsonOf<{ member: { id: string } }>(await joiner.person.client.get("/api/me"));
    const joined = me.member.id;

    const moved = await db()
      .select()
      .from(insurancePolicies)
      .where(eq(insurancePolicies.householdId, home.householdId));
    expect(moved.map((row) => row.id).sort()).toEqual([health.id, contents.id].sort());
    const rows = await db()
      .select()
      .from(insurancePolicyMembers)
      .where(eq(insurancePolicyMembers.memberId, joined));
    expect(rows.map((row) => [row.policyId, row.householdId, row.shareBp]).sort()).toEqual(
      [
        [health.id, home.householdId, null],
        [contents.id, home.householdId, null],
      ].sort(),
    );
    const theirs = await list(joined);
    expect(theirs.policies.map((policy) => [policy.id, policy.insured, policy.scope])).toEqual([
      [health.id, "members", health.premium],
      [contents.id, "members", contents.premium],
    ]);
    // Anna is not covered by Joris's contents policy.
    const grid = await overview();
    const row = (memberId: string) => grid.coverage.rows.find((r) => r.memberId === memberId);
    const cell = (memberId: string, kind: string) =>
      row(memberId)?.cells.find((c) => c.kind === kind)?.policyIds;
    expect(cell(joined, "contents")).toEqual([contents.id]);
    expect(cell(home.memberId, "contents")).toEqual([]);
    expect(grid.perMember.find((entry) => entry.memberId === joined)?.yearCents).toBe(
      health.premium.yearCents + contents.premium.yearCents,
    );
  });
});
