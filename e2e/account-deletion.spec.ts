import type { Browser } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test, named } from "./fixtures.ts";
import {
  browserCookies,
  call,
  householdOf,
  householdOfTwo,
  signUpThroughApi,
  type ApiPerson,
} from "./page-models/household-api.ts";
import { toast } from "./page-models/household-sidebar.ts";

/** A page signed in as `person` (an API sign-up's cookies), in its own context and language. */
async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  person: ApiPerson,
  language: "en" | "nl" = "en",
) {
  const context = await browser.newContext({
    baseURL,
    locale: language === "nl" ? "nl-NL" : "en-GB",
    timezoneId: "Europe/Amsterdam",
    // axe-core is injected into the page (the app's CSP would refuse it); animations off for it.
    bypassCSP: true,
    reducedMotion: "reduce",
  });
  await context.addCookies(browserCookies(person));
  await context.addInitScript((lng) => localStorage.setItem("language", lng), language);
  const page = await context.newPage();
  return { context, page };
}

test("a member deletes their account from the profile: signed out, the household keeps their entry, the address signs up again", async ({
  browser,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const { owner, partner } = await householdOfTwo(baseURL, mailbox, {
    owner: named("Anna de Vries", "delete-owner"),
    partner: named("Bram Jansen", "delete-member"),
  });
  const household = await householdOf(owner);
  const { members } = await call<{ members: { id: string; isSelf: boolean }[] }>(
    partner,
    "GET",
    `/households/${household.id}/members`,
  );
  const bramId = members.find((member) => member.isSelf)?.id;
  const { categories } = await call<{ categories: { id: string; kind: string }[] }>(
    partner,
    "GET",
    "/categories",
  );
  const groceries = categories.find((category) => category.kind === "expense");
  await call(partner, "POST", "/transactions", {
    kind: "expense",
    amountCents: 2345,
    occurredOn: "2026-11-20",
    categoryId: groceries?.id,
    merchant: "Bram's bakery",
    memberId: bramId,
    paidByMemberId: bramId,
  });

  const { context, page } = await signedInPage(browser, baseURL, partner);
  try {
    await page.goto("/dashboard/profile");
    const card = page.getByTestId("delete-account");
    await expect(card).toContainText(
      `${household.name} keeps its shared history: your entries stay there, shown as a former member's.`,
    );
    await card.getByRole("button", { name: "Delete account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toBeVisible();

    // The word must be typed, and the password must be the account's.
    await dialog.getByLabel("Your password").fill("not my password at all");
    await dialog.getByLabel("Type DELETE to confirm").fill("delet");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog.getByText("Type DELETE to confirm.")).toBeVisible();
    await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog.getByText("This is not your password.")).toBeVisible();
    await expect(dialog.getByLabel("Your password")).toBeFocused();
    await expectNoSeriousA11yViolations(page, "the delete-account dialog with its errors");

    await dialog.getByLabel("Your password").fill(partner.password);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(toast(page, "Your account has been deleted")).toBeVisible();
    // Signed out: the dashboard sends the visitor to sign in.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\?redirect=/);
  } finally {
    await context.close();
  }

  // The old session is over on the server too.
  const me = await fetch(`${baseURL}/api/me`, { headers: { cookie: partner.cookie } });
  expect(me.status).toBe(401);

  // Anna's household: Bram is no longer a member, his entry stays, as a former member's.
  const ownerView = await signedInPage(browser, baseURL, owner);
  try {
    const { page: annaPage } = ownerView;
    await annaPage.goto("/dashboard/profile?tab=household");
    await expect(annaPage.getByTestId("member-row")).toHaveCount(1);
    await annaPage.goto("/dashboard/transactions");
    await expect(annaPage.getByText("Expenses €23.45")).toBeVisible();
    // Opened, the entry still names him, as a former member, and can be changed as it is.
    await annaPage.getByText("Bram's bakery").click();
    const entry = annaPage.getByTestId("entry-dialog");
    await expect(entry.getByLabel("Whose expense").locator("option:checked")).toHaveText(
      "Former member",
    );
    await expect(entry.getByLabel("Paid by").locator("option:checked")).toHaveText("Former member");
    await entry.getByLabel("Merchant").fill("Bram's old bakery");
    await entry.getByRole("button", { name: "Save changes" }).click();
    await expect(entry).toBeHidden();
    await expect(annaPage.getByText("Bram's old bakery")).toBeVisible();
  } finally {
    await ownerView.context.close();
  }

  // The address can sign up again, as a new person with a household of their own.
  const again = await signUpThroughApi(baseURL, mailbox, {
    ...partner,
    name: "Bram Jansen",
  });
  const fresh = await householdOf(again);
  expect(fresh.id).not.toBe(household.id);
});

test("an owner with a member hands the household over, then deletes their account in Dutch", async ({
  browser,
  baseURL,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const { owner, partner } = await householdOfTwo(baseURL, mailbox, {
    owner: named("Carla Smit", "handover-owner"),
    partner: named("Daan Smit", "handover-member"),
  });
  const household = await householdOf(owner);
  const { context, page } = await signedInPage(browser, baseURL, owner, "nl");
  try {
    await page.goto("/dashboard/profile");
    const card = page.getByTestId("delete-account");
    await expect(card).toContainText("dat nog andere leden heeft");
    await expect(card.getByRole("button", { name: "Account verwijderen…" })).toHaveCount(0);
    await card.getByRole("link", { name: "Huishouden overdragen" }).click();
    await expect(page).toHaveURL(/tab=household/);

    await page.getByRole("button", { name: "Daan Smit eigenaar maken" }).click();
    const confirm = page.getByRole("alertdialog", {
      name: "Het huishouden overdragen aan Daan Smit?",
    });
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the hand-over question");
    await confirm.getByRole("button", { name: "Daan Smit eigenaar maken" }).click();
    await expect(toast(page, "Daan Smit is nu eigenaar van het huishouden")).toBeVisible();
    const daan = page.getByTestId("member-row").filter({ hasText: "Daan Smit" });
    await expect(daan).toContainText("Eigenaar");
    // No longer the owner, Carla manages nothing.
    await expect(page.getByRole("button", { name: /eigenaar maken/ })).toHaveCount(0);

    await page.goto("/dashboard/profile");
    // The household's default name reads in the language on screen (it was made in English).
    expect(household.name).toBe("Carla's household");
    await expect(card).toContainText("Huishouden van Carla houdt de gedeelde geschiedenis");
    await card.getByRole("button", { name: "Account verwijderen…" }).click();
    const dialog = page.getByRole("dialog", { name: "Je account verwijderen?" });
    await dialog.getByLabel("Je wachtwoord").fill(owner.password);
    await dialog.getByLabel("Typ VERWIJDER om te bevestigen").fill("verwijder");
    await dialog.getByRole("button", { name: "Mijn account verwijderen" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(toast(page, "Je account is verwijderd")).toBeVisible();
  } finally {
    await context.close();
  }
  // Daan keeps the household, as its owner.
  const { account } = await call<{ account: { member: { role: string } } }>(
    partner,
    "GET",
    "/session",
  );
  expect(account.member.role).toBe("owner");
});
