import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Dutch writes month names in lower case ("27 november 2026", "november 2026"), as
 * Intl.DateTimeFormat does; the landing page's picture of the dashboard said "November 2026".
 */
const folder = join(import.meta.dirname, "..", "locales", "nl");
const months =
  "januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december";
const capitalised = new RegExp(`\\b\\d{1,2} (${months})\\b|\\b(${months}) \\d{4}\\b`, "i");

function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, `${path}.${key}`));
  return [];
}

describe("Dutch month names", () => {
  it("are written in lower case in every Dutch text that dates something", () => {
    const found = readdirSync(folder)
      .filter((name) => name.endsWith(".json"))
      .flatMap((name) =>
        strings(JSON.parse(readFileSync(join(folder, name), "utf8")) as unknown, name),
      )
      .filter(([, text]) => {
        const match = capitalised.exec(text);
        return match !== null && match[0] !== match[0].toLowerCase();
      });
    expect(found).toEqual([]);
  });

  it("are what Intl writes: the landing page's month is 'november 2026'", () => {
    const landing = JSON.parse(readFileSync(join(folder, "landing.json"), "utf8")) as {
      preview: { month: string };
    };
    const intl = new Intl.DateTimeFormat("nl", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(Date.UTC(2026, 10, 1));
    expect(landing.preview.month).toBe(intl);
  });
});
