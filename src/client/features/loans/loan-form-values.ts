import type { Path } from "react-hook-form";
import { ownerInput, type OwnerValues } from "#client/features/savings/owner-fields.tsx";
import { rateForSchema } from "#client/features/savings/savings-format.ts";
import {
  amountForSchema,
  formatCentsInput,
  formatPercentInput,
  parsePercentBp,
} from "#client/features/transactions/amount-input.ts";
import { today } from "#shared/dates.ts";
import type { Language } from "#shared/i18n.ts";
import type { ExtraRepaymentEffect, RepaymentType } from "#shared/loan-math.ts";
import type { LoanDetail, LoanKind } from "#shared/schemas/loans.schema.ts";

/**
 * The loan form's values as typed (amounts, rates and years the language's way) and how they
 * become the request: parts with their ids (an edit keeps them, and so their extra repayments),
 * terms in months, fixed-rate periods in months; and a refused request's paths as the form's
 * fields (`parts.1.rateBp` is the second part's rate).
 */

/** A loan part as typed: amounts, rates and years as the language writes them. */
export type PartValues = {
  /** The stored part's id (an edit keeps it, so the part keeps its extra repayments). */
  id: string | null;
  name: string;
  principal: string;
  startDate: string;
  termYears: string;
  termMonths: string;
  repaymentType: RepaymentType;
  rate: string;
  /** Years, decimals allowed (1,5 = 18 months); empty: the rate is fixed for the whole term. */
  fixedYears: string;
  followingRate: string;
};

export type LoanFormValues = OwnerValues & {
  name: string;
  kind: LoanKind;
  lender: string;
  ownHome: boolean;
  extraEffect: ExtraRepaymentEffect;
  penaltyFree: string;
  parts: PartValues[];
  /** Never typed: carries a message about the parts as a whole (too much borrowed). */
  partsCheck: string;
};

/** A typed whole number: undefined when empty, NaN when it is not one. */
function wholeNumber(input: string): number | undefined {
  const text = input.trim();
  if (text === "") return undefined;
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** Years and months as months: undefined when both are empty. */
export function termOf(part: PartValues): number | undefined {
  const years = wholeNumber(part.termYears);
  const months = wholeNumber(part.termMonths);
  if (years === undefined && months === undefined) return undefined;
  return (years ?? 0) * 12 + (months ?? 0);
}

/** Years with decimals as whole months (1,5 → 18); null when empty, NaN when not a number. */
export function fixedMonthsOf(input: string): number | null {
  if (input.trim() === "") return null;
  const hundredths = parsePercentBp(input);
  return hundredths === null || hundredths < 0 ? Number.NaN : Math.round((hundredths * 12) / 100);
}

/** A part as the request has it (checked by the schema before it is sent). */
export function partInput(part: PartValues) {
  return {
    name: part.name,
    principalCents: amountForSchema(part.principal),
    startDate: part.startDate,
    termMonths: termOf(part),
    repaymentType: part.repaymentType,
    rateBp: rateForSchema(part.rate),
    fixedMonths: fixedMonthsOf(part.fixedYears),
    followingRateBp: part.followingRate.trim() === "" ? null : rateForSchema(part.followingRate),
  };
}

function loanFields(values: LoanFormValues) {
  return {
    name: values.name,
    kind: values.kind,
    lender: values.lender,
    ownHome: values.kind === "mortgage" && values.ownHome,
    extraEffect: values.extraEffect,
    penaltyFreeBp: rateForSchema(values.penaltyFree),
    ...ownerInput(values),
  };
}

export function createInput(values: LoanFormValues) {
  return { ...loanFields(values), parts: values.parts.map(partInput) };
}

export function updateInput(values: LoanFormValues) {
  return {
    ...loanFields(values),
    parts: values.parts.map((part) => ({ ...partInput(part), id: part.id })),
  };
}

const loanFieldOf: Record<string, Path<LoanFormValues>> = {
  name: "name",
  kind: "kind",
  lender: "lender",
  ownHome: "ownHome",
  extraEffect: "extraEffect",
  penaltyFreeBp: "penaltyFree",
  ownerKind: "ownerKind",
  memberId: "memberId",
  shares: "shares",
  parts: "partsCheck",
};
const partFieldOf: Record<string, keyof PartValues> = {
  id: "name",
  name: "name",
  principalCents: "principal",
  startDate: "startDate",
  termMonths: "termYears",
  repaymentType: "repaymentType",
  rateBp: "rate",
  fixedMonths: "fixedYears",
  followingRateBp: "followingRate",
};

/** A request's path as the form's field: `parts.1.rateBp` is the second part's rate. */
export function fieldOf(path: string): Path<LoanFormValues> {
  const [head = "", index, field] = path.split(".");
  if (head === "parts" && index !== undefined && /^\d+$/.test(index)) {
    return `parts.${Number(index)}.${partFieldOf[field ?? ""] ?? "principal"}`;
  }
  return loanFieldOf[head] ?? "name";
}

/** The usual term of a new loan of a kind, in years. */
export const usualYears: Record<LoanKind, number> = {
  mortgage: 30,
  personal: 5,
  car: 5,
  student: 35,
  other: 10,
};

export function newPart(kind: LoanKind): PartValues {
  return {
    id: null,
    name: "",
    principal: "",
    startDate: today(),
    termYears: String(usualYears[kind]),
    termMonths: "0",
    repaymentType: "annuity",
    rate: "",
    fixedYears: "",
    followingRate: "",
  };
}

export function partValues(part: LoanDetail["parts"][number], language: Language): PartValues {
  return {
    id: part.id,
    name: part.name ?? "",
    principal: formatCentsInput(part.principalCents, language),
    startDate: part.startDate,
    termYears: String(Math.floor(part.termMonths / 12)),
    termMonths: String(part.termMonths % 12),
    repaymentType: part.repaymentType,
    rate: formatPercentInput(part.rateBp, language),
    fixedYears:
      part.fixedMonths === null
        ? ""
        : formatPercentInput(Math.round((part.fixedMonths * 100) / 12), language),
    followingRate:
      part.followingRateBp === null ? "" : formatPercentInput(part.followingRateBp, language),
  };
}
