import { beforeAll, expect, it } from "vitest";
import {
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import {
  box3Year,
  deemedReturnCents,
  estimateBox3,
  type Box3Wealth,
  type Box3Year,
} from "#shared/box3.ts";
import { today } from "#shared/dates.ts";
import { allocate } from "#shared/money.ts";
import type { Box3EstimateAnswer, Box3Return } from "#shared/schemas/taxes.schema.ts";
import { box3Return } from "./box3.service.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";
import { addLoan, scheduleBalanceOn, type TestLoanPart } from "./taxes-test-household.ts";

function params(year: number): Box3Year {
  const found = box3Year(year);
  if (!found) throw new Error(`no box 3 parameters for ${year}`);
  return found;
}

/** The steps of an estimate as the endpoint answers them, for the people given. */
function expectedReturn(
  wealth: Box3Wealth,
  memberIds: string[],
  year: Box3Year,
  split: number | null,
  basis?: "definitive" | "provisional",
): Box3Return {
  const estimate = estimateBox3(
    year,
    {
      ...wealth,
      partners: memberIds.length === 2,
      ...(split === null ? {} : { firstPartnerSplitBp: split }),
    },
    basis,
  );
  return box3Return(estimate, wealth, memberIds, split);
}

const sum = (a: Box3Wealth, b: Box3Wealth): Box3Wealth => ({
  bankCents: a.bankCents + b.bankCents,
  otherCents: a.otherCents + b.otherCents,
  debtsCents: a.debtsCents + b.debtsCents,
});

describeOnEachDatabase("the box 3 estimate", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  const day = today();
  const thisYear = Number(day.slice(0, 4));
  const carParts: TestLoanPart[] = [
    {
      principalCents: 2_000_000,
      startDate: "2023-05-01",
      termMonths: 60,
      repaymentType: "annuity",
      rateBp: 690,
    },
  ];
  const studyParts: TestLoanPart[] = [
    {
      principalCents: 1_234_567,
      startDate: "2022-09-01",
      termMonths: 180,
      repaymentType: "linear",
      rateBp: 256,
    },
  ];

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Anna de Vries");
    await setHouseholdPlan(db(), home.person.userId, "pro");
    const c = home.person.client;
    const post = async <T>(path: string, body: Record<string, unknown>) =>
      jsonOf<T>(await c.post(path, body), 201);
    const shared = [
      { memberId: home.memberId, percentBp: 6_000 },
      { memberId: home.partnerId, percentBp: 4_000 },
    ];
    // Savings: a shared account, Anna's own and the household's; 1 January's deposit and the
    // year's interest are no part of the wealth on 1 January.
    const joint = await post<{ id: string }>("/api/savings/accounts", {
      name: "Joint",
      ownerKind: "shared",
      shares: shared,
      openingBalanceCents: 10_000_001,
      openedOn: "2024-06-01",
    });
    await post("/api/savings/accounts", {
      name: "Anna's",
      ownerKind: "member",
      memberId: home.memberId,
      openingBalanceCents: 5_000_000,
      openedOn: "2024-01-01",
    });
    const buffer = await post<{ id: string }>("/api/savings/accounts", {
      name: "Buffer",
      openingBalanceCents: 2_000_001,
      openedOn: "2023-01-01",
    });
    await post(`/api/savings/accounts/${joint.id}/movements`, {
      kind: "deposit",
      amountCents: 99_999,
      occurredOn: "2025-01-01",
    });
    await post(`/api/savings/accounts/${joint.id}/movements`, {
      kind: "interest",
      amountCents: 12_345,
      occurredOn: "2025-12-31",
    });
    await post(`/api/savings/accounts/${buffer.id}/movements`, {
      kind: "interest",
      amountCents: 1_001,
      occurredOn: "2025-06-30",
    });

    // Investments: a portfolio shared 50/50, traded in 2025, and a household's one.
    const broker = await post<{ id: string }>("/api/investments/portfolios", {
      name: "Broker",
      ownerKind: "shared",
      shares: [
        { memberId: home.memberId, percentBp: 5_000 },
        { memberId: home.partnerId, percentBp: 5_000 },
      ],
    });
    const world = await post<{ id: string }>(`/api/investments/portfolios/${broker.id}/holdings`, {
      name: "World",
      kind: "etf",
    });
    const trade = (body: Record<string, unknown>) =>
      post(`/api/investments/holdings/${world.id}/trades`, body);
    await trade({
      kind: "buy",
      occurredOn: "2024-03-01",
      quantity: 100,
      price: 100,
      feesCents: 500,
    });
    await trade({
      kind: "buy",
      occurredOn: "2025-04-01",
      quantity: 10,
      price: 105,
      feesCents: 100,
    });
    await trade({
      kind: "sell",
      occurredOn: "2025-09-01",
      quantity: 20,
      price: 120,
      feesCents: 200,
    });
    await trade({
      kind: "dividend",
      occurredOn: "2025-06-01",
      amountCents: 20_000,
      taxCents: 3_000,
    });
    await post(`/api/investments/holdings/${world.id}/prices`, {
      pricedOn: "2024-12-31",
      price: 110,
    });
    await post(`/api/investments/holdings/${world.id}/prices`, {
      pricedOn: "2025-12-31",
      price: 125,
    });
    const family = await post<{ id: string }>("/api/investments/portfolios", { name: "Family" });
    const fund = await post<{ id: string }>(`/api/investments/portfolios/${family.id}/holdings`, {
      name: "Fund",
      kind: "fund",
    });
    await post(`/api/investments/holdings/${fund.id}/trades`, {
      kind: "buy",
      occurredOn: "2024-05-01",
      quantity: 10,
      price: 50,
    });
    await post(`/api/investments/holdings/${fund.id}/prices`, {
      pricedOn: "2024-12-31",
      price: 55.55,
    });
    await post(`/api/investments/holdings/${fund.id}/prices`, {
      pricedOn: "2025-12-31",
      price: 60,
    });

    // Loans: the partner's car loan and the household's study loan are box 3 debts; the own
    // home's mortgage is not.
    await addLoan(db(), home.householdId, {
      name: "Car",
      kind: "car",
      ownHome: false,
      shares: [{ memberId: home.partnerId, percentBp: 10_000 }],
      parts: carParts,
    });
    await addLoan(db(), home.householdId, {
      name: "Study",
      kind: "personal",
      ownHome: false,
      parts: studyParts,
    });
    await addLoan(db(), home.householdId, {
      name: "Mortgage",
      ownHome: true,
      shares: [{ memberId: home.memberId, percentBp: 10_000 }],
      parts: [
        {
          principalCents: 30_000_000,
          startDate: "2020-01-01",
          termMonths: 360,
          repaymentType: "annuity",
          rateBp: 400,
        },
      ],
    });
  });

  const estimate = async (year: number, query = "") =>
    jsonOf<Box3EstimateAnswer>(
      await home.person.client.get(`/api/taxes/years/${year}/box3${query ? `?${query}` : ""}`),
    );
  const choose = async (partnerIds: string[], firstPartnerSplitBp = 5_000) =>
    jsonOf(
      await home.person.client.put("/api/taxes/years/2025/box3-settings", {
        partnerIds,
        firstPartnerSplitBp,
      }),
    );

  /** What each person has on 1 January 2025, worked out here from what was entered. */
  function wealthOn2025(split: string[]) {
    const evenly = (cents: number) =>
      new Map(
        split.map((id, index) => [
          id,
          allocate(
            cents,
            split.map(() => 1),
          )[index] ?? 0,
        ]),
      );
    const [annaJoint = 0, partnerJoint = 0] = allocate(10_000_001, [6_000, 4_000]);
    const buffer = evenly(2_000_001);
    // 100 units at € 110.00; the fund's 10 at € 55.55, the household's.
    const [annaWorld = 0, partnerWorld = 0] = allocate(1_100_000, [5_000, 5_000]);
    const fund = evenly(55_550);
    const study = evenly(scheduleBalanceOn(studyParts, "2024-12-31"));
    const anna: Box3Wealth = {
      bankCents: annaJoint + 5_000_000 + (buffer.get(home.memberId) ?? 0),
      otherCents: annaWorld + (fund.get(home.memberId) ?? 0),
      debtsCents: study.get(home.memberId) ?? 0,
    };
    const partner: Box3Wealth = {
      bankCents: partnerJoint + (buffer.get(home.partnerId) ?? 0),
      otherCents: partnerWorld + (fund.get(home.partnerId) ?? 0),
      debtsCents: scheduleBalanceOn(carParts, "2024-12-31") + (study.get(home.partnerId) ?? 0),
    };
    return { anna, partner };
  }

  it("estimates fiscal partners with their split from 1 January's savings, investments and debts, exactly as estimateBox3", async () => {
    await choose([home.memberId, home.partnerId], 7_000);
    const answer = await estimate(2025);
    const { anna, partner } = wealthOn2025([home.memberId, home.partnerId]);
    expect(answer).toMatchObject({
      year: 2025,
      estimate: true,
      basis: "definitive",
      bases: ["definitive", "provisional"],
      wealthOn: "2025-01-01",
      wealthIsForecast: false,
      memberId: null,
      partners: { memberIds: [home.memberId, home.partnerId], firstPartnerSplitBp: 7_000 },
    });
    expect(answer.notice).toContain("estimate");
    expect(answer.parameters).toMatchObject({
      allowanceCents: 5_768_400,
      used: { bankBp: 137, otherBp: 588, debtsBp: 270 },
      definitive: { published: "2026-02-26" },
    });
    expect(answer.parameters.sources.length).toBeGreaterThan(0);
    expect(answer.people).toEqual([
      { memberId: home.memberId, name: "Anna de Vries", ...anna },
      { memberId: home.partnerId, name: "Partner of Anna de Vries", ...partner },
    ]);
    expect(answer.householdOwned).toMatchObject({
      bankCents: 2_000_001,
      otherCents: 55_550,
      debtsCents: scheduleBalanceOn(studyParts, "2024-12-31"),
      splitBetween: [home.memberId, home.partnerId],
      splitReason: "partners",
    });
    const expected = expectedReturn(
      sum(anna, partner),
      [home.memberId, home.partnerId],
      params(2025),
      7_000,
    );
    expect(answer.returns).toEqual([expected]);
    expect(expected.taxEuros).toBeGreaterThan(0);
    expect(answer.scope).toEqual({
      benefitEuros: expected.benefitEuros,
      taxEuros: expected.taxEuros,
    });

    // The provisional percentages when asked.
    const provisional = await estimate(2025, "basis=provisional");
    expect(provisional.basis).toBe("provisional");
    expect(provisional.parameters.used).toEqual({ bankBp: 144, otherBp: 588, debtsBp: 262 });
    expect(provisional.returns).toEqual([
      expectedReturn(
        sum(anna, partner),
        [home.memberId, home.partnerId],
        params(2025),
        7_000,
        "provisional",
      ),
    ]);

    // A partner's scope is the joint return, and their own part of it.
    const partnerScope = await estimate(2025, `member=${home.partnerId}`);
    expect(partnerScope.returns).toEqual([expected]);
    expect(partnerScope.scope).toEqual({
      benefitEuros: expected.people[1]?.benefitEuros,
      taxEuros: expected.people[1]?.taxEuros,
    });
  });

  it("files everyone alone without partners, the household's own split between its people", async () => {
    await choose([]);
    const answer = await estimate(2025);
    const { anna, partner } = wealthOn2025([home.memberId, home.partnerId]);
    expect(answer.partners).toBeNull();
    expect(answer.householdOwned).toMatchObject({
      splitBetween: [home.memberId, home.partnerId],
      splitReason: "people",
    });
    expect(answer.returns).toEqual([
      expectedReturn(anna, [home.memberId], params(2025), null),
      expectedReturn(partner, [home.partnerId], params(2025), null),
    ]);
    const mine = await estimate(2025, `member=${home.memberId}`);
    expect(mine.returns).toEqual([expectedReturn(anna, [home.memberId], params(2025), null)]);
    expect(mine.scope.taxEuros).toBe(mine.returns[0]?.taxEuros);
  });

  it("shows the year's real return beside the deemed one: interest booked, and what the investments earned", async () => {
    await choose([home.memberId, home.partnerId], 5_000);
    const answer = await estimate(2025);
    const { anna, partner } = wealthOn2025([home.memberId, home.partnerId]);
    const bank = anna.bankCents + partner.bankCents;
    const other = anna.otherCents + partner.otherCents;
    // In 2025: 10 bought at € 105 with € 1 fees, 20 sold at € 120 with € 2 fees, a dividend of
    // € 200 with € 30 withheld; 90 units at € 125 at the end, the fund's 10 at € 60.
    const flows = -105_100 + 239_800 + 17_000;
    expect(answer.comparison).toEqual({
      through: "2025-12-31",
      bank: {
        valueCents: bank,
        deemedReturnCents: deemedReturnCents(bank, 137),
        interestCents: 12_345 + 1_001,
      },
      other: {
        valueCents: other,
        deemedReturnCents: deemedReturnCents(other, 588),
        real: {
          startValueCents: 1_100_000 + 55_550,
          endValueCents: 1_125_000 + 60_000,
          dividendsCents: 17_000,
          moneyInCents: 17_000 - flows,
          returnCents: 1_125_000 + 60_000 - 1_155_550 + flows,
        },
      },
    });
    // A member: their shares, and their half of the household's own.
    const mine = await estimate(2025, `member=${home.memberId}`);
    const [annaInterest] = allocate(12_345, [6_000, 4_000]);
    const [annaBuffer] = allocate(1_001, [1, 1]);
    expect(mine.comparison.bank).toEqual({
      valueCents: anna.bankCents,
      deemedReturnCents: deemedReturnCents(anna.bankCents, 137),
      interestCents: (annaInterest ?? 0) + (annaBuffer ?? 0),
    });
    expect(mine.comparison.other.real).toMatchObject({
      startValueCents: 550_000 + 27_775,
      endValueCents: 562_500 + 30_000,
      dividendsCents: 8_500,
    });
  });

  it("estimates this year on its provisional percentages, says so, and refuses a year without parameters", async () => {
    const current = await estimate(thisYear);
    expect(current.basis).toBe(params(thisYear).definitive ? "definitive" : "provisional");
    expect(current.comparison.through).toBe(day);
    if (!params(thisYear).definitive) {
      expect(current.bases).toEqual(["provisional"]);
      // Asking for the definitive ones before they are published gives the provisional ones.
      expect((await estimate(thisYear, "basis=definitive")).basis).toBe("provisional");
    }
    const later = await home.person.client.get(`/api/taxes/years/${thisYear + 1}/box3`);
    if (box3Year(thisYear + 1)) {
      expect(later.status).toBe(200);
    } else {
      expect(later.status).toBe(400);
    }
    expect((await home.person.client.get("/api/taxes/years/2022/box3")).status).toBe(400);
  });
});
