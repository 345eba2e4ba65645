import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysInMonth } from "./dates.ts";
import {
  compareExtraRepayments,
  extraRepaymentEffects,
  loanSchedule,
  maxPrincipalCents,
  penaltyFreeAllowance,
  repaymentTypes,
  summarize,
  type ExtraRepayment,
  type ExtraRepaymentEffect,
  type LoanPart,
  type PartSchedule,
  type ScheduleRow,
} from "./loan-math.ts";
import { allocate } from "./money.ts";

/** €1,000.00 at 12 % (1 % a month) over 3 months: small enough to follow by hand. */
const small: LoanPart = {
  principalCents: 100_000,
  startDate: "2026-01-01",
  termMonths: 3,
  repaymentType: "annuity",
  annualRateBp: 1200,
  fixedRateMonths: null,
  rateAfterFixedBp: null,
  extraRepayments: [],
};

/** €300,000.00 at 4 % over 30 years, the textbook mortgage. */
const mortgage: LoanPart = {
  ...small,
  principalCents: 30_000_000,
  termMonths: 360,
  annualRateBp: 400,
};

function schedule(part: LoanPart, effect: ExtraRepaymentEffect = "shorter-term"): PartSchedule {
  const [only] = loanSchedule({ parts: [part], extraRepaymentEffect: effect }).parts;
  if (!only) throw new Error("a one-part loan has one part schedule");
  return only;
}

const rowsOf = (part: LoanPart, effect?: ExtraRepaymentEffect) => schedule(part, effect).rows;

/** A one-part loan with and without its extras, with each side's rows at hand. */
function compareOne(part: LoanPart, effect: ExtraRepaymentEffect, day = part.startDate) {
  const comparison = compareExtraRepayments({ parts: [part], extraRepaymentEffect: effect }, day);
  const withRows = comparison.withExtras.parts[0]?.rows ?? [];
  const withoutRows = comparison.withoutExtras.parts[0]?.rows ?? [];
  const { interestSavedCents, payoffDate, nextPaymentCents } = comparison;
  return { withRows, withoutRows, effect: { interestSavedCents, payoffDate, nextPaymentCents } };
}

/** [payment, interest, repayment, extra, balance] of each row, for tables written by hand. */
const figures = (rows: ScheduleRow[]) =>
  rows.map((r) => [
    r.paymentCents,
    r.interestCents,
    r.repaymentCents,
    r.extraRepaymentCents,
    r.balanceCents,
  ]);

const totalInterest = (rows: ScheduleRow[]) => rows.reduce((sum, r) => sum + r.interestCents, 0);

/** balance × bp / 120000 half up, in BigInt: an oracle that shares no code with the module. */
function expectedInterest(balance: number, rateBp: number): number {
  return Number((BigInt(balance) * BigInt(rateBp) * 2n + 120_000n) / 240_000n);
}

/** The annuity formula in plain floating point, unrounded. */
const annuity = (balance: number, rateBp: number, months: number) => {
  const i = rateBp / 120_000;
  return (balance * i) / (1 - (1 + i) ** -months);
};

/** Month `number`'s due date: that many months after the start, on its day or the month's last. */
function dueDateOf(startDate: string, number: number): string {
  const index = Number(startDate.slice(0, 4)) * 12 + Number(startDate.slice(5, 7)) - 1 + number;
  const [year, month] = [Math.floor(index / 12), (index % 12) + 1];
  const day = Math.min(Number(startDate.slice(8, 10)), daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The rate a part's month pays, from its definition. */
const rateOf = (part: LoanPart, month: number) =>
  part.fixedRateMonths !== null && month > part.fixedRateMonths
    ? (part.rateAfterFixedBp ?? part.annualRateBp)
    : part.annualRateBp;

describe("annuity", () => {
  it("pays €1,432.25 a month for €300,000 at 4 % over 360 months", () => {
    // 300,000 × (0.04 / 12) / (1 − (1 + 0.04 / 12)^−360) = 1,432.2458… → 1,432.25.
    const rows = rowsOf(mortgage);
    expect(rows).toHaveLength(360);
    expect(rows.slice(0, -1).every((r) => r.paymentCents === 143_225)).toBe(true);
    // Month 1: 300,000.00 × 4 % / 12 = 1,000.00 interest, 432.25 repaid.
    // Month 2: 299,567.75 × 4 % / 12 = 998.559166… → 998.56 interest, 433.69 repaid.
    expect(figures(rows.slice(0, 2))).toEqual([
      [143_225, 100_000, 43_225, 0, 29_956_775],
      [143_225, 99_856, 43_369, 0, 29_913_406],
    ]);
    expect(rows[0]?.dueDate).toBe("2026-02-01");
    // The last payment absorbs the rounding: 359 × 1,432.25 + 1,429.45 − 300,000.00 interest.
    expect(rows.at(-1)).toMatchObject({
      number: 360,
      dueDate: "2056-01-01",
      paymentCents: 142_945,
      interestCents: 475,
      repaymentCents: 142_470,
      balanceCents: 0,
    });
    expect(totalInterest(rows)).toBe(359 * 143_225 + 142_945 - 30_000_000);
  });

  it("follows a small loan by hand, the last month taking the rounding", () => {
    // 1,000.00 × 0.01 / (1 − 1.01^−3) = 340.0221… → 340.02 a month.
    //   1: 1,000.00 × 1 % = 10.00;           repaid 330.02; left 669.98
    //   2:   669.98 × 1 % =  6.6998  →  6.70; repaid 333.32; left 336.66
    //   3:   336.66 × 1 % =  3.3666  →  3.37; repaid 336.66 (all), paid 340.03
    expect(figures(rowsOf(small))).toEqual([
      [34_002, 1_000, 33_002, 0, 66_998],
      [34_002, 670, 33_332, 0, 33_666],
      [34_003, 337, 33_666, 0, 0],
    ]);
  });

  it("recomputes the payment on the balance and months left when the rate changes", () => {
    // 12 % for the first month, then 24 % (2 % a month) on 669.98 over 2 months:
    // 669.98 × 0.02 / (1 − 1.02^−2) = 345.073… → 345.07.
    //   2: 669.98 × 2 % = 13.3996 → 13.40; repaid 331.67; left 338.31
    //   3: 338.31 × 2 % =  6.7662 →  6.77; repaid 338.31, paid 345.08
    const rows = rowsOf({ ...small, fixedRateMonths: 1, rateAfterFixedBp: 2400 });
    expect(rows.map((r) => r.annualRateBp)).toEqual([1200, 2400, 2400]);
    expect(figures(rows)).toEqual([
      [34_002, 1_000, 33_002, 0, 66_998],
      [34_507, 1_340, 33_167, 0, 33_831],
      [34_508, 677, 33_831, 0, 0],
    ]);
  });

  it("pays a new payment after a 10-year fixed period, the formula's on what is left", () => {
    const rows = rowsOf({ ...mortgage, fixedRateMonths: 120, rateAfterFixedBp: 500 });
    const left = rows[119]?.balanceCents ?? 0;
    const after = rows[120]?.paymentCents ?? 0;
    expect(rows[119]?.paymentCents).toBe(143_225);
    expect(rows[120]?.annualRateBp).toBe(500);
    expect(Math.abs(after - annuity(left, 500, 240))).toBeLessThanOrEqual(0.5);
    expect(after).toBeGreaterThan(143_225);
    expect(rows.slice(120, -1).every((r) => r.paymentCents === after)).toBe(true);
    expect(rows.at(-1)?.balanceCents).toBe(0);
  });

  it("repays principal ÷ months at 0 %, the first months a cent more", () => {
    expect(figures(rowsOf({ ...small, annualRateBp: 0 }))).toEqual([
      [33_334, 0, 33_334, 0, 66_666],
      [33_333, 0, 33_333, 0, 33_333],
      [33_333, 0, 33_333, 0, 0],
    ]);
  });
});

describe("linear and interest-only", () => {
  it("repays the same each month, interest on the falling balance", () => {
    // 100,000 cents / 3 = 33,333 rest 1: the first month repays a cent more.
    //   1: 1,000.00 × 1 % = 10.00; 2: 666.66 × 1 % = 6.6666 → 6.67; 3: 333.33 × 1 % → 3.33.
    expect(figures(rowsOf({ ...small, repaymentType: "linear" }))).toEqual([
      [34_334, 1_000, 33_334, 0, 66_666],
      [34_000, 667, 33_333, 0, 33_333],
      [33_666, 333, 33_333, 0, 0],
    ]);
    // 100,000 / 7 = 14,285 rest 5: five months of 142.86, then two of 142.85.
    const seven = rowsOf({ ...small, repaymentType: "linear", termMonths: 7 });
    expect(seven.map((r) => r.repaymentCents)).toEqual([
      14_286, 14_286, 14_286, 14_286, 14_286, 14_285, 14_285,
    ]);
  });

  it("pays interest only and the whole principal with the last payment", () => {
    expect(figures(rowsOf({ ...small, repaymentType: "interest-only" }))).toEqual([
      [1_000, 1_000, 0, 0, 100_000],
      [1_000, 1_000, 0, 0, 100_000],
      [101_000, 1_000, 100_000, 0, 0],
    ]);
  });
});

describe("due dates", () => {
  it("fall a month after the start, on its day, or the last day of a shorter month", () => {
    const dates = (startDate: string) =>
      rowsOf({ ...small, startDate, termMonths: 4 }).map((r) => r.dueDate);
    expect(dates("2026-01-31")).toEqual(["2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]);
    expect(dates("2027-12-31")).toEqual(["2028-01-31", "2028-02-29", "2028-03-31", "2028-04-30"]);
    expect(dates("2026-11-15")).toEqual(["2026-12-15", "2027-01-15", "2027-02-15", "2027-03-15"]);
  });
});

describe("extra repayments", () => {
  // €1,000.00 at 12 % over 4 months: 10 / (1 − 1.01^−4) = 256.2811… → 256.28 a month.
  // Without extras: interest 10.00, 7.54, 5.05, 2.54 (25.13), the last payment 256.29.
  const four: LoanPart = { ...small, termMonths: 4 };
  const extra: ExtraRepayment = { kind: "one-off", date: "2026-02-10", amountCents: 30_000 };
  const withExtra = (effect: ExtraRepaymentEffect, part: LoanPart = four) =>
    compareOne({ ...part, extraRepayments: [extra] }, effect, "2026-02-15");

  it("keeps the payment and ends earlier with a shorter term", () => {
    // 300.00 extra with February's payment (its calendar month):
    //   1: 10.00 interest, 246.28 repaid, 300.00 extra; left 453.72
    //   2: 453.72 × 1 % = 4.5372 → 4.54; repaid 251.74; left 201.98
    //   3: 201.98 × 1 % = 2.0198 → 2.02; repays the 201.98 left, paying 204.00
    const { withRows, effect } = withExtra("shorter-term");
    expect(figures(withRows)).toEqual([
      [25_628, 1_000, 24_628, 30_000, 45_372],
      [25_628, 454, 25_174, 0, 20_198],
      [20_400, 202, 20_198, 0, 0],
    ]);
    // 25.13 − (10.00 + 4.54 + 2.02) = 8.57 saved, a month sooner, the same payment.
    expect(effect).toEqual({
      interestSavedCents: 857,
      payoffDate: { withExtras: "2026-04-01", withoutExtras: "2026-05-01" },
      nextPaymentCents: { withExtras: 25_628, withoutExtras: 25_628 },
    });
  });

  it("keeps the end date and lowers the payment with a lower payment", () => {
    // The extra took 300.00 off the balance; its annuity over the 3 months left is
    // 300.00 × 0.01 / (1 − 1.01^−3) = 102.0066…: the payment falls by 101.99 (rounded down,
    // less the cent that keeps the interest from ever rising) to 154.29. A fresh annuity of
    // the 453.72 left would be 154.275… → 154.28.
    //   2: 453.72 × 1 % = 4.5372 → 4.54; repaid 149.75; left 303.97
    //   3: 303.97 × 1 % = 3.0397 → 3.04; repaid 151.25; left 152.72
    //   4: 152.72 × 1 % = 1.5272 → 1.53; repays the 152.72 left, paying 154.25
    const { withRows, effect } = withExtra("lower-payment");
    expect(figures(withRows)).toEqual([
      [25_628, 1_000, 24_628, 30_000, 45_372],
      [15_429, 454, 14_975, 0, 30_397],
      [15_429, 304, 15_125, 0, 15_272],
      [15_425, 153, 15_272, 0, 0],
    ]);
    // 25.13 − (10.00 + 4.54 + 3.04 + 1.53) = 6.02 saved, the same end date.
    expect(effect).toEqual({
      interestSavedCents: 602,
      payoffDate: { withExtras: "2026-05-01", withoutExtras: "2026-05-01" },
      nextPaymentCents: { withExtras: 15_429, withoutExtras: 25_628 },
    });
  });

  it("never lowers an annuity's payment by more than the extra earns", () => {
    // €1.00 extra on €300,000.00 at 4 %: its annuity over the 359 months left is 0.48 cent.
    // A fresh annuity of the balance left rounds to 1,432.24, a cent less than before; paying
    // that would cost €0.67 more interest over the loan than no extra at all. The payment stays
    // 1,432.25 and the euro saves what it earns with interest, €2.26.
    const { withRows, effect } = compareOne(
      { ...mortgage, extraRepayments: [{ kind: "one-off", date: "2026-02-01", amountCents: 100 }] },
      "lower-payment",
      "2026-02-01",
    );
    expect(withRows[0]?.extraRepaymentCents).toBe(100);
    expect(Math.round(annuity(withRows[0]?.balanceCents ?? 0, 400, 359))).toBe(143_224);
    expect(effect.nextPaymentCents).toEqual({ withExtras: 143_225, withoutExtras: 143_225 });
    expect(effect.interestSavedCents).toBe(226);
  });

  it("keeps the months an extra saved when the rate changes after a shorter term", () => {
    const part: LoanPart = {
      ...mortgage,
      fixedRateMonths: 120,
      rateAfterFixedBp: 500,
      extraRepayments: [{ kind: "one-off", date: "2031-01-15", amountCents: 5_000_000 }],
    };
    const { withRows, withoutRows, effect } = compareOne(part, "shorter-term");
    // The new rate's payment is the one the loan pays without the extra, so it ends earlier.
    expect(withRows[120]?.paymentCents).toBe(withoutRows[120]?.paymentCents);
    expect(withRows[120]?.paymentCents).toBeGreaterThan(143_225);
    expect(withRows.length).toBeLessThan(withoutRows.length - 12);
    expect(effect.payoffDate.withExtras < effect.payoffDate.withoutExtras).toBe(true);
    expect(effect.interestSavedCents).toBeGreaterThan(5_000_000);
  });

  it("keeps a linear part's repayment, or spreads the balance over the months left", () => {
    const linear: LoanPart = { ...four, repaymentType: "linear" };
    // 250.00 a month; after the 300.00 extra 450.00 is left.
    const shorter = withExtra("shorter-term", linear);
    expect(shorter.withRows.map((r) => r.repaymentCents)).toEqual([25_000, 25_000, 20_000]);
    // Lower payment: 450.00 over the 3 months left, 150.00 each.
    const lower = withExtra("lower-payment", linear);
    expect(lower.withRows.map((r) => r.repaymentCents)).toEqual([25_000, 15_000, 15_000, 15_000]);
    // Without: interest 10.00, 7.50, 5.00, 2.50. Shorter: 10.00, 4.50, 2.00. Lower: 10.00,
    // 4.50, 3.00, 1.50.
    expect(shorter.effect.interestSavedCents).toBe(300 + 300 + 250);
    expect(lower.effect.interestSavedCents).toBe(300 + 200 + 100);
  });

  it("lowers an interest-only part's interest and keeps its bullet at the end", () => {
    const rows = rowsOf({ ...four, repaymentType: "interest-only", extraRepayments: [extra] });
    expect(figures(rows)).toEqual([
      [1_000, 1_000, 0, 30_000, 70_000],
      [700, 700, 0, 0, 70_000],
      [700, 700, 0, 0, 70_000],
      [70_700, 700, 70_000, 0, 0],
    ]);
  });

  it("ends the loan when an extra is more than the balance, taking only the balance", () => {
    const rows = rowsOf({
      ...four,
      extraRepayments: [{ kind: "one-off", date: "2026-03-01", amountCents: 1_000_000 }],
    });
    expect(figures(rows)).toEqual([
      [25_628, 1_000, 24_628, 0, 75_372],
      [25_628, 754, 24_874, 50_498, 0],
    ]);
  });

  it("takes an extra in its calendar month, one in the start's month with the first payment", () => {
    const extras = (extraRepayments: ExtraRepayment[]) =>
      rowsOf({ ...small, startDate: "2026-01-20", termMonths: 6, extraRepayments }).map(
        (r) => r.extraRepaymentCents,
      );
    const oneOff = (date: string): ExtraRepayment => ({ kind: "one-off", date, amountCents: 100 });
    // Payments on the 20th of February to July. Before the start there was nothing to repay;
    // after the last month there is nothing left.
    expect(
      extras([
        oneOff("2026-01-19"),
        oneOff("2026-01-25"),
        oneOff("2026-03-01"),
        oneOff("2026-03-31"),
        oneOff("2026-08-01"),
      ]),
    ).toEqual([100, 200, 0, 0, 0, 0]);
  });

  it("repeats a yearly extra on its date until its last date, 29 February on the 28th", () => {
    const rows = rowsOf({
      ...mortgage,
      startDate: "2027-12-01",
      extraRepayments: [
        { kind: "yearly", firstDate: "2028-02-29", untilDate: "2031-02-28", amountCents: 500_000 },
      ],
    });
    const extras = rows.filter((r) => r.extraRepaymentCents > 0);
    expect(extras.map((r) => [r.dueDate, r.extraRepaymentCents])).toEqual([
      ["2028-02-01", 500_000],
      ["2029-02-01", 500_000],
      ["2030-02-01", 500_000],
      ["2031-02-01", 500_000],
    ]);
  });
});

describe("summary", () => {
  const part = schedule({ ...small, startDate: "2026-01-15" });
  // Payments of 340.02, 340.02 and 340.03 on 15 February, March and April; interest 10.00,
  // 6.70 and 3.37 (20.07 in all); balances 669.98, 336.66, 0.

  it("owes nothing before the start and the principal until the first payment", () => {
    expect(summarize([part], "2026-01-14")).toEqual({
      balanceCents: 0,
      interestPaidCents: 0,
      interestToComeCents: 2_007,
      totalInterestCents: 2_007,
      payoffDate: "2026-04-15",
      thisMonthPaymentCents: 0,
      nextPayment: { dueDate: "2026-02-15", paymentCents: 34_002 },
    });
    expect(summarize([part], "2026-02-14")).toMatchObject({
      balanceCents: 100_000,
      interestPaidCents: 0,
      thisMonthPaymentCents: 34_002,
      nextPayment: { dueDate: "2026-02-15", paymentCents: 34_002 },
    });
  });

  it("counts a payment as made on its due date", () => {
    expect(summarize([part], "2026-03-15")).toEqual({
      balanceCents: 33_666,
      interestPaidCents: 1_670,
      interestToComeCents: 337,
      totalInterestCents: 2_007,
      payoffDate: "2026-04-15",
      thisMonthPaymentCents: 34_002,
      nextPayment: { dueDate: "2026-04-15", paymentCents: 34_003 },
    });
  });

  it("has nothing more to pay after the payoff", () => {
    expect(summarize([part], "2026-05-01")).toMatchObject({
      balanceCents: 0,
      interestPaidCents: 2_007,
      interestToComeCents: 0,
      thisMonthPaymentCents: 0,
      nextPayment: null,
    });
  });

  it("adds up a loan's parts, the next payment being the soonest date's", () => {
    const linear = schedule({ ...small, startDate: "2026-02-15", repaymentType: "linear" });
    const other = schedule({ ...small, startDate: "2026-01-20", repaymentType: "interest-only" });
    // On 1 March: the annuity paid 340.02 on 15 February, the linear part was borrowed on
    // 15 February, the interest-only part paid 10.00 on 20 February.
    expect(summarize([part, linear, other], "2026-03-01")).toEqual({
      balanceCents: 66_998 + 100_000 + 100_000,
      interestPaidCents: 1_000 + 1_000,
      interestToComeCents: 670 + 337 + 1_000 + 667 + 333 + 1_000 + 1_000,
      totalInterestCents: 2_007 + 2_000 + 3_000,
      payoffDate: "2026-05-15",
      thisMonthPaymentCents: 34_002 + 34_334 + 1_000,
      nextPayment: { dueDate: "2026-03-15", paymentCents: 34_002 + 34_334 },
    });
  });

  it("refuses no parts", () => {
    expect(() => summarize([], "2026-01-01")).toThrow(RangeError);
  });
});

describe("a loan of several parts", () => {
  it("adds its parts up month by month, a part borrowed later counting from its start", () => {
    const result = loanSchedule({
      parts: [small, { ...small, startDate: "2026-02-10", repaymentType: "linear" }],
      extraRepaymentEffect: "lower-payment",
    });
    expect(
      result.months.map((m) => [
        m.month,
        m.paymentCents,
        m.interestCents,
        m.repaymentCents,
        m.balanceCents,
      ]),
    ).toEqual([
      // February: the annuity's first payment; the linear part borrowed, not yet paid on.
      ["2026-02", 34_002, 1_000, 33_002, 66_998 + 100_000],
      ["2026-03", 34_002 + 34_334, 670 + 1_000, 33_332 + 33_334, 33_666 + 66_666],
      ["2026-04", 34_003 + 34_000, 337 + 667, 33_666 + 33_333, 33_333],
      ["2026-05", 33_666, 333, 33_333, 0],
    ]);
  });

  it("refuses what is not a loan", () => {
    const refuses = (change: Partial<LoanPart>) =>
      expect(() =>
        loanSchedule({ parts: [{ ...small, ...change }], extraRepaymentEffect: "shorter-term" }),
      ).toThrow(RangeError);
    expect(() => loanSchedule({ parts: [], extraRepaymentEffect: "shorter-term" })).toThrow(
      RangeError,
    );
    refuses({ principalCents: 0 });
    refuses({ principalCents: 12.5 });
    refuses({ principalCents: 10_000_000_001 });
    refuses({ termMonths: 0 });
    refuses({ annualRateBp: -1 });
    refuses({ annualRateBp: 3.85 });
    refuses({ fixedRateMonths: 0 });
    refuses({ startDate: "2026-02-30" });
    refuses({ extraRepayments: [{ kind: "one-off", date: "2026-03-01", amountCents: 0 }] });
    expect(() =>
      loanSchedule({
        parts: [
          { ...small, principalCents: 6_000_000_000 },
          { ...small, principalCents: 6_000_000_000 },
        ],
        extraRepaymentEffect: "shorter-term",
      }),
    ).toThrow(RangeError);
  });
});

describe("penalty-free allowance", () => {
  it("compares each calendar year's extras across the parts with 10 % of the principal", () => {
    const result = loanSchedule({
      parts: [
        {
          ...mortgage,
          principalCents: 20_000_000,
          startDate: "2026-10-01",
          extraRepayments: [{ kind: "one-off", date: "2027-03-05", amountCents: 2_500_000 }],
        },
        {
          ...mortgage,
          principalCents: 10_000_000,
          startDate: "2026-10-01",
          repaymentType: "interest-only",
          extraRepayments: [
            { kind: "yearly", firstDate: "2027-06-01", untilDate: null, amountCents: 1_000_000 },
          ],
        },
      ],
      extraRepaymentEffect: "shorter-term",
    });
    const years = penaltyFreeAllowance(result);
    expect(years.slice(0, 3)).toEqual([
      { year: 2026, extraRepaymentCents: 0, allowanceCents: 3_000_000, overAllowance: false },
      {
        year: 2027,
        extraRepaymentCents: 3_500_000,
        allowanceCents: 3_000_000,
        overAllowance: true,
      },
      {
        year: 2028,
        extraRepaymentCents: 1_000_000,
        allowanceCents: 3_000_000,
        overAllowance: false,
      },
    ]);
    // 15 % of €300,000.00 is €45,000.00; half a cent of an allowance is not given.
    expect(penaltyFreeAllowance(result, 1500)[1]?.allowanceCents).toBe(4_500_000);
    const odd = loanSchedule({
      parts: [{ ...small, principalCents: 12_345 }],
      extraRepaymentEffect: "shorter-term",
    });
    expect(penaltyFreeAllowance(odd)[0]?.allowanceCents).toBe(1_234);
  });
});

// ---- properties ------------------------------------------------------------------------------

/** A date from 1990 to 2060, often the end of a month, where clamping matters. */
const dateArb = fc
  .record({
    year: fc.integer({ min: 1990, max: 2060 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 28, max: 31 })),
  })
  .map(({ year, month, day }) => {
    const clamped = Math.min(day, daysInMonth(year, month));
    return `${year}-${String(month).padStart(2, "0")}-${String(clamped).padStart(2, "0")}`;
  });

/** A part without extras: any principal up to €100 million, term, rate, type, fixed period. */
const plainPartArb: fc.Arbitrary<LoanPart> = fc
  .record({
    principalCents: fc.oneof(
      fc.integer({ min: 1, max: 100_000 }),
      fc.integer({ min: 1, max: 10_000_000_000 }),
    ),
    startDate: dateArb,
    termMonths: fc.oneof(fc.integer({ min: 1, max: 600 }), fc.constantFrom(1, 2, 360, 600)),
    repaymentType: fc.constantFrom(...repaymentTypes),
    annualRateBp: fc.oneof(fc.integer({ min: 0, max: 1500 }), fc.constant(0)),
    fixedRateMonths: fc.option(fc.integer({ min: 1, max: 600 }), { nil: null }),
    rateAfterFixedBp: fc.option(fc.integer({ min: 0, max: 1500 }), { nil: null }),
  })
  .map((part) => ({ ...part, extraRepayments: [] }));

/** Extras within a part's life and a little around it: tiny, large, more than it owes. */
const extrasArb = (part: LoanPart): fc.Arbitrary<ExtraRepayment[]> => {
  const day = fc
    .integer({ min: -40, max: part.termMonths * 31 + 40 })
    .map((offset) => addDays(part.startDate, offset));
  const amount = fc.oneof(
    fc.integer({ min: 1, max: 1_000 }),
    fc.integer({ min: 1, max: Math.max(1, Math.floor(part.principalCents / 4)) }),
    fc.integer({ min: 1, max: Math.min(part.principalCents + 1_000, maxPrincipalCents) }),
  );
  const extra: fc.Arbitrary<ExtraRepayment> = fc.oneof(
    fc.record({ kind: fc.constant("one-off" as const), date: day, amountCents: amount }),
    fc.record({
      kind: fc.constant("yearly" as const),
      firstDate: day,
      untilDate: fc.option(day, { nil: null }),
      amountCents: amount,
    }),
  );
  return fc.array(extra, { minLength: 1, maxLength: 4 });
};

const partArb: fc.Arbitrary<LoanPart> = plainPartArb.chain((part) =>
  fc.oneof(
    fc.constant(part),
    extrasArb(part).map((extraRepayments) => ({ ...part, extraRepayments })),
  ),
);
const effectArb = fc.constantFrom(...extraRepaymentEffects);

describe("properties", () => {
  // Each run checks hundreds of rows: they are compared whole, or as one list of the rows that
  // break a rule, so a failure names them and a run stays cheap.

  it("repays the principal exactly, to a balance of exactly 0, within the term", () => {
    fc.assert(
      fc.property(partArb, effectArb, (part, effect) => {
        const rows = rowsOf(part, effect);
        expect(rows.length >= 1 && rows.length <= part.termMonths).toBe(true);
        // The rows as the rules make them from each row's repayment and extra.
        let before = part.principalCents;
        const expected = rows.map((row, index): ScheduleRow => {
          const number = index + 1;
          const interest = expectedInterest(before, rateOf(part, number));
          before -= row.repaymentCents + row.extraRepaymentCents;
          return {
            number,
            dueDate: dueDateOf(part.startDate, number),
            annualRateBp: rateOf(part, number),
            paymentCents: interest + row.repaymentCents,
            interestCents: interest,
            repaymentCents: row.repaymentCents,
            extraRepaymentCents: row.extraRepaymentCents,
            balanceCents: before,
          };
        });
        expect(rows).toEqual(expected);
        // Whole cents, never negative (so the balance never grows), 0 only at the end.
        const amounts = rows.flatMap((r) => [r.paymentCents, r.repaymentCents, r.balanceCents]);
        expect(amounts.every((a) => Number.isSafeInteger(a) && a >= 0)).toBe(true);
        expect(rows.filter((r) => r.extraRepaymentCents < 0)).toEqual([]);
        expect(rows.findIndex((r) => r.balanceCents === 0)).toBe(rows.length - 1);
        const repaid = rows.reduce((sum, r) => sum + r.repaymentCents + r.extraRepaymentCents, 0);
        expect(repaid).toBe(part.principalCents);
      }),
      { numRuns: 500 },
    );
  });

  it("never raises the interest or a balance with an extra repayment, in either mode", () => {
    fc.assert(
      fc.property(partArb, effectArb, (part, effect) => {
        const { withRows, withoutRows, effect: saved } = compareOne(part, effect);
        expect(withRows.length).toBeLessThanOrEqual(withoutRows.length);
        // Month by month: no balance and no interest above the loan's without extras.
        const higher = withRows.filter((row, index) => {
          const without = withoutRows[index];
          return (
            !without ||
            row.balanceCents > without.balanceCents ||
            row.interestCents > without.interestCents
          );
        });
        expect(higher).toEqual([]);
        expect(saved.interestSavedCents).toBe(totalInterest(withoutRows) - totalInterest(withRows));
        expect(saved.interestSavedCents).toBeGreaterThanOrEqual(0);
        expect(saved.payoffDate.withExtras <= saved.payoffDate.withoutExtras).toBe(true);
        // Without extras both modes are the same loan.
        const other = effect === "shorter-term" ? "lower-payment" : "shorter-term";
        expect(rowsOf({ ...part, extraRepayments: [] }, other)).toEqual(withoutRows);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps an interest-only balance whole until the last month", () => {
    fc.assert(
      fc.property(plainPartArb, (plain) => {
        const part: LoanPart = { ...plain, repaymentType: "interest-only" };
        const { principalCents: principal, termMonths: months } = part;
        const rows = rowsOf(part);
        expect(rows.map((r) => r.repaymentCents)).toEqual([
          ...new Array<number>(months - 1).fill(0),
          principal,
        ]);
        expect(rows.map((r) => r.balanceCents)).toEqual([
          ...new Array<number>(months - 1).fill(principal),
          0,
        ]);
      }),
      { numRuns: 300 },
    );
  });

  it("repays a linear part (and an annuity at 0 %) as principal ÷ months, the cents spread", () => {
    fc.assert(
      fc.property(plainPartArb, fc.boolean(), (plain, asAnnuity) => {
        const part: LoanPart = asAnnuity
          ? { ...plain, repaymentType: "annuity", annualRateBp: 0, rateAfterFixedBp: null }
          : { ...plain, repaymentType: "linear" };
        const repayments = rowsOf(part).map((r) => r.repaymentCents);
        const { principalCents: total, termMonths: months } = part;
        // The same split as money.ts gives for equal weights (largest remainder), each month
        // principal ÷ months or a cent more; under a cent a month, the loan is repaid early.
        const split = allocate(total, new Array<number>(months).fill(1));
        expect(repayments).toEqual(split.slice(0, repayments.length));
        expect(split.slice(repayments.length).every((r) => r === 0)).toBe(true);
        const base = Math.floor(total / months);
        expect(repayments.every((r) => r === base || r === base + 1)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("pays an annuity's formula payment, the same each month until the rate changes", () => {
    fc.assert(
      fc.property(plainPartArb, (plain) => {
        const part: LoanPart = { ...plain, repaymentType: "annuity" };
        const rows = rowsOf(part);
        let before = part.principalCents;
        const wrong = rows.slice(0, -1).filter((row, index) => {
          const previous = rows[index - 1];
          const rate = row.annualRateBp;
          const formula = annuity(before, rate, part.termMonths - index);
          before = row.balanceCents;
          if (rate === 0) return false;
          if (previous?.annualRateBp === rate) return row.paymentCents !== previous.paymentCents;
          // A new payment (month 1, a new rate) is the formula's, rounded; unless the loan is so
          // small that the formula repays less than a cent a month and the interest is paid.
          return formula > row.interestCents + 1 && Math.abs(row.paymentCents - formula) > 0.5001;
        });
        expect(wrong).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("sums a loan's parts month by month and in its summary", () => {
    fc.assert(
      fc.property(
        fc.array(partArb, { minLength: 1, maxLength: 3 }),
        effectArb,
        dateArb,
        (drawn, effect, day) => {
          // Share €100 million at most between the parts.
          const parts = drawn.map((part) => ({
            ...part,
            principalCents: Math.max(1, Math.floor(part.principalCents / 3)),
          }));
          const result = loanSchedule({ parts, extraRepaymentEffect: effect });
          const rows = result.parts.flatMap((part) => part.rows);
          const sum = (pick: (row: ScheduleRow) => number) =>
            rows.reduce((total, row) => total + pick(row), 0);
          const monthSum = (pick: (month: (typeof result.months)[number]) => number) =>
            result.months.reduce((total, month) => total + pick(month), 0);
          expect(monthSum((m) => m.paymentCents)).toBe(sum((r) => r.paymentCents));
          expect(monthSum((m) => m.interestCents)).toBe(sum((r) => r.interestCents));
          expect(monthSum((m) => m.repaymentCents)).toBe(sum((r) => r.repaymentCents));
          expect(monthSum((m) => m.extraRepaymentCents)).toBe(sum((r) => r.extraRepaymentCents));
          expect(result.months.at(-1)?.balanceCents).toBe(0);
          // Each month once, in order, from the first payment to the last.
          const dueMonths = rows.map((r) => r.dueDate.slice(0, 7)).sort();
          expect(result.months[0]?.month).toBe(dueMonths[0]);
          expect(result.months.at(-1)?.month).toBe(dueMonths.at(-1));
          result.months.slice(1).forEach((month, index) => {
            expect(month.month > (result.months[index]?.month ?? "")).toBe(true);
          });

          const whole = summarize(result.parts, day);
          const each = result.parts.map((part) => summarize([part], day));
          const total = (pick: (summary: (typeof each)[number]) => number) =>
            each.reduce((sum, summary) => sum + pick(summary), 0);
          expect(whole.balanceCents).toBe(total((s) => s.balanceCents));
          expect(whole.interestPaidCents).toBe(total((s) => s.interestPaidCents));
          expect(whole.thisMonthPaymentCents).toBe(total((s) => s.thisMonthPaymentCents));
          expect(whole.totalInterestCents).toBe(sum((r) => r.interestCents));
          expect(whole.interestPaidCents + whole.interestToComeCents).toBe(
            whole.totalInterestCents,
          );
          expect(whole.payoffDate).toBe(
            rows
              .map((r) => r.dueDate)
              .sort()
              .at(-1),
          );
          const next = rows
            .filter((r) => r.dueDate > day)
            .sort((a, b) => (a.dueDate < b.dueDate ? -1 : 1))[0];
          expect(whole.nextPayment?.dueDate ?? null).toBe(next?.dueDate ?? null);

          // Every extra counts once towards the allowance, in one year.
          const years = penaltyFreeAllowance(result);
          expect(years.reduce((t, y) => t + y.extraRepaymentCents, 0)).toBe(
            sum((r) => r.extraRepaymentCents),
          );
          for (const year of years) {
            expect(year.overAllowance).toBe(year.extraRepaymentCents > year.allowanceCents);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
