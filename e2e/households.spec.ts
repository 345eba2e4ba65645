import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { PlanDialog } from "./page-models/billing-plan-dialog.ts";
import { expect, mailLinks, Mailbox, newPerson, test, named } from "./fixtures.ts";
import {
  acceptThroughApi,
  browserCookies,
  householdOfTwo,
  invitationLinkPath,
  inviteThroughApi,
  signUpThroughApi,
} from "./page-models/household-api.ts";
import { InvitationPage } from "./page-models/household-invitation-page.ts";
import { HouseholdSettingsPage } from "./page-models/household-settings.ts";
import { HouseholdSidebar, toast } from "./page-models/household-sidebar.ts";

// axe-core is injected into the pages (the app's CSP would refuse it); animations off for its checks.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** A second browser context, for the other person; closed by the caller. */
async function otherContext(
  browser: Browser,
  baseURL: string | undefined,
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: "en-GB",
    timezoneId: "Europe/Amsterdam",
    bypassCSP: true,
    reducedMotion: "reduce",
  });
}

test("the owner invites, the partner signs up from the mail's link, accepts, and both see each other", async ({
  browser,
  baseURL,
  page,
  mailbox,
  signUpAndVerify,
}) => {
  const owner = await signUpAndVerify(page, named("Anna de Vries", "owner"));
  const partner = named("Sam Bakker", "partner");
  const sidebar = new HouseholdSidebar(page);

  await page.goto("/dashboard");
  await expect(sidebar.members).toHaveCount(1);
  await sidebar.invite(partner.email);
  await expect(toast(page, `Invitation sent to ${partner.email}`)).toBeVisible();
  await expect(sidebar.inviteDialog).toBeHidden();
  await expect(sidebar.invitations).toHaveCount(1);
  await expect(sidebar.invitations.first()).toContainText(partner.email);

  // The partner opens the mail's link in their own browser and has no account yet.
  const mail = await mailbox.waitFor(partner.email, { containing: invitationLinkPath });
  const link = mailbox.linkIn(mail);
  const context = await otherContext(browser, baseURL);
  try {
    const other = await context.newPage();
    const invitation = new InvitationPage(other);
    await other.goto(link);
    await expect(invitation.heading).toHaveText("Join Anna's household");
    await expect(invitation.panel).toContainText("Anna de Vries");
    await expectNoSeriousA11yViolations(other, "the invitation page, signed out");
    await invitation.signUp.click();
    await expect(other).toHaveURL(/\/auth\?mode=sign-up&redirect=/);
    const main = other.getByRole("main");
    await expect(main.getByLabel("E-mail address", { exact: true })).toHaveValue(partner.email);
    await main.getByLabel("Full name", { exact: true }).fill(partner.name);
    await main.getByLabel("Password", { exact: true }).fill(partner.password);
    await main.getByRole("button", { name: "Create account", exact: true }).click();
    await expect(other).toHaveURL(/\/auth\/verify-email\?email=/);

    // Confirming the address leads back to the invitation.
    const verification = await mailbox.waitFor(partner.email, { containing: mailLinks.verify });
    await other.goto(mailbox.linkIn(verification));
    await expect(other).toHaveURL(/\/auth\/email-verified\?redirect=/);
    await other.getByRole("link", { name: "Continue" }).click();
    await expect(other).toHaveURL(link.replace(baseURL ?? "", ""));
    await expectNoSeriousA11yViolations(other, "the invitation page, signed in");
    await invitation.accept.click();
    await expect(
      toast(other, "You've joined the household. Your data has been merged."),
    ).toBeVisible();
    await expect(other).toHaveURL("/dashboard");
    const partnerSidebar = new HouseholdSidebar(other);
    await expect(partnerSidebar.members).toHaveCount(2);
    await expect(partnerSidebar.member("Anna de Vries")).toContainText("Owner");
    await expect(partnerSidebar.member("Sam Bakker")).toContainText("you");
    // A member sees the list but cannot manage it.
    await expect(partnerSidebar.inviteButton).toHaveCount(0);

    // The link works once.
    await other.goto(link);
    await expect(invitation.heading).toHaveText("This invitation has already been used");
  } finally {
    await context.close();
  }

  await page.reload();
  await expect(sidebar.members).toHaveCount(2);
  await expect(sidebar.member("Sam Bakker")).toContainText("Member");
  await expect(sidebar.invitations).toHaveCount(0);
  expect(owner.email).not.toBe(partner.email);

  // The scope picker: the household, or one member; kept across visits.
  const scopeLine = page.getByTestId("scope-line");
  await expect(scopeLine).toHaveText("Showing: Household");
  await page.getByTestId("scope-picker").click();
  await page.getByRole("menuitemradio", { name: "Sam Bakker" }).click();
  await expect(scopeLine).toHaveText("Showing: Sam Bakker");
  await page.reload();
  await expect(scopeLine).toHaveText("Showing: Sam Bakker");
  await page.getByTestId("scope-picker").click();
  await page.getByRole("menuitemradio", { name: "Household" }).click();
  await expect(scopeLine).toHaveText("Showing: Household");
});

test("the owner cancels an invitation, and its link stops working", async ({
  page,
  mailbox,
  signUpAndVerify,
}) => {
  await signUpAndVerify(page, named("Anna de Vries", "owner"));
  const invitee = newPerson("invitee");
  const sidebar = new HouseholdSidebar(page);
  await page.goto("/dashboard");

  // A bad address is refused in the dialog.
  await sidebar.inviteButton.click();
  await sidebar.inviteDialog.getByLabel("E-mail address").fill("not-an-address");
  await sidebar.inviteDialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(sidebar.inviteDialog).toContainText("Please enter a valid email address");
  await page.keyboard.press("Escape");
  await expect(sidebar.inviteDialog).toBeHidden();

  await sidebar.inviteButton.click();
  await expectNoSeriousA11yViolations(page, "the invite dialog");
  await page.keyboard.press("Escape");
  await sidebar.invite(invitee.email);
  await expect(toast(page, `Invitation sent to ${invitee.email}`)).toBeVisible();
  await expect(sidebar.invitations).toHaveCount(1);
  const mail = await mailbox.waitFor(invitee.email, { containing: invitationLinkPath });

  await sidebar.cancelInvitation(invitee.email);
  await expect(toast(page, "Invitation cancelled")).toBeVisible();
  await expect(sidebar.invitations).toHaveCount(0);

  await page.goto(mailbox.linkIn(mail));
  await expect(new InvitationPage(page).heading).toHaveText("This invitation is no longer valid");
});

test("the owner removes a member, who then has a household of their own", async ({
  browser,
  baseURL,
  page,
  mailbox,
}) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const { owner, partner } = await householdOfTwo(baseURL, mailbox, {
    owner: named("Anna de Vries", "owner"),
    partner: named("Sam Bakker", "partner"),
  });

  await page.context().addCookies(browserCookies(owner));
  const settings = new HouseholdSettingsPage(page);
  await settings.goto();
  await expect(settings.memberRows).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, "the household settings");
  // Nobody can remove themselves.
  await expect(
    settings.panel.getByRole("button", { name: "Remove Anna de Vries from the household" }),
  ).toHaveCount(0);
  await settings.removeMember("Sam Bakker");
  await expect(toast(page, "Member removed from household")).toBeVisible();
  await expect(settings.memberRows).toHaveCount(1);
  await expect(new HouseholdSidebar(page).members).toHaveCount(1);

  const context = await otherContext(browser, baseURL);
  try {
    await context.addCookies(browserCookies(partner));
    const other = await context.newPage();
    await other.goto("/dashboard");
    const partnerSidebar = new HouseholdSidebar(other);
    await expect(partnerSidebar.members).toHaveCount(1);
    await expect(partnerSidebar.member("Sam Bakker")).toContainText("Owner");
    await expect(other.getByText("Sam's household").first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test("on the free plan the second invitation hits the member limit and offers Premium", async ({
  page,
  signUpAndVerify,
}) => {
  await signUpAndVerify(page, named("Anna de Vries", "owner"));
  const sidebar = new HouseholdSidebar(page);
  await page.goto("/dashboard");

  const first = newPerson("first");
  await sidebar.invite(first.email);
  await expect(toast(page, `Invitation sent to ${first.email}`)).toBeVisible();

  // Free has 2 places: the owner and the pending invitation fill them.
  await sidebar.invite(newPerson("second").email);
  await expect(toast(page, "Member Limit Reached")).toBeVisible();
  await expect(sidebar.inviteDialog).toBeHidden();
  // The plan dialog opens with the upgrade target, Premium, selected.
  const plans = new PlanDialog(page);
  await expect(plans.root).toBeVisible();
  await expect(plans.radio("Premium")).toBeChecked();
  await expectNoSeriousA11yViolations(page, "the plan dialog after the member limit");
  await page.keyboard.press("Escape");
  await expect(plans.root).toBeHidden();
  await expect(sidebar.invitations).toHaveCount(1);
});

test.describe("a Pro household", () => {
  const port = Number(process.env.E2E_PORT ?? 3210) + 17;
  const proURL = `http://localhost:${port}`;
  let server: ChildProcess | undefined;
  let dataDir = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = mkdtempSync(join(tmpdir(), "hearth-e2e-pro-"));
    server = spawn("node", ["--import", "tsx", "src/server/index.ts"], {
      cwd: join(import.meta.dirname, ".."),
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: proURL,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        AUTH_SECRET: "",
        SMTP_URL: "",
        ADMIN_EMAILS: "",
        TRUST_PROXY: "false",
        GOOGLE_CLIENT_ID: "",
        GOOGLE_CLIENT_SECRET: "",
        BILLING: "off",
        RATE_LIMIT: "false",
        LOG_LEVEL: "warn",
      },
    });
    let errors = "";
    server.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      const up = await fetch(`${proURL}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline || server.exitCode !== null)
        throw new Error(`The Pro server did not start on ${proURL}:\n${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("nine members' avatars cycle through the 8 colours", async ({ browser }) => {
    test.setTimeout(120_000);
    const mailbox = new Mailbox(proURL);
    const names = [
      "Anna de Vries",
      "Bram Jansen",
      "Chris Visser",
      "Dewi Smit",
      "Eva Mulder",
      "Finn Bos",
      "Gijs Peters",
      "Hanna Kok",
      "Ilse Meijer",
    ];
    const [first, ...rest] = names;
    if (!first) throw new Error("no names");
    const owner = await signUpThroughApi(proURL, mailbox, named(first, "pro-owner"));
    for (const name of rest) {
      const person = await signUpThroughApi(proURL, mailbox, named(name, "pro-member"));
      await acceptThroughApi(person, await inviteThroughApi(owner, mailbox, person.email));
    }

    const context = await otherContext(browser, proURL);
    try {
      await context.addCookies(browserCookies(owner));
      const page = await context.newPage();
      await page.goto("/dashboard");
      const sidebar = new HouseholdSidebar(page);
      await expect(sidebar.members).toHaveCount(9);
      await expect(sidebar.members.first()).toContainText(first);
      const colours = await sidebar.memberAvatars.evaluateAll((elements) =>
        elements.map((element) => getComputedStyle(element).backgroundColor),
      );
      expect(colours).toHaveLength(9);
      expect(new Set(colours.slice(0, 8)).size).toBe(8);
      expect(colours[8]).toBe(colours[0]);
    } finally {
      await context.close();
    }
  });
});
