import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps a path on this site, with its query and hash", () => {
    expect(safeRedirect("/dashboard/saving")).toBe("/dashboard/saving");
    expect(safeRedirect("/dashboard/transactions?type=income#top")).toBe(
      "/dashboard/transactions?type=income#top",
    );
  });

  it("falls back to the dashboard without a target", () => {
    expect(safeRedirect(null)).toBe("/dashboard");
    expect(safeRedirect(undefined)).toBe("/dashboard");
    expect(safeRedirect("")).toBe("/dashboard");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "dashboard",
  ])("refuses %j", (target) => {
    expect(safeRedirect(target)).toBe("/dashboard");
  });

  it("uses the fallback it is given", () => {
    expect(safeRedirect("https://evil.example", "/")).toBe("/");
  });
});
