import { beforeAll, expect, it } from "vitest";
import {
  addEntry,
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import type { Dashboard } from "#shared/schemas/dashboard.schema.ts";
import { outboxVerificationLink, signUpAndVerify } from "#test/accounts.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import { today } from "#shared/dates.ts";
import { comparison, currentMonth } from "./dashboard.service.ts";

type Summary = { count: number; incomeCents: number; expenseCents: number };

describeOnEachDatabase("dashboard", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  let other: MoneyHousehold;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Anna de Vries");
    other = await moneyHousehold(testApp, "Olaf Vreemd", "nl");
    const food = home.expenseCategoryId;
    const fun = home.otherExpenseCategoryId;
    const salary = home.incomeCategoryId;
    const entries: Parameters<typeof addEntry>[2][] = [
      // Across the year boundary: a split on Dec 31, personal entries on Jan 1.
      {
        date: "2030-12-31",
        categoryId: food,
        shares: [
          [home.memberId, 6_001],
          [home.partnerId, 3_999],
        ],
      },
      { date: "2031-01-01", categoryId: food, shares: [[home.partnerId, 2_500]] },
      {
        date: "2031-01-15",
        categoryId: fun,
        shares: [
          [home.memberId, 1_000],
          [home.partnerId, 234],
        ],
      },
      {
        kind: "income",
        date: "2031-01-25",
        categoryId: salary,
        shares: [[home.memberId, 300_000]],
      },
      {
        kind: "income",
        date: "2031-01-31",
        categoryId: salary,
        shares: [[home.partnerId, 250_000]],
      },
      // Across the month boundary.
      { date: "2031-02-01", categoryId: fun, shares: [[home.memberId, 777]] },
      {
        kind: "income",
        date: "2030-12-01",
        categoryId: salary,
        shares: [[home.memberId, 200_000]],
      },
      { date: "2030-03-05", categoryId: fun, shares: [[home.partnerId, 999]] },
      { date: "2030-02-28", categoryId: food, shares: [[home.memberId, 55]] },
      // Never counted: deleted, a settlement.
      { date: "2031-01-10", categoryId: food, shares: [[home.memberId, 333]], deleted: true },
      {
        kind: "settlement",
        date: "2031-01-20",
        categoryId: null,
        shares: [[home.partnerId, 5_000]],
      },
    ];
    for (const entry of entries) await addEntry(db(), home, entry);
    await addEntry(db(), other, {
      date: "2031-01-10",
      categoryId: other.expenseCategoryId,
      shares: [[other.memberId, 444]],
    });
  });

  const dashboardOf = async (query: string, who = home) =>
    jsonOf<Dashboard>(await who.person.client.get(`/api/dashboard?${query}`));
  const summaryOf = async (query: string) =>
    jsonOf<Summary>(await home.person.client.get(`/api/transactions/summary?${query}`));

  it("answers this month by default, and the figures of a month and the month before", async () => {
    const now = await dashboardOf("");
    expect(now.period).toEqual(currentMonth());
    expect(now.compared).toEqual(comparison(currentMonth(), today()).current);
    expect(now.previous).toEqual(comparison(currentMonth(), today()).previous);
    expect(now.monthly).toHaveLength(12);

    const january = await dashboardOf("from=2031-01-01&to=2031-01-31");
    expect(january.compared).toEqual({ from: "2031-01-01", to: "2031-01-31" });
    expect(january.previous).toEqual({ from: "2030-12-01", to: "2030-12-31" });
    expect(january.figures.current).toEqual({
      incomeCents: 550_000,
      expenseCents: 3_734,
      netCents: 546_266,
      savingsRateBp: 9_932,
    });
    expect(january.figures.previous).toEqual({
      incomeCents: 200_000,
      expenseCents: 10_000,
      netCents: 190_000,
      savingsRateBp: 9_500,
    });
    expect(january.spendingByCategory).toEqual([
      { categoryId: home.expenseCategoryId, totalCents: 2_500, count: 1 },
      { categoryId: home.otherExpenseCategoryId, totalCents: 1_234, count: 1 },
    ]);
    expect(january.memberSpending).toEqual([
      { memberId: home.partnerId, expenseCents: 2_734 },
      { memberId: home.memberId, expenseCents: 1_000 },
    ]);
    const partner = await dashboardOf(`from=2031-01-01&to=2031-01-31&member=${home.partnerId}`);
    expect(partner.figures.current).toEqual({
      incomeCents: 250_000,
      expenseCents: 2_734,
      netCents: 247_266,
      savingsRateBp: 9_890,
    });
    expect(partner.figures.previous.expenseCents).toBe(3_999);
    expect(partner.memberSpending).toBeNull();
    // The aggregate row means the household.
    expect(await dashboardOf(`from=2031-01-01&to=2031-01-31&member=${home.aggregateId}`)).toEqual(
      january,
    );
    // No income: no savings rate.
    const february = await dashboardOf("from=2031-02-01&to=2031-02-28");
    expect(february.figures.current).toEqual({
      incomeCents: 0,
      expenseCents: 777,
      netCents: -777,
      savingsRateBp: null,
    });
  });

  it("compares with the previous period of the same length", async () => {
    const previousOf = async (from: string, to: string) =>
      (await dashboardOf(`from=${from}&to=${to}`)).previous;
    expect(await previousOf("2030-01-01", "2030-12-31")).toEqual({
      from: "2029-01-01",
      to: "2029-12-31",
    });
    expect(await previousOf("2031-01-01", "2031-03-31")).toEqual({
      from: "2030-10-01",
      to: "2030-12-31",
    });
    expect(await previousOf("2032-03-01", "2032-03-31")).toEqual({
      from: "2032-02-01",
      to: "2032-02-29",
    });
    expect(await previousOf("2030-12-31", "2031-01-01")).toEqual({
      from: "2030-12-29",
      to: "2030-12-30",
    });
    expect(await previousOf("2031-03-10", "2031-03-20")).toEqual({
      from: "2031-02-27",
      to: "2031-03-09",
    });
    expect(await previousOf("2031-01-15", "2031-01-15")).toEqual({
      from: "2031-01-14",
      to: "2031-01-14",
    });
    // A year compared with the year before, both counted.
    const year = await dashboardOf("from=2031-01-01&to=2031-12-31");
    expect(year.figures.previous.expenseCents).toBe(10_000 + 999 + 55);
    expect(year.figures.current.expenseCents).toBe(3_734 + 777);
  });

  it("compares a period that runs up to today with the same days of the period before", async () => {
    // On 20 January: 1–20 January against 1–20 December. The salaries of the 25th and 31st
    // are not in yet, and neither is December's 31st; the whole months would say "income
    // −100 %" against December's salary and compare a third of a month with a whole one.
    const running = await dashboardOf("from=2031-01-01&to=2031-01-31&today=2031-01-20");
    expect(running.period).toEqual({ from: "2031-01-01", to: "2031-01-31" });
    expect(running.compared).toEqual({ from: "2031-01-01", to: "2031-01-20" });
    expect(running.previous).toEqual({ from: "2030-12-01", to: "2030-12-20" });
    expect(running.figures.current).toEqual({
      incomeCents: 0,
      expenseCents: 2_500 + 1_234,
      netCents: -3_734,
      savingsRateBp: null,
    });
    expect(running.figures.previous).toEqual({
      incomeCents: 200_000,
      expenseCents: 0,
      netCents: 200_000,
      savingsRateBp: 10_000,
    });
    // The rest of the board is the whole period.
    expect(running.spendingByCategory).toEqual([
      { categoryId: home.expenseCategoryId, totalCents: 2_500, count: 1 },
      { categoryId: home.otherExpenseCategoryId, totalCents: 1_234, count: 1 },
    ]);
    // A member's shares, the same days.
    const partner = await dashboardOf(
      `from=2031-01-01&to=2031-01-31&today=2031-01-20&member=${home.partnerId}`,
    );
    expect(partner.figures.current.expenseCents).toBe(2_500 + 234);
    expect(partner.figures.previous.expenseCents).toBe(0);
    // On the month's last day the month is whole: 1–31 January against 1–31 December.
    const whole = await dashboardOf("from=2031-01-01&to=2031-01-31&today=2031-01-31");
    expect(whole.compared).toEqual({ from: "2031-01-01", to: "2031-01-31" });
    expect(whole.previous).toEqual({ from: "2030-12-01", to: "2030-12-31" });
    expect(whole.figures.current.incomeCents).toBe(550_000);
    expect(whole.figures.previous.expenseCents).toBe(10_000);

    const compared = async (from: string, to: string, day: string) => {
      const board = await dashboardOf(`from=${from}&to=${to}&today=${day}`);
      return [board.compared, board.previous];
    };
    // Short months: the day where February has it, else February's last.
    expect(await compared("2031-03-01", "2031-03-31", "2031-03-15")).toEqual([
      { from: "2031-03-01", to: "2031-03-15" },
      { from: "2031-02-01", to: "2031-02-15" },
    ]);
    expect(await compared("2031-03-01", "2031-03-31", "2031-03-30")).toEqual([
      { from: "2031-03-01", to: "2031-03-30" },
      { from: "2031-02-01", to: "2031-02-28" },
    ]);
    expect(await compared("2032-03-01", "2032-03-31", "2032-03-29")).toEqual([
      { from: "2032-03-01", to: "2032-03-29" },
      { from: "2032-02-01", to: "2032-02-29" },
    ]);
    expect(await compared("2031-03-01", "2031-03-31", "2031-03-31")).toEqual([
      { from: "2031-03-01", to: "2031-03-31" },
      { from: "2031-02-01", to: "2031-02-28" },
    ]);
    // A month's last day stands for the earlier month's last: 1–30 April with 1–31 March.
    expect(await compared("2031-04-01", "2031-06-30", "2031-04-30")).toEqual([
      { from: "2031-04-01", to: "2031-04-30" },
      { from: "2031-01-01", to: "2031-01-31" },
    ]);
    // A year so far with the same days of the year before (a leap day with February's last).
    expect(await compared("2032-01-01", "2032-12-31", "2032-02-29")).toEqual([
      { from: "2032-01-01", to: "2032-02-29" },
      { from: "2031-01-01", to: "2031-02-28" },
    ]);
    // Any other period: as many days from the start of the period before.
    expect(await compared("2031-03-10", "2031-03-20", "2031-03-12")).toEqual([
      { from: "2031-03-10", to: "2031-03-12" },
      { from: "2031-02-27", to: "2031-03-01" },
    ]);
    // A period that has not begun, or is over, is compared whole.
    expect(await compared("2031-03-01", "2031-03-31", "2031-02-27")).toEqual([
      { from: "2031-03-01", to: "2031-03-31" },
      { from: "2031-02-01", to: "2031-02-28" },
    ]);
    // The person's today must be a date.
    const bad = await home.person.client.get("/api/dashboard?today=tomorrow");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({ today: "Please enter a valid date" });
  });

  it("shows 12 months ending with the period's last month, empty months as 0", async () => {
    const january = await dashboardOf("from=2031-01-01&to=2031-01-31");
    expect(january.monthly.map((row) => row.month)).toEqual([
      "2030-02",
      "2030-03",
      "2030-04",
      "2030-05",
      "2030-06",
      "2030-07",
      "2030-08",
      "2030-09",
      "2030-10",
      "2030-11",
      "2030-12",
      "2031-01",
    ]);
    const byMonth = Object.fromEntries(january.monthly.map((row) => [row.month, row]));
    expect(byMonth["2030-02"]).toEqual({ month: "2030-02", incomeCents: 0, expenseCents: 55 });
    expect(byMonth["2030-03"]).toEqual({ month: "2030-03", incomeCents: 0, expenseCents: 999 });
    expect(byMonth["2030-07"]).toEqual({ month: "2030-07", incomeCents: 0, expenseCents: 0 });
    expect(byMonth["2030-12"]).toEqual({
      month: "2030-12",
      incomeCents: 200_000,
      expenseCents: 10_000,
    });
    expect(byMonth["2031-01"]).toEqual({
      month: "2031-01",
      incomeCents: 550_000,
      expenseCents: 3_734,
    });
    // A custom period ending mid-February counts February whole in the series.
    const custom = await dashboardOf("from=2031-01-20&to=2031-02-10");
    expect(custom.monthly.at(-1)).toEqual({ month: "2031-02", incomeCents: 0, expenseCents: 777 });
    expect(custom.monthly[0]?.month).toBe("2030-03");
  });

  it("reconciles every figure with the transactions list's summary, for the household and each member", async () => {
    // [from, to, today]: the last ones run, so their figures are up to today.
    const periods = [
      ["2031-01-01", "2031-01-31", "2040-01-01"],
      ["2030-12-01", "2030-12-31", "2040-01-01"],
      ["2030-12-31", "2031-01-01", "2040-01-01"],
      ["2031-01-31", "2031-02-01", "2040-01-01"],
      ["2030-01-01", "2030-12-31", "2040-01-01"],
      ["2030-12-15", "2031-02-15", "2040-01-01"],
      ["2031-01-01", "2031-01-31", "2031-01-20"],
      ["2031-01-01", "2031-12-31", "2031-01-31"],
      ["2030-12-15", "2031-02-15", "2031-01-01"],
    ] as const;
    for (const member of [undefined, home.memberId, home.partnerId]) {
      const scope = member ? `&member=${member}` : "";
      for (const [from, to, day] of periods) {
        const board = await dashboardOf(`from=${from}&to=${to}&today=${day}${scope}`);
        const check = async (
          range: { from: string; to: string },
          figures: Dashboard["figures"]["current"],
        ) => {
          const dates = `from=${range.from}&to=${range.to}${scope}`;
          expect(figures.incomeCents).toBe((await summaryOf(`kind=income&${dates}`)).incomeCents);
          expect(figures.expenseCents).toBe(
            (await summaryOf(`kind=expense&${dates}`)).expenseCents,
          );
        };
        await check(board.compared, board.figures.current);
        await check(board.previous, board.figures.previous);
        const spent = board.spendingByCategory.reduce((total, row) => total + row.totalCents, 0);
        expect(spent).toBe(
          (await summaryOf(`kind=expense&from=${from}&to=${to}${scope}`)).expenseCents,
        );
        for (const row of board.spendingByCategory) {
          const summary = await summaryOf(
            `kind=expense&category=${row.categoryId ?? ""}&from=${from}&to=${to}${scope}`,
          );
          expect([row.totalCents, row.count]).toEqual([summary.expenseCents, summary.count]);
        }
        if (member) {
          expect(board.memberSpending).toBeNull();
        } else {
          const shares = board.memberSpending ?? [];
          expect(shares.reduce((total, row) => total + row.expenseCents, 0)).toBe(spent);
          for (const row of shares) {
            const summary = await summaryOf(
              `kind=expense&member=${row.memberId}&from=${from}&to=${to}`,
            );
            expect(row.expenseCents).toBe(summary.expenseCents);
          }
        }
      }
      const board = await dashboardOf(`from=2031-01-01&to=2031-01-31${scope}`);
      for (const row of board.monthly) {
        const last = new Date(
          Date.UTC(Number(row.month.slice(0, 4)), Number(row.month.slice(5, 7)), 0),
        )
          .toISOString()
          .slice(0, 10);
        const summary = await summaryOf(`from=${row.month}-01&to=${last}${scope}`);
        expect([row.incomeCents, row.expenseCents]).toEqual([
          summary.incomeCents,
          summary.expenseCents,
        ]);
      }
    }
  });

  it("lists the scope's latest entries and the household's first steps", async () => {
    const board = await dashboardOf("from=2031-01-01&to=2031-01-31");
    // Newest first, of any date; the deleted one never, the settlement as an entry.
    expect(board.latest.map((entry) => entry.occurredOn)).toEqual([
      "2031-02-01",
      "2031-01-31",
      "2031-01-25",
      "2031-01-20",
      "2031-01-15",
    ]);
    expect(board.latest.every((entry) => entry.memberShareCents === null)).toBe(true);
    const partner = await dashboardOf(`from=2031-01-01&to=2031-01-31&member=${home.partnerId}`);
    expect(partner.latest.map((entry) => [entry.occurredOn, entry.memberShareCents])).toEqual([
      ["2031-01-31", 250_000],
      ["2031-01-15", 234],
      ["2031-01-01", 2_500],
      ["2030-12-31", 3_999],
      ["2030-03-05", 999],
    ]);
    // A partner row exists; nothing else of the first steps is done by budgets.
    expect(board.setup).toEqual({
      hasIncome: true,
      hasExpense: true,
      hasBudget: false,
      hasPartner: true,
    });
    const theirs = await dashboardOf("from=2031-01-01&to=2031-01-31", other);
    expect(theirs.latest.map((entry) => entry.amountCents)).toEqual([444]);
    expect(theirs.setup).toEqual({
      hasIncome: false,
      hasExpense: true,
      hasBudget: false,
      hasPartner: true,
    });

    // A new household alone: nothing done yet; a pending invitation counts as a partner.
    const alone = await signUpAndVerify(testApp, {
      name: "Eva Alleen",
      verificationLink: outboxVerificationLink(testApp),
    });
    const fresh = await jsonOf<Dashboard>(await alone.client.get("/api/dashboard"));
    expect(fresh.latest).toEqual([]);
    expect(fresh.setup).toEqual({
      hasIncome: false,
      hasExpense: false,
      hasBudget: false,
      hasPartner: false,
    });
    const account = await jsonOf<{ household: { id: string } }>(await alone.client.get("/api/me"));
    await jsonOf(
      await alone.client.post("/api/send-invitation", {
        email: "partner-of-eva@example.org",
        householdId: account.household.id,
      }),
    );
    const invited = await jsonOf<Dashboard>(await alone.client.get("/api/dashboard"));
    expect(invited.setup.hasPartner).toBe(true);
  });

  it("keeps households apart and refuses bad input with translated messages", async () => {
    const theirs = await dashboardOf("from=2031-01-01&to=2031-01-31", other);
    expect(theirs.figures.current.expenseCents).toBe(444);
    expect(theirs.figures.previous.expenseCents).toBe(0);
    expect(theirs.spendingByCategory).toEqual([
      { categoryId: other.expenseCategoryId, totalCents: 444, count: 1 },
    ]);
    expect(theirs.memberSpending).toEqual([{ memberId: other.memberId, expenseCents: 444 }]);

    const get = (query: string, who = home) => who.person.client.get(`/api/dashboard?${query}`);
    expect((await get(`from=2031-01-01&to=2031-01-31&member=${other.memberId}`)).status).toBe(404);
    expect((await get(`member=${other.partnerId}`)).status).toBe(404);
    expect((await get("member=x")).status).toBe(404);

    const bad = await get("from=2031-02-30&to=2031-03-31");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({ from: "Please enter a valid date" });
    const reversed = await get("from=2031-03-31&to=2031-03-01");
    expect(reversed.status).toBe(400);
    expect((await errorOf(reversed)).fields).toEqual({
      to: "The end date must be on or after the start date",
    });
    const dutch = await get("from=2031-03-31&to=2031-03-01", other);
    expect((await errorOf(dutch)).fields).toEqual({
      to: "De einddatum moet op of na de begindatum liggen",
    });
    const garbage = await get("from=soon&to=2031-03-01", other);
    expect(garbage.status).toBe(400);
    expect((await errorOf(garbage)).fields).toEqual({ from: "Voer een geldige datum in" });
    // Signed out: 401, whatever the query.
    expect((await testApp().request("/api/dashboard?from=bad")).status).toBe(401);
    const half = await get("from=2031-03-01");
    expect(half.status).toBe(400);
    expect(Object.keys((await errorOf(half)).fields ?? {})).toEqual(["to"]);
  });
});
