import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { expect } from "./fixtures.ts";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

type AxeWindow = { axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

type Violation = {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
};

const blocking = new Set(["serious", "critical"]);

function describe(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map(
          (n) =>
            `      · ${n.target}\n        ${n.html}\n        ${n.summary.replaceAll("\n", "\n        ")}`,
        )
        .join("\n");
      return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}`;
    })
    .join("\n");
}

/**
 * Runs axe-core with its default rules (WCAG 2.x A and AA, and best practices; not the
 * experimental ones) on the page as it is, and fails on any violation of impact "serious" or
 * "critical", listing each with the elements concerned.
 * Axe is injected as a script tag, which the app's CSP (`script-src 'self'`) refuses unless the
 * context was created with `bypassCSP: true`: use this from a spec that sets it.
 */
export async function expectNoSeriousA11yViolations(page: Page, where: string): Promise<void> {
  const present = await page.evaluate(
    () => typeof (window as unknown as AxeWindow).axe !== "undefined",
  );
  if (!present) await page.addScriptTag({ path: axePath });
  // Colours are judged as they end: a dialog still fading in (its button half over the page
  // behind) would be measured at a contrast it never keeps. Finite animations are let finish.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as AxeWindow;
    if (!axe) throw new Error("axe-core did not load: is bypassCSP set for this spec?");
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? "unknown",
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(" "),
        html: n.html.length > 200 ? `${n.html.slice(0, 200)}…` : n.html,
        summary: n.failureSummary ?? "",
      })),
    }));
  });
  const serious = violations.filter((v) => blocking.has(v.impact));
  expect(serious, `Serious accessibility violations on ${where}:\n${describe(serious)}`).toEqual(
    [],
  );
}
