import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { members } from "#server/db/schema/households.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { toCsv, utf8Bom, type CsvDelimiterName } from "#shared/csv-export.ts";
import { formatAmount, type DecimalSeparator } from "#shared/csv-import.ts";
import type { IsoDate } from "#shared/dates.ts";
import type { Language } from "#shared/i18n.ts";
import { taxLabels } from "#shared/tax-labels.ts";
import { taxYearOverview } from "./taxes.service.ts";
import { inParallel } from "#server/db/parallel.ts";

/**
 * A tax year as a CSV file for the return: one table with a section column, so a spreadsheet
 * can filter it — the payments and refunds, the deadlines, the tax-relevant categories' totals,
 * the own home's mortgage interest and the totals — in the caller's language, with its
 * delimiter and decimal mark unless asked otherwise (Dutch: semicolons and decimal commas, as a
 * Dutch spreadsheet opens it). Cells are escaped like the transactions export (a name that looks
 * like a formula stays text).
 */
const texts = {
  en: {
    header: ["Section", "Date", "Kind", "Status", "Description", "Person", "Amount"],
    items: "Payments and refunds",
    deadlines: "Deadlines",
    categories: "Tax-relevant categories",
    interest: "Mortgage interest, own home",
    totals: "Totals",
    household: "Household",
    income: "Income",
    expense: "Expenses",
    overdue: "Overdue",
    paid: "Paid",
    due: "Still to pay",
    received: "Refunds received",
    toReceive: "Refunds to receive",
    balance: "On balance paid (payments minus refunds)",
    balanceBack: "On balance received (refunds minus payments)",
    interestTotal: "Deductible mortgage interest",
    fileName: "taxes",
  },
  nl: {
    header: ["Onderdeel", "Datum", "Soort", "Status", "Omschrijving", "Persoon", "Bedrag"],
    items: "Betalingen en teruggaven",
    deadlines: "Uiterste data",
    categories: "Fiscaal relevante categorieën",
    interest: "Hypotheekrente eigen woning",
    totals: "Totalen",
    household: "Huishouden",
    income: "Inkomsten",
    expense: "Uitgaven",
    overdue: "Te laat",
    paid: "Betaald",
    due: "Nog te betalen",
    received: "Teruggaven ontvangen",
    toReceive: "Teruggaven te ontvangen",
    balance: "Per saldo betaald (betalingen min teruggaven)",
    balanceBack: "Per saldo ontvangen (teruggaven min betalingen)",
    interestTotal: "Aftrekbare hypotheekrente",
    fileName: "belastingen",
  },
} satisfies Record<Language, unknown>;

/** The language's own delimiter and decimal mark. */
const defaults: Record<Language, { delimiter: CsvDelimiterName; decimal: DecimalSeparator }> = {
  en: { delimiter: "comma", decimal: "dot" },
  nl: { delimiter: "semicolon", decimal: "comma" },
};

export function exportFileName(year: number, language: Language): string {
  return `${texts[language].fileName}-${year}.csv`;
}

export async function exportTaxYear(
  db: Db,
  viewer: Viewer,
  year: number,
  query: {
    member?: string | undefined;
    delimiter?: CsvDelimiterName | undefined;
    decimal?: DecimalSeparator | undefined;
  },
  day: IsoDate,
): Promise<string> {
  const { language } = viewer;
  const t = texts[language];
  const labels = taxLabels[language];
  const delimiter = query.delimiter ?? defaults[language].delimiter;
  const decimal = query.decimal ?? defaults[language].decimal;
  const [overview, people] = await inParallel(db, [
    () => taxYearOverview(db, viewer, year, query, day),
    () =>
      db
        .select({ id: members.id, name: members.name })
        .from(members)
        .where(eq(members.householdId, viewer.householdId)),
  ]);
  const names = new Map(people.map((row) => [row.id, row.name]));
  const whose = (memberId: string | null) =>
    memberId === null ? t.household : (names.get(memberId) ?? "");
  const amount = (cents: number) => formatAmount(cents, decimal);
  const { totals } = overview;
  const totalRows: [string, number][] = [
    [t.paid, totals.paidCents],
    [t.due, totals.dueCents],
    [t.received, totals.receivedCents],
    [t.toReceive, totals.toReceiveCents],
    // Unsigned, as every amount of the file (a leading minus would be escaped as a formula).
    totals.balanceCents < 0
      ? [t.balanceBack, -totals.balanceCents]
      : [t.balance, totals.balanceCents],
    [t.interestTotal, overview.ownHomeInterest.totalCents],
  ];
  const rows: (string | null)[][] = [
    ...overview.items.map((item) => [
      t.items,
      item.onDate,
      labels.itemKind[item.kind],
      labels.itemStatus[item.status],
      item.description,
      whose(item.memberId),
      amount(item.amountCents),
    ]),
    ...overview.deadlines.map((deadline) => [
      t.deadlines,
      deadline.dueOn,
      labels.deadlineKind[deadline.kind],
      deadline.overdue ? t.overdue : labels.deadlineStatus[deadline.status],
      deadline.title,
      whose(deadline.memberId),
      null,
    ]),
    ...overview.categories.map((category) => [
      t.categories,
      null,
      category.kind === "income" ? t.income : t.expense,
      null,
      category.name,
      overview.memberId === null ? t.household : whose(overview.memberId),
      amount(category.totalCents),
    ]),
    ...overview.ownHomeInterest.loans.map((loan) => [
      t.interest,
      null,
      null,
      null,
      loan.name,
      overview.memberId === null ? t.household : whose(overview.memberId),
      amount(loan.scopeInterestCents),
    ]),
    ...totalRows.map(([label, cents]) => [t.totals, null, null, null, label, null, amount(cents)]),
  ];
  return utf8Bom + toCsv([t.header, ...rows], { delimiter });
}
