import { describe, expect, it } from "vitest";
import { firstName, fitText, initials, maxShortNameLength, shortName } from "./names.ts";

describe("shortName", () => {
  it("keeps a name of at most 15 characters whole", () => {
    expect(shortName("Anna de Vries")).toBe("Anna de Vries");
    expect(shortName("Abcdefg Hijklmn")).toHaveLength(maxShortNameLength);
    expect(shortName("Abcdefg Hijklmn")).toBe("Abcdefg Hijklmn");
  });

  it("shortens a longer name to its first word", () => {
    expect(shortName("Abcdefg Hijklmno")).toBe("Abcdefg");
    expect(shortName("Annemarie van den Berg")).toBe("Annemarie");
  });

  it("keeps a single long word whole", () => {
    expect(shortName("Wolfeschlegelsteinhausen")).toBe("Wolfeschlegelsteinhausen");
  });

  it("ignores surrounding and repeated spaces", () => {
    expect(shortName("  Anna   de Vries  ")).toBe("Anna de Vries");
    expect(shortName("   ")).toBe("");
  });

  it("counts characters, not UTF-16 units", () => {
    expect(shortName("Zoë Ünlü-Øberg")).toBe("Zoë Ünlü-Øberg");
    expect(shortName("😀😀😀😀😀😀😀 😀😀😀😀😀😀😀")).toBe("😀😀😀😀😀😀😀 😀😀😀😀😀😀😀");
  });
});

describe("firstName", () => {
  it("takes the first word", () => {
    expect(firstName("Anna de Vries")).toBe("Anna");
    expect(firstName(" Bram ")).toBe("Bram");
    expect(firstName("")).toBe("");
  });
});

describe("initials", () => {
  it("takes the first letters of the first and last word", () => {
    expect(initials("Anna de Vries")).toBe("AV");
    expect(initials("anna")).toBe("A");
    expect(initials("Émile Zola")).toBe("ÉZ");
  });

  it("falls back to a question mark", () => {
    expect(initials("  ")).toBe("?");
  });
});

describe("fitText", () => {
  it("keeps text that fits and cuts longer text with an ellipsis, within the limit", () => {
    expect(fitText("Anna", 4)).toBe("Anna");
    expect(fitText("Annemarie", 5)).toBe("Anne…");
    expect(fitText("Anne marie", 6)).toBe("Anne…");
    expect(fitText("x".repeat(1000), 100)).toHaveLength(100);
  });

  it("never splits a character in two", () => {
    expect(fitText("😀😀😀", 4)).toBe("😀…");
    expect(fitText("😀😀😀", 5)).toBe("😀😀…");
  });
});
