import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { judgePassword } from "#shared/password.ts";
import { passwordMaxLength, passwordMinLength, passwordMinScore } from "#shared/password-rules.ts";

describe("judgePassword", () => {
  it("refuses easy guesses", () => {
    for (const password of ["password123", "qwertyuiop", "12345678", "aaaaaaaaaaaa", "Xq7#pL2!"]) {
      const verdict = judgePassword(password);
      expect(verdict, password).toMatchObject({ ok: false, reason: "too-guessable" });
      expect(verdict.score).toBeLessThan(passwordMinScore);
    }
  });

  it("accepts a passphrase of unrelated words", () => {
    for (const password of ["correct horse battery staple", "zebra lantern quietly orbit"]) {
      const verdict = judgePassword(password);
      expect(verdict, password).toMatchObject({ ok: true });
      expect(verdict.score).toBeGreaterThanOrEqual(passwordMinScore);
    }
  });

  it("holds passwords between 8 and 128 characters", () => {
    expect(passwordMinLength).toBe(8);
    expect(passwordMaxLength).toBe(128);
    expect(judgePassword("Xq7#pL2")).toEqual({ ok: false, score: 0, reason: "too-short" });
    expect(judgePassword("")).toEqual({ ok: false, score: 0, reason: "too-short" });
    expect(judgePassword("Xq7#pL2!vB")).toMatchObject({ ok: true });
    const longest = "zebra lantern quietly orbit ".repeat(5).slice(0, passwordMaxLength);
    expect(longest).toHaveLength(passwordMaxLength);
    expect(judgePassword(longest)).toMatchObject({ ok: true });
    expect(judgePassword(`${longest}x`)).toEqual({ ok: false, score: 0, reason: "too-long" });
  });

  it("counts the person's own name and address against a password", () => {
    expect(judgePassword("evelyn-7f3a9c2e")).toMatchObject({ ok: true });
    expect(judgePassword("evelyn-7f3a9c2e", ["evelyn-7f3a9c2e@example.org"])).toMatchObject({
      ok: false,
      reason: "too-guessable",
    });
  });

  it("refuses every password shorter than the minimum, whatever it is", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: passwordMinLength - 1 }), (password) => {
        expect(judgePassword(password)).toEqual({ ok: false, score: 0, reason: "too-short" });
      }),
    );
  });
});
