import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { members } from "#server/db/schema/households.ts";
import { loanExtraRepayments, loanParts, loans, loanShares } from "#server/db/schema/loans.ts";
import { recurringRules, transactions, transactionShares } from "#server/db/schema/money.ts";
import { materializeDue } from "#server/features/recurring/materialize.ts";
import {
  jsonOf,
  moneyHousehold,
  type MoneyHousehold,
} from "#server/features/recurring/money-test-household.ts";
import { addMonths, monthRange, today } from "#shared/dates.ts";
import { loanSchedule, summarize, type LoanPart as MathPart } from "#shared/loan-math.ts";
import { allocate } from "#shared/money.ts";
import type { NetWorth } from "#shared/schemas/investments.schema.ts";
import type {
  CreateLoanInput,
  LoanDetail,
  LoanList,
  LoanPartInput,
  WhatIf,
} from "#shared/schemas/loans.schema.ts";
import type { RecurringRule, Upcoming } from "#shared/schemas/recurring.schema.ts";
import type { AccountList } from "#shared/schemas/savings.schema.ts";
import { validationMessages, type ValidationKey } from "#shared/validation.ts";
import { latestOutboxMail, linkIn, uniqueEmail } from "#test/accounts.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { databaseFingerprint } from "#test/fingerprint.ts";
import { setHouseholdPlan } from "#test/plans.ts";
import { useTestApp } from "#test/test-app.ts";
import { paymentsBetween, scheduleOf, loadLoans } from "./loan-figures.ts";

describeOnEachDatabase("loans", (database) => {
  const testApp = useTestApp(database);
  const db = () => testApp().deps.database.db;
  let home: MoneyHousehold;
  let other: MoneyHousehold;
  const day = today();
  const month = day.slice(0, 7);
  /** A day in an earlier (or, negative, a later) month. */
  const monthsAgo = (count: number, dayOfMonth = "01") =>
    `${addMonths(month, -count)}-${dayOfMonth}`;

  beforeAll(async () => {
    home = await moneyHousehold(testApp, "Anna de Vries");
    other = await moneyHousehold(testApp, "Olaf Stranger", "nl");
    await setHouseholdPlan(db(), home.person.userId, "pro");
    await setHouseholdPlan(db(), other.person.userId, "pro");
  });

  const annuity: LoanPartInput = {
    name: "Annuïteitendeel",
    principalCents: 30_000_000,
    startDate: monthsAgo(24),
    termMonths: 360,
    repaymentType: "annuity",
    rateBp: 400,
  };
  const linear: LoanPartInput = {
    name: "Lineair deel",
    principalCents: 10_000_000,
    startDate: monthsAgo(24, "15"),
    termMonths: 240,
    repaymentType: "linear",
    rateBp: 350,
    fixedMonths: 120,
    followingRateBp: 450,
  };
  const mortgage = (overrides: Partial<CreateLoanInput> = {}): CreateLoanInput => ({
    name: "Hypotheek",
    kind: "mortgage",
    lender: "Rabobank",
    ownHome: true,
    parts: [annuity, linear],
    ...overrides,
  });

  const create = async (body: CreateLoanInput, who = home) =>
    jsonOf<LoanDetail>(await who.person.client.post("/api/loans", body), 201);
  const detail = async (id: string, member?: string, who = home) =>
    jsonOf<LoanDetail>(
      await who.person.client.get(`/api/loans/${id}${member ? `?member=${member}` : ""}`),
    );
  const list = async (member?: string, who = home) =>
    jsonOf<LoanList>(await who.person.client.get(`/api/loans${member ? `?member=${member}` : ""}`));
  const remove = (path: string, who = home) => who.person.client.request("DELETE", path);
  /** Books a loan's payment as an expense of the household's first expense category. */
  const bookLoan = async (loanId: string, body: Record<string, unknown>, who = home) =>
    jsonOf<RecurringRule>(
      await who.person.client.post(`/api/loans/${loanId}/booking`, {
        categoryId: who.expenseCategoryId,
        ...body,
      }),
      201,
    );
  const fieldsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    return (await errorOf(response)).fields ?? {};
  };
  /** The loan-math part a stored part stands for (no extras). */
  const mathPart = (part: LoanPartInput): MathPart => ({
    principalCents: part.principalCents,
    startDate: part.startDate,
    termMonths: part.termMonths,
    repaymentType: part.repaymentType,
    annualRateBp: part.rateBp,
    fixedRateMonths: part.fixedMonths ?? null,
    rateAfterFixedBp: part.followingRateBp ?? null,
    extraRepayments: [],
  });

  it("answers every validation message in the caller's language", async () => {
    const loan = await create(mortgage({ name: "Validation" }));
    const theirs = await create(mortgage({ name: "Theirs" }), other);
    const lastMonth = `${addMonths(loan.summary.payoffDate.slice(0, 7), 1)}-01`;
    type Case = {
      send: (who: MoneyHousehold) => Promise<Response>;
      field: string;
      key: ValidationKey;
    };
    const post = (body: Record<string, unknown>) => (who: MoneyHousehold) =>
      who.person.client.post("/api/loans", { ...mortgage(), ...body });
    const withPart = (changes: Record<string, unknown>) =>
      post({ parts: [{ ...annuity, ...changes }] });
    const put = (body: Record<string, unknown>) => (who: MoneyHousehold) =>
      who.person.client.put(`/api/loans/${who === home ? loan.id : theirs.id}`, {
        ...mortgage(),
        ownerKind: "household",
        ...body,
      });
    /** An extra repayment, or a what-if, of €1,000 today on the caller's own loan's first part. */
    const onPart =
      (route: "extras" | "what-if") => (body: Record<string, unknown>) => (who: MoneyHousehold) => {
        const own = who === home ? loan : theirs;
        return who.person.client.post(`/api/loans/${own.id}/${route}`, {
          partId: own.parts[0]?.id,
          date: day,
          amountCents: 100_000,
          ...body,
        });
      };
    const extra = onPart("extras");
    const whatIf = onPart("what-if");
    const book = (body: Record<string, unknown>) => (who: MoneyHousehold) =>
      who.person.client.post(`/api/loans/${who === home ? loan.id : theirs.id}/booking`, {
        categoryId: who.expenseCategoryId,
        memberId: who.memberId,
        paidByMemberId: who.memberId,
        ...body,
      });
    const cases: Case[] = [
      { send: post({ name: " " }), field: "name", key: "nameRequired" },
      { send: post({ name: "x".repeat(61) }), field: "name", key: "nameTooLong" },
      { send: post({ kind: "boat" }), field: "kind", key: "invalid" },
      { send: post({ parts: [] }), field: "parts", key: "loanPartsRequired" },
      {
        send: withPart({ principalCents: 0 }),
        field: "parts.0.principalCents",
        key: "loanPrincipalInvalid",
      },
      {
        send: post({
          parts: [
            { ...annuity, principalCents: 6_000_000_000 },
            { ...annuity, principalCents: 4_000_000_001 },
          ],
        }),
        field: "parts",
        key: "loanTooLarge",
      },
      { send: withPart({ termMonths: 601 }), field: "parts.0.termMonths", key: "loanTermInvalid" },
      { send: withPart({ rateBp: 10_001 }), field: "parts.0.rateBp", key: "loanRateInvalid" },
      { send: withPart({ rateBp: 3.5 }), field: "parts.0.rateBp", key: "loanRateInvalid" },
      {
        send: withPart({ repaymentType: "balloon" }),
        field: "parts.0.repaymentType",
        key: "invalid",
      },
      {
        send: withPart({ termMonths: 120, fixedMonths: 121 }),
        field: "parts.0.fixedMonths",
        key: "fixedPeriodInvalid",
      },
      {
        send: withPart({ followingRateBp: 500 }),
        field: "parts.0.followingRateBp",
        key: "followingRateNeedsPeriod",
      },
      {
        send: withPart({ startDate: "1899-12-31" }),
        field: "parts.0.startDate",
        key: "dateOutOfRange",
      },
      {
        send: withPart({ startDate: "2025-02-30" }),
        field: "parts.0.startDate",
        key: "dateInvalid",
      },
      { send: post({ penaltyFreeBp: 10_001 }), field: "penaltyFreeBp", key: "penaltyFreeInvalid" },
      { send: post({ kind: "car", ownHome: true }), field: "ownHome", key: "ownHomeOnlyMortgage" },
      { send: post({ ownerKind: "member" }), field: "memberId", key: "selectMember" },
      {
        send: (who) =>
          post({
            ownerKind: "shared",
            shares: [
              { memberId: who.memberId, percentBp: 5_000 },
              { memberId: who.partnerId, percentBp: 4_000 },
            ],
          })(who),
        field: "shares",
        key: "splitPercentsMustTotal100",
      },
      {
        send: (who) =>
          post({ ownerKind: "member", memberId: (who === home ? other : home).memberId })(who),
        field: "memberId",
        key: "memberUnknown",
      },
      {
        // A part of another loan is no part of this one.
        send: (who) =>
          put({ parts: [{ ...annuity, id: (who === home ? theirs : loan).parts[0]?.id }] })(who),
        field: "parts.0.id",
        key: "loanPartRequired",
      },
      { send: put({ ownerKind: "nobody" }), field: "ownerKind", key: "invalid" },
      {
        send: (who) => extra({ partId: (who === home ? theirs : loan).parts[0]?.id })(who),
        field: "partId",
        key: "loanPartRequired",
      },
      { send: extra({ amountCents: 0 }), field: "amountCents", key: "amountPositive" },
      { send: extra({ amountCents: 10_000_000_001 }), field: "amountCents", key: "amountInvalid" },
      { send: extra({ untilDate: "2040-01-01" }), field: "untilDate", key: "untilOnlyYearly" },
      {
        send: extra({ kind: "yearly", untilDate: day }),
        field: "untilDate",
        key: "untilAfterFirst",
      },
      { send: extra({ date: monthsAgo(25) }), field: "date", key: "extraOutsidePart" },
      { send: extra({ date: lastMonth }), field: "date", key: "extraOutsidePart" },
      { send: whatIf({ effect: "both" }), field: "effect", key: "invalid" },
      { send: whatIf({ date: monthsAgo(25) }), field: "date", key: "extraOutsidePart" },
      {
        send: (who) =>
          book({
            splitMode: "amount",
            shares: [
              { memberId: who.memberId, amountCents: 1 },
              { memberId: who.partnerId, amountCents: 1 },
            ],
          })(who),
        field: "splitMode",
        key: "loanSplitByPercent",
      },
      {
        send: (who) => book({ categoryId: who.incomeCategoryId })(who),
        field: "categoryId",
        key: "categoryKindMismatch",
      },
      { send: book({ paidByMemberId: null }), field: "paidByMemberId", key: "selectPaidBy" },
      { send: book({ startDate: lastMonth }), field: "startDate", key: "loanRepaidBy" },
      { send: book({ categoryId: "" }), field: "categoryId", key: "categoryRequired" },
      {
        send: (who) =>
          book({ splitMode: "percent", shares: [{ memberId: who.memberId, percentBp: 10_000 }] })(
            who,
          ),
        field: "shares",
        key: "splitNeedsTwo",
      },
      { send: post({ lender: "x".repeat(101) }), field: "lender", key: "textTooLong" },
      { send: withPart({ startDate: null }), field: "parts.0.startDate", key: "dateRequired" },
      { send: extra({ amountCents: null }), field: "amountCents", key: "amountRequired" },
    ];
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
    await remove(`/api/loans/${loan.id}`);
    await remove(`/api/loans/${theirs.id}`, other);
  });

  it("works out a two-part mortgage to the cent: every part's schedule, the months and today's figures", async () => {
    const loan = await create(mortgage());
    expect(loan).toMatchObject({
      kind: "mortgage",
      lender: "Rabobank",
      ownHome: true,
      partsCount: 2,
      principalCents: 40_000_000,
      startDate: monthsAgo(24),
      extraEffect: "shorter-term",
      penaltyFreeBp: 1_000,
      booked: false,
      booking: null,
    });
    const [first, second] = loan.parts;
    if (!first || !second) throw new Error("two parts");
    // €300,000 at 4 % over 30 years: €1,432.25 a month; the linear part repays €41,666.67
    // (160 months) and €416.66 (the other 80): exactly €100,000.
    expect(first.rows[0]?.paymentCents).toBe(143_225);
    expect(first.rows).toHaveLength(360);
    expect(second.rows.slice(0, 2).map((row) => row.repaymentCents)).toEqual([41_667, 41_667]);
    expect(second.rows.at(-1)?.repaymentCents).toBe(41_666);
    expect(second.rows[120]?.annualRateBp).toBe(450);
    for (const part of loan.parts) {
      expect(part.rows.reduce((sum, row) => sum + row.repaymentCents, 0)).toBe(part.principalCents);
      expect(part.rows.at(-1)?.balanceCents).toBe(0);
    }
    // The same as the shared module works out, to the cent.
    const expected = loanSchedule({
      parts: [mathPart(annuity), mathPart(linear)],
      extraRepaymentEffect: "shorter-term",
    });
    expect(loan.months).toEqual(expected.months);
    expect(loan.summary).toEqual(summarize(expected.parts, day));
    expect(first.summary).toEqual(summarize(expected.parts.slice(0, 1), day));
    expect(loan.summary.payoffDate).toBe(first.rows.at(-1)?.dueDate);
    const owed = (part: {
      principalCents: number;
      rows: { dueDate: string; balanceCents: number }[];
    }) => part.rows.filter((row) => row.dueDate <= day).at(-1)?.balanceCents ?? part.principalCents;
    expect(loan.summary.balanceCents).toBe(owed(first) + owed(second));
    expect(loan.summary.interestPaidCents + loan.summary.interestToComeCents).toBe(
      loan.summary.totalInterestCents,
    );
    // This month: both parts' payments (on the 1st and the 15th), the 24th of each.
    expect(loan.summary.thisMonthPaymentCents).toBe(
      (first.rows[23]?.paymentCents ?? 0) + (second.rows[23]?.paymentCents ?? 0),
    );
    expect(first.rows[23]?.dueDate.slice(0, 7)).toBe(month);
    expect(loan.allowance).toMatchObject({ allowanceCents: 4_000_000, overAllowance: false });
    expect(loan.comparison).toMatchObject({
      interestSavedCents: 0,
      payoffDate: { withExtras: loan.summary.payoffDate, withoutExtras: loan.summary.payoffDate },
    });
    const listed = (await list()).loans.find((item) => item.id === loan.id);
    const {
      parts: _parts,
      months: _months,
      extras: _extras,
      allowance: _allowance,
      comparison: _comparison,
      booking: _booking,
      ...item
    } = loan;
    expect(listed).toEqual(item);
    await remove(`/api/loans/${loan.id}`);
  });

  it("gives a member their share of a shared loan to the cent, and the members' parts add up", async () => {
    const shared = await create(
      mortgage({
        ownerKind: "shared",
        shares: [
          { memberId: home.memberId, percentBp: 6_000 },
          { memberId: home.partnerId, percentBp: 4_000 },
        ],
        parts: [{ ...annuity, principalCents: 20_000_001 }],
      }),
    );
    const car = await create({
      name: "Car",
      kind: "car",
      ownerKind: "member",
      memberId: home.partnerId,
      parts: [
        {
          principalCents: 1_500_003,
          startDate: monthsAgo(5, "20"),
          termMonths: 60,
          repaymentType: "annuity",
          rateBp: 699,
        },
      ],
    });
    const student = await create({
      name: "Household's own",
      kind: "other",
      parts: [
        {
          principalCents: 500_000,
          startDate: monthsAgo(3),
          termMonths: 24,
          repaymentType: "linear",
          rateBp: 0,
        },
      ],
    });
    const household = await list();
    const balance = (id: string) =>
      household.loans.find((loan) => loan.id === id)?.summary.balanceCents ?? 0;
    const [annaPart = 0, partnerPart = 0] = allocate(balance(shared.id), [6_000, 4_000]);
    expect(household.totals.balanceCents).toBe(
      balance(shared.id) + balance(car.id) + balance(student.id),
    );
    expect(household.householdOwnedCents).toBe(balance(student.id));
    expect(
      Object.fromEntries(household.perMember.map((p) => [p.memberId, p.balanceCents])),
    ).toEqual({
      [home.memberId]: annaPart,
      [home.partnerId]: partnerPart + balance(car.id),
    });
    expect(
      household.perMember.reduce((sum, p) => sum + p.balanceCents, household.householdOwnedCents),
    ).toBe(household.totals.balanceCents);

    const anna = await list(home.memberId);
    expect(anna.loans.map((loan) => loan.id)).toEqual([shared.id]);
    expect(anna.totals.balanceCents).toBe(annaPart);
    const partner = await list(home.partnerId);
    expect(partner.totals.balanceCents).toBe(partnerPart + balance(car.id));
    const sharedForPartner = partner.loans.find((loan) => loan.id === shared.id);
    const whole = sharedForPartner?.summary;
    expect(sharedForPartner?.scope).toEqual({
      ...whole,
      balanceCents: partnerPart,
      interestPaidCents: allocate(whole?.interestPaidCents ?? 0, [6_000, 4_000])[1],
      interestToComeCents: allocate(whole?.interestToComeCents ?? 0, [6_000, 4_000])[1],
      totalInterestCents: allocate(whole?.totalInterestCents ?? 0, [6_000, 4_000])[1],
      thisMonthPaymentCents: allocate(whole?.thisMonthPaymentCents ?? 0, [6_000, 4_000])[1],
      nextPayment: whole?.nextPayment && {
        dueDate: whole.nextPayment.dueDate,
        paymentCents: allocate(whole.nextPayment.paymentCents, [6_000, 4_000])[1],
      },
    });
    // Each member's interest and payments add up to the loan's too.
    for (const key of ["totalInterestCents", "thisMonthPaymentCents"] as const) {
      const parts = await Promise.all(
        [home.memberId, home.partnerId].map(
          async (member) => (await detail(shared.id, member)).scope[key],
        ),
      );
      expect(parts.reduce((a, b) => a + b, 0)).toBe(shared.summary[key]);
    }
    // The household's aggregate row (the scope picker's) is the household.
    expect((await list(home.aggregateId)).totals).toEqual(household.totals);
    for (const id of [shared.id, car.id, student.id]) await remove(`/api/loans/${id}`);
  });

  it("shows what extra repayments save, warns past the penalty-free allowance, and a what-if stores nothing", async () => {
    const loan = await create(mortgage({ parts: [{ ...annuity, startDate: monthsAgo(2) }] }));
    const partId = loan.parts[0]?.id ?? "";
    const year = Number(day.slice(0, 4)) + 1;
    const before = await databaseFingerprint(db());
    const plan = await jsonOf<WhatIf>(
      await home.person.client.post(`/api/loans/${loan.id}/what-if`, {
        partId,
        date: `${year}-03-10`,
        amountCents: 3_100_000,
        effect: "lower-payment",
      }),
    );
    expect(await databaseFingerprint(db())).toEqual(before);
    expect(plan.comparison.interestSavedCents).toBeGreaterThan(0);
    // Lower payment: the end stays, the payment after the extra falls.
    expect(plan.comparison.payoffDate.withExtras).toBe(plan.comparison.payoffDate.withoutExtras);
    expect(plan.comparison.payment.after).toBe(`${year}-03-10`);
    expect(plan.comparison.payment.withExtras ?? 0).toBeLessThan(
      plan.comparison.payment.withoutExtras ?? 0,
    );
    // €31,000 in a year is more than 10 % of €300,000.
    expect(plan.allowance.years.find((y) => y.year === year)).toEqual({
      year,
      extraRepaymentCents: 3_100_000,
      allowanceCents: 3_000_000,
      overAllowance: true,
    });
    expect(plan.allowance.overAllowance).toBe(true);

    const added = await jsonOf<LoanDetail>(
      await home.person.client.post(`/api/loans/${loan.id}/extras`, {
        partId,
        kind: "yearly",
        date: `${year}-03-10`,
        untilDate: `${year + 4}-12-31`,
        amountCents: 1_000_000,
        note: "Holiday money",
      }),
      201,
    );
    expect(added.extras).toMatchObject([
      {
        partId,
        kind: "yearly",
        date: `${year}-03-10`,
        untilDate: `${year + 4}-12-31`,
        amountCents: 1_000_000,
      },
    ]);
    // Shorter term (the loan's choice): five extras of €10,000 end the loan years earlier.
    expect(added.comparison.interestSavedCents).toBeGreaterThan(0);
    expect(added.comparison.payoffDate.withExtras < added.comparison.payoffDate.withoutExtras).toBe(
      true,
    );
    expect(added.comparison.payment.withExtras).toBe(added.comparison.payment.withoutExtras);
    expect(
      added.allowance.years
        .filter((y) => y.extraRepaymentCents > 0)
        .map((y) => [y.year, y.overAllowance]),
    ).toEqual([0, 1, 2, 3, 4].map((n) => [year + n, false]));
    expect(added.months.reduce((sum, m) => sum + m.extraRepaymentCents, 0)).toBe(5_000_000);
    expect(added.summary.payoffDate).toBe(added.comparison.payoffDate.withExtras);
    // The what-if starts from the loan as it is: with the yearly extras.
    const more = await jsonOf<WhatIf>(
      await home.person.client.post(`/api/loans/${loan.id}/what-if`, {
        partId,
        date: `${year}-06-01`,
        amountCents: 2_500_000,
      }),
    );
    expect(more.comparison.totalInterestCents.withoutExtras).toBe(
      added.comparison.totalInterestCents.withExtras,
    );
    expect(more.allowance.years.find((y) => y.year === year)?.overAllowance).toBe(true);
    const extraId = added.extras[0]?.id ?? "";
    expect((await remove(`/api/loans/extras/${extraId}`)).status).toBe(204);
    expect((await detail(loan.id)).comparison.interestSavedCents).toBe(0);
    await remove(`/api/loans/${loan.id}`);
  });

  it("replaces the parts on a change: a part sent with its id keeps its extras, one left out goes with its own", async () => {
    const loan = await create(
      mortgage({ parts: [{ ...annuity, startDate: monthsAgo(2) }, linear] }),
    );
    const [first, second] = loan.parts;
    if (!first || !second) throw new Error("two parts");
    for (const part of [first, second]) {
      await jsonOf(
        await home.person.client.post(`/api/loans/${loan.id}/extras`, {
          partId: part.id,
          date: day,
          amountCents: 50_000,
        }),
        201,
      );
    }
    const changed = await jsonOf<LoanDetail>(
      await home.person.client.put(`/api/loans/${loan.id}`, {
        ...mortgage({ name: "Hypotheek (overgesloten)", extraEffect: "lower-payment" }),
        ownerKind: "household",
        parts: [
          { ...annuity, startDate: monthsAgo(2), id: first.id, rateBp: 375, name: "Renamed" },
          { ...linear, principalCents: 5_000_000, termMonths: 120 },
        ],
      }),
    );
    expect(changed.name).toBe("Hypotheek (overgesloten)");
    expect(
      changed.parts.map((part) => [part.id === first.id, part.name, part.rateBp, part.position]),
    ).toEqual([
      [true, "Renamed", 375, 0],
      [false, "Lineair deel", 350, 1],
    ]);
    expect(changed.parts[1]?.id).not.toBe(second.id);
    expect(changed.extras.map((extra) => extra.partId)).toEqual([first.id]);
    expect(
      await db()
        .select()
        .from(loanExtraRepayments)
        .where(eq(loanExtraRepayments.partId, second.id)),
    ).toEqual([]);
    await remove(`/api/loans/${loan.id}`);
  });

  it("books the monthly payment as the schedule's amounts, exactly once, ending with the loan", async () => {
    const c = home.person.client;
    // €12,000 at 6 % over a year, linear: €1,000 a month plus falling interest (€60 … €5).
    const loan = await create({
      name: "Linear loan",
      kind: "personal",
      lender: "DNB Lening",
      ownerKind: "shared",
      shares: [
        { memberId: home.memberId, percentBp: 6_000 },
        { memberId: home.partnerId, percentBp: 4_000 },
      ],
      parts: [
        {
          principalCents: 1_200_000,
          startDate: monthsAgo(30, "15"),
          termMonths: 12,
          repaymentType: "linear",
          rateBp: 600,
        },
      ],
    });
    const booking = await bookLoan(loan.id, {
      paidByMemberId: home.memberId,
      splitMode: "percent",
      shares: [
        { memberId: home.memberId, percentBp: 6_000 },
        { memberId: home.partnerId, percentBp: 4_000 },
      ],
      startDate: monthsAgo(29, "15"),
    });
    expect(booking).toMatchObject({
      loanId: loan.id,
      kind: "expense",
      frequency: "monthly",
      merchant: "DNB Lening",
      startDate: monthsAgo(29, "15"),
      nextDate: null,
    });
    const made = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.recurringRuleId, booking.id))
      .orderBy(asc(transactions.recurringDate));
    expect(made.map((row) => row.amountCents)).toEqual(
      Array.from({ length: 12 }, (_, i) => 100_000 + 6_000 - i * 500),
    );
    expect(made.map((row) => row.occurredOn)).toEqual(
      Array.from({ length: 12 }, (_, i) => monthsAgo(29 - i, "15")),
    );
    // Each entry's shares are that month's payment split 60/40, to the cent.
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
      const own = shares.filter((share) => share.transactionId === row.id);
      expect(own.reduce((sum, share) => sum + share.amountCents, 0)).toBe(row.amountCents);
      expect(own.find((share) => share.memberId === home.partnerId)?.amountCents).toBe(
        allocate(row.amountCents, [6_000, 4_000])[1],
      );
    }
    // The rule ended with the month of the last payment.
    const [rule] = await db()
      .select()
      .from(recurringRules)
      .where(eq(recurringRules.id, booking.id));
    expect(rule?.endDate).toBe(monthRange(addMonths(month, -18)).to);
    expect((await materializeDue(db(), day, { ruleId: booking.id })).created).toBe(0);
    expect((await detail(loan.id)).booking).toMatchObject({ id: booking.id, loanId: loan.id });
    // Booked once: a second booking is a conflict.
    const again = await c.post(`/api/loans/${loan.id}/booking`, {
      categoryId: home.expenseCategoryId,
      memberId: home.memberId,
      paidByMemberId: home.memberId,
      startDate: monthsAgo(29, "15"),
    });
    expect(again.status).toBe(409);

    // Deleting the loan ends the booking and keeps what it booked.
    expect((await remove(`/api/loans/${loan.id}`)).status).toBe(204);
    const [ended] = await db()
      .select()
      .from(recurringRules)
      .where(eq(recurringRules.id, booking.id));
    expect(ended).toMatchObject({ loanId: null, endDate: monthRange(addMonths(month, -18)).to });
    const kept = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.recurringRuleId, booking.id), isNull(transactions.deletedAt)));
    expect(kept).toHaveLength(12);
  });

  it("keeps a loan's amounts when its booked series is edited from an entry on", async () => {
    const c = home.person.client;
    const loan = await create({
      name: "Edited series",
      kind: "personal",
      parts: [
        {
          principalCents: 600_000,
          startDate: monthsAgo(20, "20"),
          termMonths: 6,
          repaymentType: "linear",
          rateBp: 1_200,
        },
      ],
    });
    const booking = await bookLoan(loan.id, {
      memberId: home.memberId,
      paidByMemberId: home.memberId,
      startDate: monthsAgo(19, "20"),
    });
    const entries = async (ruleId: string) =>
      db()
        .select()
        .from(transactions)
        .where(eq(transactions.recurringRuleId, ruleId))
        .orderBy(asc(transactions.recurringDate));
    const made = await entries(booking.id);
    // €1,000 a month and 1 % interest on what is left: €60, €50, … €10.
    expect(made.map((row) => row.amountCents)).toEqual([
      106_000, 105_000, 104_000, 103_000, 102_000, 101_000,
    ]);
    const third = made[2];
    if (!third) throw new Error("a third entry");
    const edit = (body: Record<string, unknown>) =>
      c.request("PATCH", `/api/recurring/occurrences/${third.id}`, {
        kind: "expense",
        amountCents: 1,
        occurredOn: third.occurredOn,
        categoryId: home.otherExpenseCategoryId,
        paidByMemberId: home.memberId,
        frequency: "monthly",
        ...body,
      });
    expect(
      await fieldsOf(
        await edit({
          splitMode: "amount",
          shares: [
            { memberId: home.memberId, amountCents: 0 },
            { memberId: home.partnerId, amountCents: 1 },
          ],
        }),
      ),
    ).toMatchObject({ splitMode: validationMessages.en.loanSplitByPercent });
    const fresh = await jsonOf<RecurringRule>(
      await edit({
        splitMode: "percent",
        shares: [
          { memberId: home.memberId, percentBp: 7_000 },
          { memberId: home.partnerId, percentBp: 3_000 },
        ],
      }),
    );
    expect(fresh).toMatchObject({ loanId: loan.id, categoryId: home.otherExpenseCategoryId });
    const following = await entries(fresh.id);
    expect(following.map((row) => [row.amountCents, row.categoryId])).toEqual(
      [104_000, 103_000, 102_000, 101_000].map((cents) => [cents, home.otherExpenseCategoryId]),
    );
    const shares = await db()
      .select()
      .from(transactionShares)
      .where(
        inArray(
          transactionShares.transactionId,
          following.map((row) => row.id),
        ),
      );
    for (const row of following) {
      expect(
        shares
          .filter((share) => share.transactionId === row.id)
          .map((share) => [share.memberId, share.amountCents])
          .sort(),
      ).toEqual(
        [
          [home.memberId, (row.amountCents * 7) / 10],
          [home.partnerId, (row.amountCents * 3) / 10],
        ].sort(),
      );
    }
    // The loan's booking is the later series; stopping it ends both and keeps every entry.
    expect((await detail(loan.id)).booking?.id).toBe(fresh.id);
    expect((await remove(`/api/loans/${loan.id}/booking`)).status).toBe(204);
    expect(
      await db().select().from(recurringRules).where(eq(recurringRules.loanId, loan.id)),
    ).toEqual([]);
    expect([...(await entries(booking.id)), ...(await entries(fresh.id))]).toHaveLength(6);
    await remove(`/api/loans/${loan.id}`);
  });

  it("makes a booked payment once when two runs make it at the same time", async () => {
    const loan = await create({
      name: "Future car",
      kind: "car",
      parts: [
        {
          principalCents: 600_001,
          startDate: "2098-01-10",
          termMonths: 6,
          repaymentType: "annuity",
          rateBp: 480,
        },
        {
          principalCents: 300_000,
          startDate: "2098-02-20",
          termMonths: 3,
          repaymentType: "linear",
          rateBp: 0,
        },
      ],
    });
    // Without a start: the next payment after today.
    const booking = await bookLoan(loan.id, {
      memberId: home.partnerId,
      paidByMemberId: home.memberId,
    });
    expect(booking).toMatchObject({ startDate: "2098-02-10", nextDate: "2098-02-10" });
    expect(booking.amountCents).toBe(loan.parts[0]?.rows[0]?.paymentCents);
    const runs = await Promise.all([
      materializeDue(db(), "2098-12-31", { ruleId: booking.id }),
      materializeDue(db(), "2098-12-31", { ruleId: booking.id }),
    ]);
    expect(runs.flatMap((run) => run.failed)).toEqual([]);
    expect(runs[0].created + runs[1].created).toBe(6);
    const made = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.recurringRuleId, booking.id))
      .orderBy(asc(transactions.recurringDate));
    // Each month's entry is both parts' payments due that month (paymentsBetween).
    const [record] = await loadLoans(db(), home.householdId, { loanId: loan.id });
    if (!record) throw new Error("the loan");
    const schedule = scheduleOf(record);
    expect(made.map((row) => [row.occurredOn, row.amountCents])).toEqual(
      ["02", "03", "04", "05", "06", "07"].map((m) => {
        const range = monthRange(`2098-${m}`);
        return [`2098-${m}-10`, paymentsBetween(schedule, range.from, range.to)];
      }),
    );
    expect(made[1]?.amountCents).toBe(
      (loan.parts[0]?.rows[1]?.paymentCents ?? 0) + (loan.parts[1]?.rows[0]?.paymentCents ?? 0),
    );
    const [rule] = await db()
      .select()
      .from(recurringRules)
      .where(eq(recurringRules.id, booking.id));
    expect(rule?.endDate).toBe("2098-07-31");
    // The rule's marker lost: the unique key still holds.
    await db()
      .update(recurringRules)
      .set({ materializedThrough: null })
      .where(eq(recurringRules.id, booking.id));
    await Promise.all([
      materializeDue(db(), "2099-06-30", { ruleId: booking.id }),
      materializeDue(db(), "2099-06-30", { ruleId: booking.id }),
    ]);
    expect(
      await db().select().from(transactions).where(eq(transactions.recurringRuleId, booking.id)),
    ).toHaveLength(6);
    // Stopping the booking ends the rule today and keeps what it made.
    expect((await remove(`/api/loans/${loan.id}/booking`)).status).toBe(204);
    expect((await remove(`/api/loans/${loan.id}/booking`)).status).toBe(404);
    expect(
      await db().select().from(transactions).where(eq(transactions.recurringRuleId, booking.id)),
    ).toHaveLength(6);
    expect((await detail(loan.id)).booking).toBeNull();
    await remove(`/api/loans/${loan.id}`);
  });

  it("shows upcoming loan payments at the schedule's amounts, and follows a change of the loan", async () => {
    const c = home.person.client;
    const loan = await create({
      name: "Running loan",
      kind: "personal",
      parts: [
        {
          principalCents: 2_400_000,
          startDate: monthsAgo(3, "05"),
          termMonths: 24,
          repaymentType: "linear",
          rateBp: 900,
        },
      ],
    });
    const booking = await bookLoan(loan.id, {
      splitMode: "percent",
      paidByMemberId: home.memberId,
      shares: [
        { memberId: home.memberId, percentBp: 5_000 },
        { memberId: home.partnerId, percentBp: 5_000 },
      ],
      startDate: monthsAgo(2, "05"),
    });
    const rows = loan.parts[0]?.rows ?? [];
    const upcoming = async () =>
      (
        await jsonOf<{ items: Upcoming[] }>(
          await c.get(`/api/recurring/upcoming?days=70&member=${home.partnerId}`),
        )
      ).items.filter((item) => item.ruleId === booking.id);
    const soon = await upcoming();
    expect(soon.length).toBeGreaterThanOrEqual(2);
    for (const item of soon) {
      const row = rows.find((r) => r.dueDate === item.date);
      expect([item.date, item.amountCents]).toEqual([row?.dueDate, row?.paymentCents]);
      expect(item.memberShareCents).toBe(allocate(item.amountCents, [5_000, 5_000])[1]);
    }
    const past = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.recurringRuleId, booking.id));
    // A bigger extra with a lower payment: the coming months pay less; the past stays as booked.
    await jsonOf(
      await c.put(`/api/loans/${loan.id}`, {
        name: "Running loan",
        kind: "personal",
        ownerKind: "household",
        extraEffect: "lower-payment",
        parts: [{ ...loan.parts[0], id: loan.parts[0]?.id }],
      }),
    );
    await jsonOf(
      await c.post(`/api/loans/${loan.id}/extras`, {
        partId: loan.parts[0]?.id,
        date: day,
        amountCents: 1_000_000,
      }),
      201,
    );
    const after = await upcoming();
    expect(after.map((item) => item.date)).toEqual(soon.map((item) => item.date));
    // The extra is taken after this month's payment: from next month on, less is due.
    const nextMonths = after.filter((item) => item.date > monthRange(month).to);
    expect(nextMonths.length).toBeGreaterThan(0);
    for (const item of nextMonths) {
      const was = soon.find((one) => one.date === item.date)?.amountCents ?? 0;
      expect(item.amountCents).toBeLessThan(was);
    }
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(
      (
        await db().select().from(transactions).where(eq(transactions.recurringRuleId, booking.id))
      ).sort(byId),
    ).toEqual(past.sort(byId));
    const { rules } = await jsonOf<{ rules: RecurringRule[] }>(await c.get("/api/recurring"));
    const listed = rules.find((rule) => rule.id === booking.id);
    expect([listed?.nextDate, listed?.amountCents]).toEqual([
      after[0]?.date,
      after[0]?.amountCents,
    ]);
    await remove(`/api/loans/${loan.id}`);
  });

  it("adds savings and investments and subtracts the loans' balances, to the cent, per scope", async () => {
    const family = await moneyHousehold(testApp, "Fenna Schuld");
    await setHouseholdPlan(db(), family.person.userId, "pro");
    const c = family.person.client;
    await jsonOf(
      await c.post("/api/savings/accounts", {
        name: "Joint savings",
        ownerKind: "shared",
        shares: [
          { memberId: family.memberId, percentBp: 5_000 },
          { memberId: family.partnerId, percentBp: 5_000 },
        ],
        openingBalanceCents: 1_000_001,
        openedOn: monthsAgo(1),
      }),
      201,
    );
    const house = await create(
      {
        ...mortgage(),
        ownerKind: "shared",
        shares: [
          { memberId: family.memberId, percentBp: 7_000 },
          { memberId: family.partnerId, percentBp: 3_000 },
        ],
        parts: [
          { ...annuity, startDate: monthsAgo(3, "10") },
          { ...linear, startDate: monthsAgo(3, "10") },
        ],
      },
      family,
    );
    for (const member of [undefined, family.memberId, family.partnerId]) {
      const query = member ? `?member=${member}` : "";
      const worth = await jsonOf<NetWorth>(await c.get(`/api/net-worth${query}`));
      const saved = await jsonOf<AccountList>(await c.get(`/api/savings/accounts${query}`));
      const owed = await jsonOf<LoanList>(await c.get(`/api/loans${query}`));
      expect(worth).toMatchObject({
        debtsLocked: false,
        today: {
          savingsCents: saved.totalCents,
          investmentsCents: 0,
          debtsCents: owed.totals.balanceCents,
          netWorthCents: saved.totalCents - owed.totals.balanceCents,
        },
      });
      // From the loan's first day (before the savings), this month's row being today's.
      expect(worth.months.map((row) => row.month)).toEqual(
        [3, 2, 1, 0].map((ago) => addMonths(month, -ago)),
      );
      expect(worth.months.at(-1)).toEqual({ month, ...worth.today });
    }
    const household = await jsonOf<NetWorth>(await c.get("/api/net-worth"));
    const monthEnd = (ago: number) =>
      house.parts.reduce((sum, part) => {
        const end = monthRange(addMonths(month, -ago)).to;
        const paid = part.rows.filter((row) => row.dueDate <= end).at(-1);
        return sum + (paid?.balanceCents ?? part.principalCents);
      }, 0);
    expect(household.months.map((row) => row.debtsCents)).toEqual([
      40_000_000,
      monthEnd(2),
      monthEnd(1),
      house.summary.balanceCents,
    ]);
    const partsOf = await Promise.all(
      [family.memberId, family.partnerId].map(
        async (member) =>
          (await jsonOf<NetWorth>(await c.get(`/api/net-worth?member=${member}`))).today,
      ),
    );
    expect(partsOf.reduce((sum, one) => sum + one.debtsCents, 0)).toBe(household.today.debtsCents);
    expect(partsOf.reduce((sum, one) => sum + one.netWorthCents, 0)).toBe(
      household.today.netWorthCents,
    );
    // On Premium the loans are kept but locked: no debts in net worth, and it says so.
    await setHouseholdPlan(db(), family.person.userId, "premium");
    const premium = await jsonOf<NetWorth>(await c.get("/api/net-worth"));
    expect(premium).toMatchObject({
      debtsLocked: true,
      today: { debtsCents: 0, netWorthCents: premium.today.savingsCents },
    });
    expect(premium.months.map((row) => row.month)).toEqual(
      [1, 0].map((ago) => addMonths(month, -ago)),
    );
  });

  it("answers another household's ids with 404 and changes nothing", async () => {
    const loan = await create(mortgage({ parts: [{ ...annuity, startDate: monthsAgo(2) }] }));
    const partId = loan.parts[0]?.id ?? "";
    const withExtra = await jsonOf<LoanDetail>(
      await home.person.client.post(`/api/loans/${loan.id}/extras`, {
        partId,
        date: day,
        amountCents: 10_000,
      }),
      201,
    );
    const extraId = withExtra.extras[0]?.id ?? "";
    await jsonOf(
      await home.person.client.post(`/api/loans/${loan.id}/booking`, {
        categoryId: home.expenseCategoryId,
        memberId: home.memberId,
        paidByMemberId: home.memberId,
      }),
      201,
    );
    const before = await databaseFingerprint(db());
    const c = other.person.client;
    const extra = { partId, date: day, amountCents: 1 };
    const attempts: [string, Response][] = [
      ["GET loans", await c.get(`/api/loans?member=${home.memberId}`)],
      ["GET loan", await c.get(`/api/loans/${loan.id}`)],
      ["PUT loan", await c.put(`/api/loans/${loan.id}`, { ...mortgage(), ownerKind: "household" })],
      ["DELETE loan", await remove(`/api/loans/${loan.id}`, other)],
      ["POST extra", await c.post(`/api/loans/${loan.id}/extras`, extra)],
      ["DELETE extra", await remove(`/api/loans/extras/${extraId}`, other)],
      ["POST what-if", await c.post(`/api/loans/${loan.id}/what-if`, extra)],
      [
        "POST booking",
        await c.post(`/api/loans/${loan.id}/booking`, {
          categoryId: other.expenseCategoryId,
          memberId: other.memberId,
          paidByMemberId: other.memberId,
        }),
      ],
      ["DELETE booking", await remove(`/api/loans/${loan.id}/booking`, other)],
      ["GET not an id", await c.get("/api/loans/not-an-id")],
      ["DELETE extra not an id", await remove("/api/loans/extras/42", other)],
    ];
    expect(attempts.map(([what, response]) => [what, response.status])).toEqual(
      attempts.map(([what]) => [what, 404]),
    );
    expect(await errorOf(attempts[1]?.[1] ?? new Response())).toMatchObject({ code: "NOT_FOUND" });
    expect(await databaseFingerprint(db())).toEqual(before);
    expect((await list(undefined, other)).loans).toEqual([]);
    await remove(`/api/loans/${loan.id}`);
  });

  it("refuses Free and Premium, keeps everything after a downgrade and opens it whole again", async () => {
    const borrower = await moneyHousehold(testApp, "Piet Lener");
    const c = borrower.person.client;
    const id = "00000000-0000-4000-8000-000000000000";
    const everyRoute = (loanId: string, extraId: string) => [
      () => c.get("/api/loans"),
      () => c.post("/api/loans", mortgage()),
      () => c.get(`/api/loans/${loanId}`),
      () => c.put(`/api/loans/${loanId}`, { ...mortgage(), ownerKind: "household" }),
      () => c.request("DELETE", `/api/loans/${loanId}`),
      () => c.post(`/api/loans/${loanId}/extras`, { partId: id, date: day, amountCents: 1 }),
      () => c.request("DELETE", `/api/loans/extras/${extraId}`),
      () => c.post(`/api/loans/${loanId}/what-if`, { partId: id, date: day, amountCents: 1 }),
      () =>
        c.post(`/api/loans/${loanId}/booking`, {
          categoryId: borrower.expenseCategoryId,
          memberId: borrower.memberId,
          paidByMemberId: borrower.memberId,
        }),
      () => c.request("DELETE", `/api/loans/${loanId}/booking`),
    ];
    const refusedEverywhere = async (loanId: string, extraId: string) => {
      const before = await databaseFingerprint(db());
      const answers = [];
      for (const call of everyRoute(loanId, extraId)) {
        const response = await call();
        answers.push([response.status, (await errorOf(response)).code]);
      }
      expect(answers).toEqual(answers.map(() => [403, "PLAN_REQUIRED"]));
      expect(await databaseFingerprint(db())).toEqual(before);
    };
    await refusedEverywhere(id, id);
    await setHouseholdPlan(db(), borrower.person.userId, "premium");
    await refusedEverywhere(id, id);

    await setHouseholdPlan(db(), borrower.person.userId, "pro");
    const loan = await create(mortgage(), borrower);
    const withExtra = await jsonOf<LoanDetail>(
      await c.post(`/api/loans/${loan.id}/extras`, {
        partId: loan.parts[0]?.id,
        date: day,
        amountCents: 25_000,
      }),
      201,
    );
    const whole = await list(undefined, borrower);
    for (const plan of ["free", "premium"] as const) {
      await setHouseholdPlan(db(), borrower.person.userId, plan);
      await refusedEverywhere(loan.id, withExtra.extras[0]?.id ?? "");
    }
    const [kept] = await db().select().from(loans).where(eq(loans.id, loan.id));
    expect(kept?.name).toBe("Hypotheek");
    await setHouseholdPlan(db(), borrower.person.userId, "pro");
    expect(await list(undefined, borrower)).toEqual(whole);
    expect(await detail(loan.id, undefined, borrower)).toEqual(withExtra);
  });

  it("carries loans, their shares, parts and extras along when their owner joins another household", async () => {
    const email = uniqueEmail("borrower");
    const joiner = await moneyHousehold(testApp, "Joris Lener", "en", email);
    // A household of one: the helper's partner row is not a person who could stay behind.
    await db()
      .update(members)
      .set({ invitationStatus: "removed" })
      .where(eq(members.id, joiner.partnerId));
    await setHouseholdPlan(db(), joiner.person.userId, "pro");
    const loan = await create(
      {
        name: "Joris's car",
        kind: "car",
        parts: [{ ...annuity, principalCents: 1_800_000, termMonths: 60 }],
      },
      joiner,
    );
    const withExtra = await jsonOf<LoanDetail>(
      await joiner.person.client.post(`/api/loans/${loan.id}/extras`, {
        partId: loan.parts[0]?.id,
        date: day,
        amountCents: 100_000,
      }),
      201,
    );
    // A paid plan must end before joining (decision 016): the loan stays through the downgrade.
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

    const [moved] = await db().select().from(loans).where(eq(loans.id, loan.id));
    expect(moved).toMatchObject({ householdId: home.householdId, ownerKind: "member" });
    expect(
      await db().select().from(loanShares).where(eq(loanShares.loanId, loan.id)),
    ).toMatchObject([{ memberId: newMemberId, percentBp: 10_000, householdId: home.householdId }]);
    const parts = await db().select().from(loanParts).where(eq(loanParts.loanId, loan.id));
    const extras = await db()
      .select()
      .from(loanExtraRepayments)
      .where(eq(loanExtraRepayments.loanId, loan.id));
    expect([...parts, ...extras].map((row) => row.householdId)).toEqual([
      home.householdId,
      home.householdId,
    ]);
    const joined = await list(newMemberId);
    expect(joined.loans.map((item) => [item.id, item.scope.balanceCents])).toEqual([
      [loan.id, withExtra.summary.balanceCents],
    ]);
    expect((await detail(loan.id, newMemberId)).extras).toEqual(withExtra.extras);
  });
});
