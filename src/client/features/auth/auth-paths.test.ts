import { describe, expect, it } from "vitest";
import { authPath, emailVerifiedPath, verifyEmailPath } from "./auth-paths.ts";

describe("account page addresses", () => {
  it("keep a place to continue to through the confirmation mail, and only a safe one", () => {
    expect(verifyEmailPath("a+b@example.com")).toBe("/auth/verify-email?email=a%2Bb%40example.com");
    expect(verifyEmailPath("a@example.com", "/invitation?token=abc")).toBe(
      "/auth/verify-email?email=a%40example.com&redirect=%2Finvitation%3Ftoken%3Dabc",
    );
    expect(verifyEmailPath("a@example.com", "//evil.example")).toBe(
      "/auth/verify-email?email=a%40example.com",
    );
    expect(emailVerifiedPath("/invitation?token=abc")).toBe(
      "/auth/email-verified?redirect=%2Finvitation%3Ftoken%3Dabc",
    );
    expect(emailVerifiedPath("https://evil.example/")).toBe("/auth/email-verified");
  });

  it("name the mode and keep the address", () => {
    expect(authPath()).toBe("/auth");
    expect(authPath("sign-up", { email: "a@example.com", redirect: "/dashboard/saving" })).toBe(
      "/auth?mode=sign-up&redirect=%2Fdashboard%2Fsaving&email=a%40example.com",
    );
  });
});
