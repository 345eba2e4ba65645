import { describe, expect, it } from "vitest";
import type { Upcoming } from "#shared/schemas/recurring.schema.ts";
import { dueItems, type InsuranceDue } from "./due-items.ts";

const entry = (date: string, ruleId = `rule-${date}`): Upcoming => ({
  ruleId,
  date,
  kind: "expense",
  amountCents: 1_000,
  categoryId: "groceries",
  merchant: null,
  memberShareCents: null,
});

const policyDate = (
  date: string,
  event: InsuranceDue["event"],
  policyId = "policy-1",
): InsuranceDue => ({
  policyId,
  kind: "liability",
  insurer: "Centraal Beheer",
  event,
  date,
  renewalDate: date,
  daysAway: 0,
});

const shape = (items: ReturnType<typeof dueItems>) =>
  items.map((item) =>
    item.type === "recurring" ? `${item.date} entry` : `${item.date} ${item.insurance.event}`,
  );

describe("dueItems: the overview's list of what is due", () => {
  it("lists the first six recurring occurrences when there is no insurance", () => {
    const recurring = ["01", "03", "05", "07", "09", "11", "13"].map((day) =>
      entry(`2026-06-${day}`),
    );
    const items = dueItems(recurring, []);
    expect(items).toHaveLength(6);
    expect(items.every((item) => item.type === "recurring")).toBe(true);
    expect(items.at(-1)?.date).toBe("2026-06-11");
  });

  it("keeps every renewal and notice deadline, even after many entries, sorted in by date", () => {
    const recurring = ["01", "02", "03", "04", "05", "06", "07", "08"].map((day) =>
      entry(`2026-06-${day}`),
    );
    const insurance = [policyDate("2026-06-03", "notice"), policyDate("2026-07-20", "renewal")];
    expect(shape(dueItems(recurring, insurance))).toEqual([
      "2026-06-01 entry",
      "2026-06-02 entry",
      "2026-06-03 notice",
      "2026-06-03 entry",
      "2026-06-04 entry",
      "2026-07-20 renewal",
    ]);
  });

  it("leaves recurring entries three places however many policy dates there are", () => {
    const recurring = ["01", "02", "03", "04"].map((day) => entry(`2026-06-${day}`));
    const insurance = ["10", "11", "12", "13", "14", "15", "16"].map((day, index) =>
      policyDate(`2026-07-${day}`, index % 2 === 0 ? "notice" : "renewal", `policy-${day}`),
    );
    const items = dueItems(recurring, insurance);
    expect(items.filter((item) => item.type === "recurring")).toHaveLength(3);
    expect(items.filter((item) => item.type === "insurance")).toHaveLength(7);
  });

  it("puts a notice deadline before an entry and a renewal of the same day", () => {
    const items = dueItems(
      [entry("2026-06-10")],
      [policyDate("2026-06-10", "renewal", "a"), policyDate("2026-06-10", "notice", "b")],
    );
    expect(shape(items)).toEqual(["2026-06-10 notice", "2026-06-10 entry", "2026-06-10 renewal"]);
  });

  it("gives every line its own key", () => {
    const items = dueItems(
      [entry("2026-06-10", "rule"), entry("2026-07-10", "rule")],
      [policyDate("2026-06-10", "notice"), policyDate("2026-07-10", "renewal")],
    );
    expect(new Set(items.map((item) => item.key)).size).toBe(4);
  });
});
