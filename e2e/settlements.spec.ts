import { readFileSync } from "node:fs";
import { addDays, today } from "#shared/dates.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, newPerson, test } from "./fixtures.ts";
import { TransactionsPage } from "./page-models/entries.ts";
import {
  browserCookies,
  call as api,
  householdOf,
  householdOfTwo,
} from "./page-models/household-api.ts";
import { toast } from "./page-models/household-sidebar.ts";

/** A date as Hearth's English date fields show it: day first, dd/mm/yyyy. */
const shown = (iso: string) => iso.split("-").reverse().join("/");

// axe-core is injected into the pages (the app's CSP would refuse it); animations off.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

type MemberRow = { id: string; name: string; isHousehold: boolean };

test("Bram pays Anna back in part on a day of his choosing, sees 'Bram → Anna' in the list and the export, changes it, deletes it and takes that back", async ({
  page,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(150_000);
  if (!baseURL) throw new Error("baseURL is not set");
  const { owner } = await householdOfTwo(baseURL, mailbox, {
    owner: { ...newPerson("settle-anna"), name: "Anna de Vries" },
    partner: { ...newPerson("settle-bram"), name: "Bram Jansen" },
  });
  const household = await householdOf(owner);
  const { members } = await api<{ members: MemberRow[] }>(
    owner,
    "GET",
    `/households/${household.id}/members`,
  );
  const anna = members.find((member) => member.name === "Anna de Vries");
  const bram = members.find((member) => member.name === "Bram Jansen");
  if (!anna || !bram) throw new Error("Anna and Bram are not both in the household");
  const { categories } = await api<{ categories: { id: string; name: string }[] }>(
    owner,
    "GET",
    "/categories",
  );
  const groceries = categories.find((category) => category.name === "Groceries");
  // Anna paid €80.00 of groceries for both: Bram owes her €40.00.
  await api(owner, "POST", "/transactions", {
    kind: "expense",
    amountCents: 8_000,
    occurredOn: today(),
    categoryId: groceries?.id,
    splitMode: "percent",
    paidByMemberId: anna.id,
    shares: [
      { memberId: anna.id, percentBp: 5000 },
      { memberId: bram.id, percentBp: 5000 },
    ],
  });
  const paidOn = addDays(today(), -1);

  await page.context().addCookies(browserCookies(owner));
  await page.addInitScript(() => localStorage.setItem("language", "en"));
  await page.goto("/dashboard/income-spending");
  const settle = page.getByTestId("settle-up");
  const payment = settle.getByTestId("settle-payment");
  await expect(payment).toContainText("Bram Jansen pays Anna de Vries €40.00");
  await payment.getByRole("button", { name: "Record settlement" }).click();

  // What is owed, today: Bram pays €25.00 of it, yesterday.
  const dialog = page.getByTestId("settlement-dialog");
  await expect(dialog.getByRole("heading")).toHaveText("Bram Jansen → Anna de Vries");
  const amount = dialog.getByLabel("Amount");
  const date = dialog.getByLabel("Date paid");
  await expect(amount).toHaveValue("40.00");
  await expect(date).toHaveValue(shown(today()));
  await amount.fill("50");
  await dialog.getByRole("button", { name: "Record settlement" }).click();
  await expect(dialog).toContainText("At most €40.00, what is owed.");
  await amount.fill("25");
  await date.fill(paidOn);
  await expectNoSeriousA11yViolations(page, "the settlement dialog");
  await dialog.getByRole("button", { name: "Record settlement" }).click();
  await expect(toast(page, "Recorded: Bram Jansen paid Anna de Vries €25.00.")).toBeVisible();
  await expect(payment).toContainText("Bram Jansen pays Anna de Vries €15.00");

  // The list says who paid whom.
  const list = new TransactionsPage(page);
  await list.goto("?kind=settlement");
  const row = list.rows.filter({ hasText: "Bram Jansen → Anna de Vries" });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("row-amount")).toHaveText("€25.00");

  // Opened: the same dialog, to change the amount, day and notes.
  await row.getByRole("button").click();
  await expect(dialog.getByRole("heading")).toHaveText("Bram Jansen → Anna de Vries");
  await expect(amount).toHaveValue("25.00");
  await expect(date).toHaveValue(shown(paidOn));
  await amount.fill("30");
  await dialog.getByLabel("Notes").fill("Tikkie");
  await dialog.getByRole("button", { name: "Save settlement" }).click();
  await expect(toast(page, "Saved: Bram Jansen paid Anna de Vries €30.00.")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId("row-amount")).toHaveText("€30.00");
  const state = await api<{ payments: { amountCents: number }[] }>(owner, "GET", "/settle-up");
  expect(state.payments.map((p) => p.amountCents)).toEqual([1_000]);

  // The export says it too.
  await page.getByRole("button", { name: "Export CSV" }).first().click();
  const download = page.waitForEvent("download");
  await page.getByTestId("export-dialog").getByRole("button", { name: "Download" }).click();
  const text = readFileSync(await (await download).path(), "utf8");
  expect(text).toContain(`${paidOn},settlement,30.00,,,Tikkie,Bram Jansen → Anna de Vries,`);

  // The dashboard's latest entries say it too, and open it.
  await page.goto("/dashboard");
  const latest = page
    .getByTestId("latest")
    .getByRole("button", { name: /Bram Jansen → Anna de Vries/ });
  await expect(latest).toContainText("Settlement");
  await latest.click();
  await expect(amount).toHaveValue("30.00");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await list.goto("?kind=settlement");

  // On a phone, the dialog fits.
  await page.setViewportSize({ width: 390, height: 800 });
  await row.getByRole("button").click();
  await expect(dialog.getByRole("button", { name: "Delete" })).toBeInViewport();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // Deleted, and taken back from the toast.
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toHaveCount(0);
  const deleted = toast(page, "Deleted: Bram Jansen paid Anna de Vries €30.00.");
  await expect(deleted).toBeVisible();
  await expect(row).toHaveCount(0);
  await deleted.getByRole("button", { name: "Undo" }).click();
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("row-amount")).toHaveText("€30.00");

  // In Dutch.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => localStorage.setItem("language", "nl"));
  await page.addInitScript(() => localStorage.setItem("language", "nl"));
  await page.reload();
  await expect(row).toContainText("Verrekening");
  await row.getByRole("button").click();
  await expect(dialog.getByRole("heading")).toHaveText("Bram Jansen → Anna de Vries");
  await expect(dialog.getByLabel("Bedrag")).toHaveValue("30,00");
  await expect(dialog.getByRole("button", { name: "Verrekening opslaan" })).toBeVisible();
});
