import { useSavingsFormat } from "#client/features/savings/savings-format.ts";
import { isRefund, type TaxItem } from "#shared/schemas/taxes.schema.ts";
import { taxLabels } from "#shared/tax-labels.ts";

/** The path of the taxes area, for a year (`?year=2026`; left out: this year). */
export const taxesPath = "/dashboard/taxes";
export const taxYearPath = (year: number) => `${taxesPath}?year=${year}`;

/** The years a page can show: 1900 to 2099, like every date Hearth keeps. */
export const firstTaxYear = 1900;
export const lastTaxYear = 2099;

/** This year by the person's clock. */
export const thisYear = () => new Date().getFullYear();

/** The year asked for in the address (`?year=2025`), or this year when it is missing or odd. */
export function yearFromSearch(search: URLSearchParams): number {
  const value = search.get("year");
  if (value === null || !/^\d{4}$/.test(value)) return thisYear();
  const year = Number(value);
  return year >= firstTaxYear && year <= lastTaxYear ? year : thisYear();
}

/**
 * The years to offer: every year with records, the years box 3 can be estimated for, this year
 * and the year shown — newest first, each once.
 */
export function yearChoices(
  recorded: readonly number[],
  box3Years: readonly number[],
  shown: number,
  current = thisYear(),
): number[] {
  return [...new Set([...recorded, ...box3Years, current, shown])].sort((a, b) => b - a);
}

/** The language's money and dates (savings'), and the names of tax kinds and statuses. */
export function useTaxesFormat() {
  const format = useSavingsFormat();
  return { ...format, labels: taxLabels[format.language] };
}

export type TaxesFormat = ReturnType<typeof useTaxesFormat>;

/**
 * A year's payments and refunds as rows: the terms of one assessment (the same kind,
 * description, person and direction, two or more) as one series, everything else on its own —
 * in the order of each row's first date.
 */
export type ItemRow =
  | { type: "single"; key: string; item: TaxItem }
  | { type: "series"; key: string; items: TaxItem[] };

export function itemRows(items: readonly TaxItem[]): ItemRow[] {
  const groups = new Map<string, TaxItem[]>();
  for (const item of [...items].sort((a, b) => a.onDate.localeCompare(b.onDate))) {
    const key = [
      item.kind,
      item.description ?? "",
      item.memberId ?? "",
      isRefund(item.status),
    ].join("|");
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const rows: ItemRow[] = [...groups.entries()].map(([key, group]) => {
    const [first] = group;
    return group.length === 1 && first
      ? { type: "single", key: first.id, item: first }
      : { type: "series", key, items: group };
  });
  const firstDate = (row: ItemRow) =>
    row.type === "single" ? row.item.onDate : (row.items[0]?.onDate ?? "");
  return rows.sort((a, b) => firstDate(a).localeCompare(firstDate(b)));
}
