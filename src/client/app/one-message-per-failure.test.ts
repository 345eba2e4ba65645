import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One failure, one message: a mutation whose caller awaits it (`mutateAsync`) or brings its own
 * `onError` says what went wrong itself, so it must not also get the global handler's generic
 * toast (`meta: { handlesErrors: true }`, app/providers.tsx). A wrong current password showed an
 * inline message and a toast about an "e-mail address or password".
 */
const root = join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("one message per failure", () => {
  it("every mutation hook its callers handle opts out of the global toast", () => {
    const files = sources(root).map((path) => ({ path, text: readFileSync(path, "utf8") }));
    const unhandled = new Set<string>();
    for (const { text } of files) {
      for (const match of text.matchAll(
        /export function (use\w+)\([^)]*\)[^{]*\{([\s\S]*?)\n\}/g,
      )) {
        const [, name, body] = match;
        if (name && body?.includes("useMutation(") && !body.includes("handlesErrors")) {
          unhandled.add(name);
        }
      }
    }
    expect(unhandled.size).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const { path, text } of files) {
      for (const match of text.matchAll(/const (\w+) = (use\w+)\(/g)) {
        const [, variable, hook] = match;
        if (!variable || !hook || !unhandled.has(hook)) continue;
        const own = new RegExp(
          `\\b${variable}\\.mutateAsync\\(|\\b${variable}\\.mutate\\([^;]*?onError`,
        );
        if (own.test(text)) offenders.push(`${path.slice(root.length + 1)}: ${hook}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
