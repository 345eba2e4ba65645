import type { Browser, BrowserContext } from "@playwright/test";
import { expect, test, named } from "./fixtures.ts";
import { CheckoutPage, PlanDialog } from "./page-models/billing-plan-dialog.ts";
import { browserCookies, householdOfTwo } from "./page-models/household-api.ts";
import { ProfilePage, toast } from "./page-models/profile-page.ts";

/**
 * Issue 11, items 8 and 9 as a family sees them (decision 016): the plan is the household's, so
 * a member of a Premium household sees Premium and is told to ask the owner; the owner switches
 * from monthly to annual with the cost shown first, cancels, and takes the cancellation back.
 */

async function otherContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale: "en-GB", timezoneId: "Europe/Amsterdam" });
}

test("the owner pays Premium monthly, switches to annual with the price shown, cancels and resumes; the member sees Premium", async ({
  browser,
  baseURL,
  page,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const { owner, partner } = await householdOfTwo(baseURL, mailbox, {
    owner: named("Lotte Vermeer", "plan-owner"),
    partner: named("Joris Vermeer", "plan-member"),
  });

  // The owner chooses Premium, monthly, from the Subscription tab and pays the test checkout.
  await page.context().addCookies(browserCookies(owner));
  const profile = new ProfilePage(page);
  await profile.goto("subscription");
  await expect(page.getByTestId("current-plan")).toHaveText("Free");
  await page.getByRole("button", { name: "Change plan" }).click();
  const dialog = new PlanDialog(page);
  await dialog.period("Monthly").click();
  await dialog.card("premium").click();
  await dialog.choose.click();
  await new CheckoutPage(page).pay.click();
  await expect(page.getByRole("heading", { name: "Welcome to Premium!" })).toBeVisible();

  await profile.goto("subscription");
  await expect(page.getByTestId("current-plan")).toHaveText("Premium");
  const panel = page.getByTestId("subscription-panel");
  await expect(panel).toContainText("Monthly");

  // Annual: the card is no longer "This is your plan"; the cost shows before confirming.
  await page.getByRole("button", { name: "Change plan" }).click();
  await dialog.period("Annual").click();
  await dialog.card("premium").click();
  await expect(dialog.choose).toHaveText(/Switch to Premium, Annual/);
  await expect(dialog.choose).toBeEnabled();
  const quote = dialog.root.getByTestId("plan-change-quote");
  await expect(quote).toContainText(/Switching now costs €\d+\.\d\d/);
  await expect(quote).toContainText("The new period runs until");
  await dialog.choose.click();
  await expect(toast(page, "Your household is on Premium, Annual, now.")).toBeVisible();
  await expect(dialog.root).toBeHidden();
  await expect(panel).toContainText("Annual");

  // Cancel (confirmed), then keep the plan after all.
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await page.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(toast(page, "Your subscription will end at the end of this period.")).toBeVisible();
  await expect(panel).toContainText("Ending");
  await page.getByRole("button", { name: "Keep my plan (resume)" }).click();
  await expect(toast(page, "Your plan continues and renews as before.")).toBeVisible();
  await expect(panel).not.toContainText("Ending");
  await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();

  // The member: Premium everywhere, Savings open, and a Pro area says to ask the owner.
  const context = await otherContext(browser, baseURL);
  try {
    await context.addCookies(browserCookies(partner));
    const member = await context.newPage();
    const memberProfile = new ProfilePage(member);
    await memberProfile.goto("subscription");
    await expect(member.getByTestId("current-plan")).toHaveText("Premium");
    await expect(
      member.getByText("Only the owner of your household can change or cancel the plan."),
    ).toBeVisible();
    await expect(member.getByRole("button", { name: "Change plan" })).toHaveCount(0);

    // Savings is open to the member of a Premium household: its page, not the lock.
    await member.goto("/dashboard/saving");
    await expect(member.getByRole("button", { name: "New account" })).toBeVisible();
    await expect(member.getByTestId("area-locked")).toHaveCount(0);
    await member.goto("/dashboard/loans");
    await expect(member.getByTestId("area-locked")).toContainText("Part of Pro");
    await expect(member.getByTestId("area-locked")).toContainText(
      "Your household is on Premium now.",
    );
    await expect(member.getByTestId("area-locked").getByTestId("ask-owner")).toBeVisible();
    await expect(member.getByRole("link", { name: "Compare plans" })).toHaveCount(0);
    await expect(member.getByText("Your household is on Free now")).toHaveCount(0);
  } finally {
    await context.close();
  }
});
