import { describe, expect, it } from "vitest";
import { fillRemainder } from "./entry-form.tsx";

const row = (memberId: string, value: string, included = true) => ({ memberId, value, included });

describe("fillRemainder", () => {
  it("fills the one share not typed with what remains of the total", () => {
    const rows = [row("a", "70"), row("s", "50.00")];
    expect(fillRemainder(rows, ["a"], 10_000, "en")).toEqual([row("a", "70"), row("s", "30.00")]);
    expect(fillRemainder([row("a", "12,5"), row("s", "")], ["a"], 10_000, "nl")).toEqual([
      row("a", "12,5"),
      row("s", "87,50"),
    ]);
  });

  it("with three, only once two are typed; a left-out member is not counted", () => {
    const rows = [row("a", "20"), row("b", ""), row("c", ""), row("d", "", false)];
    expect(fillRemainder(rows, ["a"], 10_000, "en")).toBeNull();
    const two = [row("a", "20"), row("b", "30"), row("c", ""), row("d", "", false)];
    expect(fillRemainder(two, ["a", "b"], 10_000, "en")?.[2]).toEqual(row("c", "50.00"));
  });

  it("never below nothing, and not without a total or with a share that is not an amount", () => {
    expect(fillRemainder([row("a", "120"), row("s", "")], ["a"], 10_000, "en")?.[1]).toEqual(
      row("s", "0.00"),
    );
    expect(fillRemainder([row("a", "70"), row("s", "")], ["a"], null, "en")).toBeNull();
    expect(fillRemainder([row("a", "7x"), row("s", "")], ["a"], 10_000, "en")).toBeNull();
    expect(fillRemainder([row("a", "70"), row("s", "")], ["a", "s"], 10_000, "en")).toBeNull();
  });
});
