import type { Path } from "react-hook-form";
import {
  amountForSchema,
  formatCentsInput,
  formatPercentInput,
  parsePercentBp,
} from "#client/features/transactions/amount-input.ts";
import type { Language } from "#shared/i18n.ts";
import type { NoticeUnit, PremiumFrequency } from "#shared/insurance-math.ts";
import type {
  CreatePolicyInput,
  InsuranceKind,
  InsuredKind,
  Policy,
} from "#shared/schemas/insurance.schema.ts";

/** The reminder choices offered (days before the notice deadline); "" is none, the default. */
export const reminderChoices = [0, 7, 14, 30, 60] as const;
export const noReminder = "";

/** One person's row of the covered people: in or out, and their part as typed (empty: evenly). */
export type InsuredRow = { memberId: string; included: boolean; share: string };

export type PolicyFormValues = {
  kind: InsuranceKind;
  insurer: string;
  policyNumber: string;
  premium: string;
  frequency: PremiumFrequency;
  deductible: string;
  /** Cents of the voluntary deductible as a choice ("" none). */
  voluntary: string;
  coverageNotes: string;
  startDate: string;
  renewalDate: string;
  noticeValue: string;
  noticeUnit: NoticeUnit;
  remind: string;
  insured: InsuredKind;
  members: InsuredRow[];
};

const text = (value: string) => (value.trim() === "" ? null : value.trim());

/** The form's values as the request (create and change alike: who is covered is always named). */
export function policyInput(
  values: PolicyFormValues,
): CreatePolicyInput & { insured: InsuredKind } {
  const included = values.members.filter((row) => row.included);
  const anyShare = included.some((row) => row.share.trim() !== "");
  return {
    kind: values.kind,
    insurer: values.insurer,
    policyNumber: text(values.policyNumber),
    premiumCents: amountForSchema(values.premium) as number,
    frequency: values.frequency,
    deductibleCents: amountForSchema(values.deductible) ?? null,
    voluntaryDeductibleCents:
      values.kind === "health-basic" && values.voluntary !== "" ? Number(values.voluntary) : null,
    coverageNotes: text(values.coverageNotes),
    startDate: values.startDate,
    renewalDate: text(values.renewalDate),
    noticePeriod:
      values.noticeValue.trim() === ""
        ? null
        : {
            value: /^\d+$/.test(values.noticeValue.trim())
              ? Number(values.noticeValue.trim())
              : Number.NaN,
            unit: values.noticeUnit,
          },
    remindDaysBefore: values.remind === noReminder ? null : Number(values.remind),
    insured: values.insured,
    members:
      values.insured === "members"
        ? included.map((row) => ({
            memberId: row.memberId,
            shareBp: anyShare
              ? row.share.trim() === ""
                ? Number.NaN
                : (parsePercentBp(row.share) ?? Number.NaN)
              : null,
          }))
        : [],
  };
}

const fieldOfPath: Record<string, Path<PolicyFormValues>> = {
  kind: "kind",
  insurer: "insurer",
  policyNumber: "policyNumber",
  premiumCents: "premium",
  frequency: "frequency",
  deductibleCents: "deductible",
  voluntaryDeductibleCents: "voluntary",
  coverageNotes: "coverageNotes",
  startDate: "startDate",
  renewalDate: "renewalDate",
  noticePeriod: "noticeValue",
  remindDaysBefore: "remind",
  insured: "insured",
  members: "insured",
};

/** The form field a request's path belongs to (who is covered for the members' messages). */
export const fieldOf = (path: string): Path<PolicyFormValues> =>
  fieldOfPath[path.split(".")[0] ?? ""] ?? "insurer";

/** The people's rows: everyone, those the policy names ticked with their parts as typed. */
function memberRows(
  people: readonly { id: string }[],
  policy: Pick<Policy, "members"> | null,
  language: Language,
  /** A new policy's person, included from the start. */
  person: string | null,
): InsuredRow[] {
  const named = new Map((policy?.members ?? []).map((member) => [member.memberId, member]));
  const ids = [...people.map((person) => person.id)];
  for (const id of named.keys()) if (!ids.includes(id)) ids.push(id);
  return ids.map((memberId) => {
    const member = named.get(memberId);
    return {
      memberId,
      included: policy ? member !== undefined : memberId === person,
      share:
        member?.shareBp === null || member === undefined
          ? ""
          : formatPercentInput(member.shareBp, language),
    };
  });
}

/** Health insurance is a person's own: a new one covers one person, never "the household". */
const isHealth = (kind: InsuranceKind) =>
  kind === "health-basic" || kind === "health-supplementary";

/**
 * A policy as the form's values; a new one of `kind` starting today, for the scope's member when
 * one is chosen, else the household's — but a new health policy is a person's: the scope's
 * member, or the one filling in the form (`meId`).
 */
export function policyValues({
  policy,
  kind,
  people,
  language,
  scopeMemberId,
  meId,
  day,
}: {
  policy: Policy | null;
  kind: InsuranceKind;
  people: readonly { id: string }[];
  language: Language;
  scopeMemberId: string | null;
  meId: string;
  day: string;
}): PolicyFormValues {
  const person = scopeMemberId ?? (isHealth(kind) ? meId : null);
  const members = memberRows(people, policy, language, person);
  if (policy) {
    return {
      kind: policy.kind,
      insurer: policy.insurer,
      policyNumber: policy.policyNumber ?? "",
      premium: formatCentsInput(policy.premium.premiumCents, language),
      frequency: policy.frequency,
      deductible:
        policy.deductibleCents === null ? "" : formatCentsInput(policy.deductibleCents, language),
      voluntary:
        policy.voluntaryDeductibleCents === null ? "" : String(policy.voluntaryDeductibleCents),
      coverageNotes: policy.coverageNotes ?? "",
      startDate: policy.startDate,
      renewalDate: policy.renewalDate ?? "",
      noticeValue: policy.noticePeriod ? String(policy.noticePeriod.value) : "",
      noticeUnit: policy.noticePeriod?.unit ?? "months",
      remind: policy.remindDaysBefore === null ? noReminder : String(policy.remindDaysBefore),
      insured: policy.insured,
      members,
    };
  }
  return {
    kind,
    insurer: "",
    policyNumber: "",
    premium: "",
    frequency: isHealth(kind) ? "monthly" : "yearly",
    deductible: "",
    voluntary: "",
    coverageNotes: "",
    startDate: day,
    renewalDate: "",
    noticeValue: "",
    noticeUnit: "months",
    remind: noReminder,
    insured: person ? "members" : "household",
    members,
  };
}
