import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { transactions } from "#server/db/schema/money.ts";
import { addMonths, today } from "#shared/dates.ts";
import type { InsuranceOverview, PolicyList } from "#shared/schemas/insurance.schema.ts";
import type {
  HoldingDetail,
  InvestmentsHistory,
  NetWorth,
  PortfolioList,
} from "#shared/schemas/investments.schema.ts";
import type { LoanDetail, LoanList } from "#shared/schemas/loans.schema.ts";
import type { Box3EstimateAnswer, TaxYearOverview } from "#shared/schemas/taxes.schema.ts";
import type {
  AccountDetail,
  AccountList,
  Goal,
  SavingsHistory,
} from "#shared/schemas/savings.schema.ts";
import { TestClient } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import { seedDemo, type SeedDemoResult } from "./seed-demo.ts";

describeOnEachDatabase("npm run seed:demo", (database) => {
  const testApp = useTestApp(database);

  it("makes a demo household one can sign in to and see full, and a second run adds nothing", async () => {
    const day = today();
    const result: SeedDemoResult = await seedDemo(testApp().deps, { today: day });
    if (!result.created) throw new Error("The first run made no demo account.");
    expect(result.email).toBe("demo@hearth.local");
    expect(result.counts.transactions).toBeGreaterThan(400);

    const client = new TestClient(testApp);
    const signIn = await client.post("/api/auth/sign-in/email", {
      email: result.email,
      password: result.password,
    });
    expect(signIn.status).toBe(200);
    const json = async <T>(path: string): Promise<T> => {
      const response = await client.get(path);
      if (response.status !== 200)
        throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };

    const { members } = await json<{
      members: { id: string; name: string; isHousehold: boolean }[];
    }>(`/api/households/${result.householdId}/members`);
    expect(members.filter((member) => !member.isHousehold)).toHaveLength(2);
    const personNamed = (name: string) => {
      const person = members.find((member) => member.name === name);
      if (!person) throw new Error(`${name} is not in the demo household.`);
      return person.id;
    };

    // Two years of entries up to today.
    const [year, month] = day.split("-").map(Number) as [number, number];
    const twoYearsBack = `${year - 2}-${String(month).padStart(2, "0")}-01`;
    const all = await json<{ count: number; incomeCents: number; expenseCents: number }>(
      `/api/transactions/summary?to=${day}`,
    );
    const early = await json<{ count: number }>(
      `/api/transactions/summary?from=${twoYearsBack}&to=${year - 2}-${String(month).padStart(2, "0")}-28`,
    );
    expect(early.count).toBeGreaterThan(5);
    const older = await json<{ count: number }>(`/api/transactions/summary?to=${year - 2}-01-01`);
    expect(older.count).toBe(0);
    expect(all.count).toBe(result.counts.transactions);
    expect(all.incomeCents).toBeGreaterThan(all.expenseCents);

    // The holiday allowance in the last May that has passed.
    const mayYear = month > 5 || (month === 5 && Number(day.slice(8)) >= 25) ? year : year - 1;
    const categories = await json<{ categories: { id: string; name: string }[] }>(
      "/api/categories",
    );
    const holiday = categories.categories.find((category) => category.name === "Vakantiegeld");
    if (!holiday) throw new Error("The Dutch category Vakantiegeld is missing.");
    const may = await json<{ count: number; incomeCents: number }>(
      `/api/transactions/summary?from=${mayYear}-05-01&to=${mayYear}-05-31&category=${holiday.id}`,
    );
    expect(may.count).toBe(2);
    expect(may.incomeCents).toBeGreaterThan(300_000);

    const { rules } = await json<{ rules: unknown[] }>("/api/recurring");
    expect(rules.length).toBeGreaterThanOrEqual(4);

    const { budgets } = await json<{ budgets: { state: string }[] }>(
      `/api/budgets?month=${day.slice(0, 7)}`,
    );
    expect(budgets).toHaveLength(4);
    expect(budgets.some((budget) => budget.state !== "ok")).toBe(true);
    expect(budgets.some((budget) => budget.state === "over")).toBe(true);

    const settleUp = await json<{ balances: { balanceCents: number }[] }>("/api/settle-up");
    expect(settleUp.balances.reduce((sum, balance) => sum + balance.balanceCents, 0)).toBe(0);

    // A second run finds the account and adds nothing.
    // Savings on Premium: two accounts with two years behind them, a rate change, a statement
    // with interest not booked yet, a holiday goal and an emergency fund.
    const savings = await json<AccountList>("/api/savings/accounts");
    expect(savings.accounts.map((a) => a.kind).sort()).toEqual(["fixed-term", "savings"]);
    expect(savings.totalCents).toBeGreaterThan(1_000_000);
    expect(savings.interestThisYearCents).toBeGreaterThan(0);
    const joint = savings.accounts.find((a) => a.kind === "savings");
    expect(joint?.lastStatement?.differenceCents).toBe(1_234);
    const detail = await json<AccountDetail>(`/api/savings/accounts/${joint?.id}`);
    expect(detail.rates.map((r) => r.rateBp)).toEqual([225, 150]);
    expect(detail.movements.some((m) => m.kind === "withdrawal")).toBe(true);
    expect(Math.min(...detail.movements.map((m) => m.balanceCents))).toBeGreaterThan(0);
    const history = await json<SavingsHistory>("/api/savings/history?months=25");
    expect(history.accounts.every((a) => (a.balances[1] ?? 0) > 0)).toBe(true);
    const { goals } = await json<{ goals: Goal[] }>("/api/savings/goals");
    expect(goals.map((g) => g.kind).sort()).toEqual(["custom", "emergency"]);
    expect(goals.every((g) => g.neededMonthlyCents > 0 && g.savedCents > 0)).toBe(true);

    // Investments: one portfolio shared 50/50, two ETFs (one in dollars) and a fund bought
    // monthly for two years, month-end prices up to today, two dividends and one sale.
    const invested = await json<PortfolioList>("/api/investments/portfolios");
    expect(invested.portfolios).toHaveLength(1);
    const [portfolio] = invested.portfolios;
    expect(portfolio?.owner.shares.map((share) => share.percentBp)).toEqual([5_000, 5_000]);
    expect(portfolio?.holdings.map((h) => [h.kind, h.currency]).sort()).toEqual([
      ["etf", "EUR"],
      ["etf", "USD"],
      ["fund", "EUR"],
    ]);
    for (const holding of portfolio?.holdings ?? []) {
      expect(holding.quantity).toBeGreaterThan(0);
      expect(holding.latestPrice).toMatchObject({ pricedOn: day, stale: false });
      expect(holding.valueCents).toBeGreaterThan(0);
      expect(holding.xirr).not.toBeNull();
    }
    expect(invested.totals.valueCents).toBeGreaterThan(1_000_000);
    expect(invested.totals.costCents).toBeGreaterThan(1_000_000);
    expect(invested.totals.realisedCents).not.toBe(0);
    expect(invested.totals.dividendsCents).toBeGreaterThan(0);
    expect(invested.totals.feesCents).toBeGreaterThan(0);
    expect(invested.asOf).toBe(day);
    expect(invested.allocation.byKind.map((part) => part.kind)).toEqual(["etf", "fund"]);
    expect(invested.allocation.byHolding).toHaveLength(3);
    const distributing = portfolio?.holdings.find((h) => h.dividendsCents > 0);
    const withDividends = await json<HoldingDetail>(
      `/api/investments/holdings/${distributing?.id}`,
    );
    expect(withDividends.trades.filter((t) => t.kind === "dividend")).toHaveLength(2);
    expect(withDividends.trades.filter((t) => t.kind === "buy").length).toBeGreaterThanOrEqual(24);
    expect(withDividends.prices.length).toBeGreaterThanOrEqual(25);
    const sold = portfolio?.holdings.find((h) => h.realisedCents !== 0);
    expect(sold?.currency).toBe("USD");
    expect(
      (await json<HoldingDetail>(`/api/investments/holdings/${sold?.id}`)).trades.filter(
        (t) => t.kind === "sell",
      ),
    ).toHaveLength(1);
    const invHistory = await json<InvestmentsHistory>("/api/investments/history?months=25");
    expect(invHistory.months[0]).toBe(addMonths(day.slice(0, 7), -24));
    expect(invHistory.portfolios[0]?.values.every((cents) => cents > 0)).toBe(true);
    expect(invHistory.portfolios[0]?.values.at(-1)).toBe(invested.totals.valueCents);
    expect(invHistory.costs.at(-1)).toBe(invested.totals.costCents);
    expect((invHistory.costs[12] ?? 0) > (invHistory.costs[0] ?? 0)).toBe(true);

    // Loans on Pro: the two-part mortgage (an annuity and a linear part, shared 50/50, with an
    // extra repayment), booked every month since the history starts, and Joost's car loan.
    const loans = await json<LoanList>("/api/loans");
    expect(loans.loans.map((loan) => loan.kind).sort()).toEqual(["car", "mortgage"]);
    const mortgage = loans.loans.find((loan) => loan.kind === "mortgage");
    expect(mortgage).toMatchObject({ ownHome: true, partsCount: 2, booked: true });
    const mortgageDetail = await json<LoanDetail>(`/api/loans/${mortgage?.id}`);
    expect(mortgageDetail.parts.map((part) => part.repaymentType)).toEqual(["annuity", "linear"]);
    expect(mortgageDetail.extras).toHaveLength(1);
    expect(mortgageDetail.comparison.interestSavedCents).toBeGreaterThan(0);
    const housing = categories.categories.find((category) => category.name === "Huur of hypotheek");
    const booked = await json<{ count: number; expenseCents: number }>(
      `/api/transactions/summary?to=${day}&category=${housing?.id}`,
    );
    expect(booked.count).toBeGreaterThanOrEqual(24);

    // Taxes: last year's provisional assessment in eleven paid terms, its refund and the filed
    // return; this year's terms, local taxes and the return's deadline with a reminder.
    const lastYear = await json<TaxYearOverview>(`/api/taxes/years/${year - 1}`);
    expect(lastYear.items.filter((item) => item.kind === "provisional-assessment")).toHaveLength(
      11,
    );
    expect(lastYear.items.some((item) => item.status === "received")).toBe(true);
    expect(lastYear.deadlines.map((deadline) => deadline.status)).toEqual(["done"]);
    expect(lastYear.ownHomeInterest.totalCents).toBeGreaterThan(0);
    const thisYear = await json<TaxYearOverview>(`/api/taxes/years/${year}`);
    expect(thisYear.deadlines[0]).toMatchObject({ kind: "file-return", remindDaysBefore: 14 });
    const box3 = await json<Box3EstimateAnswer>(`/api/taxes/years/${year}/box3`);
    expect(box3.partners?.memberIds).toHaveLength(2);
    expect(box3.scope.taxEuros).toBeGreaterThanOrEqual(0);

    // Insurance on Pro: basic health insurance for both (Joost with a voluntary deductible and
    // supplementary cover), the home, its contents, liability, Joost's car and travel; every
    // premium booked since the history starts, the car's renewal and notice deadline coming up,
    // and part of each health deductible used by this year's care costs.
    const sanne = personNamed("Sanne de Vries");
    const joost = personNamed("Joost Bakker");
    const policyList = await json<PolicyList>("/api/insurance/policies");
    expect(policyList.policies).toHaveLength(result.counts.policies);
    expect(policyList.policies.map((policy) => policy.kind)).toEqual([
      "health-basic",
      "health-basic",
      "health-supplementary",
      "home",
      "contents",
      "liability",
      "car",
      "travel",
    ]);
    expect(policyList.policies.every((policy) => policy.inForce)).toBe(true);
    const insurance = await json<InsuranceOverview>("/api/insurance/overview");
    expect(insurance.totals.policies).toBe(result.counts.policies);
    expect(insurance.totals.yearCents).toBe(policyList.totals.yearCents);
    expect(insurance.coverage.rows.map((row) => row.memberId).sort()).toEqual(
      [sanne, joost].sort(),
    );
    for (const row of insurance.coverage.rows) {
      expect(row.gaps).toEqual([]);
      const cell = (kind: string) => row.cells.find((one) => one.kind === kind)?.policyIds ?? [];
      expect(cell("liability")).toHaveLength(1);
      expect(cell("health-basic")).toHaveLength(1);
      expect(cell("health-supplementary")).toHaveLength(row.memberId === joost ? 1 : 0);
    }
    const deductibles = new Map(
      (insurance.healthDeductible ?? []).map((row) => [row.memberId, row]),
    );
    expect(deductibles.get(sanne)).toMatchObject({
      year,
      deductibleCents: 38_500,
      usedCents: 12_000,
      leftCents: 26_500,
    });
    expect(deductibles.get(joost)).toMatchObject({
      year,
      deductibleCents: 88_500,
      usedCents: 26_000,
      leftCents: 62_500,
    });
    const car = policyList.policies.find((policy) => policy.kind === "car");
    const soon = insurance.upcoming.filter((event) => event.daysAway <= 60);
    expect(soon.filter((event) => event.policyId === car?.id).map((event) => event.event)).toEqual([
      "notice",
      "renewal",
    ]);
    const bookings = policyList.policies.map((policy) => policy.booking);
    for (const [index, booking] of bookings.entries()) {
      expect(booking).toMatchObject({ policyId: policyList.policies[index]?.id, kind: "expense" });
    }
    const ruleIds = bookings.flatMap((booking) => (booking ? [booking.id] : []));
    const bookedEntries = await testApp()
      .deps.database.db.select({
        ruleId: transactions.recurringRuleId,
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(transactions)
      .where(and(inArray(transactions.recurringRuleId, ruleIds), isNull(transactions.deletedAt)))
      .groupBy(transactions.recurringRuleId);
    expect(bookedEntries).toHaveLength(result.counts.policies);
    const sanneHealth = policyList.policies.find(
      (policy) =>
        policy.kind === "health-basic" &&
        policy.members.some((member) => member.memberId === sanne),
    );
    expect(sanneHealth?.insurer).toBe("Zilveren Kruis");
    expect(
      bookedEntries.find((row) => row.ruleId === sanneHealth?.booking?.id)?.count,
    ).toBeGreaterThanOrEqual(24);

    // Net worth: the savings and the portfolio less the loans, month by month for the two years.
    const worth = await json<NetWorth>("/api/net-worth");
    expect(worth.today).toEqual({
      savingsCents: savings.totalCents,
      investmentsCents: invested.totals.valueCents,
      debtsCents: loans.totals.balanceCents,
      netWorthCents: savings.totalCents + invested.totals.valueCents - loans.totals.balanceCents,
    });
    // From the mortgage's first month (40 months back); savings and the portfolio the last 25.
    expect(worth.months).toHaveLength(41);
    expect(worth.months.every((row) => row.debtsCents > 0)).toBe(true);
    expect(
      worth.months.slice(-25).every((row) => row.savingsCents > 0 && row.investmentsCents > 0),
    ).toBe(true);
    expect(worth.months.at(-1)).toEqual({ month: day.slice(0, 7), ...worth.today });

    const again = await seedDemo(testApp().deps, { today: day });
    expect(again.created).toBe(false);
    const after = await json<{ count: number }>(`/api/transactions/summary?to=${day}`);
    expect(after.count).toBe(all.count);
  });

  it("settles what is owed at the end of every quarter, so only what came since is open", async () => {
    const day = today();
    const result = await seedDemo(testApp().deps, {
      today: day,
      email: "quarters@hearth.local",
      password: "quarters-settle-up-2026",
    });
    if (!result.created) throw new Error("The run made no demo account.");
    const client = new TestClient(testApp);
    const signIn = await client.post("/api/auth/sign-in/email", {
      email: result.email,
      password: result.password,
    });
    expect(signIn.status).toBe(200);
    type SettleUpAnswer = {
      balances: { memberId: string; balanceCents: number }[];
      payments: { amountCents: number }[];
    };
    const settleUp = async (): Promise<SettleUpAnswer> => {
      const response = await client.get("/api/settle-up");
      expect(response.status).toBe(200);
      return (await response.json()) as SettleUpAnswer;
    };

    const { db } = testApp().deps.database;
    const settlements = await db
      .select({ occurredOn: transactions.occurredOn, amountCents: transactions.amountCents })
      .from(transactions)
      .where(
        and(
          eq(transactions.householdId, result.householdId),
          eq(transactions.kind, "settlement"),
          isNull(transactions.deletedAt),
        ),
      )
      .orderBy(desc(transactions.occurredOn));
    // Two years: one settling-up day at the end of each quarter, on the 28th.
    const days = [...new Set(settlements.map((row) => row.occurredOn))];
    expect(days.length).toBeGreaterThanOrEqual(7);
    for (const settled of days) {
      expect(Number(settled.slice(5, 7)) % 3).toBe(0);
      expect(settled.slice(8)).toBe("28");
    }
    // What was owed each time, not one fixed amount.
    expect(new Set(settlements.map((row) => row.amountCents)).size).toBeGreaterThan(1);

    // Something is open today (what came after the last settling-up day) ...
    const open = await settleUp();
    expect(open.balances).toHaveLength(2);
    // ... and nothing was left open by any settlement: without the entries after a settling-up
    // day, quarter by quarter going back, the settle-up finds everyone even.
    for (const settled of days) {
      await db
        .update(transactions)
        .set({ deletedAt: new Date() })
        .where(
          and(
            eq(transactions.householdId, result.householdId),
            gt(transactions.occurredOn, settled),
            isNull(transactions.deletedAt),
          ),
        );
      const then = await settleUp();
      expect(then.payments, `owed after settling up on ${settled}`).toEqual([]);
      expect(then.balances.map((balance) => balance.balanceCents)).toEqual([0, 0]);
    }
  });
});
