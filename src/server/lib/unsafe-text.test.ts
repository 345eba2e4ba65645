import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findUnsafeText, hasUnsafeText, mayHoldUnsafeText } from "./unsafe-text.ts";

describe("unsafe text", () => {
  it("refuses control characters and lone surrogates, keeps tabs, new lines and emoji", () => {
    expect(hasUnsafeText("a\u0000b")).toBe(true);
    expect(hasUnsafeText("bell\u0007")).toBe(true);
    expect(hasUnsafeText("del\u007f")).toBe(true);
    expect(hasUnsafeText("half \ud83d")).toBe(true);
    expect(hasUnsafeText("\ude00 half")).toBe(true);
    expect(hasUnsafeText("line\nnext\tcell\r\n")).toBe(false);
    expect(hasUnsafeText("Zoë's 🏠 € 12,50")).toBe(false);
  });

  it("names the first field that holds unsafe text", () => {
    expect(findUnsafeText({ name: "ok", notes: "fine" })).toBeNull();
    expect(findUnsafeText({ name: "a\u0000b" })).toBe("name");
    expect(findUnsafeText({ a: "ok", shares: [{ memberId: "x" }, { memberId: "y\u0001" }] })).toBe(
      "shares.1.memberId",
    );
    expect(findUnsafeText({ first: "\u0002", second: "\u0003" })).toBe("first");
    expect(findUnsafeText({ "bad\u0000key": 1 })).toBe("bad\u0000key");
    expect(findUnsafeText("\u0000")).toBe("body");
    expect(findUnsafeText(["ok", 1, null, true])).toBeNull();
  });

  it("tells from JSON text alone when its parsed value cannot hold unsafe text", () => {
    // Whatever a client sends: any text, with control characters, DEL, surrogates, backslashes.
    const tricky = fc.constantFrom(
      "\u0000",
      "\u0007",
      "\b",
      "\f",
      "\t",
      "\n",
      "\r",
      "\u007f",
      "\ud83d",
      "\ude00",
      "\\",
      "\\b",
      "\\u0000",
      "\u00e9",
      "\ud83d\ude00",
      '"',
      "a",
      "é",
      "€",
    );
    const text = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.array(tricky).map((parts) => parts.join("")),
    );
    const body = fc.oneof(
      text,
      fc.dictionary(text, fc.oneof(text, fc.array(text), fc.integer())),
      fc.record({ text, setup: fc.dictionary(text, text) }),
    );
    fc.assert(
      fc.property(body, (value) => {
        const json = JSON.stringify(value);
        // Never "clean" when the parsed value holds unsafe text.
        if (findUnsafeText(JSON.parse(json)) !== null) expect(mayHoldUnsafeText(json)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
    // A CSV file's body, line breaks, tabs, accents and all: nothing to parse for.
    const csv = JSON.stringify({ text: 'datum;bedrag\r\n01-02-2026;\t-12,50 Café "Zoë" 🏠\n' });
    expect(mayHoldUnsafeText(csv)).toBe(false);
    // Escaped unsafe characters, written by hand or by JSON.stringify.
    expect(mayHoldUnsafeText('{"name":"a\\u0000b"}')).toBe(true);
    expect(mayHoldUnsafeText('{"name":"a\\U001Fb"}')).toBe(true);
    expect(mayHoldUnsafeText(JSON.stringify({ name: "bell\u0007" }))).toBe(true);
    expect(mayHoldUnsafeText(JSON.stringify({ name: "back\b" }))).toBe(true);
    expect(mayHoldUnsafeText(JSON.stringify({ name: "del\u007f" }))).toBe(true);
    expect(mayHoldUnsafeText(JSON.stringify({ name: "half \ud83d" }))).toBe(true);
  });
});
