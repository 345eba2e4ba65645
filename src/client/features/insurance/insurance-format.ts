import { useTranslation } from "react-i18next";
import { useSavingsFormat, type NameOf } from "#client/features/savings/savings-format.ts";
import type { PremiumFrequency } from "#shared/insurance-math.ts";
import {
  essentialKinds,
  type InsuranceKind,
  type Policy,
} from "#shared/schemas/insurance.schema.ts";

/** The path of the insurance area. */
export const insurancePath = "/dashboard/insurance";

/** The kinds offered as one-click starts before the first policy: what almost every family has. */
export const commonKinds = [
  "health-basic",
  "liability",
  "contents",
  "home",
  "car",
  "travel",
] as const satisfies InsuranceKind[];

/** The kinds in the form's groups (health first: basic and supplementary named apart). */
export const kindGroups = [
  { group: "health", kinds: ["health-basic", "health-supplementary"] },
  { group: "property", kinds: ["home", "contents", "liability", "car", "travel", "pet"] },
  { group: "people", kinds: ["life", "disability", "legal", "funeral"] },
  { group: "other", kinds: ["other"] },
] as const satisfies { group: string; kinds: InsuranceKind[] }[];

export const isEssential = (kind: InsuranceKind) =>
  (essentialKinds as readonly InsuranceKind[]).includes(kind);

/** Today where the family is (the server's today on the family's own computer). */
export { today } from "#shared/dates.ts";

/**
 * The language's money and dates (savings'), and what insurance adds: a kind's name, a premium
 * as typed ("€142.50 a month"), and who a policy covers in words.
 */
export function useInsuranceFormat() {
  const format = useSavingsFormat();
  const { t } = useTranslation("insurance");
  return {
    ...format,
    kind: (kind: InsuranceKind) => t(`kinds.${kind}`),
    /** "€142.50 a month" / "€ 142,50 per maand". */
    premium: (cents: number, frequency: PremiumFrequency) =>
      t(`premiumAs.${frequency}`, { amount: format.money(cents) }),
    /** "The household", "Anna", "Anna 60% · Sam 40%" or "Anna · Sam" (evenly). */
    covered: (policy: Pick<Policy, "insured" | "members">, nameOf: NameOf) =>
      policy.insured === "household" || policy.members.length === 0
        ? t("list.household")
        : policy.members
            .map((member) =>
              member.shareBp === null
                ? nameOf(member.memberId)
                : `${nameOf(member.memberId)} ${format.share(member.shareBp)}`,
            )
            .join(" · "),
    /** "Sam or Anna", "Sam, Anna or Noor": a list in words. */
    list: (items: readonly string[]) =>
      items.length <= 1
        ? (items[0] ?? "")
        : t("coverage.or", {
            first: items.slice(0, -1).join(", "),
            last: items.at(-1) ?? "",
          }),
  };
}

export type InsuranceFormat = ReturnType<typeof useInsuranceFormat>;
