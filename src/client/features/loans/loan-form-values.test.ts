import { describe, expect, it } from "vitest";
import { createLoanSchema, updateLoanSchema } from "#shared/schemas/loans.schema.ts";
import {
  createInput,
  fieldOf,
  fixedMonthsOf,
  newPart,
  partValues,
  termOf,
  updateInput,
  type LoanFormValues,
  type PartValues,
} from "./loan-form-values.ts";

const part = (values: Partial<PartValues> = {}): PartValues => ({
  ...newPart("mortgage"),
  startDate: "2025-11-01",
  principal: "200.000,00",
  rate: "4",
  ...values,
});

const form = (parts: PartValues[]): LoanFormValues => ({
  name: "Hypotheek",
  kind: "mortgage",
  lender: "ING",
  ownHome: true,
  extraEffect: "shorter-term",
  penaltyFree: "10",
  ownerKind: "household",
  memberId: "",
  shares: [],
  parts,
  partsCheck: "",
});

describe("the loan form's values", () => {
  it("take a term as years and months, and an empty one as missing", () => {
    expect(termOf(part({ termYears: "30", termMonths: "0" }))).toBe(360);
    expect(termOf(part({ termYears: "2", termMonths: "6" }))).toBe(30);
    expect(termOf(part({ termYears: "", termMonths: "18" }))).toBe(18);
    expect(termOf(part({ termYears: "", termMonths: "" }))).toBeUndefined();
    expect(termOf(part({ termYears: "2,5", termMonths: "" }))).toBeNaN();
  });

  it("take a fixed-rate period in years, decimals the language's way, as whole months", () => {
    expect(fixedMonthsOf("")).toBeNull();
    expect(fixedMonthsOf("10")).toBe(120);
    expect(fixedMonthsOf("1,5")).toBe(18);
    expect(fixedMonthsOf("1.5")).toBe(18);
    expect(fixedMonthsOf("tien")).toBeNaN();
  });

  it("make a request the server's schema takes: cents, basis points and months", () => {
    const parsed = createLoanSchema.parse(
      createInput(form([part({ fixedYears: "10", followingRate: "4,5" })])),
    );
    expect(parsed.parts).toEqual([
      {
        name: null,
        principalCents: 20_000_000,
        startDate: "2025-11-01",
        termMonths: 360,
        repaymentType: "annuity",
        rateBp: 400,
        fixedMonths: 120,
        followingRateBp: 450,
      },
    ]);
    expect(parsed).toMatchObject({ ownHome: true, penaltyFreeBp: 1000, ownerKind: "household" });
  });

  it("keep a part's id on an edit, so the part keeps its extra repayments; a new part has none", () => {
    const stored = partValues(
      {
        id: "9f8e7d6c-0000-4000-8000-000000000001",
        name: "Deel 1",
        position: 0,
        principalCents: 12_345_678,
        startDate: "2025-11-01",
        termMonths: 306,
        repaymentType: "linear",
        rateBp: 385,
        fixedMonths: 18,
        followingRateBp: null,
        summary: {
          balanceCents: 0,
          interestPaidCents: 0,
          interestToComeCents: 0,
          totalInterestCents: 0,
          payoffDate: "",
          thisMonthPaymentCents: 0,
          nextPayment: null,
        },
        rows: [],
      },
      "nl",
    );
    expect(stored).toMatchObject({
      principal: "123456,78",
      termYears: "25",
      termMonths: "6",
      rate: "3,85",
      fixedYears: "1,5",
    });
    const parsed = updateLoanSchema.parse(updateInput(form([stored, part()])));
    expect(parsed.parts.map((one) => one.id)).toEqual([
      "9f8e7d6c-0000-4000-8000-000000000001",
      null,
    ]);
    expect(parsed.parts[0]).toMatchObject({
      principalCents: 12_345_678,
      termMonths: 306,
      rateBp: 385,
      fixedMonths: 18,
    });
  });

  it("put a refused request's messages on the fields they are about", () => {
    expect(fieldOf("parts.1.principalCents")).toBe("parts.1.principal");
    expect(fieldOf("parts.0.termMonths")).toBe("parts.0.termYears");
    expect(fieldOf("parts.2.fixedMonths")).toBe("parts.2.fixedYears");
    expect(fieldOf("parts.0.followingRateBp")).toBe("parts.0.followingRate");
    expect(fieldOf("parts")).toBe("partsCheck");
    expect(fieldOf("penaltyFreeBp")).toBe("penaltyFree");
    expect(fieldOf("shares.1.percentBp")).toBe("shares");
  });
});
