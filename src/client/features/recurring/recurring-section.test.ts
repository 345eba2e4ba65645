import { describe, expect, it } from "vitest";
import { whoseRule } from "./recurring-section.tsx";

const names: Record<string, string> = { a: "Anna de Vries", s: "Sam Bakker" };
const nameOf = (id: string) => names[id] ?? "a former member";
const t = (key: string, options?: Record<string, unknown>) =>
  key === "common:whose.split" ? `Split: ${String(options?.names)}` : key;
const share = (memberId: string) => ({ memberId, amountCents: 0, percentBp: null });

describe("whoseRule", () => {
  it("names the person of a personal series, and everyone of a split one", () => {
    expect(whoseRule({ splitMode: "personal", shares: [share("a")] }, nameOf, t, "en")).toBe(
      "Anna de Vries",
    );
    expect(
      whoseRule({ splitMode: "percent", shares: [share("a"), share("s")] }, nameOf, t, "en"),
    ).toBe("Split: Anna de Vries and Sam Bakker");
    expect(
      whoseRule({ splitMode: "amount", shares: [share("a"), share("s")] }, nameOf, t, "nl"),
    ).toBe("Split: Anna de Vries en Sam Bakker");
  });

  it("names the people in the household's order, whatever the order of the shares", () => {
    const order = ["a", "s"];
    expect(
      whoseRule({ splitMode: "percent", shares: [share("s"), share("a")] }, nameOf, t, "en", (id) =>
        order.indexOf(id),
      ),
    ).toBe("Split: Anna de Vries and Sam Bakker");
  });
});
