import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { members } from "#server/db/schema/households.ts";
import {
  savingsAccounts,
  savingsAccountShares,
  savingsGoals,
  savingsMovements,
} from "#server/db/schema/savings.ts";
import {
  addEntry,
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import { addDays, addMonths, today } from "#shared/dates.ts";
import type {
  AccountDetail,
  AccountList,
  EmergencySuggestion,
  Goal,
  SavingsHistory,
} from "#shared/schemas/savings.schema.ts";
import type { DashboardFigures } from "#shared/schemas/dashboard.schema.ts";
import { monthlyNeeded } from "#shared/savings-math.ts";
import { latestOutboxMail, linkIn, uniqueEmail } from "#test/accounts.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { databaseFingerprint } from "#test/fingerprint.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";

describeOnEachDatabase("savings", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  let other: MoneyHousehold;
  const day = today();
  const month = day.slice(0, 7);
  const lastMonth = addMonths(month, -1);

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Anna de Vries");
    other = await moneyHousehold(testApp, "Olaf Stranger", "nl");
    await setHouseholdPlan(db(), home.person.userId, "premium");
    await setHouseholdPlan(db(), other.person.userId, "pro");
  });

  const open = async (body: Record<string, unknown>, who = home) =>
    jsonOf<AccountDetail>(
      await who.person.client.post("/api/savings/accounts", {
        openedOn: `${lastMonth}-01`,
        ...body,
      }),
      201,
    );
  const list = async (member?: string, who = home) =>
    jsonOf<AccountList>(
      await who.person.client.get(`/api/savings/accounts${member ? `?member=${member}` : ""}`),
    );
  const fieldsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    return (await errorOf(response)).fields ?? {};
  };

  it("answers every validation message in the caller's language", async () => {
    const post = (body: Record<string, unknown>, who = home) =>
      who.person.client.post("/api/savings/accounts", { openedOn: day, ...body });
    expect(await fieldsOf(await post({ name: " " }))).toMatchObject({
      name: "Name is required",
    });
    expect(await fieldsOf(await post({ name: "x".repeat(61) }))).toMatchObject({
      name: "The name may have at most 60 characters",
    });
    expect(await fieldsOf(await post({ name: "Rate", rateBp: 10_001 }))).toMatchObject({
      rateBp: "Enter a yearly rate from -100% to 100%, with at most two decimals",
    });
    expect(await fieldsOf(await post({ name: "Rate", rateBp: 1.5 }, other))).toMatchObject({
      rateBp: "Voer een jaarrente in van -100% tot 100%, met hoogstens twee decimalen",
    });
    expect(await fieldsOf(await post({ name: "Mine", ownerKind: "member" }))).toMatchObject({
      memberId: "Please select a household member",
    });
    expect(
      await fieldsOf(
        await post({
          name: "Shared",
          ownerKind: "shared",
          shares: [{ memberId: home.memberId, percentBp: 10_000 }],
        }),
      ),
    ).toMatchObject({ shares: "At least 2 members are needed to split" });
    expect(
      await fieldsOf(
        await post({
          name: "Shared",
          ownerKind: "shared",
          shares: [
            { memberId: home.memberId, percentBp: 5_000 },
            { memberId: home.partnerId, percentBp: 4_000 },
          ],
        }),
      ),
    ).toMatchObject({ shares: "Split percentages must add up to 100%" });
    expect(
      await fieldsOf(
        await post({
          name: "Shared",
          ownerKind: "shared",
          shares: [
            { memberId: home.memberId, percentBp: 5_000 },
            { memberId: home.memberId, percentBp: 5_000 },
          ],
        }),
      ),
    ).toMatchObject({ shares: "Each member can appear only once in a split" });
    // Someone of another household is nobody here.
    expect(
      await fieldsOf(await post({ name: "Theirs", ownerKind: "member", memberId: other.memberId })),
    ).toMatchObject({ memberId: "This person is not a member of your household" });
    expect(await fieldsOf(await post({ name: "Old", openedOn: "1899-12-31" }))).toMatchObject({
      openedOn: "Choose a date from 1900 up to and including 2099",
    });

    const account = await open({ name: "Buffer", openingBalanceCents: 10_000 });
    const move = (body: Record<string, unknown>) =>
      home.person.client.post(`/api/savings/accounts/${account.id}/movements`, {
        occurredOn: day,
        ...body,
      });
    expect(await fieldsOf(await move({ kind: "deposit", amountCents: -5 }))).toMatchObject({
      amountCents: "Amount must be positive",
    });
    expect(await fieldsOf(await move({ kind: "gift", amountCents: 5 }))).toMatchObject({
      kind: "This value is not valid.",
    });
    // 100.00 is in the account: 100.01 is not there to take, neither today nor last month.
    expect(await fieldsOf(await move({ kind: "withdrawal", amountCents: 10_001 }))).toMatchObject({
      amountCents: "There is not that much in the account on that date",
    });
    expect(
      (await move({ kind: "withdrawal", amountCents: 100, occurredOn: `${lastMonth}-01` })).status,
    ).toBe(201);
    // A withdrawal earlier than the money arrived would leave a later day below zero.
    expect(
      await fieldsOf(
        await move({
          kind: "withdrawal",
          amountCents: 9_950,
          occurredOn: `${addMonths(month, -2)}-01`,
        }),
      ),
    ).toMatchObject({ amountCents: "There is not that much in the account on that date" });
    await jsonOf(
      await home.person.client.put(`/api/savings/accounts/${account.id}`, {
        name: "Buffer",
        ownerKind: "household",
        closed: true,
      }),
    );
    expect(await fieldsOf(await move({ kind: "deposit", amountCents: 5 }))).toMatchObject({
      accountId: "This account is closed: open it again first",
    });

    const goal = (body: Record<string, unknown>) =>
      home.person.client.post("/api/savings/goals", {
        name: "Car",
        targetCents: 500_000,
        targetDate: `${Number(day.slice(0, 4)) + 2}-01-01`,
        accountIds: [account.id],
        ...body,
      });
    expect(await fieldsOf(await goal({ accountIds: [] }))).toMatchObject({
      accountIds: "Choose a savings account",
    });
    expect(await fieldsOf(await goal({ accountIds: [other.memberId] }))).toMatchObject({
      accountIds: "Choose a savings account",
    });
    expect(await fieldsOf(await goal({ targetDate: day }))).toMatchObject({
      targetDate: "Choose a target date after today",
    });
    expect(await fieldsOf(await goal({ kind: "emergency", emergencyMonths: 9 }))).toMatchObject({
      emergencyMonths: "Choose from 3 to 6 months of spending",
    });
    expect(await fieldsOf(await goal({ kind: "emergency" }))).toMatchObject({
      emergencyMonths: "Choose from 3 to 6 months of spending",
    });
    expect(await fieldsOf(await goal({ targetCents: 0 }))).toMatchObject({
      targetCents: "Amount must be positive",
    });
    await home.person.client.request("DELETE", `/api/savings/accounts/${account.id}`);
  });

  it("gives a member their share of a shared account, to the cent, and the household every part", async () => {
    const shared = await open({
      name: "Joint savings",
      institution: "ASN Bank",
      ownerKind: "shared",
      shares: [
        { memberId: home.memberId, percentBp: 6_000 },
        { memberId: home.partnerId, percentBp: 4_000 },
      ],
      rateBp: 225,
      openingBalanceCents: 100_001,
    });
    const mine = await open({
      name: "Anna's own",
      ownerKind: "member",
      memberId: home.memberId,
      openingBalanceCents: 50_000,
    });
    const joint = await open({ name: "Household buffer", openingBalanceCents: 20_000 });
    await jsonOf(
      await home.person.client.post(`/api/savings/accounts/${shared.id}/movements`, {
        kind: "interest",
        amountCents: 150,
        occurredOn: day,
      }),
      201,
    );

    const household = await list();
    // 100,001 + 150 = 100,151 shared: 60 % is 60,090.6 → 60,091 (largest remainder), 40 % 40,060.
    expect(household.totalCents).toBe(100_151 + 50_000 + 20_000);
    expect(household.householdOwnedCents).toBe(20_000);
    const parts = Object.fromEntries(household.perMember.map((p) => [p.memberId, p.balanceCents]));
    expect(parts).toEqual({ [home.memberId]: 60_091 + 50_000, [home.partnerId]: 40_060 });
    expect(
      household.perMember.reduce((sum, p) => sum + p.balanceCents, household.householdOwnedCents),
    ).toBe(household.totalCents);
    expect(household.interestThisYearCents).toBe(150);

    const anna = await list(home.memberId);
    expect(anna.accounts.map((a) => a.name)).toEqual(["Anna's own", "Joint savings"]);
    expect(anna.totalCents).toBe(60_091 + 50_000);
    expect(anna.accounts.find((a) => a.id === shared.id)).toMatchObject({
      balanceCents: 100_151,
      scopeBalanceCents: 60_091,
      interestThisYearCents: 90,
      rateBp: 225,
    });
    const partner = await list(home.partnerId);
    expect(partner.totalCents).toBe(40_060);
    expect(partner.interestThisYearCents).toBe(60);
    // The household's aggregate row (what the scope picker may hold) means the household.
    expect((await list(home.aggregateId)).totalCents).toBe(household.totalCents);

    const history = await jsonOf<SavingsHistory>(
      await home.person.client.get(`/api/savings/history?months=3&member=${home.memberId}`),
    );
    expect(history.months).toEqual([addMonths(month, -2), lastMonth, month]);
    expect(history.accounts.map((a) => [a.name, a.balances])).toEqual([
      ["Anna's own", [0, 50_000, 50_000]],
      ["Joint savings", [0, 60_001, 60_091]],
    ]);

    for (const id of [shared.id, mine.id, joint.id]) {
      await home.person.client.request("DELETE", `/api/savings/accounts/${id}`);
    }
  });

  it("shows a statement's difference and books it as a correction, once", async () => {
    // Money elsewhere, here and in another household, is no part of this account's sum.
    const beside = await open({ name: "Beside", openingBalanceCents: 7_000 });
    const theirs = await open({ name: "Theirs", openingBalanceCents: 9_000 }, other);
    const account = await open({ name: "Statement test", openingBalanceCents: 80_000 });
    const statement = await jsonOf<{ id: string; computedCents: number; differenceCents: number }>(
      await home.person.client.post(`/api/savings/accounts/${account.id}/statements`, {
        statedOn: day,
        balanceCents: 80_123,
      }),
      201,
    );
    expect(statement).toMatchObject({ computedCents: 80_000, differenceCents: 123 });
    expect((await list()).accounts.find((a) => a.id === account.id)?.lastStatement).toMatchObject({
      differenceCents: 123,
    });
    const correction = await jsonOf<{ kind: string; amountCents: number; balanceCents: number }>(
      await home.person.client.post(`/api/savings/statements/${statement.id}/book`, {}),
      201,
    );
    expect(correction).toMatchObject({
      kind: "correction",
      amountCents: 123,
      balanceCents: 80_123,
    });
    const detail = await jsonOf<AccountDetail>(
      await home.person.client.get(`/api/savings/accounts/${account.id}`),
    );
    expect(detail.balanceCents).toBe(80_123);
    expect(detail.statements[0]).toMatchObject({ differenceCents: 0, computedCents: 80_123 });
    expect(detail.movements.map((m) => [m.kind, m.amountCents, m.balanceCents])).toEqual([
      ["correction", 123, 80_123],
      ["deposit", 80_000, 80_000],
    ]);
    const again = await home.person.client.post(`/api/savings/statements/${statement.id}/book`, {});
    expect(again.status).toBe(409);
    // A second statement on the same day replaces the first.
    const replaced = await jsonOf<{ id: string; differenceCents: number }>(
      await home.person.client.post(`/api/savings/accounts/${account.id}/statements`, {
        statedOn: day,
        balanceCents: 80_000,
      }),
      201,
    );
    expect(replaced).toMatchObject({ id: statement.id, differenceCents: -123 });
    for (const id of [account.id, beside.id]) {
      await home.person.client.request("DELETE", `/api/savings/accounts/${id}`);
    }
    await other.person.client.request("DELETE", `/api/savings/accounts/${theirs.id}`);
  });

  it("never counts money put aside as spending: not in the totals, the budgets nor the dashboard", async () => {
    await addEntry(db(), home, {
      kind: "income",
      date: `${month}-01`,
      categoryId: home.incomeCategoryId,
      shares: [[home.memberId, 300_000]],
    });
    await addEntry(db(), home, {
      date: `${month}-01`,
      categoryId: home.expenseCategoryId,
      shares: [[home.memberId, 100_000]],
    });
    await jsonOf(
      await home.person.client.put("/api/budgets", {
        categoryId: home.expenseCategoryId,
        memberId: null,
        month,
        amountCents: 150_000,
      }),
    );
    const figures = async () => ({
      dashboard: (
        await jsonOf<{ figures: { current: DashboardFigures } }>(
          await home.person.client.get("/api/dashboard"),
        )
      ).figures.current,
      totals: await jsonOf(await home.person.client.get(`/api/totals?from=${month}-01&to=${day}`)),
      budgets: await jsonOf(await home.person.client.get(`/api/budgets?month=${month}`)),
      list: await jsonOf(await home.person.client.get("/api/transactions/summary")),
    });
    const before = await figures();
    expect(before.dashboard).toMatchObject({ incomeCents: 300_000, expenseCents: 100_000 });

    const account = await open({ name: "Put aside", openedOn: `${month}-01` });
    await jsonOf(
      await home.person.client.post(`/api/savings/accounts/${account.id}/movements`, {
        kind: "deposit",
        amountCents: 20_000,
        occurredOn: `${month}-01`,
        note: "from the joint money",
      }),
      201,
    );
    const after = await figures();
    expect(after).toEqual(before);
    // The savings rate already counts what was not spent, the deposit included: 2/3.
    expect(after.dashboard.savingsRateBp).toBe(6_666);
    expect((await list()).accounts.find((a) => a.id === account.id)?.balanceCents).toBe(20_000);
    await home.person.client.request("DELETE", `/api/savings/accounts/${account.id}`);
  });

  it("works out a goal from its accounts: needed a month, pace, status and emergency suggestion", async () => {
    const account = await open({
      name: "Holiday pot",
      rateBp: 300,
      openingBalanceCents: 100_000,
      openedOn: day,
    });
    const targetDate = `${addMonths(month, 24)}-${day.slice(8)}`;
    const create = (body: Record<string, unknown>) =>
      home.person.client.post("/api/savings/goals", {
        name: "Holiday",
        targetCents: 600_000,
        targetDate,
        accountIds: [account.id],
        ...body,
      });
    const needed = monthlyNeeded(100_000, 600_000, 300, 24);
    const goal = await jsonOf<Goal>(await create({}), 201);
    expect(goal).toMatchObject({
      savedCents: 100_000,
      rateBp: 300,
      months: 24,
      neededMonthlyCents: needed,
      paceMonthlyCents: needed,
      status: "on-track",
    });
    const behind = await jsonOf<Goal>(
      await create({
        plannedMonthlyCents: needed - 5_000,
        contributions: [{ memberId: home.partnerId, monthlyCents: 1_000 }],
      }),
      201,
    );
    expect(behind.status).toBe("behind");
    expect(behind.reachDate && behind.reachDate > targetDate).toBe(true);
    // Without a plan, the members' contributions are the pace.
    const contributed = await jsonOf<Goal>(
      await create({
        contributions: [
          { memberId: home.memberId, monthlyCents: 5_000 },
          { memberId: home.partnerId, monthlyCents: 5_000 },
        ],
      }),
      201,
    );
    expect(contributed).toMatchObject({ paceMonthlyCents: 10_000, status: "behind" });
    const ahead = await jsonOf<Goal>(
      await home.person.client.put(`/api/savings/goals/${contributed.id}`, {
        name: "Holiday",
        targetCents: 600_000,
        targetDate,
        accountIds: [account.id],
        plannedMonthlyCents: needed * 2,
      }),
    );
    expect(ahead.status).toBe("ahead");
    expect(ahead.contributions).toEqual([]);
    // A member sees the goals they put money towards or whose accounts they own a part of.
    const partnerGoals = await jsonOf<{ goals: Goal[] }>(
      await home.person.client.get(`/api/savings/goals?member=${home.partnerId}`),
    );
    expect(partnerGoals.goals.map((g) => g.id)).toEqual([behind.id]);

    // Twelve whole months of spending before this one: 12 × 1,000.00 and one of 2,000.00.
    for (let i = 1; i <= 12; i++) {
      await addEntry(db(), home, {
        date: `${addMonths(month, -i)}-15`,
        categoryId: home.expenseCategoryId,
        shares: [[home.partnerId, i === 3 ? 200_000 : 100_000]],
      });
    }
    // Not counted: this month, thirteen months ago, and a deposit to savings.
    await addEntry(db(), home, {
      date: `${addMonths(month, -13)}-15`,
      categoryId: home.expenseCategoryId,
      shares: [[home.partnerId, 900_000]],
    });
    const suggestion = await jsonOf<EmergencySuggestion>(
      await home.person.client.get(`/api/savings/emergency-suggestion?member=${home.partnerId}`),
    );
    expect(suggestion).toEqual({
      averageMonthlyCents: 108_333,
      months: 12,
      lowCents: 324_999,
      highCents: 649_998,
    });
    // A household that began recording two months ago averages over those two months.
    const newcomer = await moneyHousehold(testApp, "Nina Nieuw");
    await setHouseholdPlan(db(), newcomer.person.userId, "premium");
    for (const [ago, cents] of [
      [1, 150_000],
      [2, 90_000],
    ] as const) {
      await addEntry(db(), newcomer, {
        date: `${addMonths(month, -ago)}-10`,
        categoryId: newcomer.expenseCategoryId,
        shares: [[newcomer.memberId, cents]],
      });
    }
    expect(
      await jsonOf<EmergencySuggestion>(
        await newcomer.person.client.get("/api/savings/emergency-suggestion"),
      ),
    ).toEqual({ averageMonthlyCents: 120_000, months: 2, lowCents: 360_000, highCents: 720_000 });
    const emergency = await jsonOf<Goal>(
      await create({ name: "Emergency fund", kind: "emergency", emergencyMonths: 3 }),
      201,
    );
    expect(emergency).toMatchObject({ kind: "emergency", emergencyMonths: 3 });
    await home.person.client.request("DELETE", `/api/savings/accounts/${account.id}`);
    // Deleting an account takes its links, not the goals.
    const goals = await jsonOf<{ goals: Goal[] }>(
      await home.person.client.get("/api/savings/goals"),
    );
    expect(goals.goals.find((g) => g.id === goal.id)).toMatchObject({
      accountIds: [],
      savedCents: 0,
    });
    for (const g of goals.goals) {
      await home.person.client.request("DELETE", `/api/savings/goals/${g.id}`);
    }
  });

  it("keeps a rate history and reads the rate in force today: in the list, the account and its goals", async () => {
    const openedOn = `${addMonths(month, -3)}-01`;
    const changedOn = `${lastMonth}-01`;
    const tomorrow = addDays(day, 1);
    const account = await open({
      name: "Variable rate",
      rateBp: 150,
      openingBalanceCents: 100_000,
      openedOn,
    });
    expect(account.rateBp).toBe(150);
    const addRate = (body: Record<string, unknown>) =>
      home.person.client.post(`/api/savings/accounts/${account.id}/rates`, body);
    const rateNow = async () => (await list()).accounts.find((a) => a.id === account.id)?.rateBp;
    const detail = async () =>
      jsonOf<AccountDetail>(await home.person.client.get(`/api/savings/accounts/${account.id}`));

    expect(await fieldsOf(await addRate({ startsOn: "1899-12-31", rateBp: 225 }))).toMatchObject({
      startsOn: "Choose a date from 1900 up to and including 2099",
    });
    expect(await fieldsOf(await addRate({ startsOn: changedOn, rateBp: 2.5 }))).toMatchObject({
      rateBp: "Enter a yearly rate from -100% to 100%, with at most two decimals",
    });

    // 1.5 % from the opening, 2.25 % from last month, 3 % from tomorrow: today it is 2.25 %.
    const change = await jsonOf<{ id: string; startsOn: string; rateBp: number }>(
      await addRate({ startsOn: changedOn, rateBp: 225 }),
      201,
    );
    expect(change).toMatchObject({ startsOn: changedOn, rateBp: 225 });
    const future = await jsonOf<{ id: string }>(
      await addRate({ startsOn: tomorrow, rateBp: 300 }),
      201,
    );
    expect(await rateNow()).toBe(225);
    expect(await detail()).toMatchObject({
      rateBp: 225,
      rates: [
        { id: future.id, startsOn: tomorrow, rateBp: 300 },
        { id: change.id, startsOn: changedOn, rateBp: 225 },
        { startsOn: openedOn, rateBp: 150 },
      ],
    });

    // A goal on the account compounds with the rate in force today, not the first or the next.
    const targetDate = `${addMonths(month, 24)}-${day.slice(8)}`;
    const goal = await jsonOf<Goal>(
      await home.person.client.post("/api/savings/goals", {
        name: "Rate check",
        targetCents: 600_000,
        targetDate,
        accountIds: [account.id],
      }),
      201,
    );
    const needed = (rateBp: number) => monthlyNeeded(100_000, 600_000, rateBp, 24);
    expect(new Set([needed(150), needed(225), needed(300)]).size).toBe(3);
    expect(goal).toMatchObject({
      savedCents: 100_000,
      rateBp: 225,
      months: 24,
      neededMonthlyCents: needed(225),
    });

    // A second rate on the same day replaces the first: still three rates, 2.5 % today.
    const replaced = await jsonOf<{ id: string; rateBp: number }>(
      await addRate({ startsOn: changedOn, rateBp: 250 }),
      201,
    );
    expect(replaced).toMatchObject({ id: change.id, rateBp: 250 });
    expect((await detail()).rates.map((r) => r.rateBp)).toEqual([300, 250, 150]);
    expect(await rateNow()).toBe(250);
    const goals = await jsonOf<{ goals: Goal[] }>(
      await home.person.client.get("/api/savings/goals"),
    );
    expect(goals.goals.find((g) => g.id === goal.id)).toMatchObject({
      rateBp: 250,
      neededMonthlyCents: needed(250),
    });

    // Removing the change puts the opening rate back in force until tomorrow's starts.
    expect(
      (await home.person.client.request("DELETE", `/api/savings/rates/${change.id}`)).status,
    ).toBe(204);
    expect(await rateNow()).toBe(150);
    expect((await detail()).rates.map((r) => r.startsOn)).toEqual([tomorrow, openedOn]);

    await home.person.client.request("DELETE", `/api/savings/goals/${goal.id}`);
    await home.person.client.request("DELETE", `/api/savings/accounts/${account.id}`);
  });

  it("answers another household's ids with 404 and changes nothing", async () => {
    const account = await open({ name: "Private", openingBalanceCents: 5_000 });
    const statement = await jsonOf<{ id: string }>(
      await home.person.client.post(`/api/savings/accounts/${account.id}/statements`, {
        statedOn: day,
        balanceCents: 6_000,
      }),
      201,
    );
    const goal = await jsonOf<Goal>(
      await home.person.client.post("/api/savings/goals", {
        name: "Private goal",
        targetCents: 10_000,
        targetDate: `${Number(day.slice(0, 4)) + 1}-12-31`,
        accountIds: [account.id],
      }),
      201,
    );
    const [movement] = account.movements;
    const [rate] = account.rates;
    const before = await databaseFingerprint(db());
    const c = other.person.client;
    const attempts: Response[] = [
      await c.get(`/api/savings/accounts/${account.id}`),
      await c.put(`/api/savings/accounts/${account.id}`, {
        name: "Mine now",
        ownerKind: "household",
      }),
      await c.request("DELETE", `/api/savings/accounts/${account.id}`),
      await c.post(`/api/savings/accounts/${account.id}/rates`, { startsOn: day, rateBp: 5 }),
      await c.request("DELETE", `/api/savings/rates/${rate?.id}`),
      await c.post(`/api/savings/accounts/${account.id}/movements`, {
        kind: "interest",
        amountCents: 1,
        occurredOn: day,
      }),
      await c.request("DELETE", `/api/savings/movements/${movement?.id}`),
      await c.post(`/api/savings/accounts/${account.id}/statements`, {
        statedOn: day,
        balanceCents: 1,
      }),
      await c.request("DELETE", `/api/savings/statements/${statement.id}`),
      await c.post(`/api/savings/statements/${statement.id}/book`, {}),
      await c.put(`/api/savings/goals/${goal.id}`, {
        name: "Mine now",
        targetCents: 1,
        targetDate: "2090-01-01",
        accountIds: [account.id],
      }),
      await c.request("DELETE", `/api/savings/goals/${goal.id}`),
      await c.get(`/api/savings/accounts?member=${home.memberId}`),
      await c.get(`/api/savings/history?member=${home.memberId}`),
      await c.get(`/api/savings/goals?member=${home.memberId}`),
      await c.get(`/api/savings/emergency-suggestion?member=${home.memberId}`),
    ];
    expect(attempts.map((response) => response.status)).toEqual(attempts.map(() => 404));
    // A goal of their own cannot draw on our account either.
    expect(
      await fieldsOf(
        await c.post("/api/savings/goals", {
          name: "Borrowed",
          targetCents: 10_000,
          targetDate: "2090-01-01",
          accountIds: [account.id],
        }),
      ),
    ).toMatchObject({ accountIds: "Kies een spaarrekening" });
    expect(await databaseFingerprint(db())).toEqual(before);
    expect((await list(undefined, other)).accounts).toEqual([]);
    await home.person.client.request("DELETE", `/api/savings/accounts/${account.id}`);
    await home.person.client.request("DELETE", `/api/savings/goals/${goal.id}`);
  });

  it("refuses Free, keeps everything after a downgrade and opens it whole again", async () => {
    const saver = await moneyHousehold(testApp, "Piet Spaarder");
    const c = saver.person.client;
    const free = await c.get("/api/savings/accounts");
    expect(free.status).toBe(403);
    expect((await errorOf(free)).code).toBe("PLAN_REQUIRED");
    expect((await c.post("/api/savings/accounts", { name: "x", openedOn: day })).status).toBe(403);
    for (const plan of ["premium", "pro"] as const) {
      await setHouseholdPlan(db(), saver.person.userId, plan);
      expect((await c.get("/api/savings/goals")).status).toBe(200);
    }
    const account = await open({ name: "Kept", openingBalanceCents: 12_345 }, saver);
    await setHouseholdPlan(db(), saver.person.userId, "free");
    for (const path of ["/api/savings/accounts", `/api/savings/accounts/${account.id}`]) {
      expect((await errorOf(await c.get(path))).code).toBe("PLAN_REQUIRED");
    }
    const [kept] = await db()
      .select()
      .from(savingsAccounts)
      .where(eq(savingsAccounts.id, account.id));
    expect(kept?.name).toBe("Kept");
    await setHouseholdPlan(db(), saver.person.userId, "premium");
    expect((await list(undefined, saver)).totalCents).toBe(12_345);
  });

  it("carries accounts, shares, movements and goals along when their owner joins another household", async () => {
    const email = uniqueEmail("saver");
    const joiner = await moneyHousehold(testApp, "Joris Spaarder", "en", email);
    // A household of one: the helper's partner row is not a person who could stay behind.
    await db()
      .update(members)
      .set({ invitationStatus: "removed" })
      .where(eq(members.id, joiner.partnerId));
    await setHouseholdPlan(db(), joiner.person.userId, "premium");
    const account = await open({ name: "Joris's pot", openingBalanceCents: 40_000 }, joiner);
    await jsonOf(
      await joiner.person.client.post(`/api/savings/accounts/${account.id}/movements`, {
        kind: "deposit",
        amountCents: 1_000,
        occurredOn: day,
      }),
      201,
    );
    const goal = await jsonOf<Goal>(
      await joiner.person.client.post("/api/savings/goals", {
        name: "Bike",
        targetCents: 100_000,
        targetDate: "2090-01-01",
        accountIds: [account.id],
        contributions: [{ memberId: joiner.memberId, monthlyCents: 2_500 }],
      }),
      201,
    );
    // A paid plan must end before joining (decision 016): the data stays through the downgrade.
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
    const newMemberId = me.member.id;

    const [moved] = await db()
      .select()
      .from(savingsAccounts)
      .where(eq(savingsAccounts.id, account.id));
    expect(moved).toMatchObject({ householdId: home.householdId, ownerKind: "member" });
    expect(
      await db()
        .select()
        .from(savingsAccountShares)
        .where(eq(savingsAccountShares.accountId, account.id)),
    ).toMatchObject([{ memberId: newMemberId, percentBp: 10_000, householdId: home.householdId }]);
    const movements = await db()
      .select()
      .from(savingsMovements)
      .where(eq(savingsMovements.accountId, account.id));
    expect(movements.map((m) => m.householdId)).toEqual([home.householdId, home.householdId]);
    // The joint money of a household of one was the joiner's: it is now their member row.
    expect(new Set(movements.map((m) => m.sourceMemberId))).toEqual(new Set([null, newMemberId]));
    const [movedGoal] = await db().select().from(savingsGoals).where(eq(savingsGoals.id, goal.id));
    expect(movedGoal?.householdId).toBe(home.householdId);

    const joined = await list(newMemberId);
    expect(joined.accounts.map((a) => [a.name, a.scopeBalanceCents])).toEqual([
      ["Joris's pot", 41_000],
    ]);
    const goals = await jsonOf<{ goals: Goal[] }>(
      await home.person.client.get(`/api/savings/goals?member=${newMemberId}`),
    );
    expect(goals.goals).toMatchObject([
      {
        id: goal.id,
        savedCents: 41_000,
        contributions: [{ memberId: newMemberId, monthlyCents: 2_500 }],
      },
    ]);
  });
});
