import { eq, inArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { members } from "#server/db/schema/households.ts";
import {
  holdingPrices,
  holdings,
  investmentTrades,
  portfolios,
  portfolioShares,
} from "#server/db/schema/investments.ts";
import {
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import { addMonths, today } from "#shared/dates.ts";
import type {
  HoldingDetail,
  InvestmentsHistory,
  NetWorth,
  PortfolioList,
  PortfolioSummary,
  Price,
  Trade,
} from "#shared/schemas/investments.schema.ts";
import type { LoanDetail, LoanList } from "#shared/schemas/loans.schema.ts";
import type { AccountDetail, AccountList } from "#shared/schemas/savings.schema.ts";
import { latestOutboxMail, linkIn, uniqueEmail } from "#test/accounts.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { databaseFingerprint } from "#test/fingerprint.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";

describeOnEachDatabase("investments", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  let other: MoneyHousehold;
  const day = today();
  const month = day.slice(0, 7);
  /** A day in an earlier month, never later than today whatever today is. */
  const monthsAgo = (count: number, dayOfMonth = "15") =>
    `${addMonths(month, -count)}-${dayOfMonth}`;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Anna de Vries");
    other = await moneyHousehold(testApp, "Olaf Stranger", "nl");
    await setHouseholdPlan(db(), home.person.userId, "premium");
    await setHouseholdPlan(db(), other.person.userId, "pro");
  });

  const openPortfolio = async (body: Record<string, unknown>, who = home) =>
    jsonOf<PortfolioSummary>(
      await who.person.client.post("/api/investments/portfolios", body),
      201,
    );
  const addHolding = async (portfolioId: string, body: Record<string, unknown>, who = home) =>
    jsonOf<HoldingDetail>(
      await who.person.client.post(`/api/investments/portfolios/${portfolioId}/holdings`, body),
      201,
    );
  const trade = (holdingId: string, body: Record<string, unknown>, who = home) =>
    who.person.client.post(`/api/investments/holdings/${holdingId}/trades`, body);
  const book = async (holdingId: string, body: Record<string, unknown>, who = home) =>
    jsonOf<Trade>(await trade(holdingId, body, who), 201);
  const price = async (holdingId: string, body: Record<string, unknown>, who = home) =>
    jsonOf<Price>(
      await who.person.client.post(`/api/investments/holdings/${holdingId}/prices`, body),
      201,
    );
  const list = async (member?: string, who = home) =>
    jsonOf<PortfolioList>(
      await who.person.client.get(
        `/api/investments/portfolios${member ? `?member=${member}` : ""}`,
      ),
    );
  const detail = async (holdingId: string, member?: string, who = home) =>
    jsonOf<HoldingDetail>(
      await who.person.client.get(
        `/api/investments/holdings/${holdingId}${member ? `?member=${member}` : ""}`,
      ),
    );
  const remove = (path: string, who = home) => who.person.client.request("DELETE", path);
  const fieldsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    return (await errorOf(response)).fields ?? {};
  };

  it("answers every validation message in the caller's language", async () => {
    const post = (body: Record<string, unknown>, who = home) =>
      who.person.client.post("/api/investments/portfolios", body);
    expect(await fieldsOf(await post({ name: " " }))).toMatchObject({ name: "Name is required" });
    expect(await fieldsOf(await post({ name: "x".repeat(61) }))).toMatchObject({
      name: "The name may have at most 60 characters",
    });
    expect(await fieldsOf(await post({ name: " " }, other))).toMatchObject({
      name: "Naam is verplicht",
    });
    expect(await fieldsOf(await post({ name: "Mine", ownerKind: "member" }))).toMatchObject({
      memberId: "Please select a household member",
    });
    expect(
      await fieldsOf(await post({ name: "Theirs", ownerKind: "member", memberId: other.memberId })),
    ).toMatchObject({ memberId: "This person is not a member of your household" });

    const portfolio = await openPortfolio({ name: "Broker", broker: "DEGIRO" });
    const holdingPath = `/api/investments/portfolios/${portfolio.id}/holdings`;
    const holding = (body: Record<string, unknown>, who = home) =>
      who.person.client.post(holdingPath, { name: "World", ...body });
    // The last digit of Vanguard FTSE All-World's ISIN is its check digit: 0, not 1.
    expect(await fieldsOf(await holding({ isin: "IE00BK5BQT81" }))).toMatchObject({
      isin: "An ISIN is 2 letters, 9 letters or digits and a check digit (NL0011683594)",
    });
    expect(await fieldsOf(await holding({ isin: "IE00BK5BQT8" }))).toMatchObject({
      isin: "An ISIN is 2 letters, 9 letters or digits and a check digit (NL0011683594)",
    });
    expect(await fieldsOf(await holding({ currency: "EURO" }))).toMatchObject({
      currency: "Enter a currency as three letters, such as EUR or USD",
    });
    expect(await fieldsOf(await holding({ name: "", kind: "tulips" }))).toMatchObject({
      name: "Name is required",
      kind: "This value is not valid.",
    });
    // Written in lower case with spaces around, an ISIN and a currency are still theirs.
    const world = await addHolding(portfolio.id, {
      name: "Vanguard FTSE All-World",
      isin: " ie00bk5bqt80 ",
      currency: "usd",
    });
    expect(world).toMatchObject({ isin: "IE00BK5BQT80", currency: "USD", kind: "etf" });

    const buy = { kind: "buy", occurredOn: monthsAgo(2), quantity: 10, price: 100 };
    expect(await fieldsOf(await trade(world.id, { ...buy, quantity: 0 }))).toMatchObject({
      quantity: "Enter a number of units above 0",
    });
    expect(await fieldsOf(await trade(world.id, { ...buy, quantity: undefined }))).toMatchObject({
      quantity: "Enter a number of units above 0",
    });
    expect(await fieldsOf(await trade(world.id, { ...buy, price: -1 }))).toMatchObject({
      price: "Enter a price of 0 or more",
    });
    expect(await fieldsOf(await trade(world.id, { ...buy, fxRate: 0 }))).toMatchObject({
      fxRate: "Enter the exchange rate in euros per unit of the currency, above 0",
    });
    expect(await fieldsOf(await trade(world.id, { ...buy, fxRate: -1 }, other))).toMatchObject({
      fxRate: "Voer de wisselkoers in euro per eenheid van de valuta in, boven 0",
    });
    // An amount too large to be money (10¹² units at 10¹² each) is refused, not stored.
    expect(
      await fieldsOf(await trade(world.id, { ...buy, quantity: 1e12, price: 1e12 })),
    ).toMatchObject({ price: "Please enter a valid amount" });
    expect(
      await fieldsOf(await trade(world.id, { kind: "split", occurredOn: day, ratio: 0 })),
    ).toMatchObject({ ratio: "Enter how many new units each unit becomes, such as 2 or 0.5" });
    expect(
      await fieldsOf(
        await trade(world.id, {
          kind: "dividend",
          occurredOn: day,
          amountCents: 1_000,
          taxCents: 1_001,
        }),
      ),
    ).toMatchObject({ taxCents: "The tax withheld cannot be more than the dividend" });
    expect(
      await fieldsOf(await trade(world.id, { kind: "dividend", occurredOn: day, amountCents: 0 })),
    ).toMatchObject({ amountCents: "Amount must be positive" });
    expect(
      await fieldsOf(await trade(world.id, { ...buy, occurredOn: "1899-12-31" })),
    ).toMatchObject({ occurredOn: "Choose a date from 1900 up to and including 2099" });
    expect(await fieldsOf(await trade(world.id, { ...buy, kind: "gift" }))).toMatchObject({
      kind: "This value is not valid.",
    });

    // Nothing is held: nothing can be sold, in either language.
    const sell = { kind: "sell", occurredOn: monthsAgo(1), quantity: 4, price: 110 };
    const refused = await trade(world.id, sell);
    expect(await errorOf(refused.clone())).toMatchObject({ code: "VALIDATION" });
    expect(await fieldsOf(refused)).toEqual({
      quantity: "There are not that many units held on that date",
    });
    const bought = await book(world.id, buy);
    // USD at 1 euro a dollar unless told otherwise: 10 × 100 = €1,000.00.
    expect(bought).toMatchObject({ amountCents: 100_000, fxRate: 1, feesCents: 0 });
    await book(world.id, sell);
    // 6 are left; 7 more is too many today, and so is a sell before the buy.
    expect(
      await fieldsOf(await trade(world.id, { ...sell, quantity: 7, occurredOn: day })),
    ).toEqual({
      quantity: "There are not that many units held on that date",
    });
    expect(
      await fieldsOf(
        await trade(world.id, { ...sell, quantity: 1, occurredOn: monthsAgo(3) }, home),
      ),
    ).toEqual({ quantity: "There are not that many units held on that date" });
    // Moving out more than is held, or a reverse split that leaves a later sell short, likewise.
    expect(
      await fieldsOf(
        await trade(world.id, { kind: "transfer-out", occurredOn: day, quantity: 6.5 }),
      ),
    ).toEqual({ quantity: "There are not that many units held on that date" });
    expect(
      await fieldsOf(
        await trade(world.id, { kind: "split", occurredOn: monthsAgo(2, "20"), ratio: 0.1 }),
      ),
    ).toEqual({ quantity: "There are not that many units held on that date" });

    // The buy the later sell needs cannot go: 409 in the caller's language, and it stays.
    const conflict = await remove(`/api/investments/trades/${bought.id}`);
    expect(conflict.status).toBe(409);
    expect(await errorOf(conflict)).toMatchObject({
      code: "CONFLICT",
      message:
        "This trade cannot go: a later sell would then sell more units than are held. Remove that sell first.",
    });
    expect((await detail(world.id)).trades.map((t) => [t.kind, t.quantity])).toEqual([
      ["sell", 4],
      ["buy", 10],
    ]);

    const pricePath = `/api/investments/holdings/${world.id}/prices`;
    expect(
      await fieldsOf(await home.person.client.post(pricePath, { pricedOn: day, price: -0.01 })),
    ).toMatchObject({ price: "Enter a price of 0 or more" });
    expect(
      await fieldsOf(
        await home.person.client.post(pricePath, { pricedOn: day, price: 10, fxRate: 0 }),
      ),
    ).toMatchObject({
      fxRate: "Enter the exchange rate in euros per unit of the currency, above 0",
    });
    expect(
      await fieldsOf(
        await home.person.client.post(pricePath, { pricedOn: "2100-01-01", price: 1 }),
      ),
    ).toMatchObject({ pricedOn: "Choose a date from 1900 up to and including 2099" });
    expect((await remove(`/api/investments/portfolios/${portfolio.id}`)).status).toBe(204);
  });

  it("buy 10 at 100 with €5 fees, price 120: value 1,200.00, cost 1,005.00, unrealised 195.00", async () => {
    const portfolio = await openPortfolio({ name: "Worked example" });
    const holding = await addHolding(portfolio.id, { name: "Example ETF", kind: "etf" });
    const bought = await book(holding.id, {
      kind: "buy",
      occurredOn: monthsAgo(12, "01"),
      quantity: 10,
      price: 100,
      feesCents: 500,
    });
    expect(bought).toMatchObject({ amountCents: 100_000, feesCents: 500 });
    const entered = await price(holding.id, { pricedOn: day, price: 120 });
    // A second price on the same day replaces the first (same row).
    expect(await price(holding.id, { pricedOn: day, price: 120 })).toEqual(entered);

    const shown = await detail(holding.id);
    expect(shown).toMatchObject({
      quantity: 10,
      valueCents: 120_000,
      costCents: 100_500,
      unrealisedCents: 19_500,
      realisedCents: 0,
      feesCents: 500,
      latestPrice: { price: 120, pricedOn: day, stale: false },
      portfolioName: "Worked example",
      prices: [{ id: entered.id, pricedOn: day, price: 120, fxRate: 1 }],
    });
    expect(shown.unrealisedPercent).toBeCloseTo(19.402985, 5);
    // Money went in a year ago and the value is there today: a yearly return exists.
    expect(shown.xirr).toEqual(expect.any(Number));
    expect(shown.xirr).toBeGreaterThan(0.15);
    const listed = await list();
    const summary = listed.portfolios.find((p) => p.id === portfolio.id);
    expect(summary?.totals).toMatchObject({
      valueCents: 120_000,
      costCents: 100_500,
      unrealisedCents: 19_500,
      xirr: shown.xirr,
    });
    expect(listed.asOf).toBe(day);
    expect(listed.allocation.byKind).toEqual([{ kind: "etf", valueCents: 120_000 }]);
    // A price from before the months asked for still counts for them, until a newer one.
    await price(holding.id, { pricedOn: monthsAgo(6), price: 110 });
    const history = await jsonOf<InvestmentsHistory>(
      await home.person.client.get("/api/investments/history?months=3"),
    );
    expect(history.portfolios.find((p) => p.id === portfolio.id)?.values).toEqual([
      110_000, 110_000, 120_000,
    ]);
    expect(history.costs).toEqual([100_500, 100_500, 100_500]);

    // A dividend (after tax) and a sale at 130: realised (4 × 130 − 5) − 4/10 × 1,005 = 113.00.
    await book(holding.id, {
      kind: "dividend",
      occurredOn: monthsAgo(6),
      amountCents: 2_000,
      taxCents: 300,
    });
    await book(holding.id, {
      kind: "sell",
      occurredOn: day,
      quantity: 4,
      price: 130,
      feesCents: 500,
    });
    // The sale's price is today's as is the entered one: the entered one wins the tie.
    expect(await detail(holding.id)).toMatchObject({
      quantity: 6,
      valueCents: 72_000,
      costCents: 60_300,
      realisedCents: 11_300,
      dividendsCents: 1_700,
      feesCents: 1_000,
    });

    // Only money put in, no value yet (no units): no return to give.
    const fresh = await addHolding(portfolio.id, { name: "Unpriced" });
    expect((await detail(fresh.id)).xirr).toBeNull();
    expect((await remove(`/api/investments/holdings/${fresh.id}`)).status).toBe(204);
    expect((await remove(`/api/investments/portfolios/${portfolio.id}`)).status).toBe(204);
    expect(
      await db().select().from(investmentTrades).where(eq(investmentTrades.holdingId, holding.id)),
    ).toEqual([]);
  });

  it("gives a member their part of a shared portfolio and hides what is not theirs", async () => {
    const shared = await openPortfolio({
      name: "Joint broker",
      ownerKind: "shared",
      shares: [
        { memberId: home.memberId, percentBp: 6_000 },
        { memberId: home.partnerId, percentBp: 4_000 },
      ],
    });
    const mine = await openPortfolio({
      name: "Anna's pension",
      ownerKind: "member",
      memberId: home.memberId,
    });
    const world = await addHolding(shared.id, { name: "World", isin: "IE00BK5BQT80" });
    const emerging = await addHolding(mine.id, { name: "EM", isin: "IE00BKM4GZ66" });
    // €1,000.01 + €5.00 fees in the shared one, €500.00 in Anna's own.
    await book(world.id, {
      kind: "buy",
      occurredOn: monthsAgo(2),
      quantity: 7,
      price: 142.858571,
      feesCents: 500,
    });
    await book(emerging.id, { kind: "buy", occurredOn: monthsAgo(2), quantity: 20, price: 25 });
    // Last month 7 × 150 = €1,050.00; today 7 × 157.15 = €1,100.05 and 20 × 27.5 = €550.00.
    await price(world.id, { pricedOn: monthsAgo(1, "10"), price: 145 });
    await price(world.id, { pricedOn: monthsAgo(1, "20"), price: 150 });
    await price(world.id, { pricedOn: day, price: 157.15 });
    await price(emerging.id, { pricedOn: day, price: 27.5 });

    const all = await list();
    const joint = all.portfolios.find((p) => p.id === shared.id);
    expect(joint?.totals).toMatchObject({ valueCents: 110_005, costCents: 100_501 });
    expect(all.totals).toMatchObject({ valueCents: 110_005 + 55_000, costCents: 100_501 + 50_000 });

    // Anna: 60 % of the shared one (660.03 of value, 603.01 of cost) and all of her own.
    const anna = await list(home.memberId);
    expect(anna.portfolios.map((p) => p.name)).toEqual(["Anna's pension", "Joint broker"]);
    expect(anna.portfolios.find((p) => p.id === shared.id)?.totals).toMatchObject({
      valueCents: 66_003,
      costCents: 60_301,
      unrealisedCents: 5_702,
    });
    expect(anna.totals).toMatchObject({
      valueCents: 66_003 + 55_000,
      costCents: 60_301 + 50_000,
      unrealisedCents: 5_702 + 5_000,
    });
    // The whole holding's units are shown; the money is her part.
    expect(await detail(world.id, home.memberId)).toMatchObject({
      quantity: 7,
      valueCents: 66_003,
      costCents: 60_301,
      feesCents: 300,
    });
    // Her partner: 40 % of the shared one; Anna's own portfolio is no part of their view.
    const partner = await list(home.partnerId);
    expect(partner.portfolios.map((p) => p.id)).toEqual([shared.id]);
    expect(partner.totals).toMatchObject({ valueCents: 44_002, costCents: 40_200 });
    expect(partner.allocation.byHolding).toEqual([
      { id: world.id, name: "World", valueCents: 44_002 },
    ]);
    // The household's aggregate row (what the scope picker may hold) means the household.
    expect((await list(home.aggregateId)).totals).toEqual(all.totals);

    const history = await jsonOf<InvestmentsHistory>(
      await home.person.client.get(`/api/investments/history?months=3&member=${home.partnerId}`),
    );
    expect(history.months).toEqual([addMonths(month, -2), addMonths(month, -1), month]);
    // Two months ago at the buy's price (1,000.01: 40 % is 400.00), then each month's last price.
    expect(history.portfolios).toEqual([
      { id: shared.id, name: "Joint broker", values: [40_000, 42_000, 44_002] },
    ]);
    expect(history.costs).toEqual([40_200, 40_200, 40_200]);

    for (const id of [shared.id, mine.id]) {
      expect((await remove(`/api/investments/portfolios/${id}`)).status).toBe(204);
    }
  });

  it("answers another household's ids with 404 and changes nothing", async () => {
    const portfolio = await openPortfolio({ name: "Private" });
    const holding = await addHolding(portfolio.id, { name: "Private ETF" });
    const bought = await book(holding.id, {
      kind: "buy",
      occurredOn: monthsAgo(1),
      quantity: 3,
      price: 50,
    });
    const entered = await price(holding.id, { pricedOn: day, price: 55 });
    const theirs = await openPortfolio({ name: "Theirs" }, other);
    const theirHolding = await addHolding(theirs.id, { name: "Their ETF" }, other);

    const before = await databaseFingerprint(db());
    const c = other.person.client;
    const buy = { kind: "buy", occurredOn: day, quantity: 1, price: 1 };
    const attempts: [string, Response][] = [
      [
        "PUT portfolio",
        await c.put(`/api/investments/portfolios/${portfolio.id}`, {
          name: "Mine now",
          ownerKind: "household",
        }),
      ],
      [
        "DELETE portfolio",
        await c.request("DELETE", `/api/investments/portfolios/${portfolio.id}`),
      ],
      [
        "POST holding",
        await c.post(`/api/investments/portfolios/${portfolio.id}/holdings`, { name: "x" }),
      ],
      ["GET holding", await c.get(`/api/investments/holdings/${holding.id}`)],
      ["PUT holding", await c.put(`/api/investments/holdings/${holding.id}`, { name: "x" })],
      ["DELETE holding", await c.request("DELETE", `/api/investments/holdings/${holding.id}`)],
      ["POST trade", await c.post(`/api/investments/holdings/${holding.id}/trades`, buy)],
      ["DELETE trade", await c.request("DELETE", `/api/investments/trades/${bought.id}`)],
      [
        "POST price",
        await c.post(`/api/investments/holdings/${holding.id}/prices`, { pricedOn: day, price: 1 }),
      ],
      ["DELETE price", await c.request("DELETE", `/api/investments/prices/${entered.id}`)],
      ["GET portfolios", await c.get(`/api/investments/portfolios?member=${home.memberId}`)],
      ["GET history", await c.get(`/api/investments/history?member=${home.memberId}`)],
      [
        "GET own holding",
        await c.get(`/api/investments/holdings/${theirHolding.id}?member=${home.memberId}`),
      ],
      ["GET net worth", await c.get(`/api/net-worth?member=${home.memberId}`)],
      // Not an id at all answers like a foreign one.
      ["GET not an id", await c.get("/api/investments/holdings/not-an-id")],
    ];
    expect(attempts.map(([what, response]) => [what, response.status])).toEqual(
      attempts.map(([what]) => [what, 404]),
    );
    expect(await errorOf(attempts[0]?.[1] ?? new Response())).toMatchObject({
      code: "NOT_FOUND",
    });
    // A portfolio of their own cannot be given to one of our people either.
    expect(
      await fieldsOf(
        await c.post("/api/investments/portfolios", {
          name: "Borrowed",
          ownerKind: "member",
          memberId: home.memberId,
        }),
      ),
    ).toMatchObject({ memberId: "Deze persoon is geen lid van je huishouden" });
    expect(await databaseFingerprint(db())).toEqual(before);
    expect((await list(undefined, other)).portfolios.map((p) => p.id)).toEqual([theirs.id]);
    await remove(`/api/investments/portfolios/${portfolio.id}`);
    await remove(`/api/investments/portfolios/${theirs.id}`, other);
  });

  it("refuses Free on every route, keeps everything after a downgrade and opens it whole again", async () => {
    const investor = await moneyHousehold(testApp, "Piet Belegger");
    const c = investor.person.client;
    const id = "00000000-0000-4000-8000-000000000000";
    const everyRoute = (ids: {
      portfolio: string;
      holding: string;
      trade: string;
      price: string;
    }) =>
      [
        () => c.get("/api/investments/portfolios"),
        () => c.post("/api/investments/portfolios", { name: "x" }),
        () =>
          c.put(`/api/investments/portfolios/${ids.portfolio}`, {
            name: "x",
            ownerKind: "household",
          }),
        () => c.request("DELETE", `/api/investments/portfolios/${ids.portfolio}`),
        () => c.post(`/api/investments/portfolios/${ids.portfolio}/holdings`, { name: "x" }),
        () => c.get(`/api/investments/holdings/${ids.holding}`),
        () => c.put(`/api/investments/holdings/${ids.holding}`, { name: "x" }),
        () => c.request("DELETE", `/api/investments/holdings/${ids.holding}`),
        () =>
          c.post(`/api/investments/holdings/${ids.holding}/trades`, {
            kind: "fee",
            occurredOn: day,
            amountCents: 1,
          }),
        () => c.request("DELETE", `/api/investments/trades/${ids.trade}`),
        () =>
          c.post(`/api/investments/holdings/${ids.holding}/prices`, { pricedOn: day, price: 1 }),
        () => c.request("DELETE", `/api/investments/prices/${ids.price}`),
        () => c.get("/api/investments/history"),
        () => c.get("/api/net-worth"),
      ] as const;
    const refusedEverywhere = async (ids: Parameters<typeof everyRoute>[0]) => {
      const before = await databaseFingerprint(db());
      const answers = [];
      for (const call of everyRoute(ids)) {
        const response = await call();
        answers.push([response.status, (await errorOf(response)).code]);
      }
      expect(answers).toEqual(answers.map(() => [403, "PLAN_REQUIRED"]));
      expect(await databaseFingerprint(db())).toEqual(before);
    };
    await refusedEverywhere({ portfolio: id, holding: id, trade: id, price: id });

    for (const plan of ["premium", "pro"] as const) {
      await setHouseholdPlan(db(), investor.person.userId, plan);
      expect((await c.get("/api/investments/portfolios")).status).toBe(200);
      expect((await c.get("/api/investments/history")).status).toBe(200);
      expect(await jsonOf<NetWorth>(await c.get("/api/net-worth"))).toEqual({
        today: { savingsCents: 0, investmentsCents: 0, debtsCents: 0, netWorthCents: 0 },
        months: [],
        // Debts are the loans area's (Pro): on Premium they are locked.
        debtsLocked: plan === "premium",
      });
    }
    const portfolio = await openPortfolio({ name: "Kept" }, investor);
    const holding = await addHolding(portfolio.id, { name: "Kept ETF" }, investor);
    const bought = await book(
      holding.id,
      { kind: "buy", occurredOn: monthsAgo(1), quantity: 5, price: 20 },
      investor,
    );
    const entered = await price(holding.id, { pricedOn: day, price: 24.69 }, investor);
    const whole = await list(undefined, investor);
    expect(whole.totals.valueCents).toBe(12_345);

    await setHouseholdPlan(db(), investor.person.userId, "free");
    await refusedEverywhere({
      portfolio: portfolio.id,
      holding: holding.id,
      trade: bought.id,
      price: entered.id,
    });
    const [kept] = await db().select().from(portfolios).where(eq(portfolios.id, portfolio.id));
    expect(kept?.name).toBe("Kept");
    await setHouseholdPlan(db(), investor.person.userId, "premium");
    expect(await list(undefined, investor)).toEqual(whole);
    expect((await detail(holding.id, undefined, investor)).trades.map((t) => t.id)).toEqual([
      bought.id,
    ]);
  });

  it("adds savings and investments up to net worth, today and month by month", async () => {
    const family = await moneyHousehold(testApp, "Fenna Vermogen");
    await setHouseholdPlan(db(), family.person.userId, "premium");
    const c = family.person.client;
    // Savings since three months ago: €2,000.00 shared 60/40, €500.01 the household's own.
    const savings = await jsonOf<AccountDetail>(
      await c.post("/api/savings/accounts", {
        name: "Joint savings",
        ownerKind: "shared",
        shares: [
          { memberId: family.memberId, percentBp: 6_000 },
          { memberId: family.partnerId, percentBp: 4_000 },
        ],
        openingBalanceCents: 200_000,
        openedOn: monthsAgo(3),
      }),
      201,
    );
    await jsonOf(
      await c.post("/api/savings/accounts", {
        name: "Buffer",
        openingBalanceCents: 50_001,
        openedOn: monthsAgo(1),
      }),
      201,
    );
    await jsonOf(
      await c.post(`/api/savings/accounts/${savings.id}/movements`, {
        kind: "interest",
        amountCents: 333,
        occurredOn: day,
      }),
      201,
    );
    // Investments since two months ago, in dollars: 10 × $100 at 0.9 = €900.00, worth
    // 10 × $110.01 at 0.91 = €1,001.09 today; the partner's own fund 3 × €33.33.
    const broker = await openPortfolio(
      {
        name: "Joint broker",
        ownerKind: "shared",
        shares: [
          { memberId: family.memberId, percentBp: 5_000 },
          { memberId: family.partnerId, percentBp: 5_000 },
        ],
      },
      family,
    );
    const world = await addHolding(broker.id, { name: "World", currency: "USD" }, family);
    await book(
      world.id,
      { kind: "buy", occurredOn: monthsAgo(2), quantity: 10, price: 100, fxRate: 0.9 },
      family,
    );
    await price(world.id, { pricedOn: day, price: 110.01, fxRate: 0.91 }, family);
    const own = await openPortfolio(
      { name: "Partner's fund", ownerKind: "member", memberId: family.partnerId },
      family,
    );
    const fund = await addHolding(own.id, { name: "Fund", kind: "fund" }, family);
    await book(
      fund.id,
      { kind: "buy", occurredOn: monthsAgo(1), quantity: 3, price: 33.33 },
      family,
    );

    for (const member of [undefined, family.memberId, family.partnerId]) {
      const query = member ? `?member=${member}` : "";
      const worth = await jsonOf<NetWorth>(await c.get(`/api/net-worth${query}`));
      const saved = await jsonOf<AccountList>(await c.get(`/api/savings/accounts${query}`));
      const invested = await jsonOf<PortfolioList>(
        await c.get(`/api/investments/portfolios${query}`),
      );
      expect(worth.today).toEqual({
        savingsCents: saved.totalCents,
        investmentsCents: invested.totals.valueCents,
        debtsCents: 0,
        netWorthCents: saved.totalCents + invested.totals.valueCents,
      });
      // Since the first record (the savings, three months ago), this month's row being today's.
      expect(worth.months.map((row) => row.month)).toEqual(
        [3, 2, 1, 0].map((ago) => addMonths(month, -ago)),
      );
      const { month: last, ...lastParts } = worth.months.at(-1) ?? { month: "" };
      expect([last, lastParts]).toEqual([month, worth.today]);
    }

    const household = await jsonOf<NetWorth>(await c.get("/api/net-worth"));
    // 200,333 + 50,001 saved; 1,001.09 + 99.99 invested.
    expect(household.today).toEqual({
      savingsCents: 250_334,
      investmentsCents: 100_109 + 9_999,
      debtsCents: 0,
      netWorthCents: 250_334 + 110_108,
    });
    expect(household.months.map((row) => [row.savingsCents, row.investmentsCents])).toEqual([
      [200_000, 0],
      // At the buy's own price until a price is entered.
      [200_000, 90_000],
      [250_001, 90_000 + 9_999],
      [250_334, 110_108],
    ]);
    const partner = await jsonOf<NetWorth>(
      await c.get(`/api/net-worth?member=${family.partnerId}`),
    );
    // 40 % of 200,333 is 80,133.2; half of 100,109 is 50,054.5, and of two equal halves the odd
    // cent goes to the member listed first (by id).
    const brokerPart = family.partnerId < family.memberId ? 50_055 : 50_054;
    expect(partner.today).toEqual({
      savingsCents: 80_133,
      investmentsCents: brokerPart + 9_999,
      debtsCents: 0,
      netWorthCents: 80_133 + brokerPart + 9_999,
    });
    // Debts are the loans area's (Pro): locked on Premium, the loans' balances on Pro.
    expect(household.debtsLocked).toBe(true);
    await setHouseholdPlan(db(), family.person.userId, "pro");
    const car = await jsonOf<LoanDetail>(
      await c.post("/api/loans", {
        name: "Car",
        kind: "car",
        ownerKind: "shared",
        shares: [
          { memberId: family.memberId, percentBp: 6_000 },
          { memberId: family.partnerId, percentBp: 4_000 },
        ],
        parts: [
          {
            principalCents: 1_000_001,
            startDate: monthsAgo(2, "01"),
            termMonths: 48,
            repaymentType: "annuity",
            rateBp: 599,
          },
        ],
      }),
      201,
    );
    const [first, second] = car.parts[0]?.rows ?? [];
    for (const member of [undefined, family.memberId, family.partnerId]) {
      const query = member ? `?member=${member}` : "";
      const worth = await jsonOf<NetWorth>(await c.get(`/api/net-worth${query}`));
      const saved = await jsonOf<AccountList>(await c.get(`/api/savings/accounts${query}`));
      const invested = await jsonOf<PortfolioList>(
        await c.get(`/api/investments/portfolios${query}`),
      );
      const owed = await jsonOf<LoanList>(await c.get(`/api/loans${query}`));
      expect(worth.debtsLocked).toBe(false);
      expect(worth.today).toEqual({
        savingsCents: saved.totalCents,
        investmentsCents: invested.totals.valueCents,
        debtsCents: owed.totals.balanceCents,
        netWorthCents: saved.totalCents + invested.totals.valueCents - owed.totals.balanceCents,
      });
      expect(worth.months.at(-1)).toEqual({ month, ...worth.today });
    }
    const withDebts = await jsonOf<NetWorth>(await c.get("/api/net-worth"));
    // Borrowed two months ago: owed in full that month, then after each month's payment.
    expect(withDebts.months.map((row) => row.debtsCents)).toEqual([
      0,
      1_000_001,
      first?.balanceCents,
      second?.balanceCents,
    ]);
    expect(withDebts.months.map((row) => row.netWorthCents)).toEqual(
      household.months.map(
        (row, index) => row.netWorthCents - (withDebts.months[index]?.debtsCents ?? 0),
      ),
    );
  });

  it("carries portfolios, holdings, trades and prices along when their owner joins another household", async () => {
    const email = uniqueEmail("investor");
    const joiner = await moneyHousehold(testApp, "Joris Belegger", "en", email);
    // A household of one: the helper's partner row is not a person who could stay behind.
    await db()
      .update(members)
      .set({ invitationStatus: "removed" })
      .where(eq(members.id, joiner.partnerId));
    await setHouseholdPlan(db(), joiner.person.userId, "premium");
    const portfolio = await openPortfolio({ name: "Joris's broker", broker: "Meesman" }, joiner);
    const holding = await addHolding(
      portfolio.id,
      { name: "Aandelen Wereldwijd Totaal", kind: "fund", isin: "NL0013689110" },
      joiner,
    );
    await book(
      holding.id,
      { kind: "buy", occurredOn: monthsAgo(6), quantity: 12.5, price: 80, feesCents: 100 },
      joiner,
    );
    await book(
      holding.id,
      { kind: "dividend", occurredOn: monthsAgo(2), amountCents: 1_250, taxCents: 188 },
      joiner,
    );
    await price(holding.id, { pricedOn: day, price: 88.8 }, joiner);
    const before = await list(undefined, joiner);
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

    const [moved] = await db().select().from(portfolios).where(eq(portfolios.id, portfolio.id));
    // The household's own portfolio of a household of one was Joris's: now his own.
    expect(moved).toMatchObject({ householdId: home.householdId, ownerKind: "member" });
    expect(
      await db()
        .select()
        .from(portfolioShares)
        .where(eq(portfolioShares.portfolioId, portfolio.id)),
    ).toMatchObject([{ memberId: newMemberId, percentBp: 10_000, householdId: home.householdId }]);
    const [movedHolding] = await db().select().from(holdings).where(eq(holdings.id, holding.id));
    expect(movedHolding?.householdId).toBe(home.householdId);
    const trades = await db()
      .select()
      .from(investmentTrades)
      .where(eq(investmentTrades.holdingId, holding.id));
    expect(trades.map((t) => [t.householdId, t.createdByMemberId])).toEqual([
      [home.householdId, newMemberId],
      [home.householdId, newMemberId],
    ]);
    const prices = await db()
      .select()
      .from(holdingPrices)
      .where(inArray(holdingPrices.holdingId, [holding.id]));
    expect(prices.map((p) => [p.householdId, p.price])).toEqual([[home.householdId, 88.8]]);

    // In the household, as his: the same figures, in his scope and in the household's.
    const joined = await list(newMemberId);
    expect(joined.portfolios.map((p) => [p.id, p.owner])).toEqual([
      [portfolio.id, { kind: "member", shares: [{ memberId: newMemberId, percentBp: 10_000 }] }],
    ]);
    expect(joined.totals).toEqual(before.totals);
    expect(joined.totals).toMatchObject({ valueCents: 111_000, costCents: 100_100 });
    const all = await list();
    expect(all.portfolios.find((p) => p.id === portfolio.id)?.totals).toEqual(before.totals);
    await remove(`/api/investments/portfolios/${portfolio.id}`);
  });
});
