import { describe, expect, it } from "vitest";
import { findUnsafeText, hasUnsafeText } from "./unsafe-text.ts";

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
});
