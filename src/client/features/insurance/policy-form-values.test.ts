import { describe, expect, it } from "vitest";
import { createPolicySchema, type Policy } from "#shared/schemas/insurance.schema.ts";
import { fieldOf, policyInput, policyValues, type PolicyFormValues } from "./policy-form-values.ts";

const people = [{ id: "anna" }, { id: "sam" }];

const form = (values: Partial<PolicyFormValues> = {}): PolicyFormValues => ({
  ...policyValues({
    policy: null,
    kind: "health-basic",
    people,
    language: "nl",
    scopeMemberId: null,
    meId: "anna",
    day: "2026-11-26",
  }),
  insurer: "Zilveren Kruis",
  premium: "142,50",
  ...values,
});

const errorsOf = (values: PolicyFormValues) => {
  const result = createPolicySchema.safeParse(policyInput(values));
  return result.success
    ? []
    : result.error.issues.map((issue) => [
        fieldOf(issue.path.map(String).join(".")),
        issue.message,
      ]);
};

describe("the policy form's values", () => {
  it("start a new health policy monthly from today for the person filling it in, other kinds yearly for the household", () => {
    const values = form();
    expect(values).toMatchObject({
      kind: "health-basic",
      frequency: "monthly",
      startDate: "2026-11-26",
      insured: "members",
      remind: "",
    });
    expect(values.members.map((row) => row.included)).toEqual([true, false]);
    const base = { policy: null, people, language: "en", day: "2026-11-26", meId: "anna" } as const;
    // Supplementary cover is a person's too; in a member's scope it is that member's.
    const supplementary = policyValues({
      ...base,
      kind: "health-supplementary",
      scopeMemberId: "sam",
    });
    expect(supplementary.insured).toBe("members");
    expect(supplementary.members.map((row) => row.included)).toEqual([false, true]);
    const contents = policyValues({ ...base, kind: "contents", scopeMemberId: null });
    expect(contents).toMatchObject({ insured: "household", frequency: "yearly" });
    expect(contents.members.map((row) => row.included)).toEqual([false, false]);
    const liability = policyValues({ ...base, kind: "liability", scopeMemberId: "sam" });
    expect(liability.frequency).toBe("yearly");
    expect(liability.insured).toBe("members");
    expect(liability.members).toEqual([
      { memberId: "anna", included: false, share: "" },
      { memberId: "sam", included: true, share: "" },
    ]);
  });

  it("make the request: amounts the language's way, optional fields null, evenly without parts", () => {
    const input = policyInput(
      form({
        voluntary: "20000",
        deductible: "385,00",
        renewalDate: "2027-01-01",
        noticeValue: "1",
        remind: "7",
        insured: "members",
        members: [
          { memberId: "anna", included: true, share: "" },
          { memberId: "sam", included: true, share: "" },
        ],
      }),
    );
    expect(input).toMatchObject({
      premiumCents: 14_250,
      deductibleCents: 38_500,
      voluntaryDeductibleCents: 20_000,
      policyNumber: null,
      coverageNotes: null,
      noticePeriod: { value: 1, unit: "months" },
      remindDaysBefore: 7,
      members: [
        { memberId: "anna", shareBp: null },
        { memberId: "sam", shareBp: null },
      ],
    });
    expect(createPolicySchema.safeParse(input).success).toBe(true);
  });

  it("send the voluntary deductible only with basic health insurance, and parts as basis points", () => {
    expect(
      policyInput(form({ kind: "liability", voluntary: "20000" })).voluntaryDeductibleCents,
    ).toBeNull();
    const input = policyInput(
      form({
        insured: "members",
        members: [
          { memberId: "anna", included: true, share: "60" },
          { memberId: "sam", included: true, share: "40" },
        ],
      }),
    );
    expect(input.members).toEqual([
      { memberId: "anna", shareBp: 6_000 },
      { memberId: "sam", shareBp: 4_000 },
    ]);
  });

  it("put the schema's refusals on their fields", () => {
    expect(errorsOf(form({ insurer: " ", premium: "" }))).toEqual([
      ["insurer", "insurerRequired"],
      ["premium", "amountRequired"],
    ]);
    expect(errorsOf(form({ noticeValue: "twee", renewalDate: "2027-01-01" }))).toEqual([
      ["noticeValue", "noticePeriodInvalid"],
    ]);
    expect(errorsOf(form({ remind: "7" }))).toEqual([["remind", "reminderNeedsNotice"]]);
    const nobody = form().members.map((row) => ({ ...row, included: false }));
    expect(errorsOf(form({ insured: "members", members: nobody }))).toEqual([
      ["insured", "insuredMembersRequired"],
    ]);
    expect(
      errorsOf(
        form({
          insured: "members",
          members: [
            { memberId: "anna", included: true, share: "60" },
            { memberId: "sam", included: true, share: "" },
          ],
        }),
      )[0]?.[0],
    ).toBe("insured");
  });

  it("read a policy back as it was typed", () => {
    const policy = {
      id: "p1",
      kind: "contents",
      insurer: "Interpolis",
      policyNumber: "IP-1",
      frequency: "quarterly",
      premium: { premiumCents: 3_120, yearCents: 12_480, monthCents: 1_040 },
      deductibleCents: 10_000,
      voluntaryDeductibleCents: null,
      coverageNotes: "All-risk",
      startDate: "2024-06-01",
      renewalDate: "2025-06-01",
      noticePeriod: { value: 30, unit: "days" },
      remindDaysBefore: 14,
      status: "active",
      endsOn: null,
      inForce: true,
      insured: "members",
      members: [{ memberId: "sam", shareBp: 3_333 }],
      parts: [],
      scope: { premiumCents: 3_120, yearCents: 12_480, monthCents: 1_040 },
      nextRenewal: "2027-06-01",
      notice: null,
    } satisfies Policy;
    const values = policyValues({
      policy,
      kind: "other",
      people,
      language: "nl",
      scopeMemberId: null,
      meId: "anna",
      day: "2026-11-26",
    });
    expect(values).toMatchObject({
      kind: "contents",
      premium: "31,20",
      deductible: "100,00",
      noticeValue: "30",
      noticeUnit: "days",
      remind: "14",
      members: [
        { memberId: "anna", included: false, share: "" },
        { memberId: "sam", included: true, share: "33,33" },
      ],
    });
  });
});
