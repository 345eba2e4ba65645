import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { parseCsv } from "#shared/csv-import.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { demo } from "./demo.ts";
import { expect, test } from "./fixtures.ts";
import { ProfilePage, toast } from "./page-models/profile-page.ts";

// Axe is injected as a script tag, which the app's CSP refuses unless bypassed (e2e/axe.ts).
test.use({ bypassCSP: true });

/** Signs the demo account (seeded before the server started) in, in the page's context. */
async function signInAsDemo(page: Page, baseURL: string | undefined) {
  if (!baseURL) throw new Error("baseURL is not set");
  const signedIn = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    headers: { origin: baseURL },
    data: { email: demo.email, password: demo.password },
  });
  expect(signedIn.ok(), `signing the demo account in answered ${signedIn.status()}`).toBe(true);
}

type ExportDocument = {
  format: string;
  version: number;
  householdId: string;
  exportedBy: { role: string };
  tables: { name: string; area: string; rows: Record<string, unknown>[] }[];
  counts: Record<string, number>;
};

test("export the household from the profile as JSON and as a zip of CSV files", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsDemo(page, baseURL);
  await page.goto("/dashboard");
  await page.evaluate(() => localStorage.setItem("language", "en"));
  const profile = new ProfilePage(page);
  await profile.goto();
  const section = profile.main.getByRole("heading", { name: "Your data" });
  await expect(section).toBeVisible();
  const json = profile.main.getByRole("button", { name: "Download as JSON" });
  const zip = profile.main.getByRole("button", { name: "Download as CSV files (zip)" });

  // While the server is still answering, the button spins and neither can be pressed again.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/households/*/export?format=json", async (route) => {
    await held;
    await route.continue();
  });
  const jsonDownload = page.waitForEvent("download");
  await json.click();
  const preparing = profile.main.getByRole("button", { name: "Preparing your download…" });
  await expect(preparing).toBeDisabled();
  await expect(preparing).toHaveAttribute("aria-busy", "true");
  await expect(zip).toBeDisabled();
  release();

  const saved = await jsonDownload;
  expect(saved.suggestedFilename()).toMatch(/^hearth-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await saved.path(), "utf8")) as ExportDocument;
  expect(exported.format).toBe("hearth-export");
  expect(exported.version).toBe(1);
  expect(exported.exportedBy.role).toBe("owner");
  const names = exported.tables.map((table) => table.name);
  for (const name of [
    "households",
    "members",
    "transactions",
    "budgets",
    "savings_accounts",
    "holdings",
    "loans",
    "tax_items",
    "insurance_policies",
  ]) {
    expect(names).toContain(name);
  }
  expect(exported.counts.transactions).toBeGreaterThan(400);
  expect(exported.tables.find((table) => table.name === "transactions")?.rows).toHaveLength(
    exported.counts.transactions ?? -1,
  );
  await expect(toast(page, "Your export has been downloaded")).toBeVisible();
  await expect(json).toBeEnabled();

  const zipDownload = page.waitForEvent("download");
  await zip.click();
  const savedZip = await zipDownload;
  expect(savedZip.suggestedFilename()).toMatch(/^hearth-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await savedZip.path())));
  const entries = new TextDecoder().decode(files["income-spending/transactions.csv"]);
  // A header row and a row per entry.
  const rows = parseCsv(entries, { delimiter: "," }).records;
  expect(rows[0]?.cells).toContain("amount_cents");
  expect(rows).toHaveLength((exported.counts.transactions ?? 0) + 1);
  for (const area of ["household", "savings", "investments", "loans", "taxes", "insurance"]) {
    expect(Object.keys(files).some((name) => name.startsWith(`${area}/`))).toBe(true);
  }

  // In Dutch, and within a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem("language", "nl"));
  await profile.goto();
  await expect(profile.main.getByRole("heading", { name: "Je gegevens" })).toBeVisible();
  await expect(profile.main.getByRole("button", { name: "Downloaden als JSON" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, "/dashboard/profile with Your data (nl, 390 px)");
});
