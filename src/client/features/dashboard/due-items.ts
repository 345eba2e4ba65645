import type { InsuranceOverview } from "#shared/schemas/insurance.schema.ts";
import type { Upcoming } from "#shared/schemas/recurring.schema.ts";

/** A renewal or notice deadline of a policy, as the insurance overview answers it. */
export type InsuranceDue = InsuranceOverview["upcoming"][number];

/** A line of the overview's "due" list: a recurring entry's occurrence, or a policy's date. */
export type DueItem =
  | { type: "recurring"; key: string; date: string; recurring: Upcoming }
  | { type: "insurance"; key: string; date: string; insurance: InsuranceDue };

/** The most lines the list shows, and how many of them recurring entries keep at least. */
export const dueLimit = 6;
const recurringKept = 3;

/** On one day: a notice deadline first (it asks for something), then entries, then renewals. */
const rank = (item: DueItem) =>
  item.type === "recurring" ? 1 : item.insurance.event === "notice" ? 0 : 2;

/**
 * What the overview lists as due, soonest first: every insurance renewal and notice deadline
 * it is given (there are few, and a deadline missed costs a year), and the first recurring
 * occurrences in the places left, at least three of them. `recurring` and `insurance` come
 * sorted by date from the server; the result is sorted again as one list.
 */
export function dueItems(
  recurring: readonly Upcoming[],
  insurance: readonly InsuranceDue[],
  limit = dueLimit,
): DueItem[] {
  const places = Math.max(recurringKept, limit - insurance.length);
  const items: DueItem[] = [
    ...recurring.slice(0, places).map((item) => ({
      type: "recurring" as const,
      key: `recurring-${item.ruleId}-${item.date}`,
      date: item.date,
      recurring: item,
    })),
    ...insurance.map((item) => ({
      type: "insurance" as const,
      key: `insurance-${item.policyId}-${item.event}-${item.date}`,
      date: item.date,
      insurance: item,
    })),
  ];
  return items.sort((a, b) => a.date.localeCompare(b.date) || rank(a) - rank(b));
}
