import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { transactions } from "#server/db/schema/money.ts";
import {
  savingsAccounts,
  savingsAccountShares,
  savingsGoalAccounts,
  savingsGoalContributions,
  savingsGoals,
  savingsMovements,
  savingsRates,
  savingsStatements,
} from "#server/db/schema/savings.ts";
import { addMonths, daysInMonth, monthRange, type IsoDate } from "#shared/dates.ts";

type Movement = typeof savingsMovements.$inferInsert;

const monthDay = (month: string, day: number): IsoDate => {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return `${month}-${String(Math.min(day, daysInMonth(year, number))).padStart(2, "0")}`;
};

/** The rate in force on `day` from a list of [start, bp] newest last. */
function rateOn(rates: [IsoDate, number][], day: IsoDate): number {
  let bp = 0;
  for (const [start, rate] of rates) if (start <= day) bp = rate;
  return bp;
}

/**
 * Two years of an account, month by month from `firstMonth` up to `today`: whatever `monthly`
 * books in a month, then interest at the month's rate on the month-end balance, credited every
 * `creditEvery` months (on the month's last day) the way Dutch banks pay it.
 */
function accountHistory(options: {
  accountId: string;
  householdId: string;
  firstMonth: string;
  today: IsoDate;
  rates: [IsoDate, number][];
  creditEvery: 3 | 12;
  monthly: (month: string) => Omit<Movement, "accountId" | "householdId">[];
}): { movements: Movement[]; balance: number } {
  const movements: Movement[] = [];
  let balance = 0;
  let accrued = 0;
  for (let month = options.firstMonth; ; month = addMonths(month, 1)) {
    const { to } = monthRange(month);
    if (monthRange(month).from > options.today) break;
    for (const movement of options.monthly(month)) {
      if (movement.occurredOn > options.today) continue;
      movements.push({
        ...movement,
        accountId: options.accountId,
        householdId: options.householdId,
      });
      balance += movement.amountCents;
    }
    if (to > options.today) break;
    accrued += (balance * rateOn(options.rates, to)) / 10_000 / 12;
    const monthNumber = Number(month.slice(5, 7));
    if (monthNumber % options.creditEvery === 0 && Math.round(accrued) > 0) {
      const interest = Math.round(accrued);
      movements.push({
        accountId: options.accountId,
        householdId: options.householdId,
        kind: "interest",
        amountCents: interest,
        occurredOn: to,
      });
      balance += interest;
      accrued = 0;
    }
  }
  return { movements, balance };
}

/**
 * The demo household's savings: a joint savings account (50/50) with a monthly transfer, a
 * summer withdrawal, quarterly interest and a rate change a year ago, and a statement whose
 * interest Hearth has not booked yet; Sanne's own fixed-term deposit with yearly interest; a
 * holiday goal on the joint account and an emergency fund of four months of the household's own
 * spending on the deposit.
 */
export async function seedDemoSavings(
  db: Db,
  ids: { householdId: string; me: string; partner: string; aggregateId: string; today: IsoDate },
): Promise<{ accounts: number; movements: number; goals: number }> {
  const { householdId, me, partner, aggregateId, today } = ids;
  const thisMonth = today.slice(0, 7);
  const firstMonth = addMonths(thisMonth, -24);
  const rateChange = monthDay(addMonths(thisMonth, -12), 1);

  return db.transaction(async (tx) => {
    const [joint, deposit] = await tx
      .insert(savingsAccounts)
      .values([
        {
          householdId,
          name: "Gezamenlijke spaarrekening",
          institution: "ING",
          kind: "savings",
          ownerKind: "shared",
        },
        {
          householdId,
          name: "Deposito 3 jaar",
          institution: "ASN Bank",
          kind: "fixed-term",
          ownerKind: "member",
        },
      ])
      .returning({ id: savingsAccounts.id });
    if (!joint || !deposit) throw new Error("The savings accounts were not stored.");
    await tx.insert(savingsAccountShares).values([
      { accountId: joint.id, householdId, memberId: me, percentBp: 5_000 },
      { accountId: joint.id, householdId, memberId: partner, percentBp: 5_000 },
      { accountId: deposit.id, householdId, memberId: me, percentBp: 10_000 },
    ]);
    const jointRates: [IsoDate, number][] = [
      [monthDay(firstMonth, 1), 150],
      [rateChange, 225],
    ];
    const depositRates: [IsoDate, number][] = [[monthDay(firstMonth, 15), 280]];
    await tx.insert(savingsRates).values([
      ...jointRates.map(([startsOn, rateBp]) => ({
        accountId: joint.id,
        householdId,
        startsOn,
        rateBp,
      })),
      ...depositRates.map(([startsOn, rateBp]) => ({
        accountId: deposit.id,
        householdId,
        startsOn,
        rateBp,
      })),
    ]);

    const jointHistory = accountHistory({
      accountId: joint.id,
      householdId,
      firstMonth,
      today,
      rates: jointRates,
      creditEvery: 3,
      monthly: (month) => [
        ...(month === firstMonth
          ? [
              {
                kind: "deposit" as const,
                amountCents: 120_000,
                occurredOn: monthDay(month, 1),
                note: "Beginsaldo",
                sourceMemberId: aggregateId,
              },
            ]
          : []),
        {
          kind: "deposit" as const,
          amountCents: 30_000,
          occurredOn: monthDay(month, 26),
          note: "Maandelijks opzij",
          sourceMemberId: aggregateId,
        },
        ...(month.endsWith("-07")
          ? [
              {
                kind: "withdrawal" as const,
                amountCents: -150_000,
                occurredOn: monthDay(month, 8),
                note: "Zomervakantie",
              },
            ]
          : []),
      ],
    });
    const depositHistory = accountHistory({
      accountId: deposit.id,
      householdId,
      firstMonth,
      today,
      rates: depositRates,
      creditEvery: 12,
      monthly: (month) =>
        month === firstMonth
          ? [
              {
                kind: "deposit" as const,
                amountCents: 1_000_000,
                occurredOn: monthDay(month, 15),
                note: "Vakantiegeld en bonus vastgezet",
                sourceMemberId: me,
              },
            ]
          : [],
    });
    const movements = [...jointHistory.movements, ...depositHistory.movements];
    for (let at = 0; at < movements.length; at += 500) {
      await tx.insert(savingsMovements).values(movements.slice(at, at + 500));
    }
    // Last month's statement says what the bank credited that Hearth has not booked yet.
    await tx.insert(savingsStatements).values({
      accountId: joint.id,
      householdId,
      statedOn: monthRange(addMonths(thisMonth, -1)).to,
      balanceCents:
        jointHistory.balance -
        jointHistory.movements
          .filter((m) => m.occurredOn > monthRange(addMonths(thisMonth, -1)).to)
          .reduce((sum, m) => sum + m.amountCents, 0) +
        1_234,
    });

    // Four months of the last year's spending, the way the emergency-fund suggestion counts it.
    const [spent] = await tx
      .select({
        cents: sql<string>`coalesce(sum(${transactions.amountCents}), 0)`,
        months: sql<number>`count(distinct to_char(${transactions.occurredOn}, 'YYYY-MM'))::int`,
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.householdId, householdId),
          eq(transactions.kind, "expense"),
          isNull(transactions.deletedAt),
          gte(transactions.occurredOn, monthRange(addMonths(thisMonth, -12)).from),
          lt(transactions.occurredOn, monthRange(thisMonth).from),
        ),
      );
    const average = Math.round(Number(spent?.cents ?? 0) / Math.max(Number(spent?.months), 1));
    const nextSummer = `${Number(today.slice(0, 4)) + (today.slice(5) < "06-01" ? 0 : 1)}-07-01`;
    const goals = await tx
      .insert(savingsGoals)
      .values([
        {
          householdId,
          name: `Zomervakantie ${nextSummer.slice(0, 4)}`,
          kind: "custom",
          targetCents: 750_000,
          targetDate: nextSummer,
          plannedMonthlyCents: null,
        },
        {
          householdId,
          name: "Noodfonds",
          kind: "emergency",
          targetCents: average * 4,
          targetDate: monthDay(addMonths(thisMonth, 24), 1),
          plannedMonthlyCents: 30_000,
          emergencyMonths: 4,
        },
      ])
      .returning({ id: savingsGoals.id });
    const [holiday, emergency] = goals;
    if (!holiday || !emergency) throw new Error("The goals were not stored.");
    await tx.insert(savingsGoalAccounts).values([
      { goalId: holiday.id, accountId: joint.id, householdId },
      { goalId: emergency.id, accountId: deposit.id, householdId },
    ]);
    await tx.insert(savingsGoalContributions).values([
      { goalId: holiday.id, memberId: me, householdId, monthlyCents: 15_000 },
      { goalId: holiday.id, memberId: partner, householdId, monthlyCents: 15_000 },
    ]);
    return { accounts: 2, movements: movements.length, goals: goals.length };
  });
}
