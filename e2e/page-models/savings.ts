import { expect, type Locator, type Page } from "@playwright/test";
import { call, type ApiPerson } from "./household-api.ts";

/**
 * Puts the owner's household on a paid plan, monthly, through the API (BILLING=test): starts a
 * checkout at the plan's test price and pays it, as the test checkout page's "Pay" button does.
 * billing.spec.ts and plan-changes.spec.ts cover paying in the browser.
 */
export async function planThroughApi(owner: ApiPerson, plan: "premium" | "pro"): Promise<void> {
  const { plans } = await call<{
    plans: { name: string; stripeMonthlyPriceId: string | null }[];
  }>(owner, "GET", "/plans");
  const priceId = plans.find((one) => one.name === plan)?.stripeMonthlyPriceId;
  if (!priceId) throw new Error(`${plan} has no monthly price: is BILLING=test?`);
  const { url } = await call<{ url: string }>(owner, "POST", "/create-checkout", {
    priceId,
    planName: plan,
  });
  const id = /\/checkout\/([^/?#]+)/.exec(url)?.[1];
  if (!id) throw new Error(`The checkout's address has no id: ${url}`);
  await call(owner, "POST", `/checkouts/${id}/pay`);
}

/** Puts the owner's household on Premium (see `planThroughApi`). */
export const premiumThroughApi = (owner: ApiPerson) => planThroughApi(owner, "premium");

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The top bar's scope picker: the household, or one member. */
export class ScopePicker {
  constructor(private readonly page: Page) {}

  get button(): Locator {
    return this.page.getByTestId("scope-picker");
  }
  /** "Showing: Household" / "Showing: Anna" on the page. */
  get line(): Locator {
    return this.page.getByTestId("scope-line");
  }
  /** Chooses "Household"/"Huishouden" or a member by name. */
  async choose(name: string) {
    await this.button.click();
    await this.page.getByRole("menuitemradio", { name: new RegExp(`^${name}`) }).click();
  }
}

/**
 * Chooses one of the segmented choices (owner, kind of movement, the what-if's mode, the
 * emergency fund's months): visually hidden radio buttons under their labels, chosen here as a
 * keyboard user would (focus, Space).
 */
export async function choose(radio: Locator) {
  await radio.focus();
  await radio.press("Space");
  await expect(radio).toBeChecked();
}

/** English or Dutch, as a whole accessible name. */
const either = (en: string, nl: string) => new RegExp(`^(${en}|${nl})$`);

/** The "New savings account" / "Edit account" dialog. */
export class AccountDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByTestId("account-dialog");
  }
  get name(): Locator {
    return this.dialog.getByLabel(either("Name", "Naam"));
  }
  get institution(): Locator {
    return this.dialog.getByLabel(either("Bank", "Bank"));
  }
  get kind(): Locator {
    return this.dialog.getByLabel(either("Kind", "Soort"));
  }
  /** The owner: "household", "member" (one person) or "shared". */
  owner(kind: "household" | "member" | "shared"): Locator {
    const labels = {
      household: either("Household", "Huishouden"),
      member: either("One person", "Eén persoon"),
      shared: either("Shared", "Gedeeld"),
    };
    return this.dialog.getByRole("radio", { name: labels[kind] });
  }
  get ownerMember(): Locator {
    return this.dialog.getByLabel(either("Owner", "Eigenaar"));
  }
  percentOf(name: string): Locator {
    return this.dialog.getByLabel(new RegExp(`^(Percentage of|Percentage van) ${name}$`));
  }
  get ownerRemainder(): Locator {
    return this.dialog.getByTestId("owner-remainder");
  }
  get openingBalance(): Locator {
    return this.dialog.getByLabel(either("Balance today", "Saldo vandaag"));
  }
  get openedOn(): Locator {
    return this.dialog.getByLabel(either("Since", "Sinds"));
  }
  get rate(): Locator {
    return this.dialog.getByLabel(either("Yearly interest rate", "Rente per jaar"));
  }
  get closed(): Locator {
    return this.dialog.getByRole("checkbox", {
      name: /This account is closed|Deze rekening is opgeheven/,
    });
  }
  get submit(): Locator {
    return this.dialog.getByRole("button", {
      name: /^(Add account|Rekening toevoegen|Save changes|Wijzigingen opslaan)$/,
    });
  }
}

/** The "Deposit" / "Withdraw" / "Add movement" dialog. */
export class MovementDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByTestId("movement-dialog");
  }
  kind(kind: "deposit" | "withdrawal" | "interest"): Locator {
    const labels = {
      deposit: either("Deposit", "Inleg"),
      withdrawal: either("Withdrawal", "Opname"),
      interest: either("Interest", "Rente"),
    };
    return this.dialog.getByRole("radio", { name: labels[kind] });
  }
  get amount(): Locator {
    return this.dialog.getByLabel(either("Amount", "Bedrag"));
  }
  get date(): Locator {
    return this.dialog.getByLabel(either("Date", "Datum"));
  }
  /** A deposit's "from": a member's name or "Joint money". */
  get from(): Locator {
    return this.dialog.getByLabel(either("From", "Van"));
  }
  get note(): Locator {
    return this.dialog.getByLabel(either("Note", "Omschrijving"));
  }
  get submit(): Locator {
    return this.dialog.locator("button[type=submit]");
  }
}

/** "Enter statement balance", and the comparison it answers with. */
export class StatementDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByTestId("statement-dialog");
  }
  get date(): Locator {
    return this.dialog.getByLabel(either("Statement date", "Datum van het afschrift"));
  }
  get balance(): Locator {
    return this.dialog.getByLabel(either("Balance on the statement", "Saldo volgens afschrift"));
  }
  get compare(): Locator {
    return this.dialog.getByRole("button", { name: either("Compare", "Vergelijken") });
  }
  /** "Hearth computed € x, the statement says € y, difference € z" (data-difference in cents). */
  get check(): Locator {
    return this.dialog.getByTestId("statement-check");
  }
  get book(): Locator {
    return this.check.getByRole("button", {
      name: either("Book as correction", "Als correctie boeken"),
    });
  }
}

/** The "New goal" / "Edit goal" / "Emergency fund" dialogs. */
export class GoalDialog {
  constructor(
    private readonly page: Page,
    private readonly testId: "goal-dialog" | "emergency-dialog" = "goal-dialog",
  ) {}

  get dialog(): Locator {
    return this.page.getByTestId(this.testId);
  }
  get name(): Locator {
    return this.dialog.getByLabel(either("Name", "Naam"));
  }
  get target(): Locator {
    return this.dialog.getByLabel(either("Target amount", "Doelbedrag"));
  }
  get targetDate(): Locator {
    return this.dialog.getByLabel(either("Target date", "Streefdatum"));
  }
  account(name: string): Locator {
    return this.dialog.getByRole("checkbox", { name: new RegExp(`^${name}\\b`) });
  }
  get planned(): Locator {
    return this.dialog.getByLabel(/^(Planned monthly amount|Gepland bedrag per maand)/);
  }
  get contributionsToggle(): Locator {
    return this.dialog.getByRole("button", {
      name: /Per-member monthly contributions|Inleg per lid per maand/,
    });
  }
  contributionOf(name: string): Locator {
    return this.dialog.getByLabel(name, { exact: true });
  }
  /** The emergency fund's "n months" choice. */
  months(count: 3 | 4 | 5 | 6): Locator {
    return this.dialog.getByRole("radio", { name: new RegExp(`^${count} (months|maanden)`) });
  }
  /** "You spend about € x a month: 3 months is …" */
  get suggestion(): Locator {
    return this.dialog.getByTestId("emergency-suggestion");
  }
  get emergencyTarget(): Locator {
    return this.dialog.getByTestId("emergency-target");
  }
  get submit(): Locator {
    return this.dialog.getByRole("button", {
      name: /^(Add goal|Doel toevoegen|Save changes|Wijzigingen opslaan)$/,
    });
  }
}

/** One goal's card on the Future tab, with its what-if. */
export class GoalCard {
  constructor(readonly card: Locator) {}

  /** data-status: reached, ahead, on-track or behind. */
  get status(): Locator {
    return this.card.getByTestId("goal-status");
  }
  get saved(): Locator {
    return this.card.getByTestId("goal-saved");
  }
  /** "Put aside € x a month" */
  get needed(): Locator {
    return this.card.getByTestId("goal-needed");
  }
  get pace(): Locator {
    return this.card.getByTestId("goal-pace");
  }
  /** "Reached in <month year>" / "Not reached at this pace" */
  get reach(): Locator {
    return this.card.getByTestId("goal-reach");
  }
  get progress(): Locator {
    return this.card.getByRole("progressbar");
  }
  get projection(): Locator {
    return this.card.getByTestId("goal-projection");
  }
  get edit(): Locator {
    return this.card.getByRole("button", { name: /^(Edit|.* wijzigen)/ });
  }
  get delete(): Locator {
    return this.card.getByRole("button", { name: /^(Delete|.* verwijderen)/ });
  }
  get whatIfToggle(): Locator {
    return this.card.getByTestId("what-if-toggle");
  }
  get byAmount(): Locator {
    return this.card.getByRole("radio", { name: either("Monthly amount", "Maandbedrag") });
  }
  get byDate(): Locator {
    return this.card.getByRole("radio", { name: either("Target date", "Streefdatum") });
  }
  get whatIfAmount(): Locator {
    return this.card.getByTestId("what-if-amount");
  }
  get whatIfDate(): Locator {
    return this.card.getByTestId("what-if-date");
  }
  /** The live answer: the reach date, or the monthly amount the date needs. */
  get whatIfResult(): Locator {
    return this.card.getByTestId("what-if-result");
  }
  get savePlan(): Locator {
    return this.card.getByTestId("save-plan");
  }
}

/** /dashboard/saving: the Current and Future tabs. */
export class SavingsPage {
  readonly accountDialog: AccountDialog;
  readonly movementDialog: MovementDialog;
  readonly goalDialog: GoalDialog;
  readonly emergencyDialog: GoalDialog;
  readonly scope: ScopePicker;

  constructor(private readonly page: Page) {
    this.scope = new ScopePicker(page);
    this.accountDialog = new AccountDialog(page);
    this.movementDialog = new MovementDialog(page);
    this.goalDialog = new GoalDialog(page, "goal-dialog");
    this.emergencyDialog = new GoalDialog(page, "emergency-dialog");
  }

  async goto(tab: "current" | "future" = "current") {
    await this.page.goto(`/dashboard/saving${tab === "future" ? "?tab=future" : ""}`);
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  tab(tab: "current" | "future"): Locator {
    return this.page.getByRole("tab", {
      name: tab === "current" ? either("Current", "Nu") : either("Future", "Toekomst"),
    });
  }
  /** The notice a household without Premium sees (no API calls are made). */
  get locked(): Locator {
    return this.page.getByTestId("area-locked");
  }
  get emptyAccounts(): Locator {
    return this.page.getByTestId("savings-empty");
  }
  get newAccount(): Locator {
    return this.page.getByTestId("new-account");
  }
  get total(): Locator {
    return this.page.getByTestId("savings-total-value");
  }
  get interest(): Locator {
    return this.page.getByTestId("savings-interest-value");
  }
  get perMember(): Locator {
    return this.page.getByTestId("savings-per-member");
  }
  /** One line of "Per member": a member's name, or "The household together". */
  perMemberRow(name: string): Locator {
    return this.perMember.getByRole("listitem").filter({ hasText: name });
  }
  get history(): Locator {
    return this.page.getByTestId("savings-history");
  }
  get accounts(): Locator {
    return this.page.getByTestId("savings-account");
  }
  account(name: string): Locator {
    return this.accounts.filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }
  balanceOf(name: string): Locator {
    return this.account(name).getByTestId("account-balance");
  }
  /** "your share € x of € y" (a member's scope, a shared account). */
  shareOf(name: string): Locator {
    return this.account(name).getByTestId("account-share");
  }
  depositTo(name: string): Locator {
    return this.page.getByRole("button", {
      name: new RegExp(`^(Deposit to|Inleggen op) ${name}$`),
    });
  }
  withdrawFrom(name: string): Locator {
    return this.page.getByRole("button", {
      name: new RegExp(`^(Withdraw from|Opnemen van) ${name}$`),
    });
  }
  open(name: string): Locator {
    return this.page.getByRole("link", { name: new RegExp(`^(Open|Openen:) ${name}$`) });
  }
  /** The newest statement's difference on an account's row, and its button. */
  differenceOf(name: string): Locator {
    return this.account(name).getByTestId("statement-check");
  }
  bookDifferenceOf(name: string): Locator {
    return this.differenceOf(name).getByRole("button", {
      name: either("Book difference", "Verschil boeken"),
    });
  }

  // Future
  get newGoal(): Locator {
    return this.page.getByTestId("new-goal");
  }
  get emergencyFund(): Locator {
    return this.page.getByTestId("emergency-fund");
  }
  get noAccountsForGoals(): Locator {
    return this.page.getByTestId("goals-no-accounts");
  }
  get goals(): Locator {
    return this.page.getByTestId("goal-card");
  }
  goal(name: string): GoalCard {
    return new GoalCard(
      this.goals.filter({ has: this.page.getByRole("heading", { name: new RegExp(name) }) }),
    );
  }
}

/** /dashboard/saving/accounts/:id: one account's page. */
export class SavingsAccountPage {
  readonly movementDialog: MovementDialog;
  readonly statementDialog: StatementDialog;
  readonly accountDialog: AccountDialog;

  constructor(private readonly page: Page) {
    this.movementDialog = new MovementDialog(page);
    this.statementDialog = new StatementDialog(page);
    this.accountDialog = new AccountDialog(page);
  }

  async goto(id: string) {
    await this.page.goto(`/dashboard/saving/accounts/${id}`);
    await expect(this.page.getByTestId("savings-account-detail")).toBeVisible();
  }
  /** "← Savings" above the account's name, back to the Current tab. */
  get back(): Locator {
    return this.page
      .getByTestId("savings-account-detail")
      .getByRole("link", { name: either("Savings", "Sparen") });
  }
  get balance(): Locator {
    return this.page.getByTestId("detail-balance");
  }
  /** "your share € x of € y" under the balance (a member's scope, a shared account). */
  get share(): Locator {
    return this.page.getByTestId("account-share");
  }
  get addMovement(): Locator {
    return this.page
      .getByRole("button", { name: either("Add movement", "Mutatie toevoegen") })
      .first();
  }
  get enterStatement(): Locator {
    return this.page
      .getByRole("button", { name: either("Enter statement balance", "Saldo volgens afschrift") })
      .first();
  }
  get addRate(): Locator {
    return this.page
      .getByRole("button", { name: either("Add rate change", "Rentewijziging") })
      .first();
  }
  get edit(): Locator {
    return this.page.getByRole("button", { name: either("Edit", "Wijzigen") });
  }
  get delete(): Locator {
    return this.page.getByRole("button", { name: either("Delete", "Verwijderen") });
  }
  /** Newest first; data-kind is deposit, withdrawal, interest or correction. */
  get movements(): Locator {
    return this.page.getByTestId("movement");
  }
  deleteMovement(index: number): Locator {
    return this.movements.nth(index).getByRole("button");
  }
  get rates(): Locator {
    return this.page.getByTestId("rate");
  }
  get statements(): Locator {
    return this.page.getByTestId("statement");
  }
  /** The rate dialog's fields. */
  get rateDialog(): Locator {
    return this.page.getByTestId("rate-dialog");
  }
  /** The confirmation asked before deleting (an account or a movement). */
  get confirm(): Locator {
    return this.page.getByRole("alertdialog");
  }
}
