import type { Db } from "#server/db/client.ts";
import { addExtra, bookPayment, createLoan } from "#server/features/loans/loans.service.ts";
import { saveBox3Settings } from "#server/features/taxes/box3.service.ts";
import { createTaxDeadline, createTaxItems } from "#server/features/taxes/taxes.service.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { addMonths, type IsoDate } from "#shared/dates.ts";
import {
  bookingInputSchema,
  createLoanSchema,
  extraRepaymentInputSchema,
} from "#shared/schemas/loans.schema.ts";
import {
  box3SettingsInputSchema,
  createTaxItemSchema,
  taxDeadlineInputSchema,
} from "#shared/schemas/taxes.schema.ts";

/** The first of a month `count` months from `today`'s month (negative: back). */
function firstOfMonth(today: IsoDate, count: number): IsoDate {
  return `${addMonths(today.slice(0, 7), count)}-01`;
}

/**
 * The demo household's loans and taxes (Pro), made through the areas' own services so they are
 * exactly what a family would have typed: the mortgage of the home they bought three years ago
 * in two parts — an annuity with a ten-year fixed rate and a linear part — shared 50/50, with an
 * extra repayment last year and its monthly payment booked (instead of rent) since the demo's
 * history starts; Joost's car loan; and two tax years: last year's provisional assessment paid
 * in monthly terms, its refund and the filed return, and this year's provisional assessment in
 * terms, the municipal and water board taxes and the return's deadline with a reminder; the two
 * are fiscal partners who split the box 3 base evenly.
 */
export async function seedDemoLoansAndTaxes(
  db: Db,
  viewer: Viewer,
  ids: { partner: string; housingCategoryId: string; historyStart: IsoDate; today: IsoDate },
): Promise<{ loans: number; taxItems: number; deadlines: number }> {
  const { partner, today } = ids;
  const me = viewer.memberId;
  const year = Number(today.slice(0, 4));

  const mortgage = await createLoan(
    db,
    viewer,
    createLoanSchema.parse({
      name: "Hypotheek Merelstraat",
      kind: "mortgage",
      lender: "Rabobank",
      ownHome: true,
      extraEffect: "shorter-term",
      ownerKind: "shared",
      shares: [
        { memberId: me, percentBp: 5_000 },
        { memberId: partner, percentBp: 5_000 },
      ],
      parts: [
        {
          name: "Leningdeel 1",
          principalCents: 24_800_000,
          startDate: firstOfMonth(today, -40),
          termMonths: 360,
          repaymentType: "annuity",
          rateBp: 389,
          fixedMonths: 120,
          followingRateBp: 450,
        },
        {
          name: "Leningdeel 2",
          principalCents: 8_200_000,
          startDate: firstOfMonth(today, -40),
          termMonths: 360,
          repaymentType: "linear",
          rateBp: 362,
          fixedMonths: 240,
          followingRateBp: 450,
        },
      ],
    }),
    today,
  );
  const annuityPart = mortgage.parts[0];
  if (!annuityPart) throw new Error("The demo mortgage has no parts.");
  await addExtra(
    db,
    viewer,
    mortgage.id,
    extraRepaymentInputSchema.parse({
      partId: annuityPart.id,
      kind: "once",
      date: `${addMonths(today.slice(0, 7), -14)}-15`,
      amountCents: 500_000,
      note: "Vakantiegeld en bonus",
    }),
    today,
  );
  await bookPayment(
    db,
    viewer,
    mortgage.id,
    bookingInputSchema.parse({
      categoryId: ids.housingCategoryId,
      splitMode: "percent",
      paidByMemberId: me,
      shares: [
        { memberId: me, percentBp: 5_000 },
        { memberId: partner, percentBp: 5_000 },
      ],
      startDate: ids.historyStart,
    }),
    today,
  );

  await createLoan(
    db,
    viewer,
    createLoanSchema.parse({
      name: "Autolening",
      kind: "car",
      lender: "Findio",
      ownHome: false,
      ownerKind: "member",
      memberId: partner,
      parts: [
        {
          principalCents: 1_650_000,
          startDate: firstOfMonth(today, -14),
          termMonths: 60,
          repaymentType: "annuity",
          rateBp: 690,
        },
      ],
    }),
    today,
  );

  const items = [
    // Last year: the provisional assessment in eleven terms from February, and its refund.
    {
      year: year - 1,
      kind: "provisional-assessment",
      status: "paid",
      amountCents: 143_000,
      onDate: `${year - 1}-02-28`,
      installments: 11,
      description: "Voorlopige aanslag inkomstenbelasting",
      memberId: partner,
    },
    {
      year: year - 1,
      kind: "income-tax",
      status: "received",
      amountCents: 41_200,
      onDate: `${year}-06-12`,
      description: "Definitieve aanslag: teruggaaf",
      memberId: partner,
    },
    // This year: the provisional assessment in terms, the municipal and water board taxes.
    {
      year,
      kind: "provisional-assessment",
      status: "paid",
      amountCents: 152_900,
      onDate: `${year}-02-28`,
      installments: 11,
      description: "Voorlopige aanslag inkomstenbelasting",
      memberId: partner,
    },
    {
      year,
      kind: "municipal",
      status: "paid",
      amountCents: 89_400,
      onDate: `${year}-03-31`,
      installments: 10,
      description: "Gemeente Utrecht: OZB, afvalstoffen- en rioolheffing",
    },
    {
      year,
      kind: "water-board",
      status: "paid",
      amountCents: 38_650,
      onDate: `${year}-04-30`,
      description: "Hoogheemraadschap De Stichtse Rijnlanden",
    },
  ];
  let taxItems = 0;
  for (const item of items) {
    const made = await createTaxItems(db, viewer, createTaxItemSchema.parse(item), today);
    taxItems += made.length;
  }

  const deadlines = [
    {
      year: year - 1,
      kind: "file-return",
      title: "Aangifte inkomstenbelasting",
      dueOn: `${year}-05-01`,
      status: "done",
    },
    {
      year,
      kind: "file-return",
      title: "Aangifte inkomstenbelasting",
      dueOn: `${year + 1}-05-01`,
      status: "open",
      remindDaysBefore: 14,
    },
  ];
  for (const deadline of deadlines) {
    await createTaxDeadline(db, viewer, taxDeadlineInputSchema.parse(deadline), today);
  }
  for (const taxYear of [year - 1, year]) {
    await saveBox3Settings(
      db,
      viewer,
      taxYear,
      box3SettingsInputSchema.parse({ partnerIds: [me, partner], firstPartnerSplitBp: 5_000 }),
    );
  }
  return { loans: 2, taxItems, deadlines: deadlines.length };
}
