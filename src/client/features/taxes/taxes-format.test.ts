import { describe, expect, it } from "vitest";
import type { TaxItem } from "#shared/schemas/taxes.schema.ts";
import { itemRows, yearChoices, yearFromSearch } from "./taxes-format.ts";

describe("the taxes page's year", () => {
  it("reads the year from the address, and falls back to this year when it is missing or odd", () => {
    const current = new Date().getFullYear();
    expect(yearFromSearch(new URLSearchParams("year=2024"))).toBe(2024);
    expect(yearFromSearch(new URLSearchParams(""))).toBe(current);
    expect(yearFromSearch(new URLSearchParams("year=24"))).toBe(current);
    expect(yearFromSearch(new URLSearchParams("year=1899"))).toBe(current);
    expect(yearFromSearch(new URLSearchParams("year=2100"))).toBe(current);
    expect(yearFromSearch(new URLSearchParams("year=2024abc"))).toBe(current);
  });

  it("offers every year with records, box 3's years, this year and the one shown, newest first, once each", () => {
    expect(yearChoices([2021, 2025], [2023, 2024, 2025, 2026], 2019, 2026)).toEqual([
      2026, 2025, 2024, 2023, 2021, 2019,
    ]);
    expect(yearChoices([], [], 2026, 2026)).toEqual([2026]);
  });
});

describe("a year's payments and refunds as rows", () => {
  const item = (id: string, onDate: string, extra: Partial<TaxItem> = {}): TaxItem => ({
    id,
    year: 2026,
    kind: "provisional-assessment",
    status: "paid",
    amountCents: 13_900,
    onDate,
    description: "Voorlopige aanslag",
    memberId: "m1",
    ...extra,
  });

  it("keeps an assessment's terms together as one series, and the rest on their own, by first date", () => {
    const rows = itemRows([
      item("t2", "2026-03-28"),
      item("w", "2026-04-30", { kind: "water-board", description: null, memberId: null }),
      item("t1", "2026-02-28"),
      item("t3", "2026-04-28", { status: "due" }),
      item("r", "2026-01-15", { status: "received" }),
    ]);
    expect(
      rows.map((row) => (row.type === "single" ? row.item.id : row.items.map((i) => i.id))),
    ).toEqual(["r", ["t1", "t2", "t3"], "w"]);
  });

  it("keeps a refund apart from payments of the same kind, and another person's terms apart", () => {
    const rows = itemRows([
      item("a", "2026-02-28"),
      item("b", "2026-03-28", { memberId: "m2" }),
      item("c", "2026-04-28", { status: "to-receive" }),
    ]);
    expect(rows.every((row) => row.type === "single")).toBe(true);
  });
});
