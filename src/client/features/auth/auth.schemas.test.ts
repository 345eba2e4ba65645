import { describe, expect, it } from "vitest";
import { resetPasswordSchema, signUpSchema } from "./auth.schemas.ts";

describe("account form schemas", () => {
  it("trim the name and the address", () => {
    const parsed = signUpSchema.parse({
      name: "  Anna ",
      email: " anna@example.com ",
      password: "x".repeat(8),
    });
    expect(parsed).toEqual({ name: "Anna", email: "anna@example.com", password: "x".repeat(8) });
  });

  it("give each problem as a translation key", () => {
    const result = signUpSchema.safeParse({ name: "", email: "nope", password: "x".repeat(129) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", "validation.fullNameRequired"],
      ["email", "validation.emailInvalid"],
      ["password", "validation.passwordTooLong"],
    ]);
  });

  it("want the repeated password to match", () => {
    const result = resetPasswordSchema.safeParse({ password: "abcdefgh", confirm: "abcdefgi" });
    expect(result.error?.issues[0]?.message).toBe("validation.passwordsDiffer");
  });
});
