import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { members } from "#server/db/schema/households.ts";
import { taxDeadlines, taxItems, taxYears } from "#server/db/schema/taxes.ts";
import {
  addEntry,
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import { addDays, addMonths, today } from "#shared/dates.ts";
import { allocate } from "#shared/money.ts";
import type {
  TaxDeadline,
  TaxItem,
  TaxYearList,
  TaxYearOverview,
} from "#shared/schemas/taxes.schema.ts";
import { validationMessages, type ValidationKey } from "#shared/validation.ts";
import { latestOutboxMail, linkIn, uniqueEmail } from "#test/accounts.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { databaseFingerprint } from "#test/fingerprint.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";
import { addLoan, scheduleInterestOfYear, type TestLoanPart } from "./taxes-test-household.ts";

describeOnEachDatabase("taxes", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  /** A Dutch household, for the messages in Dutch and for foreign ids. */
  let other: MoneyHousehold;
  const day = today();
  const thisYear = Number(day.slice(0, 4));
  /** A whole year behind us: what it adds up to no longer depends on today. */
  const lastYear = thisYear - 1;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Anna de Vries");
    other = await moneyHousehold(testApp, "Olaf Stranger", "nl");
    await setHouseholdPlan(db(), home.person.userId, "pro");
    await setHouseholdPlan(db(), other.person.userId, "pro");
  });

  const item = (body: Record<string, unknown>, who = home) =>
    who.person.client.post("/api/taxes/items", {
      year: lastYear,
      kind: "municipal",
      status: "paid",
      amountCents: 10_000,
      onDate: `${lastYear}-03-01`,
      ...body,
    });
  const deadline = (body: Record<string, unknown>, who = home) =>
    who.person.client.post("/api/taxes/deadlines", {
      year: lastYear,
      kind: "file-return",
      dueOn: `${thisYear}-05-01`,
      ...body,
    });
  const overview = async (year: number, member?: string, who = home) =>
    jsonOf<TaxYearOverview>(
      await who.person.client.get(`/api/taxes/years/${year}${member ? `?member=${member}` : ""}`),
    );
  /** A CSV answer's text after checking its BOM (EF BB BF), without it. */
  const csvText = async (response: Response) => {
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return new TextDecoder("utf-8").decode(bytes);
  };
  const fieldsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    return (await errorOf(response)).fields ?? {};
  };

  it("answers every validation message in English and in Dutch, naming the field", async () => {
    type Case = {
      send: (who: MoneyHousehold) => Promise<Response>;
      field: string;
      key: ValidationKey;
    };
    const cases: Case[] = [
      { send: (who) => item({ year: 1899 }, who), field: "year", key: "taxYearInvalid" },
      { send: (who) => item({ year: "2025" }, who), field: "year", key: "taxYearInvalid" },
      { send: (who) => item({ kind: "dog-tax" }, who), field: "kind", key: "taxItemKindRequired" },
      {
        send: (who) => item({ status: "owed" }, who),
        field: "status",
        key: "taxItemStatusRequired",
      },
      { send: (who) => item({ amountCents: 0 }, who), field: "amountCents", key: "amountPositive" },
      {
        send: (who) => item({ amountCents: 1.5 }, who),
        field: "amountCents",
        key: "amountInvalid",
      },
      { send: (who) => item({ onDate: "2025-02-30" }, who), field: "onDate", key: "dateInvalid" },
      {
        send: (who) => item({ onDate: "2100-01-01" }, who),
        field: "onDate",
        key: "dateOutOfRange",
      },
      // The eleventh term of a total from December 2099 would fall after 2099.
      {
        send: (who) => item({ onDate: "2099-12-01", installments: 11 }, who),
        field: "onDate",
        key: "dateOutOfRange",
      },
      {
        send: (who) => item({ installments: 13 }, who),
        field: "installments",
        key: "installmentsRange",
      },
      {
        send: (who) => item({ installments: 0 }, who),
        field: "installments",
        key: "installmentsRange",
      },
      {
        send: (who) => item({ amountCents: 10, installments: 11 }, who),
        field: "amountCents",
        key: "installmentsTooSmall",
      },
      {
        send: (who) => item({ description: "x".repeat(201) }, who),
        field: "description",
        key: "textTooLong",
      },
      // Someone of the other household is nobody here.
      {
        send: (who) => item({ memberId: (who === home ? other : home).memberId }, who),
        field: "memberId",
        key: "memberUnknown",
      },
      {
        send: (who) => deadline({ kind: "party" }, who),
        field: "kind",
        key: "taxDeadlineKindRequired",
      },
      {
        send: (who) => deadline({ status: "late" }, who),
        field: "status",
        key: "taxDeadlineStatusInvalid",
      },
      {
        send: (who) => deadline({ remindDaysBefore: 366 }, who),
        field: "remindDaysBefore",
        key: "remindDaysRange",
      },
      {
        send: (who) => deadline({ remindDaysBefore: -1 }, who),
        field: "remindDaysBefore",
        key: "remindDaysRange",
      },
      { send: (who) => deadline({ dueOn: undefined }, who), field: "dueOn", key: "dateRequired" },
      {
        send: (who) => deadline({ title: "x".repeat(201) }, who),
        field: "title",
        key: "textTooLong",
      },
      {
        send: (who) =>
          who.person.client.put(`/api/taxes/years/${lastYear}/box3-settings`, {
            partnerIds: [who.memberId],
          }),
        field: "partnerIds",
        key: "partnersNeedTwo",
      },
      {
        send: (who) =>
          who.person.client.put(`/api/taxes/years/${lastYear}/box3-settings`, {
            partnerIds: [who.memberId, who.memberId],
          }),
        field: "partnerIds",
        key: "partnersNeedTwo",
      },
      {
        send: (who) =>
          who.person.client.put(`/api/taxes/years/${lastYear}/box3-settings`, {
            partnerIds: [who.memberId, who.partnerId],
            firstPartnerSplitBp: 10_001,
          }),
        field: "firstPartnerSplitBp",
        key: "partnerSplitInvalid",
      },
      {
        send: (who) =>
          who.person.client.put(`/api/taxes/years/${lastYear}/box3-settings`, {
            partnerIds: [who.memberId, who.aggregateId],
          }),
        field: "partnerIds.1",
        key: "memberUnknown",
      },
      {
        send: (who) => who.person.client.get("/api/taxes/years/1899"),
        field: "year",
        key: "taxYearInvalid",
      },
      {
        send: (who) => who.person.client.get("/api/taxes/years/twenty"),
        field: "year",
        key: "taxYearInvalid",
      },
      {
        send: (who) => who.person.client.get("/api/taxes/years/2022/box3"),
        field: "year",
        key: "box3YearUnknown",
      },
      {
        send: (who) => who.person.client.get("/api/taxes/years/2099/box3"),
        field: "year",
        key: "box3YearUnknown",
      },
    ];
    for (const { send, field, key } of cases) {
      expect(await fieldsOf(await send(home)), `${field} ${key} in English`).toMatchObject({
        [field]: validationMessages.en[key],
      });
      expect(await fieldsOf(await send(other)), `${field} ${key} in Dutch`).toMatchObject({
        [field]: validationMessages.nl[key],
      });
    }
    expect(validationMessages.en.box3YearUnknown).toContain("2023 up to and including 2026");
    expect(validationMessages.nl.box3YearUnknown).toContain("2023 tot en met 2026");
    // Nothing was stored by any of them.
    expect(await db().select().from(taxItems)).toEqual([]);
    expect(await db().select().from(taxDeadlines)).toEqual([]);
    expect(await db().select().from(taxYears)).toEqual([]);
  });

  it("spreads a provisional assessment over monthly terms: paid up to today, due after", async () => {
    // € 1,320 in 11 monthly terms, the first five months ago.
    const first = `${addMonths(day.slice(0, 7), -5)}-${day.slice(8)}`;
    const { items } = await jsonOf<{ items: TaxItem[] }>(
      await item({
        year: thisYear,
        kind: "provisional-assessment",
        status: "due",
        amountCents: 132_000,
        onDate: first,
        installments: 11,
        description: "Voorlopige aanslag",
      }),
      201,
    );
    expect(items).toHaveLength(11);
    expect(items.map((i) => i.amountCents)).toEqual(Array.from({ length: 11 }, () => 12_000));
    expect(items.map((i) => i.onDate)).toEqual(
      Array.from({ length: 11 }, (_, k) => `${addMonths(first.slice(0, 7), k)}-${day.slice(8)}`),
    );
    for (const term of items) {
      expect(term.status, term.onDate).toBe(term.onDate <= day ? "paid" : "due");
    }
    expect(items.filter((i) => i.status === "paid")).toHaveLength(6);

    // An odd total: the terms add up to it exactly, the first ones taking the odd cents; a
    // refund's terms are received or to receive. A first day of the 31st falls on a month's end.
    const refund = await jsonOf<{ items: TaxItem[] }>(
      await item({
        year: 2030,
        kind: "provisional-assessment",
        status: "to-receive",
        amountCents: 100_005,
        onDate: "2030-01-31",
        installments: 11,
      }),
      201,
    );
    expect(refund.items.reduce((sum, i) => sum + i.amountCents, 0)).toBe(100_005);
    expect(refund.items.map((i) => i.amountCents)).toEqual(
      allocate(
        100_005,
        Array.from({ length: 11 }, () => 1),
      ),
    );
    expect(refund.items.slice(0, 4).map((i) => i.onDate)).toEqual([
      "2030-01-31",
      "2030-02-28",
      "2030-03-31",
      "2030-04-30",
    ]);
    expect(new Set(refund.items.map((i) => i.status))).toEqual(new Set(["to-receive"]));
    const past = await jsonOf<{ items: TaxItem[] }>(
      await item({ status: "to-receive", onDate: "2020-01-15", installments: 2, year: 2020 }),
      201,
    );
    expect(past.items.map((i) => i.status)).toEqual(["received", "received"]);
    // One item keeps the status it was given.
    const single = await jsonOf<{ items: TaxItem[] }>(
      await item({ status: "due", onDate: "2020-01-15", year: 2020 }),
      201,
    );
    expect(single.items.map((i) => i.status)).toEqual(["due"]);
    await db().delete(taxItems).where(eq(taxItems.householdId, home.householdId));
  });

  it("adds up a year: items, overdue deadlines, tax-relevant categories to the cent and the own home's interest", async () => {
    const c = home.person.client;
    // Payments and refunds of last year: Anna's, her partner's and the household's.
    for (const body of [
      { kind: "income-tax", status: "paid", amountCents: 123_456, memberId: home.memberId },
      { kind: "provisional-assessment", status: "due", amountCents: 20_001 },
      { kind: "water-board", status: "paid", amountCents: 31_299, memberId: home.partnerId },
      { kind: "income-tax", status: "received", amountCents: 45_678, memberId: home.memberId },
      { kind: "other", status: "to-receive", amountCents: 1_111, memberId: home.partnerId },
    ]) {
      await jsonOf(await item(body), 201);
    }
    await jsonOf(await item({ year: thisYear, amountCents: 99_999 }), 201);
    const lateDeadline = await jsonOf<TaxDeadline>(
      await deadline({ dueOn: addDays(day, -3), title: "Bezwaar", kind: "object-assessment" }),
      201,
    );
    await jsonOf(await deadline({ dueOn: addDays(day, -30), status: "done" }), 201);
    const coming = await jsonOf<TaxDeadline>(
      await deadline({ dueOn: addDays(day, 20), remindDaysBefore: 7, memberId: home.partnerId }),
      201,
    );
    expect(coming).toMatchObject({ remindOn: addDays(day, 13), remindedAt: null, overdue: false });

    // Tax-relevant categories: a gift (expense, split) and freelance income; a plain one beside.
    const gifts = await jsonOf<{ id: string }>(
      await c.post("/api/categories", { kind: "expense", name: "Giften", taxRelevant: true }),
      201,
    );
    const freelance = await jsonOf<{ id: string }>(
      await c.post("/api/categories", { kind: "income", name: "Freelance", taxRelevant: true }),
      201,
    );
    const entries: Parameters<typeof addEntry>[2][] = [
      {
        date: `${lastYear}-01-01`,
        categoryId: gifts.id,
        shares: [
          [home.memberId, 3_333],
          [home.partnerId, 6_667],
        ],
      },
      { date: `${lastYear}-12-31`, categoryId: gifts.id, shares: [[home.partnerId, 2_501]] },
      {
        kind: "income",
        date: `${lastYear}-06-15`,
        categoryId: freelance.id,
        shares: [[home.memberId, 250_075]],
      },
      // Not counted: another year, a deleted entry, a category that is not tax-relevant.
      { date: `${thisYear}-01-01`, categoryId: gifts.id, shares: [[home.memberId, 7_000]] },
      {
        date: `${lastYear}-05-05`,
        categoryId: gifts.id,
        shares: [[home.memberId, 9_000]],
        deleted: true,
      },
      {
        date: `${lastYear}-05-05`,
        categoryId: home.expenseCategoryId,
        shares: [[home.memberId, 8_000]],
      },
    ];
    for (const entry of entries) await addEntry(db(), home, entry);

    // The own home's two-part mortgage (annuity and linear), shared 60/40, and a car loan.
    const mortgageParts: TestLoanPart[] = [
      {
        principalCents: 30_000_000,
        startDate: `${lastYear - 3}-03-01`,
        termMonths: 360,
        repaymentType: "annuity",
        rateBp: 400,
      },
      {
        principalCents: 10_000_001,
        startDate: `${lastYear - 1}-07-15`,
        termMonths: 240,
        repaymentType: "linear",
        rateBp: 375,
      },
    ];
    await addLoan(db(), home.householdId, {
      name: "Hypotheek",
      ownHome: true,
      shares: [
        { memberId: home.memberId, percentBp: 6_000 },
        { memberId: home.partnerId, percentBp: 4_000 },
      ],
      parts: mortgageParts,
    });
    await addLoan(db(), home.householdId, {
      name: "Auto",
      ownHome: false,
      kind: "car",
      parts: [
        {
          principalCents: 1_500_000,
          startDate: `${lastYear}-01-01`,
          termMonths: 60,
          repaymentType: "annuity",
          rateBp: 700,
        },
      ],
    });
    const interest = scheduleInterestOfYear(mortgageParts, lastYear);
    expect(interest).toBeGreaterThan(0);
    const [annaInterest, partnerInterest] = allocate(interest, [6_000, 4_000]);

    const year = await overview(lastYear);
    expect(year.memberId).toBeNull();
    expect(year.items).toHaveLength(5);
    expect(year.totals).toEqual({
      paidCents: 123_456 + 31_299,
      dueCents: 20_001,
      receivedCents: 45_678,
      toReceiveCents: 1_111,
      balanceCents: 123_456 + 31_299 + 20_001 - 45_678 - 1_111,
    });
    expect(year.deadlines.map((d) => [d.dueOn, d.overdue])).toEqual([
      [addDays(day, -30), false],
      [lateDeadline.dueOn, true],
      [coming.dueOn, false],
    ]);
    expect(year.categories).toEqual([
      { categoryId: gifts.id, name: "Giften", kind: "expense", totalCents: 12_501, count: 2 },
      {
        categoryId: freelance.id,
        name: "Freelance",
        kind: "income",
        totalCents: 250_075,
        count: 1,
      },
    ]);
    expect(year.ownHomeInterest).toEqual({
      loans: [
        expect.objectContaining({
          name: "Hypotheek",
          interestCents: interest,
          scopeInterestCents: interest,
        }),
      ],
      totalCents: interest,
    });

    // A member sees their items and deadlines, their shares of the entries (as the totals
    // route counts them) and their part of the interest.
    const anna = await overview(lastYear, home.memberId);
    expect(anna.items.map((i) => i.amountCents)).toEqual([123_456, 45_678]);
    expect(anna.totals.balanceCents).toBe(123_456 - 45_678);
    // The household's deadlines concern every member; the partner's own does not.
    expect(anna.deadlines.map((d) => d.id)).toEqual(
      year.deadlines.filter((d) => d.memberId === null).map((d) => d.id),
    );
    const annaTotals = await jsonOf<{ byCategory: { categoryId: string; totalCents: number }[] }>(
      await c.get(
        `/api/totals?from=${lastYear}-01-01&to=${lastYear}-12-31&member=${home.memberId}`,
      ),
    );
    const annaGifts = annaTotals.byCategory.find((row) => row.categoryId === gifts.id);
    expect(anna.categories.find((row) => row.categoryId === gifts.id)?.totalCents).toBe(
      annaGifts?.totalCents,
    );
    expect(annaGifts?.totalCents).toBe(3_333);
    expect(anna.categories.find((row) => row.categoryId === freelance.id)?.totalCents).toBe(
      250_075,
    );
    expect(anna.ownHomeInterest.totalCents).toBe(annaInterest);
    const partner = await overview(lastYear, home.partnerId);
    expect(partner.deadlines.map((d) => d.id)).toEqual(year.deadlines.map((d) => d.id));
    expect(partner.categories).toEqual([
      { categoryId: gifts.id, name: "Giften", kind: "expense", totalCents: 9_168, count: 2 },
    ]);
    expect(partner.ownHomeInterest.totalCents).toBe(partnerInterest);
    expect((annaInterest ?? 0) + (partnerInterest ?? 0)).toBe(interest);
    // The aggregate row the scope picker may hold means the household.
    expect((await overview(lastYear, home.aggregateId)).totals).toEqual(year.totals);

    // Marking a deadline done, and moving one: a new day makes its reminder due again.
    await db()
      .update(taxDeadlines)
      .set({ remindedAt: new Date() })
      .where(eq(taxDeadlines.id, coming.id));
    const done = await jsonOf<TaxDeadline>(
      await c.put(`/api/taxes/deadlines/${lateDeadline.id}`, {
        year: lastYear,
        kind: "object-assessment",
        title: "Bezwaar",
        dueOn: lateDeadline.dueOn,
        status: "done",
      }),
    );
    expect(done).toMatchObject({ status: "done", overdue: false });
    const sameDay = await jsonOf<TaxDeadline>(
      await c.put(`/api/taxes/deadlines/${coming.id}`, {
        year: lastYear,
        kind: "file-return",
        title: "Aangifte",
        dueOn: coming.dueOn,
        remindDaysBefore: 7,
        memberId: home.partnerId,
      }),
    );
    expect(sameDay.remindedAt).not.toBeNull();
    const moved = await jsonOf<TaxDeadline>(
      await c.put(`/api/taxes/deadlines/${coming.id}`, {
        year: lastYear,
        kind: "file-return",
        dueOn: addDays(coming.dueOn, 30),
        remindDaysBefore: 7,
        memberId: home.partnerId,
      }),
    );
    expect(moved).toMatchObject({ remindedAt: null, remindOn: addDays(coming.dueOn, 23) });

    const years = await jsonOf<TaxYearList>(await c.get("/api/taxes/years"));
    expect(years.years[0]).toEqual({ year: thisYear, items: 1, deadlines: 0 });
    expect(years.years[1]).toEqual({ year: lastYear, items: 5, deadlines: 3 });
    expect(years.box3Years).toEqual([2023, 2024, 2025, 2026]);
  });

  it("exports a year for the return, escaped, in the caller's language and number format", async () => {
    const c = other.person.client;
    await jsonOf(
      await item(
        {
          year: 2024,
          kind: "road-tax",
          amountCents: 123_405,
          onDate: "2024-04-01",
          description: '=HYPERLINK("evil");"quoted"',
          memberId: other.memberId,
        },
        other,
      ),
      201,
    );
    await jsonOf(
      await item(
        { year: 2024, kind: "income-tax", status: "received", amountCents: 200_000 },
        other,
      ),
      201,
    );
    await jsonOf(
      await deadline(
        { year: 2024, dueOn: "2025-05-01", title: "+aangifte; met partner", status: "done" },
        other,
      ),
      201,
    );
    const response = await c.get("/api/taxes/years/2024/export.csv");
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="belastingen-2024.csv"',
    );
    const lines = (await csvText(response)).split("\r\n");
    expect(lines[0]).toBe("Onderdeel;Datum;Soort;Status;Omschrijving;Persoon;Bedrag");
    expect(lines).toContain(
      `Betalingen en teruggaven;2024-04-01;Motorrijtuigenbelasting;Betaald;"'=HYPERLINK(""evil"");""quoted""";Olaf Stranger;1234,05`,
    );
    expect(lines).toContain(
      `Betalingen en teruggaven;${lastYear}-03-01;Inkomstenbelasting (definitieve aanslag);Ontvangen;;Huishouden;2000,00`,
    );
    expect(lines).toContain(
      `Uiterste data;2025-05-01;Aangifte inkomstenbelasting doen;Gedaan;"'+aangifte; met partner";Huishouden;`,
    );
    // 1,234.05 paid and 2,000.00 received: on balance 765.95 back, written unsigned.
    expect(lines).toContain("Totalen;;;;Per saldo ontvangen (teruggaven min betalingen);;765,95");
    expect(lines).toContain("Totalen;;;;Aftrekbare hypotheekrente;;0,00");

    // In English with its own format, or as asked.
    const english = await csvText(
      await home.person.client.get(`/api/taxes/years/${lastYear}/export.csv`),
    );
    expect(english.split("\r\n")[0]).toBe("Section,Date,Kind,Status,Description,Person,Amount");
    expect(english).toContain("Totals,,,,Deductible mortgage interest,,");
    expect(english).toMatch(/Mortgage interest, own home|"Mortgage interest, own home"/);
    const asked = await csvText(
      await c.get("/api/taxes/years/2024/export.csv?delimiter=tab&decimal=dot"),
    );
    expect(asked).toContain(
      "Totalen\t\t\t\tPer saldo ontvangen (teruggaven min betalingen)\t\t765.95",
    );
  });

  it("answers another household's ids with 404 and changes nothing", async () => {
    const [mine] = (
      await jsonOf<{ items: TaxItem[] }>(await item({ memberId: home.memberId }), 201)
    ).items;
    const theirs = await jsonOf<TaxDeadline>(await deadline({ remindDaysBefore: 3 }), 201);
    await jsonOf(
      await home.person.client.put(`/api/taxes/years/${lastYear}/box3-settings`, {
        partnerIds: [home.memberId, home.partnerId],
        firstPartnerSplitBp: 7_000,
      }),
    );
    const before = await databaseFingerprint(db());
    const c = other.person.client;
    const itemBody = {
      year: lastYear,
      kind: "municipal",
      status: "paid",
      amountCents: 1,
      onDate: day,
    };
    const deadlineBody = { year: lastYear, kind: "other", dueOn: day };
    const attempts: Response[] = [
      await c.put(`/api/taxes/items/${mine?.id}`, itemBody),
      await c.request("DELETE", `/api/taxes/items/${mine?.id}`),
      await c.put(`/api/taxes/deadlines/${theirs.id}`, deadlineBody),
      await c.request("DELETE", `/api/taxes/deadlines/${theirs.id}`),
      await c.get(`/api/taxes/years/${lastYear}?member=${home.memberId}`),
      await c.get(`/api/taxes/years/${lastYear}/export.csv?member=${home.memberId}`),
      await c.get(`/api/taxes/years/2025/box3?member=${home.memberId}`),
      // A malformed id is a missing one.
      await c.put("/api/taxes/items/not-an-id", itemBody),
      await c.request("DELETE", "/api/taxes/deadlines/42"),
    ];
    expect(attempts.map((response) => response.status)).toEqual(attempts.map(() => 404));
    // Naming our people in a body is naming nobody.
    expect(
      await fieldsOf(await c.post("/api/taxes/items", { ...itemBody, memberId: home.memberId })),
    ).toMatchObject({ memberId: validationMessages.nl.memberUnknown });
    expect(
      await fieldsOf(
        await c.put(`/api/taxes/years/${lastYear}/box3-settings`, {
          partnerIds: [home.memberId, home.partnerId],
        }),
      ),
    ).toMatchObject({ "partnerIds.0": validationMessages.nl.memberUnknown });
    expect(await databaseFingerprint(db())).toEqual(before);
    // Their own year is theirs alone: nothing of ours in it.
    expect(await jsonOf(await c.get(`/api/taxes/years/${lastYear}/box3-settings`))).toEqual({
      year: lastYear,
      partnerIds: [],
      firstPartnerSplitBp: 5_000,
    });
    expect((await overview(lastYear, undefined, other)).items).toEqual([]);
    await home.person.client.request("DELETE", `/api/taxes/items/${mine?.id}`);
    await home.person.client.request("DELETE", `/api/taxes/deadlines/${theirs.id}`);
  });

  it("refuses Free and Premium with PLAN_REQUIRED, opens on Pro and keeps everything after a downgrade", async () => {
    const payer = await moneyHousehold(testApp, "Piet Belasting");
    const c = payer.person.client;
    const paths = [
      ["GET", "/api/taxes/years"],
      ["GET", `/api/taxes/years/${lastYear}`],
      ["GET", `/api/taxes/years/${lastYear}/export.csv`],
      ["GET", "/api/taxes/years/2025/box3"],
      ["GET", "/api/taxes/years/2025/box3-settings"],
      ["PUT", "/api/taxes/years/2025/box3-settings"],
      ["POST", "/api/taxes/items"],
      ["PUT", "/api/taxes/items/00000000-0000-4000-8000-000000000000"],
      ["DELETE", "/api/taxes/items/00000000-0000-4000-8000-000000000000"],
      ["POST", "/api/taxes/deadlines"],
      ["PUT", "/api/taxes/deadlines/00000000-0000-4000-8000-000000000000"],
      ["DELETE", "/api/taxes/deadlines/00000000-0000-4000-8000-000000000000"],
    ] as const;
    for (const plan of ["free", "premium"] as const) {
      await setHouseholdPlan(db(), payer.person.userId, plan);
      for (const [method, path] of paths) {
        const answer = await c.request(method, path, method === "GET" ? undefined : {});
        expect(answer.status, `${plan} ${method} ${path}`).toBe(403);
        expect((await errorOf(answer)).code).toBe("PLAN_REQUIRED");
      }
    }
    await setHouseholdPlan(db(), payer.person.userId, "pro");
    const { items } = await jsonOf<{ items: TaxItem[] }>(await item({}, payer), 201);
    await jsonOf(await deadline({}, payer), 201);
    expect((await c.get("/api/taxes/years/2025/box3")).status).toBe(200);

    await setHouseholdPlan(db(), payer.person.userId, "premium");
    expect((await errorOf(await c.get(`/api/taxes/years/${lastYear}`))).code).toBe("PLAN_REQUIRED");
    const kept = await db()
      .select()
      .from(taxItems)
      .where(eq(taxItems.householdId, payer.householdId));
    expect(kept.map((row) => row.id)).toEqual(items.map((i) => i.id));
    await setHouseholdPlan(db(), payer.person.userId, "pro");
    const back = await overview(lastYear, undefined, payer);
    expect(back.items.map((i) => i.id)).toEqual(items.map((i) => i.id));
    expect(back.deadlines).toHaveLength(1);
  });

  it("carries items, deadlines and year choices along on a merge; the household's choice for a year stands", async () => {
    const email = uniqueEmail("taxpayer");
    const joiner = await moneyHousehold(testApp, "Joris Belasting", "en", email);
    await setHouseholdPlan(db(), joiner.person.userId, "pro");
    const jc = joiner.person.client;
    const { items } = await jsonOf<{ items: TaxItem[] }>(
      await item({ year: 2025, memberId: joiner.memberId, amountCents: 4_321 }, joiner),
      201,
    );
    const household = await jsonOf<{ items: TaxItem[] }>(
      await item({ year: 2025, amountCents: 1_234 }, joiner),
      201,
    );
    const joinerDeadline = await jsonOf<TaxDeadline>(
      await deadline({ year: 2025, memberId: joiner.memberId, remindDaysBefore: 14 }, joiner),
      201,
    );
    for (const year of [2023, 2024]) {
      await jsonOf(
        await jc.put(`/api/taxes/years/${year}/box3-settings`, {
          partnerIds: [joiner.memberId, joiner.partnerId],
          firstPartnerSplitBp: 2_500,
        }),
      );
    }
    // The household they join chose for 2023 already.
    await jsonOf(
      await home.person.client.put("/api/taxes/years/2023/box3-settings", {
        partnerIds: [home.memberId, home.partnerId],
        firstPartnerSplitBp: 8_000,
      }),
    );
    // A household of one: the helper's partner row is not a person who could stay behind, and a
    // paid plan ends before joining (decision 016).
    await db()
      .update(members)
      .set({ invitationStatus: "removed" })
      .where(eq(members.id, joiner.partnerId));
    await setHouseholdPlan(db(), joiner.person.userId, "free");

    await jsonOf(
      await home.person.client.post("/api/send-invitation", {
        email,
        householdId: home.householdId,
      }),
    );
    const mail = await latestOutboxMail(testApp(), email);
    const token = new URL(linkIn(mail.text, "/invitation?token=")).searchParams.get("token");
    await jsonOf(await jc.post("/api/accept-invitation", { invitationToken: token }));
    const me = await jsonOf<{ member: { id: string } }>(await jc.get("/api/me"));
    const joined = me.member.id;

    const moved = await overview(2025, joined);
    expect(moved.items.map((i) => [i.id, i.memberId])).toEqual([[items[0]?.id, joined]]);
    expect(
      moved.deadlines.filter((d) => d.memberId !== null).map((d) => [d.id, d.memberId]),
    ).toEqual([[joinerDeadline.id, joined]]);
    const all2025 = await overview(2025);
    expect(all2025.items.map((i) => i.id)).toContain(household.items[0]?.id);
    expect(
      await jsonOf(await home.person.client.get("/api/taxes/years/2023/box3-settings")),
    ).toEqual({
      year: 2023,
      partnerIds: [home.memberId, home.partnerId],
      firstPartnerSplitBp: 8_000,
    });
    expect(
      await jsonOf(await home.person.client.get("/api/taxes/years/2024/box3-settings")),
    ).toEqual({ year: 2024, partnerIds: [joined, joiner.partnerId], firstPartnerSplitBp: 2_500 });
    expect(
      await db().select().from(taxYears).where(eq(taxYears.householdId, joiner.householdId)),
    ).toEqual([]);
  });
});
